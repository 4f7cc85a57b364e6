"""Events before the first lead (R12), each described once in :data:`EVENTS`: which combo
bids hold it, how it starts, and the steps (phases) it runs through, each step with its
move, its legal moves, how a move applies and what the other seats see of it.

R12's order: trump choice or guesses (order 0), Justice then Plague (1), Mail (2), Master's
Mail (3), Atelier (no order); the special bids' orders come from the profile's data.

Simultaneous choices (laying Rank Trump cards, picking Mail cards) are taken one seat at a
time, D first and then clockwise (from D's left where D takes no part); nobody sees
another's pick until all have picked (the steps' ``shown`` rules), and only then do the
cards move.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from math import comb

import attrs

from combowhist.bids import ComboBid, Event, Exposure, PlayRule, RankLayers, TrumpRule
from combowhist.cards import SUIT_MASKS, CardSet, Suit, card_strength, mask_indices
from combowhist.errors import IllegalMoveError
from combowhist.legal import CardSubsetMoves, LegalMoves, subset_mask
from combowhist.moves import (
    MAIL_DIRECTIONS,
    Commit,
    Guess,
    Move,
    Prefer,
    Send,
    SetAtelier,
    SetJustice,
    SetMail,
    SetPlague,
    SetTrump,
    Take,
)
from combowhist.rules.play import atelier_eligible, begin_play
from combowhist.rules.seats import across, left, right
from combowhist.state import Contract, LogCell, Phase, State

__all__ = ["EVENTS", "PHASES", "STEPS", "PregameEvent", "Step", "begin", "events_of", "mail_target",
           "masters_mail_target", "reaching", "trump_chooser"]

MAIL_CARDS = 3
"""Cards each player passes by Mail and Master's Mail (R19, R20)."""
MAX_PREFERENCE = 5
"""Master's Trump preferences run 1-5 (R15)."""

Handler = Callable[[State, Contract, int, Move, LogCell], State]
"""Applies a checked-in move: the state before it, its contract, the seat, the move, and
the log with the move recorded; returns the state after it."""


def everyone(state: State, mover: int, viewer: int) -> bool:
    """Every seat sees the move (the public record, R11)."""
    return True


@attrs.frozen(eq=False)
class Step:
    """One kind of decision before the first lead: a phase and its move."""

    phase: Phase
    move: type[Move]
    """The move it takes."""
    legal: Callable[[State], LegalMoves]
    apply: Handler
    shown: Callable[[State, int, int], bool] = everyone
    """``shown(state, mover, viewer)``: whether ``viewer`` sees, in ``state``, the move
    ``mover`` made in this step."""
    hidden: str = ""
    """How the move shows to a seat that does not see it."""
    conceal: Callable[[Move], str] | None = None
    """How a given move shows to a seat that does not see it, where part of it is public
    (``take AC ?``); ``None``: as :attr:`hidden`."""
    reached: Callable[[ComboBid], bool] = lambda combo: True
    """Whether a deal under a combo holding this step's event comes to this step (Mail's
    direction is chosen only where the profile does not fix it)."""
    draw: Callable[[State, Callable[[int], int]], Move] | None = None
    """For the playout kernel, where the legal moves are many: ``draw(state, randrange)``
    is ``legal(state)[randrange(len(legal(state)))]``, the same move from the same draw,
    without building the legal moves. ``None``: the kernel builds them."""


@attrs.frozen(eq=False)
class PregameEvent:
    """A pre-game event (R12): the combo bids that hold it, how it starts (who moves first,
    in which step; ``None`` when there is nothing to decide) and its steps."""

    key: str
    """The standard bids' events by name (``trump``, ``masters_trump``, ``rank_trump``,
    ``guess``); the special bids' by their :class:`~combowhist.primitives.Event`."""
    steps: tuple[Step, ...]
    start: Callable[[State, Contract], tuple[Contract, Phase, int] | None]
    """From the state and contract when it comes up: the contract it starts with, its
    first phase and the seat to move; ``None`` to skip it."""
    held_by: Callable[[ComboBid], bool]
    """Whether a combo bid holds this event."""
    later: tuple[Phase, ...] = ()
    """Phases of trick play that only this event brings (R29's award, R21's refill)."""

    @property
    def phases(self) -> tuple[Phase, ...]:
        """Every phase a deal reaches only with this event."""
        return (*(step.phase for step in self.steps), *self.later)


