"""R8's exact layer as a satisfiability problem, for every combo bid of the profiles: every
trump rule (named by D, freely or for Sub Trump not in D's longest suit; Grill's, changing
every trick; Block Trump's, held back from D; Rank Trump's, the suit of the card taken; or
none), every pre-game event (Rank Trump's cards, Justice, Plague, Mail, Master's Mail), every
goal (with guesses, Greed and the tricks D must not take: Lock, Ending Dog), Hurry, Sloth,
Iron.

Cooperation makes possibility a puzzle with one player: choose who holds each unseen card
and which card goes to which trick, so that every trick follows suit (R23), is won by its
highest trump or else its highest card of the suit led, is led by the winner of the one
before, and the trick counts meet the goal. A SAT solver (python-sat's CaDiCaL) decides it
outright, with no bound: possible (and the model is a line of play) or impossible. Where
it takes long, it goes on with the unseen cards' symmetry broken (two cards with none
between them are interchangeable, so the weaker is played no later, :func:`_in_order`),
which shortens the proofs of weak hands.

Every card is played, so the solver chooses for each card its trick; a seat's cards follow
from who played them. Following suit needs no order within the trick: a seat that does not
follow the suit led never plays a card of that suit later. Nor does the winner, who is the
highest of the trick whoever played first; which is why Sloth, which only reorders a
trick, changes nothing here but under Block Trump, where D may trump after an opponent
has trumped earlier in the same trick (R27), so the seats before D in the trick matter.
Grill's trump is the suit led in the trick before (R25). The goal is read through
:meth:`~combowhist.primitives.TrickConditions.met`, the one authority: every combination of
the trick counts it reads (D's, split at Limbo's seventh trick; the others' where the goal
compares) that it refuses is ruled out, by sequential counters. Plague adds the suit D
names, its lead rule (R28: before D leads, only earlier tricks matter; it gives way to
Block Trump) and a count of the plague cards in each participant's tricks (R33). Justice
adds the card D names and, for its trick, a taker of D's choice in place of the winner
(R29). Beside Rank Trump the hands before the first lead are modelled stage by stage, as
the rules run the exchanges: dealt, after Rank Trump (R14, E2), after Mail (R19), after
Master's Mail (R20); each exchange moves 3 cards of every sender at once. Mail without Rank
Trump is modelled at the first lead alone: D's 3 cards out and 3 in, and the hand D's cards
went to (the Mail target, or under Master's Mail the opponent it passes to); every other
lie of the unseen cards at the first lead is reached by some deal and picks, which the
witness works back (:func:`combowhist.analysis.witness`), so the choice of them is no part
of the puzzle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, pairwise
from typing import Any, NamedTuple

from pysat.card import CardEnc, EncType  # type: ignore[import-not-found, unused-ignore]
from pysat.solvers import Cadical195  # type: ignore[import-not-found, unused-ignore]

from combowhist.cards import SUIT_MASKS, card_strength, compositions, mask_indices
from combowhist.errors import AnalysisError
from combowhist.primitives import GoalKind, TrickConditions, TrumpRule
from combowhist.rules.every_trick import GaveWay
from combowhist.rules.play import TRICKS, trick_order
from combowhist.rules.setup import MAIL_CARDS, mail_target, masters_mail_target

__all__ = ["TRUMP_RULES", "GoalTable", "Puzzle", "Solution", "goal_table", "solve"]

TRUMP_RULES = frozenset({TrumpRule.NONE, TrumpRule.DECLARER, TrumpRule.SUB, TrumpRule.GRILL,
                         TrumpRule.BLOCK, TrumpRule.RANK})
"""The ways trump comes about that :func:`solve` reads (a suit named by a cooperating
opponent is the same as D's free choice)."""

_COMPARING = frozenset({GoalKind.NOT_MOST, GoalKind.LEAST, GoalKind.SOLITARY_MOST})
"""The goals that read the other participants' trick counts (R31)."""


class GoalTable(NamedTuple):
    """What of the trick counts a combo's conditions read, and which values they accept."""

    parts: tuple[int, ...]
    """D's tricks are counted part by part: each a bitmask of trick numbers (0-based);
    Limbo's first and last parts, else all 13 tricks in one."""
    others: bool
    """Whether each other participant's count is read too (the goals that compare)."""
    allowed: frozenset[tuple[int, ...]]
    """The accepted values: D's count in each part, then (if :attr:`others`) the other
    participants' counts in seat order, D left out."""
    refused: frozenset[tuple[int, ...]]
    """The other values that can come about (D taking no trick it must not take)."""
    guesses: dict[tuple[int, ...], tuple[int, ...]]
    """For a goal with guesses (R16), the guesses that make each accepted value complete."""


def goal_table(conditions: TrickConditions, players: int) -> GoalTable:
    """Every value of the trick counts ``conditions`` read (:class:`GoalTable`) with which
    they hold, Greed applied (R32), the guesses chosen to fit (R16), and no trick D must
    not take (Lock, Ending Dog) among D's."""
    goal = conditions.goal
    everything = (1 << TRICKS) - 1
    first = goal.first_mask
    parts = (first, everything & ~first) if first else (everything,)
    others = goal.kind in _COMPARING
    free = [[n for n in range(TRICKS) if part >> n & 1 and not conditions.avoid_tricks >> n & 1]
            for part in parts]
    options = list(_guess_sets(conditions.guesses))
    allowed: set[tuple[int, ...]] = set()
    refused: set[tuple[int, ...]] = set()
    guesses: dict[tuple[int, ...], tuple[int, ...]] = {}
    for mine in _counts([len(f) for f in free]):
        won = sum(1 << n for f, k in zip(free, mine, strict=True) for n in f[:k])
        rest = TRICKS - sum(mine)
        for theirs in (compositions(rest, players - 1) if others else [()]):
            fit = next((g for g in options  # a capture goal is the solver's own clauses
                        if conditions.met(won, list(theirs) or [0], g, captured=True)), None)
            if fit is None:
                refused.add((*mine, *theirs))
            else:
                allowed.add((*mine, *theirs))
                guesses[(*mine, *theirs)] = fit
    return GoalTable(parts, others, frozenset(allowed), frozenset(refused), guesses)


def _guess_sets(count: int) -> Iterator[tuple[int, ...]]:
    """Every choice of ``count`` different guesses 0-13 (R16)."""
    return combinations(range(TRICKS + 1), count)


def _counts(sizes: list[int]) -> Iterator[tuple[int, ...]]:
    """Every tuple of counts, each at most its size."""
    if not sizes:
        yield ()
        return
    for k in range(sizes[0] + 1):
        for more in _counts(sizes[1:]):
            yield (k, *more)


_PlaysOfSuit = dict[tuple[int, int, int], list[int]]
"""By (seat, trick, suit): the variables of that seat playing each card of the suit in that
trick."""

_Literal = int | bool
"""A variable (negative: its negation), or a value known in advance."""


def _not(literal: _Literal) -> _Literal:
    return (not literal) if isinstance(literal, bool) else -literal


class _Formula:
    """Clauses over named variables."""

    def __init__(self) -> None:
        self.ids: dict[tuple[object, ...], int] = {}
        self.top = 0
        """The highest variable in use (named, or a counter's own)."""
        self.clauses: list[list[int]] = []
        self.defined: set[tuple[object, ...]] = set()
        """The names of the variables whose clauses are in (those defined once)."""

    def var(self, *name: object) -> int:
        variable = self.ids.get(name)
        if variable is None:
            self.top += 1
            variable = self.ids[name] = self.top
        return variable

    def add(self, *literals: int) -> None:
        self.clauses.append(list(literals))

    def clause(self, *literals: _Literal) -> None:
        """A clause whose literals may be known: a true one satisfies it, a false one is
        dropped."""
        kept = []
        for literal in literals:
            if literal is True:
                return
            if literal is not False:
                kept.append(literal)
        self.clauses.append(kept)

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
            self._counter(CardEnc.atleast(literals, bound=low, top_id=self.top,
                                          encoding=EncType.seqcounter))
        if high < len(literals):
            self._counter(CardEnc.atmost(literals, bound=high, top_id=self.top,
                                         encoding=EncType.seqcounter))

    def _counter(self, encoded: Any) -> None:
        self.clauses += encoded.clauses
        self.top = max(self.top, encoded.nv)


_CONFLICTS = 20_000
"""The conflicts the solver may spend on a formula, once the preferred choices are
dropped, before it breaks the symmetry of the unseen cards (:func:`_in_order`) and goes
on without a limit. Nearly every puzzle with a model is solved before: those clauses slow
such puzzles down (up to fourfold, measured from the start), but they cut the long proofs
of weak hands (2-4 of each suit and the 5 of clubs: Trump + Greed + Lock, Block Trump +
Greed + Ending Dog and Max Trump + Greed from past 20 s, two of them past 60 s, to 11-17 s).
A hand's whole list that needs no such proof is solved as before."""

_CHUNK = 20_000
"""The conflicts of the solver's first run in each of its phases where it takes turns with
another search (:func:`solve`'s ``between``, :func:`_limited`): each run after is twice as
long. Shorter runs cost more than they give: each run of CaDiCaL's costs a setting up
(one proof went from 1.4 s to 4.8 s in runs of 2,000)."""


_PREFERRED_CONFLICTS = 100_000
"""The conflicts the solver may spend looking for a model with the preferred choices
(:func:`_preferred`) before it looks without them."""

_SOLVER_OPTIONS = {"stabilizeonly": 1}
"""CaDiCaL's options (python-sat's ``Cadical195``): its stable mode alone, which suits
these puzzles, nearly all of which have a model (a fifth less solver time on a hand's
whole list and on single checks than CaDiCaL 1.5.3's defaults, ``benchmarks/witness.py``)."""


class Puzzle(NamedTuple):
    """One question for :func:`solve`: a hand and what of a combo can matter to it."""

    hand: int
    """The declarer's hand, as a bitmask."""
    deck: int
    """The cards in use (R2)."""
    players: int
    declarer: int
    leader: int
    """Who leads trick 1: right of D, or D under Hurry (R22)."""
    trump: TrumpRule
    """How trump comes about (one of :data:`TRUMP_RULES`)."""
    iron: bool
    """Aces low (R24)."""
    sloth: bool
    """D plays last in the tricks D does not lead (R26)."""
    conditions: TrickConditions
    plague: bool = False
    """D names a plague suit (R18), may not lead it too early (R28) and must not end
    beplagued unless honourably (R33)."""
    justice: bool = False
    """D names a card of justice (R17) and awards its trick to anyone (R29)."""
    mail: tuple[str, ...] = ()
    """The directions Mail may go (R19: D chooses; or the one the profile fixes); none
    without Mail."""
    masters_mail: str | None = None
    """Master's Mail's direction (R20), ``None`` without it."""
    capture: int = 0
    """The cards D must bring home (a ``capture`` goal, E4), as a bitmask."""
    wants_tricks: bool = True
    """Whether D would rather take tricks than not: which pre-game choices the solver tries
    first (trump in D's longest suit, Rank Trump's card of it for D's weakest card, Mail's
    3 weakest cards out for the 3 strongest unseen; the reverse if not), never its
    answer."""
    either_leader: bool = False
    """Whether to try first for a line that also holds with the other seat leading trick 1
    (Hurry the other way, R22): every seat follows the suit led in trick 1, and where D
    would then lead it, that suit is not the plague suit (R28). Such a line settles the
    combo with Hurry the other way too, without a solver call of its own; never the
    answer."""


class Solution(NamedTuple):
    """A deal and line of play that completes the combo."""

    trump: int
    """The trump suit D names, ``-1`` for none."""
    plague: int
    """The plague suit D names (R18), ``-1`` without Plague."""
    justice: int
    """The card of justice D names (R17): a card of the trick D awards to another
    participant, or of trick 1 if none is (awarded to its winner, R29); ``-1`` without
    Justice."""
    tricks: list[list[tuple[int, int]]]
    """Trick by trick, the ``(seat, card)`` plays, unordered."""
    takers: list[int]
    """Trick by trick, who brought it home (its winner, or whom D awarded it to, R29)."""
    guesses: tuple[int, ...] = ()
    """D's guesses (R16), for a goal with guesses."""
    dealt: tuple[int, ...] = ()
    """The dealt hands, seat by seat, as bitmasks (D's is the hand asked about); ``()``
    for Mail without Rank Trump, solved at the first lead (:attr:`passed`)."""
    laid: tuple[int, ...] = ()
    """Rank Trump: the card each seat lays (R14; D's is the card D gives, E2), else ()."""
    taken: int = -1
    """Rank Trump: the card D takes (R14), else ``-1``."""
    mail: str | None = None
    """Mail's direction (R19), ``None`` without Mail."""
    mail_sent: tuple[int, ...] = ()
    """Mail: the 3 cards each seat sends, as bitmasks."""
    masters_sent: tuple[int, ...] = ()
    """Master's Mail: the 3 cards each opponent sends (D's entry 0)."""
    passed: int = 0
    """Mail without Rank Trump: the 3 cards D passes; the hands at the first lead are the
    plays', from which the deal and everyone's picks are worked back."""
    received: int = 0
    """Mail without Rank Trump: the 3 cards D gets."""


def solve(puzzle: Puzzle, between: Callable[[], bool] | None = None) -> Solution | None:
    """A deal and line of play in which the declarer completes the combo of ``puzzle``, or
    ``None`` if there is none. With ``between``, the solver runs in runs of :data:`_CHUNK`
    conflicts and more (:func:`_limited`), calls it before each, and gives up
    (:class:`~combowhist.rules.every_trick.GaveWay`) once it returns ``True``: so another
    search can take turns with it."""
    hand, deck, players, declarer, leader = puzzle[:5]
    rule = puzzle.trump
    if rule not in TRUMP_RULES:
        raise ValueError(f"the solver does not read trump rule {rule.value}")
    table = goal_table(puzzle.conditions, players)
    if not table.allowed:
        return None
    f = _Formula()
    seats = range(players)
    cards = mask_indices(deck)
    opponents = [s for s in seats if s != declarer]

    trumps = [f.var("trump", suit) for suit in range(4)]
    f.choice(trumps, rule is not TrumpRule.NONE)
    hands = _Hands(f, puzzle, cards, trumps)
    holds = hands.holds
    for card in cards:
        f.exactly_one(f.var("trick", card, t) for t in range(TRICKS))

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

    def holder_is(literal: int, card: int, roles: list[int]) -> None:
        """If ``literal``, whoever holds ``card`` is the one of ``roles`` (by seat) at
        their seat."""
        for seat, role in zip(seats, roles, strict=True):
            f.clause(-literal, _not(holds(card, seat)), role)

    played = {(c, s, t): p for c in cards for s in seats for t in range(TRICKS)
              if (p := plays(c, s, t)) is not None}
    one_card: dict[tuple[int, int], list[int]] = {}  # each seat plays one card a trick
    for (_, seat, t), p in played.items():
        one_card.setdefault((seat, t), []).append(p)
    for t in range(TRICKS):
        for seat in seats:
            f.exactly_one(one_card.get((seat, t), []))

    if rule is TrumpRule.SUB:  # R13: not a suit D holds the most cards in
        held = [(hand & SUIT_MASKS[suit]).bit_count() for suit in range(4)]
        for suit in range(4):
            if held[suit] == max(held):
                f.add(-trumps[suit])

    def trump_in(t: int, suit: int) -> int:
        """Whether ``suit`` is trump in trick ``t``: Grill's is the suit led in the trick
        before, after the first (R25)."""
        return f.var("led", t - 1, suit) if rule is TrumpRule.GRILL and t else trumps[suit]

    f.add(f.var("leader", 0, leader))
    for t in range(TRICKS):
        leaders = [f.var("leader", t, s) for s in seats]
        f.exactly_one(leaders)
        f.exactly_one(f.var("leads", t, c) for c in cards)
        for card in cards:
            led = f.var("leads", t, card)
            f.add(-led, f.var("trick", card, t))
            f.add(-led, f.var("led", t, card // 13))
            holder_is(led, card, leaders)
        for suit in range(4):
            f.add(-f.var("led", t, suit),
                  *(f.var("leads", t, c) for c in cards if c // 13 == suit))

    # R23: a seat that does not follow the suit led plays no card of it later.
    def plays_suit(seat: int, t: int, suit: int) -> int:
        """Whether ``seat`` plays a card of ``suit`` in trick ``t``."""
        return f.var("plays_suit", seat, t, suit)

    # Defined both ways (the clauses below need only the card's way, but the solver
    # propagates better with both: 7% less solving on the benchmark's instances).
    of_suit: _PlaysOfSuit = {}
    for (card, seat, t), p in played.items():
        f.add(-p, plays_suit(seat, t, card // 13))
        of_suit.setdefault((seat, t, card // 13), []).append(p)
    for seat in seats:
        for t in range(TRICKS):
            for suit in range(4):
                f.add(-plays_suit(seat, t, suit), *of_suit.get((seat, t, suit), []))
    for seat in seats:
        for suit in range(4):
            for t in range(TRICKS):
                later = f.var("later", seat, suit, t)
                if t + 1 < TRICKS:
                    f.add(-f.var("later", seat, suit, t + 1), later)
                    f.add(-plays_suit(seat, t + 1, suit), later)
                for other in range(4):
                    if other != suit:
                        f.add(-f.var("led", t, suit), -plays_suit(seat, t, other), -later)

    # The winner: the highest trump, else the highest card of the suit led (R23, R24).
    # beaten(t, card): a stronger card of its suit is in trick t; present(t, suit): a card
    # of the suit is (each implied by the cards, which is all the winner's clauses need).
    ladders = _ladders(cards, puzzle.iron)
    for t in range(TRICKS):
        for suit, ladder in enumerate(ladders):
            for weaker, stronger in pairwise(ladder):
                f.add(-f.var("trick", stronger, t), f.var("beaten", t, weaker))
                f.add(-f.var("beaten", t, stronger), f.var("beaten", t, weaker))
            for card in ladder:
                f.add(-f.var("trick", card, t), f.var("present", t, suit))
        f.exactly_one(f.var("wins", t, c) for c in cards)
        winners = [f.var("winner", t, s) for s in seats]
        f.exactly_one(winners)
        trump = [trump_in(t, suit) for suit in range(4)]
        present = [f.var("present", t, suit) for suit in range(4)]
        for card in cards:
            wins = f.var("wins", t, card)
            suit = card // 13
            f.add(-wins, f.var("trick", card, t))
            f.add(-wins, trump[suit], f.var("led", t, suit))
            f.add(-wins, -f.var("beaten", t, card))
            for other in range(4):
                if other != suit:
                    f.add(-wins, -present[other], -trump[other], trump[suit])
            holder_is(wins, card, winners)
    # Who brings the trick home: its winner, or whoever D awards the card of justice's
    # trick to (R29); they lead the next. Any card of the deck may be named (R17) and every
    # card is played, so the card comes down to the trick it is in: at most one trick is
    # awarded, and a card of it is named once solved.
    awards = [f.var("award", t) for t in range(TRICKS)] if puzzle.justice else []
    for n, award in enumerate(awards):  # at most one, pair by pair (no counter)
        for later in awards[n + 1:]:
            f.add(-award, -later)
    for t in range(TRICKS):
        f.exactly_one(f.var("taker", t, s) for s in seats)
        for seat in seats:
            f.add(*awards[t:t + 1], -f.var("winner", t, seat), f.var("taker", t, seat))
            if t + 1 < TRICKS:
                f.add(-f.var("taker", t, seat), f.var("leader", t + 1, seat))

    for t in range(TRICKS):
        if puzzle.conditions.avoid_tricks >> t & 1:
            f.add(-f.var("taker", t, declarer))
    _goal(f, table, declarer, opponents)

    for card in mask_indices(puzzle.capture & deck):  # E4: D brings home every one
        for t in range(TRICKS):
            f.add(-f.var("trick", card, t), f.var("taker", t, declarer))

    if rule is TrumpRule.BLOCK:
        _block(f, puzzle, hands, played, of_suit, trumps)
    plagues = [f.var("plague", suit) for suit in range(4)]
    f.choice(plagues, puzzle.plague)
    if puzzle.plague:
        _plague_lead(f, hands, trumps if rule is TrumpRule.BLOCK else None)
        fewest = min(sum(value[:len(table.parts)]) for value in table.allowed)
        _plague_cards(f, cards, seats, declarer, players * (TRICKS - fewest))

    preferred = _preferred(f, puzzle, trumps) + _either_leader(f, puzzle, of_suit, plagues)
    with Cadical195() as solver:
        solver.configure(_SOLVER_OPTIONS)
        solver.append_formula(f.clauses)
        if not _solved(solver, preferred, lambda: _in_order(f, puzzle, ladders), between):
            return None
        true = {literal for literal in solver.get_model() if literal > 0}
    tricks = [[(s, c) for (c, s, tt), p in played.items() if tt == t and p in true]
              for t in range(TRICKS)]
    takers = [next(s for s in seats if f.var("taker", t, s) in true) for t in range(TRICKS)]
    awarded = next((t for t, award in enumerate(awards) if award in true), 0)
    return Solution(next((suit for suit in range(4) if trumps[suit] in true), -1),
                    next((suit for suit in range(4) if plagues[suit] in true), -1),
                    tricks[awarded][0][1] if puzzle.justice else -1,
                    tricks, takers, table.guesses[_value(table, takers, declarer, players)],
                    *hands.solution(true))


class _Hands:
    """Who holds each card at each stage before the first lead: dealt (D's hand is the one
    asked about), after Rank Trump (R14, E2), after Mail (R19), after Master's Mail (R20),
    each exchange modelled as the rules run it; :meth:`holds` is the last stage. Mail
    without Rank Trump is one stage, the first lead (:meth:`_mail_at_lead`)."""

    def __init__(self, f: _Formula, puzzle: Puzzle, cards: list[int], trumps: list[int]
                 ) -> None:
        self.f = f
        self.puzzle = puzzle
        self.cards = cards
        self.seats = range(puzzle.players)
        self.declarer = declarer = puzzle.declarer
        self.opponents = [s for s in self.seats if s != declarer]
        self.stages = 1
        self._held: dict[tuple[int, int], _Literal] = {}
        # Mail without Rank Trump is modelled at the first lead: D's part of it alone.
        self.at_lead = bool(puzzle.mail) and puzzle.trump is not TrumpRule.RANK
        if puzzle.trump is TrumpRule.RANK:
            self._rank_trump(trumps)
        elif self.at_lead:
            self._mail_at_lead()
        else:
            self._dealt()
        for seat in self.opponents:
            f.count([v for c in cards if not isinstance(v := self.at(c, 0, seat), bool)],
                    TRICKS, TRICKS)
        if self.at_lead:
            return
        players = puzzle.players
        if puzzle.mail:
            self._exchange("mail", {d: [mail_target(d, s, players) for s in self.seats]
                                    for d in puzzle.mail}, senders=self.seats)
        if puzzle.masters_mail is not None:
            direction = puzzle.masters_mail
            self._exchange("masters", {direction: [
                masters_mail_target(s, declarer, players, direction) for s in self.seats]},
                senders=self.opponents)

    def at(self, card: int, stage: int, seat: int) -> _Literal:
        """Whether ``seat`` holds ``card`` after ``stage`` exchanges."""
        if self.at_lead and seat == self.declarer:
            if self.puzzle.hand >> card & 1:
                return -self.f.var("passes", card)
            return self.f.var("gets", card)
        if stage == 0 and self.puzzle.trump is not TrumpRule.RANK and not self.at_lead:
            mine = bool(self.puzzle.hand >> card & 1)
            if mine or seat == self.declarer:
                return mine and seat == self.declarer
        if stage == 0 and self.puzzle.trump is TrumpRule.RANK and seat == self.declarer:
            if self.puzzle.hand >> card & 1:
                return -self.f.var("gave", card)
            return self.f.var("took", card)
        return self.f.var("at", card, stage, seat)

    def holds(self, card: int, seat: int) -> _Literal:
        """Whether ``seat`` holds ``card`` at the first lead (asked once the exchanges are
        all modelled; kept, as the formula asks it again and again)."""
        held = self._held.get((card, seat))
        if held is None:
            held = self._held[card, seat] = self.at(card, self.stages - 1, seat)
        return held

    def _dealt(self) -> None:
        for card in self.cards:
            if not self.puzzle.hand >> card & 1:
                self.f.exactly_one(self.f.var("at", card, 0, s) for s in self.opponents)

    def _mail_at_lead(self) -> None:
        """R19 (and R20) at the first lead: D passes 3 cards of D's hand and gets 3 unseen
        ones; the cards D passes are held by the Mail target, or under Master's Mail by it
        or the opponent it passes to. Every other way the unseen cards can lie at the
        first lead is reached by some deal and some picks of the opponents (each is sent 3
        cards of its hand by the one passing to it; :func:`combowhist.analysis.witness`
        works them back), so nothing else of the exchanges is modelled."""
        f, puzzle = self.f, self.puzzle
        players, declarer = puzzle.players, self.declarer
        mine = [c for c in self.cards if puzzle.hand >> c & 1]
        f.count([f.var("passes", c) for c in mine], MAIL_CARDS, MAIL_CARDS)
        f.count([f.var("gets", c) for c in self.cards if not puzzle.hand >> c & 1],
                MAIL_CARDS, MAIL_CARDS)
        directions = [f.var("mail", "direction", d) for d in puzzle.mail]
        f.exactly_one(directions)
        for card in self.cards:
            own = (-f.var("passes", card) if puzzle.hand >> card & 1
                   else f.var("gets", card))
            f.exactly_one([own, *(f.var("at", card, 0, s) for s in self.opponents)])
        for direction, chosen in zip(puzzle.mail, directions, strict=True):
            target = mail_target(direction, declarer, players)
            holders = {target}
            if puzzle.masters_mail is not None:
                holders.add(masters_mail_target(target, declarer, players,
                                                puzzle.masters_mail))
            for card in mine:
                for seat in self.opponents:
                    if seat not in holders:
                        f.add(-chosen, -f.var("at", card, 0, seat))

    def _rank_trump(self, trumps: list[int]) -> None:
        """R14 (E2): D gives a card of D's hand for the card D takes, laid by an opponent
        (its owner) with the highest rank of the cards laid; each other opponent laid a card
        of no higher rank, which stays in its hand. Trump is the suit of the card taken."""
        f, hand, iron = self.f, self.puzzle.hand, self.puzzle.iron
        mine = [c for c in self.cards if hand >> c & 1]
        unseen = [c for c in self.cards if not hand >> c & 1]
        f.exactly_one(f.var("gave", c) for c in mine)
        f.exactly_one(f.var("took", c) for c in unseen)
        f.exactly_one(f.var("owner", s) for s in self.opponents)
        for card in mine:  # the card given goes to the owner
            for seat in self.opponents:
                at = f.var("at", card, 0, seat)
                f.add(-at, f.var("gave", card))
                f.add(-at, f.var("owner", seat))
                f.add(at, -f.var("gave", card), -f.var("owner", seat))
        for card in unseen:
            f.exactly_one([f.var("took", card), *(f.var("at", card, 0, s)
                                                  for s in self.opponents)])
            taken = f.var("took", card)
            f.add(-taken, trumps[card // 13])
            top = card_strength(card, iron)
            for seat in self.opponents:
                f.add(-taken, f.var("owner", seat),
                      *(f.var("at", c, 0, seat) for c in unseen
                        if c != card and card_strength(c, iron) <= top))

    def _exchange(self, name: str, targets: dict[str, list[int]], senders: Sequence[int]
                  ) -> None:
        """Each of ``senders`` passes ``MAIL_CARDS`` (3) cards of its hand, all at once
        (so a card received is not passed on), to its target (seat by seat) in the
        direction chosen among ``targets``."""
        f = self.f
        before, after = self.stages - 1, self.stages
        self.stages += 1
        directions = [f.var(name, "direction", d) for d in targets]
        f.exactly_one(directions)
        for card in self.cards:
            sent = f.var(name, "sent", card)
            f.exactly_one(f.var("at", card, after, s) for s in self.seats)
            for seat in self.seats:
                held = self.at(card, before, seat)
                f.clause(_not(held), sent, f.var("at", card, after, seat))
                if seat not in senders:
                    f.clause(_not(held), -sent)
                    continue
                moves = f.var(name, "moves", card, seat)
                f.clause(-moves, held)
                f.add(-moves, sent)
                f.clause(moves, _not(held), -sent)
                for direction, target in zip(directions, targets.values(), strict=True):
                    f.add(-moves, -direction, f.var("at", card, after, target[seat]))
        for seat in senders:
            f.count([f.var(name, "moves", c, seat) for c in self.cards], MAIL_CARDS,
                    MAIL_CARDS)

    def solution(self, true: set[int]) -> tuple[tuple[int, ...], tuple[int, ...], int,
                                                 str | None, tuple[int, ...], tuple[int, ...],
                                                 int, int]:
        """The hands dealt and the exchanges of a model: the last eight fields of
        :class:`Solution`."""
        f, puzzle = self.f, self.puzzle
        mail = next((d for d in puzzle.mail if f.var("mail", "direction", d) in true), None)
        if self.at_lead:  # the hands at the first lead; the deal is worked back from them
            return ((), (), -1, mail, (), (), self._picked("passes", true, mine=True),
                    self._picked("gets", true, mine=False))
        dealt = [sum(1 << c for c in self.cards if _true(self.at(c, 0, s), true))
                 for s in self.seats]
        laid: tuple[int, ...] = ()
        taken = -1
        if puzzle.trump is TrumpRule.RANK:  # the cards laid, worked back from the swap
            given = next(c for c in self.cards if f.var("gave", c) in true)
            taken = next(c for c in self.cards if f.var("took", c) in true)
            owner = next(s for s in self.opponents if f.var("owner", s) in true)
            dealt[self.declarer] = puzzle.hand
            dealt[owner] = dealt[owner] & ~(1 << given) | 1 << taken
            top = card_strength(taken, puzzle.iron)
            laid = tuple(given if s == self.declarer else taken if s == owner
                         else next(c for c in mask_indices(dealt[s])
                                   if card_strength(c, puzzle.iron) <= top)
                         for s in self.seats)
        return (tuple(dealt), laid, taken, mail,
                self._sent("mail", true) if puzzle.mail else (),
                self._sent("masters", true) if puzzle.masters_mail is not None else (), 0, 0)

    def _picked(self, name: str, true: set[int], mine: bool) -> int:
        """Mail at the first lead: D's cards (``mine``) or the unseen ones picked by
        ``name``, read over those cards alone (reading makes no variable)."""
        hand = self.puzzle.hand
        return sum(1 << c for c in self.cards
                   if bool(hand >> c & 1) is mine and self.f.var(name, c) in true)

    def _sent(self, name: str, true: set[int]) -> tuple[int, ...]:
        return tuple(sum(1 << c for c in self.cards if self.f.var(name, "moves", c, s) in true)
                     for s in self.seats)


_NAMED_TRUMPS = frozenset({TrumpRule.DECLARER, TrumpRule.SUB, TrumpRule.BLOCK})
"""The trump rules under which D names the trump suit for the whole deal."""


def _preferred(f: _Formula, puzzle: Puzzle, trumps: list[int]) -> list[int]:
    """The pre-game choices the solver tries first, as the search orders them (search
    order only, never the answer): where D would rather take tricks
    (:attr:`Puzzle.wants_tricks`), D's longest suit named trump, Rank Trump's strongest
    unseen card of D's longest suit taken for D's weakest card, and under Mail (at the
    first lead) D's 3 weakest cards passed for the 3 strongest unseen ones; the reverse
    where D would rather not."""
    hand, iron, strong = puzzle.hand, puzzle.iron, puzzle.wants_tricks
    cards = mask_indices(puzzle.deck)
    held = [(hand & SUIT_MASKS[suit]).bit_count() for suit in range(4)]
    sign = -1 if strong else 1
    # Strongest first where D wants tricks, weakest first where D does not.
    ordered = sorted(cards, key=lambda c: sign * card_strength(c, iron))
    mine = [c for c in reversed(ordered) if hand >> c & 1]
    unseen = [c for c in ordered if not hand >> c & 1]
    out: list[int] = []
    if puzzle.trump in _NAMED_TRUMPS:
        allowed = [suit for suit in range(4) if puzzle.trump is not TrumpRule.SUB
                   or held[suit] != max(held)]  # R13
        out.append(trumps[min(allowed, key=lambda suit: sign * held[suit])])
    elif puzzle.trump is TrumpRule.RANK:
        taken = min(unseen, key=lambda c: sign * held[c // 13])
        out += [f.var("took", taken), f.var("gave", mine[0])]
    if puzzle.mail and puzzle.trump is not TrumpRule.RANK:
        out += [*(f.var("gets", c) for c in unseen[:MAIL_CARDS]),
                *(f.var("passes", c) for c in mine[:MAIL_CARDS])]
    return out


def _either_leader(f: _Formula, puzzle: Puzzle, of_suit: _PlaysOfSuit, plagues: list[int]
                   ) -> list[int]:
    """With :attr:`Puzzle.either_leader`, the assumption that trick 1 holds with either
    seat leading it (the clauses hang on it); else none."""
    if not puzzle.either_leader:
        return []
    either = f.var("either_leader")
    for suit in range(4):
        for seat in range(puzzle.players):
            f.add(-either, -f.var("led", 0, suit), *of_suit.get((seat, 0, suit), []))
        if puzzle.plague and puzzle.leader != puzzle.declarer:  # D would lead it (R28)
            f.add(-either, -f.var("led", 0, suit), -plagues[suit])
    return [either]


def _solved(solver: Any, preferred: list[int], symmetry: Callable[[], list[list[int]]],
            between: Callable[[], bool] | None = None) -> bool:
    """Whether the formula in ``solver`` has a model (then its model is the answer): first
    with the ``preferred`` assumptions, within :data:`_PREFERRED_CONFLICTS`; then without
    them (what it learnt kept), within :data:`_CONFLICTS`; past those, with the clauses of
    ``symmetry`` added (they keep a model if there is one), as long as it takes. Every
    call names its limit: python-sat's plain ``solve`` would read a limit left from before
    and answer "no model" when it ran out. With ``between``, see :func:`solve`."""
    if preferred and _limited(solver, _PREFERRED_CONFLICTS, between, preferred):
        return True
    found = _limited(solver, _CONFLICTS, between)
    if found is None:
        solver.append_formula(symmetry())
        found = _limited(solver, -1, between)  # no limit
    if found is None:
        raise AnalysisError("R8's SAT solver stopped without an answer")
    return found


def _limited(solver: Any, conflicts: int, between: Callable[[], bool] | None = None,
             assumptions: list[int] | None = None) -> bool | None:
    """Whether the formula has a model (under ``assumptions``), ``None`` past
    ``conflicts`` (-1: no limit). With ``between``, in runs of :data:`_CHUNK` conflicts
    and more, twice as many each time (each run of CaDiCaL's costs a setting up),
    ``between`` called before each (``GaveWay`` once it returns ``True``)."""
    if between is None:
        solver.conf_budget(conflicts)
        found = solver.solve_limited(assumptions=assumptions or [])
        return None if found is None else bool(found)
    chunk, left = _CHUNK, conflicts
    while left:
        _give_way(between)
        run = chunk if left < 0 else min(chunk, left)
        solver.conf_budget(run)
        found = solver.solve_limited(assumptions=assumptions or [])
        if found is not None:
            return bool(found)
        left = left - run if left > 0 else left
        chunk *= 2
    return None


def _give_way(between: Callable[[], bool] | None) -> None:
    """:class:`~combowhist.rules.every_trick.GaveWay` where ``between`` returns ``True``
    (:func:`solve`)."""
    if between is not None and between():
        raise GaveWay("another search decided first")


def _ladders(cards: list[int], iron: bool) -> list[list[int]]:
    """Each suit's cards of ``cards``, weakest first (R4; the ace lowest under Iron, R24)."""
    return [sorted((c for c in cards if c // 13 == suit), key=lambda c: card_strength(c, iron))
            for suit in range(4)]


def _in_order(f: _Formula, puzzle: Puzzle, ladders: list[list[int]]) -> list[list[int]]:
    """The clauses by which, of two unseen cards next to each other in their suit's order
    (``ladders``, :func:`_ladders`: no card of the deck between them), the weaker is played
    no later than the stronger. Such cards are interchangeable: swapped in a line of play
    where they fall in different tricks (with Mail's cards naming the other where they
    named one), they change no trick's winner, no suit followed or shown
    void, nothing a goal or an event reads. So any model, sorted pair by pair, meets these
    clauses too: they keep the answer and leave fewer lines to rule out. Not under Rank
    Trump (R14 compares the ranks of the cards laid), nor for a pair a capture goal tells
    apart."""
    clauses: list[list[int]] = []
    if puzzle.trump is TrumpRule.RANK:
        return clauses
    for ladder in ladders:
        for weaker, stronger in pairwise(ladder):
            if (puzzle.hand >> weaker & 1 or puzzle.hand >> stronger & 1
                    or (puzzle.capture >> weaker & 1) != (puzzle.capture >> stronger & 1)):
                continue
            for t in range(TRICKS):
                clauses += ([-f.var("trick", weaker, t), -f.var("trick", stronger, earlier)]
                            for earlier in range(t))
    return clauses


def _true(literal: _Literal, true: set[int]) -> bool:
    return literal if isinstance(literal, bool) else literal in true


def _value(table: GoalTable, takers: list[int], declarer: int, players: int
           ) -> tuple[int, ...]:
    """The trick counts ``table`` reads, for these takers."""
    mine = tuple(sum(1 for t, s in enumerate(takers) if s == declarer and part >> t & 1)
                 for part in table.parts)
    theirs = tuple(takers.count(s) for s in range(players) if s != declarer)
    return (*mine, *theirs) if table.others else mine


def _goal(f: _Formula, table: GoalTable, declarer: int, opponents: list[int]) -> None:
    """Rule out every value of the counts ``table`` reads that its goal refuses."""
    counters = [_at_least(f, [f.var("taker", t, declarer) for t in range(TRICKS)
                              if part >> t & 1], ("mine", i))
                for i, part in enumerate(table.parts)]
    if table.others:
        counters += [_at_least(f, [f.var("taker", t, s) for t in range(TRICKS)],
                               ("theirs", s)) for s in opponents]
    for value in table.refused:
        clause = []
        for counter, k in zip(counters, value, strict=True):
            if k >= 1:
                clause.append(-counter[k])
            if k + 1 in counter:
                clause.append(counter[k + 1])
        f.add(*clause)


def _block(f: _Formula, puzzle: Puzzle, hands: _Hands,
           played: dict[tuple[int, int, int], int], of_suit: _PlaysOfSuit,
           trumps: list[int]) -> None:
    """R27: D plays no trump until an opponent has played one (earlier in the same trick
    counts), unless every card D holds is a trump."""
    declarer, players = puzzle.declarer, puzzle.players
    for t in range(TRICKS):
        # broken(t): an opponent played a trump before trick t.
        if t == 0:
            f.add(-f.var("broken", 0))
        else:
            f.add(-f.var("broken", t), f.var("broken", t - 1),
                  *(f.var("trumped", t - 1, s) for s in hands.opponents))
        for seat in hands.opponents:
            trumped = f.var("trumped", t, seat)  # seat played a trump in trick t
            f.add(-trumped, *(f.var("trumped_in", t, seat, suit) for suit in range(4)))
            for suit in range(4):
                f.add(-f.var("trumped_in", t, seat, suit), trumps[suit])
                f.add(-f.var("trumped_in", t, seat, suit), *of_suit.get((seat, t, suit), []))
        # before(t): an opponent before D in trick t played a trump.
        before = f.var("trumped_before", t)
        f.add(-before, *(f.var("first_trump", t, leader) for leader in range(players)))
        for leader in range(players):
            order = trick_order(leader, players, declarer, puzzle.sloth)
            ahead = order[:order.index(declarer)]
            f.add(-f.var("first_trump", t, leader), f.var("leader", t, leader))
            f.add(-f.var("first_trump", t, leader), *(f.var("trumped", t, s) for s in ahead))
        for card in hands.cards:
            plays = played.get((card, declarer, t))
            if plays is not None:
                suit = card // 13
                f.add(-plays, -trumps[suit], f.var("broken", t), before,
                      _only(f, hands, t, suit))


def _plague_lead(f: _Formula, hands: _Hands, block: list[int] | None) -> None:
    """R28: D leads a plague card only once one has been played other than as D's lead,
    or when D holds only plague cards, or (with Block Trump's ``trumps``) when Block Trump
    leaves D nothing else to lead."""
    d = hands.declarer
    for suit in range(4):
        for t in range(TRICKS):
            opened = f.var("opened", t, suit)
            if t == 0:
                f.add(-opened)
            else:  # opened only if so before trick t-1, or in trick t-1
                earlier = []
                for card in hands.cards:
                    if card // 13 != suit:
                        continue
                    other = f.var("not_led", card, t - 1)  # played then, not as D's lead
                    f.add(-other, f.var("trick", card, t - 1))
                    f.clause(-other, -f.var("leads", t - 1, card), _not(hands.holds(card, d)))
                    earlier.append(other)
                f.add(-opened, f.var("opened", t - 1, suit), *earlier)
            way_out = [opened, _only(f, hands, t, suit)]
            if block is not None:  # Block Trump binds and D's other cards are all trumps
                gives_way = f.var("gives_way", t, suit)
                f.add(-gives_way, -f.var("broken", t))
                for card in hands.cards:
                    if card // 13 != suit:
                        f.clause(-gives_way, _not(hands.holds(card, d)), block[card // 13],
                                 *(f.var("trick", card, tt) for tt in range(t)))
                way_out.append(gives_way)
            for card in hands.cards:
                if card // 13 == suit:
                    f.clause(-f.var("leads", t, card), _not(hands.holds(card, d)),
                             -f.var("plague", suit), *way_out)


def _only(f: _Formula, hands: _Hands, t: int, suit: int) -> int:
    """The variable "D holds only cards of ``suit`` at trick ``t``": D's cards of other
    suits were all played before it."""
    name = ("only", t, suit)
    if name not in f.defined:
        f.defined.add(name)
        for card in hands.cards:
            if card // 13 != suit:
                f.clause(-f.var(*name), _not(hands.holds(card, hands.declarer)),
                         *(f.var("trick", card, tt) for tt in range(t)))
    return f.var(*name)


def _plague_cards(f: _Formula, cards: list[int], seats: range, declarer: int, room: int
                  ) -> None:
    """R33: D's tricks hold no more plague cards than some other participant's, unless D
    took them all. ``room`` is how many cards the other participants' tricks hold at most
    (the goal has D take the rest): a suit with more than twice as many cards can only
    be taken whole (D's count would exceed even all the others' together), which the
    clauses then say without counting."""
    counted: dict[int, list[int]] = {}
    for suit in range(4):
        members = [c for c in cards if c // 13 == suit]
        if len(members) > 2 * room:
            for card in members:
                for t in range(TRICKS):
                    f.add(-f.var("plague", suit), -f.var("trick", card, t),
                          f.var("taker", t, declarer))
        elif members:
            counted[suit] = members
    for members in counted.values():
        for card in members:
            f.exactly_one(f.var("pile", card, s) for s in seats)
            for t in range(TRICKS):
                for seat in seats:
                    f.add(-f.var("trick", card, t), -f.var("taker", t, seat),
                          f.var("pile", card, seat))
    for suit, members in counted.items():
        at_least = {s: _at_least(f, [f.var("pile", c, s) for c in members], ("count", suit, s))
                    for s in seats}
        f.add(-f.var("plague", suit), at_least[declarer][len(members)],
              *(f.var("matched", suit, s) for s in seats if s != declarer))
        for seat in seats:
            if seat != declarer:
                for k in range(1, len(members) + 1):
                    f.add(-f.var("matched", suit, seat), -at_least[declarer][k],
                          at_least[seat][k])


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
