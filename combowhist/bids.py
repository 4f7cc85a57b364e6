"""Bids: a table row (:class:`Bid`) and a combo bid (:class:`ComboBid`).

A bid row is data read from a profile (see :mod:`combowhist.profiles`). Its behaviour is
named by fields from a fixed vocabulary of rule primitives, which the engine implements
once; the docs' how-to on house rules lists them.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

import attrs

from combowhist.errors import InvalidBidError, NotationError

if TYPE_CHECKING:
    from combowhist.profiles import RuleProfile

__all__ = ["Bid", "ComboBid", "Goal", "GoalKind", "TrumpRule"]


class TrumpRule(enum.Enum):
    """How a standard bid's trump comes about (the ``trump`` primitive)."""

    NONE = "none"
    """No trump (a trumpless bid, R9)."""
    DECLARER = "declarer"
    """The declarer names a suit (R13)."""
    GRILL = "grill"
    """The declarer names trump for trick 1; then the suit led in the previous trick (R25)."""
    BLOCK = "block"
    """The declarer names a suit and may not play trump until an opponent has (R27)."""
    SUB = "sub"
    """The declarer names a suit other than their longest (R13)."""
    RANK = "rank"
    """Trump comes from the laid cards of Rank Trump (R14)."""
    LEFT_OF_DECLARER = "left_of_declarer"
    """The player to the declarer's left names it after preferences (R15)."""


class GoalKind(enum.Enum):
    """What the declarer's trick count must satisfy (the ``goal`` primitive, R31)."""

    MIN_TRICKS = "min_tricks"
    """At least ``n`` tricks."""
    MAX_TRICKS = "max_tricks"
    """At most ``n`` tricks (Zero is ``max_tricks = 0``)."""
    LIMBO = "limbo"
    """Fewer of the first ``first`` tricks than of the last ``last``."""
    NOT_MOST = "not_most"
    """Fewer tricks than some other participant (Bid of Shame)."""
    LEAST = "least"
    """No other participant has fewer tricks (Master's Bid of Shame)."""
    SOLITARY_MOST = "solitary_most"
    """More tricks than every other participant (Master's Game)."""
    GUESSED = "guessed"
    """One of the declarer's guesses (Precise, Approximate)."""


@attrs.frozen
class Goal:
    """A standard bid's trick condition: a :class:`GoalKind` and its numbers."""

    kind: GoalKind
    n: int = 0
    """The bound for ``min_tricks`` / ``max_tricks``."""
    first: int = 0
    """Limbo's first part (7 tricks)."""
    last: int = 0
    """Limbo's last part (6 tricks)."""

    def column(self, language: str = "en") -> str:
        """The rulebook's "Tricks" column for this goal: ``min 5``, ``0`` or ``varies``."""
        if self.kind is GoalKind.MIN_TRICKS:
            return f"min {self.n}" if language == "en" else f"min. {self.n}"
        if self.kind is GoalKind.MAX_TRICKS and self.n == 0:
            return "0"
        if self.kind is GoalKind.MAX_TRICKS:
            return f"max {self.n}" if language == "en" else f"max. {self.n}"
        return "varies" if language == "en" else "se →"


@attrs.frozen
class Bid:
    """One row of a bid table: a standard bid or a special bid, as a profile defines it.

    The table columns are ``worth``, ``score``, ``trump`` (for standard bids), ``order`` and
    ``incompatible``; the rest are the rule primitives the engine acts on.
    """

    key: str
    """The bid's key, e.g. ``"block_trump"`` (snake_case English)."""
    standard: bool
    """True for a standard bid (section 4), False for a special bid (section 5)."""
    worth: int
    """The Worth column. For Master's Mail, its worth with a non-trump bid (R10)."""
    names: dict[str, str] = attrs.field(eq=False)
    """Display names by language code (``"en"``, ``"sv"``)."""
    rules: dict[str, str] = attrs.field(eq=False)
    """The rulebook's Rules column by language code."""
    order: int | None = None
    """The Order column: when its pre-game event happens (R12); ``None`` for "—"."""
    incompatible: frozenset[str] = frozenset()
    """Keys of the bids this one cannot be combined with, groups expanded (R7, R9)."""
    # Standard bids.
    score: int | None = None
    """Points for a completed bid; ``None`` means the combo bid's worth (Taintless)."""
    trump: TrumpRule = TrumpRule.NONE
    goal: Goal | None = None
    guesses: int = 0
    """How many numbers the declarer guesses before play (R16)."""
    # Special bids.
    event: str | None = None
    """Pre-game event: ``justice``, ``plague``, ``mail``, ``masters_mail`` or ``atelier``."""
    play: frozenset[str] = frozenset()
    """Play rules: ``declarer_plays_last``, ``declarer_leads_first``, ``aces_low``."""
    avoid_tricks: frozenset[int] = frozenset()
    """Trick numbers (1-13) the declarer must not bring home (Lock, Ending Dog)."""
    greed: bool = False
    potential: bool = False
    expose: str | None = None
    """What of the declarer's hand is shown during play: ``hand`` or ``trumps`` (R30)."""
    atelier_size: int = 0
    extra_points: int = 0
    """Points added when the bid completes (Greed; Plague when honorably beplagued)."""
    fail_points: int = 0
    """Points added (negative) when the bid fails (Penalty)."""
    trump_bid_worth: int | None = None
    """Worth when combined with a trump bid not in ``trump_bid_worth_except`` (R10)."""
    trump_bid_worth_except: frozenset[str] = frozenset()

    @property
    def has_trump(self) -> bool:
        """The Trump column: whether this standard bid has a trump suit."""
        return self.trump is not TrumpRule.NONE

    def name(self, language: str = "en") -> str:
        """The bid's display name in a language (``en`` or ``sv``)."""
        return self.names[language]

    def __str__(self) -> str:
        return self.key


