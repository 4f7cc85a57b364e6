"""What one player may know (R11, R30): a deal seen from a seat.

A :class:`PlayerView` holds the seat's own hand, the public record of the deal, the cards
the rules expose (Open Hand, Open Trump, the atelier, revealed Rank Trump cards) and the
cards the seat itself sent or received by Mail, and nothing else. An app can hand it to a
player (or a bot) without leaking a hidden card.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

import attrs

from combowhist.bids import ComboBid, Exposure
from combowhist.cards import ALL_CARDS, SUIT_MASKS, Card, CardSet, Suit
from combowhist.errors import CombowhistError, SerializationError, shown
from combowhist.legal import LegalMoves
from combowhist.moves import PLAYS, Play, Prefer, parse_move
from combowhist.profiles import RuleProfile, load_profile
from combowhist.rules.auction import least_worth
from combowhist.rules.phases import PHASES
from combowhist.rules.play import trick_mask, tricks_per_seat
from combowhist.rules.possibility import possible_with
from combowhist.rules.setup import everyone
from combowhist.state import Contract, DealResult, LogCell, Phase, State, log_cells

__all__ = ["HIDDEN_ATELIER", "HIDDEN_COMMIT", "HIDDEN_SEND", "PlayerView"]

HIDDEN_COMMIT = PHASES[Phase.RANK_COMMIT].hidden
"""How another seat's face-down Rank Trump card shows before the reveal."""
HIDDEN_SEND = PHASES[Phase.SEND].hidden
"""How a Mail pick shows to a seat that neither sent nor received it."""
HIDDEN_ATELIER = PHASES[Phase.ATELIER].hidden
"""How D's atelier choice shows to the others before the first lead (R30)."""



