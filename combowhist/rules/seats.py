"""Seats around the table, counted over a deal's participants (RULINGS conventions)."""

from __future__ import annotations

__all__ = ["across", "left", "right"]


def left(seat: int, players: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % players


def right(seat: int, players: int) -> int:
    """The previous seat (counter-clockwise)."""
    return (seat - 1) % players


def across(seat: int, players: int) -> int:
    """The seat opposite (4 participants)."""
    return (seat + 2) % players
