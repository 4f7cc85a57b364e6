"""Computer players, and helpers that let them play deals and games.

A bot is any object with a ``choose(deal, seat, rng)`` method returning one of
``deal.legal_moves()``. The bots here read only what ``deal.view(seat)`` shows that seat
(its own hand, the public record, exposed cards), so they never peek at hidden cards.

>>> import random
>>> from combowhist import Deal
>>> from combowhist.bots import HeuristicBot, RandomBot, play_deal
>>> deal = play_deal(Deal.new(seed=3), [RandomBot()] * 4, random.Random(3))
>>> deal.is_over
True
>>> deal = play_deal(Deal.new(seed=3), [HeuristicBot()] * 4, random.Random(3))
>>> deal.is_over
True
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import Protocol

import attrs

from combowhist.bids import Bid, ComboBid, GoalKind, TrumpRule, special_worth
from combowhist.cards import (
    ALL_CARDS,
    SUIT_MASKS,
    Card,
    CardSet,
    Suit,
    mask_indices,
    rank_strength,
    suit_bits,
)
from combowhist.combos import legal_combos
from combowhist.deal import HAND_SIZE, Deal
from combowhist.game import Game
from combowhist.legal import LegalMoves
from combowhist.moves import (
    Award,
    Commit,
    Guess,
    MakeBid,
    Move,
    Pass,
    Play,
    Prefer,
    Refill,
    Send,
    SetAtelier,
    SetJustice,
    SetPlague,
    SetTrump,
    Take,
)
from combowhist.profiles import RuleProfile, load_profile
from combowhist.state import Phase
from combowhist.views import PlayerView

__all__ = ["Bot", "HeuristicBot", "RandomBot", "play_deal", "play_game"]


class Bot(Protocol):
    """What :func:`play_deal`, :func:`play_game` and :mod:`combowhist.simulate` need."""

    @property
    def name(self) -> str:
        """A short name for tables and reports."""
        ...

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        """One of ``deal.legal_moves()`` for ``seat``, the seat to move. ``rng`` is the
        only source of chance a bot may use, so that a seed reproduces its play."""
        ...


@attrs.frozen
class RandomBot:
    """Picks a uniformly random legal move. In the auction almost every legal move is a
    bid, so a random bot bids high and fails often: a floor to measure other bots by."""

    name: str = "random"

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        moves = deal.legal_moves()
        return moves[rng.randrange(len(moves))]


def play_deal(deal: Deal, bots: Sequence[Bot], rng: random.Random) -> Deal:
    """Play ``deal`` to its end, ``bots[s]`` choosing for seat ``s``."""
    while deal.to_move is not None:
        deal = deal.apply(bots[deal.to_move].choose(deal, deal.to_move, rng))
    return deal


def play_game(game: Game, bots: Sequence[Bot], rng: random.Random,
              max_deals: int | None = None) -> Game:
    """Play a seeded ``game`` until it ends (or has had ``max_deals`` deals),
    ``bots[p]`` choosing for player ``p``."""
    if len(bots) != game.players:
        raise ValueError(f"play_game needs a bot for each of the {game.players} players, "
                         f"got {len(bots)}")
    while game.deal is not None and (max_deals is None or game.deals < max_deals):
        deal = game.deal
        seat = deal.to_move
        assert seat is not None
        game = game.apply(bots[game.participants[seat]].choose(deal, seat, rng))
    return game


# -- what a seat knows ---------------------------------------------------------------------


@attrs.frozen
class _Sight:
    """The part of a :class:`~combowhist.views.PlayerView` the heuristic bot reads, as
    plain ints (cards as indices, card sets as bitmasks, ``-1`` for "none").

    :meth:`of` reads it from the deal cheaply, field by field; :meth:`of_view` builds the
    same value from the seat's view, and the tests hold the two equal: the bot sees nothing
    the view hides. Exposed cards (Open Hand, Open Trump, the atelier), Mail's known cards
    and Master's Trump statements are left out: the bot does not use them.
    """

    seat: int
    players: int
    profile: RuleProfile
    phase: Phase
    hand: int
    """The seat's own cards."""
    deck: int
    """The deck in use (R2)."""
    played: int
    """Every card played to a trick so far, the current trick included."""
    high_bid: ComboBid | None
    """The high bid in the auction."""
    declarer: int
    """D's seat, ``-1`` before the auction ends."""
    combo: ComboBid | None
    trump: int
    """The trump suit now (the current trick's under Grill), ``-1`` for none."""
    trick: tuple[tuple[int, int], ...]
    """The current trick as (seat, card) pairs."""
    winners: tuple[int, ...]
    """Who brought home each finished trick."""
    guesses: tuple[int, ...]
    laid: tuple[int, ...]
    """Rank Trump's laid cards as far as the seat sees them (``-1`` for a hidden one)."""

    @classmethod
    def of(cls, deal: Deal, seat: int) -> _Sight:
        """What ``seat`` knows of ``deal``, read from the public fields and its own hand."""
        played = 0
        for cards in deal.taken:
            played |= cards
        for _, card in deal.trick_cards:
            played |= 1 << card
        contract = deal.contract
        laid: tuple[int, ...] = ()
        if contract is not None and contract.laid:
            revealed = deal.phase is not Phase.RANK_COMMIT
            laid = tuple(c if revealed or s == seat else -1 for s, c in enumerate(contract.laid))
        trump = deal.trump
        return cls(
            seat, deal.players, deal.profile, deal.phase, deal.hand_masks[seat],
            deal.table.deck, played,
            deal.auction.high,
            -1 if contract is None else contract.declarer,
            None if contract is None else contract.combo,
            -1 if trump is None else int(trump), deal.trick_cards, deal.winners,
            deal.guesses, laid,
        )

    @classmethod
    def of_view(cls, view: PlayerView) -> _Sight:
        """The same value built from ``view`` alone (what :meth:`of` must agree with)."""
        played = 0
        high_bid = None
        profile = load_profile(view.profile_name)
        for _, text in view.history:
            word, _, rest = text.partition(" ")
            if word == "play":
                played |= Card.parse(rest).mask
            elif word == "bid":
                high_bid = ComboBid.parse(rest, profile, view.players)
        laid = tuple(-1 if c is None else c.index for c in view.laid)
        return cls(
            view.seat, view.players, profile, view.phase, view.hand.mask,
            profile.deck(view.players).mask, played, high_bid,
            -1 if view.declarer is None else view.declarer, view.combo,
            -1 if view.trump is None else int(view.trump),
            tuple((s, c.index) for s, c in view.trick), view.trick_winners, view.guesses, laid,
        )

    @property
    def iron(self) -> bool:
        """Whether aces rank lowest (R24)."""
        return self.combo is not None and "aces_low" in self.combo.play_rules

    @property
    def unseen(self) -> int:
        """The cards the seat has not seen: in the other hands, as far as it knows."""
        return self.deck & ~self.hand & ~self.played

    @property
    def is_declarer(self) -> bool:
        return self.seat == self.declarer

    def tricks_of(self, seat: int) -> int:
        return sum(1 for w in self.winners if w == seat)


