"""Determinization: deal the hidden cards again, consistently with one seat's view (issue 14).

:class:`Sampler` takes a :class:`~combowhist.views.PlayerView` (and nothing else) and draws
full :class:`~combowhist.Deal` values at the same point of the deal that the seat cannot tell
from the real one: every other seat's cards and every choice hidden from the seat (other
seats' Mail and Master's Mail picks, ``commit ?``, 1.5.1's ``take AC ?``, the atelier before
the first lead) are drawn again, and the sample's view from that seat equals the given view,
its legal moves included. Search bots and ISMCTS stand on it.

>>> import random
>>> from combowhist import Deal
>>> deal = Deal.new(players=4, seed=3).playout(random.Random(5))
>>> view = deal.view(2)
>>> sample = Sampler(view).sample(random.Random(1))
>>> sample.view(2) == view and sample.hands[2] == deal.hands[2]
True

**How.** A *world* is the other seats' dealt cards together with every hidden choice. The
sampler

1. reads from the view where each card not in the seat's hand can be now: it follows the
   cards the seat knows of (its own dealt cards, laid Rank Trump cards, the card given for
   the one taken, the Mail picks it sent or received) through the exchanges, and from trick
   play it reads the suits each seat cannot hold (failing to follow, R23; D's plays that
   only R27 or R28's exceptions allow) and the cards everyone sees (Open Hand, Open Trump,
   the atelier, Taintless Bid's 2s; R30, E4);
2. draws the seats' present cards uniformly among the splits that respect these per-card
   allowances and the hand sizes, exactly, by counting over classes of cards with the same
   allowed seats;
3. undoes the exchanges that happened, newest first: each hidden pick is a uniformly drawn
   3-card subset of its receiver's 13 cards after the exchange, and a hidden given card a
   uniformly drawn card of its receiver's hand, which gives the dealt hands (a laid Rank
   Trump card its layer did not hold then ends the proposal);
4. replays the whole log from those hands through the checked engine, drawing the hidden
   choices still to undo uniformly among the legal ones (laid Rank Trump cards before they
   show, Mail picks before the cards move, the atelier before the first lead), and accepts
   the deal only if its view from the seat equals the given view.

**Uniform.** Steps 2 and 3 propose every world that the allowances leave open with the same
probability: the counting in step 2 is exact, a hidden pick always has 286 proposals (3 of
13 cards), a hidden laid card or given card 13; an atelier chosen out of ``n`` legal ones is
accepted with probability ``n / C(13, size)`` so that it too has the weight of one world.
Step 4 rejects exactly the worlds that do not fit the view. So a sample accepted among the
first :data:`UNIFORM_ATTEMPTS` proposals is **uniform over the consistent worlds**, for
every event. What is not uniform, or not drawn:

- the worlds are weighed equally, not by how likely the other seats were to choose what
  they chose (no model of play);
- where the cards the seat knows of went through hidden exchanges (D's Mail cards passed on
  by Master's Mail, laid Rank Trump cards mailed on), most uniform proposals may not fit:
  after :data:`UNIFORM_ATTEMPTS` of them the sampler *steers* the rest, drawing a hidden
  pick or given card only among those that fit what the seat knew before it. A steered
  sample is still consistent (step 4 checks it) but not exactly uniform: each split of the
  present cards weighs the same instead of as many as the worlds it completes to, so worlds
  whose hidden picks are more constrained are favoured. Measured: none of some 12,000
  samples over Hypothesis deals of every phase and edition needed more than 155 proposals;
  over 840 samples from deals with Rank Trump and Mail or Master's Mail, chosen as the
  hardest, the most was 301 (a few ms);
- scores and potentials are public (the score sheet, R34, R36): the samples carry the
  view's;
- the search is bounded: after :data:`MAX_ATTEMPTS` proposals without a fit (a view no deal
  produces that the analysis did not already refuse) :meth:`Sampler.sample` raises
  :class:`SamplingError` rather than loop.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb, factorial
from typing import NamedTuple

from combowhist.bids import Exposure, RankLayers, TrumpRule
from combowhist.cards import ALL_CARDS, SUIT_MASKS, CardSet, compositions, mask_indices
from combowhist.deal import HAND_SIZE, Deal
from combowhist.errors import CombowhistError
from combowhist.moves import (
    Commit,
    Move,
    Play,
    Refill,
    Send,
    SetAtelier,
    SetTrump,
    Take,
    parse_move,
)
from combowhist.primitives import Event
from combowhist.rules.play import flags_after, legal_play_mask, next_trump
from combowhist.rules.setup import MAIL_CARDS, mail_target, masters_mail_target
from combowhist.state import Phase
from combowhist.views import PlayerView

__all__ = ["MAX_ATTEMPTS", "UNIFORM_ATTEMPTS", "Sampler", "SamplingError", "sample_deal"]

UNIFORM_ATTEMPTS = 1_000
"""Proposals :meth:`Sampler.sample` draws uniformly before it steers them."""
MAX_ATTEMPTS = 4_000
"""Proposals :meth:`Sampler.sample` makes before it gives up with :class:`SamplingError`."""


class SamplingError(CombowhistError):
    """No deal consistent with the view was found: the view cannot come from a real deal
    (one built by hand, say), or the sampler gave up after :data:`MAX_ATTEMPTS`
    proposals."""


class _Exchange(NamedTuple):
    """A Mail or Master's Mail exchange as the log shows it."""

    targets: dict[int, int]
    """Each picker's receiver."""
    picks: dict[int, int | None]
    """Each picker's cards as the observer sees them, ``None`` when hidden."""


