"""R8's exact layer: is a combo bid possible *with this hand*, and a deal that shows it.

A combo bid is possible for a bidder holding ``hand`` when some distribution of the unseen
cards among the other participants and some sequence of legal choices by everyone (every
pre-game event and every play) completes it, Greed applied (RULINGS R8). Everyone
cooperates with the declarer. :func:`witness` searches that exhaustively and answers with
a :class:`Witness` (a finished :class:`~combowhist.Deal` in which the declarer completes
the bid, built by replaying every move through the checked engine) or ``None`` when no
deal completes it. It never guesses: a combo with a rule the search does not cover, or a
search that would exceed its bound, raises :class:`~combowhist.errors.AnalysisError`. With
the ``exact`` extra (python-sat), every combo a short search has not decided goes to a SAT
solver (:mod:`combowhist.r8_sat`), which covers every rule of the profiles: nothing is
ever undecided.

Show me a deal where this bid works:

>>> from combowhist.analysis import witness
>>> found = witness("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2C", "zero+hurry", profile="1.4.1")
>>> found is not None and found.deal.result.completed
True
>>> witness("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "zero+hurry", profile="1.4.1") is None
True

The decision itself (the search, the solver's dispatch, the cache, the grouping of
combos by :func:`possibility_key`) lives in :mod:`combowhist.rules.possibility`, below the
auction, which asks it where a profile enforces the exact layer; this module checks the
question, and builds the witness deal from the line of play found.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from combowhist.bids import (
    ComboBid,
    Event,
    RankLayers,
)
from combowhist.cards import Card, CardSet, Suit, mask_indices
from combowhist.deal import Deal
from combowhist.errors import AnalysisError, SetupError
from combowhist.moves import (
    Award,
    Commit,
    Guess,
    MakeBid,
    Move,
    Play,
    Prefer,
    Send,
    SetJustice,
    SetMail,
    SetPlague,
    SetTrump,
    Take,
)
from combowhist.profiles import RuleProfile, load_profile
from combowhist.rules.possibility import (
    DECIDING_RULES,
    DEFAULT_MAX_NODES,
    HAND,
    INDIFFERENT_EVENTS,
    INDIFFERENT_RULES,
    ORDER_BLIND,
    SOLVER,
    Action,
    PossibilityKey,
    Search,
    Setup,
    decide,
    hands_at_play,
    possibility_key,
    search_gap,
    solver_covers,
)
from combowhist.rules.setup import mail_target, masters_mail_target
from combowhist.state import Phase

__all__ = ["DECIDING_RULES", "DEFAULT_MAX_NODES", "INDIFFERENT_EVENTS", "INDIFFERENT_RULES",
           "ORDER_BLIND", "SOLVER", "PossibilityKey", "Witness", "is_possible",
           "possibility_key", "proven_impossible", "solver_covers", "witness"]

@attrs.frozen
class Witness:
    """A deal in which the declarer completes the combo bid: proof that it is possible."""

    hands: tuple[CardSet, ...]
    """The dealt hands, seat by seat; the declarer's is the hand asked about."""
    deal: Deal
    """The finished deal, every move replayed through the checked engine."""
    declarer: int
    """The declarer's seat."""

    @property
    def moves(self) -> tuple[tuple[int, Move], ...]:
        """Every move of the deal as ``(seat, move)``, the auction first."""
        return self.deal.log


def is_possible(hand: CardSet | str, combo: ComboBid | str, *,
                profile: RuleProfile | str | None = None, players: int = 4,
                max_nodes: int = DEFAULT_MAX_NODES) -> bool:
    """Whether ``combo`` is possible for a bidder holding ``hand`` (R8's exact layer): a
    :func:`witness` exists. Raises :class:`~combowhist.errors.AnalysisError` where
    :func:`witness` does. Decided answers are cached per hand, participant count and
    :func:`possibility_key`, so that combos differing only in what cannot matter
    (Penalty, Potential, Open Hand, ...) are searched once."""
    return _decide(hand, combo, profile, players, 1, 0, max_nodes, build=False) is not None


