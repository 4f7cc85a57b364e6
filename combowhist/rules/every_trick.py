"""R8 for the combos that need every trick, or all but the last, without trump: a search
of their own.

Taintless Master's Game with Greed is completed only if D brings home all thirteen tricks
(R31, R32), and it has no trump; with Ending Dog instead, only if D brings home every
trick but the last. Such a line is narrow: D's card wins every trick, so
from trick 2 on D leads, and every other card of a trick is either of the suit led and
lower than D's, or a discard by a seat that holds none of that suit. Proving that no
deal allows it is what the general search and the SAT solver are slowest at (minutes on
weak hands, where every opponent must run out of suits early): they try the deals one
card at a time. This search decides it directly, exactly, and answers with the line of
play where there is one.

How it stays exact and small:

- The unseen cards are not dealt up front. A seat that follows suit gets the highest
  unseen card of the suit below D's (any lower card would fit wherever that one does); a
  seat that does not follow becomes void in the suit led for good, and its discard is not
  named yet: rank never matters for a discard, only its suit, which must be one the seat
  still held then. The discards are named at the end, from the cards nobody played (a
  matching).
- A state is remembered by what can matter to the rest: for each suit, how many unseen
  cards lie between each two of D's cards (cards within such a gap are interchangeable);
  each seat's void suits and the suits its unnamed discards may be of; the suits in an
  order of their own where no Plague tells them apart. Seats are interchangeable (after
  trick 1's leader has led).
- Three necessary conditions cut the search: every seat, alone, must be able to play
  each of D's remaining tricks (following at most as often as there are cards below D's
  in that suit); the seats together must, in one order of D's tricks, with the follows
  of a suit shared between them; and the unseen cards must fit, suit by suit, into the
  discards made and the plays to come (Hall's condition), those counted trick by trick
  and, tighter where a seat is bound to follow, seat by seat, each seat playing D's
  tricks in the order that suits it best.
- Four orders of D's leads (each suit first in turn; every other one with the
  opponents' discards tried before their follows) take turns with growing budgets,
  sharing the states proven to fail: one order often finds at once a line another
  misses for long, and any one run to its end without a line proves there is none.

Trick 1 is led by the seat on D's right unless Hurry (R22): that seat must lead a card D
can beat, so it follows like the others but may not be void. Plague (R28): D may not
lead the plague suit before a plague card is played other than as D's lead, unless D
holds nothing else; beplagued, D still completes, having taken every plague card (R33).
Iron ranks aces lowest (R24).

Every trick but the last: D keeps one card to the end, the lowest of a suit (a higher one
would win wherever it does in the tricks before), and one opponent keeps the highest
unseen card of that suit, above D's, to take trick 13 with. That seat may never become
void in the suit; each other opponent's last card is named like a discard, of a suit it
still holds. The rest is the search for every trick of the twelve before. Plague: D fails
beplagued if the last trick holds plague cards and D's count of them still exceeds its
taker's (R33).

One trick lost and awarded to D under Justice (R29), the rest taken (but the last): a
search for lines only (``one_lost``; ``None`` proves nothing of lines in which D, not on
lead, discards in the trick it loses). In the trick it loses D plays its lowest card of a
suit (the next lowest where it keeps the lowest for the last trick: the higher would win
wherever the lower did), the others follow with the highest unseen cards of the suit
(any card is legal there, and the lower ones are the easier to place later) or become
void in it, and D leads the next trick. Each suit D may lose with is a problem of its own.
Before that trick, where the necessary conditions fail as they are, they are asked of D
without its lowest card of that suit, each opponent a card of any suit to spare (as
:func:`out_of_reach` asks them). Compared with a brute force over every deal and play of
small decks, it finds a line wherever one exists that loses at most one trick, with a
card of the suit led.

Every trick but one or two, any of them (12 of the 13 in play: Taintless Master's Game
alone; 11: with Justice, R29): no search of its own, but a proof of impossibility that
often reaches where the SAT solver takes minutes (weak hands). A line that loses trick k
(or none: then k is the trick of D's lowest card of some suit) gives a line of the other
twelve in which D takes every trick, leading each with Hurry: D's card of trick k is left
out, each opponent's card of trick k becomes a card it discards before trick 1 (of any
suit: it held it from the start), and the trick after k, led by its taker, is the same
trick led by D with the same cards (the suit led is the same, so every seat follows as
before; so trick 1 without Hurry, R22). D's card of trick k may be taken as D's lowest of
its suit: a lower card of that suit played in a trick D takes would lose trick k as well,
and the higher wins where the lower did. So where, for every suit D holds, D without its
lowest card of it has no such line of the other twelve (each opponent a card to spare),
there is no line taking all but one, with or without Hurry, and with Plague none either
(it only narrows D's leads and what D may lose). Nor with Justice every trick, one
perhaps lost in play and awarded to D (R29): D takes twelve in play and leads the trick
after the awarded one. Two tricks left out the same way (the lost ones; where fewer are
lost, one D takes holding D's lowest card of a suit) give a line of the other eleven,
each opponent with two cards to spare, D without its lowest card of each of two suits, or
its two lowest of one. Where one has a line, nothing is proven.

With one trick lost, its taker's card is pinned too (:func:`_one_lost`). D leads every
trick after one D took, so D's card of trick k is of the suit led unless k is trick 1,
led by the seat on D's right without Hurry, to a suit D holds none of. The taker's card
is of the suit led, above D's where D followed, and may be taken as the highest unseen
card of that suit: swapped with it wherever that card was played (in a trick D took,
below D's card or discarded; the suits every seat holds stay the same), every trick
keeps its taker. So the taker, any opponent (with Hurry the seats are alike), has that
card out of play before trick 1 and every other opponent a card of any suit; and a line
that loses no trick is asked for as it is, all thirteen with Hurry. On some random hands
this proves in a fraction of a second what the looser proof missed and the solver took
one or two minutes over.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement, permutations
from operator import add
from time import perf_counter

__all__ = ["GaveWay", "OutOfStates", "Turns", "clear_cache", "every_trick", "first_line",
           "out_of_reach", "ranked", "turns"]

_SUITS = 4
_ALL_SUITS = (1 << _SUITS) - 1

Seat = tuple[int, tuple[int, ...], int]
"""A seat of the search: its void suits (a bitmask); for each discard not yet named, the
suits it was void in when it made it (the discard is of a suit outside them); the suit
(a bitmask, or 0) of the card it keeps to take the last trick with."""

Trick = tuple[int, tuple[int, ...]]
"""One trick of a line: D's card and each opponent's (card indices)."""


def every_trick(hand: int, deck: int, players: int, hurry: bool, iron: bool, plague: int,
                lose_last: bool = False) -> list[Trick] | None:
    """A line of play in which the declarer, holding ``hand`` (a bitmask of cards of
    ``deck``: 13 in a deal, the rest shared evenly among the other ``players - 1``),
    brings home every trick without trump (with ``lose_last``, every trick but the last,
    which an opponent takes), or ``None`` if none does.

    Each trick gives D's card, then each opponent's: opponent 0 is the seat on D's right,
    which leads trick 1 unless ``hurry`` (R22); the others are interchangeable. ``iron``
    ranks aces lowest (R24); ``plague`` is the plague suit D named, or -1 for none
    (R28, R33). Every unseen card of ``deck`` is played."""
    found = first_line(hand, deck, players, hurry, iron, (plague,), lose_last)
    return None if found is None else found[1]


def first_line(hand: int, deck: int, players: int, hurry: bool, iron: bool,
               plagues: Sequence[int], lose_last: bool = False, max_states: int = -1,
               spare: int = 0, one_lost: bool = False) -> tuple[int, list[Trick]] | None:
    """:func:`every_trick` under any of the plague suits ``plagues`` (-1: none): the one
    a line is found for first, and that line; ``None`` if there is none under any.

    Each plague suit, and with ``lose_last`` each suit D may keep a card of and which
    seat keeps the card to beat it, is a problem of its own; each problem is tried four
    ways, D's cards tried in a different suit first, sharing the states proven to fail (a
    line one order of D's leads misses for long, another often finds at once). The tries
    run in turns with growing budgets (a line is often quick to find in one try only); a
    try that runs to its end without a line proves its problem has none. Past
    ``max_states`` states opened in all (-1: no bound), :class:`OutOfStates` is raised.
    With ``spare``, each opponent holds so many cards more than D and gets rid of them
    before trick 1, as discards of any suit (:func:`out_of_reach`; the line found then
    leaves those cards out). With ``one_lost``, D may lose one trick besides (not the
    last one, where that is lost anyway), playing its lowest card of a suit it holds, and
    leads the next: the lines of a trick lost in play and awarded to D under Justice
    (R29); :func:`first_line` then finds only such lines (D following suit in the trick
    it loses), so ``None`` proves nothing about other lines."""
    return turns(hand, deck, players, hurry, iron, plagues, lose_last, spare,
                 one_lost).line(max_states)


def turns(hand: int, deck: int, players: int, hurry: bool, iron: bool,
          plagues: Sequence[int], lose_last: bool = False, spare: int = 0,
          one_lost: bool = False) -> Turns:
    """:func:`first_line`'s search, not run yet: :meth:`Turns.line` runs it, and can stop
    at a bound of states and go on later from where it stopped."""
    return Turns(_problems(hand, deck, players, hurry, iron, plagues, lose_last, spare,
                           one_lost=one_lost))


def out_of_reach(hand: int, deck: int, players: int, iron: bool, lost: int,
                 max_states: int = -1) -> bool:
    """Whether no line lets the declarer, holding ``hand``, bring home every trick but
    ``lost`` (1 or 2, any of them) in play without trump, with or without Hurry and
    Plague, as far as this proof reaches (see the module text): ``True`` where, for each
    choice of ``lost`` suits D holds (a suit chosen twice: its two lowest cards), D
    without its lowest cards of them has no line taking every other trick with Hurry,
    each opponent having ``lost`` cards to spare (:func:`first_line` with ``spare``); for
    one trick lost, the taker's card of it is pinned too (:func:`_one_lost`). ``False``
    where one of those has a line, which decides nothing, or where D holds no more than
    ``lost`` cards. The choices are searched in turns, as :func:`first_line`'s problems
    are; past ``max_states`` states opened in all, :class:`OutOfStates` is raised."""
    if hand.bit_count() <= lost:
        return False
    if lost == 1:
        return Turns(_one_lost(hand, deck, players, iron)).run(max_states) is None
    problems: list[list[tuple[_EveryTrick, int]]] = []
    for suits in combinations_with_replacement(range(_SUITS), lost):
        removed = _lowest_cards(hand, suits, iron)
        if removed:
            problems += _problems(hand & ~removed, deck & ~removed, players, True, iron,
                                  (-1,), False, lost)
    return Turns(problems).run(max_states) is None


def _one_lost(hand: int, deck: int, players: int, iron: bool
              ) -> list[list[tuple[_EveryTrick, int]]]:
    """:func:`out_of_reach`'s problems for one trick lost: D takes all thirteen with
    Hurry; or, for each suit D holds and each suit the lost trick may be led in (that
    one, or a suit D is void in from the start, led to trick 1), D without its lowest
    card of the first takes the other twelve with Hurry, the highest unseen card of the
    second out of play before trick 1 (the taker's: opponent 0, seats being alike with
    Hurry), each other opponent a card of any suit to spare."""
    problems = _problems(hand, deck, players, True, iron, (-1,), False, 0)
    unseen = deck & ~hand
    void = [suit for suit in range(_SUITS) if not ranked(hand, suit, iron)]
    for suit in range(_SUITS):
        removed = _lowest_cards(hand, (suit,), iron)
        if not removed:
            continue
        for led in {suit, *void}:
            # The taker's card is of the suit led, above D's where D follows suit.
            below = ranked(removed, suit, iron).bit_length() if led == suit else 0
            if ranked(unseen, led, iron).bit_length() > below:
                problems += _problems(hand & ~removed, deck & ~removed, players, True, iron,
                                      (-1,), False, 1, taken=led)
    return problems


def _lowest_cards(hand: int, suits: tuple[int, ...], iron: bool) -> int:
    """D's lowest card of each suit of ``suits``, as many of a suit as it is named there
    (a bitmask); 0 where D holds fewer."""
    cards = 0
    for suit in set(suits):
        held = ranked(hand, suit, iron)
        for _ in range(suits.count(suit)):
            if not held:
                return 0
            lowest = held & -held
            cards |= 1 << _card_index(suit, lowest.bit_length() - 1, iron)
            held ^= lowest
    return cards


def _problems(hand: int, deck: int, players: int, hurry: bool, iron: bool,
              plagues: Sequence[int], lose_last: bool, spare: int, taken: int = -1,
              one_lost: bool = False) -> list[list[tuple[_EveryTrick, int]]]:
    """:func:`first_line`'s problems, each its four tries (a search and the seat that
    keeps a card for the last trick); ``taken`` as :class:`_EveryTrick` reads it, and with
    ``one_lost`` each suit D may lose a trick with (its ``lost``) a problem of its own."""
    unseen = deck & ~hand
    keepers = (-1,) if not lose_last else (0,) if hurry else (0, 1)  # R22
    problems: list[list[tuple[_EveryTrick, int]]] = []
    for plague in plagues:
        for kept in _kept_suits(hand, unseen, iron) if lose_last else (-1,):
            for lost in range(_SUITS) if one_lost else (-1,):
                search = _EveryTrick(hand, unseen, players - 1, hurry, iron, plague, kept,
                                     spare=spare, taken=taken, lost=lost)
                if (kept >= 0 and search.not_last >> kept & 1) or (
                        lost >= 0 and not search.declarer[lost]):
                    continue
                searches = [search, *(_EveryTrick(hand, unseen, players - 1, hurry, iron,
                                                  plague, kept, first, like=search,
                                                  spare=spare, taken=taken, lost=lost)
                                      for first in range(1, _SUITS))]
                problems += [[(each, keeper) for each in searches] for keeper in keepers]
    return problems


class Turns:
    """Problems (each its four tries: a search and the seat that keeps a card for the last
    trick) run in turns with growing budgets, as :func:`first_line` runs them: the first
    line any try finds, or ``None`` once every problem is proven to have none. A run
    stopped at a bound of states (:class:`OutOfStates`) goes on, when asked again with a
    higher bound, from where it stopped: the tries keep the states proven to fail, and
    the turns their place. Asked again after deciding, it gives the same answer (the
    states its tries proved to fail are let go once it has decided)."""

    def __init__(self, problems: list[list[tuple[_EveryTrick, int]]]) -> None:
        self._everyone = list({search for problem in problems for search, _ in problem})
        self._this_turn = problems
        """The problems still to run in this turn, each its tries left."""
        self._next_turn: list[list[tuple[_EveryTrick, int]]] = []
        self._tries: list[tuple[_EveryTrick, int]] = []
        """The tries of the problem being run that have not had this turn yet."""
        self._over: list[tuple[_EveryTrick, int]] = []
        """Its tries that ran over this turn's budget (they go on in the next)."""
        self._budget = _FIRST_BUDGET
        self._found: tuple[_EveryTrick, list[_Play]] | None = None
        self.seconds = 0.0
        """The time it has run so far."""
        self._opened = 0
        """The states opened by the tries let go (:meth:`_settle`)."""

    @property
    def states(self) -> int:
        """The states opened so far, by every try."""
        return self._opened + sum(search.nodes for search in self._everyone)

    def forget(self) -> None:
        """Let go of the states the tries proved to fail (memory: a long search keeps
        hundreds of thousands): it goes on as before, only opening some states again."""
        for search in self._everyone:
            search.failed.clear()

    def run(self, max_states: int = -1) -> tuple[_EveryTrick, list[_Play]] | None:
        """The line found, with its search, or ``None`` if there is none; past
        ``max_states`` states opened in all (-1: no bound), :class:`OutOfStates`."""
        start = perf_counter()
        try:
            return self._run(max_states)
        finally:
            self.seconds += perf_counter() - start

    def _run(self, max_states: int) -> tuple[_EveryTrick, list[_Play]] | None:
        while self._found is None:
            if not self._tries:  # the problem run last is done with for this turn
                if self._over:
                    self._next_turn.append(self._over)
                    self._over = []
                if not self._this_turn:
                    if not self._next_turn:
                        self._settle()
                        return None
                    self._this_turn, self._next_turn = self._next_turn, []
                    self._budget *= 4
                self._tries = self._this_turn.pop(0)
            if 0 <= max_states <= self.states:
                raise OutOfStates(f"no line within {max_states} states")
            search, keeper = self._tries.pop(0)
            search.limit = search.nodes + self._budget
            try:
                found = search.line(search.start(keeper))
            except _OverBudget:
                self._over.append((search, keeper))
                continue
            if found is None:  # proven: the problem's other tries are dropped
                self._tries, self._over = [], []
            else:
                self._found = search, found
                self._settle()
        return self._found

    def _settle(self) -> None:
        """Decided: the count of states is kept, the tries are let go."""
        self.forget()
        self._opened = self.states
        self._everyone = []

    def line(self, max_states: int = -1) -> tuple[int, list[Trick]] | None:
        """:meth:`run`'s answer as :func:`first_line` gives it: the plague suit and the
        line with every card named."""
        found = self.run(max_states)
        if found is None:
            return None
        search, line = found
        return search.plague, search.cards_of(line)


