"""The saved-file formats of deals and games, read and written as plain data.

What a saved deal or game holds, how its header and fields are checked, how its profile is
found, and how JSON text is read: everything but the replaying, which the deal and the
game do themselves (:meth:`Deal.from_dict <combowhist.Deal.from_dict>`,
:meth:`Game.from_dict <combowhist.Game.from_dict>`). :mod:`combowhist.serialize` describes
the formats for users.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol, Self, TypeVar

from combowhist.errors import CombowhistError, SerializationError, shown
from combowhist.events import CHEATS, Cheat, Hands, Outcome
from combowhist.moves import Move
from combowhist.profiles import RuleProfile, available_profiles, load_profile, profile_from_data

__all__ = ["DEAL_FORMAT", "DEAL_VERSION", "GAME_FORMAT", "GAME_VERSION", "READABLE_VERSIONS",
           "SavedDeal", "SavedGame", "action_data", "apply_action", "deal_data", "game_data",
           "game_error", "load_json", "profile_data", "read_deal", "read_game",
           "replay_error"]

DEAL_FORMAT = "combowhist-deal"
DEAL_VERSION = 2
"""The version written; :data:`READABLE_VERSIONS` are read."""
GAME_FORMAT = "combowhist-game"
GAME_VERSION = 2
"""The version written; :data:`READABLE_VERSIONS` are read."""
READABLE_VERSIONS = (1, 2)
"""Versions read, for deals and games alike: 1 has no ``"rules"``."""


def profile_data(profile: RuleProfile) -> dict[str, Any]:
    """The saved profile: its name, and unless it is a built-in edition its rules."""
    if profile.key in available_profiles() and load_profile(profile.key) == profile:
        return {"profile": profile.key}
    return {"profile": profile.key, "rules": profile.data}


def deal_data(profile: RuleProfile, dealer: int, scores: Sequence[int],
              potentials: Sequence[int], hands: Sequence[object],
              moves: Sequence[object]) -> dict[str, Any]:
    """A deal as plain JSON-ready data, from its parameters, its hands as dealt and its
    moves (each written as its notation, ``str``)."""
    return {
        "format": DEAL_FORMAT,
        "version": DEAL_VERSION,
        **profile_data(profile),
        "players": len(hands),
        "dealer": dealer,
        "scores": list(scores),
        "potentials": list(potentials),
        "hands": [str(hand) for hand in hands],
        "moves": [str(move) for move in moves],
    }


class SavedDeal(NamedTuple):
    """What a saved deal holds, checked field by field (not yet replayed)."""

    profile: RuleProfile
    dealer: int
    scores: list[int]
    potentials: list[int]
    hands: list[str]
    moves: list[Any]


def _field(data: dict[str, Any], key: str, kind: type, what: str, saved: str = "deal") -> Any:
    if key not in data:
        raise SerializationError(f"saved {saved}: {key!r} is missing ({what})")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise SerializationError(f"saved {saved}: {key!r} must be {what}, got {shown(value)}")
    return value


def _int_list(data: dict[str, Any], key: str, players: int) -> list[int]:
    values: list[int] = _field(data, key, list, f"a list of {players} integers")
    if len(values) != players or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    ):
        raise SerializationError(f"saved deal: {key!r} must be {players} integers, got "
                                 f"{shown(values)}")
    return values


def read_deal(data: Any, profile: RuleProfile | str | None = None) -> SavedDeal:
    """The fields of :func:`deal_data`'s output, checked; ``profile`` overrides the saved
    one. Raises :class:`~combowhist.errors.SerializationError` naming what is wrong."""
    _check_header(data, DEAL_FORMAT, "deal")
    name = _field(data, "profile", str, "a profile name")
    players = _field(data, "players", int, "3 or 4")
    if players not in (3, 4):
        raise SerializationError(f"saved deal: 'players': a deal has 3 or 4 participants, not "
                                 f"{shown(players)} (R3)")
    dealer = _field(data, "dealer", int, "a seat number")
    scores = _int_list(data, "scores", players)
    potentials = _int_list(data, "potentials", players)
    hands = _field(data, "hands", list, "a list of hands in card notation")
    moves = _field(data, "moves", list, "a list of moves in notation")
    if len(hands) != players or not all(isinstance(h, str) for h in hands):
        raise SerializationError(f"saved deal: 'hands' must be {players} strings of cards")
    rules = _load_profile(profile, name, data, "deal")
    return SavedDeal(rules, dealer, scores, potentials, hands, moves)


def replay_error(saved: str, number: int, item: object, error: Exception) -> SerializationError:
    """The error for action or move ``number`` of a saved deal or game that does not
    replay."""
    what = "move" if saved == "deal" else "action"
    message = str(error).removeprefix(f"saved {saved}: ")
    return SerializationError(f"saved {saved}: {what} {number} {shown(item)}: {message}")


def _check_header(data: Any, kind: str, saved: str) -> None:
    """``data`` is an object with this ``kind``'s ``"format"`` and a readable version."""
    if not isinstance(data, dict):
        hint = f"; for JSON text use {saved.title()}.from_json" if isinstance(
            data, str | bytes) else ""
        raise SerializationError(f"saved {saved}: expected a JSON object, got "
                                 f"{type(data).__name__}{hint}")
    if data.get("format") != kind:
        raise SerializationError(f"saved {saved}: 'format' must be {kind!r}, got "
                                 f"{shown(data.get('format'))}")
    version = data.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise SerializationError(
            f"saved {saved}: version {shown(version)} is not readable by this version "
            f"of combowhist (it reads {' and '.join(map(str, READABLE_VERSIONS))})")


