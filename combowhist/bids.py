"""Bids: a table row (:class:`~combowhist.primitives.Bid`) and a combo bid
(:class:`ComboBid`).

A bid row is data read from a profile (see :mod:`combowhist.profiles`). Its behaviour is
named by fields from a fixed vocabulary of rule primitives, which the engine implements
once (:mod:`combowhist.primitives`; the docs' how-to on house rules lists them). The rows
and primitives are importable from here too (``from combowhist.bids import Bid``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import attrs

from combowhist.errors import NotationError
from combowhist.primitives import Bid as Bid
from combowhist.primitives import Event as Event
from combowhist.primitives import Exposure as Exposure
from combowhist.primitives import Goal as Goal
from combowhist.primitives import GoalKind as GoalKind
from combowhist.primitives import PlayRule as PlayRule
from combowhist.primitives import RankLayers as RankLayers
from combowhist.primitives import TrickConditions as TrickConditions
from combowhist.primitives import TrumpRule as TrumpRule
from combowhist.primitives import combo_worth
from combowhist.primitives import special_worth as special_worth
from combowhist.profiles import RuleProfile, load_profile
from combowhist.rules import legality

__all__ = ["ComboBid"]


@attrs.frozen
class CompiledRules:
    """The rule primitives of a combo's bids, gathered for the engine."""

    conditions: TrickConditions
    """What D's tricks must satisfy (R31, R32)."""
    potential: bool
    play_rules: frozenset[PlayRule]
    events: tuple[Event, ...]
    exposes: frozenset[Exposure]
    atelier_size: int
    extra_points: int
    honour_points: int
    fail_points: int
    mail_direction: str | None = None
    """Mail's fixed direction, ``None`` where D chooses it (R19; 1.5.1: right)."""
    masters_mail_direction: str = "right"
    """Where Master's Mail's cards go, skipping D (R20: right; 1.5.1: left)."""
    shown_cards: int = 0
    """Cards shown to all from the first lead wherever they are, and kept out of the
    atelier: those a ``capture`` goal names (E4)."""

    @classmethod
    def of(cls, standard: Bid, specials: tuple[Bid, ...]) -> CompiledRules:
        """The primitives of ``standard`` combined with ``specials`` (in table order)."""
        # R12: lowest order first, table order among equals, events with no order last.
        with_events = sorted((b for b in specials if b.event is not None),
                             key=lambda b: (b.order is None, b.order or 0))
        exposes = {b.expose for b in specials if b.expose is not None}
        if any(b.event is Event.ATELIER for b in specials):
            exposes.add(Exposure.ATELIER)
        return cls(
            conditions=TrickConditions.of(standard, specials),
            potential=any(b.potential for b in specials),
            play_rules=frozenset().union(*(b.play for b in specials)),
            events=tuple(b.event for b in with_events if b.event is not None),
            exposes=frozenset(exposes),
            atelier_size=max((b.atelier_size for b in specials), default=0),
            extra_points=sum(b.extra_points for b in specials),
            honour_points=sum(b.honour_points for b in specials),
            fail_points=sum(b.fail_points for b in specials),
            mail_direction=_direction(specials, Event.MAIL),
            masters_mail_direction=_direction(specials, Event.MASTERS_MAIL) or "right",
            shown_cards=standard.goal.cards if standard.goal is not None else 0,
        )


