"""Rule profiles: an edition's bid tables, deck and thresholds, read from TOML data.

Each edition is one file in ``editions/``. A user's house rule is a TOML file too, either
complete or naming a ``base`` profile and overriding only what it changes::

    base = "1.4.2"
    name = "cheap-lock"

    [bids.lock]
    worth = 1

Profile files are UTF-8 TOML of ``schema = 2``; a schema 1 file, from before Plague's
``honour_points`` and Taintless's ``instant_win``, is read with the meaning it had. ``base``
names a built-in profile or another house-rule file (a path relative to the file naming
it); a chain of bases may not loop back on itself, nor be longer than :data:`MAX_BASES`.
Bid names must name one bid each: no bid's English or Swedish name may be another bid's key
or name. Every number is checked against the range its meaning allows (see :data:`RANGES
<combowhist.profiles.schema.RANGES>`). Whatever is wrong with a file, loading it raises
:class:`~combowhist.errors.ProfileError` naming the file and the key.

Profiles are immutable values: two compare equal (and hash alike) when their data is the
same, whatever their name's history or identity, so a profile loaded twice from one file
works with deals and caches made under the other copy. ``copy.copy`` and ``copy.deepcopy``
return the profile itself; a built-in profile pickles by reference (unpickling gives
``load_profile(key)`` itself), a house rule pickles its data.
"""

from __future__ import annotations

import hashlib
import json
import pkgutil
import tomllib
import unicodedata
import weakref
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from combowhist.cards import FULL_MASK, CardSet
from combowhist.errors import NotationError, ProfileError, shown
from combowhist.primitives import BID_REFERENCES, Bid
from combowhist.profiles.schema import build_bids, check_document, upgrade

__all__ = [
    "DEFAULT_PROFILE",
    "DEFAULT_TERMS",
    "LANGUAGES",
    "MAX_BASES",
    "RuleProfile",
    "available_profiles",
    "load_profile",
    "load_profile_file",
    "profile_from_data",
]

DEFAULT_PROFILE = "1.4.2"
"""The profile used when none is named: the newest edition."""

LANGUAGES = ("en", "sv")
"""The languages bid names and rules are given in."""

DEFAULT_TERMS: Mapping[str, Mapping[str, str]] = {
    "worth": {"en": "Worth", "sv": "Värde"},
    "order": {"en": "Order", "sv": "Ordning"},
}
"""The tables' words for a bid's worth and order in editions 1.4.x (see
:attr:`RuleProfile.terms`)."""

_EDITIONS = ("1.4.0", "1.4.1", "1.4.2", "1.5.1")