# -- cards as bitmasks -------------------------------------------------------------------------


def _strength(card: int, iron: bool) -> int:
    return rank_strength(card % 13 + 2, iron)


def _higher(card: int, mask: int, iron: bool) -> int:
    """The cards of ``mask`` in ``card``'s suit that outrank it (R4, R24)."""
    suit = SUIT_MASKS[card // 13]
    ace = 1 << (card // 13 * 13 + 12)
    if iron and card % 13 == 12:
        return mask & suit & ~ace
    above = mask & suit & ~((1 << (card + 1)) - 1)
    return above & ~ace if iron else above


def _cards(mask: int) -> list[int]:
    return mask_indices(mask)


def _suit_length(mask: int, suit: int) -> int:
    return (mask & SUIT_MASKS[suit]).bit_count()


def _lowest(cards: Iterable[int], iron: bool) -> int:
    return min(cards, key=lambda c: (_strength(c, iron), c))


def _highest(cards: Iterable[int], iron: bool) -> int:
    return max(cards, key=lambda c: (_strength(c, iron), c))


def _beats(card: int, best: int, trump: int, iron: bool) -> bool:
    """Whether ``card`` beats ``best``, the winning card so far of a trick (R23)."""
    suit, best_suit = card // 13, best // 13
    if suit == best_suit:
        return _strength(card, iron) > _strength(best, iron)
    return suit == trump


def _best(trick: Sequence[tuple[int, int]], trump: int, iron: bool) -> tuple[int, int]:
    """The (seat, card) winning the trick so far."""
    best = trick[0]
    for play in trick[1:]:
        if _beats(play[1], best[1], trump, iron):
            best = play
    return best


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


# -- trick play ---------------------------------------------------------------------------------


class _Aim(enum.Enum):
    """What D wants from the current trick."""

    WIN = "win"
    LOSE = "lose"
    ANY = "any"


def _targets(combo: ComboBid, guesses: Sequence[int]) -> list[int]:
    """The final trick counts that complete a guessing bid, Greed applied (R16, R32)."""
    counts = range(HAND_SIZE + 1)
    if combo.greed:
        return [t for t in counts if t - 1 in guesses and t + 1 in guesses]
    return [t for t in counts if t in guesses]


def _declarer_aim(sight: _Sight) -> _Aim:
    """What D wants from the current trick, given the bid's goal and the tricks so far."""
    combo = sight.combo
    assert combo is not None
    number = len(sight.winners) + 1
    if combo.avoid_tricks >> (number - 1) & 1:
        return _Aim.LOSE  # Lock, Ending Dog (R31)
    goal = combo.standard.goal
    assert goal is not None
    mine = sight.tricks_of(sight.declarer)
    left = HAND_SIZE - number + 1
    kind, greed = goal.kind, int(combo.greed)
    if kind is GoalKind.MIN_TRICKS:
        need = goal.n + greed
        return _Aim.WIN if mine < need <= mine + left else _Aim.ANY
    if kind is GoalKind.SOLITARY_MOST:
        rival = max(sight.tricks_of(s) for s in range(sight.players) if s != sight.declarer)
        sure = mine - greed > rival + left
        return _Aim.ANY if sure or mine + left <= rival + greed else _Aim.WIN
    if kind is GoalKind.MAX_TRICKS:
        return _Aim.LOSE if mine <= goal.n - greed else _Aim.ANY
    if kind in (GoalKind.NOT_MOST, GoalKind.LEAST):
        return _Aim.LOSE
    if kind is GoalKind.LIMBO:
        first = sum(1 for w in sight.winners[: goal.first] if w == sight.declarer)
        if number <= goal.first:
            return _Aim.LOSE
        return _Aim.WIN if mine - first <= first + greed else _Aim.ANY
    reachable = [t for t in _targets(combo, sight.guesses) if t >= mine]
    if not reachable or reachable[0] > mine + left:
        return _Aim.ANY
    return _Aim.LOSE if reachable[0] == mine else _Aim.WIN


def _danger(card: int, sight: _Sight) -> tuple[int, int]:
    """How likely a card is to win a trick later: fewer unseen higher cards, higher rank."""
    iron = sight.iron
    return (-_higher(card, sight.unseen, iron).bit_count(), _strength(card, iron))


def _is_master(card: int, sight: _Sight) -> bool:
    """No unseen card of its suit outranks it."""
    return not _higher(card, sight.unseen, sight.iron)


def _cheap(cards: list[int], sight: _Sight) -> int:
    """The card that costs least to give up: a low non-trump, from a short suit."""
    return min(cards, key=lambda c: _cheapness(c, sight))


def _lead_to_win(cards: list[int], sight: _Sight) -> int:
    """Lead for tricks: draw trumps with a master trump, cash a master, else lead low from
    the longest suit."""
    trump, iron = sight.trump, sight.iron
    masters = [c for c in cards if _is_master(c, sight)]
    master_trumps = [c for c in masters if c // 13 == trump]
    if master_trumps and sight.unseen & SUIT_MASKS[trump]:
        return _highest(master_trumps, iron)
    if masters:
        return _highest(masters, iron)
    side = [c for c in cards if c // 13 != trump] or cards
    longest = max(side, key=lambda c: _suit_length(sight.hand, c // 13)) // 13
    return _lowest([c for c in side if c // 13 == longest], iron)


def _follow_to_win(cards: list[int], sight: _Sight, last: bool) -> int:
    """Take the trick as cheaply as can be trusted, else throw the cheapest card."""
    iron, trump = sight.iron, sight.trump
    best = _best(sight.trick, trump, iron)[1]
    winners = [c for c in cards if _beats(c, best, trump, iron)]
    if not winners:
        return _cheap(cards, sight)
    if not last:
        led = sight.trick[0][1] // 13
        safe = [c for c in winners if _is_master(c, sight) or c // 13 != led]
        if not safe:
            return _cheap(cards, sight)
        winners = safe
    return _lowest(winners, iron)


def _play_to_lose(cards: list[int], sight: _Sight, last: bool) -> int:
    """Lose the trick with the most dangerous card that loses; if every card wins, win
    with the most dangerous (last to play) or the least (someone may still go over)."""
    trump, iron = sight.trump, sight.iron
    if not sight.trick:
        return min(cards, key=lambda c: _danger(c, sight))
    best = _best(sight.trick, trump, iron)[1]
    losers = [c for c in cards if not _beats(c, best, trump, iron)]
    if losers:
        return max(losers, key=lambda c: _danger(c, sight))
    lowest = _lowest(cards, iron)
    to_play = sight.players - 1 - len(sight.trick)
    under = _higher(lowest, sight.unseen, iron) ^ (sight.unseen & SUIT_MASKS[lowest // 13])
    if last or under.bit_count() >= 2 * to_play:  # they can all play under it: win high
        return max(cards, key=lambda c: _danger(c, sight))
    return lowest


def _defend_against_tricks(cards: list[int], sight: _Sight) -> int:
    """An opponent of a D who needs tricks: keep D from winning this one."""
    iron, trump, declarer = sight.iron, sight.trump, sight.declarer
    if not sight.trick:
        masters = [c for c in cards if _is_master(c, sight)]
        return _highest(masters, iron) if masters else _cheap(cards, sight)
    seat, best = _best(sight.trick, trump, iron)
    winners = [c for c in cards if _beats(c, best, trump, iron)]
    declarer_played = any(s == declarer for s, _ in sight.trick)
    if declarer_played:
        if seat == declarer and winners:
            return _lowest(winners, iron)
        return _cheap(cards, sight)
    strong = [c for c in winners if _is_master(c, sight)]
    if strong:
        return _lowest(strong, iron)
    if winners and not _is_master(best, sight):
        return _highest(winners, iron)
    return _cheap(cards, sight)


def _defend_against_ducking(cards: list[int], sight: _Sight) -> int:
    """An opponent of a D who must lose tricks: make D take this one."""
    iron, trump, declarer = sight.iron, sight.trump, sight.declarer
    if not sight.trick:
        return _lowest(cards, iron)
    seat, best = _best(sight.trick, trump, iron)
    if not any(s == declarer for s, _ in sight.trick):
        led = sight.trick[0][1] // 13
        following = [c for c in cards if c // 13 == led]
        if following:
            return _lowest(following, iron)
        return max(cards, key=lambda c: _danger(c, sight))  # void: shed a high card
    if seat == declarer:
        losers = [c for c in cards if not _beats(c, best, trump, iron)]
        if losers:
            return max(losers, key=lambda c: _danger(c, sight))
    return max(cards, key=lambda c: _danger(c, sight))


def _choose_card(cards: list[int], sight: _Sight) -> int:
    """The card to play: by what D wants from the trick, and whose side the seat is on."""
    last = len(sight.trick) == sight.players - 1
    aim = _declarer_aim(sight)
    if aim is _Aim.ANY:
        return _cheap(cards, sight)
    if sight.is_declarer:
        if aim is _Aim.LOSE:
            return _play_to_lose(cards, sight, last)
        if not sight.trick:
            return _lead_to_win(cards, sight)
        return _follow_to_win(cards, sight, last)
    if aim is _Aim.WIN:
        return _defend_against_tricks(cards, sight)
    return _defend_against_ducking(cards, sight)


# -- the bot ------------------------------------------------------------------------------------


@attrs.frozen
class HeuristicBot:
    """A simple, honest computer player: rules of thumb, no search, no peeking.

    It reads only what ``deal.view(seat)`` shows (its own hand, the public record), through
    a small snapshot of those fields (see the module's ``_Sight``); it ignores cards the
    rules expose (Open Hand, Open Trump, the atelier) and the cards it knows of by Mail.

    **Auction.** It judges its hand by expected tricks: high cards by how many unseen cards
    outrank them, the long cards of its suits, and ruffs with spare trumps, for each
    possible trump suit and without trump; and, for the low bids, the tricks it would be
    forced to take while ducking; these estimates are calibrated on measured games. For
    every standard bid whose goal it can judge (all but Limbo), it adds the special bids
    whose cost it can judge (Master's Mail, Atelier, Open Trump, Open Hand, Penalty, Lock,
    Ending Dog) when they are needed to outbid, and Greed when its extra point is worth
    the extra trick, and estimates the chance of completing the combo bid from a normal
    spread around its estimate. It bids the legal combo bid of the best expected points
    (the score times the chance, less the failure points times the rest) if that is at
    least :attr:`min_expectation`, and passes otherwise. It never bids Limbo, Justice,
    Plague, Mail, Potential, Sloth, Hurry or Iron.

    **Before the first lead.** As D it names the trump suit in which it expects the most
    tricks (a legal one under Sub Trump), guesses the trick counts it is likeliest to hit,
    names its cheapest card as the card of justice when it needs tricks (its most dangerous
    one when it must lose them), names its shortest suit as the plague suit, lays its
    lowest card for Rank Trump and takes the card of the best trump suit, passes its
    weakest cards by Mail (its strongest when it must lose tricks) and shows its lowest
    cards in the atelier. As an opponent who chooses Master's Trump it names its longest
    suit, and states a preference for it when that suit is long. Opponents pass by Mail the
    cards that hurt D's goal least to keep: low cards against a D who needs tricks, high
    cards against one who must lose them. **Random fallback:** Mail's direction is a random
    legal one (the bot has no idea which is better).

    **Trick play.** D plays for its goal trick by trick: to win while it still needs
    tricks (leading master trumps to draw trumps, then masters, then low from a long suit;
    following with the cheapest trusted winner), and to lose when it must avoid them (Zero,
    the Bids of Shame, Lock's and Ending Dog's tricks, a guess reached), shedding its most
    dangerous cards. The opponents play against D's goal: they beat D's cards and cash their
    masters against a D who needs tricks, and lead low, duck under D and shed high cards
    against a D who must lose them. With the card of justice, D awards the trick to itself
    when it wants it, otherwise to an opponent.
    """

    name: str = "heuristic"
    """The bot's name in tables and reports."""
    min_expectation: float = -1.0
    """The least expected points (per deal, by the bot's estimates) a combo bid must
    promise to be bid. Below zero, because only a declarer can win the game and the
    estimates are cautious. Measured in 4-player games of one bot against three: with
    the others at 0.2, thresholds of 0, -0.3, -0.6, -1 and -1.5 won 26%, 34%, 38%, 42%
    and 40% of 1000 games; with the others at -1, thresholds of 0.2, -0.5 and -1.5 won
    15%, 22% and 26%."""
    spread: float = 1.0
    """A factor on the measured spread of the hand estimates (above 1: less trust)."""

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Move:
        """A legal move for ``seat`` (see the class docs for how it is chosen)."""
        sight = _Sight.of(deal, seat)
        moves = deal.legal_moves()
        chooser = _CHOOSERS.get(sight.phase)
        move = chooser(self, sight, moves, rng) if chooser is not None else None
        if move is None or move not in moves:  # pragma: no cover - every phase is handled
            move = moves[rng.randrange(len(moves))]
        return move

    # -- the auction ----------------------------------------------------------------------

    def _bid(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        """The legal combo bid of the best expected points, if good enough; else pass."""
        profile = sight.profile
        assessment = _assess(sight)
        high = sight.high_bid
        floor = profile.min_worth
        if high is not None:  # equal worth needs more potentials (R7, R34)
            floor = high.worth if MakeBid(high) in moves else high.worth + 1
        ranked: list[tuple[float, int, Bid, _Option]] = []
        chances = _chances(assessment, profile, self.spread)
        dodges: dict[tuple[bool, int], float] = {}
        for standard, options in _options_from(profile, sight.players, floor):
            if chances[standard.key, False] < 0.01 and chances[standard.key, True] < 0.01:
                continue  # hopeless, whatever the special bids
            ducking = _way(standard) is _Way.DUCK
            for option in options:
                dodge = dodges.get((ducking, option.avoid))
                if dodge is None:
                    dodge = dodges[ducking, option.avoid] = assessment.dodge(ducking,
                                                                             option.avoid)
                chance = chances[standard.key, option.greed] * dodge
                value = _expectation(standard, option, chance, profile.fail_points)
                if value >= self.min_expectation:
                    ranked.append((value, -option.worth, standard, option))
        ranked.sort(key=lambda r: (r[0], r[1]), reverse=True)
        for _, _, standard, option in ranked:
            move = MakeBid(ComboBid.unchecked(profile, standard, option.specials))
            if move in moves:
                return move
        return Pass()

    # -- before the first lead --------------------------------------------------------------

    def _name_trump(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        suits = [int(m.suit) for m in moves if isinstance(m, SetTrump)]
        hand, iron = sight.hand, sight.iron
        if sight.is_declarer:
            def tricks(s: int) -> tuple[float, int]:
                return (_winning_tricks(hand, sight.unseen, s, sight.players, iron),
                        _suit_length(hand, s))
            return SetTrump(Suit(max(suits, key=tricks)))
        # Master's Trump's chooser: its own longest suit, where D is likely short.
        return SetTrump(Suit(max(suits, key=lambda s: (_suit_length(hand, s), -s))))

    def _prefer(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        suit = max(range(4), key=lambda s: (_suit_length(sight.hand, s), -s))
        length = _suit_length(sight.hand, suit)
        if length < 4:
            return Prefer()
        return Prefer(Suit(suit), min(5, length - 3))

    def _commit(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        return Commit(ALL_CARDS[_cheap(_cards(sight.hand), sight)])

    def _take(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        own = sight.laid[sight.seat]
        def tricks(card: int) -> float:
            hand = sight.hand & ~(1 << own) | 1 << card
            unseen = sight.deck & ~hand
            return _winning_tricks(hand, unseen, card // 13, sight.players, sight.iron)
        cards = [m.card.index for m in moves if isinstance(m, Take)]
        return Take(ALL_CARDS[max(cards, key=tricks)])

    def _guess(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        combo = sight.combo
        assert combo is not None
        assessment = _assess(sight)
        count = combo.standard.guesses
        if combo.greed and count == 2:  # R32: both neighbours of the target (one in range)
            (target,), _ = _best_guesses(assessment, 1, self.spread)
            target = min(max(target, 1), HAND_SIZE - 1)
            return Guess((target - 1, target + 1))
        numbers, _ = _best_guesses(assessment, count, self.spread)
        return Guess(numbers)

    def _justice(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        cards = _cards(sight.hand)
        if _ducking(sight):  # awarded away whenever it is forced to win
            card = max(cards, key=lambda c: _danger(c, sight))
        else:  # a loser turned into a trick
            card = _cheap(cards, sight)
        return SetJustice(ALL_CARDS[card])

    def _plague(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        return SetPlague(Suit(min(range(4), key=lambda s: (_suit_length(sight.hand, s), s))))

    def _mail(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        return moves[rng.randrange(len(moves))]  # no better idea: a random direction

    def _send(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        """Against (or as) a D who must lose tricks, pass high cards; else low ones."""
        cards = _cards(sight.hand)
        if _ducking(sight):
            chosen = sorted(cards, key=lambda c: _danger(c, sight))[-3:]
        else:
            chosen = sorted(cards, key=lambda c: _cheapness(c, sight))[:3]
        return Send(CardSet(sum(1 << c for c in chosen)))

    def _atelier(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        combo = sight.combo
        assert combo is not None
        eligible = sight.hand
        if "trumps" in combo.exposes and sight.trump >= 0:
            eligible &= ~SUIT_MASKS[sight.trump]
        cards = sorted(_cards(eligible), key=lambda c: (_strength(c, sight.iron), c))
        size = min(combo.atelier_size, len(cards))
        return SetAtelier(CardSet(sum(1 << c for c in cards[:size])))

    # -- trick play -------------------------------------------------------------------------

    def _play(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        cards = [m.card.index for m in moves if isinstance(m, Play)]
        if len(cards) == 1:
            return moves[0]
        return Play(ALL_CARDS[_choose_card(cards, sight)])

    def _refill(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        cards = [m.card.index for m in moves if isinstance(m, Refill)]
        return Refill(ALL_CARDS[_lowest(cards, sight.iron)])

    def _award(self, sight: _Sight, moves: LegalMoves, rng: random.Random) -> Move:
        """To D when D wants the trick; else to an opponent: the one with the most tricks
        under Bid of Shame (someone must have more than D), the one with the fewest
        otherwise."""
        if _declarer_aim(sight) is _Aim.WIN:
            return Award(sight.seat)
        combo = sight.combo
        assert combo is not None
        assert combo.standard.goal is not None
        others = [s for s in range(sight.players) if s != sight.seat]
        most = combo.standard.goal.kind is GoalKind.NOT_MOST
        def rank(s: int) -> tuple[int, int]:
            count = sight.tricks_of(s)
            return (-count if most else count, s)
        return Award(min(others, key=rank))


def _assess(sight: _Sight) -> _Assessment:
    """The seat's hand judged for the auction (the same hand is judged once)."""
    return _assessment(sight.hand, sight.unseen, sight.players)


@lru_cache(maxsize=4096)
def _assessment(hand: int, unseen: int, players: int) -> _Assessment:
    return _Assessment.of(hand, unseen, players)


def _ducking(sight: _Sight) -> bool:
    """Whether D's standard bid asks D to lose tricks (Zero, the Bids of Shame)."""
    return sight.combo is not None and _way(sight.combo.standard) is _Way.DUCK


def _cheapness(card: int, sight: _Sight) -> tuple[bool, int, int]:
    """Sort key: cheapest card to give away first (non-trump, low, from a short suit)."""
    return (card // 13 == sight.trump, _strength(card, sight.iron),
            _suit_length(sight.hand, card // 13))


_Chooser = Callable[[HeuristicBot, _Sight, LegalMoves, random.Random], Move]
_CHOOSERS: dict[Phase, _Chooser] = {
    Phase.AUCTION: HeuristicBot._bid,
    Phase.TRUMP: HeuristicBot._name_trump,
    Phase.PREFERENCE: HeuristicBot._prefer,
    Phase.RANK_COMMIT: HeuristicBot._commit,
    Phase.RANK_TAKE: HeuristicBot._take,
    Phase.GUESS: HeuristicBot._guess,
    Phase.JUSTICE: HeuristicBot._justice,
    Phase.PLAGUE: HeuristicBot._plague,
    Phase.MAIL: HeuristicBot._mail,
    Phase.SEND: HeuristicBot._send,
    Phase.MASTERS_MAIL: HeuristicBot._send,
    Phase.ATELIER: HeuristicBot._atelier,
    Phase.PLAY: HeuristicBot._play,
    Phase.REFILL: HeuristicBot._refill,
    Phase.AWARD: HeuristicBot._award,
}