def _load_profile(given: RuleProfile | str | None, name: str, data: dict[str, Any],
                  saved: str) -> RuleProfile:
    """The profile a saved deal or game is played under: ``given``, else the rules the
    file holds (version 2), else its saved name."""
    rules = data.get("rules")
    if given is None and rules is not None:
        if data["version"] < 2:
            raise SerializationError(f"saved {saved}: 'rules' came with version 2, this "
                                     f"file is version {data['version']}")
        return _saved_rules(rules, name, saved)
    try:
        return load_profile(given if given is not None else name)
    except CombowhistError as error:  # a name no profile has, or no file can (NUL, too long)
        hint = ("; a file saved before version 2 names a house rule without holding it: "
                "pass its profile" if given is None and data["version"] < 2 else "")
        raise SerializationError(f"saved {saved}: 'profile' {shown(name)}: "
                                 f"{error}{hint}") from error


def _saved_rules(rules: Any, name: str, saved: str) -> RuleProfile:
    """The house rule a version 2 file holds, checked as a profile file is."""
    if not isinstance(rules, dict) or rules.get("name") != name:
        raise SerializationError(f"saved {saved}: 'rules' must be the rules of profile "
                                 f"{shown(name)} (an object named so), got "
                                 f"{shown(rules)}")
    try:
        return profile_from_data(rules, f"<the rules saved in a {saved}>")
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as error:
        raise SerializationError(f"saved {saved}: 'rules': {error}") from None


def load_json(text: Any, what: str) -> Any:
    if not isinstance(text, str | bytes | bytearray):
        hint = f"; for a dict use {what.title()}.from_dict" if isinstance(text, dict) else ""
        raise SerializationError(f"saved {what}: expected JSON text (a str or bytes), got "
                                 f"{type(text).__name__}{hint}")
    try:
        return json.loads(text)
    except (ValueError, TypeError) as error:  # JSONDecodeError, or an integer too long
        raise SerializationError(f"saved {what}: not valid JSON: {error}") from None
    except RecursionError:
        raise SerializationError(f"saved {what}: not valid JSON: nested too deeply") from None