@attrs.frozen(eq=False, repr=False)
class RuleProfile:
    """One rule set: an edition of the rulebook, or a house rule derived from one.

    Profiles compare equal, and hash alike, when they have the same name and the same data
    (their :attr:`content`); caches keyed by profile are thereby keyed by content.
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
    cheating_rules: bool = True
    """Whether the rulebook has R40's rules on cheating (1.4.0 has none: E1)."""
    exact_impossible_bids: bool = False
    """Whether the auction enforces R8's exact layer too: a combo bid impossible *with the
    bidder's own hand* is refused and not offered (:mod:`combowhist.rules.possibility`),
    besides the static layer's combos no hand can complete. Off in the built-in editions
    (the exact check of a bid costs milliseconds, rarely a second, up to minutes on the
    weakest hands, and listing every legal bid of a hand about a second, up to 20 seconds
    on weak hands, over a minute on a few random hands and over 20 minutes on the
    weakest); a house rule turns it on
    (``exact_impossible_bids = true``), with the ``exact`` extra installed."""
    last_round_can_win: bool = True
    """Limited variant: whether the deal that completes the last round can win (R39, 1.4.x)
    or only the deals after it can (1.5.1, E5)."""
    terms: Mapping[str, str] = attrs.field(factory=dict)
    """The edition's words for the tables' Worth and Order columns by ``"word.language"``
    (``terms["worth.sv"]``), those of 1.4.x unless the profile's ``[terms]`` names others
    (1.5.1: Rank, Priority): read them with :meth:`term`."""
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
    content: str = attrs.field(init=False, repr=False)
    """A digest of the name and the data, bid table order included: equal profiles have
    equal contents."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "content", _digest(self.key, self.data))
        object.__setattr__(self, "standard_bids",
                           tuple(b for b in self.bids.values() if b.standard))
        object.__setattr__(self, "special_bids",
                           tuple(b for b in self.bids.values() if not b.standard))
        object.__setattr__(self, "position", {key: i for i, key in enumerate(self.bids)})
        by_name = {normalize_name(bid.key): bid for bid in self.bids.values()}
        for bid in self.bids.values():
            for language, name in bid.names.items():
                other = by_name.setdefault(normalize_name(name), bid)
                if other is not bid or not normalize_name(name):
                    # Notation names bids: one name, one bid, or saved moves read back wrong.
                    clash = f"bid {other.key}'s key or name" if other is not bid else "empty"
                    raise ProfileError(f"{self.source}: bids.{bid.key}.{language}: {name!r} "
                                       f"is {clash} (letters and digits compared, case, "
                                       f"spaces and accents aside)")
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

    def term(self, word: str, language: str = "en") -> str:
        """The edition's word for a table column, ``"worth"`` or ``"order"``, capitalised as
        a heading: ``"Worth"`` (1.4.x), ``"Rank"`` (1.5.1), ``"Rang"`` in Swedish."""
        key = f"{word}.{language}"
        if key not in self.terms:
            raise ProfileError(f"profile {self.key} has no word {key!r}; the words are "
                               f"{', '.join(self.terms)}")
        return self.terms[key]

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
        return self is other or self.content == other.content

    def __hash__(self) -> int:
        return hash(self.content)

    # An immutable value: copies are the profile itself; pickles name a built-in profile
    # and carry a house rule's data (not its built tables).
    def __copy__(self) -> RuleProfile:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> RuleProfile:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        if self.key in _EDITIONS and _load_edition(self.key) == self:
            return (load_profile, (self.key,))
        return (_shared_profile, (self.data, self.source))

    def __str__(self) -> str:
        return self.key

    def __repr__(self) -> str:
        return f"<RuleProfile {self.key}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython's and Hypothesis's pretty printers: the short repr, not every table.
        printer.text(repr(self))


def _digest(key: str, data: Mapping[str, Any]) -> str:
    # Keys sorted (a table's key order means nothing) except the bid table's order, which
    # orders the bids (and every sequence of legal moves).
    text = json.dumps([key, data, list(data.get("bids", ()))], sort_keys=True,
                      ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


_SHARED: weakref.WeakValueDictionary[str, RuleProfile] = weakref.WeakValueDictionary()


def _shared_profile(data: dict[str, Any], source: str) -> RuleProfile:
    """A profile built from its data (a pickle's, a saved deal's): one object per content
    while any is alive, so states unpickled or loaded one by one share their profile."""
    digest = _digest(data["name"], data)
    profile = _SHARED.get(digest)
    if profile is None:
        profile = _SHARED[digest] = _build(data, source)
    return profile


def profile_from_data(data: Mapping[str, Any], source: str = "<data>") -> RuleProfile:
    """A profile from its merged document (:attr:`RuleProfile.data`, e.g. as a saved deal
    holds it), validated as a file is: :class:`~combowhist.errors.ProfileError` naming
    ``source`` and the key if it is not a valid profile."""
    if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
        raise ProfileError(f"{source}: name: a profile's data is a table with a name")
    return _shared_profile(dict(data), source)


def normalize_name(text: str) -> str:
    """Fold a bid name for lookup: case, diacritics, spaces, hyphens, apostrophes."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in folded if c.isalnum())


def available_profiles() -> tuple[str, ...]:
    """The names of the built-in profiles (the editions), oldest first."""
    return _EDITIONS


_ALIASES = {"en-1.4.0": "1.4.0", "sv-1.4.0": "1.4.0", "en-1.4.1": "1.4.1", "sv-1.4.2": "1.4.2",
            "en-1.5.1": "1.5.1", "sv-1.5.1": "1.5.1"}


def load_profile(name: str | Path | RuleProfile | None = DEFAULT_PROFILE) -> RuleProfile:
    """A built-in profile by name or alias (``"1.4.0"``, ``"en-1.4.0"``, ``"sv-1.4.0"``,
    ``"1.4.1"``, ``"en-1.4.1"``, ``"1.4.2"``, ``"sv-1.4.2"``, ``"1.5.1"``, ``"en-1.5.1"``,
    ``"sv-1.5.1"``), or a house-rule TOML file by
    path (a string or a :class:`pathlib.Path`); ``None`` means the default profile, and a
    :class:`RuleProfile` is returned as it is. Built-ins are loaded once. Anything else, or
    a file that cannot be read or is not a valid profile, raises
    :class:`~combowhist.errors.ProfileError`.

    >>> len(load_profile("1.4.1").deck(3))
    39
    """
    return _load(name, ())