def proven_impossible(hand: CardSet | str, combo: ComboBid | str, *,
                      profile: RuleProfile | str | None = None, players: int = 4,
                      max_nodes: int = DEFAULT_MAX_NODES) -> bool:
    """Whether the search alone proves ``combo`` impossible for a bidder holding ``hand``
    within ``max_nodes`` tricks: a cheap, bounded check for players and bots. ``False``
    means no proof (the combo is possible, or the search did not decide it within the
    bound, or does not cover its rules), never that the combo is possible. It asks no SAT
    solver and no cache, so its answer is the same in every process (bots stay
    reproducible from a seed); :func:`is_possible` decides exactly."""
    bid, cards, deck = _question(hand, combo, profile, players, 1, 0)
    if search_gap(bid) is not None:
        return False
    try:
        return Search(bid, players, 1, deck, cards.mask, max_nodes).run() is None
    except AnalysisError:  # over the bound: no proof
        return False


def witness(hand: CardSet | str, combo: ComboBid | str, *,
            profile: RuleProfile | str | None = None, players: int = 4,
            declarer: int = 1, dealer: int = 0,
            max_nodes: int = DEFAULT_MAX_NODES) -> Witness | None:
    """A deal in which a bidder holding ``hand`` completes ``combo``, or ``None`` if no
    deal does (the bid is impossible with this hand, R8).

    ``combo`` is a :class:`~combowhist.bids.ComboBid` or its notation (read in
    ``profile``, the default profile if none). The deal has ``players`` participants (3
    or 4), the bidder sits at ``declarer`` and ``dealer`` deals; the defaults put the
    bidder at the dealer's left, the first to bid. Only the seats relative to the
    declarer matter to what is possible (trick 1 is led by the declarer's right, or the
    declarer under Hurry, R22); the dealer only orders the auction.

    ``None`` is the result of an exhaustive search. Where the SAT solver is installed
    (the ``exact`` extra), it decides what a short search has not (:func:`solver_covers`:
    every combo of the profiles), with no bound. Without it, if the combo holds a rule the
    search does not cover (for Rank Trump before Mail or Master's Mail: where its fast
    pass finds no witness), or the search would open more than ``max_nodes`` tricks,
    :class:`~combowhist.errors.AnalysisError` says so instead of guessing.
    """
    found = _decide(hand, combo, profile, players, declarer, dealer, max_nodes)
    assert not isinstance(found, bool)
    return found


def _decide(hand: CardSet | str, combo: ComboBid | str, profile: RuleProfile | str | None,
            players: int, declarer: int, dealer: int, max_nodes: int, build: bool = True
            ) -> Witness | bool | None:
    """The witness (``True`` in its place unless ``build``), or ``None``."""
    bid, cards, _ = _question(hand, combo, profile, players, declarer, dealer)
    found = decide(bid, cards.mask, players, declarer, max_nodes)
    if found is None:
        return None
    if not build:
        return True
    return _build(bid, players, declarer, dealer, cards.mask, found.setup, found.actions,
                  found.guesses)


def _question(hand: CardSet | str, combo: ComboBid | str, profile: RuleProfile | str | None,
              players: int, declarer: int, dealer: int) -> tuple[ComboBid, CardSet, int]:
    """The combo, the hand and the deck in use (a bitmask) of a question, checked."""
    if type(players) is not int or players not in (3, 4):
        raise SetupError(f"a deal has 3 or 4 participants, not {players!r} (R3)")
    for name, seat in (("declarer", declarer), ("dealer", dealer)):
        if type(seat) is not int or not 0 <= seat < players:
            raise SetupError(f"{name} {seat!r} is not a seat of {players}")
    if isinstance(combo, str):
        bid = ComboBid.parse(combo, load_profile(profile), players)
    else:
        bid = combo
        if profile is not None and load_profile(profile) != bid.profile:
            raise AnalysisError(f"{bid} is a combo of profile {bid.profile}, not of "
                                f"{load_profile(profile)}")
    rules = bid.profile
    cards = CardSet.parse(hand) if isinstance(hand, str) else hand
    deck = rules.deck(players).mask
    if len(cards) != HAND or cards.mask & ~deck:
        raise SetupError(f"the hand {cards} is not 13 cards of the {players}-player deck of "
                         f"profile {rules} (R2)")
    return bid, cards, deck


