"""The parts of a deal's state that the rule modules share: phases and the internal records
a :class:`~combowhist.deal.Deal` is made of. Users see them through ``Deal``'s properties.
"""

from __future__ import annotations

import enum
from typing import Any, NamedTuple

import attrs

from combowhist.bids import ComboBid
from combowhist.moves import Move
from combowhist.profiles import RuleProfile

__all__ = ["DealResult", "Phase"]

_new = tuple.__new__


class Phase(enum.Enum):
    """Where a deal is: whose decision of which kind comes next."""

    AUCTION = "auction"
    """Bidding (R5-R8): ``pass`` or ``bid``."""
    TRUMP = "trump"
    """Naming trump (R13, R15): ``trump``."""
    PREFERENCE = "preference"
    """Master's Trump statements (R15): ``prefer``."""
    RANK_COMMIT = "rank_commit"
    """Rank Trump: each participant lays a card face down (R14): ``commit``."""
    RANK_TAKE = "rank_take"
    """Rank Trump: D takes an opponent's laid card (R14): ``take``."""
    GUESS = "guess"
    """Precise or Approximate guesses (R16): ``guess``."""
    JUSTICE = "justice"
    """Naming the card of justice (R17): ``justice``."""
    PLAGUE = "plague"
    """Naming the plague suit (R18): ``plague``."""
    MAIL = "mail"
    """Choosing Mail's direction (R19): ``mail``."""
    SEND = "send"
    """Picking 3 cards to pass by Mail (R19): ``send``."""
    MASTERS_MAIL = "masters_mail"
    """Picking 3 cards to pass by Master's Mail (R20): ``send``."""
    ATELIER = "atelier"
    """Choosing the atelier (R21): ``atelier``."""
    PLAY = "play"
    """Trick play (R22-R28): ``play``."""
    REFILL = "refill"
    """Refilling the atelier (R21): ``refill``."""
    AWARD = "award"
    """Awarding the trick with the card of justice (R29): ``award``."""
    OVER = "over"
    """The deal is over; :attr:`Deal.result` is set."""

    __hash__ = object.__hash__  # members are singletons: identity hashing, without Enum's


class Table(NamedTuple):
    """What stays fixed through a deal: the rules, the seats and the cards as dealt."""

    profile: RuleProfile
    players: int
    dealer: int
    dealt: tuple[int, ...]
    """Each seat's hand as dealt, as a card bitmask."""
    scores: tuple[int, ...]
    potentials: tuple[int, ...]
    deck: int
    banned: int
    """Bitmask of seats banned from bidding (R36)."""


class Auction(NamedTuple):
    """The auction so far (R5-R7)."""

    passed: int
    """Bitmask of seats that have passed (banned seats included)."""
    high: ComboBid | None = None
    high_bidder: int = -1


class Contract(NamedTuple):
    """The declarer's combo bid and every choice made before the first lead, plus the
    flags play reads, compiled once when the auction ends. A record of the engine's, read
    by name; :meth:`replace` makes the next one."""

    declarer: int
    combo: ComboBid
    pending: tuple[str, ...]
    """Pre-game events still to come, in the order of R12."""
    trump_suit: int = -1
    """The named trump suit (Grill: trick 1's), ``-1`` for none yet or trumpless."""
    trump_chooser: int = -1
    guesses: tuple[int, ...] = ()
    justice: int = -1
    """The card of justice's index, ``-1`` if none."""
    plague: int = -1
    """The plague suit, ``-1`` if none."""
    mail: str | None = None
    preferences: tuple[tuple[int, Move], ...] = ()
    laid: tuple[int, ...] = ()
    """Rank Trump: each seat's laid card index (``-1`` not yet)."""
    taken: int = -1
    """Rank Trump: the laid card D took."""
    mail_sent: tuple[int, ...] = ()
    """Mail: each seat's 3 picked cards (a bitmask; 0 not yet)."""
    masters_mail_sent: tuple[int, ...] = ()
    """Master's Mail: each seat's 3 picked cards (0 for D and not yet)."""
    # Compiled at the first lead for trick play's hot path.
    block_suit: int = -1
    """Block Trump's trump suit (R27), ``-1`` without Block Trump."""
    orders: tuple[tuple[int, ...], ...] = ()
    """The playing order of a trick for each leader (R22, R26's Sloth)."""
    iron: bool = False
    """Iron (R24)."""
    grill: bool = False
    """Grill (R25)."""

    @property
    def play_rules(self) -> frozenset[str]:
        return self.combo.play_rules

    def replace(self, **changes: Any) -> Contract:
        """A copy with some fields changed (one allocation)."""
        fields = list(self)
        for name, value in changes.items():
            fields[_CONTRACT_INDEX[name]] = value
        contract: Contract = _new(Contract, fields)
        return contract