class _Swap(NamedTuple):
    """Rank Trump's take: D takes ``taken`` from ``owner`` and gives ``given`` (``None``
    when hidden from the observer, E2)."""

    declarer: int
    owner: int
    taken: int
    given: int | None


class _Pick(NamedTuple):
    """A hidden pick of a completed exchange: undone, then replayed."""

    exchange: int
    picker: int


_UNIFORM = "uniform"
"""A hidden choice drawn uniformly while replaying (a laid card before all show, a pick
before the cards move)."""
_ATELIER = "atelier"
"""D's hidden atelier, drawn while replaying with a world's weight."""
_GIFT = "gift"
"""The hidden card D gives for the one taken (E2), drawn while undoing."""

_Item = Move | _Pick | str
_Timeline = _Swap | int | tuple[int, int]
"""What moved cards, in log order: a swap, a completed exchange (its index) or a laid card
``(seat, card)``."""


class Sampler:
    """The per-view analysis of :mod:`combowhist.sampling`, done once; :meth:`sample` draws.

    The samples carry the scores and potentials the view shows (public in a game). Raises
    :class:`SamplingError` for a view no deal can produce when that shows already (the
    cards do not add up, say)."""

    def __init__(self, view: PlayerView) -> None:
        if not isinstance(view, PlayerView):
            raise SamplingError(f"a sampler takes a PlayerView, not {type(view).__name__}")
        self.view = view
        """The view the samples agree with."""
        self._seat = view.seat
        self._players = view.players
        self._script: list[tuple[int, _Item]] = []
        self._exchanges: list[_Exchange] = []
        self._swap: _Swap | None = None
        self._timeline: list[_Timeline] = []
        self._played = [0] * self._players
        self._plays: list[tuple[int, int]] = []
        self._trump = -1
        self._before: dict[int, list[int]] = {}
        """Per swap or exchange (by its place in the timeline), the seats that may hold
        each card just before it."""
        self._bare = False
        """Whether D once had no card to refill the atelier with (R21)."""
        self._read_log()
        self.scores = view.scores
        """The scores the samples are dealt with: the view's (public on the score sheet)."""
        self.potentials = view.potentials
        """The potentials the samples are dealt with: the view's (public)."""
        self._classes, self._sizes = self._unseen()
        self._splits_memo: dict[tuple[int, tuple[int, ...]],
                                list[tuple[tuple[int, ...], int]]] = {}
        self._counts: dict[tuple[int, tuple[int, ...]], int] = {}
        if self._count(0, self._sizes) == 0:
            raise SamplingError(f"seat {self._seat}'s view: no split of the unseen cards fits "
                                f"what the seat saw (hand sizes, voids, exposed cards)")

    # -- reading the view --------------------------------------------------------------------

    def _read_log(self) -> None:
        """The replay script, what moved cards, and the cards each seat played."""
        view = self.view
        combo = view.combo
        pending = [event for event in (combo.events if combo is not None else ())
                   if event in (Event.MAIL, Event.MASTERS_MAIL)]
        laid: dict[int, int] = {}
        exchange: _Exchange | None = None
        atelier = 0
        unrefilled = False  # D just played from the atelier
        for mover, text in view.log:
            if unrefilled and not text.startswith("refill"):
                self._bare = True  # R21: nothing eligible was left to refill with
            unrefilled = False
            word = text.split(" ", 1)[0]
            hidden = "?" in text
            item: _Item
            if word == "send":
                if exchange is None or len(exchange.picks) == len(exchange.targets):
                    if not pending:
                        raise self._error("a 'send' without Mail or Master's Mail")
                    exchange = self._exchange(pending.pop(0) is Event.MASTERS_MAIL)
                    self._exchanges.append(exchange)
                if mover not in exchange.targets or mover in exchange.picks:
                    raise self._error(f"seat {mover}'s 'send' out of turn")
                send = None if hidden else self._parse(text)
                exchange.picks[mover] = None if send is None else _cards(send)
                item = _Pick(len(self._exchanges) - 1, mover) if send is None else send
                if len(exchange.picks) == len(exchange.targets):
                    self._timeline.append(len(self._exchanges) - 1)
            elif word == "take":
                item = _GIFT if hidden else self._parse(text)
                taken = self._parse(text.split("?")[0])
                assert isinstance(taken, Take)
                self._take(mover, taken.card.index, None if hidden else item, laid)
            elif word == "atelier" and hidden:
                item = _ATELIER
            elif hidden:
                item = _UNIFORM  # a laid card before all show (R14)
            else:
                item = self._parse(text)
                if isinstance(item, Play):
                    self._played[mover] |= 1 << item.card.index
                    self._plays.append((mover, item.card.index))
                    unrefilled = bool(atelier >> item.card.index & 1)
                    atelier &= ~(1 << item.card.index)
                elif isinstance(item, SetAtelier):
                    atelier = item.cards.mask
                elif isinstance(item, Refill):
                    atelier |= 1 << item.card.index
                elif isinstance(item, Commit):
                    laid[mover] = item.card.index
                    self._timeline.append((mover, item.card.index))
                elif isinstance(item, SetTrump):
                    self._trump = int(item.suit)
            self._script.append((mover, item))
        if unrefilled and view.phase is not Phase.REFILL:
            self._bare = True
        if exchange is not None and len(exchange.picks) < len(exchange.targets):
            # The cards have not moved yet: its hidden picks are drawn while replaying.
            last = len(self._exchanges) - 1
            self._script = [(m, _UNIFORM if isinstance(i, _Pick) and i.exchange == last
                             else i) for m, i in self._script]

    def _error(self, reason: str) -> SamplingError:
        return SamplingError(f"seat {self._seat}'s view cannot come from a deal: {reason}")

    def _parse(self, text: str) -> Move:
        view = self.view
        try:
            return _parsed(text, view.profile, view.players)
        except CombowhistError as error:
            raise self._error(f"move {text!r}: {error}") from None

    def _exchange(self, masters: bool) -> _Exchange:
        view = self.view
        players = view.players
        declarer = view.declarer
        combo = view.combo
        if declarer is None or combo is None:
            raise self._error("a 'send' without a declarer")
        if masters:
            direction = combo.rules.masters_mail_direction
            targets = {s: masters_mail_target(s, declarer, players, direction)
                       for s in range(players) if s != declarer}  # R20
        else:
            if view.mail_direction is None:
                raise self._error("Mail picks without a direction")
            targets = {s: mail_target(view.mail_direction, s, players)
                       for s in range(players)}  # R19
        return _Exchange(targets, {})

    def _take(self, mover: int, taken: int, move: _Item | None, laid: dict[int, int]) -> None:
        combo = self.view.combo
        owners = [s for s, card in laid.items() if card == taken and s != mover]
        if combo is None or not owners:
            raise self._error(f"{ALL_CARDS[taken]} taken but not laid by an opponent (R14)")
        if combo.standard.laid_by is RankLayers.ALL:
            given: int | None = laid.get(mover)  # D's own laid card (R14)
        elif isinstance(move, Take) and move.give is not None:
            given = move.give.index
        else:
            given = None  # E2: shown only to D and the owner
        self._swap = _Swap(mover, owners[0], taken, given)
        self._timeline.append(self._swap)
        self._trump = taken // 13

    # -- where the unseen cards may be --------------------------------------------------------

    def _dealt_own(self) -> int:
        """The seat's own dealt hand: its cards now and played, the exchanges undone."""
        seat = self._seat
        dealt = self.view.hand.mask | self._played[seat]
        for step in reversed(self._timeline):
            if isinstance(step, _Swap):
                if step.given is not None and seat == step.declarer:
                    dealt = dealt & ~(1 << step.taken) | 1 << step.given
                elif step.given is not None and seat == step.owner:
                    dealt = dealt & ~(1 << step.given) | 1 << step.taken
            elif isinstance(step, int):
                exchange = self._exchanges[step]
                if seat in exchange.targets:
                    sender = next(s for s, t in exchange.targets.items() if t == seat)
                    dealt = (dealt & ~(exchange.picks[sender] or 0)
                             | (exchange.picks[seat] or 0))
        return dealt

    def _holders(self) -> list[int]:
        """Per card, a bitmask of the seats that may hold it after the exchanges, as far as
        the cards the seat knows of tell: a superset of the truth."""
        seat = self._seat
        others = (1 << self._players) - 1 & ~(1 << seat)
        dealt = self._dealt_own()
        holders = [1 << seat if dealt >> card & 1 else others for card in range(52)]
        for index, step in enumerate(self._timeline):
            if isinstance(step, _Swap):
                self._before[index] = list(holders)
                _swap_holders(holders, step)
            elif isinstance(step, int):
                self._before[index] = list(holders)
                _exchange_holders(holders, self._exchanges[step], self._players)
            else:
                holders[step[1]] = 1 << step[0]  # a laid card was its layer's (R14)
        return holders

    def _unseen(self) -> tuple[list[tuple[int, list[int]]], tuple[int, ...]]:
        """The cards the seat does not see, grouped by the seats that may hold them now
        (the class every other seat may hold last), and how many each seat holds."""
        view = self.view
        seat, players = self._seat, self._players
        deck = view.profile.deck(players).mask
        hand = view.hand.mask
        played = 0
        for cards in self._played:
            played |= cards
        if hand & played or (hand | played) & ~deck:
            raise self._error("its hand holds played cards or cards outside the deck")
        others = (1 << players) - 1 & ~(1 << seat)
        holders = self._holders()
        suits = _suits_allowed(view, self._plays, self._trump)
        declarer = view.declarer
        combo = view.combo
        if self._bare and declarer is not None and combo is not None:
            # R21: D's cards outside the atelier were all ineligible, shown or trumps
            # under Open Trump, and D holds no more now.
            suits[declarer] &= (1 << self._trump if Exposure.TRUMPS in combo.exposes
                                and self._trump >= 0 else 0)
        by_suit = [sum(1 << s for s in range(players) if suits[s] >> suit & 1)
                   for suit in range(4)]
        led = bool(view.trick_winners or view.trick)
        exposes = combo.exposes if combo is not None and led else frozenset()
        forced: dict[int, int] = {}
        for owner, shown in enumerate(view.shown):  # E4
            for card in mask_indices(shown.mask):
                forced[card] = 1 << owner
        if declarer is not None:  # R30
            for card in mask_indices(view.exposed.mask | view.atelier.mask):
                forced[card] = 1 << declarer
        named = combo.shown_cards if combo is not None and led else 0
        unseen = deck & ~hand & ~played
        classes: dict[int, list[int]] = {}
        for card in mask_indices(unseen):
            allowed = forced.get(card)
            if allowed is None:
                allowed = holders[card] & others & by_suit[card // 13]
                if named >> card & 1:
                    allowed = 0  # every such card in a hand is shown (E4)
                if declarer is not None and (Exposure.HAND in exposes or (
                        Exposure.TRUMPS in exposes and card // 13 == self._trump)):
                    allowed &= ~(1 << declarer)  # D's are all shown (R30)
            classes.setdefault(allowed, []).append(card)
        sizes = tuple(0 if s == seat else HAND_SIZE - self._played[s].bit_count()
                      for s in range(players))
        if sum(sizes) != unseen.bit_count():
            raise self._error(f"{unseen.bit_count()} unseen cards for {sum(sizes)} places "
                              f"in the other hands")
        ordered = sorted(classes.items(), key=lambda c: (c[0] == others, c[0].bit_count()))
        return ordered, sizes

    # -- counting and drawing --------------------------------------------------------------

    def _count(self, index: int, room: tuple[int, ...]) -> int:
        """The number of ways to deal classes ``index…`` into the room left per seat."""
        if index == len(self._classes):
            return int(not any(room))
        key = (index, room)
        known = self._counts.get(key)
        if known is None:
            known = self._counts[key] = sum(w for _, w in self._splits(index, room))
        return known

    def _splits(self, index: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """The ways class ``index`` can split over its seats: the room left after each,
        with its weight (the ways to choose its cards per seat times the ways to deal the
        classes after it)."""
        key = (index, room)
        known = self._splits_memo.get(key)
        if known is not None:
            return known
        allowed, cards = self._classes[index]
        seats = [s for s in range(self._players) if allowed >> s & 1]
        n = len(cards)
        out = []
        shares = compositions(n, len(seats))
        if index == len(self._classes) - 1:  # the last class fills the room left
            forced = tuple(room[s] for s in seats)
            shares = (forced,) if sum(forced) == n and sum(room) == n else ()
        for counts in shares:
            left = list(room)
            for s, k in zip(seats, counts, strict=True):
                left[s] -= k
            if min(left) < 0:
                continue
            after = self._count(index + 1, tuple(left))
            if after:
                ways = factorial(n)
                for k in counts:
                    ways //= factorial(k)
                out.append((tuple(left), ways * after))
        self._splits_memo[key] = out
        return out

    def _deal_unseen(self, rng: random.Random) -> list[int]:
        """Every seat's cards now (the seat's own: its hand), drawn uniformly among the
        splits the classes allow."""
        hands = [0] * self._players
        hands[self._seat] = self.view.hand.mask
        room = self._sizes
        for index, (_, cards) in enumerate(self._classes):
            splits = self._splits(index, room)
            draw = rng.randrange(self._count(index, room))
            after = splits[-1][0]
            for left, weight in splits:
                if draw < weight:
                    after = left
                    break
                draw -= weight
            shuffled = list(cards)
            rng.shuffle(shuffled)
            position = 0
            for s in range(self._players):
                for card in shuffled[position:position + room[s] - after[s]]:
                    hands[s] |= 1 << card
                position += room[s] - after[s]
            room = after
        return hands

    def _undo(self, hands: list[int], rng: random.Random, steer: bool
              ) -> dict[_Pick, int] | None:
        """Turn the hands after the exchanges into the dealt hands, in place, newest
        exchange first, drawing each hidden pick among the receiver's 13 cards and the
        hidden given card among the owner's: the picks drawn and the given card (``None``:
        a known pick or laid card that does not fit). With ``steer``, a hidden pick or
        given card is drawn only among those that fit what the seat knew before it."""
        drawn: dict[_Pick, int] = {}
        for index in range(len(self._timeline) - 1, -1, -1):
            step = self._timeline[index]
            if isinstance(step, _Swap):
                declarer, owner = step.declarer, step.owner
                given = step.given
                if given is None:
                    choices = hands[owner]
                    if steer:  # a card D may have held
                        before = self._before[index]
                        choices = sum(1 << c for c in mask_indices(choices)
                                      if before[c] >> declarer & 1)
                    if not choices:
                        return None
                    given = rng.choice(mask_indices(choices))
                if not (hands[declarer] >> step.taken & 1 and hands[owner] >> given & 1):
                    return None
                hands[declarer] = hands[declarer] & ~(1 << step.taken) | 1 << given
                hands[owner] = hands[owner] & ~(1 << given) | 1 << step.taken
                drawn[_Pick(-1, -1)] = given
            elif isinstance(step, int):
                exchange = self._exchanges[step]
                picks = {}
                for picker, target in exchange.targets.items():
                    pick = exchange.picks[picker]
                    if pick is None:
                        pick = self._draw_pick(hands[target], picker, target, index, rng,
                                               steer)
                        if pick is None:
                            return None
                        drawn[_Pick(step, picker)] = pick
                    elif pick & ~hands[target]:
                        return None
                    picks[picker] = pick
                for picker, target in exchange.targets.items():
                    hands[target] &= ~picks[picker]
                for picker, pick in picks.items():
                    hands[picker] |= pick
            elif not hands[step[0]] >> step[1] & 1:
                return None  # a laid card its layer did not hold (R14)
        return drawn

    def _draw_pick(self, cards: int, picker: int, target: int, index: int,
                   rng: random.Random, steer: bool) -> int | None:
        """A hidden pick of ``picker``'s that went to ``target``, who holds ``cards`` after
        the exchange: 3 of them uniformly, or with ``steer`` the cards that can only have
        come from the picker and the rest among those that may have."""
        pick = 0
        if not steer:
            for card in rng.sample(mask_indices(cards), MAIL_CARDS):
                pick |= 1 << card
            return pick
        before = self._before[index]
        free = []
        for card in mask_indices(cards):
            if not before[card] >> target & 1:
                if not before[card] >> picker & 1:
                    return None
                pick |= 1 << card  # the target cannot have held it
            elif before[card] >> picker & 1:
                free.append(card)
        need = MAIL_CARDS - pick.bit_count()
        if need < 0 or need > len(free):
            return None
        for card in rng.sample(free, need):
            pick |= 1 << card
        return pick

    def sample(self, rng: random.Random) -> Deal:
        """One full deal at the view's point whose view from the seat equals the view,
        drawn from ``rng`` (the same ``rng`` state gives the same deal): uniformly among the
        consistent worlds for the first :data:`UNIFORM_ATTEMPTS` proposals, then steered
        (see the module's notes). Raises :class:`SamplingError` after
        :data:`MAX_ATTEMPTS` proposals that do not fit."""
        for attempt in range(MAX_ATTEMPTS):
            deal = self._attempt(rng, attempt >= UNIFORM_ATTEMPTS)
            if deal is not None:
                return deal
        raise SamplingError(f"no deal consistent with seat {self._seat}'s view found in "
                            f"{MAX_ATTEMPTS} proposals")

    def _attempt(self, rng: random.Random, steer: bool = False) -> Deal | None:
        """One proposal, replayed through the checked engine: the deal if it fits."""
        hands = self._deal_unseen(rng)
        for s, cards in enumerate(self._played):
            hands[s] |= cards
        drawn = self._undo(hands, rng, steer)
        if drawn is None:
            return None
        view = self.view
        try:
            deal = Deal.from_hands([CardSet(m) for m in hands], profile=view.profile,
                                   dealer=view.dealer, scores=self.scores,
                                   potentials=self.potentials)
            for mover, item in self._script:
                if deal.to_move != mover:
                    return None
                if isinstance(item, Move):
                    deal = deal.apply(item)
                elif isinstance(item, _Pick):
                    deal = deal.apply(Send(CardSet(drawn[item])))
                elif item == _GIFT:
                    assert self._swap is not None
                    deal = deal.apply(Take(ALL_CARDS[self._swap.taken],
                                           ALL_CARDS[drawn[_Pick(-1, -1)]]))
                else:
                    legal = deal.legal_moves()
                    if item == _ATELIER:
                        # Weighed as one world per legal atelier: n of C(13, size) (R21).
                        combo = deal.combo
                        assert combo is not None
                        draw = rng.randrange(comb(HAND_SIZE, combo.atelier_size))
                        if draw >= len(legal):
                            return None
                    else:
                        draw = rng.randrange(len(legal))
                    deal = deal.apply(legal[draw])
        except CombowhistError:
            return None
        return deal if deal.view(self._seat) == view else None


def sample_deal(view: PlayerView, rng: random.Random) -> Deal:
    """``Sampler(view).sample(rng)``: one deal consistent with ``view`` (see
    :class:`Sampler`)."""
    return Sampler(view).sample(rng)


# -- helpers -----------------------------------------------------------------------------------


_parsed = lru_cache(maxsize=4096)(parse_move)
"""A move's notation read (moves are values, so shared): a log's bids are read once, not
checked against R7 and R8 again for every view."""


def _cards(move: Move) -> int:
    assert isinstance(move, Send)
    return move.cards.mask


def _swap_holders(holders: list[int], swap: _Swap) -> None:
    """Rank Trump's take moves the taken card to D and the given one to the owner; a hidden
    given card may be any D held (R14, E2)."""
    declarer_bit = 1 << swap.declarer
    if swap.given is None:
        for card, seats in enumerate(holders):
            if seats & declarer_bit:
                holders[card] = seats | 1 << swap.owner
    else:
        holders[swap.given] = 1 << swap.owner
    holders[swap.taken] = declarer_bit


def _exchange_holders(holders: list[int], exchange: _Exchange, players: int) -> None:
    """A known pick moves its cards to the receiver; a hidden one may move any card its
    picker held (R19, R20)."""
    reach = [1 << s for s in range(players)]
    moved: dict[int, int] = {}
    for picker, target in exchange.targets.items():
        pick = exchange.picks[picker]
        if pick is None:
            reach[picker] |= 1 << target
        else:
            for card in mask_indices(pick):
                moved[card] = 1 << target
    for card, seats in enumerate(holders):
        if card in moved:
            holders[card] = moved[card]
            continue
        out = 0
        for s in range(players):
            if seats >> s & 1:
                out |= reach[s]
        holders[card] = out


def _suits_allowed(view: PlayerView, plays: list[tuple[int, int]], trump: int) -> list[int]:
    """Per seat, a bitmask of the suits its unseen cards may be in, as trick play tells:
    failing to follow (R23), and D's plays that R27 or R28 allow only with a hand of a few
    suits. A superset: the play rules look only at which suits a hand holds, and every suit
    of every pattern that allows a play is kept."""
    players = view.players
    allowed = [0b1111] * players
    combo = view.combo
    declarer = view.declarer
    if combo is None or declarer is None:
        return allowed
    rule = combo.standard.trump
    block = trump if rule is TrumpRule.BLOCK else -1
    plague = -1 if view.plague_suit is None else int(view.plague_suit)
    grill = rule is TrumpRule.GRILL
    later = [0] * players  # the cards each seat plays from the play at hand on
    for seat, card in plays:
        later[seat] |= 1 << card
    flags = 0
    trick: list[int] = []
    trump_now = trump
    for seat, card in plays:
        led = trick[0] // 13 if trick else -1
        is_declarer = seat == declarer
        known = later[seat]
        later[seat] &= ~(1 << card)
        known_suits = sum(1 << s for s in range(4) if known & SUIT_MASKS[s])
        fits = 0
        for pattern in range(16):
            if pattern & known_suits != known_suits:
                continue
            hand = known
            for s in range(4):
                if pattern >> s & 1 and not known_suits >> s & 1:
                    hand |= 1 << 13 * s  # some card of the suit stands for all
            if legal_play_mask(hand, led, is_declarer, block, plague, flags) >> card & 1:
                fits |= pattern
        if not fits:
            raise SamplingError(f"seat {view.seat}'s view cannot come from a deal: seat "
                                f"{seat}'s play {ALL_CARDS[card]} is illegal with every hand "
                                f"that holds the cards it plays later (R23, R27, R28)")
        allowed[seat] &= fits
        if card // 13 in (trump_now, plague):
            flags = flags_after(flags, card, is_declarer, not trick, trump_now, plague)
        trick.append(card)
        if len(trick) == players:
            trump_now = next_trump(trump_now, trick[0] // 13, grill)
            trick = []
    return allowed