@attrs.frozen
class PlayerView:
    """A deal as ``seat`` may see it. Build with :meth:`combowhist.Deal.view`."""

    seat: int
    players: int
    dealer: int
    profile_name: str
    phase: Phase
    to_move: int | None
    hand: CardSet
    """The seat's own cards now."""
    log: tuple[tuple[int, str], ...]
    """Every move so far as a ``(seat, move)`` pair, the move in notation, as
    :attr:`Deal.log <combowhist.Deal.log>` pairs them; other seats' secret picks show as
    ``commit ?``, ``send ? ? ?``, ``take AC ?`` (the card D gives, E2) and (before the
    first lead) ``atelier ? ? ? ?``."""
    declarer: int | None
    combo: ComboBid | None
    trump: Suit | None
    guesses: tuple[int, ...]
    preferences: tuple[tuple[int, Prefer], ...]
    """Master's Trump's statements so far (R15, public), as ``(seat, move)`` pairs in the
    order they were made; empty without Master's Trump."""
    justice_card: Card | None
    plague_suit: Suit | None
    mail_direction: str | None
    trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, ...]
    trick_winners: tuple[int, ...]
    exposed: CardSet
    """D's cards shown to everyone now (Open Hand, Open Trump, atelier; R30)."""
    atelier: CardSet
    laid: tuple[Card | None, ...]
    """Rank Trump's laid cards per seat: all once revealed, before that only the own."""
    taken: Card | None
    """Rank Trump: the opponent's laid card D took (public, R14, E2), ``None`` before the
    take and without Rank Trump. In 1.4.x D gave their own laid card for it; in 1.5.1 a card
    of D's hand, which only D and the card's new owner see (E2)."""
    sent: CardSet
    """Cards this seat passed by Mail or Master's Mail."""
    received: CardSet
    """Cards this seat was passed by Mail or Master's Mail."""
    can_move: bool
    """Whether this seat is to move."""
    result: DealResult | None
    high_bid: ComboBid | None
    """The highest combo bid of the auction so far (public, R11)."""
    high_bidder: int | None
    """The seat that made :attr:`high_bid`, ``None`` before any bid."""
    passed: frozenset[int]
    """The seats that have passed in the auction (a pass is final, R5), seats banned from
    bidding included (R36); as :attr:`Deal.passed <combowhist.Deal.passed>`. It stays as
    the auction left it once the auction is over."""
    minimum_worth: int
    """The least worth this seat may bid now (R7, R34): the profile's minimum before any
    bid; above the high bid, or equal to it with strictly more potentials than the high
    bidder. Computed from the auction's record in every phase (it matters only while the
    seat may still bid); as :meth:`Deal.minimum_worth <combowhist.Deal.minimum_worth>`."""
    scores: tuple[int, ...]
    """Each seat's score when the deal began (public on the score sheet; bans, R36), as
    :attr:`Deal.scores <combowhist.Deal.scores>`."""
    potentials: tuple[int, ...]
    """Each seat's potentials when the deal began (public; R7, R34), as
    :attr:`Deal.potentials <combowhist.Deal.potentials>`."""
    played: CardSet
    """Every card played to a trick so far, the current trick's included."""
    played_by: tuple[CardSet, ...]
    """Per seat, the cards it has played to tricks so far, the current trick's included
    (their union is :attr:`played`)."""
    shown: tuple[CardSet, ...]
    """Per seat, the cards of its hand a capture goal shows to everyone from the first lead
    on (Taintless Bid's 2s, E4); empty sets otherwise. D's own exposed cards are
    :attr:`exposed`."""
    profile: RuleProfile = attrs.field(repr=False)
    """The rules the deal is played under."""
    _legal: LegalMoves = attrs.field(
        eq=attrs.cmp_using(eq=lambda a, b: a.to_data() == b.to_data(), require_same_type=False),
        hash=False,
        repr=False)

    @property
    def history(self) -> tuple[str, ...]:
        """The moves so far in notation, oldest first, as :attr:`Deal.history
        <combowhist.Deal.history>` lists them (secret picks hidden as in :attr:`log`, which
        pairs each with its seat)."""
        return tuple(text for _, text in self.log)

    def legal_moves(self) -> LegalMoves:
        """The seat's legal moves now, the same lazy sequence as :meth:`Deal.legal_moves
        <combowhist.Deal.legal_moves>` gives (the auction's combo bids and Mail's picks
        included; ``in`` and ``index`` take notation too); empty when the seat is not to
        move."""
        return self._legal

    @classmethod
    def from_state(cls, state: State, seat: int, legal: LegalMoves,
                   seen: SeenLog | None = None) -> PlayerView:
        """The view of a deal's ``state`` from ``seat``, whose legal moves are ``legal``
        (what :meth:`Deal.view <combowhist.Deal.view>` returns: use that); ``seen`` is the
        state's :class:`SeenLog` when it has one."""
        table = state.table
        players = table.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat {seat!r} is not a seat of this deal (0-{players - 1})")
        contract = state.contract
        led = bool(state.winners or state.trick)  # R30: exposure starts with the first lead
        laid: tuple[Card | None, ...] = ()
        exposed = sent = received = 0
        shown = (0,) * players
        declarer = trump = None
        if contract is not None:
            declarer = contract.declarer
            sees = PHASES[Phase.RANK_COMMIT].shown
            laid = tuple(ALL_CARDS[c] if c >= 0 and sees(state, s, seat) else None
                         for s, c in enumerate(contract.laid))
            if led:
                exposed = _exposed(state, contract)
                named = contract.combo.shown_cards
                shown = tuple(hand & named for hand in state.hands)
            sent, received = _exchanged(state, contract, seat)
            trump = contract.trump_suit
        if state.trump >= 0:
            trump = state.trump
        atelier = state.atelier if led or seat == declarer else 0
        can_move = state.to_move == seat
        auction = state.auction
        passed = auction.passed
        if seen is not None:
            played_by = seen.played
        elif led:
            played_by = _played_by(log_cells(state.log), players)
        else:
            played_by = _NONE_PLAYED[players]
        return cls(
            seat=seat,
            players=players,
            dealer=table.dealer,
            profile_name=table.profile.key,
            phase=state.phase,
            to_move=state.to_move,
            hand=CardSet(state.hands[seat]),
            log=visible_log(state, seat) if seen is None else seen.seen_by(seat),
            declarer=declarer,
            combo=None if contract is None else contract.combo,
            trump=None if trump is None or trump < 0 else Suit(trump),
            guesses=() if contract is None else contract.guesses,
            preferences=() if contract is None else cast(
                "tuple[tuple[int, Prefer], ...]", contract.preferences),
            justice_card=None if contract is None or contract.justice < 0 else ALL_CARDS[
                contract.justice],
            plague_suit=None if contract is None or contract.plague < 0 else Suit(
                contract.plague),
            mail_direction=None if contract is None else contract.mail,
            trick=tuple((s, ALL_CARDS[c]) for s, c in state.trick),
            tricks_won=tricks_per_seat(state.winners, players),
            trick_winners=state.winners,
            exposed=CardSet(exposed),
            atelier=CardSet(atelier),
            laid=laid,
            taken=None if contract is None or contract.taken < 0 else ALL_CARDS[
                contract.taken],
            sent=CardSet(sent),
            received=CardSet(received),
            can_move=can_move,
            result=state.result,
            high_bid=auction.high,
            high_bidder=None if auction.high_bidder < 0 else auction.high_bidder,
            passed=_seats(passed, players),
            minimum_worth=least_worth(table, auction.high, auction.high_bidder, seat),
            scores=table.scores,
            potentials=table.potentials,
            played=CardSet(_played(state)),
            played_by=played_by,
            shown=tuple(CardSet(cards) for cards in shown),
            profile=table.profile,
            legal=legal if can_move else LegalMoves(),
        )

    def to_dict(self) -> dict[str, Any]:
        """The view as plain JSON-ready data (cards and moves in notation), for a client;
        :meth:`from_dict` reads it back. ``"legal_moves"`` lists the few moves by their
        notation and describes the many (the auction's bids, Mail's picks) without listing
        them (see :meth:`~combowhist.legal.LegalMoves.to_data`)."""
        return {
            "seat": self.seat,
            "players": self.players,
            "dealer": self.dealer,
            "profile": self.profile_name,
            "phase": self.phase.value,
            "to_move": self.to_move,
            "hand": str(self.hand),
            "log": [[s, text] for s, text in self.log],
            "declarer": self.declarer,
            "combo": None if self.combo is None else str(self.combo),
            "trump": None if self.trump is None else self.trump.letter,
            "guesses": list(self.guesses),
            "preferences": [[s, str(move)] for s, move in self.preferences],
            "justice_card": None if self.justice_card is None else str(self.justice_card),
            "plague_suit": None if self.plague_suit is None else self.plague_suit.letter,
            "mail_direction": self.mail_direction,
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks_won": list(self.tricks_won),
            "trick_winners": list(self.trick_winners),
            "exposed": str(self.exposed),
            "atelier": str(self.atelier),
            "laid": [None if c is None else str(c) for c in self.laid],
            "taken": None if self.taken is None else str(self.taken),
            "sent": str(self.sent),
            "received": str(self.received),
            "legal_moves": self._legal.to_data(),
            "can_move": self.can_move,
            "result": None if self.result is None else _result_to_data(self.result),
            "high_bid": None if self.high_bid is None else str(self.high_bid),
            "high_bidder": self.high_bidder,
            "passed": sorted(self.passed),
            "minimum_worth": self.minimum_worth,
            "scores": list(self.scores),
            "potentials": list(self.potentials),
            "played": str(self.played),
            "played_by": [str(cards) for cards in self.played_by],
            "shown": [str(cards) for cards in self.shown],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], profile: RuleProfile | str | None = None
                  ) -> PlayerView:
        """The view :meth:`to_dict` made ``data`` from, equal to it. Bids are read under
        ``profile``, by default the profile ``data`` names (a house rule's view needs its
        profile passed). Raises :class:`~combowhist.errors.SerializationError` naming the
        key for data that is not such a view."""
        if not isinstance(data, dict):
            raise SerializationError(f"saved view: expected a dict, got {shown(data)}")
        try:
            return _view_from_data(data, profile)
        except (CombowhistError, KeyError, TypeError, AttributeError) as error:
            reason = f"{error} is missing" if isinstance(error, KeyError) else str(error)
            raise SerializationError(f"saved view: {reason}") from None


