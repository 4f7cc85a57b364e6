"""How the heuristic bot judges a hand and picks a bid."""

from __future__ import annotations

import enum
import math
from functools import cache, lru_cache
from itertools import combinations

import attrs

from combowhist.bids import Bid, ComboBid, GoalKind, TrumpRule, special_worth
from combowhist.bots.sight import _suit_length
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
    TrumpRule.RANK: (0.6, 1.9),
    TrumpRule.LEFT_OF_DECLARER: (-0.75, 1.5),
}
"""For each trump rule: what to add to the shrunk estimate, and the spread (standard
deviation) of the tricks around it, as measured in games between heuristic bots."""
_DUCK_SLOPE = 1.35
_DUCK_OFFSET = {3: -0.95, 4: -0.4}
_DUCK_SPREAD = 2.0
"""Tricks taken when ducking against heuristic opponents, who play under D: about
``1.35 * forced + offset``, give or take 2 (measured)."""


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
    def of(cls, hand: int, unseen: int, players: int) -> _Assessment:
        lengths = [_suit_length(hand, s) for s in range(4)]
        return cls(
            players,
            tuple(_winning_tricks(hand, unseen, s, players, False) for s in range(4)),
            _winning_tricks(hand, unseen, -1, players, False),
            _forced_tricks(hand, unseen, players, False),
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
        if rule is TrumpRule.LEFT_OF_DECLARER:
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


class _Way(enum.Enum):
    """How D goes about a standard bid's goal."""

    WIN = "win"
    """Take tricks (at least n, the most)."""
    DUCK = "duck"
    """Lose tricks (Zero, Bid of Shame, Master's Bid of Shame)."""
    STEER = "steer"
    """Take some, then lose the rest (Precise, Approximate)."""
    NONE = "none"
    """Not judged (Limbo): never bid."""


def _way(standard: Bid) -> _Way:
    goal = standard.goal
    assert goal is not None
    if goal.kind in (GoalKind.MIN_TRICKS, GoalKind.SOLITARY_MOST):
        return _Way.WIN
    if goal.kind in (GoalKind.MAX_TRICKS, GoalKind.NOT_MOST, GoalKind.LEAST):
        return _Way.DUCK
    if goal.kind is GoalKind.GUESSED:
        return _Way.STEER
    return _Way.NONE


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
    bonus: int
    """Extra points when completed (Greed)."""
    fail: int
    """Extra (negative) points when failed (Penalty)."""


def _special_keep(bid: Bid, standard: Bid) -> float | None:
    """How much of the chance of completing a bid survives adding this special bid, or
    ``None`` for special bids the bot never adds (those worth nothing and without another
    use, and those whose cost it cannot judge: Justice, Plague, Mail, Potential, Sloth…)."""
    if bid.greed:
        return 1.0  # judged by the greater trick count it asks for
    if special_worth(bid, standard) <= 0 or bid.play:
        return None
    if bid.event == "masters_mail":
        return 0.98  # the opponents swap cards among themselves; D's hand is untouched
    if bid.event == "atelier":
        return 0.95
    if bid.expose == "trumps":
        return 0.95
    if bid.expose == "hand":
        return 0.85
    if bid.fail_points:
        return 1.0  # Penalty: judged by the greater loss
    if bid.avoid_tricks:
        return 1.0  # judged with the hand (_Assessment.dodge)
    return None


@cache
def _options(profile: RuleProfile, players: int) -> dict[str, tuple[_Option, ...]]:
    """For each standard bid the bot judges, the legal ways (R7, static R8) to add the
    special bids it uses, keeping the likeliest to complete for each worth, use of Greed
    and Penalty, and set of tricks to avoid, the likeliest first."""
    space = legal_combos(profile, players)
    table: dict[str, tuple[_Option, ...]] = {}
    for standard in profile.standard_bids:
        if _way(standard) is _Way.NONE:
            continue
        usable = [(b, keep) for b in profile.special_bids
                  if (keep := _special_keep(b, standard)) is not None]
        best: dict[tuple[int, bool, int, int], _Option] = {}
        for size in range(len(usable) + 1):
            for chosen in combinations(usable, size):
                specials = tuple(b for b, _ in chosen)
                combo = ComboBid.unchecked(profile, standard, specials)
                if combo not in space:
                    continue
                keep = math.prod(k for _, k in chosen)
                option = _Option(combo.specials, combo.worth, keep, combo.greed,
                                 combo.avoid_tricks, combo.extra_points,
                                 combo.fail_points)
                key = (option.worth, option.greed, option.avoid, option.fail)
                if key not in best or best[key].keep < keep:
                    best[key] = option
        table[standard.key] = tuple(sorted(best.values(), key=lambda o: -o.keep))
    return table


@cache
def _options_from(profile: RuleProfile, players: int, floor: int
                  ) -> tuple[tuple[Bid, tuple[_Option, ...]], ...]:
    """For each standard bid, its options worth at least ``floor`` that no other one
    beats for every hand: one is as likely to complete, avoids no more tricks, risks no
    more points, uses Greed alike (and is worth the same when the score is the worth,
    Taintless Master's Game)."""
    chosen = []
    for key, options in _options(profile, players).items():
        standard = profile.bids[key]
        kept: list[_Option] = []
        for option in options:  # the likeliest first
            if option.worth >= floor and not any(_beats_option(k, option, standard)
                                                 for k in kept):
                kept.append(option)
        if kept:
            chosen.append((standard, tuple(kept)))
    return tuple(chosen)


def _beats_option(better: _Option, other: _Option, standard: Bid) -> bool:
    """Whether ``better`` (no less likely to complete) is as good as ``other`` always."""
    return (better.greed == other.greed and better.avoid & ~other.avoid == 0
            and better.fail >= other.fail
            and (standard.score is not None or better.worth == other.worth))


def _at_least(need: float, estimate: tuple[float, float]) -> float:
    """The chance of taking ``need`` tricks or more, ``estimate`` a (mean, spread) pair."""
    mean, spread = estimate
    return _normal((mean - need + 0.5) / spread)


def _at_most(allowed: float, estimate: tuple[float, float]) -> float:
    """The chance of taking ``allowed`` tricks or fewer."""
    mean, spread = estimate
    return _normal((allowed + 0.5 - mean) / spread)


def _chance(standard: Bid, greed: bool, assessment: _Assessment, spread: float) -> float:
    """The estimated chance of completing ``standard`` (with Greed's extra trick), the
    measured spreads of the estimates multiplied by ``spread``."""
    way = _way(standard)
    bound = _trick_bound(standard, assessment.players)
    if way is _Way.WIN:
        mean, deviation = assessment.winning(standard.trump)
        return _at_least(bound + greed, (mean, deviation * spread))
    if way is _Way.DUCK:
        mean, deviation = assessment.ducking()
        return _at_most(bound - greed, (mean, deviation * spread))
    if way is _Way.STEER and not greed:
        return _best_guesses(assessment, standard.guesses, spread)[1]
    return 0.0


@lru_cache(maxsize=1024)
def _chances(assessment: _Assessment, profile: RuleProfile, spread: float
             ) -> dict[tuple[str, bool], float]:
    """:func:`_chance` for every standard bid, with and without Greed, by key."""
    return {(standard.key, greed): _chance(standard, greed, assessment, spread)
            for standard in profile.standard_bids for greed in (False, True)}


def _expectation(standard: Bid, option: _Option, chance: float, fail_points: int) -> float:
    """Expected points of a combo bid: ``chance`` is that of completing the standard bid
    alone, ``fail_points`` the profile's points for a failed bid (R34)."""
    p = chance * option.keep
    points = option.worth if standard.score is None else standard.score
    return p * (points + option.bonus) + (1 - p) * (fail_points + option.fail)


def _best_guesses(assessment: _Assessment, count: int, spread: float
                  ) -> tuple[tuple[int, ...], float]:
    """The adjacent guesses (Precise: one, Approximate: two) most likely to come true,
    and that chance: of taking tricks up to them, and then not being forced beyond."""
    win_mean, win_spread = assessment.winning(TrumpRule.NONE)
    duck_mean, duck_spread = assessment.ducking()
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

