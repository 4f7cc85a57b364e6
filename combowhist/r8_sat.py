"""R8's exact layer as a satisfiability problem, for the combos whose whole story is the
deal, the play, Plague and Justice: no other pre-game event, trump named freely or none, a
goal on the declarer's trick count (R31) with Greed and the tricks D must not take (Lock,
Ending Dog), Hurry, Sloth, Iron.

Cooperation makes possibility a puzzle with one player: choose who holds each unseen card
and which card goes to which trick, so that every trick follows suit (R23), is won by its
highest trump or else its highest card of the suit led, is led by the winner of the one
before, and the declarer's tricks meet the goal. A SAT solver (python-sat's CaDiCaL)
decides it outright, with no bound: possible (and the model is a line of play) or
impossible.

Every card is played, so the solver chooses for each card its trick; a seat's cards follow
from who played them. Following suit needs no order within the trick: a seat that does not
follow the suit led never plays a card of that suit later. Nor does the winner, who is the
highest of the trick whoever played first; which is why Sloth, which only reorders a
trick, changes nothing here. Plague adds the suit D names, its lead rule (R28: before D
leads, only earlier tricks matter) and a count of the plague cards in each participant's
tricks (R33), by sequential counters. Justice adds the card D names and, for its trick,
a taker of D's choice in place of the winner (R29).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Cadical153

from combowhist.cards import card_strength, mask_indices
from combowhist.primitives import TrickConditions
from combowhist.rules.play import TRICKS

__all__ = ["Solution", "allowed_counts", "solve"]


def allowed_counts(conditions: TrickConditions) -> list[int]:
    """The declarer's trick counts with which ``conditions`` hold (a count goal: the
    tricks themselves matter only through ``avoid_tricks``), Greed applied (R32)."""
    free = [t for t in range(TRICKS) if not conditions.avoid_tricks >> t & 1]
    counts = []
    for count in range(len(free) + 1):
        won = sum(1 << t for t in free[:count])
        if conditions.met(won, [0], ()):
            counts.append(count)
    return counts


class _Formula:
    """Clauses over named variables."""

    def __init__(self) -> None:
        self.pool = IDPool()
        self.clauses: list[list[int]] = []

    def var(self, *name: object) -> int:
        variable: int = self.pool.id(name)
        return variable

    def add(self, *literals: int) -> None:
        self.clauses.append(list(literals))

    def exactly_one(self, literals: Iterable[int]) -> None:
        self.count(list(literals), 1, 1)

    def choice(self, literals: list[int], made: bool) -> None:
        """One of ``literals`` where the choice is ``made``, else none."""
        if made:
            self.exactly_one(literals)
        else:
            for literal in literals:
                self.add(-literal)

    def count(self, literals: list[int], low: int, high: int) -> None:
        if low > 0:
            self.clauses += CardEnc.atleast(literals, bound=low, vpool=self.pool,
                                            encoding=EncType.seqcounter).clauses
        if high < len(literals):
            self.clauses += CardEnc.atmost(literals, bound=high, vpool=self.pool,
                                           encoding=EncType.seqcounter).clauses


class Solution(NamedTuple):
    """A deal and line of play that completes the combo."""

    trump: int
    """The trump suit D names, ``-1`` for none."""
    plague: int
    """The plague suit D names (R18), ``-1`` without Plague."""
    justice: int
    """The card of justice D names (R17), ``-1`` without Justice."""
    tricks: list[list[tuple[int, int]]]
    """Trick by trick, the ``(seat, card)`` plays, unordered."""
    takers: list[int]
    """Trick by trick, who brought it home (its winner, or whom D awarded it to, R29)."""


def solve(hand: int, deck: int, players: int, declarer: int, leader: int,
          trump_free: bool, iron: bool, conditions: TrickConditions, plague: bool = False,
          justice: bool = False) -> Solution | None:
    """A deal and line of play in which the declarer, holding ``hand``, completes a combo
    of ``conditions`` (a count goal), or ``None`` if there is none.

    ``leader`` leads trick 1; with ``trump_free`` trump is any suit the solver likes (D
    names it, R13), else there is none; ``iron``: aces low (R24); ``plague``: D names a
    plague suit (R18), may not lead it too early (R28) and must not end beplagued unless
    honourably (R33); ``justice``: D names a card of justice (R17) and awards its trick to
    anyone (R29)."""
    counts = allowed_counts(conditions)
    if not counts:
        return None
    f = _Formula()
    seats = range(players)
    cards = mask_indices(deck)
    opponents = [s for s in seats if s != declarer]

    def holds(card: int, seat: int) -> int | bool:
        """Whether ``seat`` holds ``card``: known for the declarer's cards."""
        if hand >> card & 1 or seat == declarer:
            return bool(hand >> card & 1) and seat == declarer
        return f.var("holds", card, seat)

    for card in cards:
        if not hand >> card & 1:
            f.exactly_one(f.var("holds", card, s) for s in opponents)
        f.exactly_one(f.var("trick", card, t) for t in range(TRICKS))
    for seat in opponents:
        mine = [f.var("holds", c, seat) for c in cards if not hand >> c & 1]
        f.count(mine, TRICKS, TRICKS)

    def plays(card: int, seat: int, t: int) -> int | None:
        """The variable "``seat`` plays ``card`` in trick ``t``" (``None``: it cannot)."""
        held = holds(card, seat)
        if held is False:
            return None
        if held is True:
            return f.var("trick", card, t)
        both = f.var("plays", card, seat, t)
        f.add(-both, f.var("trick", card, t))
        f.add(-both, held)
        f.add(both, -f.var("trick", card, t), -held)
        return both

    def holder_is(literal: int, card: int, role: str, t: int) -> None:
        """If ``literal``, whoever holds ``card`` is the ``role`` of trick ``t``."""
        for seat in seats:
            held = holds(card, seat)
            if held is True:
                f.add(-literal, f.var(role, t, seat))
            elif held is not False:
                f.add(-literal, -held, f.var(role, t, seat))

    played = {(c, s, t): p for c in cards for s in seats for t in range(TRICKS)
              if (p := plays(c, s, t)) is not None}
    for t in range(TRICKS):
        for seat in seats:
            f.exactly_one(p for (c, s, tt), p in played.items() if s == seat and tt == t)

    trumps = [f.var("trump", suit) for suit in range(4)]
    f.choice(trumps, trump_free)

    f.add(f.var("leader", 0, leader))
    for t in range(TRICKS):
        f.exactly_one(f.var("leader", t, s) for s in seats)
        f.exactly_one(f.var("leads", t, c) for c in cards)
        for card in cards:
            led = f.var("leads", t, card)
            f.add(-led, f.var("trick", card, t))
            f.add(-led, f.var("led", t, card // 13))
            holder_is(led, card, "leader", t)
        for suit in range(4):
            f.add(-f.var("led", t, suit),
                  *(f.var("leads", t, c) for c in cards if c // 13 == suit))

    # R23: a seat that does not follow the suit led plays no card of it later.
    for seat in seats:
        for suit in range(4):
            for t in range(TRICKS):
                later = f.var("later", seat, suit, t)
                if t + 1 < TRICKS:
                    f.add(-f.var("later", seat, suit, t + 1), later)
                    for card in cards:
                        p = played.get((card, seat, t + 1))
                        if card // 13 == suit and p is not None:
                            f.add(-p, later)
                for card in cards:
                    p = played.get((card, seat, t))
                    if card // 13 != suit and p is not None:
                        f.add(-f.var("led", t, suit), -p, -later)

    # The winner: the highest trump, else the highest card of the suit led (R23, R24).
    for t in range(TRICKS):
        f.exactly_one(f.var("wins", t, c) for c in cards)
        f.exactly_one(f.var("winner", t, s) for s in seats)
        for card in cards:
            wins = f.var("wins", t, card)
            suit = card // 13
            f.add(-wins, f.var("trick", card, t))
            f.add(-wins, trumps[suit], f.var("led", t, suit))
            for other in cards:
                if other // 13 == suit:
                    if card_strength(other, iron) > card_strength(card, iron):
                        f.add(-wins, -f.var("trick", other, t))
                elif other != card:
                    f.add(-wins, -f.var("trick", other, t), -trumps[other // 13],
                          trumps[suit])
            holder_is(wins, card, "winner", t)
    # Who brings the trick home: its winner, or whoever D awards the card of justice's
    # trick to (R29); they lead the next.
    justices = [f.var("justice", card) for card in cards]
    f.choice(justices, justice)
    for t in range(TRICKS):
        f.exactly_one(f.var("taker", t, s) for s in seats)
        holding = f.var("holds_justice", t)
        f.add(-holding, *(f.var("justice_in", card, t) for card in cards))
        for card in cards:
            f.add(-f.var("justice_in", card, t), f.var("justice", card))
            f.add(-f.var("justice_in", card, t), f.var("trick", card, t))
        for seat in seats:
            f.add(holding, -f.var("winner", t, seat), f.var("taker", t, seat))
            if t + 1 < TRICKS:
                f.add(-f.var("taker", t, seat), f.var("leader", t + 1, seat))

    mine = [f.var("taker", t, declarer) for t in range(TRICKS)]
    for t in range(TRICKS):
        if conditions.avoid_tricks >> t & 1:
            f.add(-mine[t])
    low, high = min(counts), max(counts)
    assert counts == list(range(low, high + 1)), counts  # a count goal: a range
    f.count(mine, low, high)

    plagues = [f.var("plague", suit) for suit in range(4)]
    f.choice(plagues, plague)
    if plague:
        _plague_lead(f, hand, cards)
        _plague_cards(f, cards, seats, declarer)

    with Cadical153(bootstrap_with=f.clauses) as solver:
        if not solver.solve():
            return None
        true = {literal for literal in solver.get_model() if literal > 0}
    tricks = [[(s, c) for (c, s, tt), p in played.items() if tt == t and p in true]
              for t in range(TRICKS)]
    takers = [next(s for s in seats if f.var("taker", t, s) in true) for t in range(TRICKS)]
    return Solution(next((suit for suit in range(4) if trumps[suit] in true), -1),
                    next((suit for suit in range(4) if plagues[suit] in true), -1),
                    next((c for c, v in zip(cards, justices, strict=True) if v in true), -1),
                    tricks, takers)


def _plague_lead(f: _Formula, hand: int, cards: list[int]) -> None:
    """R28: D leads a plague card only once one has been played other than as D's lead,
    or when D holds only plague cards."""
    mine = [c for c in cards if hand >> c & 1]
    for suit in range(4):
        for t in range(TRICKS):
            opened = f.var("opened", t, suit)
            if t == 0:
                f.add(-opened)
            else:  # opened only if so before trick t-1, or in trick t-1
                earlier = []
                for card in cards:
                    if card // 13 != suit:
                        continue
                    if hand >> card & 1:  # D's: played then, and not as D's lead
                        other = f.var("not_led", card, t - 1)
                        f.add(-other, f.var("trick", card, t - 1))
                        f.add(-other, -f.var("leads", t - 1, card))
                        earlier.append(other)
                    else:
                        earlier.append(f.var("trick", card, t - 1))
                f.add(-opened, f.var("opened", t - 1, suit), *earlier)
            only = f.var("only", t, suit)  # D's other cards are all gone
            for card in mine:
                if card // 13 != suit:
                    f.add(-only, *(f.var("trick", card, tt) for tt in range(t)))
            for card in mine:
                if card // 13 == suit:
                    f.add(-f.var("leads", t, card), -f.var("plague", suit), opened, only)


def _plague_cards(f: _Formula, cards: list[int], seats: range, declarer: int) -> None:
    """R33: D's tricks hold no more plague cards than some other participant's, unless D
    took them all."""
    for card in cards:
        f.exactly_one(f.var("pile", card, s) for s in seats)
        for t in range(TRICKS):
            for seat in seats:
                f.add(-f.var("trick", card, t), -f.var("taker", t, seat),
                      f.var("pile", card, seat))
    for suit in range(4):
        members = [c for c in cards if c // 13 == suit]
        at_least = {s: _at_least(f, [f.var("pile", c, s) for c in members], ("count", suit, s))
                    for s in seats}
        others = [s for s in seats if s != declarer]
        everything = [at_least[declarer][len(members)]] if members else []
        f.add(-f.var("plague", suit), *everything,
              *(f.var("matched", suit, s) for s in others))
        for seat in others:
            for k in range(1, len(members) + 1):
                f.add(-f.var("matched", suit, seat), -at_least[declarer][k], at_least[seat][k])


def _at_least(f: _Formula, items: list[int], name: tuple[object, ...]) -> dict[int, int]:
    """Variables ``v[k]`` true exactly when at least ``k`` of ``items`` are (``1 <= k <=
    len(items)``): a sequential counter, both ways. ``r(i, k)``, at least ``k`` among the
    first ``i``, is ``r(i-1, k)`` or (``r(i-1, k-1)`` and item ``i``)."""
    previous: dict[int, int] = {}  # r(i-1, k) for 1 <= k <= i-1
    for i, item in enumerate(items, start=1):
        current: dict[int, int] = {}
        for k in range(1, i + 1):
            here = current[k] = f.var(*name, i, k)
            kept = previous.get(k)  # None: false (k > i-1)
            step = previous.get(k - 1)  # None: true (k - 1 = 0)
            with_kept = [kept] if kept is not None else []
            if kept is not None:
                f.add(-kept, here)
            if step is None:
                f.add(-item, here)
            else:
                f.add(-step, -item, here)
                f.add(-here, *with_kept, step)
            f.add(-here, *with_kept, item)
        previous = current
    return previous