def clear_cache() -> None:
    """Forget the seat-by-seat bounds, the follows counted and the seats' joint plays,
    kept between searches (:func:`_most_plays`, :func:`_follows`, :func:`_together`,
    :func:`_may_play`), for measuring a search from cold."""
    _most_plays.cache_clear()
    _follows.cache_clear()
    _together.cache_clear()
    _together_asked.cache_clear()
    _may_play.cache_clear()


_FIRST_BUDGET = 50
"""The states each try of :func:`first_line` may open in its first turn (four times as
many in each turn after)."""


class OutOfStates(Exception):
    """:func:`first_line` opened its ``max_states`` without a decision."""


class GaveWay(Exception):
    """A search taking turns with this one (the solver, :func:`~combowhist.r8_sat.solve`
    with ``between``) stopped because this one decided first."""


class _OverBudget(Exception):
    """A try of :func:`first_line` opened more states than its turn's budget: it goes on
    in the next turn."""


def _kept_suits(hand: int, unseen: int, iron: bool) -> list[int]:
    """The suits D may keep a card of for the last trick: those with an unseen card above
    D's lowest, D's weakest lowest card first."""
    lowest = {}
    for suit in range(_SUITS):
        mine, theirs = ranked(hand, suit, iron), ranked(unseen, suit, iron)
        if mine and theirs.bit_length() > (mine & -mine).bit_length():
            lowest[suit] = mine & -mine
    return sorted(lowest, key=lowest.__getitem__)