def _direction(specials: tuple[Bid, ...], event: Event) -> str | None:
    """The ``direction`` of the special bid holding ``event``, if it fixes one."""
    return next((b.direction for b in specials if b.event is event and b.direction), None)


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
    _keys: frozenset[str] | None = attrs.field(init=False, default=None)
    """:attr:`special_keys`, once asked for."""
    _compiled: CompiledRules | None = attrs.field(init=False, default=None)
    _checked_for: int = attrs.field(init=False, default=0)
    """Bit ``n`` set: R7 and the static layer of R8 were checked for ``n`` participants."""

    def __attrs_post_init__(self) -> None:
        # The public constructor checks like parse() does (R7, static R8), so that a
        # ComboBid that exists is a valid one; specials are put in table order.
        checked = check_combo(self.profile, [self.standard, *self.specials])
        for name in ("specials", "worth", "_keys", "_checked_for"):
            object.__setattr__(self, name, getattr(checked, name))

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
        ordered = tuple(sorted(specials, key=lambda b: profile.position[b.key]))
        return cls._trusted(profile, standard, ordered, combo_worth(standard, ordered),
                            proven_for)

    @property
    def special_keys(self) -> frozenset[str]:
        """The special bids' keys (made on first use: the auction's combo bids are built
        by the thousand and most are never compared)."""
        keys = self._keys
        if keys is None:
            keys = frozenset([b.key for b in self.specials])
            object.__setattr__(self, "_keys", keys)
        return keys

    def checked_for(self, players: int) -> bool:
        """Whether R7 and the static layer of R8 were checked for this combo with
        ``players`` participants when it was built (by :meth:`parse`, :meth:`of`, the
        constructor, or a :class:`~combowhist.combos.ComboSpace`). The auction accepts such
        a combo worth enough without asking :mod:`combowhist.rules.legality` again."""
        return bool(self._checked_for >> players & 1)

    @property
    def rules(self) -> CompiledRules:
        """The rule primitives of all its bids, compiled on first use."""
        if self._compiled is None:
            rows = self.profile.bids
            if all(rows.get(bid.key) is bid for bid in self.bids):  # the profile's own rows
                compiled = _compiled(self.profile, self.standard.key, self.special_keys)
            else:
                compiled = CompiledRules.of(self.standard, self.specials)
            object.__setattr__(self, "_compiled", compiled)
        assert self._compiled is not None
        return self._compiled

    @property
    def conditions(self) -> TrickConditions:
        """What D's tricks must satisfy to complete it (R31, R32); Plague aside (R33)."""
        return self.rules.conditions

    @property
    def greed(self) -> bool:
        """Whether the virtual trick of Greed applies (R32)."""
        return self.rules.conditions.greed

    @property
    def potential(self) -> bool:
        """Whether completing it earns a potential (R34)."""
        return self.rules.potential

    @property
    def avoid_tricks(self) -> int:
        """Bitmask of trick numbers (bit ``n - 1`` for trick ``n``) D must not take (R31)."""
        return self.rules.conditions.avoid_tricks

    @property
    def play_rules(self) -> frozenset[PlayRule]:
        """The play primitives in force: ``declarer_plays_last``, ``declarer_leads_first``,
        ``aces_low``."""
        return self.rules.play_rules

    @property
    def events(self) -> tuple[Event, ...]:
        """The special bids' pre-game events in the order of R12."""
        return self.rules.events

    @property
    def exposes(self) -> frozenset[Exposure]:
        """What of D's hand is exposed in play (R30): ``hand``, ``trumps``, ``atelier``."""
        return self.rules.exposes

    @property
    def shown_cards(self) -> int:
        """Cards everyone sees from the first lead on, in whoever's hand, and that may not
        go into the atelier (a ``capture`` goal's cards: Taintless Bid's 2s, E4)."""
        return self.rules.shown_cards

    @property
    def atelier_size(self) -> int:
        return self.rules.atelier_size

    @property
    def extra_points(self) -> int:
        """Extra points a completed bid earns whatever happens (Greed, R32); honorable
        Plague's come on top (:attr:`honour_points`)."""
        return self.rules.extra_points

    @property
    def honour_points(self) -> int:
        """Extra points for being honorably beplagued (R33)."""
        return self.rules.honour_points

    @property
    def fail_points(self) -> int:
        """Extra (negative) points a failed bid costs on top of the profile's (Penalty)."""
        return self.rules.fail_points

    @classmethod
    def of(cls, profile: RuleProfile | str, standard: str | Bid, *specials: str | Bid,
           players: int = 4) -> ComboBid:
        """A checked combo bid from its bids, given as
        :class:`~combowhist.primitives.Bid` rows, keys or names.

        Raises :class:`~combowhist.errors.InvalidBidError` naming the bids and the rule if
        the combination breaks R7 (incompatible, repeated, not one standard bid, worth below
        the minimum) or is impossible by the static layer of R8 for ``players``
        participants.
        """
        rules = load_profile(profile)
        rows = [rules.bid(b) if isinstance(b, str) else b for b in (standard, *specials)]
        return check_combo(rules, rows, players)

    @classmethod
    def parse(cls, text: str, profile: RuleProfile | str, players: int = 4) -> ComboBid:
        """Read ``standard+special+…`` with keys or English or Swedish names, in any order.

        Raises :class:`~combowhist.errors.NotationError` for an unknown name and
        :class:`~combowhist.errors.InvalidBidError` for an invalid combination.
        """
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
                 worth: int, proven_for: int | None) -> ComboBid:
        """A combo built without checks, specials already in table order and ``worth``
        already summed (by :meth:`unchecked`, or a :class:`~combowhist.combos.ComboSpace`
        indexing its bids); ``proven_for`` as in :meth:`unchecked`."""
        combo = _new_combo(cls)
        _set_profile(combo, profile)
        _set_standard(combo, standard)
        _set_specials(combo, specials)
        _set_worth(combo, worth)
        _set_keys(combo, None)
        _set_compiled(combo, None)
        _set_checked_for(combo, 0 if proven_for is None else 1 << proven_for)
        return combo


# A combo's slots set directly (it is frozen): the fast way to make one, by the thousand.
_new_combo = object.__new__
_set_profile, _set_standard, _set_specials, _set_worth, _set_keys, _set_compiled, \
    _set_checked_for = (ComboBid.__dict__[name].__set__ for name in (
        "profile", "standard", "specials", "worth", "_keys", "_compiled", "_checked_for"))


@lru_cache(maxsize=4096)
def _compiled(profile: RuleProfile, standard: str, specials: frozenset[str]) -> CompiledRules:
    """The compiled rules of a combo of the profile's own rows, by their keys: combos with
    the same bids share them."""
    rows = sorted((profile.bids[key] for key in specials), key=lambda b: profile.position[b.key])
    return CompiledRules.of(profile.bids[standard], tuple(rows))


def _combo_of_keys(profile: RuleProfile, standard: str, specials: tuple[str, ...]) -> ComboBid:
    """A pickled :class:`ComboBid` from its profile and bid keys (see ``__reduce_ex__``)."""
    return ComboBid.unchecked(profile, profile.bids[standard],
                              tuple(profile.bids[key] for key in specials))


def check_combo(profile: RuleProfile, rows: list[Bid], players: int = 4) -> ComboBid:
    """Build a :class:`ComboBid` from bid rows after checking R7 and static R8 (see
    :mod:`combowhist.rules.legality`); :class:`~combowhist.errors.InvalidBidError` if they
    break them."""
    standard, specials = legality.check(profile, rows, players)
    return ComboBid.unchecked(profile, standard, specials, proven_for=players)
