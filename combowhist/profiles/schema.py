"""The shape of a profile TOML document, checked key by key, and its bid rows built.

Every error names the file, the dotted key and what is wrong with it. Every number must lie
in the range its meaning allows, given once in :data:`RANGES` (a worth, a trick number, a
count of tricks, points won or lost, a threshold below the starting score, seconds, rounds),
so that a profile that loads also plays: no worth so large that counting the combo bids
never ends, no ban threshold that bans everyone from the start.
"""

from __future__ import annotations

import enum
import importlib.util
from collections.abc import Mapping
from typing import Any, TypeVar

from combowhist.cards import CardSet
from combowhist.errors import NotationError, ProfileError, shown
from combowhist.primitives import (
    Bid,
    Event,
    Exposure,
    Goal,
    GoalKind,
    PlayRule,
    RankLayers,
    TrumpRule,
)

__all__ = ["EXACT_EXTRA", "MAX_BIDS", "MAX_CONDITIONED", "RANGES", "SCHEMA", "TERMS", "build_bids",
           "check_document", "upgrade"]

INT, STR, BOOL = "an integer", "a string", "true or false"
STR_LIST, INT_LIST = "a list of strings", "a list of integers"

# key: (expected type, required)
_TOP = {
    "schema": (INT, True),
    "name": (STR, True),
    "aliases": (STR_LIST, False),
    "title": (STR, False),
    "forbid_impossible_bids": (BOOL, True),
    "exact_impossible_bids": (BOOL, False),
    "deck": ("a table", True),
    "auction": ("a table", True),
    "scoring": ("a table", True),
    "winning": ("a table", True),
    "cheating": ("a table", True),
    "terms": ("a table", False),
    "bids": ("a table", True),
}
_SECTIONS = {
    "deck": {"three_players_removed": (STR, True)},
    "auction": {
        "min_worth": (INT, True),
        "ban_below": (INT, True),
        "first_bid_seconds": (INT, True),
        "between_bids_seconds": (INT, True),
    },
    "scoring": {
        "fail_points": (INT, True),
        "free_points": (INT, True),
        "instant_win_worth": (INT, True),
    },
    "winning": {
        "classic_start": (INT, True),
        "classic_floor": (INT, True),
        "limited_rounds": (INT, True),
        "last_round_can_win": (BOOL, False),
        "shame_at_or_below": (INT, True),
    },
    "cheating": {
        "rules": (BOOL, False),
        "cancelled_deal_points": (INT, True),
        "reversal_points": (INT, True),
    },
}
_COMMON_BID = {
    "kind": (STR, True),
    "worth": (INT, True),
    "order": (INT, False),
    "incompatible": (STR_LIST, False),
    "en": (STR, True),
    "sv": (STR, True),
    "rules_en": (STR, False),
    "rules_sv": (STR, False),
    "continues": (STR, False),
}
_STANDARD_BID = {
    **_COMMON_BID,
    "score": ("an integer or \"worth\"", True),
    "trump": (STR, True),
    "goal": ("a goal", True),
    "guesses": (INT, False),
    "instant_win": (BOOL, False),
    "laid_by": (STR, False),
}
_SPECIAL_BID = {
    **_COMMON_BID,
    "event": (STR, False),
    "play": (STR_LIST, False),
    "avoid_tricks": (INT_LIST, False),
    "greed": (BOOL, False),
    "potential": (BOOL, False),
    "expose": (STR, False),
    "atelier_size": (INT, False),
    "extra_points": (INT, False),
    "honour_points": (INT, False),
    "fail_points": (INT, False),
    "trump_bid_worth": (INT, False),
    "trump_bid_worth_except": (STR_LIST, False),
    "direction": (STR, False),
}

# The range of every number a profile holds, from what the number means (inclusive bounds).
WORTH = (-13, 13)
"""A bid's worth: bids are worth a few tricks' points, up or down."""
COMBO_WORTH = (-100, 100)
"""A combo bid's worth: a standard bid and up to a few dozen special bids."""
TRICK = (1, 13)
"""A trick's number."""
COUNT = (0, 13)
"""A number of tricks or cards of a 13-card hand."""
ORDER = (0, 13)
"""When a pre-game event happens (R12)."""
SECONDS = (0, 86_400)
"""A time limit (R41): up to a day."""
GAIN = (0, 100)
"""Points earned."""
LOSS = (-100, 0)
"""Points lost (written negative)."""
SCORE = (1, 100)
"""A winning score (R39)."""
LOW_SCORE = (-100, 0)
"""A threshold below the starting score 0 (bans, the Win of Shame): a threshold above it
would ban, or shame, players at the start of a game."""
ROUNDS = (1, 100)
"""Rounds of a limited game (R39)."""