@attrs.frozen
class CompiledRules:
    """The rule primitives of a combo's special bids, gathered for the engine."""

    greed: bool
    potential: bool
    avoid_tricks: int
    play_rules: frozenset[str]
    events: tuple[str, ...]
    exposes: frozenset[str]
    atelier_size: int
    extra_points: int
    plague_extra_points: int
    fail_points: int

    @classmethod
    def of(cls, specials: tuple[Bid, ...]) -> CompiledRules:
        avoid = 0
        for bid in specials:
            for trick in bid.avoid_tricks:
                avoid |= 1 << (trick - 1)
        # R12: lowest order first, table order among equals, events with no order last.
        with_events = sorted((b for b in specials if b.event is not None),
                             key=lambda b: (b.order is None, b.order or 0))
        exposes = {b.expose for b in specials if b.expose is not None}
        if any(b.event == "atelier" for b in specials):
            exposes.add("atelier")
        return cls(
            greed=any(b.greed for b in specials),
            potential=any(b.potential for b in specials),
            avoid_tricks=avoid,
            play_rules=frozenset().union(*(b.play for b in specials)),
            events=tuple(b.event for b in with_events if b.event is not None),
            exposes=frozenset(exposes),
            atelier_size=max((b.atelier_size for b in specials), default=0),
            extra_points=sum(b.extra_points for b in specials if b.event != "plague"),
            plague_extra_points=sum(b.extra_points for b in specials if b.event == "plague"),
            fail_points=sum(b.fail_points for b in specials),
        )