def _load(name: object, chain: tuple[Path, ...]) -> RuleProfile:
    """:func:`load_profile`, ``chain`` the house-rule files whose bases are being loaded."""
    if isinstance(name, RuleProfile):
        return name
    if name is None:
        name = DEFAULT_PROFILE
    if isinstance(name, Path):
        return _load_file(name, chain)
    if not isinstance(name, str):
        raise ProfileError(f"profile {shown(name)}: expected a profile name, a .toml file's "
                           f"path or a RuleProfile")
    canonical = _ALIASES.get(name, name)
    if canonical in _EDITIONS:
        return _load_edition(canonical)
    if name.endswith(".toml") or _is_file(Path(name)):
        return _load_file(Path(name), chain)
    raise ProfileError(
        f"no profile named {shown(name)}: the built-in profiles are "
        f"{', '.join(_EDITIONS)} (aliases {', '.join(_ALIASES)}), or give a .toml file's path"
    )


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the system, a NUL in it
        return False


@cache
def _load_edition(name: str) -> RuleProfile:
    source = f"<built-in {name}>"
    # pkgutil reads package data wherever the package is (a zip too), and imports in half
    # the time importlib.resources takes: every command starts by loading an edition.
    data = pkgutil.get_data(__name__, f"editions/{name}.toml")
    assert data is not None  # the editions are package data
    text = data.decode("utf-8")
    document = _parse_toml(text, source)
    base = document.pop("base", None)
    if base is not None:  # an edition that states only what it changes from an earlier one
        document = _merge(dict(_load_edition(base).data), document, source)
    return _build(document, source)


MAX_BASES = 16
"""How long a chain of house rules, each the ``base`` of the next, may be."""


def load_profile_file(path: str | Path) -> RuleProfile:
    """Load a profile from a UTF-8 TOML file, validated. A file with ``base = "NAME"``
    starts from that profile and overrides only the keys it gives (tables merge key by
    key). Raises :class:`~combowhist.errors.ProfileError` naming the file and the key."""
    if not isinstance(path, (str, Path)):
        raise ProfileError(f"profile file {shown(path)}: expected a path")
    return _load_file(Path(path), ())


def _load_file(path: Path, chain: tuple[Path, ...]) -> RuleProfile:
    source = str(path)
    if "\0" in source:
        raise ProfileError(f"{shown(source)}: cannot read the profile: a path holds no NUL "
                           f"character")
    try:
        here = path.resolve()
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ProfileError(f"{source}: cannot read the profile: a profile file must be "
                           f"UTF-8 text ({error.reason} at byte {error.start})") from None
    except (OSError, RuntimeError) as error:  # RuntimeError: a symlink loop (resolve)
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise ProfileError(f"{source}: cannot read the profile: {reason}") from None
    if here in chain:
        loop = " -> ".join(str(p) for p in (*chain[chain.index(here):], here))
        raise ProfileError(f"{source}: base: the house rules name each other in a cycle: "
                           f"{loop}")
    if len(chain) >= MAX_BASES:
        raise ProfileError(f"{source}: base: more than {MAX_BASES} house rules based on one "
                           f"another")
    document = _parse_toml(text, source)
    base = document.pop("base", None)
    if base is not None:
        document = _derive(document, base, path, source, (*chain, here))
    return _build(document, source)


def _derive(document: dict[str, Any], base: object, path: Path, source: str,
            chain: tuple[Path, ...]) -> dict[str, Any]:
    """A house rule: the base profile's document with this file's values over it. It must
    have a name of its own, so a deal saved under it never reloads under the base."""
    if not isinstance(base, str):
        raise ProfileError(f"{source}: base: expected a profile name or path, got "
                           f"{shown(base)}")
    name = document.get("name")
    if not isinstance(name, str):
        raise ProfileError(f"{source}: name: missing (a house rule needs a name of its own)")
    if _ALIASES.get(name, name) in _EDITIONS:
        raise ProfileError(f"{source}: name: {name!r} is a built-in profile's name; give the "
                           f"house rule its own")
    relative = path.parent / base
    try:
        parent = _load(relative if _is_file(relative) else base, chain)
    except ProfileError as error:
        raise ProfileError(f"{source}: base: {error}") from None
    merged = _merge(dict(parent.data), document, source)
    merged["aliases"] = document.get("aliases", [])
    merged["title"] = document.get("title", f"{name} (a house rule based on {parent})")
    return merged


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ProfileError(f"{source}: not valid TOML: {error}") from None
    except RecursionError:
        raise ProfileError(f"{source}: not a profile: its arrays or tables nest too deeply "
                           f"to read") from None