# -- starting and ending events ------------------------------------------------------------


def events_of(combo: ComboBid) -> tuple[str, ...]:
    """The keys of the events ``combo`` holds, in the order of R12: its standard bid's
    (trump choice, guesses; order 0), then its special bids' by their order."""
    standard = tuple([key for key in _STANDARD_EVENTS if EVENTS[key].held_by(combo)])
    return standard + combo.events


def begin(state: State, declarer: int, combo: ComboBid) -> State:
    """The auction is won: record the contract and start the pre-game events (R12)."""
    contract = Contract(declarer=declarer, combo=combo, pending=events_of(combo))
    return next_event(state, contract, state.log)


def next_event(state: State, contract: Contract, log: LogCell | None) -> State:
    """Start the next pending event, or the first trick when none is left; ``log`` is the
    log so far (the move that ended the last event included)."""
    while contract.pending:
        event = EVENTS[contract.pending[0]]
        contract = contract.replace(pending=contract.pending[1:])
        started = event.start(state, contract)
        if started is not None:
            contract, phase, seat = started
            return state.but(contract=contract, phase=phase, to_move=seat, log=log)
    return begin_play(state, contract, log)


def _declarer_moves(phase: Phase) -> Callable[[State, Contract],
                                              tuple[Contract, Phase, int] | None]:
    def start(state: State, contract: Contract) -> tuple[Contract, Phase, int]:
        return contract, phase, contract.declarer
    return start


def _next_picker(state: State, contract: Contract, seat: int) -> int | None:
    """Simultaneous picks go clockwise from where they started until they come round to
    D: the next picker, or ``None`` once everyone has picked."""
    following = left(seat, state.table.players)
    return None if following == contract.declarer else following


def _hand(state: State) -> int:
    assert state.to_move is not None
    return state.hands[state.to_move]


def _contract(state: State) -> Contract:
    assert state.contract is not None
    return state.contract


def _refuse(seat: int, move: Move, reason: str) -> IllegalMoveError:
    return IllegalMoveError.refused(seat, move, reason)


# -- trump (R13) and Master's Trump (R15) ------------------------------------------------------


@lru_cache(maxsize=256)
def _preferrers(declarer: int, chooser: int, players: int) -> tuple[int, ...]:
    """Master's Trump's other opponents, who state preferences before the chooser names
    trump: clockwise from D's left, D and the chooser skipped (R15, E3)."""
    seats = []
    seat = left(declarer, players)
    while seat != declarer:
        if seat != chooser:
            seats.append(seat)
        seat = left(seat, players)
    return tuple(seats)


def trump_chooser(rule: TrumpRule, declarer: int, players: int) -> int:
    """Who names trump under a standard bid's trump rule: an opponent beside D for Master's
    Trump (R15: left; 1.5.1: right, E3), else D (R13)."""
    if rule is TrumpRule.LEFT_OF_DECLARER:
        return left(declarer, players)
    if rule is TrumpRule.RIGHT_OF_DECLARER:
        return right(declarer, players)
    return declarer


def _longest_suits(hand: int) -> set[int]:
    counts = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    return {s for s in range(4) if counts[s] == max(counts)}


def _allowed_trumps(state: State, contract: Contract) -> tuple[int, ...]:
    if contract.combo.standard.trump is TrumpRule.SUB:  # R13
        banned = _longest_suits(state.hands[contract.declarer])
        return tuple(s for s in range(4) if s not in banned)
    return _SUITS


_SUITS = (0, 1, 2, 3)


def _start_trump(state: State, contract: Contract) -> tuple[Contract, Phase, int]:
    return contract.replace(trump_chooser=contract.declarer), Phase.TRUMP, contract.declarer