@attrs.frozen(eq=False, repr=False)
class ComboBid:
    """A combo bid: exactly one standard bid plus a set of special bids (R7).

    Construct with :meth:`parse` or :meth:`of`, which check R7 and the static layer of R8;
    a :class:`ComboBid` that exists is a valid one. Compares equal by profile and bids.

    >>> from combowhist import load_profile
    >>> combo = ComboBid.parse("trump+lock+penalty", load_profile("1.4.2"))
    >>> combo.worth, combo.score, str(combo)
    (5, 1, 'trump+lock+penalty')
    >>> ComboBid.parse("Trumf+Lås", load_profile("1.4.2")).name("en")
    'Trump + Lock'
    """

    profile: RuleProfile
    standard: Bid
    specials: tuple[Bid, ...]
    """The special bids, in the profile's table order."""
    worth: int = attrs.field(init=False)
    """The combo's worth: the sum of its bids' worths, Master's Mail by R10."""
    special_keys: frozenset[str] = attrs.field(init=False)
    _compiled: CompiledRules | None = attrs.field(init=False, default=None)
    _checked_for: int = attrs.field(init=False, default=0)
    """Bit ``n`` set: R7 and the static layer of R8 were checked for ``n`` participants."""

    def __attrs_post_init__(self) -> None:
        # The public constructor checks like parse() does (R7, static R8), so that a
        # ComboBid that exists is a valid one; specials are put in table order.
        checked = check_combo(self.profile, [self.standard, *self.specials])
        object.__setattr__(self, "specials", checked.specials)
        object.__setattr__(self, "_checked_for", checked._checked_for)
        _set_worth(self)

    @classmethod
    def unchecked(cls, profile: RuleProfile, standard: Bid, specials: tuple[Bid, ...] = (),
                  *, proven_for: int | None = None) -> ComboBid:
        """A combination built without R7's and R8's checks, specials put in table order.

        For asking questions about combinations that need not be legal bids (is it
        possible? what is its worth?), and for code that has proved a combo valid: such
        code names the participant count it proved it for as ``proven_for``, and
        :meth:`checked_for` says so. The engine accepts no other unchecked combo as a move
        without checking it again.
        """
        combo = object.__new__(cls)
        object.__setattr__(combo, "profile", profile)
        object.__setattr__(combo, "standard", standard)
        object.__setattr__(combo, "specials",
                           tuple(sorted(specials, key=lambda b: profile.position[b.key])))
        object.__setattr__(combo, "_compiled", None)
        object.__setattr__(combo, "_checked_for", 0 if proven_for is None else 1 << proven_for)
        _set_worth(combo)
        return combo

    def checked_for(self, players: int) -> bool:
        """Whether R7 and the static layer of R8 were checked for this combo with
        ``players`` participants when it was built (by :meth:`parse`, :meth:`of`, the
        constructor, or a :class:`~combowhist.combos.ComboSpace`). The auction accepts such
        a combo worth enough without searching the table of legal combos again."""
        return bool(self._checked_for >> players & 1)

    @property
    def rules(self) -> CompiledRules:
        """The rule primitives of all its bids, compiled on first use."""
        if self._compiled is None:
            object.__setattr__(self, "_compiled", CompiledRules.of(self.specials))
        assert self._compiled is not None
        return self._compiled

    @property
    def greed(self) -> bool:
        """Whether the virtual trick of Greed applies (R32)."""
        return self.rules.greed

    @property
    def potential(self) -> bool:
        """Whether completing it earns a potential (R34)."""
        return self.rules.potential

    @property
    def avoid_tricks(self) -> int:
        """Bitmask of trick numbers (bit ``n - 1`` for trick ``n``) D must not take (R31)."""
        return self.rules.avoid_tricks

    @property
    def play_rules(self) -> frozenset[str]:
        """The play primitives in force: ``declarer_plays_last``, ``declarer_leads_first``,
        ``aces_low``."""
        return self.rules.play_rules

    @property
    def events(self) -> tuple[str, ...]:
        """The special bids' pre-game events in the order of R12."""
        return self.rules.events

    @property
    def exposes(self) -> frozenset[str]:
        """What of D's hand is exposed in play (R30): ``hand``, ``trumps``, ``atelier``."""
        return self.rules.exposes

    @property
    def atelier_size(self) -> int:
        return self.rules.atelier_size

    @property
    def extra_points(self) -> int:
        """Extra points a completed bid earns whatever happens (Greed, R32)."""
        return self.rules.extra_points

    @property
    def plague_extra_points(self) -> int:
        """Extra points for being honorably beplagued (R33)."""
        return self.rules.plague_extra_points

    @property
    def fail_points(self) -> int:
        """Extra (negative) points a failed bid costs on top of the profile's (Penalty)."""
        return self.rules.fail_points

    @classmethod
    def of(cls, profile: RuleProfile | str, standard: str | Bid, *specials: str | Bid,
           players: int = 4) -> ComboBid:
        """A checked combo bid from its bids, given as :class:`Bid` rows, keys or names.

        Raises :class:`~combowhist.errors.InvalidBidError` naming the bids and the rule if
        the combination breaks R7 (incompatible, repeated, not one standard bid, worth below
        the minimum) or is impossible by the static layer of R8 for ``players``
        participants.
        """
        from combowhist.profiles import load_profile

        rules = load_profile(profile)
        rows = [rules.bid(b) if isinstance(b, str) else b for b in (standard, *specials)]
        return check_combo(rules, rows, players)

    @classmethod
    def parse(cls, text: str, profile: RuleProfile | str, players: int = 4) -> ComboBid:
        """Read ``standard+special+…`` with keys or English or Swedish names, in any order.

        Raises :class:`~combowhist.errors.NotationError` for an unknown name and
        :class:`~combowhist.errors.InvalidBidError` for an invalid combination.
        """
        from combowhist.profiles import load_profile

        rules = load_profile(profile)
        parts = [p.strip() for p in text.split("+")]
        if not text.strip() or any(not p for p in parts):
            raise NotationError(
                f"{text!r} is not a combo bid: write bids joined by '+', e.g. trump+lock"
            )
        return check_combo(rules, [rules.bid(p) for p in parts], players)

    @property
    def score(self) -> int:
        """Points for completing it: the standard bid's Score, or the combo's worth for a
        bid whose score is "worth" (Taintless Master's Game, R34). Extra points (Greed,
        honorable Plague) come on top and depend on the deal."""
        return self.worth if self.standard.score is None else self.standard.score

    @property
    def bids(self) -> tuple[Bid, ...]:
        """The standard bid followed by the special bids."""
        return (self.standard, *self.specials)

    def has(self, key: str) -> bool:
        """Whether the combo contains the bid with this key."""
        return key == self.standard.key or key in self.special_keys

    def name(self, language: str = "en") -> str:
        """The combo's display name, e.g. ``Trump + Lock``."""
        return " + ".join(b.name(language) for b in self.bids)

    def __str__(self) -> str:
        return "+".join(b.key for b in self.bids)

    def __repr__(self) -> str:
        return f"ComboBid.parse({str(self)!r}, {str(self.profile)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ComboBid):
            return NotImplemented
        return (
            self.standard.key == other.standard.key
            and self.special_keys == other.special_keys
            and self.profile == other.profile
        )

    def __hash__(self) -> int:
        return hash((self.standard.key, self.special_keys))

    def __reduce_ex__(self, protocol: Any) -> Any:
        # Pickled and copied as its profile and bid keys, rebuilt from the profile's own
        # rows: no copy of the rows (and their rules text) per combo, and a deep copy keeps
        # the profile's rows. A combination of rows from elsewhere is copied as it is.
        if all(self.profile.bids.get(b.key) == b for b in self.bids):
            return (_combo_of_keys, (self.profile, self.standard.key,
                                     tuple(b.key for b in self.specials)))
        return super().__reduce_ex__(protocol)


    @classmethod
    def _trusted(cls, profile: RuleProfile, standard: Bid, specials: tuple[Bid, ...],
                 worth: int, proven_for: int) -> ComboBid:
        """A combo that its maker proved valid for ``proven_for`` participants, specials
        already in table order and ``worth`` already summed (a
        :class:`~combowhist.combos.ComboSpace` indexing its bids)."""
        combo = object.__new__(cls)
        setter = object.__setattr__
        setter(combo, "profile", profile)
        setter(combo, "standard", standard)
        setter(combo, "specials", specials)
        setter(combo, "worth", worth)
        setter(combo, "special_keys", frozenset([b.key for b in specials]))
        setter(combo, "_compiled", None)
        setter(combo, "_checked_for", 1 << proven_for)
        return combo


