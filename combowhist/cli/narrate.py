"""Tell a game as it goes, from its successive states: ``combowhist demo`` and ``replay``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TextIO

from combowhist.cli.render import (
    describe_move,
    game_end_text,
    hand_text,
    record_text,
    scores_text,
)
from combowhist.deal import Deal
from combowhist.game import Action, Game
from combowhist.moves import Move
from combowhist.records import CheatRecord, DealRecord

__all__ = ["deal_after", "narrate"]


def _last_action(game: Game) -> Action:
    if game.current_actions:
        return game.current_actions[-1]
    return game.finished_actions[-1][-1]


def deal_after(before: Game, after: Game) -> Deal:
    """The deal of ``before`` after the move that made ``after``, also when that move
    ended it (and ``after`` has moved on to the next deal)."""
    assert before.deal is not None
    if after.deals == before.deals and after.deal is not None:
        return after.deal
    move = _last_action(after)
    assert isinstance(move, Move)
    return before.deal.apply(move)


def _seat_namer(game: Game) -> Callable[[int], str]:
    participants = game.participants
    return lambda seat: f"player {participants[seat]}"


def _deal_header(game: Game, out: TextIO) -> None:
    deal = game.deal
    if deal is None:
        return
    print(f"\n== deal {game.deals + 1}: dealer player {game.dealer}"
          + (f", sitting out {list(game.sitting_out)}" if game.sitting_out else ""), file=out)
    for seat, hand in enumerate(deal.dealt_hands):
        print(f"  player {game.participants[seat]}: {hand_text(hand)}", file=out)


def narrate(states: Iterable[Game], out: TextIO, full_deals: int | None = None) -> Game | None:
    """Print a game told from its states in order (each one action after the last): every
    move of the first ``full_deals`` deals (all when ``None``) with the hands dealt, one
    line per later deal, the scores after each deal and the ending. Returns the last
    state."""
    previous: Game | None = None

    def full(game: Game) -> bool:
        return full_deals is None or game.deals < full_deals

    for game in states:
        if previous is None:
            print(f"{game.players} players, profile {game.profile}, {game.variant.kind} "
                  f"variant, {game.mode.value} mode", file=out)
            if full(game):
                _deal_header(game, out)
            previous = game
            continue
        action = _last_action(game)
        if full(previous):
            if isinstance(action, Move) and previous.deal is not None:
                after = deal_after(previous, game)
                for line in describe_move(previous.deal, action, after,
                                          _seat_namer(previous)):
                    print(line, file=out)
            elif not isinstance(action, Move):
                print(f"{type(action).__name__}: {action}", file=out)
        new = game.history[len(previous.history):]
        for record in new:
            if isinstance(record, DealRecord):
                print(record_text(record), file=out)
            elif isinstance(record, CheatRecord):
                loss = ", ".join(f"player {p} {v:+d}" for p, v in enumerate(record.points) if v)
                print(f"{record.cheat}{': ' + loss if loss else ''}", file=out)
        if any(isinstance(record, DealRecord) for record in new):
            if full(previous):
                print(scores_text(game), file=out)
            if full(game) and game.ending is None:
                _deal_header(game, out)
        previous = game
    if previous is not None and previous.ending is not None:
        print(scores_text(previous), file=out)
        print(game_end_text(previous), file=out)
    return previous
