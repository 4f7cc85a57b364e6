"""Seats around the table, counted over a deal's participants (see the Rulings page)."""

from __future__ import annotations

__all__ = ["across", "left", "next_dealer", "participants", "right"]


def left(seat: int, players: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % players


def right(seat: int, players: int) -> int:
    """The previous seat (counter-clockwise)."""
    return (seat - 1) % players


def across(seat: int, players: int) -> int:
    """The seat opposite (4 participants)."""
    return (seat + 2) % players


def participants(active: tuple[int, ...], dealer: int) -> tuple[int, ...]:
    """The players who take part in a deal (R3): everyone at a table of 3 or 4; with more,
    the dealer and the three players to the dealer's left. ``active`` lists the players
    still in the game in seat order. The result keeps that order, so it is still clockwise
    and the players sitting out (nearest the dealer's right) are simply left out."""
    if len(active) <= 4:
        return active
    first = active.index(dealer)
    chosen = {active[(first + k) % len(active)] for k in range(4)}
    return tuple(p for p in active if p in chosen)


def next_dealer(active: tuple[int, ...], dealer: int) -> int:
    """The next player clockwise from ``dealer`` among ``active`` (``dealer`` may have
    just left the game, R40 v)."""
    for player in active:
        if player > dealer:
            return player
    return active[0]