RANGES: Mapping[str, tuple[int, int]] = {
    "auction.min_worth": COMBO_WORTH,
    "auction.ban_below": LOW_SCORE,
    "auction.first_bid_seconds": SECONDS,
    "auction.between_bids_seconds": SECONDS,
    "scoring.fail_points": LOSS,
    "scoring.free_points": GAIN,
    "scoring.instant_win_worth": COMBO_WORTH,
    "winning.classic_start": SCORE,
    "winning.classic_floor": SCORE,
    "winning.limited_rounds": ROUNDS,
    "winning.shame_at_or_below": LOW_SCORE,
    "cheating.cancelled_deal_points": LOSS,
    "cheating.reversal_points": LOSS,
    "bids.*.worth": WORTH,
    "bids.*.order": ORDER,
    "bids.*.score": GAIN,
    "bids.*.guesses": COUNT,
    "bids.*.avoid_tricks": TRICK,
    "bids.*.atelier_size": (1, 13),
    "bids.*.extra_points": GAIN,
    "bids.*.honour_points": GAIN,
    "bids.*.fail_points": LOSS,
    "bids.*.trump_bid_worth": WORTH,
    "bids.*.goal.min_tricks": COUNT,
    "bids.*.goal.max_tricks": COUNT,
}
"""The inclusive range of every numeric key (``bids.*`` for each bid row; a list's range
holds for each of its numbers), checked when a profile is loaded."""
MAX_BIDS = 32
"""How many standard bids, and how many special bids, a profile may have."""
MAX_CONDITIONED = 10
"""How many special bids may have trick conditions (``greed``, ``avoid_tricks``) or be
incompatible with another special bid: the combo bids' table checks every combination of
them (the editions have 6; each one more doubles the work)."""



def _check_range(value: Any, key: str, where: str, source: str) -> None:
    """Check a number (or each number of a list) at ``where`` against ``RANGES[key]``."""
    low, high = RANGES[key]
    numbers = value if isinstance(value, list) else [value]
    for number in numbers:
        if isinstance(number, int) and not low <= number <= high:
            raise ProfileError(f"{source}: {where}: {number} is out of range; it must be "
                               f"{low} to {high}")


EXPOSED_BY_KEY = (Exposure.HAND, Exposure.TRUMPS)
"""The values of the ``expose`` key (the atelier is exposed by its event)."""
FIXED_DIRECTIONS = ("left", "right")
"""The values of the ``direction`` key of Mail and Master's Mail: a direction every table
size has."""
TRUMPLESS_GROUP = "trumpless"
"""The incompatibility group of every standard bid without trump (R9)."""


def _fits(value: Any, expected: str) -> bool:
    if expected == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if expected == STR:
        return isinstance(value, str)
    if expected == BOOL:
        return isinstance(value, bool)
    if expected == STR_LIST:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if expected == INT_LIST:
        return isinstance(value, list) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        )
    if expected == "a table":
        return isinstance(value, Mapping)
    if expected == "a goal":
        return isinstance(value, (str, Mapping))
    return isinstance(value, (int, str)) and not isinstance(value, bool)  # score


def _check_table(
    table: Mapping[str, Any], spec: Mapping[str, tuple[str, bool]], where: str, source: str
) -> None:
    for key in table:
        if key not in spec:
            raise ProfileError(
                f"{source}: {where}{key}: unknown key (expected one of {', '.join(spec)})"
            )
    for key, (expected, required) in spec.items():
        if key not in table:
            if required:
                raise ProfileError(f"{source}: {where}{key}: missing (expected {expected})")
            continue
        if not _fits(table[key], expected):
            raise ProfileError(
                f"{source}: {where}{key}: expected {expected}, got {shown(table[key])}"
            )
        ranged = f"bids.*.{key}" if where.startswith("bids.") else where + key
        if ranged in RANGES:
            _check_range(table[key], ranged, where + key, source)