def _result_to_data(result: DealResult) -> dict[str, Any]:
    data = attrs.asdict(result, recurse=False)
    data["combo"] = None if result.combo is None else str(result.combo)
    return {key: list(value) if isinstance(value, tuple) else value
            for key, value in data.items()}


def _view_from_data(data: dict[str, Any], profile: RuleProfile | str | None) -> PlayerView:
    rules = load_profile(profile if profile is not None else data["profile"])
    players = data["players"]

    def card(text: str | None) -> Card | None:
        return None if text is None else Card.parse(text)

    def suit(text: str | None) -> Suit | None:
        return None if text is None else Suit.parse(text)

    def combo(text: str | None) -> ComboBid | None:
        return None if text is None else ComboBid.parse(text, rules, players)

    def ints(key: str) -> tuple[int, ...]:
        return tuple(int(v) for v in data[key])

    result = data["result"]
    if result is not None:
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                  for k, v in result.items()}
        result = DealResult(**{**fields, "combo": combo(result["combo"])})
    return PlayerView(
        seat=data["seat"], players=players, dealer=data["dealer"],
        profile_name=rules.key, phase=Phase(data["phase"]), to_move=data["to_move"],
        hand=CardSet.parse(data["hand"]),
        log=tuple((int(s), str(text)) for s, text in data["log"]),
        declarer=data["declarer"], combo=combo(data["combo"]), trump=suit(data["trump"]),
        guesses=ints("guesses"),
        preferences=tuple((int(s), _preference(text)) for s, text in data["preferences"]),
        justice_card=card(data["justice_card"]),
        plague_suit=suit(data["plague_suit"]), mail_direction=data["mail_direction"],
        trick=tuple((int(s), Card.parse(c)) for s, c in data["trick"]),
        tricks_won=ints("tricks_won"), trick_winners=ints("trick_winners"),
        exposed=CardSet.parse(data["exposed"]), atelier=CardSet.parse(data["atelier"]),
        laid=tuple(card(c) for c in data["laid"]), taken=card(data["taken"]),
        sent=CardSet.parse(data["sent"]),
        received=CardSet.parse(data["received"]), can_move=data["can_move"],
        result=result, high_bid=combo(data["high_bid"]), high_bidder=data["high_bidder"],
        passed=frozenset(int(s) for s in data["passed"]), minimum_worth=data["minimum_worth"],
        scores=ints("scores"), potentials=ints("potentials"),
        played=CardSet.parse(data["played"]),
        played_by=tuple(CardSet.parse(text) for text in data["played_by"]),
        shown=tuple(CardSet.parse(text) for text in data.get("shown", [""] * players)),
        profile=rules, legal=LegalMoves.from_data(
            data["legal_moves"], rules, players,
            possible_with(CardSet.parse(data["hand"]).mask, players)
            if rules.exact_impossible_bids else None),
    )


