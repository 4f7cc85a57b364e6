"""Rule primitives: a bid table row (:class:`Bid`) and the values its behaviour is named by.

A bid row is data read from a profile (see :mod:`combowhist.profiles`). Its behaviour is
named by fields from a fixed vocabulary of rule primitives, each a value here that the
engine implements once: how trump comes about (:class:`TrumpRule`), the trick goal
(:class:`Goal`), a pre-game event (:class:`Event`), play rules (:class:`PlayRule`), what of
the declarer's hand is shown (:class:`Exposure`), and a combo's trick conditions together
(:class:`TrickConditions`). The docs' how-to on house rules lists the TOML spelling of each.

The string enums compare equal to the words a profile file uses (``Event.PLAGUE ==
"plague"``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

import attrs

__all__ = [
    "BID_REFERENCES",
    "Bid",
    "Event",
    "Exposure",
    "Goal",
    "GoalKind",
    "PlayRule",
    "RankLayers",
    "TrickConditions",
    "TrumpRule",
    "combo_worth",
    "special_worth",
]


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
    RIGHT_OF_DECLARER = "right_of_declarer"
    """The player to the declarer's right names it after preferences (1.5.1's Master
    Trump, E3)."""

    @property
    def chosen_by_opponent(self) -> bool:
        """Whether an opponent of D names trump after the others' preferences (R15, E3)."""
        return self in (TrumpRule.LEFT_OF_DECLARER, TrumpRule.RIGHT_OF_DECLARER)


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
    CAPTURE = "capture"
    """Bring home every named card of the deck in use, whatever the trick count; the named
    cards are shown to all from the first lead and kept out of the atelier (1.5.1's
    Taintless Bid, E4)."""


class RankLayers(enum.StrEnum):
    """Who lays a card face down for Rank Trump (the ``laid_by`` primitive, R14, E2)."""

    ALL = "all"
    """Every participant; D swaps their own laid card for the one taken (R14)."""
    OPPONENTS = "opponents"
    """Only D's opponents; D gives any one card of their hand for the one taken (1.5.1,
    E2)."""


class Event(enum.StrEnum):
    """A special bid's pre-game event (the ``event`` primitive), run in the order of R12."""

    JUSTICE = "justice"
    """D names the card of justice; its trick is D's to award (R17, R29)."""
    PLAGUE = "plague"
    """D names the plague suit (R18, R33)."""
    MAIL = "mail"
    """Every participant passes 3 cards in a direction D names (R19)."""
    MASTERS_MAIL = "masters_mail"
    """The opponents pass 3 cards among themselves (R20)."""
    ATELIER = "atelier"
    """D lays cards face up and keeps the atelier filled during play (R21)."""


class PlayRule(enum.StrEnum):
    """A rule of trick play a special bid brings in (the ``play`` primitive)."""

    DECLARER_PLAYS_LAST = "declarer_plays_last"
    """D plays last in the tricks D does not lead (Sloth, R26)."""
    DECLARER_LEADS_FIRST = "declarer_leads_first"
    """D leads trick 1 (Hurry, R22)."""
    ACES_LOW = "aces_low"
    """Aces rank lowest (Iron, R24)."""


