"""How the heuristic bot judges a hand and picks a bid."""

from __future__ import annotations

import enum
import math
from functools import cache, lru_cache
from itertools import combinations

import attrs

from combowhist.bids import Bid, ComboBid, GoalKind, TrumpRule
from combowhist.bots.cards import _suit_length
from combowhist.cards import (
    suit_bits,
)
from combowhist.combos import legal_combos
from combowhist.deal import HAND_SIZE
from combowhist.profiles import RuleProfile

# -- judging a hand -----------------------------------------------------------------------------

_HONOR_CHANCE = (0.95, 0.45, 0.15)
"""Chance that a card wins when it has this many more outstanding higher cards than the
seat holds cards above it in the suit (0: a sure winner once the higher ones are gone)."""
_RUFF_RISK = (1.0, 0.85, 0.55, 0.3)
"""Chance that the 1st, 2nd, 3rd… round of a side suit is not trumped by an opponent."""
_LONG_CARD = {"trump": 0.9, "side": 0.15, "none": 0.5}
"""What a card counts for once the opponents are likely out of its suit."""


def _longest_opponent(outstanding: int, players: int) -> int:
    """About how many cards of a suit the longest opponent holds, ``outstanding`` of them
    being shared among ``players - 1`` opponents."""
    if outstanding == 0:
        return 0
    return min(outstanding, round(outstanding / (players - 1) + 0.8))


def _pattern(mask: int, suit: int, iron: bool) -> int:
    """The cards of ``mask`` in ``suit`` as 13 bits in order of strength, bit 0 the lowest
    (the two, or the ace under Iron, R24)."""
    bits = mask >> 13 * suit & 0x1FFF
    return (bits & 0xFFF) << 1 | bits >> 12 if iron else bits


def _winning_tricks(hand: int, unseen: int, trump: int, players: int, iron: bool) -> float:
    """Expected tricks for a seat that tries to win them, ``trump`` the trump suit (``-1``
    for none): its high cards, the long cards of its suits, and ruffs with spare trumps."""
    total = 0.0
    spare_trumps = 0
    short = 0
    for suit in range(4):
        mine = _pattern(hand, suit, iron)
        length = mine.bit_count()
        if suit != trump:
            short += max(0, 3 - length)
        others = _pattern(unseen, suit, iron)
        rounds = _longest_opponent(others.bit_count(), players)
        kind = "none" if trump < 0 else "trump" if suit == trump else "side"
        for j, position in enumerate(reversed(suit_bits(mine))):  # highest first
            if j >= rounds:
                total += _LONG_CARD[kind]
                continue
            gap = (others >> position + 1).bit_count() - j
            value = _HONOR_CHANCE[max(gap, 0)] if gap < len(_HONOR_CHANCE) else 0.0
            if gap > 0 and length <= j + gap:
                value *= 0.4  # unprotected: it must fall under the higher cards
            if kind == "side":
                value *= _RUFF_RISK[min(j, len(_RUFF_RISK) - 1)]
            if kind == "trump" and value < 0.5:
                spare_trumps += 1
            total += value
    if trump >= 0:
        total += 0.6 * min(spare_trumps, short)
    return total


def _forced_tricks(hand: int, unseen: int, players: int, iron: bool) -> float:
    """Expected tricks for a seat that tries to lose every trick without trump: a card is
    forced to win when every opponent still holds a lower card of its suit to play under
    it, when it is played (after the seat's lower cards of the suit)."""
    total = 0.0
    opponents = players - 1
    for suit in range(4):
        others = _pattern(unseen, suit, iron)
        count = others.bit_count()
        for j, position in enumerate(suit_bits(_pattern(hand, suit, iron))):  # lowest first
            lower = (others & (1 << position) - 1).bit_count()
            # The opponents shed about one card each per round of the suit before this
            # card's turn (j rounds), lower ones in proportion.
            left = lower - j * opponents * lower / count if count else 0.0
            if left > 0:  # the chance that every opponent holds one of them
                total += (1.0 - (1.0 - 1.0 / opponents) ** left) ** opponents
    return total