def _card_index(suit: int, place: int, iron: bool) -> int:
    """The card index of the card at ``place`` (bit) of ``suit``'s order (:func:`ranked`)."""
    return 13 * suit + ((place - 1) % 13 if iron else place)


def ranked(mask: int, suit: int, iron: bool) -> int:
    """``suit``'s cards of ``mask`` in order of strength (bit 0 the weakest, R24)."""
    cards = mask >> 13 * suit & 0x1FFF
    return ((cards << 1) | (cards >> 12)) & 0x1FFF if iron else cards


class _EveryTrick:
    """The search for one hand (see the module text). Cards are kept per suit as
    bitmasks in order of strength (bit 0 the weakest; under Iron the ace)."""

    def __init__(self, hand: int, unseen: int, opponents: int, hurry: bool, iron: bool,
                 plague: int, kept: int = -1, first_suit: int = 0,
                 like: _EveryTrick | None = None, spare: int = 0, taken: int = -1,
                 lost: int = -1) -> None:
        self.iron = iron
        self.lost = lost
        """The suit D may lose one trick besides with, its lowest card of the suit (see the
        module text; -1: none): that trick's other cards are then any of their seats'
        (each follows with the highest unseen card of the suit, any other being as good
        later), and D leads the next, as where the trick is awarded to D under Justice
        (R29)."""
        self.spare = spare
        """How many cards of any suit each opponent discards before trick 1."""
        self.taken = taken
        """The suit whose highest unseen card opponent 0 has played before trick 1, as one
        of its ``spare`` cards (-1: none; :func:`_one_lost`)."""
        self.opponents = opponents
        self.hurry = hurry
        self.plague = plague
        declarer = [ranked(hand, suit, iron) for suit in range(_SUITS)]
        others = [ranked(unseen, suit, iron) for suit in range(_SUITS)]
        self.plague_cards = (declarer[plague] | others[plague]).bit_count() if plague >= 0 else 0
        self.kept = kept
        """The suit of the card D keeps for the last trick (-1: D takes every trick)."""
        self.last_cards: tuple[tuple[int, int], ...] = ()
        """For the last trick of the line found: each opponent's but the keeper's, and the
        suits its card may be of."""
        plague_bit = 1 << plague if plague >= 0 else 0
        self.not_last = plague_bit if self.plague_cards > 2 * (opponents + 1) else 0
        """The plague suit if any plague card in the last trick leaves D beplagued, with
        more of them than its taker (R33): the suits no last card may be of."""
        self.low = self.high = 0
        """D's kept card and the one kept to beat it (bits of the kept suit's order)."""
        if kept >= 0:  # D's lowest card of the suit, and the highest unseen one
            self.low = declarer[kept] & -declarer[kept]
            self.high = 1 << others[kept].bit_length() - 1
            declarer[kept] ^= self.low
            others[kept] ^= self.high
        if taken >= 0:
            others[taken] ^= 1 << others[taken].bit_length() - 1
        self.declarer = tuple(declarer)
        self.unseen = tuple(others)
        # A search of the same problem (``like``) shares what it has proven.
        self.failed: set[tuple[object, ...]] = set() if like is None else like.failed
        self.nodes = 0
        self.limit = -1
        """The most states :meth:`line` may open (-1: no bound)."""
        self.suits = tuple((first_suit + i) % _SUITS for i in range(_SUITS))
        """The order in which D's cards are tried, by suit, ``first_suit`` first (search
        order only)."""
        self.discards_first = first_suit % 2 == 1
        """Whether the opponents' answers are tried discards first, follows last (search
        order only: every other try, as a line on a weak hand often needs the opponents
        void early)."""

    def card(self, suit: int, place: int) -> int:
        """The card index of the card at ``place`` (bit) of ``suit``'s order."""
        return _card_index(suit, place, self.iron)

    def start(self, keeper: int = -1) -> _State:
        """Trick 1, ``keeper`` the opponent who keeps a card for the last trick."""
        keeps = 1 << self.kept if self.kept >= 0 else 0
        spared = (0,) * self.spare  # discards made void in no suit: of any suit
        seats = tuple((0, spared[1:] if seat == 0 and self.taken >= 0 else spared,
                       keeps if seat == keeper else 0)
                      for seat in range(self.opponents))
        return _State(self.declarer, self.unseen, seats, self.plague < 0, True, self.lost >= 0)

    # -- the search ---------------------------------------------------------------------

    def line(self, state: _State) -> list[_Play] | None:
        """The tricks from ``state`` on in which D takes every one, or ``None``."""
        left = sum(cards.bit_count() for cards in state.declarer)
        if left == 0:
            return [] if self.kept < 0 or self._last_trick(state) else None
        memo = self._memo(state)
        if memo in self.failed:
            return None
        self.nodes += 1
        if self.nodes == self.limit:
            raise _OverBudget
        for suit, place, loses in self._declarer_cards(state):
            declarer = _less(state.declarer, suit, 1 << place)
            for plays, unseen, seats in self._answers(state, suit, place, loses):
                # A follow, or trick 1's lead, or a discard named a plague card (R28).
                opened = state.opened or any(
                    play[0] == self.plague for play in plays if play[1] >= 0)
                after = _State(declarer, unseen, seats, opened, False,
                               state.may_lose and not loses)
                if not self._may_finish(after):
                    continue
                rest = self.line(after)
                if rest is not None:
                    return [((suit, place), plays), *rest]
        self.failed.add(memo)
        return None

    def _declarer_cards(self, state: _State) -> Iterator[tuple[int, int, bool]]:
        """D's cards worth trying, and whether D loses the trick with it: where D may
        still lose one (:attr:`lost`), first its lowest card of that suit to lose with;
        then, to win with, of each run of D's cards with no unseen card between, the
        highest (the others leave the same state). Under Plague, not the plague suit on a
        lead before it is opened (R28)."""
        declarer, unseen = state.declarer, state.unseen
        leads = not state.first or self.hurry
        only_plague = self.kept in (-1, self.plague) and not any(
            cards for suit, cards in enumerate(declarer) if suit != self.plague)
        suits = [suit for suit in self.suits if declarer[suit] and not (
            leads and suit == self.plague and not state.opened and not only_plague)]
        if state.may_lose and self.lost in suits:
            cards = declarer[self.lost]
            yield self.lost, (cards & -cards).bit_length() - 1, True
        for suit in suits:
            cards = declarer[suit]
            while cards:
                place = cards.bit_length() - 1
                yield suit, place, False
                cards &= (1 << (unseen[suit] & ((1 << place) - 1)).bit_length()) - 1

    def _answers(self, state: _State, suit: int, place: int, loses: bool = False
                 ) -> Iterator[tuple[tuple[tuple[int, int], ...], tuple[int, ...],
                                     tuple[Seat, ...]]]:
        """Each way the opponents may answer D's card: each follows with the highest
        unseen card of the suit below it (any, where D ``loses``), or becomes void in the
        suit and discards (not named yet: ``(suit led, -1)``). Seats in the same state
        answer in order, so that only one of each set of answers that are the same but for
        who gave them is tried. Trick 1's leader (without Hurry) must lead a card of the
        suit."""
        seats = state.seats
        order = sorted(range(self.opponents), key=seats.__getitem__)
        leader_follows = state.first and not self.hurry
        below = -1 if loses else (1 << place) - 1
        bit = 1 << suit
        plays: list[tuple[int, int]] = [(0, 0)] * self.opponents

        def answer(i: int, unseen: tuple[int, ...], after: tuple[Seat, ...], least: int
                   ) -> Iterator[tuple[tuple[tuple[int, int], ...], tuple[int, ...],
                                       tuple[Seat, ...]]]:
            if i == self.opponents:
                yield tuple(plays), unseen, after
                return
            seat = order[i]
            voids, discards, keeps = seats[seat]
            same = i > 0 and seats[order[i - 1]] == seats[seat]
            lowest = least if same else 0
            lower = unseen[suit] & below
            # Each answer: the card played, the unseen cards and seats after it, and its
            # kind (0 a follow, 1 a discard, 2 a plague card discarded) for the seats after.
            answers: list[tuple[tuple[int, int], tuple[int, ...], tuple[Seat, ...], int]] = []
            if lowest == 0 and not voids & bit and lower:
                card = lower.bit_length() - 1
                answers.append(((suit, card), _less(unseen, suit, 1 << card), after, 0))
            if not ((leader_follows and seat == 0) or voids | bit == _ALL_SUITS
                    or keeps & bit):
                changed = list(after)
                if lowest <= 1:
                    changed[seat] = (voids | bit, tuple(sorted((*discards, voids | bit))),
                                     keeps)
                    answers.append(((suit, -1), unseen, tuple(changed), 1))
                plague = self.plague
                if plague >= 0 and not state.opened and plague != suit and unseen[plague] and not (
                        voids >> plague & 1):
                    # A plague card discarded opens the suit to D's leads (R28): named now.
                    card = unseen[plague].bit_length() - 1
                    changed[seat] = (voids | bit, discards, keeps)
                    answers.append(((plague, card), _less(unseen, plague, 1 << card),
                                    tuple(changed), 2))
            for play, left, seats_after, kind in (answers[::-1] if self.discards_first
                                                  else answers):
                plays[seat] = play
                yield from answer(i + 1, left, seats_after, kind)

        yield from answer(0, state.unseen, seats, 0)

    def _memo(self, state: _State) -> tuple[object, ...]:
        """What of ``state`` can matter to the rest of the search (see the module text)."""
        live = sum(1 << suit for suit in range(_SUITS) if state.unseen[suit])
        dead = _ALL_SUITS & ~live
        gaps = [_gaps(state.declarer[suit], state.unseen[suit]) for suit in range(_SUITS)]
        seats = [(voids | dead, tuple(sorted(made | dead for made in discards)), keeps)
                 for voids, discards, keeps in state.seats]
        if self.plague < 0:  # the suits are interchangeable: put them in one order
            order = tuple(sorted(range(_SUITS), key=gaps.__getitem__))
            gaps = [gaps[suit] for suit in order]
            permuted = _PERMUTED[order]
            seats = [(permuted[voids], tuple(sorted(permuted[made] for made in discards)),
                      permuted[keeps])
                     for voids, discards, keeps in seats]
        # Trick 1's leader is a seat of its own (R22); after it, seats are interchangeable.
        return (tuple(gaps), tuple(seats) if state.first else tuple(sorted(seats)),
                state.opened, state.first, state.may_lose)

    # -- the necessary conditions -------------------------------------------------------

    def _may_finish(self, state: _State) -> bool:
        """Whether the three necessary conditions of the module text hold in ``state``;
        where D may still lose a trick, for D without its lowest card of the suit it would
        lose it with, each opponent a card of any suit to spare, or else as they are."""
        if self._may_take_every_trick(state.declarer, state.unseen, state.seats):
            return True
        cards = state.declarer[self.lost] if state.may_lose else 0
        return bool(cards) and self._may_take_every_trick(
            _less(state.declarer, self.lost, cards & -cards), state.unseen,
            tuple((voids, (*discards, 0), keeps) for voids, discards, keeps in state.seats))

    def _may_take_every_trick(self, declarer: tuple[int, ...], unseen: tuple[int, ...],
                              seats: tuple[Seat, ...]) -> bool:
        """:meth:`_may_finish` for D taking every trick left (but the last)."""
        live = sum(1 << suit for suit in range(_SUITS) if unseen[suit])
        if not _may_play(declarer, unseen, tuple(sorted(~voids & live for voids, _, _ in seats))):
            return False
        tricks = tuple(cards.bit_count() for cards in declarer)
        alone = _alone(declarer, unseen, tricks)
        if self.kept >= 0:  # each seat but the keeper plays a card of a suit it holds last
            return _fits(declarer, unseen, [
                (voids, discards if keeps else (*discards, voids | self.not_last))
                for voids, discards, keeps in seats], tricks, alone)
        return _fits(declarer, unseen, [seat[:2] for seat in seats], tricks, alone)

    def _last_trick(self, state: _State) -> bool:
        """Whether the cards left fit the last trick: the keeper's kept card beats D's,
        each other seat plays one of a suit it holds; under Plague, none of the plague
        suit unless D, with the rest of it, is not beplagued (R33). Keeps the suits of
        the cards found in :attr:`last_cards`."""
        seats = state.seats
        others = [seat for seat, (_, _, keeps) in enumerate(seats) if not keeps]
        bit = 1 << self.plague if self.plague >= 0 else 0
        in_kept = 2 if self.kept == self.plague else 0  # D's card and the keeper's
        for plagued in range(1 << len(others) if bit else 1):
            taken = in_kept + plagued.bit_count()
            if taken and self.plague_cards - taken > taken:
                continue
            allowed = [~seats[seat][0] & (bit if plagued >> i & 1 else _ALL_SUITS & ~bit)
                       for i, seat in enumerate(others)]
            if 0 in allowed:
                continue
            last = dict(zip(others, allowed, strict=True))
            with_last = [(voids, (*discards, _ALL_SUITS & ~last[seat]) if seat in last
                          else discards) for seat, (voids, discards, _) in enumerate(seats)]
            if _fits(state.declarer, state.unseen, with_last, _NO_TRICKS, _NO_TRICKS):
                self.last_cards = tuple(last.items())
                return True
        return False

    # -- the line found -----------------------------------------------------------------

    def cards_of(self, line: Sequence[_Play]) -> list[Trick]:
        """``line`` with every card named: the discards get the cards nobody played."""
        unseen = list(self.unseen)
        discards: list[tuple[int, int, int]] = []  # (trick, seat, suits it may be of)
        voids = [0] * self.opponents
        for trick, (lead, plays) in enumerate(line):
            for seat, (suit, place) in enumerate(plays):
                if suit != lead[0] or place < 0:
                    voids[seat] |= 1 << lead[0]
                if place < 0:
                    discards.append((trick, seat, _ALL_SUITS & ~voids[seat]))
                else:
                    unseen[suit] &= ~(1 << place)
        if self.kept >= 0:  # the last trick: D's kept card, the keeper's, the others'
            last = dict(self.last_cards)
            plays = tuple((self.kept, -1 if seat in last else self.high.bit_length() - 1)
                          for seat in range(self.opponents))
            discards += [(len(line), seat, allowed) for seat, allowed in last.items()]
            line = [*line, ((self.kept, self.low.bit_length() - 1), plays)]
        named = _name_discards([allowed for _, _, allowed in discards], unseen)
        cards = [[self.card(lead[0], lead[1]),
                  *(self.card(suit, place) if place >= 0 else -1 for suit, place in plays)]
                 for lead, plays in line]
        for (trick, seat, _), (suit, place) in zip(discards, named, strict=True):
            cards[trick][seat + 1] = self.card(suit, place)
        return [(first, tuple(rest)) for first, *rest in cards]


