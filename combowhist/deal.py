"""A deal of Combo Whist: the immutable state from the dealt hands to the scored result.

>>> from combowhist import Deal
>>> deal = Deal.new(players=4, dealer=0, seed=7)
>>> deal.phase, deal.to_move
(<Phase.AUCTION: 'auction'>, 1)
>>> deal = deal.apply("bid trump+lock")
>>> deal.apply("pass").to_move
3
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import combowhist.formats as formats
from combowhist.bids import ComboBid
from combowhist.cards import ALL_CARDS, Card, CardSet, Suit, mask_indices
from combowhist.draws import shuffle
from combowhist.errors import (
    CombowhistError,
    IllegalMoveError,
    InvalidBidError,
    NotationError,
    SerializationError,
    SetupError,
    described,
    shown,
)
from combowhist.legal import LegalMoves
from combowhist.moves import Move, Play, check_move, parse_move
from combowhist.profiles import RuleProfile, load_profile
from combowhist.rules import auction, play
from combowhist.rules.phases import PHASES
from combowhist.rules.playout import playout
from combowhist.state import (
    Auction,
    Contract,
    DealResult,
    LogCell,
    Phase,
    State,
    Table,
    log_cells,
    log_pairs,
    make,
)
from combowhist.views import PlayerView, SeenLog

__all__ = ["Deal", "legal_moves", "seed_value"]

HAND_SIZE = 13


class Deal:
    """One deal: an immutable value. :meth:`apply` returns the next state.

    Create one with :meth:`new` (shuffled from a seed) or :meth:`from_hands`. Seats are
    ``0 … players-1`` clockwise; with more than 4 players a :class:`~combowhist.Game` maps
    its players to a deal's 4 participants. Two deals are equal when they hold the same
    state; equal deals have the same legal moves and history.
    """

    __slots__ = ("_log", "_seen", "_seen_before", "_state")

    _state: State
    _log: tuple[tuple[int, Move], ...]
    _seen: SeenLog | None
    """The log as the seats see it, once a view of this deal (from the first lead on)
    has made it."""
    _seen_before: SeenLog | None
    """The same of the deal this one was applied to, which a view extends."""

    def __init__(self) -> None:
        raise TypeError("create a deal with Deal.new(...) or Deal.from_hands(...)")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Deal is immutable: cannot set {name!r} (apply a move to "
                             f"get the next state)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Deal is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not Deal:
            return NotImplemented
        return self._state == other._state

    def __hash__(self) -> int:
        return hash(self._state)

    def __copy__(self) -> Deal:
        return self  # immutable: a copy could not differ (as for a tuple)

    def __deepcopy__(self, memo: dict[int, Any]) -> Deal:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # The log chain goes flat, seats and phases as bytes: a pickle stays small.
        state = self._state
        cells = log_cells(state.log)
        return (_unpickle, (state.but(log=None), bytes(cell[1] for cell in cells),
                            tuple(cell[2] for cell in cells),
                            bytes(_PHASE_NUMBER[cell[3]] for cell in cells)))

    # -- creating ---------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int = 4,
        *,
        profile: RuleProfile | str | None = None,
        seed: int | str | None = None,
        dealer: int = 0,
        rng: random.Random | None = None,
        scores: Sequence[int] | None = None,
        potentials: Sequence[int] | None = None,
    ) -> Deal:
        """Shuffle the profile's deck for ``players`` (3 or 4) and deal 13 cards each,
        starting at the dealer's left. Every argument after ``players`` is keyword-only,
        in the same order as :meth:`Game.new <combowhist.Game.new>`'s.

        ``seed`` (an integer or a string) or an ``rng`` (a :class:`random.Random`, not both)
        makes the deal reproducible; a string that spells an integer in decimal is that
        integer, so ``seed="7"`` deals what ``seed=7`` deals (see :func:`seed_value`).
        Set-up mistakes raise :class:`~combowhist.errors.SetupError`."""
        rules = load_profile(profile)
        if type(players) is not int or players not in (3, 4):
            raise SetupError(f"a deal has 3 or 4 participants, not {shown(players)} "
                             f"(R3)")
        _check_dealer(dealer, players)  # before dealing from it
        if rng is not None and seed is not None:
            raise SetupError(f"give a seed or an rng, not both (seed {shown(seed)})")
        if rng is not None and not isinstance(rng, random.Random):
            raise SetupError(f"rng must be a random.Random, not {described(rng)}")
        generator = rng if rng is not None else random.Random(seed_value(seed))
        deck = rules.deck(players).mask
        cards = list(_cards_of(deck))
        shuffle(generator, cards)  # as generator.shuffle(cards) does, faster
        # The i-th card goes to seat (dealer + 1 + i) % players: every players-th card.
        hands = tuple([sum(map(_BITS.__getitem__, cards[(seat - dealer - 1) % players::players]))
                       for seat in range(players)])
        return cls._start(rules, players, dealer, hands, deck, scores, potentials)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[CardSet | str],
        *,
        profile: RuleProfile | str | None = None,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
        potentials: Sequence[int] | None = None,
    ) -> Deal:
        """A deal from given hands, ``hands[i]`` the cards of seat ``i`` (card sets or their
        notation); the other arguments are keyword-only, as in :meth:`new`. The hands must
        split the profile's deck for that many players (R2): if not,
        :class:`~combowhist.errors.SetupError` (and
        :class:`~combowhist.errors.NotationError` for text that is not cards)."""
        rules = load_profile(profile)
        if isinstance(hands, str | CardSet) or not isinstance(hands, Sequence):
            raise SetupError(f"hands: expected a sequence of one hand per seat, got "
                             f"{described(hands)}")
        masks = []
        for seat, hand in enumerate(hands):
            cards = CardSet.parse(hand) if isinstance(hand, str) else hand
            if not isinstance(cards, CardSet):
                raise SetupError(f"hand of seat {seat}: expected a CardSet or text, got "
                                 f"{described(hand)}")
            masks.append(cards.mask)
        players = len(masks)
        if players not in (3, 4):
            raise SetupError(f"a deal has 3 or 4 participants, not {players} (R3)")
        deck = rules.deck(players).mask
        seen = 0
        for seat, mask in enumerate(masks):
            if mask.bit_count() != HAND_SIZE:
                raise SetupError(f"seat {seat} holds {mask.bit_count()} cards; a hand is 13 "
                                 f"cards (R2)")
            if mask & seen:
                raise SetupError(f"seat {seat} holds {CardSet(mask & seen)}, dealt to "
                                 f"another seat too (R2)")
            if mask & ~deck:
                raise SetupError(
                    f"seat {seat} holds {CardSet(mask & ~deck)}, not in the {players}-player "
                    f"deck of profile {rules} (R2)"
                )
            seen |= mask
        return cls._start(rules, players, dealer, tuple(masks), deck, scores, potentials)

    @classmethod
    def _start(
        cls,
        profile: RuleProfile,
        players: int,
        dealer: int,
        hands: tuple[int, ...],
        deck: int,
        scores: Sequence[int] | None,
        potentials: Sequence[int] | None,
    ) -> Deal:
        score_row = _seat_row("scores", scores, players)
        potential_row = _seat_row("potentials", potentials, players)
        _check_dealer(dealer, players)
        ban_below = profile.ban_below
        banned = 0
        for seat, score in enumerate(score_row):
            if score < ban_below:
                banned |= 1 << seat
        table = Table(profile, players, dealer, hands, score_row, potential_row, deck, banned)
        bidding = Auction(passed=banned)
        state = make(table, Phase.AUCTION, None, None, hands, bidding, None, -1, (), (),
                     (0,) * players, 0, 0, -1, None)
        return _wrap(auction.next_bidder(state, dealer, bidding, None))

    # -- moving -----------------------------------------------------------------------------

    def legal_moves(self) -> LegalMoves:
        """The legal moves now, as a lazy sequence (iterate, ``len``, ``in``, index).
        Empty when the deal is over."""
        state = self._state
        if state.phase is Phase.PLAY:  # the hot path, without the table lookup
            return play.legal(state)
        if state.to_move is None:
            return LegalMoves()
        return PHASES[state.phase].legal(state)

    def apply(self, move: Move | str) -> Deal:
        """The state after ``move`` (a move object or its notation). This state is left as
        it was. Raises :class:`~combowhist.errors.IllegalMoveError` naming the seat, the move
        and the rule if the move is not legal now, and
        :class:`~combowhist.errors.NotationError` for unreadable text and for anything that
        is not a well-formed move object (see :func:`~combowhist.moves.check_move`)."""
        state = self._state
        seat = state.to_move
        if type(move) is Play and type(move.card) is Card:
            if state.phase is Phase.PLAY:  # the hot path
                assert seat is not None
                return _wrap(play.play(state, seat, move.card.index), self._seen)
        else:
            try:
                move = self._read(move) if isinstance(move, str) else check_move(move)
            except NotationError as error:  # name who tried it, as a refused move does
                if seat is None:
                    raise
                raise NotationError(f"seat {seat}: {error}") from None
        if seat is None:
            raise IllegalMoveError(f"the deal is over: no move is legal, not {move}")
        return _wrap(PHASES[state.phase].apply(state, seat, move), self._seen)

    def _read(self, text: str) -> Move:
        """A move's notation read as this deal reads it: a ``bid`` is of the deal's profile
        and checked against R7 and R8 for the deal's participants. Raises
        :class:`~combowhist.errors.NotationError` for unreadable text and
        :class:`~combowhist.errors.IllegalMoveError` for a bid no seat may make."""
        table = self._state.table
        try:
            return parse_move(text, table.profile, table.players)
        except InvalidBidError as error:  # a bid no seat may make (R7, R8)
            seat = self._state.to_move
            who = "nobody" if seat is None else f"seat {seat}"
            raise IllegalMoveError(f"{who} cannot bid: {error}") from None

    def playout(self, rng: random.Random) -> Deal:
        """The deal played to its end with a uniformly random legal move at every decision:
        the state that ``while deal.to_move is not None: moves = deal.legal_moves();
        deal = deal.apply(moves.draw(rng))`` reaches from the same ``rng`` state (``draw`` is
        ``moves[rng.randrange(len(moves))]`` but where a profile enforces R8's exact layer,
        :meth:`~combowhist.legal.LegalMoves.draw`), drawing from ``rng`` exactly as that
        loop does, only faster (trick play runs
        on plain ints; see :mod:`combowhist.rules.playout`). A finished deal is returned as
        it is.

        >>> import random
        >>> deal = Deal.new(seed=4)
        >>> deal.playout(random.Random(1)).is_over
        True
        """
        state = self._state
        return self if state.to_move is None else _wrap(playout(state, rng))

    # -- reading ----------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """Where the deal is (see :class:`Phase`)."""
        return self._state.phase

    @property
    def to_move(self) -> int | None:
        """The seat whose decision comes next; ``None`` when the deal is over."""
        return self._state.to_move

    @property
    def result(self) -> DealResult | None:
        """How the deal ended; ``None`` until it has."""
        return self._state.result

    @property
    def log(self) -> tuple[tuple[int, Move], ...]:
        """Every move so far as a ``(seat, move)`` pair: :attr:`history` with the seats (a
        :class:`~combowhist.views.PlayerView` has the same two, as the seat sees them)."""
        try:
            return self._log
        except AttributeError:  # listed once per deal object, on first use
            pairs = log_pairs(self._state.log)
            _set_log(self, pairs)
            return pairs

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves so far, oldest first; :attr:`log` pairs each with its seat."""
        return tuple(move for _, move in self.log)

    @property
    def table(self) -> Table:
        """What stays fixed through the deal: the rules, seats and cards as dealt."""
        return self._state.table

    @property
    def profile(self) -> RuleProfile:
        """The rule profile the deal is played under."""
        return self._state.table.profile

    @property
    def players(self) -> int:
        """How many participants (3 or 4)."""
        return self._state.table.players

    @property
    def dealer(self) -> int:
        return self._state.table.dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """The participants' scores when the deal began (bans, R36)."""
        return self._state.table.scores

    @property
    def potentials(self) -> tuple[int, ...]:
        """The participants' potentials when the deal began (R7, R34)."""
        return self._state.table.potentials

    @property
    def dealt_hands(self) -> tuple[CardSet, ...]:
        """Each seat's hand as dealt."""
        return tuple(CardSet(m) for m in self._state.table.dealt)

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Each seat's cards now."""
        return tuple(CardSet(m) for m in self._state.hands)

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's cards now, as card bitmasks."""
        return self._state.hands

    @property
    def is_over(self) -> bool:
        return self._state.result is not None

    @property
    def auction(self) -> Auction:
        """The auction's record: who passed, the high bid and its bidder."""
        return self._state.auction

    @property
    def high_bid(self) -> ComboBid | None:
        """The highest combo bid so far in the auction."""
        return self._state.auction.high

    @property
    def high_bidder(self) -> int | None:
        bidder = self._state.auction.high_bidder
        return None if bidder < 0 else bidder

    def minimum_worth(self, seat: int) -> int:
        """The least worth ``seat`` may bid now: above the high bid, or equal to it with
        strictly more potentials than the high bidder (R7, R34)."""
        return auction.minimum_worth(self._state, seat)

    @property
    def passed(self) -> frozenset[int]:
        """Seats that have passed (banned seats included, R36)."""
        passed = self._state.auction.passed
        return frozenset(s for s in range(self.players) if passed >> s & 1)

    @property
    def banned(self) -> frozenset[int]:
        """Seats banned from bidding this deal (R36)."""
        banned = self._state.table.banned
        return frozenset(s for s in range(self.players) if banned >> s & 1)

    @property
    def contract(self) -> Contract | None:
        """D's combo bid and the choices made before the first lead; ``None`` before the
        auction ends."""
        return self._state.contract

    @property
    def declarer(self) -> int | None:
        """D's seat; ``None`` before the auction ends (and after a redeal)."""
        contract = self._state.contract
        return None if contract is None else contract.declarer

    @property
    def combo(self) -> ComboBid | None:
        """D's combo bid; ``None`` before the auction ends."""
        contract = self._state.contract
        return None if contract is None else contract.combo

    @property
    def trump(self) -> Suit | None:
        """The suit that is trump in the current trick (Grill changes it, R25), or the named
        trump before play; ``None`` if there is none."""
        state = self._state
        if state.trump >= 0:
            return Suit(state.trump)
        if state.contract is not None and state.contract.trump_suit >= 0:
            return Suit(state.contract.trump_suit)
        return None

    @property
    def trump_now(self) -> int:
        """The suit that is trump in the current trick as an int, ``-1`` for none."""
        return self._state.trump

    @property
    def guesses(self) -> tuple[int, ...]:
        """D's guesses (Precise, Approximate), R16."""
        contract = self._state.contract
        return () if contract is None else contract.guesses

    @property
    def justice_card(self) -> Card | None:
        """The card of justice (R17)."""
        contract = self._state.contract
        if contract is None or contract.justice < 0:
            return None
        return ALL_CARDS[contract.justice]

    @property
    def plague_suit(self) -> Suit | None:
        """The plague suit (R18)."""
        contract = self._state.contract
        if contract is None or contract.plague < 0:
            return None
        return Suit(contract.plague)

    @property
    def mail_direction(self) -> str | None:
        """Mail's direction (R19)."""
        contract = self._state.contract
        return None if contract is None else contract.mail

    @property
    def atelier(self) -> CardSet:
        """The cards in D's atelier (R21)."""
        return CardSet(self._state.atelier)

    @property
    def atelier_mask(self) -> int:
        """The cards in D's atelier as a bitmask."""
        return self._state.atelier

    @property
    def leader(self) -> int:
        """The seat that led the current trick (``-1`` before play)."""
        return self._state.leader

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick's plays as (seat, card) pairs."""
        return tuple((seat, ALL_CARDS[card]) for seat, card in self._state.trick)

    @property
    def trick_cards(self) -> tuple[tuple[int, int], ...]:
        """The current trick as (seat, card index) pairs."""
        return self._state.trick

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat that brought home each finished trick."""
        return self._state.winners

    @property
    def taken(self) -> tuple[int, ...]:
        """The cards each seat has brought home, as bitmasks."""
        return self._state.taken

    @property
    def flags(self) -> play.PlayFlag:
        """What trick play remembers beyond the cards: whether an opponent has trumped
        (R27) and a plague card was played other than as D's lead (R28)."""
        return play.PlayFlag(self._state.flags)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks brought home per seat so far."""
        return play.tricks_per_seat(self._state.winners, self.players)

    @property
    def trick_number(self) -> int:
        """The current trick's number, 1-13 (14 when all are played)."""
        return len(self._state.winners) + 1

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now (R11, R30): see :class:`~combowhist.views.PlayerView`."""
        state = self._state
        legal = self.legal_moves() if state.to_move == seat else LegalMoves()
        seen = self._seen
        if seen is None:
            seen = SeenLog.of(state, self._seen_before)
            _set_seen(self, seen)
        return PlayerView.from_state(state, seat, legal, seen)

    def to_dict(self) -> dict[str, Any]:
        """The deal as plain JSON-ready data: profile (with a house rule's contents), seats,
        hands as dealt, and the moves (see :mod:`combowhist.serialize`)."""
        table = self._state.table
        return formats.deal_data(table.profile, table.dealer, table.scores, table.potentials,
                                 self.dealt_hands, self.history)

    @classmethod
    def from_dict(cls, data: dict[str, Any], profile: RuleProfile | str | None = None
                  ) -> Deal:
        """Rebuild a deal from :meth:`to_dict`'s data by replaying and checking its moves
        (see :meth:`from_json`)."""
        saved = formats.read_deal(data, profile)
        try:
            deal = cls.from_hands(saved.hands, profile=saved.profile, dealer=saved.dealer,
                                  scores=saved.scores, potentials=saved.potentials)
        except CombowhistError as error:
            raise SerializationError(f"saved deal: {error}") from error
        for number, text in enumerate(saved.moves, start=1):
            if not isinstance(text, str):
                raise SerializationError(f"saved deal: move {number} must be a string, got "
                                         f"{shown(text)}")
            try:
                deal = deal.apply(text)
            except CombowhistError as error:
                raise formats.replay_error("deal", number, text, error) from error
        return deal

    def to_json(self, indent: int | str | None = None) -> str:
        """The deal as JSON text (:meth:`to_dict`'s data); ``indent`` as in
        :func:`json.dumps`."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes, profile: RuleProfile | str | None = None) -> Deal:
        """Rebuild a deal from :meth:`to_json`'s text (a str, or UTF-8 bytes) by replaying
        its moves. A house rule's deal reloads from its own text: the file holds the
        rules. ``profile`` overrides the saved profile (needed only for older files that
        name a house rule without holding it). Raises
        :class:`~combowhist.errors.SerializationError` for bad input, a dict included (use
        :meth:`from_dict`)."""
        return cls.from_dict(formats.load_json(text, "deal"), profile)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython's and Hypothesis's pretty printers (a falsifying example): code that
        # rebuilds the deal, to paste back into a test or a session.
        printer.text(f"Deal.from_json({self.to_json()!r})")

    def __repr__(self) -> str:
        where = f"seat {self.to_move} to move" if self.to_move is not None else "over"
        return (f"<Deal {self.profile} {self.players} players, dealer {self.dealer}, "
                f"{self.phase.value}, {where}, {len(self.log)} moves>")


def _wrap(state: State, seen_before: SeenLog | None = None) -> Deal:
    """The deal holding ``state``: how every deal is made (``seen_before``: the logs seen
    in views of the deal it was applied to)."""
    deal = _new_deal(Deal)
    _set_state(deal, state)
    _set_seen(deal, None)
    _set_seen_before(deal, seen_before)
    return deal


def _unpickle(state: State, seats: bytes, moves: tuple[Move, ...], phases: bytes) -> Deal:
    log: LogCell | None = None
    for seat, move, phase in zip(seats, moves, phases, strict=True):
        log = (log, seat, move, _PHASES[phase])
    return _wrap(state.but(log=log))


_PHASES = tuple(Phase)
_PHASE_NUMBER = {phase: number for number, phase in enumerate(_PHASES)}
_new_deal = object.__new__
_set_state = Deal.__dict__["_state"].__set__
_set_log = Deal.__dict__["_log"].__set__
_set_seen = Deal.__dict__["_seen"].__set__
_set_seen_before = Deal.__dict__["_seen_before"].__set__


_BITS = tuple(1 << card for card in range(52))


@lru_cache(maxsize=16)
def _cards_of(deck: int) -> tuple[int, ...]:
    """The card indices of a deck, lowest first (a new deal shuffles a copy)."""
    return tuple(mask_indices(deck))


def _seat_row(name: str, values: Sequence[int] | None, players: int) -> tuple[int, ...]:
    """Scores or potentials, one integer per seat; zeros when not given."""
    if values is None:
        return (0,) * players
    row = tuple(values)
    if len(row) != players or not all(isinstance(v, int) for v in row):
        raise SetupError(f"{name} must be {players} integers, one per seat, got {shown(row)}")
    return row


def _check_dealer(dealer: object, players: int) -> None:
    if type(dealer) is not int or not 0 <= dealer < players:
        raise SetupError(f"dealer {shown(dealer)} is not a seat 0-{players - 1}")


_DECIMAL = re.compile(r"-?(0|[1-9][0-9]*)")


def seed_value(seed: object) -> int | str | None:
    """The seed a deal or game is shuffled from: an integer, a string or ``None`` (a fresh
    random shuffle). A string that spells an integer in decimal the way ``str`` prints it
    (``"7"``, ``"-12"``; not ``"07"`` nor ``" 7"``) is that integer, so an integer seed and
    its string deal the same cards; any other string is a seed of its own. Anything else
    (``True``, ``7.0``, bytes, a digit string too long to read) raises
    :class:`~combowhist.errors.SetupError`."""
    if seed is None or type(seed) is int:
        return seed
    if type(seed) is not str:
        raise SetupError(f"seed {shown(seed)}: a seed is an integer or a string")
    if _DECIMAL.fullmatch(seed) is None:
        return seed
    try:
        return int(seed)
    except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
        raise SetupError(f"seed {shown(seed)}: a string of digits is read as an "
                         f"integer, and this one is too long to read") from None


def legal_moves(state: Deal) -> LegalMoves:
    """The legal moves of a state (the same as ``state.legal_moves()``)."""
    return state.legal_moves()