def _normal(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


_SHRINK = 0.72
"""The raw estimates spread too wide: measured tricks move 0.72 of the way from the
average share (13 / participants) to them."""
_WIN_CALIBRATION: dict[TrumpRule, tuple[float, float]] = {
    TrumpRule.DECLARER: (-0.15, 1.1),
    TrumpRule.BLOCK: (-0.35, 1.15),
    TrumpRule.SUB: (-0.65, 1.4),
    TrumpRule.GRILL: (-0.75, 1.6),
    TrumpRule.NONE: (-0.75, 1.7),
    TrumpRule.RANK: (-0.55, 1.6),
    TrumpRule.LEFT_OF_DECLARER: (-0.75, 1.5),
    TrumpRule.RIGHT_OF_DECLARER: (-0.75, 1.5),  # as the left-hand chooser: not measured
}
"""For each trump rule: what to add to the shrunk estimate, and the spread (standard
deviation) of the tricks around it, as measured in games between heuristic bots."""
_DUCK_SLOPE = 1.35
_DUCK_OFFSET = {3: -0.95, 4: -0.4}
_DUCK_SPREAD = 2.0
"""Tricks taken when ducking against heuristic opponents, who play under D: about
``1.35 * forced + offset``, give or take 2 (measured)."""
_STEER_CALIBRATION = {1: (0.08, 0.55), 2: (0.2, 0.7)}
"""The chance of hitting a guess, by the number of guesses, from the chance
:func:`_best_guesses` gives: ``low + slope * chance`` (measured in 400 deals each: the
raw chance tells good hands from bad ones, but too widely)."""
_LIMBO_LAST = 6
_LIMBO_KEPT = 0.5
_LIMBO_OFFSET = 0.4
_LIMBO_SPREAD = 2.5
"""Limbo's margin: the share of the tricks without trump that fall in the last 6 tricks
(D keeps its winners for them), less the forced tricks' share in the first 7, plus an
offset, give or take a spread (measured)."""


@attrs.frozen
class _Assessment:
    """A hand judged for the auction: the raw trick estimates by trump suit, without
    trump, and when ducking, and what they mean under each trump rule (calibrated)."""

    players: int
    by_trump: tuple[float, ...]
    no_trump: float
    forced: float
    longest: frozenset[int]

    @classmethod
    def of(cls, hand: int, unseen: int, players: int, iron: bool = False) -> _Assessment:
        """The hand judged with aces high, or with aces low (Iron, R24)."""
        lengths = [_suit_length(hand, s) for s in range(4)]
        return cls(
            players,
            tuple(_winning_tricks(hand, unseen, s, players, iron) for s in range(4)),
            _winning_tricks(hand, unseen, -1, players, iron),
            _forced_tricks(hand, unseen, players, iron),
            frozenset(s for s in range(4) if lengths[s] == max(lengths)),
        )

    def raw(self, rule: TrumpRule) -> float:
        """The raw estimate for a trump rule: the best trump suit D may name, the average
        suit for Rank Trump, the worst for Master's Trump, no trump for Grill."""
        if rule in (TrumpRule.NONE, TrumpRule.GRILL):
            return self.no_trump
        if rule is TrumpRule.SUB:
            return max(e for s, e in enumerate(self.by_trump) if s not in self.longest)
        if rule is TrumpRule.RANK:
            return sum(self.by_trump) / 4
        if rule.chosen_by_opponent:
            return min(self.by_trump)
        return max(self.by_trump)

    def winning(self, rule: TrumpRule) -> tuple[float, float]:
        """Expected tricks and their spread when trying to win them under a trump rule."""
        offset, spread = _WIN_CALIBRATION[rule]
        average = HAND_SIZE / self.players
        return average + _SHRINK * (self.raw(rule) - average) + offset, spread

    def dodge(self, ducking: bool, tricks: int) -> float:
        """The chance of taking none of the ``tricks`` (a bitmask: Lock, Ending Dog): high
        for a D who is ducking anyway, lower the more tricks the hand would be forced to
        take, and lowest for the last trick of a D who takes tricks (measured)."""
        last = tricks >> (HAND_SIZE - 1) & 1
        early = tricks.bit_count() - last
        if ducking:
            return 0.85**early
        each = 0.75 - 0.6 * min(1.0, self.ducking()[0] / HAND_SIZE)
        return each**early * (0.6 * each) ** last

    def ducking(self) -> tuple[float, float]:
        """Expected tricks and their spread when trying to lose every trick."""
        expected = _DUCK_SLOPE * self.forced + _DUCK_OFFSET.get(self.players, 0.0)
        return max(expected, 0.0), _DUCK_SPREAD

    def limbo(self) -> tuple[float, float]:
        """Limbo: the expected margin of D's tricks among the last 6 over those among the
        first 7, and its spread, when ducking the first 7 and then taking tricks: the
        forced tricks spread over the deal, the tricks without trump over the last 6."""
        win = self.winning(TrumpRule.NONE)[0]
        duck = self.ducking()[0]
        last = _LIMBO_KEPT * win * _LIMBO_LAST / HAND_SIZE
        first = duck * (HAND_SIZE - _LIMBO_LAST) / HAND_SIZE
        return last - first + _LIMBO_OFFSET, _LIMBO_SPREAD


class _Way(enum.Enum):
    """How D goes about a standard bid's goal."""

    WIN = "win"
    """Take tricks (at least n, the most)."""
    DUCK = "duck"
    """Lose tricks (Zero, Bid of Shame, Master's Bid of Shame)."""
    STEER = "steer"
    """Take some, then lose the rest (Precise, Approximate)."""
    LIMBO = "limbo"
    """Lose the first tricks, then take some (Limbo)."""


def _way(standard: Bid) -> _Way:
    goal = standard.goal
    assert goal is not None
    if goal.kind in (GoalKind.MIN_TRICKS, GoalKind.SOLITARY_MOST, GoalKind.CAPTURE):
        return _Way.WIN
    if goal.kind in (GoalKind.MAX_TRICKS, GoalKind.NOT_MOST, GoalKind.LEAST):
        return _Way.DUCK
    if goal.kind is GoalKind.GUESSED:
        return _Way.STEER
    return _Way.LIMBO


def _not_most_bound(players: int) -> int:
    """The most tricks D can take and still be sure someone else took more (R31)."""
    t = 0
    while -(-(HAND_SIZE - t - 1) // (players - 1)) > t + 1:
        t += 1
    return t


def _trick_bound(standard: Bid, players: int) -> float:
    """The trick count D aims at or beyond: at least it (WIN) or at most it (DUCK)."""
    goal = standard.goal
    assert goal is not None
    if goal.kind is GoalKind.SOLITARY_MOST:  # measured
        return 5.0 if players == 4 else 5.6
    if goal.kind is GoalKind.NOT_MOST:
        return _not_most_bound(players) + 0.5
    if goal.kind is GoalKind.LEAST:  # measured
        return 1.5 if players == 4 else 3.0
    if goal.kind is GoalKind.CAPTURE:  # not measured: every named card asks near all tricks
        return HAND_SIZE - 2.0
    return goal.n


# -- the auction --------------------------------------------------------------------------------


@attrs.frozen
class _Option:
    """A way to extend a standard bid with special bids, judged once per profile."""

    specials: tuple[Bid, ...]
    worth: int
    keep: float
    """The factor by which these specials lower the chance of completing the bid."""
    greed: bool
    avoid: int
    """The tricks D must not take (Lock, Ending Dog) as a bitmask (bit ``n - 1`` for
    trick ``n``): judged with the hand."""
    bonus: float
    """Extra points when completed (Greed), and what a potential is worth (Potential)."""
    fail: int
    """Extra (negative) points when failed (Penalty)."""
    iron: bool = False
    """Aces low (Iron): the hand is judged again with aces low."""
    gain: float = 0.0
    """Tricks the specials win for D's way (Sloth, Hurry, Justice, Mail): more tricks for
    a D who takes them, fewer for one who loses them."""


_POTENTIAL_VALUE = 0.25
"""What a potential (R34) is worth in points: it only breaks ties in later auctions."""

_GAIN: dict[str, dict[_Way, float]] = {
    "declarer_plays_last": {_Way.WIN: 0.4, _Way.DUCK: 0.4, _Way.STEER: 0.3, _Way.LIMBO: 0.3},
    "justice": {_Way.WIN: 0.9, _Way.DUCK: 0.55, _Way.STEER: 0.5, _Way.LIMBO: 0.5},
    "mail": {_Way.DUCK: 0.1, _Way.STEER: 0.1},
    "declarer_leads_first": {},
}
"""Tricks a play rule or a pre-game event wins for D, by D's way, measured in 300 deals
with the contract given to a random hand (D's mean tricks with and without it): Sloth
lets D play last (+0.37 tricks for a D who takes them, -0.41 for one who ducks), the card
of justice turns a loser into a trick (+0.88) or gives a forced trick away (-0.55), Mail
swaps D's three worst cards for an opponent's cast-offs (-0.02 and -0.09), Hurry lets D
lead trick 1 (0.00). A way not listed: the special does not help it, and is not used."""


_RIVAL_BID: dict[_Way, float] = {_Way.WIN: -0.35, _Way.DUCK: 0.5}
"""Tricks D's way gains for each opponent who bid to take tricks earlier in the auction
(R11: bids are public): strength D will meet, or that will take the tricks D ducks."""
_QUIET: dict[_Way, float] = {_Way.WIN: 0.1}
"""Tricks D's way gains for each opponent who passed without bidding to take tricks.
Both measured in 800 deals between heuristic bots: declarers who take tricks took 5.3
of them against no such bidder, 4.7 against one and 4.4 against two; declarers who duck
took 2.4, 1.4 and 1.0."""


def _auction_gain(profile: RuleProfile, seat: int, auction: tuple[tuple[int, str], ...],
                  way: _Way) -> float:
    """What the auction so far says of the opponents' hands, in tricks for D's way."""
    strong = {s for s, key in auction
              if s != seat and key != "pass" and _way(profile.bids[key]) is _Way.WIN}
    quiet = {s for s, key in auction if s != seat and key == "pass"} - strong
    return _RIVAL_BID.get(way, 0.0) * len(strong) + _QUIET.get(way, 0.0) * len(quiet)


def _plague_keep(standard: Bid, way: _Way) -> float | None:
    """The chance of not being beplagued (R33) with the plague suit D names: the more
    tricks D needs, the more plague cards it brings home (measured: 0.72 of Game's
    completions survive Plague, 0.2 of Max Trump's, nearly all of Precise's; judged with
    the 4-player trick counts). Plague is incompatible with the ducking bids."""
    if way is _Way.DUCK:
        return None
    if way is not _Way.WIN:
        return 0.95
    bound = _trick_bound(standard, 4)
    return min(1.0, max(0.05, 0.72 - 0.26 * (bound - 5)))


def _special_effect(bid: Bid, standard: Bid) -> tuple[float, float] | None:
    """How a special bid changes the chance of completing a standard bid: ``(keep,
    gain)`` (see :class:`_Option`), or ``None`` for special bids the bot never adds (those
    worth nothing without another use, and those that do not help the standard bid)."""
    way = _way(standard)
    if bid.greed or bid.fail_points or bid.avoid_tricks or "aces_low" in bid.play:
        return 1.0, 0.0  # judged with the hand: more tricks, a greater loss, Iron
    if bid.potential:
        return 1.0, 0.0  # judged by the potential's worth
    for rule in (*bid.play, bid.event):
        if rule in _GAIN:
            gain = _GAIN[rule].get(way)
            return None if gain is None else (1.0, gain)
    if bid.event == "plague":
        keep = _plague_keep(standard, way)
        return None if keep is None else (keep, 0.0)
    if bid.play or (bid.worth <= 0 and bid.trump_bid_worth is None):
        return None
    if bid.event == "masters_mail":
        return 0.98, 0.0  # the opponents swap cards among themselves; D's hand is untouched
    if bid.event == "atelier" or bid.expose == "trumps":
        return 0.95, 0.0
    if bid.expose == "hand":
        return 0.85, 0.0
    return None


_MOST_LOWERING = 1
"""The most special bids of negative worth in one combo: each lowers the worth, so more
are rarely legal, and judging every set would cost time for nothing."""


def _option(profile: RuleProfile, standard: Bid, chosen: tuple[tuple[Bid, float, float], ...]
            ) -> _Option:
    combo = ComboBid.unchecked(profile, standard, tuple(b for b, _, _ in chosen))
    bonus = combo.extra_points + _POTENTIAL_VALUE * combo.potential
    return _Option(combo.specials, combo.worth, math.prod(k for _, k, _ in chosen),
                   combo.greed, combo.avoid_tricks, bonus, combo.fail_points,
                   "aces_low" in combo.play_rules, sum(g for _, _, g in chosen))


@cache
def _options(profile: RuleProfile, players: int) -> dict[str, tuple[_Option, ...]]:
    """For each standard bid, the legal ways (R7, static R8) to add the special bids the
    bot uses, keeping for each worth, use of Greed, Penalty and Iron, set of tricks to
    avoid and bonus those no other one is likelier to complete and gains more tricks
    with, the likeliest first. Special bids of negative worth (at most
    :data:`_MOST_LOWERING`) are added to the best sets of the others."""
    space = legal_combos(profile, players)
    table: dict[str, tuple[_Option, ...]] = {}
    for standard in profile.standard_bids:
        usable = [(b, *effect) for b in profile.special_bids
                  if (effect := _special_effect(b, standard)) is not None]
        raising = [u for u in usable if u[0].worth >= 0]
        lowering = [u for u in usable if u[0].worth < 0]
        best: dict[tuple[int, bool, int, int, bool, float], list[_Option]] = {}
        bases: dict[tuple[int, bool, int, int, bool, float],
                    tuple[float, tuple[tuple[Bid, float, float], ...]]] = {}
        for size in range(len(raising) + 1):
            for chosen in combinations(raising, size):
                option = _option(profile, standard, chosen)
                key = _option_key(option)
                if key in bases and bases[key][0] >= option.keep:
                    continue
                if ComboBid.unchecked(profile, standard, option.specials) in space:
                    bases[key] = option.keep, chosen
        for _, chosen in bases.values():
            for size in range(_MOST_LOWERING + 1):
                for extra in combinations(lowering, size):
                    option = _option(profile, standard, chosen + extra)
                    if size and ComboBid.unchecked(profile, standard,
                                                   option.specials) not in space:
                        continue
                    _keep_pareto(best.setdefault(_option_key(option), []), option)
        options = [o for kept in best.values() for o in kept]
        table[standard.key] = tuple(sorted(options, key=lambda o: (-o.keep, -o.gain)))
    return table


def _option_key(option: _Option) -> tuple[int, bool, int, int, bool, float]:
    return (option.worth, option.greed, option.avoid, option.fail, option.iron,
            option.bonus)


def _keep_pareto(kept: list[_Option], option: _Option) -> None:
    """Add ``option`` to ``kept`` unless one there is as likely and gains as much; drop
    those it beats so."""
    if any(k.keep >= option.keep and k.gain >= option.gain for k in kept):
        return
    kept[:] = [k for k in kept if not (option.keep >= k.keep and option.gain >= k.gain)]
    kept.append(option)


@attrs.frozen
class _Group:
    """Options of a standard bid that share one chance of completing it: the same use of
    Greed and Iron, gain and tricks to avoid. Each option's expected points are
    ``slope * chance + base`` (see :func:`_slope`)."""

    greed: bool
    iron: bool
    gain: float
    avoid: int
    options: tuple[tuple[float, float, _Option], ...]
    """``(slope, base, option)`` for each option kept, the steepest first."""


@attrs.frozen
class _Choices:
    """A standard bid, how D goes about it, and its groups of options."""

    standard: Bid
    way: _Way
    groups: tuple[_Group, ...]
    top_gain: float
    """The most tricks any option gains."""


@cache
def _options_from(profile: RuleProfile, players: int, floor: int) -> tuple[_Choices, ...]:
    """For each standard bid, its options worth at least ``floor`` that no other one
    beats for every hand, in groups that share a chance. Of the options alike also in
    the points a failure costs only the steepest is kept (the cheapest on a tie); then an
    option goes if another is as likely to complete and gains as many tricks, avoids no
    more tricks, risks no more points and gains as many points with the chance."""
    fail = profile.fail_points
    chosen = []
    for key, options in _options(profile, players).items():
        standard = profile.bids[key]
        steepest: dict[tuple[bool, bool, float, int, int], _Option] = {}
        for option in options:
            if option.worth < floor:
                continue
            group = (option.greed, option.iron, option.gain, option.avoid, option.fail)
            best = steepest.get(group)
            if best is None or (_slope(standard, option, fail), -option.worth) > (
                    _slope(standard, best, fail), -best.worth):
                steepest[group] = option
        kept: list[_Option] = []
        for option in sorted(steepest.values(), key=lambda o: (-o.keep, -o.gain)):
            if not any(_beats_option(k, option, standard, fail) for k in kept):
                kept.append(option)
        groups: dict[tuple[bool, bool, float, int], list[tuple[float, float, _Option]]] = {}
        for option in kept:
            groups.setdefault((option.greed, option.iron, option.gain, option.avoid), []
                              ).append((_slope(standard, option, fail), fail + option.fail,
                                        option))
        if groups:
            chosen.append(_Choices(standard, _way(standard), tuple(
                _Group(*k, tuple(sorted(v, key=lambda t: -t[0]))) for k, v in groups.items()),
                max(o.gain for o in kept)))
    return tuple(chosen)


def _slope(standard: Bid, option: _Option, fail_points: int) -> float:
    """How fast an option's expected points grow with the chance of its standard bid.

    With ``p = chance * keep`` the expected points are ``p * (points + bonus) + (1 - p) *
    (fail_points + fail)`` (R34), that is ``slope * chance + fail_points + fail``."""
    points = option.worth if standard.score is None else standard.score
    return option.keep * (points + option.bonus - fail_points - option.fail)


def _beats_option(better: _Option, other: _Option, standard: Bid, fail_points: int) -> bool:
    """Whether ``better`` (no less likely to complete) is as good as ``other`` always."""
    return (better.greed == other.greed and better.iron == other.iron
            and better.gain >= other.gain and better.avoid & ~other.avoid == 0
            and better.fail >= other.fail
            and _slope(standard, better, fail_points) >= _slope(standard, other, fail_points))


def _gain_of(combo: ComboBid) -> float:
    """The tricks a combo bid's special bids win for its standard bid's way."""
    total = 0.0
    for bid in combo.specials:
        effect = _special_effect(bid, combo.standard)
        total += 0.0 if effect is None else effect[1]
    return total


def _at_least(need: float, estimate: tuple[float, float]) -> float:
    """The chance of taking ``need`` tricks or more, ``estimate`` a (mean, spread) pair."""
    mean, spread = estimate
    return _normal((mean - need + 0.5) / spread)


def _at_most(allowed: float, estimate: tuple[float, float]) -> float:
    """The chance of taking ``allowed`` tricks or fewer."""
    mean, spread = estimate
    return _normal((allowed + 0.5 - mean) / spread)


def _chance(standard: Bid, greed: bool, assessment: _Assessment, spread: float,
            gain: float = 0.0) -> float:
    """The estimated chance of completing ``standard`` (with Greed's extra trick), the
    measured spreads of the estimates multiplied by ``spread``, the specials winning D
    ``gain`` tricks for its way."""
    way = _way(standard)
    if way is _Way.WIN:
        mean, deviation = assessment.winning(standard.trump)
        bound = _trick_bound(standard, assessment.players)
        return _at_least(bound + greed, (mean + gain, deviation * spread))
    if way is _Way.DUCK:
        mean, deviation = assessment.ducking()
        bound = _trick_bound(standard, assessment.players)
        return _at_most(bound - greed, (max(mean - gain, 0.0), deviation * spread))
    if way is _Way.STEER and not greed:
        low, slope = _STEER_CALIBRATION.get(standard.guesses, (0.0, 1.0))
        return low + slope * _best_guesses(assessment, standard.guesses, spread, gain)[1]
    if way is _Way.LIMBO:
        mean, deviation = assessment.limbo()
        return _at_least(1 + greed, (mean + gain, deviation * spread))  # R32
    return 0.0


@lru_cache(maxsize=4096)
def _best_guesses(assessment: _Assessment, count: int, spread: float, gain: float = 0.0
                  ) -> tuple[tuple[int, ...], float]:
    """The adjacent guesses (Precise: one, Approximate: two) most likely to come true,
    and that chance: of taking tricks up to them, and then not being forced beyond (the
    specials widening both ways by ``gain`` tricks)."""
    win_mean, win_spread = assessment.winning(TrumpRule.NONE)
    duck_mean, duck_spread = assessment.ducking()
    win_mean += gain
    duck_mean = max(duck_mean - gain, 0.0)
    best: tuple[int, ...] = tuple(range(count))
    best_chance = -1.0
    for low in range(HAND_SIZE + 2 - count):
        high = low + count - 1
        short = 1.0 - _at_least(low, (win_mean, win_spread * spread))
        over = 1.0 - _at_most(high, (duck_mean, duck_spread * spread))
        chance = max(0.0, 1.0 - short - over)
        if chance > best_chance:
            best, best_chance = tuple(range(low, high + 1)), chance
    return best, best_chance