_Play = tuple[tuple[int, int], tuple[tuple[int, int], ...]]
"""A trick as the search finds it: D's (suit, place) and each opponent's, place -1 for a
discard not named yet."""


class _State:
    """A position between tricks: D's cards and the unseen cards not played yet, per
    suit; the opponents (:data:`Seat`); whether the plague suit may be led (R28); whether
    it is trick 1; whether D may still lose a trick (:attr:`_EveryTrick.lost`)."""

    __slots__ = ("declarer", "first", "may_lose", "opened", "seats", "unseen")

    def __init__(self, declarer: tuple[int, ...], unseen: tuple[int, ...],
                 seats: tuple[Seat, ...], opened: bool, first: bool,
                 may_lose: bool = False) -> None:
        self.declarer = declarer
        self.unseen = unseen
        self.seats = seats
        self.opened = opened
        self.first = first
        self.may_lose = may_lose


def _less(values: tuple[int, ...], suit: int, by: int = 1) -> tuple[int, ...]:
    """``values`` with ``suit``'s less by ``by``: a count, or a suit's cards with one taken
    (``1 << place`` of a card it holds)."""
    return tuple(value - by if s == suit else value for s, value in enumerate(values))


_PERMUTED = {order: tuple(sum(1 << i for i, suit in enumerate(order) if suits >> suit & 1)
                          for suits in range(_ALL_SUITS + 1))
             for order in permutations(range(_SUITS))}
