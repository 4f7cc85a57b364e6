"""Rule profiles: an edition's bid tables, deck and thresholds, read from TOML data.

Each edition is one file in ``editions/``. A user's house rule is a TOML file too, either
complete or naming a ``base`` profile and overriding only what it changes::

    base = "1.4.2"
    name = "cheap-lock"

    [bids.lock]
    worth = 1
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from combowhist.bids import Bid
from combowhist.cards import FULL_MASK, CardSet
from combowhist.errors import NotationError, ProfileError
from combowhist.profiles.schema import build_bids, check_document

__all__ = [
    "DEFAULT_PROFILE",
    "LANGUAGES",
    "RuleProfile",
    "available_profiles",
    "load_profile",
    "load_profile_file",
]

DEFAULT_PROFILE = "1.4.2"
"""The profile used when none is named: the newest edition."""

LANGUAGES = ("en", "sv")
"""The languages bid names and rules are given in."""

_EDITIONS = ("1.4.1", "1.4.2")


@attrs.frozen(eq=False, repr=False)
class RuleProfile:
    """One rule set: an edition of the rulebook, or a house rule derived from one.

    Profiles compare equal when they have the same name and the same data.
    """

    key: str
    """The profile's name, e.g. ``"1.4.2"`` (``str(profile)`` gives it too)."""
    aliases: tuple[str, ...]
    title: str
    bids: Mapping[str, Bid]
    """Every bid by key, standard bids first, each table in rulebook order."""
    three_players_removed: CardSet
    """The 13 cards taken out of the deck for 3 players (R2)."""
    forbid_impossible_bids: bool
    """Whether R8 applies (1.4.x: yes)."""
    min_worth: int
    ban_below: int
    """A player whose score is below this may not bid (R36)."""
    first_bid_seconds: int
    between_bids_seconds: int
    fail_points: int
    """Points for a failed bid (R34)."""
    free_points: int
    """Points a banned participant gets after each deal (R36)."""
    instant_win_worth: int
    """A completed Taintless Master's Game of at least this worth wins at once (R35)."""
    classic_start: int
    classic_floor: int
    limited_rounds: int
    shame_at_or_below: int
    """Win of Shame: all players but one at this score or lower (R39)."""
    cancelled_deal_points: int
    """Points for a cheat before a declarer exists, which cancels the deal (R40 iii)."""
    reversal_points: int
    """Points for the cheater when the participants agree to reverse play (R40 iv)."""
    source: str = attrs.field(default="", eq=False)
    """Where the profile was read from."""
    data: Mapping[str, Any] = attrs.field(factory=dict, repr=False)
    """The merged TOML document the profile was built from."""
    _by_name: Mapping[str, Bid] = attrs.field(init=False, repr=False)
    standard_bids: tuple[Bid, ...] = attrs.field(init=False, repr=False)
    """The standard bids in table order."""
    special_bids: tuple[Bid, ...] = attrs.field(init=False, repr=False)
    """The special bids in table order."""
    position: Mapping[str, int] = attrs.field(init=False, repr=False)
    """Each bid's place in the tables (standard bids first), by key."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "standard_bids",
                           tuple(b for b in self.bids.values() if b.standard))
        object.__setattr__(self, "special_bids",
                           tuple(b for b in self.bids.values() if not b.standard))
        object.__setattr__(self, "position", {key: i for i, key in enumerate(self.bids)})
        by_name: dict[str, Bid] = {}
        for bid in self.bids.values():
            by_name[normalize_name(bid.key)] = bid
            for name in bid.names.values():
                by_name[normalize_name(name)] = bid
        object.__setattr__(self, "_by_name", by_name)

    def bid(self, text: str) -> Bid:
        """Look a bid up by key or by its English or Swedish name, any case; spaces,
        hyphens, apostrophes and Swedish diacritics optional (``"mästar-brev"``,
        ``"Masters Mail"``, ``"masters_mail"``)."""
        bid = self._by_name.get(normalize_name(text))
        if bid is None:
            raise NotationError(f"{text!r} is not a bid of profile {self.key}")
        return bid

    def name(self, bid: Bid | str, language: str = "en") -> str:
        """A bid's display name in a language (``"en"`` or ``"sv"``), the bid given as a
        :class:`Bid` or by key or name.

        >>> load_profile("1.4.2").name("masters_mail", "sv")
        'Mästar-Brev'
        """
        row = self.bid(bid) if isinstance(bid, str) else bid
        if language not in row.names:
            raise ProfileError(f"profile {self.key} has no {language!r} names; use one of "
                               f"{', '.join(row.names)}")
        return row.names[language]

    def deck(self, players: int) -> CardSet:
        """The deck for a number of players: 52 cards for 4 or more, 39 for 3 (R2)."""
        if players < 3:
            raise ProfileError(f"Combo Whist needs at least 3 players, not {players}")
        if players == 3:
            return CardSet(FULL_MASK & ~self.three_players_removed.mask)
        return CardSet(FULL_MASK)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleProfile):
            return NotImplemented
        return self is other or (self.key == other.key and self.data == other.data)

    def __hash__(self) -> int:
        return hash(("RuleProfile", self.key))

    def __str__(self) -> str:
        return self.key

    def __repr__(self) -> str:
        return f"<RuleProfile {self.key}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython's and Hypothesis's pretty printers: the short repr, not every table.
        printer.text(repr(self))


def normalize_name(text: str) -> str:
    """Fold a bid name for lookup: case, diacritics, spaces, hyphens, apostrophes."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in folded if c.isalnum())