EXACT_EXTRA = importlib.util.find_spec("pysat") is not None
"""Whether the ``exact`` extra (python-sat, R8's SAT solver) is installed: a profile with
``exact_impossible_bids`` needs it, and :mod:`combowhist.rules.possibility` uses it."""

SCHEMA = 2
"""The profile schema this version writes. Schema 1 documents (before Plague's
``honour_points`` and Taintless's ``instant_win``) are read through :func:`upgrade`."""


def upgrade(document: dict[str, Any]) -> dict[str, Any]:
    """A schema 1 document in schema 2, its meaning kept: Plague's ``extra_points`` were its
    honour points (R33), and a standard bid scoring the combo's worth won at once (R35).
    Documents of another schema are returned as they are."""
    if document.get("schema") != 1 or not isinstance(document.get("bids"), Mapping):
        return document
    bids: dict[str, Any] = {}
    for key, row in document["bids"].items():
        if isinstance(row, Mapping):
            row = dict(row)
            if row.get("event") == Event.PLAGUE and "extra_points" in row:
                row.setdefault("honour_points", row.pop("extra_points"))
            if row.get("kind") == "standard" and row.get("score") == "worth":
                row.setdefault("instant_win", True)
        bids[key] = row
    return {**document, "schema": SCHEMA, "bids": bids}


def check_document(document: Mapping[str, Any], source: str) -> None:
    """Check a whole profile document's keys and types; raise :class:`ProfileError`."""
    _check_table(document, _TOP, "", source)
    if document["schema"] != SCHEMA:
        raise ProfileError(f"{source}: schema: this version reads schema 1 and {SCHEMA}, not "
                           f"{shown(document['schema'])}")
    for section, spec in _SECTIONS.items():
        _check_table(document[section], spec, f"{section}.", source)
    _check_terms(document.get("terms", {}), source)
    if not document["bids"]:
        raise ProfileError(f"{source}: bids: no bids defined")
    if document.get("exact_impossible_bids") and not document["forbid_impossible_bids"]:
        raise ProfileError(f"{source}: exact_impossible_bids: R8's exact layer refuses bids "
                           f"impossible with the bidder's hand; it needs "
                           f"forbid_impossible_bids = true")
    if document.get("exact_impossible_bids") and not EXACT_EXTRA:
        raise ProfileError(f"{source}: exact_impossible_bids: deciding every combo with a hand "
                           f"needs the exact extra (pip install 'combowhist[exact]', "
                           f"python-sat), not installed here")
    winning = document["winning"]
    if winning["classic_floor"] > winning["classic_start"]:
        raise ProfileError(f"{source}: winning.classic_floor: {winning['classic_floor']} is "
                           f"above winning.classic_start {winning['classic_start']} (R39)")
    for key, row in document["bids"].items():
        where = f"bids.{key}."
        if not isinstance(row, Mapping):
            raise ProfileError(f"{source}: bids.{key}: expected a table, got {shown(row)}")
        kind = row.get("kind")
        if kind not in ("standard", "special"):
            raise ProfileError(
                f"{source}: {where}kind: expected \"standard\" or \"special\", got "
                f"{shown(kind)}"
            )
        _check_table(row, _STANDARD_BID if kind == "standard" else _SPECIAL_BID, where, source)
    for kind in ("standard", "special"):
        count = sum(row["kind"] == kind for row in document["bids"].values())
        if count > MAX_BIDS:
            raise ProfileError(f"{source}: bids: {count} {kind} bids; a profile has at most "
                               f"{MAX_BIDS}")


TERMS = ("worth", "order")
"""The words of the tables an edition may name its own way (``[terms]``): 1.5.1 calls a
bid's worth its *rank* and its order its *priority*."""


def _check_terms(terms: Mapping[str, Any], source: str) -> None:
    for word, names in terms.items():
        if word not in TERMS:
            raise ProfileError(f"{source}: terms.{word}: unknown key (expected one of "
                               f"{', '.join(TERMS)})")
        if not isinstance(names, Mapping):
            raise ProfileError(f"{source}: terms.{word}: expected a table of names by "
                               f"language, got {shown(names)}")
        _check_table(names, {"en": (STR, True), "sv": (STR, True)}, f"terms.{word}.", source)