_CONTRACT_INDEX = {name: index for index, name in enumerate(Contract._fields)}


@attrs.frozen
class DealResult:
    """How a deal ended (R31-R34, R38)."""

    declarer: int | None
    """D's seat, ``None`` after a redeal."""
    combo: ComboBid | None
    completed: bool
    tricks: tuple[int, ...]
    """Tricks brought home per seat."""
    points: tuple[int, ...]
    """This deal's points per seat: D's bid score or failure points; 0 for the others. The
    game adds free points (R36)."""
    potential: bool
    """Whether D earned a potential (R34)."""
    redeal: bool = False
    """True when everyone passed (R38): nothing was played."""
    trick_winners: tuple[int, ...] = ()
    """The seat that brought home trick 1, 2, …"""
    guesses: tuple[int, ...] = ()
    beplagued: bool = False
    honorably_beplagued: bool = False


LogCell = tuple[Any, int, Move, Phase]
"""One move of a deal's log: ``(earlier cell or None, seat, move, phase it was made in)``.
The log is a chain of such cells, newest first, so that a move is recorded in O(1)."""


def log_pairs(cell: LogCell | None) -> tuple[tuple[int, Move], ...]:
    """The ``(seat, move)`` pairs of a log chain, oldest first."""
    return tuple((seat, move) for _, seat, move, _ in log_cells(cell))


def log_cells(cell: LogCell | None) -> list[LogCell]:
    """The cells of a log chain, oldest first."""
    cells = []
    while cell is not None:
        cells.append(cell)
        cell = cell[0]
    cells.reverse()
    return cells


class State(NamedTuple):
    """The whole state of a deal, as one flat immutable record: what
    :class:`~combowhist.deal.Deal` wraps and the rule modules read and make.

    A tuple, so that a new state costs one allocation: the rule modules build the next one
    in a single call of :func:`make` (every field given) or :meth:`but` (a few changed).
    """

    table: Table
    phase: Phase
    to_move: int | None
    """The seat whose decision comes next; ``None`` when the deal is over."""
    log: LogCell | None
    """The newest cell of the log chain (see :data:`LogCell`)."""
    hands: tuple[int, ...]
    auction: Auction
    contract: Contract | None
    leader: int
    trick: tuple[tuple[int, int], ...]
    """The current trick as (seat, card index) pairs."""
    winners: tuple[int, ...]
    taken: tuple[int, ...]
    flags: int
    atelier: int
    trump: int
    """The suit that is trump in the current trick, ``-1`` for none."""
    result: DealResult | None

    def but(self, **changes: Any) -> State:
        """This state with some fields changed (one allocation; for the rare
        transitions)."""
        fields = list(self)
        for name, value in changes.items():
            fields[_INDEX[name]] = value
        state: State = _new(State, fields)
        return state


_INDEX = {name: index for index, name in enumerate(State._fields)}


def make(table: Table, phase: Phase, to_move: int | None, log: LogCell | None,
         hands: tuple[int, ...], auction: Auction, contract: Contract | None, leader: int,
         trick: tuple[tuple[int, int], ...], winners: tuple[int, ...], taken: tuple[int, ...],
         flags: int, atelier: int, trump: int, result: DealResult | None) -> State:
    """A state from all its fields (without :class:`State`'s keyword handling)."""
    return _new(State, (table, phase, to_move, log, hands, auction, contract, leader, trick,
                        winners, taken, flags, atelier, trump, result))