"""For each order of the suits, each set of suits (a bitmask) with its suits renumbered in
that order (the first suit of the order as suit 0)."""


def _gaps(declarer: int, unseen: int) -> tuple[int, ...]:
    """How many unseen cards lie below D's lowest card of a suit, between each two, and
    above the highest."""
    gaps = []
    below = 0
    while declarer:
        lowest = declarer & -declarer
        count = (unseen & (lowest - 1)).bit_count()
        gaps.append(count - below)
        below = count
        declarer ^= lowest
    gaps.append(unseen.bit_count() - below)
    return tuple(gaps)


@lru_cache(maxsize=1 << 16)
def _follows(declarer: int, unseen: int, seats: int) -> int:
    """The most unseen cards that can follow under D's cards of a suit, at most ``seats``
    under each (the lowest of D's cards takes what lies below it first)."""
    taken = 0
    cards = declarer
    while cards and seats:
        lowest = cards & -cards
        taken += min(seats, (unseen & (lowest - 1)).bit_count() - taken)
        cards ^= lowest
    return taken


_NO_TRICKS = (0,) * _SUITS
"""No trick of D's left in any suit (and so no follow): the last trick's check."""


def _alone(declarer: tuple[int, ...], unseen: tuple[int, ...], tricks: tuple[int, ...]
           ) -> tuple[int, ...]:
    """The most times one seat can follow in each suit's tricks of D's (:func:`_follows`)."""
    return tuple(min(tricks[suit], _follows(declarer[suit], unseen[suit], 1))
                 for suit in range(_SUITS))