def _goal(value: str | Mapping[str, Any], where: str, source: str) -> Goal:
    if isinstance(value, str):
        try:
            kind = GoalKind(value)
        except ValueError:
            kind = None
        if kind in (GoalKind.NOT_MOST, GoalKind.LEAST, GoalKind.SOLITARY_MOST, GoalKind.GUESSED):
            assert kind is not None
            return Goal(kind)
    elif len(value) == 1:
        ((name, argument),) = value.items()
        if name in ("min_tricks", "max_tricks") and _fits(argument, INT):
            _check_range(argument, f"bids.*.goal.{name}", f"{where}goal.{name}", source)
            return Goal(GoalKind(name), n=argument)
        if (
            name == "limbo"
            and _fits(argument, INT_LIST)
            and len(argument) == 2
            and sum(argument) == 13
            and min(argument) > 0
        ):
            return Goal(GoalKind.LIMBO, first=argument[0], last=argument[1])
        if name == "capture" and isinstance(argument, str):
            try:
                cards = CardSet.parse(argument)
            except NotationError as error:
                raise ProfileError(f"{source}: {where}goal.capture: {error}") from None
            if cards:
                return Goal(GoalKind.CAPTURE, cards=cards.mask)
    raise ProfileError(
        f"{source}: {where}goal: expected {{ min_tricks = N }}, {{ max_tricks = N }} (N 0-13), "
        f"{{ limbo = [FIRST, LAST] }} (adding up to 13), {{ capture = \"CARDS\" }} (one card "
        f"or more), \"not_most\", \"least\", \"solitary_most\" or \"guessed\"; got "
        f"{shown(value)}"
    )


E = TypeVar("E", bound=enum.Enum)


def _choice(value: str, allowed: tuple[E, ...], where: str, source: str) -> E:
    """The member of ``allowed`` whose value is ``value``."""
    for member in allowed:
        if member.value == value:
            return member
    raise ProfileError(
        f"{source}: {where}: unknown {shown(value)} (expected one of "
        f"{', '.join(str(m.value) for m in allowed)})"
    )


def _standard(key: str, row: Mapping[str, Any], source: str) -> dict[str, Any]:
    where = f"bids.{key}."
    trump = _choice(row["trump"], tuple(TrumpRule), where + "trump", source)
    goal = _goal(row["goal"], where, source)
    score = row["score"]
    if isinstance(score, str) and score != "worth":
        raise ProfileError(f"{source}: {where}score: expected an integer or \"worth\", "
                           f"got {shown(score)}")
    guesses = row.get("guesses", 0)
    if (goal.kind is GoalKind.GUESSED) != (guesses > 0):
        raise ProfileError(f"{source}: {where}guesses: goal \"guessed\" needs guesses = 1 or "
                           f"more (and no other goal takes guesses), got {shown(guesses)}")
    if row.get("order", 0) != 0:
        raise ProfileError(f"{source}: {where}order: standard bids have order 0 (R12)")
    laid_by = RankLayers.ALL
    if "laid_by" in row:
        if trump is not TrumpRule.RANK:
            raise ProfileError(f"{source}: {where}laid_by: goes only with trump = \"rank\" "
                               f"(who lays Rank Trump's cards, R14)")
        laid_by = _choice(row["laid_by"], tuple(RankLayers), where + "laid_by", source)
    return {
        "score": None if score == "worth" else score,
        "trump": trump,
        "goal": goal,
        "guesses": guesses,
        "instant_win": row.get("instant_win", False),
        "laid_by": laid_by,
        "order": 0,
    }


