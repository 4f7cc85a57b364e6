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
from combowhist.state import DealResult, Phase
from combowhist.views import PlayerView

__all__ = [
    "Namer",
    "contract_text",
    "deal_result_text",
    "describe_move",
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
    """The lines that tell what ``move`` did: the move itself, then a finished auction,
    a trick brought home, the deal's result."""
    seat = before.to_move
    assert seat is not None
    lines = [f"{name(seat)}: {move}"]
    if before.phase is Phase.AUCTION and after.declarer is not None:
        lines.append(f"  -> {contract_text(after.declarer, after, name)}")
    if len(after.winners) > len(before.winners):
        lines.append(f"  -> trick {len(after.winners)} to {name(after.winners[-1])}")
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