@lru_cache(maxsize=1 << 16)
def _may_play(declarer: tuple[int, ...], unseen: tuple[int, ...], holding: tuple[int, ...]
              ) -> bool:
    """The first two necessary conditions (see the module text): every seat alone, and
    the seats together (``holding``: the suits each may still hold, in order), can play
    D's tricks left. Kept: many states share them."""
    tricks = tuple(cards.bit_count() for cards in declarer)
    alone = _alone(declarer, unseen, tricks)
    if not all(_together(tricks, (suits,), alone) for suits in holding):
        return False
    together = tuple(min(tricks[suit], 1) * _follows(
        declarer[suit], unseen[suit], sum(1 for suits in holding if suits >> suit & 1))
        for suit in range(_SUITS))
    return _together(tricks, holding, together)


def _fits(declarer: tuple[int, ...], unseen: tuple[int, ...],
          seats: Sequence[tuple[int, tuple[int, ...]]], tricks: tuple[int, ...],
          alone: tuple[int, ...]) -> bool:
    """Hall's condition for the unseen cards: for every set of suits, its cards fit into
    the discards made that may be of them and the plays to come that may be of them. The
    plays to come are bounded two ways, the smaller bound counting: trick by trick (a seat
    plays a card of the set in a trick of D's if it may follow there with one, or may
    discard one there: it holds a suit of the set other than the one led; a suit's
    follows are at most :func:`_follows`), and seat by seat, each seat playing D's tricks
    in the order that suits it best (:func:`_most_plays`, each following at most
    ``alone`` times in a suit, :func:`_alone`)."""
    counts = [cards.bit_count() for cards in unseen]
    live = sum(1 << suit for suit in range(_SUITS) if counts[suit])
    can_follow = [bool(unseen[suit] & ((1 << max(declarer[suit].bit_length() - 1, 0)) - 1))
                  for suit in range(_SUITS)]
    # outside[suits]: the discards made that may be only of some of ``suits`` (summed over
    # the subsets, suit by suit); those that may be of a set are all but its complement's.
    outside = [0] * (_ALL_SUITS + 1)
    for _, discards in seats:
        for made in discards:
            outside[_ALL_SUITS & ~made] += 1
    for suit in range(_SUITS):
        bit = 1 << suit
        for suits in range(_ALL_SUITS + 1):
            if suits & bit:
                outside[suits] += outside[suits ^ bit]
    discards_made = outside[_ALL_SUITS]
    holding = [~voids & live for voids, _ in seats]
    total = sum(tricks)
    most = [_most_plays(tricks, suits, tuple(count if suits >> suit & 1 else 0
                                             for suit, count in enumerate(alone)))
            for suits in holding]
    need = [0] * (_ALL_SUITS + 1)
    for chosen in range(1, _ALL_SUITS + 1):
        lowest = chosen & -chosen
        first = lowest.bit_length() - 1  # the set's first suit (its only one if single)
        need[chosen] = need[chosen ^ lowest] + counts[first]
        if not need[chosen]:
            continue
        single = chosen == lowest
        plays = 0
        for suits in holding:
            suits &= chosen
            if suits & (suits - 1):  # it may discard one of them in any trick
                plays += total
            elif suits:  # one suit: discarded where another is led, or else followed
                suit = suits.bit_length() - 1
                follows = not single and can_follow[suit]
                plays += total if follows else total - tricks[suit]
        if single:
            plays += _follows(declarer[first], unseen[first],
                              sum(1 for suits in holding if suits & lowest))
        by_seat = 0
        for seat in most:
            by_seat += seat[chosen]
        made = discards_made - outside[_ALL_SUITS & ~chosen]
        if need[chosen] > made + min(plays, by_seat):
            return False
    return True


