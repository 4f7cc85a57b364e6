"""``combowhist play``: a whole game in the terminal, you against bots.

You type moves in the engine's notation (``pass``, ``bid trump+lock``, ``trump H``,
``play 10H`` …); ``help`` lists the commands. Bad input gets the engine's message, naming
the rule, and you try again. The game can be saved as JSON for ``combowhist replay``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from combowhist.bots import Bot
from combowhist.cli.narrate import deal_after
from combowhist.cli.render import (
    Namer,
    describe_seen,
    game_end_text,
    record_text,
    scores_text,
    view_text,
)
from combowhist.errors import CombowhistError
from combowhist.game import Game
from combowhist.records import DealRecord
from combowhist.rules.auction import minimum_worth
from combowhist.state import Phase

__all__ = ["HELP", "in_players", "play_in_terminal"]

HELP = """\
Type a move in notation, e.g.:
  pass | bid trump | bid game+greed | trump H | guess 5 | play 10H | send AS 7H 2C
Commands:
  moves   list your legal moves (in the auction: the lowest worth you may bid)
  show    show the table again
  scores  show the scores
  hint    ask the bot for a move
  quit    stop (the game is saved first if you gave --save)"""


class _Quit(Exception):
    pass


def play_in_terminal(
    game: Game,
    you: int,
    bots: Sequence[Bot],
    rng: random.Random,
    inp: TextIO,
    out: TextIO,
    hint_bot: Bot,
    save: Path | None = None,
) -> Game:
    """Play ``game`` with player ``you`` typing moves and ``bots[p]`` moving for the other
    players; return the game where it stopped (over, or quit). Saves to ``save`` at the
    end, and before an unexpected error is reported.

    You see what your seat's :class:`~combowhist.views.PlayerView` shows (R11, R30): other
    players' face-down cards and Mail between others stay hidden; when you sit out a deal
    (R3), what every participant sees."""

    def name(seat: int) -> str:
        player = game.player_at(seat)
        return "you" if player == you else f"player {player}"

    print(f"You are player {you} of {game.players}. {game.variant.kind.capitalize()} "
          f"variant, profile {game.profile}. Type 'help' for help.", file=out)
    print(scores_text(game, you), file=out)
    shown_deal: object = None
    try:
        while game.deal is not None:
            deal = game.deal
            player = game.to_move
            assert player is not None
            if player == you:
                if shown_deal is not deal:
                    print("\n" + view_text(game.view(you), name, game.deals + 1), file=out)
                    shown_deal = deal
                after = _your_move(game, you, inp, out, hint_bot, rng, name, save)
            else:
                after = game.apply(bots[player].choose(deal, game.seat_of(player), rng))
            for line in _seen_lines(game, after, you, name):
                print(line, file=out)
            if after.deals > game.deals:
                _between_deals(after, game.deals, you, out)
            game = after
    except _Quit:
        print("You left the game.", file=out)
    except Exception:  # a bug: keep the game, then let the error be seen
        _save(game, save, out)
        raise
    if game.ending is not None:
        print("\n" + game_end_text(game), file=out)
    _save(game, save, out)
    return game


def _save(game: Game, save: Path | None, out: TextIO) -> None:
    if save is not None:
        save.write_text(game.to_json(), encoding="utf-8")
        print(f"saved to {save}", file=out)


def _seen_lines(before: Game, after: Game, you: int, name: Namer) -> list[str]:
    """The last move as ``you`` saw it: from your seat's views, or when you sit out the
    deal (R3) from a view of a participant who did not make the move, with the picks
    hidden from any participant hidden (so only what is public)."""
    deal = before.deal
    assert deal is not None
    finished = deal_after(before, after)
    if you in before.participants:
        seat = before.seat_of(you)
        return describe_seen(deal.view(seat), finished.view(seat), name)
    views = [(deal.view(s), finished.view(s)) for s in range(deal.players)
             if s != deal.to_move]
    hidden = next((pair for pair in views if "?" in pair[1].history[-1]), views[0])
    return describe_seen(*hidden, name, own=False)


def _between_deals(game: Game, deals_before: int, you: int, out: TextIO) -> None:
    for record in game.history:
        if isinstance(record, DealRecord) and record.number > deals_before:
            print(record_text(record), file=out)
    print(scores_text(game, you), file=out)


def _your_move(game: Game, you: int, inp: TextIO, out: TextIO, hint_bot: Bot,
               rng: random.Random, name: Namer, save: Path | None) -> Game:
    """The game after the move you type; bad input is answered and asked again."""
    while True:
        text = _ask(game, you, inp, out, hint_bot, rng, name)
        try:
            return game.apply(text)
        except CombowhistError as error:
            print(f"not legal: {in_players(str(error), game)}", file=out)
        except Exception as error:  # an engine bug must not lose the game
            _save(game, save, out)
            print(f"error: the engine failed on {text!r} ({type(error).__name__}: {error}); "
                  f"the game is unchanged: please report this, and try another move",
                  file=out)


def in_players(message: str, game: Game) -> str:
    """An error text that names deal seats, with each seat named as its player (R3)."""

    def player(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return f"player {game.participants[seat]}" if seat < len(game.participants) \
            else match.group(0)

    text = re.sub(r"\bseat (\d+)\b", player, message)
    return re.sub(r"^player (\d+): (?=player \1\b)", "", text)  # "player 4: player 4 …"


def _ask(game: Game, you: int, inp: TextIO, out: TextIO, hint_bot: Bot,
         rng: random.Random, name: Namer) -> str:
    deal = game.deal
    assert deal is not None
    while True:
        print(f"your move ({deal.phase.value})> ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            raise _Quit
        text = line.strip()
        command = text.lower()
        if not text:
            continue
        if command in ("quit", "exit", "q"):
            raise _Quit
        if command in ("help", "?"):
            print(HELP, file=out)
        elif command == "moves":
            print(_moves_text(game, you), file=out)
        elif command == "show":
            print(view_text(game.view(you), name, game.deals + 1), file=out)
        elif command == "scores":
            print(scores_text(game, you), file=out)
        elif command == "hint":
            print(f"hint: {hint_bot.choose(deal, game.seat_of(you), rng)}", file=out)
        else:
            return text


def _moves_text(game: Game, you: int) -> str:
    deal = game.deal
    assert deal is not None
    moves = game.legal_moves()
    if deal.phase is Phase.AUCTION:
        example = f", e.g. {moves[1]}" if len(moves) > 1 else ""
        return (f"pass, or bid a combo worth at least {minimum_worth(deal, game.seat_of(you))} "
                f"({len(moves) - 1} legal bids{example})")
    texts = [str(m) for m in moves]
    if len(texts) > 40:
        return f"{len(texts)} moves, e.g. " + ", ".join(texts[:10])
    return ", ".join(texts)