def _build(combo: ComboBid, players: int, declarer: int, dealer: int, hand: int,
           setup: Setup, actions: Sequence[Action], guesses: tuple[int, ...]) -> Witness:
    """The found line of play as a real deal: the dealt hands (the solver's own, or worked
    back through Master's Mail, Mail and Rank Trump), then every move applied by the
    checked engine."""
    if setup.dealt:  # the solver's own deal and exchanges
        dealt = list(setup.dealt)
        mail_sent = list(setup.mail_sent)
        masters_sent = list(setup.masters_sent)
        if Event.MASTERS_MAIL in combo.events and not masters_sent:
            # A line of a play without it (any hands after it can be reached, R20): the
            # cards it moves are ones no exchange before it touches, so it is worked back
            # on the dealt hands.
            dealt, masters_sent = _undo_exchange(combo, players, declarer, dealt, 0,
                                                 masters=True, mail=setup)
    else:
        dealt, mail_sent, masters_sent = _worked_back(combo, players, declarer, hand,
                                                      setup, actions)
    assert dealt[declarer] == hand
    deal = Deal.from_hands([CardSet(m) for m in dealt], profile=combo.profile, dealer=dealer)
    while deal.to_move is not None and deal.phase is Phase.AUCTION:
        deal = deal.apply(MakeBid(combo) if deal.to_move == declarer else "pass")
    plays = iter(actions)
    # The current trick's cards by seat: the key may leave out Sloth (ORDER_BLIND), so the
    # engine's order of play is followed, not the search's.
    trick: dict[int, int] = {}
    while deal.to_move is not None:
        seat = deal.to_move
        phase = deal.phase
        move: Move
        if phase is Phase.PLAY:
            if not trick:
                for _ in range(players):
                    kind, who, card = next(plays)
                    assert kind == "play", kind
                    trick[who] = card
            move = Play(Card.from_index(trick.pop(seat)))
        elif phase is Phase.AWARD:
            kind, who, _ = next(plays)
            assert kind == "award", kind
            move = Award(who)
        elif phase is Phase.TRUMP:
            move = SetTrump(Suit(setup.trump))
        elif phase is Phase.PREFERENCE:
            move = Prefer()
        elif phase is Phase.GUESS:
            move = Guess(guesses)
        elif phase is Phase.JUSTICE:
            move = SetJustice(Card.from_index(setup.justice))
        elif phase is Phase.PLAGUE:
            move = SetPlague(Suit(setup.plague))
        elif phase is Phase.MAIL:
            assert setup.mail is not None
            move = SetMail(setup.mail)
        elif phase is Phase.SEND:
            move = Send(CardSet(mail_sent[seat]))
        elif phase is Phase.MASTERS_MAIL:
            move = Send(CardSet(masters_sent[seat]))
        elif phase is Phase.RANK_COMMIT:
            move = Commit(Card.from_index(setup.laid[seat]))
        elif phase is Phase.RANK_TAKE:  # 1.5.1 names the card D gives (E2)
            taken = Card.from_index(setup.taken)
            move = (Take(taken) if combo.standard.laid_by is RankLayers.ALL
                    else Take(taken, Card.from_index(setup.laid[declarer])))
        elif phase in (Phase.ATELIER, Phase.REFILL):
            move = deal.legal_moves()[0]  # R21: the atelier restricts no play
        else:  # pragma: no cover - every phase of the profiles is above
            raise AnalysisError(f"{combo}: no witness step for phase {phase.value}")
        deal = deal.apply(move)
    result = deal.result
    if result is None or not result.completed:  # never hand back a wrong witness
        raise AnalysisError(f"{combo}: the witness deal the search found does not complete "
                            f"in the engine (a bug of the search; please report it)")
    return Witness(tuple(CardSet(m) for m in dealt), deal, declarer)


