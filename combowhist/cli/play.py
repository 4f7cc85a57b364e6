"""``combowhist play``: a whole game in the terminal, you against bots.

You type moves in the engine's notation (``pass``, ``bid trump+lock``, ``trump H``,
``play 10H`` …) or without their first word where the phase makes it plain (``7D`` in
play, ``trump+lock`` in the auction); ``help`` lists the moves of the moment with examples
taken from your legal moves. Bids are shown by name (in the chosen language), notation and
worth; each phase is announced with who decides; the contract says what it needs and the
result why it was completed or failed. Everything shown comes from your seat's
:class:`~combowhist.views.PlayerView`. You are one player throughout: with more than four
players you sometimes sit out a deal (R3) and watch what every participant may see.

With ``--save FILE`` the game is saved when it ends, when you quit and on Ctrl-C; ``combowhist
play --resume FILE`` continues it with the same players, bots, seed and seat. The saved file
is a game as :meth:`~combowhist.Game.to_json` writes it (``combowhist replay`` reads it) plus
a ``"play"`` entry with the seat, the bots, the hint's bot and the language. The bots draw
their chance from the seed and the number of moves made, so a resumed game goes on exactly
as it would have, and asking for a hint changes nothing.

**Opponents and hints.** ``--opponents search`` (or ``--bots search``, the same option)
seats :class:`~combowhist.bots.SearchBot`\\ s at the table; ``--hint search`` asks the
search bot for the ``hint`` command whatever the opponents (by default the hint comes from
the opponents' bot), and ``hint search`` at the prompt asks it for one move. Every bot,
the hint's too, decides from your seat's view alone.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from combowhist.bids import ComboBid
from combowhist.bots import Bot
from combowhist.cli.narrate import deal_after
from combowhist.cli.render import (
    bid_text,
    describe_seen,
    game_end_text,
    hand_text,
    phase_text,
    record_text,
    scores_text,
    view_text,
)
from combowhist.errors import CombowhistError
from combowhist.game import Game
from combowhist.legal import LegalMoves
from combowhist.moves import Award, MakeBid, Move, parse_move
from combowhist.profiles import RuleProfile, load_profile
from combowhist.records import DealRecord
from combowhist.state import Phase

__all__ = ["COMMANDS", "MOVES", "play_in_terminal", "run_play"]

MOVES: dict[str, tuple[str, str]] = {
    "pass": ("pass", "pass, for the rest of the auction (R5)"),
    "bid": ("bid COMBO, or just COMBO",
            "a standard bid and any special bids joined by '+', keys or names (R7)"),
    "trump": ("trump SUIT, or just SUIT", "name the trump suit: S, H, D or C (R13, R15)"),
    "prefer": ("prefer SUIT STRENGTH | prefer none",
               "state a preferred trump suit with a strength 1-5, or abstain (R15)"),
    "guess": ("guess N [N]", "guess your tricks: one number, or two for Approximate (R16)"),
    "justice": ("justice CARD", "name the card of justice (R17)"),
    "plague": ("plague SUIT", "name the plague suit (R18)"),
    "mail": ("mail left|right|across", "choose the direction of Mail (R19)"),
    "send": ("send CARD CARD CARD", "pick 3 cards to pass by Mail or Master's Mail (R19, R20)"),
    "commit": ("commit CARD", "lay a card face down for Rank Trump (R14)"),
    "take": ("take CARD", "take an opponent's laid card of the highest rank (R14)"),
    "atelier": ("atelier CARD …", "pick the cards of your atelier, to lie face up (R21)"),
    "refill": ("refill CARD", "move a card of your hand into the atelier (R21)"),
    "play": ("play CARD, or just CARD", "play a card to the trick (R22, R23)"),
    "award": ("award PLAYER", "give the trick with the card of justice to a player (R29)"),
}
"""Every move's form and meaning, by its first word, for ``help``."""