def _combo_of_keys(profile: RuleProfile, standard: str, specials: tuple[str, ...]) -> ComboBid:
    """A pickled :class:`ComboBid` from its profile and bid keys (see ``__reduce_ex__``)."""
    return ComboBid.unchecked(profile, profile.bids[standard],
                              tuple(profile.bids[key] for key in specials))


def _set_worth(combo: ComboBid) -> None:
    worth = combo.standard.worth
    for bid in combo.specials:
        worth += special_worth(bid, combo.standard)
    object.__setattr__(combo, "worth", worth)
    object.__setattr__(combo, "special_keys", frozenset(b.key for b in combo.specials))


def special_worth(bid: Bid, standard: Bid) -> int:
    """A special bid's worth in a combo with this standard bid (R10 for Master's Mail)."""
    if (
        bid.trump_bid_worth is not None
        and standard.has_trump
        and standard.key not in bid.trump_bid_worth_except
    ):
        return bid.trump_bid_worth
    return bid.worth


def check_combo(profile: RuleProfile, rows: list[Bid], players: int = 4) -> ComboBid:
    """Build a :class:`ComboBid` from bid rows after checking R7 and static R8."""
    from combowhist.feasibility import impossibility

    text = "+".join(b.key for b in rows)
    for bid in rows:
        if profile.bids.get(bid.key) != bid:
            raise InvalidBidError(f"{text}: {bid.key} is not a bid of profile {profile}")
    standards = [b for b in rows if b.standard]
    if len(standards) != 1:
        raise InvalidBidError(
            f"{text}: a combo bid has exactly one standard bid, this has {len(standards)} (R7)"
        )
    keys = [b.key for b in rows]
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    if repeated:
        raise InvalidBidError(f"{text}: {', '.join(repeated)} named twice; special bids are a "
                              f"set (R7)")
    for i, first in enumerate(rows):
        for second in rows[i + 1 :]:
            if second.key in first.incompatible:
                raise InvalidBidError(f"{first.key} is incompatible with {second.key} (R7)")
    (standard,) = standards
    combo = ComboBid.unchecked(profile, standard, tuple(b for b in rows if not b.standard))
    if combo.worth < profile.min_worth:
        raise InvalidBidError(
            f"{combo}: worth {combo.worth}; a combo bid must be worth at least "
            f"{profile.min_worth} (R7)"
        )
    if profile.forbid_impossible_bids:
        reason = impossibility(combo, players)
        if reason is not None:
            raise InvalidBidError(f"{combo}: impossible to complete: {reason} (R8)")
    object.__setattr__(combo, "_checked_for", 1 << players)
    return combo