def _start_masters_trump(state: State, contract: Contract) -> tuple[Contract, Phase, int]:
    players = state.table.players
    chooser = trump_chooser(contract.combo.standard.trump, contract.declarer, players)
    contract = contract.replace(trump_chooser=chooser)
    preferrers = _preferrers(contract.declarer, chooser, players)
    if preferrers:
        return contract, Phase.PREFERENCE, preferrers[0]
    return contract, Phase.TRUMP, chooser


def _legal_trumps(state: State) -> LegalMoves:
    allowed = _allowed_trumps(state, _contract(state))
    if allowed is _SUITS:
        return _EVERY_TRUMP
    return LegalMoves(tuple(_TRUMPS[s] for s in allowed))


_TRUMPS = tuple(SetTrump(suit) for suit in Suit)
"""Moves are values: the few of each kind are made once."""
_EVERY_TRUMP = LegalMoves(_TRUMPS)


def _set_trump(state: State, contract: Contract, seat: int, move: Move, log: LogCell) -> State:
    assert isinstance(move, SetTrump)
    if move.suit not in _allowed_trumps(state, contract):
        longest = ", ".join(Suit(s).letter for s in sorted(_longest_suits(state.hands[seat])))
        raise _refuse(seat, move, f"Sub Trump may not be a suit the declarer holds most cards "
                                  f"in ({longest}) (R13)")
    return next_event(state, contract.replace(trump_suit=int(move.suit)), log)


_PREFERENCES = (Prefer(), *(Prefer(s, n) for s in Suit for n in range(1, MAX_PREFERENCE + 1)))
"""Every statement a Master's Trump preferrer may make (R15)."""


def _prefer(state: State, contract: Contract, seat: int, move: Move, log: LogCell) -> State:
    assert isinstance(move, Prefer)
    if move.suit is not None and (
        not isinstance(move.strength, int) or not 1 <= move.strength <= MAX_PREFERENCE
    ):
        raise _refuse(seat, move, "a preference's strength is 1 to 5 (R15)")
    if move.suit is None and move.strength is not None:
        raise _refuse(seat, move, "an abstention has no strength (R15)")
    contract = contract.replace(preferences=(*contract.preferences, (seat, move)))
    preferrers = _preferrers(contract.declarer, contract.trump_chooser, state.table.players)
    index = preferrers.index(seat) + 1
    if index < len(preferrers):
        return state.but(contract=contract, to_move=preferrers[index], log=log)
    return state.but(contract=contract, phase=Phase.TRUMP, to_move=contract.trump_chooser,
                     log=log)


_TRUMP = Step(Phase.TRUMP, SetTrump, _legal_trumps, _set_trump)
_PREFERENCE_MOVES = LegalMoves(_PREFERENCES)
_PREFERENCE = Step(Phase.PREFERENCE, Prefer, lambda state: _PREFERENCE_MOVES, _prefer)


# -- Rank Trump (R14) ----------------------------------------------------------------------------


def _start_rank_trump(state: State, contract: Contract) -> tuple[Contract, Phase, int]:
    laid = (-1,) * state.table.players
    players = state.table.players
    first = contract.declarer if _all_lay(contract) else left(contract.declarer, players)
    return contract.replace(laid=laid), Phase.RANK_COMMIT, first


def _all_lay(contract: Contract) -> bool:
    """Whether D lays a card too (R14), or only the opponents do (1.5.1, E2)."""
    return contract.combo.standard.laid_by is RankLayers.ALL


def _highest_laid(contract: Contract) -> int:
    """Bitmask of the opponents' laid cards of the highest rank (R14; Iron, R24)."""
    iron = PlayRule.ACES_LOW in contract.play_rules
    laid = [c for seat, c in enumerate(contract.laid) if seat != contract.declarer]
    strengths = {c: card_strength(c, iron) for c in laid}
    top = max(strengths.values())
    return sum(1 << c for c, strength in strengths.items() if strength == top)


