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

import collections
import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs

from combowhist.errors import CombowhistError, SerializationError, shown
from combowhist.events import Outcome
from combowhist.moves import Move
from combowhist.profiles import RuleProfile, available_profiles, load_profile, profile_from_data

if TYPE_CHECKING:
    from combowhist.deal import Deal
    from combowhist.game import Action, Game

__all__ = ["DEAL_FORMAT", "DEAL_VERSION", "GAME_FORMAT", "GAME_VERSION", "READABLE_VERSIONS",
           "deal_from_data",
           "deal_from_json", "deal_to_data", "deal_to_json", "game_from_data",
           "game_from_json", "game_states", "game_to_data", "game_to_json"]

DEAL_FORMAT = "combowhist-deal"
DEAL_VERSION = 2
"""The version written; :data:`READABLE_VERSIONS` are read."""
READABLE_VERSIONS = (1, 2)
"""Versions read, for deals and games alike: 1 has no ``"rules"``."""


def _profile_data(profile: RuleProfile) -> dict[str, Any]:
    """The saved profile: its name, and unless it is a built-in edition its rules."""
    if profile.key in available_profiles() and load_profile(profile.key) == profile:
        return {"profile": profile.key}
    return {"profile": profile.key, "rules": profile.data}


def deal_to_data(deal: Deal) -> dict[str, Any]:
    """A deal as plain JSON-ready data (see the module docs for the schema)."""
    return {
        "format": DEAL_FORMAT,
        "version": DEAL_VERSION,
        **_profile_data(deal.profile),
        "players": deal.players,
        "dealer": deal.dealer,
        "scores": list(deal.scores),
        "potentials": list(deal.potentials),
        "hands": [str(hand) for hand in deal.dealt_hands],
        "moves": [str(move) for move in deal.history],
    }


def deal_to_json(deal: Deal, indent: int | str | None = None) -> str:
    """A deal as JSON text (see the module docs for the schema); ``indent`` as in
    :func:`json.dumps`."""
    return json.dumps(deal_to_data(deal), ensure_ascii=False, indent=indent)


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


def deal_from_data(data: Any, profile: RuleProfile | str | None = None) -> Deal:
    """Rebuild a deal from :func:`deal_to_data`'s output, replaying and checking every move.

    Raises :class:`~combowhist.errors.SerializationError` naming what is wrong (and for a
    move, its number and text) for malformed or inconsistent input.
    """
    from combowhist.deal import Deal

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
    try:
        deal = Deal.from_hands(hands, profile=rules, dealer=dealer, scores=scores,
                               potentials=potentials)
    except CombowhistError as error:
        raise SerializationError(f"saved deal: {error}") from error
    for number, text in enumerate(moves, start=1):
        if not isinstance(text, str):
            raise SerializationError(f"saved deal: move {number} must be a string, got "
                                     f"{shown(text)}")
        try:
            deal = deal.apply(text)
        except CombowhistError as error:
            raise SerializationError(f"saved deal: move {number} {shown(text)}: {error}") from error
    return deal


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


def deal_from_json(text: str | bytes, profile: RuleProfile | str | None = None) -> Deal:
    """Rebuild a deal from :func:`deal_to_json`'s text (see :func:`deal_from_data`)."""
    return deal_from_data(_load_json(text, "deal"), profile)


def _load_json(text: Any, what: str) -> Any:
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


# -- games ------------------------------------------------------------------------------------

GAME_FORMAT = "combowhist-game"
GAME_VERSION = 2
"""The version written; :data:`READABLE_VERSIONS` are read."""


def game_to_data(game: Game) -> dict[str, Any]:
    """A game as plain JSON-ready data: its parameters and every action in order. Moves are
    notation strings; dealt hands, score-sheet outcomes and cheats are objects::

        {"format": "combowhist-game", "version": 2, "profile": "1.4.2", "players": 5,
         "mode": "seeded", "seed": 7, "dealer": 0,
         "variant": {"kind": "classic", "winning_score": 13, "floor": 1, "rounds": 3},
         "actions": ["bid trump", "pass", …, {"cheat": "opponent", "player": 2}, …]}
    """
    return {
        "format": GAME_FORMAT,
        "version": GAME_VERSION,
        **_profile_data(game.profile),
        "players": game.players,
        "mode": game.mode.value,
        "seed": game.seed,
        "dealer": game.first_dealer,
        "variant": attrs.asdict(game.variant),
        "actions": [_action_to_data(action) for action in game.actions],
    }