COMMANDS = """\
Commands:
  help     the moves you can make now, with examples (help all: every move)
  moves    your legal moves now (in the auction: the lowest worth you may bid)
  show     the table: phase, contract, trick, tricks won, your hand
  scores   the scores
  hint     ask the bot for a move (hint search, hint heuristic: ask that bot)
  quit     stop (saved first with --save; Ctrl-C too)
The first word of a move may be left out when the phase makes it plain: 7D is
play 7D in trick play, trump+lock is bid trump+lock in the auction, H is trump H."""

_GAME_OPTIONS = ("profile", "players", "variant", "rounds", "seed")
_SEAT_OPTIONS = ("seat", "bots")


class _Quit(Exception):
    pass


def run_play(args: argparse.Namespace, bots: dict[str, type[Bot]], inp: TextIO,
             out: TextIO) -> Game:
    """``combowhist play`` with its parsed arguments: a new game, or ``--resume FILE``'s.
    Options left unset are ``None`` here; a resumed game takes its settings from the
    file and refuses options that would change them."""
    settings: dict[str, Any] = {}
    if args.resume is not None:
        game, settings = _resumed(args)
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        game = Game.new(args.players or 4, profile=load_profile(args.profile), seed=seed,
                        variant=args.variant or "classic", rounds=args.rounds)
    you = args.seat if args.seat is not None else settings.get("seat", 0)
    bot = args.bots or settings.get("bots", "heuristic")
    hint = getattr(args, "hint", None) or settings.get("hint", bot)
    if type(you) is not int or not 0 <= you < game.players:
        raise CombowhistError(f"--seat {you}: a player is 0-{game.players - 1}")
    for option, name in (("bots", bot), ("hint", hint)):
        if name not in bots:
            raise CombowhistError(f"{option} {name!r}: the bots are "
                                  f"{', '.join(sorted(bots))}")
    language = args.language or settings.get("language", "en")
    keep = {"seat": you, "bots": bot, "hint": hint, "language": language}
    players = [bots[bot]()] * game.players
    hint_bots = {name: make() for name, make in bots.items()}
    return play_in_terminal(game, you, players, inp, out, hint_bots[hint],
                            args.save or args.resume, language=language, settings=keep,
                            hint_bots=hint_bots)


def _resumed(args: argparse.Namespace) -> tuple[Game, dict[str, Any]]:
    """The saved game of ``--resume`` and its ``"play"`` settings."""
    given = [f"--{name}" for name in _GAME_OPTIONS if getattr(args, name) is not None]
    if given:
        raise CombowhistError(f"{' '.join(given)} with --resume: a resumed game keeps its "
                              f"profile, players, variant, rounds and seed")
    path: Path = args.resume
    text = path.read_text(encoding="utf-8")
    game = Game.from_json(text)
    data = json.loads(text)
    settings = data.get("play") if isinstance(data, dict) else None
    if not isinstance(settings, dict):
        return game, {}
    changed = [f"--{name}" for name in _SEAT_OPTIONS if getattr(args, name) is not None]
    if changed:
        raise CombowhistError(f"{' '.join(changed)} with --resume: {path} was played with "
                              f"--seat {settings.get('seat')} --bots {settings.get('bots')}")
    return game, settings


def play_in_terminal(
    game: Game,
    you: int,
    bots: Sequence[Bot],
    inp: TextIO,
    out: TextIO,
    hint_bot: Bot,
    save: Path | None = None,
    *,
    language: str = "en",
    settings: dict[str, Any] | None = None,
    hint_bots: Mapping[str, Bot] | None = None,
) -> Game:
    """Play ``game`` with player ``you`` typing moves and ``bots[p]`` moving for the other
    players; return the game where it stopped (over, or quit). Saves to ``save`` (with
    ``settings`` as its ``"play"`` entry) at the end, on Ctrl-C, and before an unexpected
    error is reported. Bids are named in ``language``. The ``hint`` command asks
    ``hint_bot``; ``hint NAME`` asks ``hint_bots[NAME]``.

    You see what your seat's :class:`~combowhist.views.PlayerView` shows (R11, R30): other
    players' face-down cards and Mail between others stay hidden; when you sit out a deal
    (R3), what every participant sees."""
    return _Terminal(you, bots, inp, out, hint_bot, save, language, settings or {},
                     hint_bots or {}).run(game)