@lru_cache(maxsize=1 << 16)
def _together(tricks: tuple[int, ...], holding: tuple[int, ...], follows: tuple[int, ...]
              ) -> bool:
    """Whether the seats (each the suits it may still hold, in order) can all play D's
    ``tricks`` in one order, following at most ``follows`` times in each suit between
    them; no seat may run out of the suits it holds (a seat holding none fails at once).

    Asked in a form that leaves the answer as it is, so that more questions share one:
    a suit nobody holds has its tricks dropped (they change nothing: every seat discards,
    so any order of the others can play them last), and a suit's follows are capped at
    its tricks times its holders (no order uses more)."""
    if not any(tricks):
        return True
    if 0 in holding:
        return False
    kept = []
    capped = []
    for suit in range(_SUITS):
        bit = 1 << suit
        holders = 0
        for suits in holding:
            if suits & bit:
                holders += 1
        count = tricks[suit] if holders else 0
        kept.append(count)
        capped.append(min(follows[suit], count * holders))
    return _together_asked(tuple(kept), holding, tuple(capped))


@lru_cache(maxsize=1 << 16)
def _together_asked(tricks: tuple[int, ...], holding: tuple[int, ...],
                    follows: tuple[int, ...]) -> bool:
    """:func:`_together` worked out, for a question in its shared form."""
    if not any(tricks):
        return True
    for suit in range(_SUITS):
        if not tricks[suit]:
            continue
        bit = 1 << suit
        holders = [i for i, suits in enumerate(holding) if suits & bit]
        tried: set[tuple[int, ...]] = set()
        for chosen in range(1 << len(holders)):
            following = [holders[i] for i in range(len(holders)) if chosen >> i & 1]
            if len(following) > follows[suit]:
                continue
            after = tuple(sorted(
                suits & ~bit if suits & bit and i not in following else suits
                for i, suits in enumerate(holding)))
            if 0 in after or after in tried:
                continue
            tried.add(after)
            if _together(_less(tricks, suit), after, _less(follows, suit, len(following))):
                return True
    return False