def _preference(text: str) -> Prefer:
    move = parse_move(text)
    if not isinstance(move, Prefer):
        raise SerializationError(f"preferences: {text!r} is not a prefer move (R15)")
    return move


def _played(state: State) -> int:
    """The cards played to tricks so far, the current trick's included."""
    played = trick_mask(state.trick)
    for cards in state.taken:
        played |= cards
    return played


def _exposed(state: State, contract: Contract) -> int:
    """D's cards everyone sees during play: Open Hand, Open Trump, the atelier (R30)."""
    hand = state.hands[contract.declarer]
    exposes = contract.combo.exposes
    exposed = 0
    if Exposure.HAND in exposes:
        exposed |= hand
    if Exposure.TRUMPS in exposes and contract.trump_suit >= 0:
        exposed |= hand & SUIT_MASKS[contract.trump_suit]
    if Exposure.ATELIER in exposes:
        exposed |= state.atelier
    return exposed


def _exchanged(state: State, contract: Contract, seat: int) -> tuple[int, int]:
    """The cards ``seat`` passed by Mail and Master's Mail, and those it was passed once
    each exchange has happened (R19, R20)."""
    sent = received = 0
    for phase, picks in ((Phase.SEND, contract.mail_sent),
                         (Phase.MASTERS_MAIL, contract.masters_mail_sent)):
        if not picks:
            continue
        sent |= picks[seat]
        sees = PHASES[phase].shown
        received |= sum(picked for mover, picked in enumerate(picks)
                        if mover != seat and picked and sees(state, mover, seat))
    return sent, received