def _special(key: str, row: Mapping[str, Any], source: str) -> dict[str, Any]:
    where = f"bids.{key}."
    event = None if "event" not in row else _choice(row["event"], tuple(Event),
                                                      where + "event", source)
    play = frozenset(_choice(rule, tuple(PlayRule), where + "play", source)
                     for rule in row.get("play", []))
    expose = None if "expose" not in row else _choice(row["expose"], EXPOSED_BY_KEY,
                                                      where + "expose", source)
    avoid = row.get("avoid_tricks", [])
    if (event is Event.ATELIER) != ("atelier_size" in row):
        raise ProfileError(f"{source}: {where}atelier_size: goes with event = \"atelier\" "
                           f"and only with it")
    if "honour_points" in row and event is not Event.PLAGUE:
        raise ProfileError(f"{source}: {where}honour_points: goes only with event = "
                           f"\"plague\" (honorably beplagued, R33)")
    direction = row.get("direction")
    if direction is not None:
        if event not in (Event.MAIL, Event.MASTERS_MAIL):
            raise ProfileError(f"{source}: {where}direction: goes only with event = \"mail\" "
                               f"or \"masters_mail\" (where the cards go, R19, R20)")
        if direction not in FIXED_DIRECTIONS:
            raise ProfileError(f"{source}: {where}direction: unknown {shown(direction)} "
                               f"(expected one of {', '.join(FIXED_DIRECTIONS)}; across "
                               f"needs 4 participants, so D chooses it or nobody does)")
    if event is Event.PLAGUE and "extra_points" in row:
        raise ProfileError(
            f"{source}: {where}extra_points: Plague's point for being honorably beplagued "
            f"(R33) is honour_points; extra_points are earned on every completion (Greed, "
            f"R32). Write honour_points = {shown(row['extra_points'])} instead")
    return {
        "order": row.get("order"),
        "event": event,
        "play": play,
        "avoid_tricks": frozenset(avoid),
        "greed": row.get("greed", False),
        "potential": row.get("potential", False),
        "expose": expose,
        "atelier_size": row.get("atelier_size", 0),
        "extra_points": row.get("extra_points", 0),
        "honour_points": row.get("honour_points", 0),
        "fail_points": row.get("fail_points", 0),
        "trump_bid_worth": row.get("trump_bid_worth"),
        "trump_bid_worth_except": frozenset(row.get("trump_bid_worth_except", [])),
        "direction": direction,
    }


def _continues(key: str, row: Mapping[str, Any], source: str) -> str | None:
    earlier = row.get("continues")
    if earlier == key:
        raise ProfileError(f"{source}: bids.{key}.continues: a bid continues another key, "
                           f"not its own")
    return earlier


def build_bids(rows: Mapping[str, Mapping[str, Any]], source: str) -> dict[str, Bid]:
    """Build every :class:`Bid` of a checked document: standard bids first, then special
    bids, each in file order; incompatibilities made symmetric with groups expanded (R7)."""
    trumpless = {k for k, r in rows.items() if r["kind"] == "standard" and r["trump"] == "none"}
    incompatible: dict[str, set[str]] = {key: set() for key in rows}
    for key, row in rows.items():
        for other in row.get("incompatible", []):
            if other == TRUMPLESS_GROUP:
                targets = trumpless
            elif other in rows:
                targets = {other}
            else:
                raise ProfileError(
                    f"{source}: bids.{key}.incompatible: unknown bid {shown(other)} (expected "
                    f"a bid key or \"{TRUMPLESS_GROUP}\")"
                )
            if key in targets:
                raise ProfileError(f"{source}: bids.{key}.incompatible: a bid cannot be "
                                   f"incompatible with itself")
            for target in targets:
                incompatible[key].add(target)
                incompatible[target].add(key)
    for key, row in rows.items():
        for other in row.get("trump_bid_worth_except", []):
            if other not in rows or rows[other]["kind"] != "standard":
                raise ProfileError(f"{source}: bids.{key}.trump_bid_worth_except: unknown "
                                   f"standard bid {shown(other)}")
    bids: dict[str, Bid] = {}
    for kind in ("standard", "special"):
        for key, row in rows.items():
            if row["kind"] != kind:
                continue
            fields = _standard(key, row, source) if kind == "standard" else _special(key, row,
                                                                                       source)
            bids[key] = Bid(
                key=key,
                standard=kind == "standard",
                worth=row["worth"],
                names={"en": row["en"], "sv": row["sv"]},
                rules={"en": row.get("rules_en", ""), "sv": row.get("rules_sv", "")},
                incompatible=frozenset(incompatible[key]),
                continues=_continues(key, row, source),
                **fields,
            )
    if not any(b.standard for b in bids.values()):
        raise ProfileError(f"{source}: bids: a profile needs at least one standard bid")
    specials = {b.key for b in bids.values() if not b.standard}
    conditioned = [b.key for b in bids.values() if not b.standard
                   and (b.greed or b.avoid_tricks or b.incompatible & specials)]
    if len(conditioned) > MAX_CONDITIONED:
        raise ProfileError(
            f"{source}: bids: {len(conditioned)} special bids have trick conditions or are "
            f"incompatible with another special bid ({', '.join(conditioned)}); a profile "
            f"may have at most {MAX_CONDITIONED}"
        )
    return bids