def _worked_back(combo: ComboBid, players: int, declarer: int, hand: int, setup: Setup,
                 actions: Sequence[Action]) -> tuple[list[int], list[int], list[int]]:
    """The dealt hands and what each seat sends by Mail and by Master's Mail, worked back
    from the hands at the first lead (the search's line of play) through Master's Mail,
    Mail and Rank Trump."""
    at_play = hands_at_play(actions, players)
    assert at_play[declarer] == hand & ~setup.passed | setup.received
    laid_out = 1 << setup.laid[declarer] if setup.laid else 0  # R14: D's laid card
    taken = 1 << setup.taken if setup.laid else 0
    mail_out = setup.passed & ~laid_out  # R19: D's 3 cards
    mail_in = setup.received & ~taken
    masters_sent = [0] * players
    before_masters = list(at_play)
    if Event.MASTERS_MAIL in combo.events:
        before_masters, masters_sent = _undo_exchange(
            combo, players, declarer, at_play, mail_out if setup.mail else laid_out,
            masters=True, mail=setup)
    mail_sent = [0] * players
    dealt = before_masters
    if setup.mail is not None:
        dealt, mail_sent = _undo_exchange(combo, players, declarer, before_masters, mail_out,
                                          masters=False, mail=setup, received=mail_in)
    if setup.laid:  # R14: D and the taken card's owner swapped their laid cards
        owner = setup.laid.index(setup.taken)
        dealt[declarer] = dealt[declarer] & ~taken | laid_out
        dealt[owner] = dealt[owner] & ~laid_out | taken
    return dealt, mail_sent, masters_sent


def _undo_exchange(combo: ComboBid, players: int, declarer: int, after: list[int],
                   passed: int, *, masters: bool, mail: Setup, received: int = 0
                   ) -> tuple[list[int], list[int]]:
    """The hands before an exchange of 3 cards each, and what each seat sends, given the
    hands after it. Any hands after Master's Mail can be reached (each opponent is sent 3
    cards of its hand by the one passing to it, R20), so Master's Mail never decides
    possibility beside neither Mail nor Rank Trump; the declarer's card or cards those
    put in given hands (``passed``: to the Mail target, or Rank Trump's to the taken
    card's owner) may have moved on by it to that hand's own target, and are the ones it
    sent there; the other cards laid for Rank Trump, and those a seat sends by Mail (given
    the dealt hands of a line without Master's Mail), stay where they are. By Mail
    (``masters`` false) the declarer gets ``received``; the cards laid for Rank Trump
    before it stay where they are."""
    got = [0] * players
    stay = _mask(mail.laid)
    if masters:
        direction = combo.rules.masters_mail_direction

        def target(seat: int) -> int:
            return masters_mail_target(seat, declarer, players, direction)
        if mail.mail is not None:
            kept_by = mail_target(mail.mail, declarer, players)
        elif mail.laid:
            kept_by = mail.laid.index(mail.taken)
        else:
            kept_by = -1
        stay |= sum(mail.mail_sent)
        for seat in range(players):
            if seat == declarer:
                continue
            hand = after[seat]
            # The declarer's cards stay with the hand they were put in, or it sent them on.
            must = 0 if seat == kept_by else hand & passed
            got[seat] = must | _lowest(hand & ~passed & ~stay, 3 - must.bit_count())
    else:
        assert mail.mail is not None
        direction = mail.mail

        def target(seat: int) -> int:
            return mail_target(direction, seat, players)
        for seat in range(players):
            if seat == declarer:
                got[seat] = received
            elif seat == target(declarer):
                got[seat] = passed
            else:
                got[seat] = _lowest(after[seat] & ~stay, 3)
    sent = [0] * players
    for seat in range(players):
        if masters and seat == declarer:
            continue
        sent[seat] = got[target(seat)]
    before = [after[s] & ~got[s] | sent[s] for s in range(players)]
    return before, sent


def _mask(cards: Sequence[int]) -> int:
    return sum(1 << card for card in cards)


def _lowest(cards: int, n: int) -> int:
    out = 0
    for card in mask_indices(cards)[:n] if n > 0 else ():
        out |= 1 << card
    return out