def available_profiles() -> tuple[str, ...]:
    """The names of the built-in profiles (the editions), oldest first."""
    return _EDITIONS


_ALIASES = {"en-1.4.1": "1.4.1", "sv-1.4.2": "1.4.2"}


def load_profile(name: str | RuleProfile | None = DEFAULT_PROFILE) -> RuleProfile:
    """A built-in profile by name or alias (``"1.4.1"``, ``"en-1.4.1"``, ``"1.4.2"``,
    ``"sv-1.4.2"``), or a house-rule TOML file by path; ``None`` means the default profile,
    and a :class:`RuleProfile` is returned as it is. Built-ins are loaded once.

    >>> len(load_profile("1.4.1").deck(3))
    39
    """
    if isinstance(name, RuleProfile):
        return name
    if name is None:
        name = DEFAULT_PROFILE
    canonical = _ALIASES.get(name, name)
    if canonical in _EDITIONS:
        return _load_edition(canonical)
    if name.endswith(".toml") or Path(name).is_file():
        return load_profile_file(name)
    raise ProfileError(
        f"no profile named {name!r}: the built-in profiles are "
        f"{', '.join(_EDITIONS)} (aliases {', '.join(_ALIASES)}), or give a .toml file's path"
    )


@cache
def _load_edition(name: str) -> RuleProfile:
    text = resources.files("combowhist.profiles").joinpath(f"editions/{name}.toml").read_text(
        encoding="utf-8"
    )
    return _build(_parse_toml(text, f"<built-in {name}>"), f"<built-in {name}>")


def load_profile_file(path: str | Path) -> RuleProfile:
    """Load a profile from a TOML file, validated. A file with ``base = "NAME"`` starts from
    that profile and overrides only the keys it gives (tables merge key by key)."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ProfileError(f"{source}: cannot read the profile: {error.strerror}") from None
    document = _parse_toml(text, source)
    base = document.pop("base", None)
    if base is not None:
        document = _derive(document, base, Path(path), source)
    return _build(document, source)


def _derive(document: dict[str, Any], base: object, path: Path, source: str
            ) -> dict[str, Any]:
    """A house rule: the base profile's document with this file's values over it. It must
    have a name of its own, so a deal saved under it never reloads under the base."""
    if not isinstance(base, str):
        raise ProfileError(f"{source}: base: expected a profile name or path, got {base!r}")
    name = document.get("name")
    if not isinstance(name, str):
        raise ProfileError(f"{source}: name: missing (a house rule needs a name of its own)")
    if _ALIASES.get(name, name) in _EDITIONS:
        raise ProfileError(f"{source}: name: {name!r} is a built-in profile's name; give the "
                           f"house rule its own")
    relative = path.parent / base
    try:
        parent = load_profile(str(relative) if relative.is_file() else base)
    except ProfileError as error:
        raise ProfileError(f"{source}: base: {error}") from None
    merged = _merge(dict(parent.data), document)
    merged["aliases"] = document.get("aliases", [])
    merged["title"] = document.get("title", f"{name} (a house rule based on {parent})")
    return merged


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ProfileError(f"{source}: not valid TOML: {error}") from None


def _merge(base: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Override ``base`` key by key: sections (``[auction]`` …) and bid rows
    (``[bids.lock]``) merge, and every value in them, a goal included, is replaced whole."""
    merged = dict(base)
    for key, value in override.items():
        old = merged.get(key)
        if key == "bids" and isinstance(value, Mapping) and isinstance(old, Mapping):
            merged[key] = {**old, **{
                bid: {**old[bid], **row} if isinstance(row, Mapping)
                and isinstance(old.get(bid), Mapping) else row
                for bid, row in value.items()
            }}
        elif isinstance(value, Mapping) and isinstance(old, Mapping):
            merged[key] = {**old, **value}
        else:
            merged[key] = value
    return merged


def _build(document: dict[str, Any], source: str) -> RuleProfile:
    check_document(document, source)
    deck = document["deck"]
    try:
        removed = CardSet.parse(deck["three_players_removed"])
    except NotationError as error:
        raise ProfileError(f"{source}: deck.three_players_removed: {error}") from None
    if len(removed) != 13:
        raise ProfileError(
            f"{source}: deck.three_players_removed: must name 13 cards (39 remain for 3 "
            f"players, 13 each), not {len(removed)}"
        )
    auction, scoring, winning = document["auction"], document["scoring"], document["winning"]
    return RuleProfile(
        key=document["name"],
        aliases=tuple(document.get("aliases", ())),
        title=document.get("title", document["name"]),
        bids=build_bids(document["bids"], source),
        three_players_removed=removed,
        forbid_impossible_bids=document["forbid_impossible_bids"],
        min_worth=auction["min_worth"],
        ban_below=auction["ban_below"],
        first_bid_seconds=auction["first_bid_seconds"],
        between_bids_seconds=auction["between_bids_seconds"],
        fail_points=scoring["fail_points"],
        free_points=scoring["free_points"],
        instant_win_worth=scoring["instant_win_worth"],
        classic_start=winning["classic_start"],
        classic_floor=winning["classic_floor"],
        limited_rounds=winning["limited_rounds"],
        shame_at_or_below=winning["shame_at_or_below"],
        cancelled_deal_points=document["cheating"]["cancelled_deal_points"],
        reversal_points=document["cheating"]["reversal_points"],
        source=source,
        data=document,
    )