_NO_ORDERS = (-_SUITS * 13,) * (_ALL_SUITS + 1)
""":func:`_most_plays` of a seat with no order of D's tricks it can play: counts below any
a seat can reach."""
_NONE_PLAYED = (0,) * (_ALL_SUITS + 1)
_OF_SUITS = tuple(tuple(int(bool(suits & chosen)) for chosen in range(_ALL_SUITS + 1))
                  for suits in range(_ALL_SUITS + 1))
"""For a card of any of the suits ``suits`` (the first index), whether it is of the set of
suits ``chosen`` (the second): 1 or 0."""


@lru_cache(maxsize=1 << 16)
def _most_plays(tricks: tuple[int, ...], holding: int, follows: tuple[int, ...]
                ) -> tuple[int, ...]:
    """For each set of suits (a bitmask, the index), the most cards of them one seat can
    play in D's ``tricks`` (the count of each suit's), alone, in the order of the tricks
    that suits it best: holding the suits ``holding`` (it may hold), following in a suit
    at most ``follows`` times (:func:`_follows` for one seat), and else becoming void in
    the suit led and discarding a card of a suit it still holds; a seat with no such order
    gets counts below zero (:data:`_NO_ORDERS`)."""
    if not any(tricks):
        return _NONE_PLAYED
    best = _NO_ORDERS
    for suit in range(_SUITS):
        if not tricks[suit]:
            continue
        after = _less(tricks, suit)
        bit = 1 << suit
        if holding & bit and follows[suit]:  # follow: a card of the suit led
            rest = _most_plays(after, holding, _less(follows, suit))
            best = tuple(map(max, best, map(add, rest, _OF_SUITS[bit])))
        still = holding & ~bit
        if still:  # become void in it: a card of a suit still held
            rest = _most_plays(after, still, _less(follows, suit, follows[suit]))
            best = tuple(map(max, best, map(add, rest, _OF_SUITS[still])))
    return best


def _name_discards(allowed: Sequence[int], unseen: Sequence[int]) -> list[tuple[int, int]]:
    """A card for each discard (``allowed``: the suits it may be of) from the cards
    nobody played (``unseen``, per suit in order of strength): a perfect matching, found
    by augmenting paths. The search only ends where Hall's condition holds, so there is
    one."""
    cards = [(suit, place) for suit in range(_SUITS) for place in range(13)
             if unseen[suit] >> place & 1]
    holder: dict[int, int] = {}  # card position in ``cards`` -> discard

    def place_discard(discard: int, visited: set[int]) -> bool:
        for position, (suit, _) in enumerate(cards):
            if allowed[discard] >> suit & 1 and position not in visited:
                visited.add(position)
                if position not in holder or place_discard(holder[position], visited):
                    holder[position] = discard
                    return True
        return False

    for discard in range(len(allowed)):
        if not place_discard(discard, set()):
            raise AssertionError("the discards of a finished line have no cards to name")
    named = [(0, 0)] * len(allowed)
    for position, discard in holder.items():
        named[discard] = cards[position]
    return named
