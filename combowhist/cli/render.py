"""Deals and games as terminal text: hands, tricks, contracts, results, score tables.

Shared by ``combowhist play``, ``demo`` and ``replay``. Everything here returns strings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from combowhist.cards import CardSet, Suit
from combowhist.deal import Deal
from combowhist.game import Game
from combowhist.moves import Move
from combowhist.records import DealRecord
from combowhist.rules.setup import mail_target, masters_mail_target
from combowhist.state import DealResult, Phase
from combowhist.views import HIDDEN_ATELIER, HIDDEN_SEND, PlayerView

__all__ = [
    "Namer",
    "contract_text",
    "deal_result_text",
    "describe_move",
    "describe_seen",
    "game_end_text",
    "hand_text",
    "record_text",
    "scores_text",
    "view_text",
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


def contract_text(declarer: int | None, deal: Deal | PlayerView, name: Namer) -> str:
    """Who declared what, and the trump once it is known."""
    if declarer is None or deal.combo is None:
        return "no declarer yet"
    text = f"{name(declarer)} declared {deal.combo} (worth {deal.combo.worth})"
    if deal.trump is not None:
        text += f", trump {deal.trump.name[0]}"
    return text


def deal_result_text(result: DealResult, name: Namer) -> str:
    """How a deal ended, in one line."""
    if result.redeal:
        return "everyone passed: the same dealer deals again (R38)"
    assert result.declarer is not None
    verdict = "completed" if result.completed else "failed"
    points = result.points[result.declarer]
    tricks = ", ".join(f"{name(s)} {t}" for s, t in enumerate(result.tricks))
    extra = " and a P" if result.potential else ""
    return (f"{name(result.declarer)} {verdict} {result.combo}: {points:+d} points{extra} "
            f"(tricks: {tricks})")


def describe_move(before: Deal, move: Move, after: Deal, name: Namer) -> list[str]:
    """The lines that tell a spectator what ``move`` did, hidden cards included (for
    ``demo`` and ``replay``, which show every hand): the move itself, then what it brought
    about (see :func:`describe_seen`)."""
    seat = before.to_move
    assert seat is not None
    return [f"{name(seat)}: {move}",
            *_consequences(before.view(seat), after.view(seat), name)]


def describe_seen(before: PlayerView, after: PlayerView, name: Namer,
                  own: bool = True) -> list[str]:
    """The lines that tell what the last move of ``after`` did, as the seat of the two
    views (before and after the move) saw it: the move, its hidden cards in words (a card
    face down, Mail between others as who passed how many cards to whom), then a finished
    auction, revealed Rank Trump cards, the cards shown from the first lead (R30), a trick
    brought home and the deal's result. With ``own``, also the cards the seat received by
    Mail (R11); pass ``own=False`` when the views only stand for a watcher who sits out."""
    mover, text = after.log[-1]
    lines = [f"{name(mover)}: {_seen_text(mover, text, before, name)}"]
    if own and after.received != before.received:
        lines.append(f"  -> {name(after.seat)} received {after.received - before.received}")
    return lines + _consequences(before, after, name)


def _seen_text(mover: int, text: str, before: PlayerView, name: Namer) -> str:
    """A move's notation as a view shows it, with hidden picks and seat numbers in words."""
    word, _, rest = text.partition(" ")
    if word == "commit" and mover != before.seat:  # shown at the reveal (R14)
        return "commit a card face down"
    if text == HIDDEN_SEND:
        return f"send {text.count('?')} cards face down to {name(_send_target(mover, before))}"
    if text == HIDDEN_ATELIER:
        return "atelier (cards chosen face down, shown at the first lead)"
    if word == "award":
        return f"award the trick to {name(int(rest))}"
    return text


def _send_target(mover: int, before: PlayerView) -> int:
    """Whom ``mover`` passes Mail (R19) or Master's Mail (R20) cards to: public, though
    the cards are not."""
    if before.phase is Phase.SEND:
        assert before.mail_direction is not None
        return mail_target(before.mail_direction, mover, before.players)
    assert before.declarer is not None
    return masters_mail_target(mover, before.declarer, before.players)


def _consequences(before: PlayerView, after: PlayerView, name: Namer) -> list[str]:
    """What a move brought about that every seat sees."""
    lines = []
    if before.phase is Phase.AUCTION and after.declarer is not None:
        lines.append(f"  -> {contract_text(after.declarer, after, name)}")
    if before.phase is Phase.RANK_COMMIT and after.phase is not Phase.RANK_COMMIT:
        laid = ", ".join(f"{name(s)} {c}" for s, c in enumerate(after.laid) if c is not None)
        lines.append(f"  -> the laid cards are turned up: {laid}")
    first_lead = not (before.trick or before.trick_winners) and after.trick
    if first_lead and after.exposed:
        lines.append(f"  -> shown by the declarer from now on: {hand_text(after.exposed)}")
    if len(after.trick_winners) > len(before.trick_winners):
        lines.append(f"  -> trick {len(after.trick_winners)} to "
                     f"{name(after.trick_winners[-1])}")
    if after.result is not None:
        lines.append(f"  -> {deal_result_text(after.result, name)}")
    return lines


def view_text(view: PlayerView, name: Namer, deal_number: int | None = None) -> str:
    """What a seat sees now: the contract, the trick, tricks won, exposed cards and its
    own hand."""
    header = f"deal {deal_number}, " if deal_number is not None else ""
    lines = [f"{header}dealer {name(view.dealer)}, {view.phase.value}"]
    if view.declarer is not None:
        lines.append(f"contract: {contract_text(view.declarer, view, name)}")
        if view.guesses:
            lines.append(f"guesses: {' '.join(map(str, view.guesses))}")
    if view.phase is Phase.PLAY or view.trick_winners:
        tricks = ", ".join(f"{name(s)} {t}" for s, t in enumerate(view.tricks_won))
        lines.append(f"tricks won: {tricks}")
    if view.trick:
        lines.append("trick: " + ", ".join(f"{name(s)} {c}" for s, c in view.trick))
    if view.exposed:
        lines.append(f"shown by the declarer: {hand_text(view.exposed)}")
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
    how = {
        "taintless": "with a Taintless Master's Game worth 13 or more (R35)",
        "shame": "by a Win of Shame: everyone else is at -5 or lower (R39)",
        "classic": "reaching the winning score with the solitary highest score (R39)",
        "limited": "with the solitary highest score after the last round (R39)",
    }
    if game.winner is None:
        return "the game was abandoned: fewer than 3 players remain (R40 v)"
    who = names[game.winner] if names else f"player {game.winner}"
    return (f"{who} won after {game.deals} deals, {how[game.ending.value]}, with "
            f"{game.scores[game.winner]} points")
