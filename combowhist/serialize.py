"""Deals as JSON: the parameters, the hands as dealt and the moves in notation.

A saved deal is replayed move by move when loaded, so a file that loads is a legal deal:
every move is checked again. The schema is versioned (``"format"``, ``"version"``)::

    {"format": "combowhist-deal", "version": 2, "profile": "1.4.2", "players": 4,
     "dealer": 0, "scores": [0, 0, 0, 0], "potentials": [0, 0, 0, 0],
     "hands": ["AS KS …", …], "moves": ["bid trump", "pass", …]}

A deal or game played under a house rule (any profile but a built-in edition) also holds
the rules themselves: ``"rules"`` is the profile's whole merged TOML document as JSON (its
:attr:`~combowhist.RuleProfile.data`), so the file reloads without the house rule's file.
Version 1 files (before ``"rules"``) still load; one that names a house rule needs the
profile passed in (``profile=``, or ``combowhist replay --profile FILE``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from combowhist.deal import Deal
from combowhist.formats import (
    DEAL_FORMAT,
    DEAL_VERSION,
    GAME_FORMAT,
    GAME_VERSION,
    READABLE_VERSIONS,
    load_json,
)
from combowhist.game import Game
from combowhist.profiles import RuleProfile

__all__ = ["DEAL_FORMAT", "DEAL_VERSION", "GAME_FORMAT", "GAME_VERSION", "READABLE_VERSIONS",
           "deal_from_data", "deal_from_json", "deal_to_data", "deal_to_json", "game_from_data",
           "game_from_json", "game_states", "game_to_data", "game_to_json"]


def deal_to_data(deal: Deal) -> dict[str, Any]:
    """A deal as plain JSON-ready data (see the module docs for the schema);
    :meth:`Deal.to_dict <combowhist.Deal.to_dict>`."""
    return deal.to_dict()


def deal_to_json(deal: Deal, indent: int | str | None = None) -> str:
    """A deal as JSON text (see the module docs for the schema); ``indent`` as in
    :func:`json.dumps`."""
    return deal.to_json(indent)


def deal_from_data(data: Any, profile: RuleProfile | str | None = None) -> Deal:
    """Rebuild a deal from :func:`deal_to_data`'s output, replaying and checking every move.

    Raises :class:`~combowhist.errors.SerializationError` naming what is wrong (and for a
    move, its number and text) for malformed or inconsistent input.
    """
    return Deal.from_dict(data, profile)


def deal_from_json(text: str | bytes, profile: RuleProfile | str | None = None) -> Deal:
    """Rebuild a deal from :func:`deal_to_json`'s text (see :func:`deal_from_data`)."""
    return Deal.from_dict(load_json(text, "deal"), profile)


def game_to_data(game: Game) -> dict[str, Any]:
    """A game as plain JSON-ready data: its parameters and every action in order. Moves are
    notation strings; dealt hands, score-sheet outcomes and cheats are objects::

        {"format": "combowhist-game", "version": 2, "profile": "1.4.2", "players": 5,
         "mode": "seeded", "seed": 7, "dealer": 0,
         "variant": {"kind": "classic", "winning_score": 13, "floor": 1, "rounds": 3},
         "actions": ["bid trump", "pass", …, {"cheat": "opponent", "player": 2}, …]}
    """
    return game.to_dict()


def game_to_json(game: Game, indent: int | str | None = None) -> str:
    """A game as JSON text (see :func:`game_to_data` for the schema); ``indent`` as in
    :func:`json.dumps`."""
    return game.to_json(indent)


def game_states(source: Game | Any, profile: RuleProfile | str | None = None) -> Iterator[Game]:
    """Every state of a game, from its start to its last action, replaying and checking
    each action. ``source`` is a :class:`~combowhist.Game` or :func:`game_to_data`'s
    output."""
    if isinstance(source, Game):
        return Game.states_of(source.to_dict(), source.profile if profile is None else profile)
    return Game.states_of(source, profile)


def game_from_data(data: Any, profile: RuleProfile | str | None = None) -> Game:
    """Rebuild a game from :func:`game_to_data`'s output, replaying and checking every
    action. Raises :class:`~combowhist.errors.SerializationError` naming what is wrong."""
    return Game.from_dict(data, profile)


def game_from_json(text: str | bytes, profile: RuleProfile | str | None = None) -> Game:
    """Rebuild a game from :func:`game_to_json`'s text (see :func:`game_from_data`)."""
    return Game.from_json(text, profile)