def _commit(state: State, contract: Contract, seat: int, move: Move, log: LogCell) -> State:
    assert isinstance(move, Commit)
    if not state.hands[seat] >> move.card.index & 1:
        raise _refuse(seat, move, "it is not in their hand (R14)")
    laid = list(contract.laid)
    laid[seat] = move.card.index
    contract = contract.replace(laid=tuple(laid))
    following = _next_picker(state, contract, seat)
    if following is not None:
        return state.but(contract=contract, to_move=following, log=log)
    return state.but(contract=contract, phase=Phase.RANK_TAKE, to_move=contract.declarer,
                     log=log)


def _take(state: State, contract: Contract, seat: int, move: Move, log: LogCell) -> State:
    """D takes a laid card of the highest rank and gives their own laid card for it (R14),
    or, where only the opponents lay, any card of their hand (E2); the other laid cards
    never left their owners' hands."""
    assert isinstance(move, Take)
    card = move.card.index
    if not _highest_laid(contract) >> card & 1:
        raise _refuse(seat, move, "the declarer takes an opponent's laid card of the highest "
                                  "rank (R14)")
    if _all_lay(contract):
        if move.give is not None:
            raise _refuse(seat, move, "the declarer gives their own laid card for it: write "
                                      f"'take {move.card}' (R14)")
        own = contract.laid[seat]
    else:
        if move.give is None or not state.hands[seat] >> move.give.index & 1:
            raise _refuse(seat, move, "the declarer gives one card of their hand for it: "
                                      f"write 'take {move.card} CARD' (E2)")
        own = move.give.index
    owner = contract.laid.index(card)
    hands = list(state.hands)
    hands[seat] = hands[seat] & ~(1 << own) | 1 << card
    hands[owner] = hands[owner] & ~(1 << card) | 1 << own
    contract = contract.replace(taken=card, trump_suit=card // 13)
    return next_event(state.but(hands=tuple(hands)), contract, log)


def _legal_takes(state: State) -> LegalMoves:
    contract = _contract(state)
    highest = _highest_laid(contract)
    if _all_lay(contract):
        return LegalMoves.of_cards(highest, Take)
    hand = CardSet(state.hands[contract.declarer])
    return LegalMoves(tuple(Take(card, give) for card in CardSet(highest) for give in hand))


def _revealed(state: State, mover: int, viewer: int) -> bool:
    """Laid cards show once everyone has laid (R14)."""
    return mover == viewer or state.phase is not Phase.RANK_COMMIT


_RANK_COMMIT = Step(Phase.RANK_COMMIT, Commit,
                    lambda state: LegalMoves.of_cards(_hand(state), Commit), _commit,
                    _revealed, "commit ?")


def _gift_seen(state: State, mover: int, viewer: int) -> bool:
    """The card D gives for the one taken shows to D and to whom it goes (E2); where D
    gives their own laid card, it lay face up for all (R14)."""
    contract = _contract(state)
    return (_all_lay(contract) or viewer == mover
            or viewer == contract.laid.index(contract.taken))


def _conceal_gift(move: Move) -> str:
    assert isinstance(move, Take)
    return f"take {move.card} ?"


_RANK_TAKE = Step(Phase.RANK_TAKE, Take, _legal_takes, _take, _gift_seen, "take ? ?",
                  _conceal_gift)


# -- Precise and Approximate's guesses (R16) ----------------------------------------------------


def _legal_guesses(state: State) -> LegalMoves:
    return LegalMoves(_GUESSES[_contract(state).combo.standard.guesses])


_GUESSES = {count: tuple(Guess(numbers) for numbers in combinations(range(14), count))
            for count in (1, 2)}
"""Every guess of one or two trick counts (R16)."""


def _guess(state: State, contract: Contract, seat: int, move: Move, log: LogCell) -> State:
    assert isinstance(move, Guess)
    count = contract.combo.standard.guesses
    numbers = move.numbers
    if len(numbers) != count or len(set(numbers)) != count or not all(
        0 <= n <= 13 for n in numbers
    ):
        raise _refuse(seat, move, f"{contract.combo.standard.key} takes {count} different "
                                  f"number(s) of tricks from 0 to 13 (R16)")
    return next_event(state, contract.replace(guesses=tuple(sorted(numbers))), log)


_GUESS = Step(Phase.GUESS, Guess, _legal_guesses, _guess)


# -- Justice (R17) and Plague (R18) ----------------------------------------------------------


def _justice(state: State, contract: Contract, seat: int, move: Move, log: LogCell) -> State:
    assert isinstance(move, SetJustice)
    if not state.table.deck >> move.card.index & 1:
        raise _refuse(seat, move, f"{move.card} is not in the {state.table.players}-player "
                                  f"deck (R17, R2)")
    return next_event(state, contract.replace(justice=move.card.index), log)


def _plague(state: State, contract: Contract, seat: int, move: Move, log: LogCell) -> State:
    assert isinstance(move, SetPlague)
    return next_event(state, contract.replace(plague=int(move.suit)), log)


_JUSTICE = Step(Phase.JUSTICE, SetJustice,
                lambda state: LegalMoves.of_cards(state.table.deck, SetJustice), _justice)
_PLAGUES = LegalMoves(tuple(SetPlague(suit) for suit in Suit))
_PLAGUE = Step(Phase.PLAGUE, SetPlague, lambda state: _PLAGUES, _plague)


# -- Mail (R19) and Master's Mail (R20) --------------------------------------------------------


def _mail_directions(players: int) -> tuple[str, ...]:
    return MAIL_DIRECTIONS if players == 4 else MAIL_DIRECTIONS[:2]  # R19


def mail_target(direction: str, seat: int, players: int) -> int:
    """Whom ``seat`` passes its Mail cards to (R19)."""
    return _DIRECTIONS[direction](seat, players)


_DIRECTIONS = {"left": left, "right": right, "across": across}


@lru_cache(maxsize=256)
def masters_mail_target(seat: int, declarer: int, players: int, direction: str = "right"
                        ) -> int:
    """Master's Mail passes to the right (R20; 1.5.1: to the left), skipping D."""
    target = mail_target(direction, seat, players)
    return mail_target(direction, target, players) if target == declarer else target


def _mail(state: State, contract: Contract, seat: int, move: Move, log: LogCell) -> State:
    assert isinstance(move, SetMail)
    if move.direction not in _mail_directions(state.table.players):
        raise _refuse(seat, move, "across needs exactly 4 participants (R19)")
    contract = contract.replace(mail=move.direction, mail_sent=(0,) * state.table.players)
    return state.but(contract=contract, phase=Phase.SEND, to_move=seat, log=log)


def _exchange(state: State, contract: Contract, seat: int, move: Move, log: LogCell,
              masters: bool) -> State:
    """Record ``seat``'s 3-card pick; once everyone has picked, move every pick to its
    target at once, so a card received is never passed on (R19, R20)."""
    assert isinstance(move, Send)
    rule = "R20" if masters else "R19"
    cards = move.cards
    if cards.mask.bit_count() != MAIL_CARDS:
        raise _refuse(seat, move, f"pick exactly {MAIL_CARDS} cards ({rule})")
    if cards.mask & ~state.hands[seat]:
        raise _refuse(seat, move, f"{cards - CardSet(state.hands[seat])} not in their hand "
                                  f"({rule})")
    sent = list(contract.masters_mail_sent if masters else contract.mail_sent)
    sent[seat] = cards.mask
    contract = (contract.replace(masters_mail_sent=tuple(sent)) if masters
                else contract.replace(mail_sent=tuple(sent)))
    following = _next_picker(state, contract, seat)
    if following is not None:
        return state.but(contract=contract, to_move=following, log=log)
    players = state.table.players
    hands = [h & ~sent[s] for s, h in enumerate(state.hands)]
    for s, picked in enumerate(sent):
        if picked:  # under Master's Mail, D picks nothing
            hands[exchange_target(contract, s, players, masters)] |= picked
    return next_event(state.but(hands=tuple(hands)), contract, log)


def exchange_target(contract: Contract, seat: int, players: int, masters: bool) -> int:
    """Whom ``seat`` passes its picked cards to, by Master's Mail or else by Mail."""
    if masters:
        return masters_mail_target(seat, contract.declarer, players,
                                   contract.combo.rules.masters_mail_direction)
    return mail_target(contract.mail or "left", seat, players)


def _exchanged(phase: Phase, masters: bool) -> Callable[[State, int, int], bool]:
    def shown(state: State, mover: int, viewer: int) -> bool:
        """A pick shows to its picker, and to its receiver once the cards have moved."""
        if mover == viewer:
            return True
        return state.phase is not phase and exchange_target(
            _contract(state), mover, state.table.players, masters) == viewer
    return shown


def _start_mail(state: State, contract: Contract) -> tuple[Contract, Phase, int]:
    """D chooses Mail's direction (R19), or the profile fixes it and the picks begin
    (1.5.1: to the right)."""
    direction = contract.combo.rules.mail_direction
    if direction is None:
        return contract, Phase.MAIL, contract.declarer
    contract = contract.replace(mail=direction, mail_sent=(0,) * state.table.players)
    return contract, Phase.SEND, contract.declarer


def _start_masters_mail(state: State, contract: Contract) -> tuple[Contract, Phase, int]:
    players = state.table.players
    contract = contract.replace(masters_mail_sent=(0,) * players)
    return contract, Phase.MASTERS_MAIL, left(contract.declarer, players)


def _legal_picks(state: State) -> LegalMoves:
    return LegalMoves(CardSubsetMoves(_hand(state), MAIL_CARDS, Send))


def _draw_pick(state: State, randrange: Callable[[int], int]) -> Move:
    """``_legal_picks(state)[randrange(...)]`` without the legal moves."""
    cards = mask_indices(_hand(state))
    return Send(CardSet(subset_mask(cards, MAIL_CARDS, randrange(comb(len(cards),
                                                                      MAIL_CARDS)))))


_MAILS = {players: LegalMoves(tuple(SetMail(d) for d in _mail_directions(players)))
          for players in (3, 4)}
_MAIL = Step(Phase.MAIL, SetMail, lambda state: _MAILS[state.table.players], _mail,
             reached=lambda combo: combo.rules.mail_direction is None)
_SEND = Step(Phase.SEND, Send, _legal_picks,
             lambda state, contract, seat, move, log: _exchange(state, contract, seat, move,
                                                                log, masters=False),
             _exchanged(Phase.SEND, masters=False), "send ? ? ?", draw=_draw_pick)
_MASTERS_MAIL = Step(Phase.MASTERS_MAIL, Send, _legal_picks,
                     lambda state, contract, seat, move, log: _exchange(
                         state, contract, seat, move, log, masters=True),
                     _exchanged(Phase.MASTERS_MAIL, masters=True), "send ? ? ?",
                     draw=_draw_pick)


# -- the atelier (R21) -------------------------------------------------------------------------


def _start_atelier(state: State, contract: Contract) -> tuple[Contract, Phase, int] | None:
    if not atelier_eligible(state.hands, state.atelier, contract):
        return None  # R21: nothing eligible, nothing to choose
    return contract, Phase.ATELIER, contract.declarer


def _atelier_choice(state: State) -> tuple[int, int]:
    """The cards the atelier may hold now and how many it takes (R21)."""
    contract = _contract(state)
    eligible = atelier_eligible(state.hands, state.atelier, contract)
    return eligible, min(contract.combo.atelier_size, eligible.bit_count())


def _legal_ateliers(state: State) -> LegalMoves:
    eligible, size = _atelier_choice(state)
    return LegalMoves(CardSubsetMoves(eligible, size, SetAtelier))


def _atelier(state: State, contract: Contract, seat: int, move: Move, log: LogCell) -> State:
    assert isinstance(move, SetAtelier)
    eligible, size = _atelier_choice(state)
    if len(move.cards) != size or move.cards.mask & ~eligible:
        what = "non-trump cards" if Exposure.TRUMPS in contract.combo.exposes else "cards"
        raise _refuse(seat, move, f"the atelier is {size} of the declarer's {what}: "
                                  f"{CardSet(eligible)} (R21)")
    return next_event(state.but(atelier=move.cards.mask), contract, log)


def _led(state: State, mover: int, viewer: int) -> bool:
    """The atelier shows to the others from the first lead on (R30)."""
    return mover == viewer or bool(state.winners or state.trick)


_ATELIER = Step(Phase.ATELIER, SetAtelier, _legal_ateliers, _atelier, _led, "atelier ? ? ? ?")


# -- the registry ----------------------------------------------------------------------------


def _trump_rule(*rules: TrumpRule) -> Callable[[ComboBid], bool]:
    return lambda combo: combo.standard.trump in rules


def _special(event: Event) -> Callable[[ComboBid], bool]:
    return lambda combo: event in combo.events


EVENTS: dict[str, PregameEvent] = {
    event.key: event for event in (
        PregameEvent("trump", (_TRUMP,), _start_trump, _trump_rule(
            TrumpRule.DECLARER, TrumpRule.GRILL, TrumpRule.BLOCK, TrumpRule.SUB)),
        PregameEvent("masters_trump", (_PREFERENCE, _TRUMP), _start_masters_trump,
                     _trump_rule(TrumpRule.LEFT_OF_DECLARER, TrumpRule.RIGHT_OF_DECLARER)),
        PregameEvent("rank_trump", (_RANK_COMMIT, _RANK_TAKE), _start_rank_trump,
                     _trump_rule(TrumpRule.RANK)),
        PregameEvent("guess", (_GUESS,), _declarer_moves(Phase.GUESS),
                     lambda combo: combo.standard.guesses > 0),
        PregameEvent(Event.JUSTICE, (_JUSTICE,), _declarer_moves(Phase.JUSTICE),
                     _special(Event.JUSTICE), later=(Phase.AWARD,)),
        PregameEvent(Event.PLAGUE, (_PLAGUE,), _declarer_moves(Phase.PLAGUE),
                     _special(Event.PLAGUE)),
        PregameEvent(Event.MAIL, (_MAIL, _SEND), _start_mail, _special(Event.MAIL)),
        PregameEvent(Event.MASTERS_MAIL, (_MASTERS_MAIL,), _start_masters_mail,
                     _special(Event.MASTERS_MAIL)),
        PregameEvent(Event.ATELIER, (_ATELIER,), _start_atelier, _special(Event.ATELIER),
                     later=(Phase.REFILL,)),
    )
}
"""Every pre-game event by key: the standard bids' (``trump``, ``masters_trump``,
``rank_trump``, ``guess``) and the special bids' (by their ``event`` primitive)."""

_STANDARD_EVENTS = ("trump", "masters_trump", "rank_trump", "guess")
"""The events a standard bid holds, in the order of R12 (all order 0; a standard bid holds
at most one trump event, and guesses only without trump)."""

STEPS: dict[Phase, Step] = {step.phase: step for event in EVENTS.values()
                            for step in event.steps}
"""Every pre-game step by its phase."""

PHASES = tuple(STEPS)
"""The pre-game phases."""


def reaching(phase: Phase) -> Callable[[ComboBid], bool] | None:
    """Whether a deal whose contract is a combo bid can reach ``phase`` at all: a test of
    the combo, or ``None`` when no event decides it (every contract reaches it)."""
    events = [event for event in EVENTS.values() if phase in event.phases]
    if not events:
        return None
    return lambda combo: any(event.held_by(combo) and step.reached(combo)
                             for event in events for step in event.steps
                             if step.phase is phase) or any(
        event.held_by(combo) for event in events if phase in event.later)


def legal(state: State) -> LegalMoves:
    """The legal moves of the pre-game step now."""
    return STEPS[state.phase].legal(state)


def apply(state: State, seat: int, move: Move) -> State:
    """``seat``'s move in the pre-game step now, checked."""
    step = STEPS[state.phase]
    if type(move) is not step.move:
        raise _refuse(seat, move, f"the deal is at {step.phase.value}: the move now is "
                                  f"'{step.move.word}' by seat {seat} (R12)")
    return step.apply(state, _contract(state), seat, move, (state.log, seat, move, step.phase))
