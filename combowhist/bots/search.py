"""The search bot: determinized search over the worlds a seat cannot tell apart (issue 15).

At each decision it deals the hidden cards again with :class:`~combowhist.sampling.Sampler`
(from the seat's :class:`~combowhist.views.PlayerView` alone), tries each candidate move in
each sampled world, plays the world out with a rollout policy, and picks the move of the
best mean points for its seat. Every candidate is tried in the same worlds (common random
numbers), so two moves are compared on the same cards.

>>> import random
>>> from combowhist import Deal
>>> from combowhist.bots import SearchBot, play_deal
>>> bot = SearchBot(iterations=2, seed=1)
>>> play_deal(Deal.new(players=3, seed=4), [bot] * 3, random.Random(4)).is_over
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import TypeVar

import attrs

from combowhist.bids import ComboBid
from combowhist.bots.base import check_turn, play_deal
from combowhist.bots.heuristic import HeuristicBot, _Sight
from combowhist.deal import Deal
from combowhist.errors import CombowhistError
from combowhist.legal import LegalMoves
from combowhist.moves import MakeBid, Move, Pass
from combowhist.sampling import Sampler
from combowhist.state import Phase
from combowhist.views import PlayerView

__all__ = ["ROLLOUTS", "SearchBot", "SearchSettingsError", "seat_points"]

ROLLOUTS = ("heuristic", "random")
"""The rollout policies: every seat played by a :class:`~combowhist.bots.HeuristicBot`
(stronger, about 3 ms for a deal's trick play), or uniformly random legal moves by the
playout kernel (:meth:`~combowhist.Deal.playout`, about 0.1 ms)."""

_HEURISTIC = HeuristicBot()
_M = TypeVar("_M", bound=Move)


class SearchSettingsError(CombowhistError):
    """A :class:`SearchBot` asked for with settings it cannot search with (an unknown
    rollout, a budget or count that is not positive)."""


def seat_points(deal: Deal, seat: int) -> float:
    """What a finished ``deal`` is worth to ``seat``, declarer-relative: D's points for D,
    their negation for every opponent (D's failure is their gain), 0 after a redeal."""
    result = deal.result
    if result is None or result.declarer is None:
        return 0.0
    points = result.points[result.declarer]
    return float(points if seat == result.declarer else -points)


@attrs.frozen
class SearchBot:
    """An honest computer player that searches: determinized Monte Carlo over its view.

    **What it reads.** Only ``deal.view(seat)``: the sampler deals every card and choice
    hidden from the seat again, uniformly among those consistent with the view, and the
    legal moves are the view's. A deal that differs only in hidden cards gets the same
    decision (for the same ``rng`` or ``seed``).

    **Trick play and the events before the first lead.** Each legal move is a candidate
    (with more than :attr:`max_candidates`, the heuristic bot's choice and a random
    subset of the others). For each sampled world, every candidate is applied and the
    deal played to its end by the :attr:`rollout` policy; from the second world on, the
    worst candidate is dropped after each world while more than two remain (successive
    elimination), and the candidate of the best mean :func:`seat_points` wins (the
    heuristic bot's choice on a tie).

    **The auction.** Bidding is judged by what the contract would bring the seat as D: the
    heuristic bot's estimates rank every legal combo bid over all 16 standard bids and the
    special bids it weighs; the best combo of each standard bid it does not judge hopeless
    (up to :attr:`bid_candidates` of them, by default all) and :attr:`extra_specials` more
    combos, the best with one more special bid drawn among the legal ones (so that every
    special bid is sometimes tried), are the candidates. In each sampled world each
    candidate is bid as the table's only bid and the deal played out by the heuristic bot
    (the rollout for the pre-game events and the tricks); the heuristic estimate counts as
    :attr:`prior_weight` worlds (0 for the extended combos, which it does not weigh). The
    first world screens every candidate, and after each world the better half stays
    (successive halving, down to two), so the later worlds go to the few best. It bids the
    best mean if that is at least :attr:`min_expectation`, and passes otherwise (a pass is
    valued 0: the later auction is not searched).

    **Budget.** With :attr:`iterations` set, that many worlds per decision, whatever the
    time (reproducible); otherwise as many as fit :attr:`budget_ms`: at least one world, and
    in the auction's first world the candidates the heuristic favours least go unsearched
    once the time is spent (two at least are searched), so a decision stays near its budget
    unless its rollouts are costly. A single legal move is returned without search.

    **Chance.** With :attr:`seed` set, each decision's draws come from the seed and the
    seat's view alone; otherwise from one draw of the ``rng`` passed in. Either way the
    same decision follows from the same seed when :attr:`iterations` is set; under a time
    budget the number of worlds, and so the decision, may vary with the machine's load.
    """

    name: str = "search"
    """The bot's name in tables and reports."""
    budget_ms: float = 50.0
    """The time per decision, in milliseconds, when :attr:`iterations` is not set."""
    iterations: int | None = None
    """Worlds sampled per decision: set it for reproducible play (and for tests)."""
    seed: int | str | None = None
    """The seed of the bot's own chance, or ``None`` to draw from the ``rng`` passed in."""
    rollout: str = "heuristic"
    """The rollout policy in trick play and the pre-game events: one of :data:`ROLLOUTS`.
    The auction's contracts are always played out by the heuristic bot."""
    max_candidates: int = 8
    """The most moves searched in a decision (Mail's picks and ateliers have hundreds)."""
    bid_candidates: int = 16
    """The most standard bids whose best combo (by the heuristic estimate) is searched, the
    best first: by default every one the heuristic bot does not judge hopeless."""
    extra_specials: int = 1
    """Combos searched in each auction decision that add one legal special bid to the best
    candidate."""
    min_expectation: float = 0.0
    """The least mean points per deal a bid must show in the search to be bid."""
    prior_weight: float = 2.0
    """How many sampled worlds the heuristic bot's estimate of a bid's expected points
    counts as, in the mean a bid is judged by."""

    def __attrs_post_init__(self) -> None:
        problems = []
        if self.rollout not in ROLLOUTS:
            problems.append(f"rollout {self.rollout!r} is not one of {', '.join(ROLLOUTS)}")
        if self.iterations is not None and (type(self.iterations) is not int
                                            or self.iterations < 1):
            problems.append(f"iterations {self.iterations!r} is not a positive integer")
        if not self.budget_ms > 0:
            problems.append(f"budget_ms {self.budget_ms!r} is not positive")
        for name in ("max_candidates", "bid_candidates"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                problems.append(f"{name} {value!r} is not a positive integer")
        if type(self.extra_specials) is not int or self.extra_specials < 0:
            problems.append(f"extra_specials {self.extra_specials!r} is not a count")
        if problems:
            raise SearchSettingsError(f"SearchBot: {'; '.join(problems)}")

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        """A legal move for ``seat``, the seat to move, found by search over the worlds
        its view allows (see the class docs);
        :class:`~combowhist.errors.IllegalMoveError` for any other seat."""
        check_turn(self, deal, seat)
        view = deal.view(seat)
        moves = view.legal_moves()
        if view.phase is not Phase.AUCTION and len(moves) == 1:  # the auction's len can
            # be costly (R8's exact layer lists every possible bid); it offers pass anyway
            return moves[0]
        own = self._chance(view, rng)
        deadline = None if self.iterations is not None else (
            time.perf_counter() + self.budget_ms / 1000)
        search = _Search(self, view, Sampler(view), own, deadline)
        if view.phase is Phase.AUCTION:
            return search.bid(moves)
        return search.move(moves)

    def _chance(self, view: PlayerView, rng: random.Random) -> random.Random:
        """The decision's own chance: from the seed and the view, or one draw of ``rng``."""
        if self.seed is None:
            return random.Random(rng.getrandbits(64))
        return random.Random(f"{self.seed}|{view.seat}|{view.hand.mask}|{view.scores}|"
                             f"{view.potentials}|{view.log}")


class _Search:
    """One decision's search: the worlds, the clock, the rollouts."""

    def __init__(self, bot: SearchBot, view: PlayerView, sampler: Sampler,
                 rng: random.Random, deadline: float | None) -> None:
        self.bot, self.view, self.sampler, self.rng = bot, view, sampler, rng
        self.deadline = deadline
        self.heuristic = [_HEURISTIC] * view.players

    def more(self, done: int) -> bool:
        """Whether to sample another world after ``done`` of them."""
        if self.deadline is None:
            assert self.bot.iterations is not None
            return done < self.bot.iterations
        return done == 0 or time.perf_counter() < self.deadline

    def late(self) -> bool:
        """Whether a time budget is spent (never under an iteration budget)."""
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def play_out(self, deal: Deal, heuristic: bool) -> float:
        """``deal`` played to its end, valued for the seat."""
        end = play_deal(deal, self.heuristic, self.rng) if heuristic else deal.playout(self.rng)
        return seat_points(end, self.view.seat)

    # -- trick play and the pre-game events --------------------------------------------------

    def move(self, moves: LegalMoves) -> Move:
        """The candidate of the best mean over the sampled worlds."""
        seat = self.view.seat
        first = self.sampler.sample(self.rng)
        favourite = _HEURISTIC.choose(first, seat, self.rng)
        others = [m for m in moves if m != favourite]
        room = self.bot.max_candidates - 1
        if len(others) > room:
            others = self.rng.sample(others, room)
        candidates = [favourite, *others]
        totals = [0.0] * len(candidates)
        heuristic = self.bot.rollout == "heuristic"
        world: Deal | None = first
        done = 0
        while self.more(done):
            if world is None:
                world = self.sampler.sample(self.rng)
            for i, move in enumerate(candidates):
                totals[i] += self.play_out(world.apply(move), heuristic)
            world, done = None, done + 1
            if done >= 2:
                _drop_worst(candidates, totals)
        return candidates[_best(totals)]

    # -- the auction -------------------------------------------------------------------------

    def bid(self, moves: LegalMoves) -> Move:
        """The candidate bid of the best mean as D, or a pass."""
        ranked = self.bid_candidates(moves)
        if not ranked:
            return Pass()
        prior = self.bot.prior_weight
        # The heuristic estimate counts as ``prior`` worlds: a world or two is noisy.
        candidates = [move for _, move in ranked]
        totals = [prior * value for value, _ in ranked]
        done = 0
        while self.more(done):
            world = self.sampler.sample(self.rng)
            for i, move in enumerate(candidates):
                if done == 0 and i >= 2 and self.late():
                    # Out of time in the screening world: the rest (the heuristic's least
                    # favoured) go unsearched, so a decision keeps near its budget.
                    del candidates[i:], totals[i:]
                    break
                totals[i] += self.contract_points(world, move)
            done += 1
            _halve(candidates, totals)
        best = _best(totals)
        if totals[best] / (prior + done) < self.bot.min_expectation:
            return Pass()
        return candidates[best]

    def bid_candidates(self, moves: LegalMoves) -> list[tuple[float, MakeBid]]:
        """The best legal combo of each of the standard bids the heuristic estimate ranks
        highest, and the best of them with one more legal special bid; each with the
        heuristic estimate of its expected points (0 for the extended ones, which it
        does not weigh)."""
        view = self.view
        best: dict[str, tuple[float, MakeBid]] = {}
        for value, move in _HEURISTIC._ranked_bids(_Sight.of(view), moves):
            best.setdefault(move.combo.standard.key, (value, move))
            if len(best) == self.bot.bid_candidates:
                break  # ranked best first: these are the best standard bids
        candidates = list(best.values())
        if candidates:
            top = candidates[0][1]
            extras = [MakeBid(combo) for combo in _with_one_more(top.combo, view.players)
                      if MakeBid(combo) in moves]
            self.rng.shuffle(extras)
            # No estimate of their own: a pass's 0, so that only the worlds can pick one.
            candidates += [(0.0, m) for m in extras[: self.bot.extra_specials]]
        return candidates

    def contract_points(self, world: Deal, move: MakeBid) -> float:
        """The seat's points as D of ``move``'s combo in ``world``: the seat bids it first,
        the others pass, and the heuristic bot plays the deal out."""
        view, seat = self.view, self.view.seat
        deal = Deal.from_hands(world.hands, profile=view.profile,
                               dealer=(seat - 1) % view.players, scores=view.scores,
                               potentials=view.potentials)
        try:
            deal = deal.apply(move)
            while deal.phase is Phase.AUCTION and deal.to_move is not None:
                deal = deal.apply(Pass())
        except CombowhistError:  # pragma: no cover - a bid legal later is legal first
            return 0.0
        return self.play_out(deal, True)


def _with_one_more(combo: ComboBid, players: int) -> list[ComboBid]:
    """``combo`` with each special bid it lacks that R7 and R8's static layer allow."""
    profile = combo.profile
    found = []
    for special in profile.special_bids:
        if special.key in combo.special_keys:
            continue
        try:
            found.append(ComboBid.of(profile, combo.standard, *combo.specials, special,
                                     players=players))
        except CombowhistError:
            continue
    return found


def _drop_worst(candidates: list[_M], totals: list[float]) -> None:
    """Successive elimination: the candidate of the lowest total goes (the last on a tie),
    while more than two remain, so that the later worlds go to the better moves."""
    if len(candidates) > 2:
        worst = min(range(len(candidates)), key=lambda i: (totals[i], -i))
        del candidates[worst], totals[worst]


def _halve(candidates: list[_M], totals: list[float]) -> None:
    """Successive halving: the better half of the candidates stays (the earlier on a tie),
    at least two, so that a wide field is screened by one world each and the later worlds
    go to the few best."""
    keep = max(2, (len(candidates) + 1) // 2)
    if len(candidates) > keep:
        order = sorted(range(len(candidates)), key=lambda i: (-totals[i], i))[:keep]
        order.sort()
        candidates[:] = [candidates[i] for i in order]
        totals[:] = [totals[i] for i in order]


def _best(totals: Sequence[float]) -> int:
    """The index of the highest total, the first on a tie."""
    return max(range(len(totals)), key=lambda i: (totals[i], -i))
