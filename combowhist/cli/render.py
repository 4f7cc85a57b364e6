"""Deals and games as terminal text: hands, tricks, contracts, results, score tables.

Shared by ``combowhist play``, ``demo`` and ``replay``. Everything here returns strings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from combowhist.bids import ComboBid, Event, Goal, GoalKind, RankLayers
from combowhist.cards import CardSet, Suit
from combowhist.deal import Deal
from combowhist.game import Game
from combowhist.moves import Move
from combowhist.profiles import RuleProfile
from combowhist.records import DealRecord
from combowhist.rules.outcome import bid_points
from combowhist.rules.setup import mail_target, masters_mail_target, trump_chooser
from combowhist.state import DealResult, Phase
from combowhist.views import HIDDEN_ATELIER, HIDDEN_SEND, PlayerView

__all__ = [
    "Namer",
    "bid_text",
    "contract_text",
    "deal_result_text",
    "describe_move",
    "describe_seen",
    "game_end_text",
    "hand_text",
    "needs_text",
    "phase_text",
    "record_text",
    "scores_text",
    "stakes_text",
    "view_text",
    "why_text",
]

Namer = Callable[[int], str]
"""Turns a deal seat into a name for the text, e.g. ``"player 3"`` or ``"you"``."""

_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def hand_text(cards: CardSet) -> str:
    """A hand by suit, highest first: ``S: A 9 2 | H: 6 3 | D: - | C: K Q``."""
    parts = []
    for suit in _SUIT_ORDER:
        ranks = [str(card)[:-1] for card in sorted(cards, key=lambda c: -c.rank)
                 if card.suit is suit]
        parts.append(f"{suit.name[0]}: {' '.join(ranks) or '-'}")
    return " | ".join(parts)


def bid_text(combo: ComboBid, language: str = "en") -> str:
    """A combo bid as people read it, with the notation to type and its worth:
    ``Trump + Lock (trump+lock, worth 5)``."""
    return f"{combo.name(language)} ({combo}, {combo.profile.term('worth').lower()} {combo.worth})"


def contract_text(declarer: int | None, deal: Deal | PlayerView, name: Namer,
                  language: str = "en") -> str:
    """Who declared what, and the trump once it is known."""
    if declarer is None or deal.combo is None:
        return "no declarer yet"
    text = f"{name(declarer)} declared {bid_text(deal.combo, language)}"
    if deal.trump is not None:
        text += f", trump {deal.trump.name[0]}"
    return text


def _tricks(numbers: Sequence[int]) -> str:
    """Trick numbers for a sentence: ``trick 13``, ``tricks 1–3``, ``tricks 2, 5``."""
    if len(numbers) == 1:
        return f"trick {numbers[0]}"
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"tricks {numbers[0]}\u2013{numbers[-1]}"
    return "tricks " + ", ".join(map(str, numbers))


def _goal_phrase(goal: Goal, greed: bool, guesses: Sequence[int]) -> str:
    """What a standard bid's goal asks of D's tricks (R31), Greed's virtual trick applied
    (R32: the bid must hold with one trick more and one fewer)."""
    g = int(greed)
    kind = goal.kind
    if kind is GoalKind.MIN_TRICKS:
        return f"at least {goal.n + g} tricks"
    if kind is GoalKind.MAX_TRICKS:
        return "no tricks" if goal.n - g <= 0 else f"at most {goal.n - g} tricks"
    if kind is GoalKind.LIMBO:
        return (f"{'at least 2 ' if greed else ''}more of the last {goal.last} tricks than of "
                f"the first {goal.first}")
    if kind is GoalKind.NOT_MOST:
        return f"{'at least 2 ' if greed else ''}fewer tricks than some other player"
    if kind is GoalKind.LEAST:
        return ("fewer tricks than every other player" if greed
                else "no more tricks than any other player")
    if kind is GoalKind.SOLITARY_MOST:
        return f"{'at least 2 ' if greed else ''}more tricks than every other player"
    if kind is GoalKind.CAPTURE:
        return f"every one of {CardSet(goal.cards)} in the deck brought home (E4)"
    if not guesses:
        return "the number of tricks guessed (R16)"
    if greed:
        low, high = guesses[0], guesses[-1]
        return f"exactly {low + 1} tricks" if high - low == 2 else "(cannot be completed)"
    return " or ".join(map(str, guesses)) + " tricks"


def needs_text(combo: ComboBid, guesses: Sequence[int] = (), language: str = "en") -> str:
    """What completing ``combo`` asks, read from its bids' rule data (R31-R33): ``at least
    5 tricks; must not take any of tricks 1–3 (Lock)``."""
    parts = [_goal_phrase(combo.standard.goal, combo.greed, guesses)
             if combo.standard.goal is not None else "its conditions"]
    if combo.greed:
        parts[0] += " (Greed: a virtual trick against the declarer, R32)"
    for bid in combo.specials:
        if bid.avoid_tricks:
            numbers = sorted(bid.avoid_tricks)
            some = "any of " if len(numbers) > 1 else ""
            parts.append(f"must not take {some}{_tricks(numbers)} ({bid.name(language)})")
        if bid.event is Event.PLAGUE:
            parts.append("must not take the most plague cards, unless all of them (Plague, R33)")
    return "; ".join(parts)


def stakes_text(combo: ComboBid) -> str:
    """What the declarer scores either way (R34): ``completed +1, failed -4``."""
    won = bid_points(combo, True, combo.profile.fail_points)
    lost = bid_points(combo, False, combo.profile.fail_points)
    extra = " and a P" if combo.potential else ""
    return f"completed {won:+d}{extra}, failed {lost:+d}"


def why_text(result: DealResult, guesses: Sequence[int] = (), language: str = "en") -> str:
    """Why the declarer completed or failed: each condition of the bid as it came out."""
    combo, declarer = result.combo, result.declarer
    assert combo is not None
    assert declarer is not None
    assert combo.standard.goal is not None
    goal = combo.standard.goal
    won = sum(1 << n for n, seat in enumerate(result.trick_winners) if seat == declarer)
    tricks = result.tricks[declarer]
    others = [t for seat, t in enumerate(result.tricks) if seat != declarer]
    # The goal alone (Greed applied): the combo without its bids that forbid tricks.
    goal_only = ComboBid.unchecked(combo.profile, combo.standard,
                                   tuple(b for b in combo.specials if not b.avoid_tricks))
    goal_met = goal_only.conditions.met(won, others, guesses)
    if goal.kind is GoalKind.LIMBO:
        first = (won & ((1 << goal.first) - 1)).bit_count()
        took = (f"took {first} of the first {goal.first} tricks and {tricks - first} of the "
                f"last {goal.last}")
    else:
        took = f"took {tricks} tricks"
        if goal.kind in (GoalKind.NOT_MOST, GoalKind.LEAST, GoalKind.SOLITARY_MOST):
            took += f" (the others {', '.join(map(str, others))})"
    needed = _goal_phrase(goal, combo.greed, guesses)
    parts = [f"{took}, needed {needed}" if not goal_met else f"{took}: {needed}"]
    for bid in combo.specials:
        numbers = sorted(bid.avoid_tricks)
        taken = [n for n in numbers if won >> (n - 1) & 1]
        if taken:
            parts.append(f"took {_tricks(taken)}, which {bid.name(language)} forbids")
        elif numbers:
            parts.append(f"took none of {_tricks(numbers)} ({bid.name(language)})")
    if Event.PLAGUE in combo.events and goal_met and not won & combo.avoid_tricks:
        normal = combo.score + combo.extra_points
        if not result.completed:
            parts.append("beplagued: took the most plague cards but not all of them (R33)")
        elif result.points[declarer] > normal:
            parts.append("honorably beplagued: took every plague card (R33)")
        else:
            parts.append("not beplagued (R33)")
    return "; ".join(parts)


def deal_result_text(result: DealResult, name: Namer, guesses: Sequence[int] = (),
                     language: str = "en") -> str:
    """How a deal ended, in one line, with why the bid was completed or failed."""
    if result.redeal:
        return "everyone passed: the same dealer deals again (R38)"
    assert result.declarer is not None
    assert result.combo is not None
    verdict = "completed" if result.completed else "failed"
    points = result.points[result.declarer]
    tricks = ", ".join(f"{name(s)} {t}" for s, t in enumerate(result.tricks))
    extra = " and a P" if result.potential else ""
    return (f"{name(result.declarer)} {verdict} {bid_text(result.combo, language)}: "
            f"{points:+d} points{extra} (tricks: {tricks})\n"
            f"     why: {why_text(result, guesses, language)}")


def describe_move(before: Deal, move: Move, after: Deal, name: Namer) -> list[str]:
    """The lines that tell a spectator what ``move`` did, hidden cards included (for
    ``demo`` and ``replay``, which show every hand): the move itself, then what it brought
    about (see :func:`describe_seen`)."""
    seat = before.to_move
    assert seat is not None
    return [f"{name(seat)}: {move}",
            *_consequences(before.view(seat), after.view(seat), name)]


def describe_seen(before: PlayerView, after: PlayerView, name: Namer, own: bool = True,
                  language: str = "en", profile: RuleProfile | None = None) -> list[str]:
    """The lines that tell what the last move of ``after`` did, as the seat of the two
    views (before and after the move) saw it: the move (a bid with its display name in
    ``language`` and worth), its hidden cards in words (a card face down, Mail between
    others as who passed how many cards to whom), then a finished auction with what the
    contract needs, revealed Rank Trump cards, the cards shown from the first lead (R30), a
    trick brought home, the deal's result and why, and a new phase with who decides. With
    ``own``, also the cards the seat received by Mail (R11); pass ``own=False`` when the
    views only stand for a watcher who sits out. Bids are named when the deal's
    ``profile`` is given."""
    mover, text = after.log[-1]
    lines = [f"{name(mover)}: {_seen_text(mover, text, before, name, language, profile)}"]
    if own and after.received != before.received:
        lines.append(f"  -> {name(after.seat)} received {after.received - before.received} "
                     f"{_mail_from(before, after.seat, name)}")
    return lines + _consequences(before, after, name, language)


def _seen_text(mover: int, text: str, before: PlayerView, name: Namer,
               language: str = "en", profile: RuleProfile | None = None) -> str:
    """A move's notation as a view shows it, with hidden picks and seat numbers in words
    and bids by name."""
    word, _, rest = text.partition(" ")
    if word == "commit" and mover != before.seat:  # shown at the reveal (R14)
        return "commit a card face down"
    if text == HIDDEN_SEND:
        return f"send {text.count('?')} cards face down to {name(_send_target(mover, before))}"
    if text == HIDDEN_ATELIER:
        return "atelier (cards chosen face down, shown at the first lead)"
    if word == "award":
        return f"award the trick to {name(int(rest))}"
    if word == "bid" and profile is not None:
        return f"bid {bid_text(ComboBid.parse(rest, profile), language)}"
    return text


def _mail_from(before: PlayerView, seat: int, name: Namer) -> str:
    """``by Mail from player 3``: who passed ``seat`` the cards of the exchange that the
    move after ``before`` completed (R19, R20)."""
    masters = before.phase is not Phase.SEND
    how = _event_bid(before, Event.MASTERS_MAIL if masters else Event.MAIL)
    givers = [s for s in range(before.players)
              if s != seat and not (masters and s == before.declarer)
              and _send_target(s, before) == seat]
    return f"by {how} from {' and '.join(name(s) for s in givers)}"


def _send_target(mover: int, before: PlayerView) -> int:
    """Whom ``mover`` passes Mail (R19) or Master's Mail (R20) cards to: public, though
    the cards are not."""
    if before.phase is Phase.SEND:
        assert before.mail_direction is not None
        return mail_target(before.mail_direction, mover, before.players)
    assert before.declarer is not None
    assert before.combo is not None
    return masters_mail_target(mover, before.declarer, before.players,
                               before.combo.rules.masters_mail_direction)


def _consequences(before: PlayerView, after: PlayerView, name: Namer,
                  language: str = "en") -> list[str]:
    """What a move brought about that every seat sees."""
    lines = []
    if before.phase is Phase.AUCTION and after.declarer is not None:
        assert after.combo is not None
        lines.append(f"  -> {contract_text(after.declarer, after, name, language)}")
        lines.append(f"  -> the contract needs {needs_text(after.combo, (), language)} "
                     f"({stakes_text(after.combo)})")
    if before.phase is Phase.RANK_TAKE and after.trump is not None:
        lines.append(f"  -> trump is {after.trump.name[0]} (R14)")
    if before.phase is Phase.RANK_COMMIT and after.phase is not Phase.RANK_COMMIT:
        laid = ", ".join(f"{name(s)} {c}" for s, c in enumerate(after.laid) if c is not None)
        lines.append(f"  -> the laid cards are turned up: {laid}")
    first_lead = not (before.trick or before.trick_winners) and after.trick
    if first_lead and after.exposed:
        lines.append(f"  -> shown by the declarer from now on: {hand_text(after.exposed)}")
    if first_lead and any(after.shown):
        lines.append(f"  -> shown to all from now on: {_shown_text(after, name)} (E4)")
    if len(after.trick_winners) > len(before.trick_winners):
        lines.append(f"  -> trick {len(after.trick_winners)} to "
                     f"{name(after.trick_winners[-1])}")
    if after.result is not None:
        lines.append(f"  -> {deal_result_text(after.result, name, after.guesses, language)}")
    elif _new_phase(before, after):
        lines.append(phase_text(after, name))
    return lines


def _new_phase(before: PlayerView, after: PlayerView) -> bool:
    """Whether ``after`` starts a phase worth announcing: not the refills and awards that
    interrupt trick play."""
    quiet = (Phase.PLAY, Phase.REFILL, Phase.AWARD)
    return after.phase is not before.phase and not (before.phase in quiet
                                                    and after.phase in quiet)


def phase_text(view: PlayerView, name: Namer) -> str:
    """One line for the phase ``view`` is in: what happens and who decides, with the
    ruling."""
    to_move = "" if view.to_move is None else name(view.to_move)
    declarer = "" if view.declarer is None else name(view.declarer)
    phase = view.phase
    if phase is Phase.AUCTION:
        return (f"Auction: bid a combo worth more than the high bid, or pass for good; the "
                f"last bidder left declares (R5-R7). {to_move.capitalize()} to bid.")
    if phase is Phase.TRUMP:
        return f"Trump: {_does(to_move, 'name')} the trump suit (R13, R15)."
    if phase is Phase.PREFERENCE:
        assert view.declarer is not None
        assert view.combo is not None
        chooser = trump_chooser(view.combo.standard.trump, view.declarer, view.players)
        return (f"{view.combo.standard.name()}: {name(chooser)} will choose trump; first the "
                f"other opponents state a preferred suit with a strength 1-5, or abstain "
                f"(R15).")
    if phase is Phase.RANK_COMMIT:
        assert view.combo is not None
        who = ("every player lays" if view.combo.standard.laid_by is RankLayers.ALL
               else "every opponent of the declarer lays")
        return (f"Rank Trump: {who} a card face down; the declarer takes the highest, and "
                f"its suit is trump (R14, E2).")
    if phase is Phase.RANK_TAKE:
        assert view.combo is not None
        give = ("" if view.combo.standard.laid_by is RankLayers.ALL
                else ", giving any card of their hand for it")
        return (f"Rank Trump: {_does(declarer, 'take')} one of the opponents' laid cards of the "
                f"highest rank{give} (R14, E2).")
    if phase is Phase.GUESS:
        assert view.combo is not None
        count = "one number" if view.combo.standard.guesses == 1 else "two different numbers"
        return f"Guess: {_does(declarer, 'guess')} {count} of tricks, 0-13 (R16)."
    if phase is Phase.JUSTICE:
        return (f"{_event_bid(view, Event.JUSTICE)}: {_does(declarer, 'name')} the card of "
                f"justice; its trick goes to whom the declarer awards it (R17, R29).")
    if phase is Phase.PLAGUE:
        return f"Plague: {_does(declarer, 'name')} the plague suit (R18)."
    if phase is Phase.MAIL:
        return (f"{_event_bid(view, Event.MAIL)}: {_does(declarer, 'choose')} the direction; "
                f"then every player passes 3 cards that way (R19).")
    if phase is Phase.SEND:
        return (f"{_event_bid(view, Event.MAIL)}: every player picks 3 cards to pass "
                f"{view.mail_direction}; the cards change hands when all have picked (R19).")
    if phase is Phase.MASTERS_MAIL:
        assert view.combo is not None
        return (f"{_event_bid(view, Event.MASTERS_MAIL)}: each opponent of {declarer} picks 3 "
                f"cards to pass to the {view.combo.rules.masters_mail_direction}, skipping "
                f"{declarer} (R20).")
    if phase is Phase.ATELIER:
        return (f"Atelier: {_does(declarer, 'pick')} cards to lie face up; they stay in the hand "
                f"(R21).")
    if phase is Phase.PLAY and not (view.trick or view.trick_winners):
        return (f"Play: {_does(to_move, 'lead')} trick 1; follow suit if you can; the highest "
                f"trump wins, else the highest card of the suit led (R22, R23).")
    if phase is Phase.PLAY:
        return f"Play: trick {len(view.trick_winners) + 1}, {to_move} to play (R22, R23)."
    if phase is Phase.REFILL:
        return f"Refill: {_does(declarer, 'move')} a card of the hand into the atelier (R21)."
    if phase is Phase.AWARD:
        return (f"{_event_bid(view, Event.JUSTICE)}: {_does(declarer, 'award')} the trick "
                f"holding the card of justice (R29).")
    return "The deal is over."


def _event_bid(view: PlayerView, event: Event) -> str:
    """The name of the contract's special bid that holds ``event`` (Master's Mail is
    Master Mail in 1.5.1)."""
    assert view.combo is not None
    return next(bid.name() for bid in view.combo.specials if bid.event is event)


def _shown_text(view: PlayerView, name: Namer) -> str:
    """``player 2 2C 2H, you 2S``: who holds the cards a capture goal shows (E4)."""
    return ", ".join(f"{name(seat)} {cards}" for seat, cards in enumerate(view.shown) if cards)


def _does(who: str, verb: str) -> str:
    """``you take``, ``player 3 takes``."""
    if who == "you":
        return f"you {verb}"
    return f"{who} {verb}{'es' if verb.endswith('ss') else 's'}"


def view_text(view: PlayerView, name: Namer, deal_number: int | None = None,
              language: str = "en") -> str:
    """What a seat sees now: the phase, the contract and what it needs, the trick, tricks
    won, exposed cards and its own hand."""
    header = f"deal {deal_number}, " if deal_number is not None else ""
    lines = [f"{header}dealer {name(view.dealer)}", phase_text(view, name)]
    if view.declarer is not None and view.combo is not None:
        lines.append(f"contract: {contract_text(view.declarer, view, name, language)}")
        lines.append(f"  needs {needs_text(view.combo, view.guesses, language)} "
                     f"({stakes_text(view.combo)})")
        if view.guesses:
            lines.append(f"guesses: {' '.join(map(str, view.guesses))}")
    if view.phase is Phase.PLAY or view.trick_winners:
        tricks = ", ".join(f"{name(s)} {t}" for s, t in enumerate(view.tricks_won))
        lines.append(f"tricks won: {tricks}")
    if view.trick:
        lines.append("trick: " + ", ".join(f"{name(s)} {c}" for s, c in view.trick))
    if view.exposed:
        lines.append(f"shown by the declarer: {hand_text(view.exposed)}")
    if any(view.shown):
        lines.append(f"shown to all: {_shown_text(view, name)}")
    lines.append(f"your hand: {hand_text(view.hand)}")
    return "\n".join(lines)


def scores_text(game: Game, you: int | None = None) -> str:
    """A score table: every player's score and Ps, with the dealer, who sits out and who
    is banned marked."""
    rows = []
    for player in range(game.players):
        marks = []
        if player == you:
            marks.append("you")
        if player not in game.active:
            marks.append("left the game")
        elif game.ending is None:
            if player == game.dealer:
                marks.append("dealer")
            if player in game.sitting_out:
                marks.append("sits out")
            if player in game.banned:
                marks.append("banned (R36)")
        ps = f" {'P' * game.potentials[player]}" if game.potentials[player] else ""
        note = f"  ({', '.join(marks)})" if marks else ""
        rows.append(f"  player {player}: {game.scores[player]:>4}{ps}{note}")
    target = (f"winning score {game.winning_score}" if game.winning_score is not None
              else f"round {game.rounds + 1} of {game.variant.rounds}+")
    return "\n".join([f"scores ({target}):", *rows])


def record_text(record: DealRecord) -> str:
    """A finished deal in one line of the score sheet."""
    head = f"deal {record.number} (dealer player {record.dealer})"
    if record.cancelled:
        return f"{head}: cancelled (R40)"
    if record.redeal:
        return f"{head}: everyone passed, redeal (R38)"
    verdict = "completed" if record.completed else "failed"
    assert record.declarer is not None
    points = record.points[record.declarer]
    return f"{head}: player {record.declarer} {verdict} {record.combo}, {points:+d}"


def game_end_text(game: Game, names: Sequence[str] | None = None) -> str:
    """Who won and how, after the game is over."""
    assert game.ending is not None
    instant = next((bid for bid in game.profile.standard_bids if bid.instant_win), None)
    how = {
        "taintless": f"with {instant.name() if instant else 'a bid'} worth "
                     f"{game.profile.instant_win_worth} or more (R35)",
        "shame": "by a Win of Shame: everyone else is at -5 or lower (R39)",
        "classic": "reaching the winning score with the solitary highest score (R39)",
        "limited": "with the solitary highest score after the last round (R39)",
    }
    if game.winner is None:
        return "the game was abandoned: fewer than 3 players remain (R40 v)"
    who = names[game.winner] if names else f"player {game.winner}"
    return (f"{who} won after {game.deals} deals, {how[game.ending.value]}, with "
            f"{game.scores[game.winner]} points")