def game_to_json(game: Game, indent: int | str | None = None) -> str:
    """A game as JSON text (see :func:`game_to_data` for the schema); ``indent`` as in
    :func:`json.dumps`."""
    return json.dumps(game_to_data(game), ensure_ascii=False, indent=indent)


def _action_to_data(action: Action) -> Any:
    from combowhist.events import Hands

    if isinstance(action, Move):
        return str(action)
    if isinstance(action, Hands):
        return {"hands": list(action.hands)}
    return {"outcome": action.to_data()} if isinstance(action, Outcome) else action.to_data()


def _game_error(message: str) -> SerializationError:
    return SerializationError(f"saved game: {message}")


def _new_game(data: Any, profile: RuleProfile | str | None) -> Game:
    from combowhist.game import Game, Variant

    _check_header(data, GAME_FORMAT, "game")
    variant = data.get("variant")
    keys = {"kind", "winning_score", "floor", "rounds"}
    if not isinstance(variant, dict) or set(variant) != keys:
        raise _game_error(f"'variant' must be an object with {sorted(keys)}, got "
                          f"{shown(variant)}")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int | str | None):
        raise _game_error(f"'seed' must be an integer, a string or null, got {shown(seed)}")
    name = _field(data, "profile", str, "a profile name", "game")
    players = _field(data, "players", int, "a number of players", "game")
    dealer = _field(data, "dealer", int, "a player number", "game")
    mode = _field(data, "mode", str, "'seeded', 'hands' or 'sheet'", "game")
    rules = _load_profile(profile, name, data, "game")
    try:
        return Game.new(players, profile=rules, seed=seed, dealer=dealer,
                        variant=Variant(**variant), mode=mode)
    except (CombowhistError, TypeError) as error:  # the saved values' fault
        raise _game_error(f"'players', 'dealer', 'mode', 'seed' or 'variant': "
                          f"{type(error).__name__}: {error}") from error


def _apply_action(game: Game, item: Any) -> Game:
    from combowhist.events import CHEATS, Hands

    if isinstance(item, str):
        return game.apply(item)
    if not isinstance(item, dict) or (len(item) != 1 and "cheat" not in item):
        raise _game_error(f"an action is a move string or an object with 'hands', "
                          f"'outcome' or 'cheat', got {shown(item)}")
    if "cheat" in item:
        fields = dict(item)
        kind = fields.pop("cheat")
        if kind not in CHEATS:
            raise _game_error(f"unknown action {shown(item)}: a cheat is one of "
                              f"{sorted(CHEATS)}")
        return game.adjudicate(CHEATS[kind](**fields))
    if "hands" in item:
        hands = item["hands"]
        if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
            raise _game_error(f"'hands' must be a list of strings of cards, got "
                              f"{shown(hands)}")
        return game.deal_hands(Hands(hands))
    if "outcome" in item:
        fields = item["outcome"]
        if not isinstance(fields, dict):
            raise _game_error(f"'outcome' must be an object, got {shown(fields)}")
        return game.record(Outcome(**fields))
    raise _game_error(f"an action is a move string or an object with 'hands', 'outcome' or "
                      f"'cheat', got {shown(item)}")


def game_states(source: Game | Any, profile: RuleProfile | str | None = None) -> Iterator[Game]:
    """Every state of a game, from its start to its last action, replaying and checking
    each action. ``source`` is a :class:`~combowhist.Game` or :func:`game_to_data`'s
    output."""
    from combowhist.game import Game

    data = game_to_data(source) if isinstance(source, Game) else source
    if isinstance(source, Game) and profile is None:
        profile = source.profile  # a house rule's name alone does not load it
    game = _new_game(data, profile)
    yield game
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise _game_error(f"'actions' must be a list, got {shown(actions)}")
    for number, item in enumerate(actions, start=1):
        try:
            game = _apply_action(game, item)
        except (CombowhistError, TypeError) as error:
            message = str(error).removeprefix("saved game: ")
            raise _game_error(f"action {number} {shown(item)}: {message}") from None
        yield game


def game_from_data(data: Any, profile: RuleProfile | str | None = None) -> Game:
    """Rebuild a game from :func:`game_to_data`'s output, replaying and checking every
    action. Raises :class:`~combowhist.errors.SerializationError` naming what is wrong."""
    return collections.deque(game_states(data, profile), maxlen=1)[0]


def game_from_json(text: str | bytes, profile: RuleProfile | str | None = None) -> Game:
    """Rebuild a game from :func:`game_to_json`'s text (see :func:`game_from_data`)."""
    return game_from_data(_load_json(text, "game"), profile)