class Exposure(enum.StrEnum):
    """What of D's cards everyone sees during play (R30): the ``expose`` primitive
    (``hand``, ``trumps``), and the atelier, which its event exposes."""

    HAND = "hand"
    TRUMPS = "trumps"
    ATELIER = "atelier"


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
    cards: int = 0
    """The cards a ``capture`` goal names, as a bitmask (the 2s for Taintless Bid)."""

    @property
    def first_mask(self) -> int:
        """The trick-number bitmask of Limbo's first part (bits ``0 .. first - 1``), 0 for
        other goals."""
        return (1 << self.first) - 1

    def met(self, tricks: int, first_part: int, others: Sequence[int],
            guesses: Sequence[int], captured: bool = False) -> bool:
        """Whether D's trick count meets this goal (R31).

        ``tricks`` is D's count, ``first_part`` how many of them came among the first
        ``first`` tricks (Limbo), ``others`` the other participants' counts, ``guesses``
        D's guesses, ``captured`` whether D brought home every card a ``capture`` goal
        names (E4).
        """
        kind = self.kind
        if kind is GoalKind.CAPTURE:
            return captured
        if kind is GoalKind.MIN_TRICKS:
            return tricks >= self.n
        if kind is GoalKind.MAX_TRICKS:
            return tricks <= self.n
        if kind is GoalKind.LIMBO:
            return first_part < tricks - first_part
        if kind is GoalKind.NOT_MOST:
            return tricks < max(others)
        if kind is GoalKind.LEAST:
            return tricks <= min(others)
        if kind is GoalKind.SOLITARY_MOST:
            return tricks > max(others)
        return tricks in guesses  # GUESSED

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
    instant_win: bool = False
    """Completing it with a combo worth the profile's ``instant_win_worth`` or more wins the
    game at once (Taintless Master's Game, R35)."""
    laid_by: RankLayers = RankLayers.ALL
    """Rank Trump: who lays a card, and so what D gives for the card taken (R14, E2)."""
    # Special bids.
    event: Event | None = None
    """Its pre-game event, if any."""
    play: frozenset[PlayRule] = frozenset()
    """The play rules it brings in."""
    avoid_tricks: frozenset[int] = frozenset()
    """Trick numbers (1-13) the declarer must not bring home (Lock, Ending Dog)."""
    greed: bool = False
    potential: bool = False
    expose: Exposure | None = None
    """What of the declarer's hand is shown during play: ``hand`` or ``trumps`` (R30)."""
    atelier_size: int = 0
    extra_points: int = 0
    """Points added whenever the bid completes (Greed, R32)."""
    honour_points: int = 0
    """Points added when D is honorably beplagued (Plague, R33)."""
    fail_points: int = 0
    """Points added (negative) when the bid fails (Penalty)."""
    trump_bid_worth: int | None = None
    """Worth when combined with a trump bid not in ``trump_bid_worth_except`` (R10)."""
    trump_bid_worth_except: frozenset[str] = frozenset()
    direction: str | None = None
    """Mail and Master's Mail: the fixed direction the cards go (``left``, ``right``);
    ``None`` for Mail means D chooses it (R19) and for Master's Mail means ``right``
    (R20)."""
    continues: str | None = None
    """The key this same bid has in the profile it was renamed from, its base (1.4.0's
    ``exact`` is 1.4.1's ``precise``): what ``combowhist rules --diff`` lines up."""

    @property
    def has_trump(self) -> bool:
        """The Trump column: whether this standard bid has a trump suit."""
        return self.trump is not TrumpRule.NONE

    def name(self, language: str = "en") -> str:
        """The bid's display name in a language (``en`` or ``sv``)."""
        return self.names[language]

    def __str__(self) -> str:
        return self.key


BID_REFERENCES = ("incompatible", "trump_bid_worth_except")
"""The fields of a :class:`Bid` (and keys of a profile's bid row) that name other bids by
key: what follows a renamed bid (``continues``)."""


def special_worth(bid: Bid, standard: Bid) -> int:
    """A special bid's worth in a combo with this standard bid (R10 for Master's Mail)."""
    if (
        bid.trump_bid_worth is not None
        and standard.has_trump
        and standard.key not in bid.trump_bid_worth_except
    ):
        return bid.trump_bid_worth
    return bid.worth


def combo_worth(standard: Bid, specials: Iterable[Bid]) -> int:
    """A combo's worth: the sum of its bids' worths, Master's Mail by R10."""
    return standard.worth + sum(special_worth(bid, standard) for bid in specials)


@attrs.frozen
class TrickConditions:
    """What D's tricks must satisfy for a combo to complete (R31, R32): the standard bid's
    goal, Greed's virtual trick and the tricks D must not take. Plague is judged apart, on
    cards rather than tricks (R33)."""

    goal: Goal
    guesses: int = 0
    """How many numbers D guesses (R16)."""
    greed: bool = False
    """Whether Greed's virtual trick applies (R32)."""
    avoid_tricks: int = 0
    """Bitmask of trick numbers (bit ``n - 1`` for trick ``n``) D must not take (R31)."""

    @classmethod
    def of(cls, standard: Bid, specials: Iterable[Bid]) -> TrickConditions:
        """The conditions of a standard bid combined with these special bids."""
        if standard.goal is None:
            raise ValueError(f"{standard.key} is not a standard bid: it has no goal")
        greed = False
        avoid = 0
        for bid in specials:
            greed = greed or bid.greed
            for trick in bid.avoid_tricks:
                avoid |= 1 << (trick - 1)
        return cls(standard.goal, standard.guesses, greed, avoid)

    def met(self, won: int, others: Sequence[int], guesses: Sequence[int],
            captured: bool = False) -> bool:
        """Whether every condition holds, Greed applied (R31, R32).

        ``won`` is the bitmask of trick numbers D brought home (bit ``n - 1`` for trick
        ``n``), ``others`` the other participants' trick counts, ``guesses`` D's guesses,
        ``captured`` whether D brought home every card a ``capture`` goal names (E4).
        """
        if won & self.avoid_tricks:  # Lock, Ending Dog; Greed does not touch them (R32)
            return False
        goal = self.goal
        tricks = won.bit_count()
        first = (won & goal.first_mask).bit_count()
        if not self.greed:
            return goal.met(tricks, first, others, guesses, captured)
        # R32: the virtual trick disfavors D. Added, it lands in Limbo's first part; taken
        # away, it leaves the last part; the bid must hold both ways.
        return (goal.met(tricks + 1, first + 1, others, guesses, captured)
                and goal.met(tricks - 1, first, others, guesses, captured))
