"""Deals as JSON: the parameters, the hands as dealt and the moves in notation.

A saved deal is replayed move by move when loaded, so a file that loads is a legal deal:
every move is checked again. The schema is versioned (``"format"``, ``"version"``)::

    {"format": "combowhist-deal", "version": 1, "profile": "1.4.2", "players": 4,
     "dealer": 0, "scores": [0, 0, 0, 0], "potentials": [0, 0, 0, 0],
     "hands": ["AS KS …", …], "moves": ["bid trump", "pass", …]}
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from combowhist.errors import CombowhistError, SerializationError
from combowhist.profiles import RuleProfile, load_profile

if TYPE_CHECKING:
    from combowhist.deal import Deal

__all__ = ["DEAL_FORMAT", "DEAL_VERSION", "deal_from_data", "deal_from_json", "deal_to_data",
           "deal_to_json"]

DEAL_FORMAT = "combowhist-deal"
DEAL_VERSION = 1


def deal_to_data(deal: Deal) -> dict[str, Any]:
    """A deal as plain JSON-ready data."""
    return {
        "format": DEAL_FORMAT,
        "version": DEAL_VERSION,
        "profile": deal.profile.key,
        "players": deal.players,
        "dealer": deal.dealer,
        "scores": list(deal.scores),
        "potentials": list(deal.potentials),
        "hands": [str(hand) for hand in deal.dealt_hands],
        "moves": [str(move) for move in deal.history],
    }


def deal_to_json(deal: Deal) -> str:
    """A deal as JSON text (see the module docs for the schema)."""
    return json.dumps(deal_to_data(deal), ensure_ascii=False)


def _field(data: dict[str, Any], key: str, kind: type, what: str) -> Any:
    if key not in data:
        raise SerializationError(f"saved deal: {key!r} is missing ({what})")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise SerializationError(f"saved deal: {key!r} must be {what}, got {value!r}")
    return value


def _int_list(data: dict[str, Any], key: str, players: int) -> list[int]:
    values: list[int] = _field(data, key, list, f"a list of {players} integers")
    if len(values) != players or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    ):
        raise SerializationError(f"saved deal: {key!r} must be {players} integers, got "
                                 f"{values!r}")
    return values


def deal_from_data(data: Any, profile: RuleProfile | str | None = None) -> Deal:
    """Rebuild a deal from :func:`deal_to_data`'s output, replaying and checking every move.

    Raises :class:`~combowhist.errors.SerializationError` naming what is wrong (and for a
    move, its number and text) for malformed or inconsistent input.
    """
    from combowhist.deal import Deal

    if not isinstance(data, dict):
        raise SerializationError(f"saved deal: expected a JSON object, got {type(data).__name__}")
    if data.get("format") != DEAL_FORMAT:
        raise SerializationError(f"saved deal: 'format' must be {DEAL_FORMAT!r}, got "
                                 f"{data.get('format')!r}")
    version = data.get("version")
    if type(version) is not int or version != DEAL_VERSION:
        raise SerializationError(f"saved deal: version {version!r} is not readable by this "
                                 f"version of combowhist (it reads {DEAL_VERSION})")
    name = _field(data, "profile", str, "a profile name")
    players = _field(data, "players", int, "3 or 4")
    dealer = _field(data, "dealer", int, "a seat number")
    scores = _int_list(data, "scores", players)
    potentials = _int_list(data, "potentials", players)
    hands = _field(data, "hands", list, "a list of hands in card notation")
    moves = _field(data, "moves", list, "a list of moves in notation")
    if len(hands) != players or not all(isinstance(h, str) for h in hands):
        raise SerializationError(f"saved deal: 'hands' must be {players} strings of cards")
    try:
        rules = load_profile(profile if profile is not None else name)
        deal = Deal.from_hands(hands, dealer=dealer, profile=rules, scores=scores,
                               potentials=potentials)
    except CombowhistError as error:
        raise SerializationError(f"saved deal: {error}") from error
    for number, text in enumerate(moves, start=1):
        if not isinstance(text, str):
            raise SerializationError(f"saved deal: move {number} must be a string, got "
                                     f"{text!r}")
        try:
            deal = deal.apply(text)
        except CombowhistError as error:
            raise SerializationError(f"saved deal: move {number} {text!r}: {error}") from error
    return deal


def deal_from_json(text: str, profile: RuleProfile | str | None = None) -> Deal:
    """Rebuild a deal from :func:`deal_to_json`'s text (see :func:`deal_from_data`)."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:  # JSONDecodeError, or an integer too long
        raise SerializationError(f"saved deal: not valid JSON: {error}") from None
    except RecursionError:
        raise SerializationError("saved deal: not valid JSON: nested too deeply") from None
    return deal_from_data(data, profile)