class SavedGame(NamedTuple):
    """What a saved game holds before its actions, checked field by field."""

    profile: RuleProfile
    players: int
    mode: str
    seed: int | str | None
    dealer: int
    variant: dict[str, Any]
    actions: list[Any]


def game_data(profile: RuleProfile, players: int, mode: str, seed: int | str | None,
              dealer: int, variant: dict[str, Any], actions: list[Any]) -> dict[str, Any]:
    """A game as plain JSON-ready data (``actions`` already as data)."""
    return {
        "format": GAME_FORMAT,
        "version": GAME_VERSION,
        **profile_data(profile),
        "players": players,
        "mode": mode,
        "seed": seed,
        "dealer": dealer,
        "variant": variant,
        "actions": actions,
    }


def game_error(message: str) -> SerializationError:
    return SerializationError(f"saved game: {message}")


def read_game(data: Any, profile: RuleProfile | str | None = None) -> SavedGame:
    """The fields of :func:`game_data`'s output, checked (the actions only as a list);
    ``profile`` overrides the saved one."""
    _check_header(data, GAME_FORMAT, "game")
    variant = data.get("variant")
    keys = {"kind", "winning_score", "floor", "rounds"}
    if not isinstance(variant, dict) or set(variant) != keys:
        raise game_error(f"'variant' must be an object with {sorted(keys)}, got "
                         f"{shown(variant)}")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int | str | None):
        raise game_error(f"'seed' must be an integer, a string or null, got {shown(seed)}")
    name = _field(data, "profile", str, "a profile name", "game")
    players = _field(data, "players", int, "a number of players", "game")
    dealer = _field(data, "dealer", int, "a player number", "game")
    mode = _field(data, "mode", str, "'seeded', 'hands' or 'sheet'", "game")
    rules = _load_profile(profile, name, data, "game")
    actions = data.get("actions")
    return SavedGame(rules, players, mode, seed, dealer, variant, actions)


class _Playing(Protocol):
    """What replaying a saved game asks of it (a :class:`~combowhist.Game`)."""

    def apply(self, move: str) -> Self: ...
    def deal_hands(self, hands: Hands) -> Self: ...
    def record(self, outcome: Outcome) -> Self: ...
    def adjudicate(self, cheat: Cheat) -> Self: ...


G = TypeVar("G", bound=_Playing)


def action_data(action: Move | Hands | Outcome | Cheat) -> Any:
    """A game action as saved: a move's notation, or an event as an object."""
    if isinstance(action, Move):
        return str(action)
    if isinstance(action, Hands):
        return {"hands": list(action.hands)}
    return {"outcome": action.to_data()} if isinstance(action, Outcome) else action.to_data()


def apply_action(game: G, item: Any) -> G:
    """A saved action applied to ``game``, checked."""
    if isinstance(item, str):
        return game.apply(item)
    if not isinstance(item, dict) or (len(item) != 1 and "cheat" not in item):
        raise game_error(f"{_ACTIONS}, got {shown(item)}")
    if "cheat" in item:
        fields = dict(item)
        kind = fields.pop("cheat")
        if kind not in CHEATS:
            raise game_error(f"unknown action {shown(item)}: a cheat is one of "
                             f"{sorted(CHEATS)}")
        return game.adjudicate(CHEATS[kind](**fields))
    if "hands" in item:
        hands = item["hands"]
        if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
            raise game_error(f"'hands' must be a list of strings of cards, got "
                             f"{shown(hands)}")
        return game.deal_hands(Hands(hands))
    if "outcome" in item:
        fields = item["outcome"]
        if not isinstance(fields, dict):
            raise game_error(f"'outcome' must be an object, got {shown(fields)}")
        return game.record(Outcome(**fields))
    raise game_error(f"{_ACTIONS}, got {shown(item)}")


_ACTIONS = "an action is a move string or an object with 'hands', 'outcome' or 'cheat'"