def _rng(game: Game, purpose: str) -> random.Random:
    """The chance of the bots (or of a hint) for the next move: from the seed and the moves
    made, so that a resumed game goes on as it would have."""
    return random.Random(f"{game.seed}:{purpose}:{len(game.actions)}")


class _Terminal:
    """One human at the terminal: what is shown and read, and the saving."""

    def __init__(self, you: int, bots: Sequence[Bot], inp: TextIO, out: TextIO,
                 hint_bot: Bot, save: Path | None, language: str,
                 settings: dict[str, Any], hint_bots: Mapping[str, Bot]) -> None:
        self.you, self.bots, self.inp, self.out = you, bots, inp, out
        self.hint_bot, self.save_to, self.language = hint_bot, save, language
        self.hint_bots = hint_bots
        self.settings = settings
        self.shown: dict[str, str] = {}  # the status lines last shown, to show only news

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out)

    def player(self, player: int) -> str:
        return "you" if player == self.you else f"player {player}"

    def namer(self, game: Game) -> Any:
        participants = game.participants
        return lambda seat: self.player(participants[seat])

    def run(self, game: Game) -> Game:
        self.say(f"You are player {self.you} of {game.players}. "
                 f"{game.variant.kind.capitalize()} variant, profile {game.profile}, seed "
                 f"{game.seed}. Type 'help' for help.", scores_text(game, self.you))
        if game.deal is not None:
            self.new_deal(game)
        try:
            while game.deal is not None:
                after = self.next_move(game)
                self.say(*self.seen_lines(game, after))
                if after.deals > game.deals:
                    self.between_deals(after, game.deals)
                game = after
        except _Quit:
            self.say("You left the game.")
        except KeyboardInterrupt:
            self.say("", "interrupted")
            self.save(game)
            raise
        except Exception:  # a bug: keep the game, then let the error be seen
            self.save(game)
            raise
        if game.ending is not None:
            self.say("", game_end_text(game))
        self.save(game)
        return game

    def save(self, game: Game) -> None:
        if self.save_to is None:
            if game.ending is None:
                self.say("not saved: start with --save FILE to be able to resume")
            return
        data = json.loads(game.to_json())
        data["play"] = self.settings
        self.save_to.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        more = "" if game.ending is not None else \
            f" (continue with: combowhist play --resume {self.save_to})"
        self.say(f"saved to {self.save_to}{more}")

    def next_move(self, game: Game) -> Game:
        deal = game.deal
        player = game.to_move
        assert deal is not None
        assert player is not None
        if player == self.you:
            return self.your_move(game)
        return game.apply(self.bots[player].choose(deal, game.seat_of(player),
                                                   _rng(game, "bots")))

    def new_deal(self, game: Game) -> None:
        """The header of a deal: who deals, who sits out, your hand, the auction."""
        self.shown = {}
        name = self.namer(game)
        header = f"\n== deal {game.deals + 1}: dealer {self.player(game.dealer)}"
        if self.you in game.participants:
            if game.sitting_out:
                header += f" ({', '.join(map(self.player, game.sitting_out))} sitting out)"
            self.say(header, phase_text(game.view(self.you), name))
            self.status(game)
            return
        assert game.deal is not None
        playing = ", ".join(map(self.player, game.participants))
        self.say(f"{header}: you sit out this deal (R3); {playing} play it and the game goes "
                 f"on", phase_text(game.deal.view(0), name))

    def between_deals(self, game: Game, deals_before: int) -> None:
        for record in game.history:
            if isinstance(record, DealRecord) and record.number > deals_before:
                self.say(record_text(record))
        self.say(scores_text(game, self.you))
        if game.deal is not None:
            self.new_deal(game)

    def seen_lines(self, before: Game, after: Game) -> list[str]:
        """The last move as you saw it: from your seat's views, or when you sit out the
        deal (R3) from a view of a participant who did not make the move, with the picks
        hidden from any participant hidden (so only what is public)."""
        deal = before.deal
        assert deal is not None
        finished = deal_after(before, after)
        name, profile = self.namer(before), before.profile
        if self.you in before.participants:
            seat = before.seat_of(self.you)
            return describe_seen(deal.view(seat), finished.view(seat), name,
                                 language=self.language, profile=profile)
        views = [(deal.view(s), finished.view(s)) for s in range(deal.players)
                 if s != deal.to_move]
        hidden = next((pair for pair in views if "?" in pair[1].history[-1]), views[0])
        return describe_seen(*hidden, name, own=False, language=self.language,
                             profile=profile)

    def status(self, game: Game) -> None:
        """What changed on the table since you last looked (all of it in a new phase): your
        hand, the cards the declarer shows and, in trick play, the trick."""
        view = game.view(self.you)
        name = self.namer(game)
        phase = "play" if view.phase in (Phase.PLAY, Phase.REFILL, Phase.AWARD) \
            else view.phase.value
        if self.shown.get("phase") != phase:
            self.shown = {"phase": phase}
        lines = {"hand": f"your hand: {hand_text(view.hand)}"}
        if view.exposed:
            lines["exposed"] = f"shown by the declarer: {hand_text(view.exposed)}"
        if phase == "play":
            plays = ", ".join(f"{name(s)} {c}" for s, c in view.trick) or "you lead"
            lines["trick"] = f"trick {len(view.trick_winners) + 1}: {plays}"
        for key, line in lines.items():
            if self.shown.get(key) != line:
                self.say(line)
                self.shown[key] = line

    def your_move(self, game: Game) -> Game:
        """The game after the move you type; bad input is answered and asked again."""
        self.status(game)
        while True:
            text = self.ask(game)
            try:
                return game.apply(self.read(game, text))
            except CombowhistError as error:
                self.say(f"not legal: {self.yours(str(error))}")
            except Exception as error:  # an engine bug must not lose the game
                self.save(game)
                self.say(f"error: the engine failed on {text!r} ({type(error).__name__}: "
                         f"{error}); the game is unchanged: please report this, and try "
                         f"another move")

    def read(self, game: Game, text: str) -> Move:
        """Your input as a move: the phase's first word added when left out, and
        ``award`` naming a player."""
        deal = game.deal
        assert deal is not None
        words = text.split()
        word = words[0].lower()
        if deal.phase is Phase.AUCTION:
            # a bid's first key may be a move's word too: 'trump' alone is a bid
            other_move = word in MOVES and len(words) > 1 and "+" not in text
            if word not in ("pass", "bid") and not other_move:
                text = f"bid {text}"
        elif word not in MOVES:
            text = f"{game.legal_moves()[0].word} {text}"
        move = parse_move(text, game.profile, deal.players)
        if isinstance(move, Award):  # you speak of players, the notation of seats
            return Award(game.seat_of(move.seat))
        return move

    def typed(self, game: Game, move: Move) -> str:
        """A move as you would type it (``award`` names a player)."""
        if isinstance(move, Award):
            return f"award {game.player_at(move.seat)}"
        return str(move)

    def yours(self, message: str) -> str:
        """An error text that speaks of you as "you"."""
        text = re.sub(rf"\bplayer {self.you}\b", "you", message)
        return re.sub(r"\byou (is|has|does)\b",
                      lambda m: "you " + {"is": "are", "has": "have", "does": "do"}[m[1]],
                      text)

    def ask(self, game: Game) -> str:
        deal = game.deal
        assert deal is not None
        while True:
            print(f"your move ({deal.phase.value})> ", end="", file=self.out, flush=True)
            line = self.inp.readline()
            if not line:
                raise _Quit
            text = line.strip()
            command = text.lower()
            if not text:
                continue
            if command in ("quit", "exit", "q"):
                raise _Quit
            if command in ("help", "?"):
                self.say(self.help_text(game), COMMANDS)
            elif command == "help all":
                self.say(*(f"  {form:<36} {meaning}" for form, meaning in MOVES.values()))
            elif command == "moves":
                self.say(self.moves_text(game))
            elif command == "show":
                self.say(view_text(game.view(self.you), self.namer(game), game.deals + 1,
                                   self.language))
            elif command == "scores":
                self.say(scores_text(game, self.you))
            elif command == "hint" or command.startswith("hint "):
                self.hint(game, command.partition(" ")[2].strip())
            else:
                return text

    def hint(self, game: Game, name: str) -> None:
        """Say the move the hint's bot (or the bot ``name``) would make in your seat."""
        deal = game.deal
        assert deal is not None
        bot = self.hint_bot if not name else self.hint_bots.get(name)
        if bot is None:
            known = ", ".join(sorted(self.hint_bots)) or "none"
            self.say(f"hint {name}: no such bot (the bots are {known})")
            return
        move = bot.choose(deal, game.seat_of(self.you), _rng(game, "hint"))
        self.say(f"hint{f' ({name})' if name else ''}: {self.typed(game, move)}")
        if isinstance(move, MakeBid):
            self.say(f"      that is {bid_text(move.combo, self.language)}")

    def examples(self, game: Game) -> dict[str, list[str]]:
        """Your legal moves now by first word, a few of each, as you would type them; in
        the auction the cheapest bids with the fewest special bids."""
        deal = game.deal
        assert deal is not None
        moves = game.view(self.you).legal_moves()
        if deal.phase is Phase.AUCTION:
            bids = [f"{move.combo}  = {move.combo.name(self.language)}, worth "
                    f"{move.combo.worth}" for move in _cheap_bids(game.profile, moves)]
            return {"pass": ["pass"], **({"bid": bids} if bids else {})}
        found: dict[str, list[str]] = {}
        for move in itertools.islice(moves, 200):
            found.setdefault(move.word, []).append(self.typed(game, move))
        return found

    def help_text(self, game: Game) -> str:
        deal = game.deal
        assert deal is not None
        lines = [f"Moves now ({deal.phase.value}):"]
        for word, shown in self.examples(game).items():
            form, meaning = MOVES[word]
            lines += [f"  {form:<36} {meaning}", f"  {'':<36} e.g. {shown[0]}"]
        return "\n".join(lines)

    def moves_text(self, game: Game) -> str:
        deal = game.deal
        assert deal is not None
        moves = game.view(self.you).legal_moves()
        if deal.phase is Phase.AUCTION:
            bids = self.examples(game).get("bid", [])
            lowest = deal.minimum_worth(game.seat_of(self.you))
            # Under R8's exact layer, counting the legal bids would decide them all.
            which = (f"({len(moves) - 1} legal bids)" if moves.candidates() is moves
                     else "possible with your hand (R8)")
            return "\n".join([f"pass, or bid a combo worth at least {lowest} {which}, e.g.:",
                              *(f"  {bid}" for bid in bids)])
        texts = [self.typed(game, m) for m in itertools.islice(moves, 41)]
        if len(moves) > 40:
            return f"{len(moves)} moves, e.g. " + ", ".join(texts[:10])
        return ", ".join(texts)


def _cheap_bids(profile: RuleProfile, moves: LegalMoves, count: int = 5) -> list[MakeBid]:
    """Up to ``count`` bids of ``moves`` (your legal moves, from your view) of the fewest
    special bids (at most two), cheapest first: examples for ``help`` and ``moves``
    without listing thousands of bids."""
    found: list[MakeBid] = []
    for size in range(3):
        for standard in profile.standard_bids:
            for specials in itertools.combinations(profile.special_bids, size):
                move = MakeBid(ComboBid.unchecked(profile, standard, specials))
                if move in moves:
                    found.append(move)
        if len(found) >= count:
            break
    if not found and len(moves) > 1:
        found = [moves[1]]  # type: ignore[list-item]  # after pass, bids only
    return sorted(found, key=lambda m: (m.combo.worth, len(m.combo.specials)))[:count]