def visible_log(state: State, seat: int) -> VisibleLog:
    """The log as ``seat`` sees it: each move in notation, or as its phase hides it from
    the seats that may not see it (R11)."""
    return _visible(log_cells(state.log), state, seat)


def _visible(cells: list[LogCell], state: State, seat: int) -> VisibleLog:
    log = []
    play = Phase.PLAY
    for _, mover, move, phase in cells:
        if phase is play:  # most of a log
            log.append((mover, _text(move)))
            continue
        rules = PHASES[phase]
        if rules.shown is everyone or mover == seat or rules.shown(state, mover, seat):
            log.append((mover, str(move)))
        else:
            log.append((mover, rules.concealed(move)))
    return tuple(log)


VisibleLog = tuple[tuple[int, str], ...]
"""A log as one seat sees it: ``(seat, move's notation)`` pairs, secret moves hidden."""


class SeenLog:
    """The log as every seat sees it, from the first lead on, kept up move by move.

    From the first lead on, what a seat sees of the moves before it never changes again
    (every reveal comes before: R14, R19, R20, R30) and every move is public: so the log is
    each seat's fixed ``before`` part and one ``since`` part for all, which the deal after
    a move extends by that move. ``played`` (each seat's cards played to tricks) is kept
    up the same way."""

    __slots__ = ("before", "played", "since")

    def __init__(self, before: tuple[VisibleLog, ...], since: VisibleLog,
                 played: tuple[CardSet, ...]) -> None:
        self.before = before
        self.since = since
        self.played = played

    @classmethod
    def of(cls, state: State, earlier: SeenLog | None) -> SeenLog | None:
        """The seen log of ``state``, extending ``earlier`` (the seen log of the state
        before the last move) when there is one; ``None`` before the first lead."""
        if not (state.winners or state.trick):
            return None
        cell = state.log
        assert cell is not None
        if earlier is not None:
            played = earlier.played
            move = cell[2]
            if type(move) is Play:
                mover = cell[1]
                played = (*played[:mover], CardSet(played[mover].mask | 1 << move.card.index),
                          *played[mover + 1:])
            return cls(earlier.before, (*earlier.since, (cell[1], _text(cell[2]))), played)
        cells = log_cells(cell)
        lead = next(i for i, c in enumerate(cells) if c[3] is Phase.PLAY)
        players = state.table.players
        before = tuple(_visible(cells[:lead], state, seat) for seat in range(players))
        return cls(before, tuple((c[1], _text(c[2])) for c in cells[lead:]),
                   _played_by(cells[lead:], players))

    def seen_by(self, seat: int) -> VisibleLog:
        return self.before[seat] + self.since


def _played_by(cells: list[LogCell], players: int) -> tuple[CardSet, ...]:
    """Each seat's cards played to tricks in the log ``cells``."""
    played = [0] * players
    for _, mover, move, _ in cells:
        if type(move) is Play:
            played[mover] |= 1 << move.card.index
    return tuple(map(CardSet, played))


_NONE_PLAYED = {players: (CardSet(),) * players for players in (3, 4)}
"""``played_by`` before the first lead."""


@lru_cache(maxsize=64)
def _seats(mask: int, players: int) -> frozenset[int]:
    """The seats of a seat bitmask (the auction's passed seats), shared."""
    return frozenset(seat for seat in range(players) if mask >> seat & 1)


def _text(move: object) -> str:
    return _PLAY_TEXTS.get(id(move)) or str(move)


_PLAY_TEXTS = {id(move): str(move) for move in PLAYS}
"""The notation of the shared ``play`` moves (most plays a log holds are these; they live as
long as the module, so their ids stay theirs)."""