def _merge(base: dict[str, Any], override: Mapping[str, Any], source: str) -> dict[str, Any]:
    """Override ``base`` key by key: sections (``[auction]`` …) and bid rows
    (``[bids.lock]``) merge, and every value in them, a goal included, is replaced whole. A
    bid row of a new key with ``continues = "OLD"`` renames the base's bid ``OLD``: it keeps
    its place in the table, its values (but those given) and every reference to it. A bid
    row ``{ removed = true }`` takes the base's bid of that key out of the tables."""
    merged = dict(base)
    for key, value in override.items():
        old = merged.get(key)
        if key == "bids" and isinstance(value, Mapping) and isinstance(old, Mapping):
            old = _renamed(old, value, source)
            removed = {bid for bid, row in value.items() if _removal(bid, row, source)}
            for bid in removed - set(old):
                raise ProfileError(f"{source}: bids.{bid}.removed: the base profile has no "
                                   f"bid {bid!r} to remove")
            merged[key] = {**{bid: row for bid, row in old.items() if bid not in removed}, **{
                bid: {**old[bid], **row} if isinstance(row, Mapping)
                and isinstance(old.get(bid), Mapping) else row
                for bid, row in value.items() if bid not in removed
            }}
        elif isinstance(value, Mapping) and isinstance(old, Mapping):
            merged[key] = {**old, **value}
        else:
            merged[key] = value
    return merged


def _removal(key: str, row: object, source: str) -> bool:
    """Whether a bid row of a derived profile removes its base's bid: ``removed = true``
    and nothing else (a removed bid has no values to give)."""
    if not isinstance(row, Mapping) or "removed" not in row:
        return False
    if row["removed"] is not True or len(row) != 1:
        raise ProfileError(f"{source}: bids.{key}.removed: a row that removes a bid is "
                           f"{{ removed = true }} alone, got {shown(dict(row))}")
    return True


def _renamed(rows: Mapping[str, Any], override: Mapping[str, Any], source: str
             ) -> dict[str, Any]:
    """The base's bid rows with the bids ``override`` renames under their new keys, in the
    same places, and every reference to an old key moved to its new one."""
    renames: dict[str, str] = {}
    for key, row in override.items():
        if not isinstance(row, Mapping) or "continues" not in row or key in rows:
            continue
        earlier = row["continues"]
        if not isinstance(earlier, str) or not isinstance(rows.get(earlier), Mapping):
            raise ProfileError(f"{source}: bids.{key}.continues: the base profile has no bid "
                               f"{shown(earlier)} to rename")
        if earlier in renames:
            raise ProfileError(f"{source}: bids.{key}.continues: bid {earlier!r} is renamed "
                               f"twice ({renames[earlier]!r} continues it too)")
        renames[earlier] = key
    if not renames:
        return dict(rows)
    out: dict[str, Any] = {}
    for key, row in rows.items():
        if isinstance(row, Mapping):
            row = {**row, **{field: [renames.get(k, k) for k in row[field]]
                             for field in BID_REFERENCES if isinstance(row.get(field), list)}}
        out[renames.get(key, key)] = row
    return out


def _build(document: dict[str, Any], source: str) -> RuleProfile:
    document = upgrade(document)
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
    terms = document.get("terms", {})
    return RuleProfile(
        key=document["name"],
        aliases=tuple(document.get("aliases", ())),
        title=document.get("title", document["name"]),
        bids=build_bids(document["bids"], source),
        three_players_removed=removed,
        forbid_impossible_bids=document["forbid_impossible_bids"],
        exact_impossible_bids=document.get("exact_impossible_bids", False),
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
        cheating_rules=document["cheating"].get("rules", True),
        last_round_can_win=winning.get("last_round_can_win", True),
        terms={f"{word}.{language}": terms.get(word, {}).get(language, name)
               for word, names in DEFAULT_TERMS.items() for language, name in names.items()},
        source=source,
        data=document,
    )
