"""R8's exact layer, decided: can a combo bid be completed *with this hand*?

A combo bid is possible for a bidder holding a hand when some distribution of the unseen
cards among the other participants and some sequence of legal choices by everyone (every
pre-game event and every play) completes it, Greed applied (RULINGS R8). Everyone
cooperates with the declarer. :func:`decide` answers with the line of play that completes
the combo, or ``None``; the auction asks it where the profile enforces the exact layer
(:attr:`~combowhist.profiles.RuleProfile.exact_impossible_bids`), and
:mod:`combowhist.analysis` turns its line into a witness deal. Nothing here builds a
deal: this is the decision alone, below the auction.

How the search stays exact and small: the unseen cards are not dealt up front. A card is
given to a seat when that seat plays it, keeping each seat's hand size and the suits it
has shown void in (a seat that did not follow suit never gets that suit); a Hall check
over the suits keeps the rest dealable. Unseen cards between the same two cards of the
declarer (and of the current trick) are interchangeable, so a seat plays the lowest or the
highest of such a run, and states are remembered with the unseen cards counted run by run.
A trick pattern that can no longer complete the combo (the static layer of R8 applied to
what is left) cuts the search; where it settles who must bring a trick home (D, or
anyone else), a play is cut as soon as its card gives the trick to the wrong side. So
is a deal in which D has brought home more plague cards than any other participant can
still reach, and cannot bring home all of them (R33).

Pre-game events: trump choices (every suit the rules allow; Master's Trump's chooser
cooperates), Rank Trump (R14: every card D may lay, every unseen card D may take and
who laid it, and every card of no higher rank each other opponent may lay), guesses
(chosen to fit the tricks taken), Justice (the trick D awards, any one, and the
participant; the card named is one of that trick, :data:`ANY_TRICK`),
Plague (every suit), Mail (every direction, the declarer's 3 cards and the 3 received),
Master's Mail (it cannot change what is possible: any split of the unseen cards after it
can be reached, see :func:`_undo_exchange`), the atelier (it restricts no play). Not
covered by the search (without the ``exact`` extra, refused with
:class:`~combowhist.errors.AnalysisError`; with it, the solver decides them): 1.5.1's Rank
Trump (only the opponents lay, E2) and the ``capture`` goal (1.5.1's Taintless Bid); Rank
Trump together with Mail or Master's Mail is not decided by it either, but its fast pass
looks for a line there (:func:`sampled_for_lines`), which settles most of them.

Combos completed only by bringing home every trick, or every trick but the last, without
trump (Taintless Master's Game with Greed or with Ending Dog, :func:`needs_every_trick`)
have a search of their own,
:func:`~combowhist.rules.every_trick.every_trick`, which decides them directly, even
where the search and the solver took minutes to prove them impossible. Those that need
twelve or eleven tricks in play without trump, any one or two lost (Taintless Master's
Game alone, or with Justice, :func:`tricks_to_spare`), are first tried for a proof that
they are out of reach, :func:`~combowhist.rules.every_trick.out_of_reach`; Zero without
trump (:func:`takes_no_trick`) for a count of a card D cannot get rid of,
:func:`~combowhist.rules.no_trick.out_of_reach`.

A fast pass runs first: the first pre-game branches, each searched with few
discrepancies from the preferred order of moves, within a small bound, to find a witness
early. It proves nothing by failing (only the states it exhausted are kept). Before the
solver, a short search runs in each of two orders of the opponents' cards: keeping their
strong cards, and shedding them where D would rather take a later trick
(:attr:`Search.shedding`); each finds lines the other misses.

Combos are grouped by what of them can matter (:func:`possibility_key`: the trick
conditions, the trump rule, the play rules but Sloth beside anything but Block Trump, the
events that change what is possible), derived from the rule primitives; the search and the
solver read nothing else, and their answers are cached per hand and key. A line of play
found for one key settles, without a search, the other keys of the same hand whose
conditions its tricks meet, of its own play (:attr:`PossibilityKey.play`) or of a
neighbouring one (:func:`_neighbours`; and a play of another trump rule, Hurry or Iron,
where its plays hold under this one's, :func:`_replayed`; with Iron the other way, its
unseen cards renamed in this play's order, :func:`_reranked`; without Mail, D passing 3
cards for 3 close ones of the same suits, :func:`_mailed`); only "possible" is shared
so. "Impossible" is shared the other way, in a whole list beside a trump suit: from the
combo without Plague, Lock, Ending Dog and Greed (:func:`least_demanding`), whose lines
every line of the combo with them is.
"""

from __future__ import annotations

import contextlib
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations, islice
from time import perf_counter
from typing import NoReturn, TypeVar

import attrs

from combowhist.bids import (
    Bid,
    ComboBid,
    CompiledRules,
    Event,
    GoalKind,
    PlayRule,
    RankLayers,
    TrickConditions,
    TrumpRule,
)
from combowhist.cards import CARD_STRENGTHS, SUIT_MASKS, CardSet, card_strength, mask_indices
from combowhist.combos import ComboSpace, legal_combos
from combowhist.errors import AnalysisError
from combowhist.profiles.schema import EXACT_EXTRA
from combowhist.rules.every_trick import (
    GaveWay,
    OutOfStates,
    Trick,
    Turns,
    out_of_reach,
    turns,
)
from combowhist.rules.every_trick import clear_cache as clear_every_trick_cache
from combowhist.rules.no_trick import out_of_reach as no_trick_out_of_reach
from combowhist.rules.outcome import TrickRecord, finished_record, is_beplagued, score
from combowhist.rules.play import (
    NO_SUIT,
    TRICK_KEYS,
    first_leader,
    flags_after,
    legal_play_mask,
    next_trump,
    trick_order,
    winning_play,
)
from combowhist.rules.seats import right
from combowhist.rules.setup import MAIL_CARDS, mail_target, masters_mail_target

__all__ = ["ANY_TRICK", "DEFAULT_MAX_NODES", "ORDER_BLIND", "SOLVER", "Line", "PossibilityKey",
           "PossibleWith", "clear_caches", "completing_guesses", "decide", "hands_at_play",
           "keyed_space", "least_demanding", "needs_every_trick", "possibility_key",
           "possible_with", "sampled_for_lines", "search_gap", "solver_covers", "tricks_to_spare"]

TRICKS = 13
HAND = 13
DEFAULT_MAX_NODES = 200_000
"""The default bound on the tricks the search may open before it gives up with an
:class:`~combowhist.errors.AnalysisError` (never with an answer)."""

_CONSTRUCT_NODES = 2_000
"""The tricks the fast pass may open (see :meth:`Search._construct`)."""
_CONSTRUCT_SETUPS = 48
"""The most pre-game branches the fast pass tries (a sample, see :meth:`Search._setups`)."""
_SAMPLE_TAKES = 6
"""The cards Rank Trump may take that the fast pass's sample tries."""
_SLACKS = (0, 1, 3)
"""The fast pass's discrepancies, tried in turn."""

_FIRST_BOUND = 16
"""The tricks each pre-game branch may open in the search's first pass."""


class _OverBound(Exception):
    """A pre-game branch opened more tricks than its bound in this pass."""


Action = tuple[str, int, int]
"""A step of a found line of play: ``("play", seat, card)`` or ``("award", seat, 0)``."""

_Rest = tuple[tuple[Action, ...], tuple[int, ...], tuple[int, ...]]
"""The search's line from a trick on: its steps, D's guesses, who took every trick."""


# -- what of a combo can matter to possibility ---------------------------------------------

DECIDING_RULES = ("conditions", "play_rules", "events", "mail_direction",
                  "masters_mail_direction", "shown_cards")
"""The fields of :class:`~combowhist.bids.CompiledRules` the search reads: the trick
conditions (goal, guesses, Greed, Lock, Ending Dog), the play rules (Hurry, Sloth, Iron),
the pre-game events and the Mail directions, the cards a ``capture`` goal names."""

INDIFFERENT_RULES = {
    "potential": "a P on the score sheet once completed (R34)",
    "exposes": "what everyone sees (R30): cooperating players know every card anyway",
    "atelier_size": "the atelier lies face up and restricts no play (R21)",
    "extra_points": "points (R32, R34)",
    "honour_points": "points (R33, R34)",
    "fail_points": "points when failed (Penalty, R34)",
}
"""The fields of :class:`~combowhist.bids.CompiledRules` that cannot change whether a combo
can be completed, each with the reason."""

INDIFFERENT_EVENTS = frozenset({Event.ATELIER})
"""Pre-game events that restrict no choice of card: the atelier's cards stay in D's hand
and count for following suit; refilling it is D's own move (R21)."""

ORDER_BLIND = frozenset({PlayRule.DECLARER_PLAYS_LAST})
"""Play rules that only reorder the plays within a trick (Sloth, R26). Whether a combo can
be completed cannot depend on that order, except under Block Trump, where D may trump once
an opponent has trumped *earlier in the same trick* (R27): which seat leads (R22), which
cards follow suit (R23), which card wins (R23-R25), the plague lead (R28: earlier tricks)
and the award of the card of justice's trick (R29) read no order within a trick. So the key
keeps these only beside Block Trump."""

_FREE_TRUMPS = frozenset({TrumpRule.DECLARER, TrumpRule.LEFT_OF_DECLARER,
                          TrumpRule.RIGHT_OF_DECLARER})
"""Trump rules where any suit may be named: by D (R13), or by a cooperating opponent
(R15, E3), which is the same to possibility."""


@attrs.frozen
class PossibilityKey:
    """What of a combo bid R8's exact layer reads: two combos with the same key are
    possible for exactly the same hands (:func:`possibility_key`).

    >>> from combowhist import ComboBid, load_profile
    >>> profile = load_profile("1.4.1")
    >>> a = possibility_key(ComboBid.parse("trump+lock+penalty+open_hand", profile))
    >>> a == possibility_key(ComboBid.parse("masters_trump+lock+potential", profile))
    True
    >>> a == possibility_key(ComboBid.parse("trump+ending_dog", profile))
    False
    """

    trump: TrumpRule
    """How trump comes about, every free choice of suit read as :attr:`TrumpRule.DECLARER`."""
    laid_by: RankLayers | None
    """Rank Trump's layers (R14, E2); ``None`` for other trump rules."""
    conditions: TrickConditions
    """The goal, guesses, Greed and the tricks D must not take (R31, R32)."""
    play_rules: frozenset[PlayRule]
    """Hurry, Sloth, Iron."""
    events: frozenset[Event]
    """The pre-game events that can change what is possible."""
    mail_direction: str | None
    """Mail's fixed direction (``None``: D chooses it, or no Mail)."""
    masters_mail_direction: str | None
    """Master's Mail's direction where it matters: beside Mail or Rank Trump, whose cards
    it may pass on."""
    shown_cards: int
    """The cards a ``capture`` goal names (E4)."""

    @property
    def play(self) -> tuple[object, ...]:
        """Every field but :attr:`conditions`: what decides which lines of play are legal.
        The conditions judge only the finished deal (R31-R33), so a line found for one
        key is a legal line for every key with the same ``play``, and completes those
        whose conditions its tricks meet (:meth:`Line.completing`)."""
        return (self.trump, self.laid_by, self.play_rules, self.events, self.mail_direction,
                self.masters_mail_direction, self.shown_cards)


def possibility_key(combo: ComboBid) -> PossibilityKey:
    """The parts of ``combo`` that can matter to whether it is possible with some hand:
    its rule primitives (:data:`DECIDING_RULES`) without those that cannot
    (:data:`INDIFFERENT_RULES`, :data:`INDIFFERENT_EVENTS`), the way its trump comes
    about, and Master's Mail only beside Mail or Rank Trump (otherwise it cannot change
    what is possible: any split of the unseen cards after it can be reached, R20; those
    two put cards in given hands before it, which it may pass on), and Sloth only beside
    Block Trump (:data:`ORDER_BLIND`). Combos with equal keys get the same answer from
    :func:`is_possible` for every hand, which caches by it. Anything but a
    :class:`~combowhist.bids.ComboBid` raises :class:`TypeError`, in the compiled build
    too."""
    if not isinstance(combo, ComboBid):
        raise TypeError(f"possibility_key needs a ComboBid, not {type(combo).__name__} "
                        f"{combo!r} (parse it with ComboBid.parse)")
    rules: CompiledRules = combo.rules
    standard = combo.standard
    events = frozenset(rules.events) - INDIFFERENT_EVENTS
    trump = TrumpRule.DECLARER if standard.trump in _FREE_TRUMPS else standard.trump
    if Event.MAIL not in events and trump is not TrumpRule.RANK:
        events -= {Event.MASTERS_MAIL}  # it could pass on only cards Mail or Rank Trump pin
    play_rules = rules.play_rules
    if trump is not TrumpRule.BLOCK:
        play_rules -= ORDER_BLIND
    return PossibilityKey(
        trump=trump,
        laid_by=standard.laid_by if trump is TrumpRule.RANK else None,
        conditions=rules.conditions,
        play_rules=play_rules,
        events=events,
        mail_direction=rules.mail_direction if Event.MAIL in events else None,
        masters_mail_direction=(rules.masters_mail_direction
                                if Event.MASTERS_MAIL in events else None),
        shown_cards=rules.shown_cards,
    )


@attrs.frozen
class Setup:
    """The pre-game choices of one branch of the search."""

    trump: int = NO_SUIT
    plague: int = NO_SUIT
    justice: int = -1
    mail: str | None = None
    passed: int = 0
    """The declarer's cards out before the first lead: by Mail, 3 (to the Mail target);
    by Rank Trump, the card laid."""
    received: int = 0
    """The cards the declarer gets before the first lead: by Mail, 3; by Rank Trump, the
    card taken."""
    pinned: tuple[int, ...] = ()
    """Cards a seat must hold at the first lead (the declarer's Mail cards, Rank Trump's
    laid cards), by seat."""
    laid: tuple[int, ...] = ()
    """Rank Trump: the card each seat lays (R14), D's among them."""
    taken: int = -1
    """Rank Trump: the card D takes (R14). ``passed`` and ``received`` hold D's laid card
    and this one, beside D's Mail cards where Mail follows (a line with :attr:`dealt`
    holds the Rank Trump cards alone there)."""
    dealt: tuple[int, ...] = ()
    """The dealt hands, where the solver worked them out (else :func:`_build` works them
    back from the hands at the first lead)."""
    mail_sent: tuple[int, ...] = ()
    """With :attr:`dealt`: the 3 cards each seat sends by Mail (R19)."""
    masters_sent: tuple[int, ...] = ()
    """With :attr:`dealt`: the 3 cards each opponent sends by Master's Mail (R20)."""


@attrs.frozen
class Line:
    """A line of play in which the declarer completes a combo: what :func:`decide` finds."""

    setup: Setup
    """The pre-game choices."""
    actions: tuple[Action, ...]
    """Every play, trick by trick (each trick's cards in the order the search chose), and
    the award of the card of justice's trick after its trick (R29)."""
    guesses: tuple[int, ...]
    """D's guesses (R16), chosen to fit the tricks taken."""
    takers: tuple[int, ...]
    """Who brought home trick 1, 2, … (its winner, or whom D awarded it to)."""

    def without_plague(self) -> Line:
        """This line of a play with Plague as a line of the same play without it: Plague
        only narrows D's leads (R28) and judges the finished deal (R33), so every play of
        the line stays legal without it."""
        return attrs.evolve(self, setup=attrs.evolve(self.setup, plague=NO_SUIT))

    def with_plague(self, suit: int) -> Line:
        """This line of a play without Plague with ``suit`` named the plague suit, for
        :func:`_replayed` to check its leads again (R28) and :meth:`completing` its
        plague cards (R33)."""
        return attrs.evolve(self, setup=attrs.evolve(self.setup, plague=suit))

    def with_justice(self, players: int) -> Line:
        """This line of a play without Justice as a line of the same play with it: D names
        the first card played (any card of the deck in use may be named, R17) and awards
        its trick to the participant who won it (to any participant, R29)."""
        return attrs.evolve(self, setup=attrs.evolve(self.setup, justice=self.actions[0][2]),
                            actions=(*self.actions[:players], ("award", self.takers[0], 0),
                                     *self.actions[players:]))

    def with_last_trick_awarded(self, players: int, declarer: int) -> Line:
        """This line of a play without Justice, its last trick lost, as a line of the same
        play with Justice: D names the first card of the last trick (any card of the deck
        in use may be named, R17) and awards that trick to itself (R29)."""
        last = len(self.actions) - players
        return attrs.evolve(self, setup=attrs.evolve(self.setup, justice=self.actions[last][2]),
                            actions=(*self.actions, ("award", declarer, 0)),
                            takers=(*self.takers[:-1], declarer))

    def record(self, declarer: int, players: int, deck: int, shown_cards: int = 0
               ) -> TrickRecord:
        """The finished deal's :class:`~combowhist.rules.outcome.TrickRecord`."""
        memo = (declarer, players, deck, shown_cards)
        kept = _RECORDS.get(id(self))
        if kept is not None and kept[0] is self and kept[1] == memo and kept[2] is not None:
            return kept[2]
        taken = [0] * players
        plays = (card for kind, _, card in self.actions if kind == "play")
        for taker in self.takers:
            for _ in range(players):
                taken[taker] |= 1 << next(plays)
        record = finished_record(self.takers, taken, declarer, self.setup.plague, deck,
                                 shown_cards)
        if kept is not None and kept[0] is self:
            _RECORDS[id(self)] = (self, memo, record)
        return record

    def completing(self, combo: ComboBid, declarer: int, players: int, deck: int
                   ) -> Line | None:
        """This line with guesses that complete ``combo``, or ``None`` if its tricks do
        not. Only for a combo whose :attr:`PossibilityKey.play` is that of the combo the
        line was found for: the line is then a legal line of ``combo`` too (nothing but
        the trick conditions differs, and they judge only the finished deal)."""
        record = self.record(declarer, players, deck, combo.shown_cards)
        guesses = completing_guesses(combo, declarer, players, record)
        return None if guesses is None else attrs.evolve(self, guesses=guesses)


_RECORDS: dict[int, tuple[Line, tuple[int, int, int, int] | None, TrickRecord | None]] = {}
""":meth:`Line.record`'s latest answer for each line kept in :data:`_LINES`, by the
line's ``id`` (each entry holds its line, so no other line can take that ``id`` while it
is there; ``None`` until asked): a whole list checks each kept line against many keys,
about four times over (a twentieth of a typical hand's time)."""
_RECORDS_KEPT = 8192
"""The most kept lines' records kept (the oldest go first)."""


def completing_guesses(combo: ComboBid, declarer: int, players: int, record: TrickRecord
                       ) -> tuple[int, ...] | None:
    """The guesses with which a finished deal completes ``combo``, scored as the engine
    scores it (R31-R34); ``None`` if no guesses do."""
    for guesses in _guess_options(record.winners.count(declarer), combo.conditions.guesses):
        if score(combo, declarer, players, record, guesses, -2).completed:
            return guesses
    return None


def decide(combo: ComboBid, hand: int, players: int, declarer: int = 1,
           max_nodes: int = DEFAULT_MAX_NODES, *, whole_list: bool = False) -> Line | None:
    """The line of play in which the declarer at ``declarer``, holding ``hand`` (a bitmask
    of 13 cards of the deck for ``players``), completes ``combo``: its pre-game choices,
    plays and guesses; ``None`` if no line does (impossible with this hand, R8).

    Decided answers are cached per hand, participant count, seat and
    :func:`possibility_key`. Before any search, the lines already found for the same hand
    and :attr:`PossibilityKey.play` are tried, then those of neighbouring plays
    (:func:`_neighbour_lines`): one whose tricks meet this combo's conditions is its line
    (:meth:`Line.completing`), and a neighbour's is kept as a line of this play. A
    combo that needs every trick, or every trick but the last, without trump
    (:func:`needs_every_trick`) is decided by
    :func:`~combowhist.rules.every_trick.every_trick`; one that needs all but one or two,
    any of them (:func:`tricks_to_spare`), is first tried for a proof that it is out of
    reach (:func:`~combowhist.rules.every_trick.out_of_reach`), as is Zero without trump
    (:func:`takes_no_trick`, :func:`~combowhist.rules.no_trick.out_of_reach`). Where the SAT
    solver is installed (:data:`SOLVER`) a short search goes first and the solver decides
    what it leaves
    (with ``whole_list``, as when a whole list of combos is decided, it tries first for a
    line that holds with Hurry the other way too, which settles that combo without a
    call of its own); otherwise the search alone decides, and raises
    :class:`~combowhist.errors.AnalysisError` for a combo whose rules it does not cover
    (:func:`search_gap`) or a search that would open more than ``max_nodes``
    tricks: never a guess. For Rank Trump before the mails (:func:`sampled_for_lines`)
    the search's fast pass goes first, and a line it finds is the answer."""
    key = possibility_key(combo)
    if (search_gap(combo) is not None and not (SOLVER and solver_covers(key))
            and not sampled_for_lines(combo)):
        _refuse_gap(combo, key)
    deck = combo.profile.deck(players).mask
    memo = (hand, players, declarer, deck, key)
    if memo in _OUTCOMES:
        return _OUTCOMES[memo]
    where = (hand, players, declarer, deck, key.play)
    found = _completing(combo, declarer, players, deck, _LINES.get(where, ()))
    if found is None:
        # A neighbour's line, or else the search's, is kept as a line of this play: it
        # may settle this play's other keys, and its own neighbours'.
        nearby = _neighbour_lines(key, where) if where[:4] in _LINED else ()
        found = (_completing(combo, declarer, players, deck, nearby)
                 or _line_of_play(combo, players, declarer, deck, hand, max_nodes, whole_list))
        if found is not None:
            _keep(where, found)
    _put(_OUTCOMES, memo, found, _OUTCOMES_KEPT)
    return found


def _keep(where: tuple[int, int, int, int, tuple[object, ...]], line: Line) -> None:
    """Keep ``line`` as a line of the play ``where`` names (:data:`_LINES`)."""
    lines = _LINES.get(where)
    if lines is None:
        lines = []
        _put(_LINES, where, lines, _LINES_KEPT)
    lines.append(line)
    _put(_RECORDS, id(line), (line, None, None), _RECORDS_KEPT)
    _put(_LINED, where[:4], None, _LINES_KEPT)


_K = TypeVar("_K")
_V = TypeVar("_V")


def _put(table: dict[_K, _V], key: _K, value: _V, most: int) -> None:
    """Set ``table[key]``, first dropping the oldest entry if ``table`` holds ``most``."""
    if len(table) >= most:
        del table[next(iter(table))]
    table[key] = value


def hands_at_play(actions: Sequence[Action], players: int) -> list[int]:
    """Each seat's hand at the first lead of a line of play: the cards it plays."""
    hands = [0] * players
    for kind, seat, card in actions:
        if kind == "play":
            hands[seat] |= 1 << card
    return hands


def _completing(combo: ComboBid, declarer: int, players: int, deck: int,
                lines: Iterable[Line]) -> Line | None:
    """The first of ``lines`` whose tricks complete ``combo`` (:meth:`Line.completing`)."""
    # A loop, not a generator over a generator: mypyc builds the inner one in full, which
    # converted and checked every neighbour line (twice the whole list's time compiled).
    for known in lines:
        line = known.completing(combo, declarer, players, deck)
        if line is not None:
            return line
    return None


def _neighbour_lines(key: PossibilityKey, where: tuple[int, int, int, int, tuple[object, ...]]
                     ) -> Iterator[Line]:
    """The lines found so far for neighbouring plays (:func:`_neighbours`), made lines
    of ``key``'s play; those of its play without Mail, with a Mail that changes nothing
    (:func:`_mailed`); those of its play with Iron the other way, reranked
    (:func:`_reranked`); then those of plays with another trump rule, Hurry or Iron that
    hold under this one's (:func:`_replayed`)."""
    for near, made in _neighbours(key, where[1]):
        yield from map(made, _LINES.get((*where[:4], near.play), ()))
    hand, players, declarer = where[:3]
    plain = _without_mail(key)
    if plain is not None:
        for line in _LINES.get((*where[:4], plain.play), ()):
            yield from _mailed(line, key, players, declarer)
    if key.trump is not TrumpRule.RANK:
        flipped = attrs.evolve(key, play_rules=key.play_rules ^ {PlayRule.ACES_LOW})
        for line in _LINES.get((*where[:4], flipped.play), ()):
            checked = _replayed(_reranked(line, hand, key), key, players, declarer,
                                line.setup.trump)
            if checked is not None:
                yield checked
    for near in _other_plays(key):
        for line in _LINES.get((*where[:4], near.play), ()):
            # Rank Trump's trump is the suit of the card the line's D took (R14).
            suits = ((line.setup.trump,) if key.trump is TrumpRule.RANK
                     else _trump_suits(key.trump, hand))
            for trump in suits:
                checked = _replayed(line, key, players, declarer, trump)
                if checked is not None:
                    yield checked


def _neighbours(key: PossibilityKey, players: int
                ) -> Iterator[tuple[PossibilityKey, Callable[[Line], Line]]]:
    """Keys of other plays whose every line, changed as given, is a line of ``key``'s
    play: the same with Plague (:meth:`Line.without_plague`) or without Justice
    (:meth:`Line.with_justice`); beside Mail or Rank Trump, the same without Master's
    Mail (the hands its line plays from can be reached through Master's Mail too, R20:
    the witness works its exchange back); under Block Trump, the same without Sloth (D
    playing last sees every opponent's trump of the trick, so R27 only widens D's plays;
    the witness plays each trick in the engine's order); for a trump D names freely
    (R13), Sub Trump's (a narrower choice of the same) and, without Plague, Block
    Trump's (R27 only narrows D's plays; beside Plague it may lift R28's restriction,
    so not there), with or without Sloth."""
    events = key.events
    if Event.PLAGUE not in events:
        yield attrs.evolve(key, events=events | {Event.PLAGUE}), Line.without_plague
    if Event.JUSTICE in events:
        yield (attrs.evolve(key, events=events - {Event.JUSTICE}),
               lambda line: line.with_justice(players))
    if _passes_pinned_cards(key):
        yield (attrs.evolve(key, events=events - {Event.MASTERS_MAIL},
                            masters_mail_direction=None), _as_it_is)
    if key.trump is TrumpRule.BLOCK and key.play_rules >= ORDER_BLIND:
        yield attrs.evolve(key, play_rules=key.play_rules - ORDER_BLIND), _as_it_is
    if key.trump is TrumpRule.DECLARER:
        yield attrs.evolve(key, trump=TrumpRule.SUB), _as_it_is
        if Event.PLAGUE not in events:
            for rules in (key.play_rules, key.play_rules | ORDER_BLIND):
                yield attrs.evolve(key, trump=TrumpRule.BLOCK, play_rules=rules), _as_it_is


_REPLAYED_TRUMPS = (TrumpRule.NONE, TrumpRule.DECLARER, TrumpRule.SUB, TrumpRule.BLOCK,
                    TrumpRule.GRILL)
"""Trump rules whose lines may serve one another's plays, re-checked play by play
(:func:`_replayed`): each names at most a suit before the deal, from D's own hand."""
_SWITCHED_RULES = (PlayRule.DECLARER_LEADS_FIRST, PlayRule.ACES_LOW)
"""The play rules a re-checked line may have the other way (Hurry, Iron): they change no
one's cards, only who leads trick 1 (R22) and which card wins (R24)."""


def _other_plays(key: PossibilityKey) -> Iterator[PossibilityKey]:
    """The keys of the plays that differ from ``key``'s in the trump rule (of
    :data:`_REPLAYED_TRUMPS`; Sloth read as the trump rule keeps it, :data:`ORDER_BLIND`)
    or the play rules of :data:`_SWITCHED_RULES`, or both: the fewest rules switched
    first. Rank Trump's with Hurry the other way alone (Iron reads the cards laid for it,
    R14)."""
    if key.trump is TrumpRule.RANK:
        yield attrs.evolve(key, play_rules=key.play_rules ^ {PlayRule.DECLARER_LEADS_FIRST})
        return
    if key.trump not in _REPLAYED_TRUMPS:
        return
    own = key.play_rules & frozenset(_SWITCHED_RULES)
    plain = key.play_rules - ORDER_BLIND - own
    for n in range(len(_SWITCHED_RULES) + 1):
        for flipped in combinations(_SWITCHED_RULES, n):
            rules = plain | (own ^ frozenset(flipped))
            for rule in _REPLAYED_TRUMPS:
                for near_rules in ((rules, rules | ORDER_BLIND) if rule is TrumpRule.BLOCK
                                   else (rules,)):
                    near = attrs.evolve(key, trump=rule, play_rules=near_rules)
                    if near != key:
                        yield near


def _trump_suits(rule: TrumpRule, hand: int) -> tuple[int, ...]:
    """The suits D may name under ``rule`` holding ``hand`` (R13, R25, R27); ``NO_SUIT``
    alone for no trump."""
    if rule is TrumpRule.NONE:
        return (NO_SUIT,)
    counts = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    return tuple(s for s in range(4)  # R13: Sub Trump is not a suit D holds most cards in
                 if rule is not TrumpRule.SUB or counts[s] != max(counts))


def _replayed(line: Line, key: PossibilityKey, players: int, declarer: int, trump: int
              ) -> Line | None:
    """``line``, found for a play that differs from ``key``'s in its trump rule, Hurry or
    Iron (:func:`_other_plays`), as a line of ``key``'s play naming ``trump``: every play
    checked again under this play's rules (R23, R25, R27, R28, in the order of play, R22,
    R26) and every trick's taker worked out again (R23-R25; the card of justice's trick
    goes where the line gave it, R29); ``None`` if a play is illegal here. The trick
    conditions are :meth:`Line.completing`'s to judge."""
    rules = key.play_rules
    iron = PlayRule.ACES_LOW in rules
    grill = key.trump is TrumpRule.GRILL
    block = trump if key.trump is TrumpRule.BLOCK else NO_SUIT
    plague = line.setup.plague
    justice = line.setup.justice
    named = trump
    hands = hands_at_play(line.actions, players)
    leader = first_leader(declarer, players, PlayRule.DECLARER_LEADS_FIRST in rules)
    steps = iter(line.actions)
    flags = 0
    takers: list[int] = []
    actions: list[Action] = []
    for given in line.takers:
        card_of = {seat: card for _, seat, card in islice(steps, players)}
        led = NO_SUIT
        trick: list[tuple[int, int]] = []
        for seat in trick_order(leader, players, declarer,
                                PlayRule.DECLARER_PLAYS_LAST in rules):
            card = card_of[seat]
            mine = seat == declarer
            if not legal_play_mask(hands[seat], led, mine, block, plague, flags) >> card & 1:
                return None
            flags = flags_after(flags, card, mine, led < 0, trump, plague)
            hands[seat] &= ~(1 << card)
            led = card // 13 if led < 0 else led
            trick.append((seat, card))
        actions += [("play", seat, card) for seat, card in trick]
        leader = winning_play(trick, trump, iron)[0]
        if any(card == justice for _, card in trick):
            next(steps)
            leader = given
            actions.append(("award", given, 0))
        takers.append(leader)
        trump = next_trump(trump, led, grill)
    return Line(attrs.evolve(line.setup, trump=named), tuple(actions), line.guesses,
                tuple(takers))


def _reranked(line: Line, hand: int, key: PossibilityKey) -> Line:
    """``line``, of the play with Iron the other way, with the unseen cards of each suit
    dealt again in the order of strength of ``key``'s play (R24): where the line played
    the strongest unseen card of a suit, the strongest under this play's ranking is
    played, and so on; the card of justice is renamed with the card it stands for. Every
    seat follows suit as before; among the unseen cards every trick keeps its order, so
    only the tricks where the declarer's cards meet them may change, which
    :func:`_replayed` re-checks."""
    iron = PlayRule.ACES_LOW in key.play_rules
    rename: dict[int, int] = {}
    unseen = [card for kind, _, card in line.actions if kind == "play" and not hand >> card & 1]
    for suit in range(4):
        cards = [card for card in unseen if card // 13 == suit]
        before = sorted(cards, key=CARD_STRENGTHS[not iron].__getitem__)
        after = sorted(cards, key=CARD_STRENGTHS[iron].__getitem__)
        rename.update(zip(before, after, strict=True))
    setup = line.setup
    received = sum(1 << rename.get(card, card) for card in mask_indices(setup.received))
    return _renamed(line, rename, attrs.evolve(
        setup, justice=rename.get(setup.justice, setup.justice), received=received))


def _renamed(line: Line, rename: dict[int, int], setup: Setup) -> Line:
    """``line`` with its played cards renamed by ``rename`` and ``setup`` for its own;
    the dealt hands and exchanges are then the witness's to work back from the hands at
    the first lead (:func:`hands_at_play`)."""
    actions = tuple((kind, seat, rename.get(card, card) if kind == "play" else card)
                    for kind, seat, card in line.actions)
    return Line(attrs.evolve(setup, dealt=(), mail_sent=(), masters_sent=()), actions,
                line.guesses, line.takers)


def _mail_directions(key: PossibilityKey, players: int) -> tuple[str, ...]:
    """The directions Mail may go under ``key``: the profile's, or D's choice (R19: across
    only with 4 participants)."""
    if key.mail_direction:
        return (key.mail_direction,)
    return ("left", "right", "across") if players == 4 else ("left", "right")


def _without_mail(key: PossibilityKey) -> PossibilityKey | None:
    """The key of ``key``'s play without Mail (and without the Master's Mail that only
    Mail made matter), whose lines :func:`_mailed` may make lines of ``key``; ``None``
    without Mail, or beside Rank Trump (whose exchange comes before it)."""
    if Event.MAIL not in key.events or key.trump is TrumpRule.RANK:
        return None
    return attrs.evolve(key, events=key.events - {Event.MAIL, Event.MASTERS_MAIL},
                        mail_direction=None, masters_mail_direction=None)


_MAIL_TRIES = 12
"""The sets of 3 swapped pairs :func:`_mailed` tries for each direction."""


def _mailed(line: Line, key: PossibilityKey, players: int, declarer: int
            ) -> Iterator[Line]:
    """``line``, of the play without Mail (:func:`_without_mail`), made lines of ``key``'s
    play by a Mail that changes nothing in the play: D passes 3 cards to the Mail target
    and gets 3 cards of the same suits, close in strength, that the target played in the
    line (R19), and each is played where the other was (so every seat follows suit as
    before). Each is checked again play by play and trick by trick (:func:`_replayed`);
    the trick conditions are :meth:`Line.completing`'s to judge. The pairs closest in
    strength are tried first (fewest cards between them, so the fewest tricks change)."""
    iron = PlayRule.ACES_LOW in key.play_rules
    strengths = CARD_STRENGTHS[iron]
    hands = hands_at_play(line.actions, players)
    mine = hands[declarer]
    deck = _union(tuple(hands))
    justice = line.setup.justice
    for direction in _mail_directions(key, players):
        target = mail_target(direction, declarer, players)
        pairs = []
        for own in mask_indices(mine):
            for theirs in mask_indices(hands[target] & SUIT_MASKS[own // 13]):
                if justice in (own, theirs):
                    continue
                low, high = sorted((strengths[own], strengths[theirs]))
                between = sum(1 for c in mask_indices(deck & SUIT_MASKS[own // 13])
                              if low < strengths[c] < high)
                pairs.append((between, own, theirs))
        pairs.sort()
        tries = 0
        for chosen in combinations(pairs, MAIL_CARDS):
            if len({own for _, own, _ in chosen}) < MAIL_CARDS or len(
                    {theirs for _, _, theirs in chosen}) < MAIL_CARDS:
                continue
            tries += 1
            if tries > _MAIL_TRIES:
                break
            swap: dict[int, int] = {}
            for _, own, theirs in chosen:
                swap[own] = theirs
                swap[theirs] = own
            swapped = _renamed(line, swap, attrs.evolve(
                line.setup, mail=direction, passed=sum(1 << own for _, own, _ in chosen),
                received=sum(1 << theirs for _, _, theirs in chosen)))
            checked = _replayed(swapped, key, players, declarer, line.setup.trump)
            if checked is not None:
                yield checked


def _passes_pinned_cards(key: PossibilityKey) -> bool:
    """Whether ``key`` has Master's Mail beside Mail or Rank Trump, which put cards in
    given hands before it (the only place the key keeps it, :func:`possibility_key`)."""
    return Event.MASTERS_MAIL in key.events and (
        Event.MAIL in key.events or key.trump is TrumpRule.RANK)


def _steps_from_neighbours(key: PossibilityKey) -> int:
    """How far ``key``'s play lies down :func:`_neighbours`' steps (each adds at least
    one: Plague dropped, Justice added, Master's Mail added, Sloth added under Block
    Trump, a freely named trump, which adds two as its neighbours may have Sloth) and
    :func:`_mailed`'s (Mail added): keys with less go first, so that their lines are
    found before the keys they may settle."""
    return ((Event.PLAGUE not in key.events) + (Event.JUSTICE in key.events)
            + _passes_pinned_cards(key)
            + (key.trump is TrumpRule.BLOCK and key.play_rules >= ORDER_BLIND)
            + 2 * (key.trump is TrumpRule.DECLARER) + (_without_mail(key) is not None))


def _as_it_is(line: Line) -> Line:
    return line


def clear_caches() -> None:
    """Forget every decided answer and found line, and the static layer's answers kept
    between searches (for measuring a search from cold)."""
    _OUTCOMES.clear()
    _LINES.clear()
    _RECORDS.clear()
    _LINED.clear()
    possible_with.cache_clear()
    _without_plague_search.cache_clear()
    _under_plague_search.cache_clear()
    _one_lost_search.cache_clear()
    _out_of_reach.cache_clear()
    no_trick_out_of_reach.cache_clear()
    clear_every_trick_cache()
    _open_cache.cache_clear()


class PossibleWith:
    """R8's exact layer for one hand, as the auction asks it: ``possible(combo)`` is whether
    the holder of ``hand`` could complete ``combo`` (:func:`decide` finds a line), each
    :func:`possibility_key` decided once and remembered here. Get one with
    :func:`possible_with`, which shares it between the auction's turns. (A plain class,
    not an attrs one, so that the compiled build can compile this module: mypyc does not
    take an attrs field with a factory.)"""

    def __init__(self, hand: int, players: int) -> None:
        self.hand = hand
        """The bidder's 13 cards, a bitmask."""
        self.players = players
        """The participants in the deal."""
        self._answers: dict[tuple[PossibilityKey, int], bool] = {}

    def __repr__(self) -> str:
        return f"PossibleWith(hand={self.hand}, players={self.players})"

    def __call__(self, combo: ComboBid) -> bool:
        return self._answer(combo, possibility_key(combo))

    def many(self, combos: Sequence[ComboBid]) -> list[bool]:
        """Whether each of ``combos`` is possible, as calling this on each would answer.
        Each key is decided once: the plays whose lines serve neighbouring plays before
        those (:func:`_neighbours`), and within a play the hardest to complete first,
        as a line found for one of them completes many easier keys without a search
        (:func:`decide`): those with Greed (its virtual trick must leave the goal met
        both ways, R32), then the combos worth the most; the solver's lines hold with
        Hurry the other way too where they can (:func:`solved`). The order changes no
        answer, only how many searches run."""
        keys = [possibility_key(combo) for combo in combos]
        ranks = [(_steps_from_neighbours(key), not key.conditions.greed, -combo.worth)
                 for key, combo in zip(keys, combos, strict=True)]
        for i in sorted(range(len(combos)), key=ranks.__getitem__):
            self._answer(combos[i], keys[i], whole_list=True)
        return [self._answer(combo, key) for combo, key in zip(combos, keys, strict=True)]

    def positions(self, space: ComboSpace) -> list[int]:
        """The positions in ``space`` of the combos possible with this hand, as
        :meth:`many` over the whole space answers them: each possibility key of the space
        decided once, for its combo worth the most, and each position's key read off a
        table kept per space (:func:`keyed_space`), whatever the hand."""
        combos, key_at = keyed_space(space)
        present = sorted(set(key_at))
        answers = dict(zip(present, self.many([combos[k] for k in present]), strict=True))
        return [position for position, k in enumerate(key_at) if answers[k]]

    def _answer(self, combo: ComboBid, key: PossibilityKey, whole_list: bool = False
                ) -> bool:
        memo = (key, combo.profile.deck(self.players).mask)
        answer = self._answers.get(memo)
        if answer is None:
            # Only the seats relative to the declarer matter (R22), so every bidder asks
            # as seat 1, sharing witness()'s cache.
            answer = decide(combo, self.hand, self.players, whole_list=whole_list) is not None
            self._answers[memo] = answer
        return answer


def keyed_space(space: ComboSpace) -> tuple[list[ComboBid], Sequence[int]]:
    """The possibility keys of a space of combo bids, worked out once per space (its
    profile, participants and minimum worth): for each key (:func:`possibility_key`) of
    the profile's whole space (every legal combo bid,
    :func:`~combowhist.combos.legal_combos`) its combo worth the most, and for each
    position of ``space`` the index of its combo's key there. Whether a combo is possible
    depends on its key alone, so a hand's answers for those combos are its answers for
    the space. (A key's combo worth the most lies in every space that holds a combo of
    that key.) A space with a higher minimum worth reads its keys off the whole space's
    table."""
    memo = (space.profile, space.players, space.minimum)
    known = _KEYED.get(memo)
    if known is None:
        whole = legal_combos(space.profile, space.players)
        if space.minimum == whole.minimum:
            known = _key_table(space)
        else:
            combos, whole_keys = keyed_space(whole)
            known = combos, array("I", (whole_keys[whole.index(combo)] for combo in space))
        _put(_KEYED, memo, known, _KEYED_KEPT)
    return known


def _key_table(space: ComboSpace) -> tuple[list[ComboBid], Sequence[int]]:
    """:func:`keyed_space` worked out. Combos that differ only in special bids that add
    nothing the key reads (:func:`_adds_nothing`: Penalty, Potential, Open Hand, …) share
    a key, worked out once."""
    combos: list[ComboBid] = []
    index: dict[PossibilityKey, int] = {}
    key_at = array("I")
    by_reading: dict[tuple[str, frozenset[str]], int] = {}
    inert = {(standard.key, special.key): _adds_nothing(standard, special)
             for standard in space.profile.standard_bids
             for special in space.profile.special_bids}
    for combo in space:
        standard = combo.standard
        reading = (standard.key, frozenset(b.key for b in combo.specials
                                           if not inert[standard.key, b.key]))
        k = by_reading.get(reading)
        if k is None:
            key = possibility_key(combo)
            k = index.get(key)
            if k is None:
                k = index[key] = len(combos)
                combos.append(combo)
            by_reading[reading] = k
        if combo.worth > combos[k].worth:
            combos[k] = combo
        key_at.append(k)
    return combos, key_at


def _adds_nothing(standard: Bid, special: Bid) -> bool:
    """Whether ``special`` adds nothing to what :func:`possibility_key` reads of a combo
    of ``standard`` (:data:`DECIDING_RULES`, the events but :data:`INDIFFERENT_EVENTS`):
    each of those is gathered bid by bid (a union, or the one bid that has it,
    :meth:`~combowhist.bids.CompiledRules.of`), so a bid that adds nothing alone adds
    nothing beside any others."""
    def reads(rules: CompiledRules) -> tuple[object, ...]:
        return (*(getattr(rules, name) for name in DECIDING_RULES if name != "events"),
                frozenset(rules.events) - INDIFFERENT_EVENTS)
    return reads(CompiledRules.of(standard, (special,))) == reads(CompiledRules.of(standard, ()))


_KEYED: dict[tuple[object, int, int], tuple[list[ComboBid], Sequence[int]]] = {}
""":func:`keyed_space`'s tables (a whole auction's space: 133,145 positions, 4,935 keys)."""
_KEYED_KEPT = 32
"""The most spaces whose keys are kept (the oldest go first)."""


@lru_cache(maxsize=64)
def possible_with(hand: int, players: int) -> PossibleWith:
    """The :class:`PossibleWith` of a hand: one per hand and participant count, kept while
    that hand's auction is likely to ask again."""
    return PossibleWith(hand, players)


def _line_of_play(combo: ComboBid, players: int, declarer: int, deck: int, hand: int,
                  max_nodes: int, whole_list: bool = False) -> Line | None:
    """:func:`decide` uncached: by :func:`~combowhist.rules.every_trick.every_trick` for
    a combo that needs every trick, or every trick but the last, without trump
    (:func:`needs_every_trick`; where its search is bounded and reaches the bound:
    ``None`` if every trick but one is out of reach or the loosest key of its family is
    impossible, :func:`_loosest_line`, where the solver and the search take turns; that
    key's line where it is this key; else by the solver taking turns with this key's
    own search, :func:`_raced`); ``None`` at once
    for one that needs all but one or two, any of them, where
    :func:`~combowhist.rules.every_trick.out_of_reach` proves it out of reach
    (:func:`tricks_to_spare`), and for Zero without trump where
    :func:`~combowhist.rules.no_trick.out_of_reach` counts a card D cannot get rid of
    (:func:`takes_no_trick`); else by the search, or, for a combo the solver
    covers (:func:`solver_covers`, python-sat installed), by the solver (:func:`_solved`)
    once a short search in each order of the opponents' cards (:attr:`Search.shedding`)
    and a short search for a relaxed line (:func:`_relaxed_line`) have not found it (``whole_list``:
    see :func:`solved`; and, beside a trump suit, ``None`` at once where
    :func:`least_demanding`'s combo, decided first, is impossible); for Rank Trump before
    the mails, by the search's fast pass where it finds a line
    (:func:`sampled_for_lines`), else by the solver."""
    key = possibility_key(combo)
    if sampled_for_lines(combo):
        found = _sampled_line(combo, players, declarer, deck, hand, max_nodes)
        if found is not None:
            return found
        if not (SOLVER and solver_covers(key)):
            _refuse_gap(combo, key)
    iron = PlayRule.ACES_LOW in key.play_rules
    if needs_every_trick(key):
        try:
            return _every_trick_line(key, players, declarer, deck, hand)
        except OutOfStates:  # bounded only where the solver decides instead
            # Every trick, or every trick but the last, is every trick but one at least:
            # where that is out of reach, so is this.
            if _out_of_reach(hand, deck, players, iron, 1):
                return None
            loosest = _loosest(key)
            found = _loosest_line(loosest, players, declarer, deck, hand)
            if found is None or (loosest.events, loosest.play_rules) == (key.events,
                                                                          key.play_rules):
                return found
            return _raced(key, players, declarer, deck, hand)
    if takes_no_trick(key) and no_trick_out_of_reach(
            hand, deck, iron, PlayRule.DECLARER_LEADS_FIRST in key.play_rules):
        return None
    spare = tricks_to_spare(key)
    if spare and _out_of_reach(hand, deck, players, iron, spare):
        return None
    if not (SOLVER and solver_covers(key)):
        return Search(combo, players, declarer, deck, hand, max_nodes).run()
    if search_gap(combo) is not None:
        return solved(key, players, declarer, deck, hand, whole_list)
    for shedding in (False, True):  # the opponents' cards in each order in turn
        try:
            return Search(combo, players, declarer, deck, hand,
                          min(max_nodes, _BEFORE_SOLVER), shedding).run()
        except AnalysisError:  # over the short bound
            pass
    if whole_list and key.trump is not TrumpRule.NONE:
        # Not trumpless: Taintless Master's Game has proofs of its own, and there the
        # least demanding combo was often possible, and slow for the solver to find.
        base = least_demanding(combo)
        if base is not None and decide(base, hand, players, declarer, max_nodes,
                                       whole_list=True) is None:
            return None
    return (_relaxed_line(combo, key, players, declarer, deck, hand, max_nodes)
            or _solved(combo, key, players, declarer, deck, hand, max_nodes, whole_list))


def least_demanding(combo: ComboBid) -> ComboBid | None:
    """``combo`` without Plague, Lock, Ending Dog and, beside a goal of at least so many
    tricks, Greed: every line that completes ``combo`` completes it too (with its plague
    suit dropped, :meth:`Line.without_plague`), so where it is impossible, so is
    ``combo``. Plague only narrows D's leads and adds a way to fail (R28, R33), Lock and
    Ending Dog only forbid tricks (R31), and Greed's t-1 >= n gives t >= n (R32).
    ``None`` where ``combo`` has none of them, or where a bid holding one holds more
    than those (its key would change in more than they do).

    In a whole list, a combo with a trump suit that the short searches leave to the
    solver has this combo decided first (the list most often holds it too; the answer is
    kept): impossible there, it is impossible here without a solver call of its own;
    possible, its line is tried here before the solver (:func:`_relaxed_line`)."""
    key = possibility_key(combo)
    conditions = key.conditions
    drop_greed = conditions.greed and conditions.goal.kind is GoalKind.MIN_TRICKS
    if not (drop_greed or conditions.avoid_tricks or Event.PLAGUE in key.events):
        return None
    base = ComboBid.unchecked(combo.profile, combo.standard, tuple(
        bid for bid in combo.specials
        if not ((drop_greed and bid.greed) or bid.avoid_tricks or bid.event is Event.PLAGUE)))
    wanted = attrs.evolve(key, events=key.events - {Event.PLAGUE}, conditions=attrs.evolve(
        conditions, greed=conditions.greed and not drop_greed, avoid_tricks=0))
    found = possibility_key(base)
    # Field by field: compiled, == on two keys would compare their identity (mypyc does
    # not see the __eq__ that attrs adds).
    return base if (found.play, found.conditions) == (wanted.play, wanted.conditions) else None


def _relaxed_line(combo: ComboBid, key: PossibilityKey, players: int, declarer: int,
                  deck: int, hand: int, max_nodes: int) -> Line | None:
    """Before the solver: a line of the same combo without Plague, Justice, Mail (but
    beside Rank Trump) and Master's Mail beside Mail or Rank Trump: one already found
    for its play (as the line of :func:`least_demanding`'s combo is, in a whole list);
    with Justice, where the combo without it needs every trick, the every-trick search's
    line for every trick but the last with the last trick awarded to D
    (:func:`_last_trick_awarded`, named already); else one found by a short search (the
    every-trick search,
    :func:`_every_trick_line`, where the combo without them needs every trick but the
    last, as Taintless Master's Game with Justice and Ending Dog does without Justice),
    made a line of this one as :func:`_neighbour_lines` makes a neighbour's: the card of
    justice named the first card played (:meth:`Line.with_justice`), a Mail that
    changes nothing in the play (:func:`_mailed`), Master's Mail's exchange worked back by
    the witness (R20), and the plague suit the first of the four under which every play
    stays legal (R28, re-checked by :func:`_replayed`) and D's tricks complete the combo,
    not beplagued (R33, :meth:`Line.completing`). The search without them often finds a
    line where the search with them runs out of its bound. With Justice, where the combo
    without it needs every trick (but the last), also a line in which D loses a trick and
    is awarded it (:func:`_lost_trick_awarded`). ``None`` decides nothing."""
    relaxed = _relaxed(combo, key)
    if relaxed is None:
        return None
    plain, plain_key, mail = relaxed
    for known in _LINES.get((hand, players, declarer, deck, plain_key.play), ()):
        found = _relaxed_made(known, combo, key, players, declarer, deck, mail)
        if found is not None:
            return found
    if Event.JUSTICE in key.events and needs_every_trick(plain_key) and not (
            plain_key.conditions.avoid_tricks):
        awarded = _last_trick_awarded(plain_key, players, declarer, deck, hand)
        found = None if awarded is None else _relaxed_made(
            awarded, combo, key, players, declarer, deck, mail, named=True)
        if found is not None:
            return found
    if Event.JUSTICE in key.events and needs_every_trick(plain_key):
        search = _one_lost_search(hand, deck, players, plain_key, Event.PLAGUE in key.events)
        with contextlib.suppress(OutOfStates):
            found = _lost_trick_awarded(search.line(_LOST_AWARDED_STATES), combo, key,
                                        players, declarer, deck, mail)
            if found is not None:
                return found
    try:
        line = (_every_trick_line(plain_key, players, declarer, deck, hand,
                                  _RELAXED_BUT_LAST_STATES)
                if needs_every_trick(plain_key) and plain_key.conditions.avoid_tricks
                else Search(plain, players, declarer, deck, hand,
                            min(max_nodes, _BEFORE_SOLVER)).run())
    except (AnalysisError, OutOfStates):  # over the short bound
        return None
    if line is None:
        return None
    return _relaxed_made(line, combo, key, players, declarer, deck, mail)


def _relaxed(combo: ComboBid, key: PossibilityKey
             ) -> tuple[ComboBid, PossibilityKey, bool] | None:
    """:func:`_relaxed_line`'s relaxed combo, its key, and whether a Mail was dropped;
    ``None`` where nothing is dropped."""
    mail = _without_mail(key) is not None
    dropped = {Event.PLAGUE, Event.JUSTICE} | (
        {Event.MAIL, Event.MASTERS_MAIL} if mail
        else {Event.MASTERS_MAIL} if _passes_pinned_cards(key) else set())
    if not dropped & key.events:
        return None
    plain = ComboBid.unchecked(combo.profile, combo.standard, tuple(
        bid for bid in combo.specials if bid.event not in dropped))
    return plain, possibility_key(plain), mail


def _relaxed_made(line: Line, combo: ComboBid, key: PossibilityKey, players: int,
                  declarer: int, deck: int, mail: bool, named: bool = False) -> Line | None:
    """A line of :func:`_relaxed_line`'s relaxed combo made a line of ``combo``, where
    one of the ways it can be made completes it (``named``: its card of justice is named
    already)."""
    if Event.JUSTICE in key.events and not named:
        line = line.with_justice(players)
    lines: Iterable[Line] = _mailed(line, key, players, declarer) if mail else (line,)
    if Event.PLAGUE in key.events and line.setup.plague == NO_SUIT:
        lines = _under_each_plague_suit(lines, key, players, declarer)
    return _completing(combo, declarer, players, deck, lines)


def _last_trick_awarded(key: PossibilityKey, players: int, declarer: int, deck: int,
                        hand: int) -> Line | None:
    """For ``key``, which needs every trick without trump (Taintless Master's Game with
    Greed) and stands for a combo with Justice beside it (:func:`_relaxed_line`): a line
    in which D takes every trick but the last in play and is awarded the last, its card
    of justice named there (R17, R29), so that D brings home all thirteen. It is the
    every-trick search's line for every trick but the last (the one Ending Dog asks,
    kept, :func:`_without_plague`); ``None`` where that finds none within its bound
    (:data:`_EVERY_TRICK_BUT_LAST_STATES`), which decides nothing."""
    hurry = PlayRule.DECLARER_LEADS_FIRST in key.play_rules
    iron = PlayRule.ACES_LOW in key.play_rules
    try:
        found = _without_plague(hand, deck, players, hurry, iron, True,
                                _EVERY_TRICK_BUT_LAST_STATES)
    except OutOfStates:
        return None
    if found is None:
        return None
    line = _line_of_tricks(found[1], NO_SUIT, players, declarer, hurry, iron)
    return line.with_last_trick_awarded(players, declarer)


_LOST_AWARDED_STATES = 5000
"""The states the every-trick search may open for a line in which D loses a trick and is
awarded it (:func:`_lost_trick_awarded`) before the solver decides, taking turns with
that search (:func:`_solved`): about a second. Few keys come to it (in the whole lists
of 180 random hands, none went on to the solver), and there the solver takes seconds: its
first run of conflicts alone took 3.2 s on the first hand of :func:`_solved`, whose line
the search finds in 4,900 states (0.9 s)."""


def _lost_trick_awarded(found: tuple[int, list[Trick]] | None, combo: ComboBid,
                        key: PossibilityKey, players: int, declarer: int, deck: int,
                        mail: bool) -> Line | None:
    """``combo``'s line (:func:`_relaxed_made`) from ``found``, the line of
    :func:`_one_lost_search`: D loses at most one trick in play (not the last, where it
    is to lose that), with its lowest card of a suit, names its first card the card of
    justice and is awarded it (R17, R29), and takes every other trick (but the last) in
    play, so that D brings home as many as the relaxed key (:func:`_relaxed`) asks. Often
    the only kind of line on a hand too weak to take every trick (Taintless Master's Game
    with Justice and Ending Dog). ``None`` where there is none, or it does not complete
    ``combo``, which decides nothing."""
    if found is None:
        return None
    rules = key.play_rules
    line = _line_of_tricks(found[1], found[0], players, declarer,
                           PlayRule.DECLARER_LEADS_FIRST in rules,
                           PlayRule.ACES_LOW in rules, one_lost=True,
                           lose_last=bool(key.conditions.avoid_tricks))
    return _relaxed_made(line, combo, key, players, declarer, deck, mail, named=True)


@lru_cache(maxsize=64)
def _one_lost_search(hand: int, deck: int, players: int, plain: PossibilityKey,
                     plague: bool) -> Turns:
    """The every-trick search for ``plain`` (:func:`needs_every_trick`) with D losing at
    most one trick besides (``one_lost``), under each plague suit where ``plague``, kept:
    the keys that differ only in what its line does not read (Mail, Master's Mail) share
    it."""
    rules = plain.play_rules
    return turns(hand, deck, players, PlayRule.DECLARER_LEADS_FIRST in rules,
                 PlayRule.ACES_LOW in rules, range(4) if plague else (NO_SUIT,),
                 bool(plain.conditions.avoid_tricks), one_lost=True)


def _named(line: Line, players: int) -> Line:
    """A line of the search with its card of justice still unnamed (:data:`ANY_TRICK`)
    as a line of play: the first card of the trick D awards named (R17), or, with none
    awarded, the first card played, its trick awarded to its winner (R29)."""
    if line.setup.justice != ANY_TRICK:
        return line
    for at, (kind, _, _) in enumerate(line.actions):
        if kind == "award":  # right after its trick's plays
            named = line.actions[at - players][2]
            return attrs.evolve(line, setup=attrs.evolve(line.setup, justice=named))
    return line.with_justice(players)


def _under_each_plague_suit(lines: Iterable[Line], key: PossibilityKey, players: int,
                            declarer: int) -> Iterator[Line]:
    """Each of ``lines``, of a play without Plague, under each plague suit in turn where
    every play stays legal (R28, re-checked by :func:`_replayed`); whether D is
    beplagued (R33) is for the caller to judge."""
    for line in lines:
        for suit in range(4):
            named = _replayed(line.with_plague(suit), key, players, declarer,
                              line.setup.trump)
            if named is not None:
                yield named


_EVERY_TRICK_RULES = frozenset({PlayRule.DECLARER_LEADS_FIRST, PlayRule.ACES_LOW})
"""The play rules :func:`~combowhist.rules.every_trick.every_trick` reads: Hurry and Iron
(Sloth is not in a key without Block Trump, :data:`ORDER_BLIND`)."""


def needs_every_trick(key: PossibilityKey) -> bool:
    """Whether ``key``'s combos are completed only by bringing home all thirteen tricks,
    or all but the last, without trump, and have no pre-game event but Plague and no
    play rule but Hurry and Iron (as Taintless Master's Game with Greed, or with Ending Dog,
    R31, R32): those :func:`~combowhist.rules.every_trick.every_trick` decides."""
    return (Event.JUSTICE not in key.events
            and (_trumpless_tricks(key), key.conditions.avoid_tricks) in (
                (TRICKS, 0), (TRICKS - 1, _LAST_TRICK)))


def takes_no_trick(key: PossibilityKey) -> bool:
    """Whether ``key``'s combos are completed only by taking no trick, without trump, and
    have no pre-game event and no play rule but Hurry and Iron (Zero, R31): those
    :func:`~combowhist.rules.no_trick.out_of_reach` may prove impossible before any other
    search."""
    goal = key.conditions.goal
    return (key.trump is TrumpRule.NONE and goal.kind is GoalKind.MAX_TRICKS and goal.n == 0
            and not key.events and key.play_rules <= _EVERY_TRICK_RULES)


def tricks_to_spare(key: PossibilityKey) -> int:
    """How many tricks in play D may lose, any of them, and still complete ``key``'s
    combos, where that is 1 or 2 (they need twelve or eleven tricks in play without
    trump, with no pre-game event but Plague and Justice and no play rule but Hurry and
    Iron: Taintless Master's Game alone, or with Greed and Justice, 1; with Justice, 2,
    its trick perhaps awarded to D, R29, R31) and the every-trick search does not decide
    them itself (:func:`needs_every_trick`): those
    :func:`~combowhist.rules.every_trick.out_of_reach` may prove impossible before any
    other search. 0 for every other key. (Tricks D must not take, as with Lock or Ending
    Dog, only narrow the lines.)"""
    spare = TRICKS - _trumpless_tricks(key)
    return spare if spare in (1, 2) and not needs_every_trick(key) else 0


def _trumpless_tricks(key: PossibilityKey) -> int:
    """The tricks D must win in play for ``key``'s combos (the goal's, Greed's one more,
    R32, less the one D may be awarded under Justice, R29) where they have no trump, a
    goal of at least so many tricks, no pre-game event but Plague and Justice and no play
    rule but Hurry and Iron (what the every-trick searches read); -1 else."""
    conditions = key.conditions
    goal = conditions.goal
    if (key.trump is TrumpRule.NONE and goal.kind is GoalKind.MIN_TRICKS
            and key.events <= _TRUMPLESS_EVENTS and key.play_rules <= _EVERY_TRICK_RULES):
        return goal.n + conditions.greed - (Event.JUSTICE in key.events)
    return -1


_TRUMPLESS_EVENTS = frozenset({Event.PLAGUE, Event.JUSTICE})
"""The pre-game events the every-trick searches take: Plague only adds ways to fail and
a lead D may not make (R28, R33); Justice only a trick D may be awarded (R29)."""


_OUT_OF_REACH_STATES = 50_000
"""The states :func:`~combowhist.rules.every_trick.out_of_reach` may open in all; past
them it proves nothing and the other searches decide. Of its 216 proofs on 54 random
hands (1.4.1 and 1.4.2, 3 and 4 participants, with and without Iron, one trick and two
lost), 215 found a line (proving nothing) in under 0.6 s each; the other, Taintless
Master's Game on ``10S 6S 3S 2S AH JH 5H 2H 4D 2D 10C 7C 2C`` (1.4.2, 4 participants),
needed over 8,000 states and proved it out of reach within 50,000, in 12 s, where the
solver ran past 100 s."""


@lru_cache(maxsize=64)
def _out_of_reach(hand: int, deck: int, players: int, iron: bool, lost: int) -> bool:
    """:func:`~combowhist.rules.every_trick.out_of_reach` within
    :data:`_OUT_OF_REACH_STATES`, kept: the keys with and without Hurry and Plague share
    it."""
    try:
        return out_of_reach(hand, deck, players, iron, lost, _OUT_OF_REACH_STATES)
    except OutOfStates:
        return False


_LAST_TRICK = 1 << TRICKS - 1
"""The last trick in :attr:`~combowhist.bids.TrickConditions.avoid_tricks` (Ending Dog)."""

_EVERY_TRICK_STATES = 8000
"""The states :func:`~combowhist.rules.every_trick.first_line` may open for every trick
before the solver, where installed, decides instead (two or three seconds). Of 100 random
hands (1.4.1 and 1.4.2, 3 and 4 participants, Iron on every third), with and without Hurry
and Plague, 97 decide within 1,400 states. The other three have no line, and on two of
them the solver is far quicker: with Hurry, ``JS 3S KH 5H 2H 8D 6D 3D 10C 9C 6C 4C 2C``
(1.4.1, 4 participants) took the search 430,000 states and 102 s, the solver 1.5 s;
``10S 6S 3S 2S AH JH 5H 2H 4D 2D 10C 7C 2C`` with Iron (1.4.2, 4 participants) 42,000
states and 18 s, the solver 1.2 s. On the third, ``10S 9S 8S 4S 3S JH 10H 2H 9D 7D 5D 7C
3C`` (1.4.2, 4 participants), neither had decided after five minutes. The weak hands of
small cards the solver takes minutes over are proven in a state or two (the seats cannot
all play the declarer's tricks). A smaller bound would cost dearly on some hands: on ``KS
QS 10S 6S 2S AH QH 6H 10D 2D AC JC 10C`` (1.4.1, 3 participants) with Hurry and Iron the
search needs over 2,000 states and proves it in 2 s, where the solver ran past five
minutes."""

_EVERY_TRICK_BUT_LAST_STATES = 4000
"""The states :func:`~combowhist.rules.every_trick.first_line` may open for every trick
but the last before the solver, where installed, decides instead (a second or two: the
search finds most lines in a few hundred, and on some weak hands takes far longer than
the solver). Of 320 random hands and play rules, all possible, 2 need more (18,000 and
31,000 states, 8 and 13 s; the solver about 2 s); at 2,000, one more (2,024 states,
1.3 s, where the solver takes about 5 s). Since every other try takes the opponents'
discards first: of 100 other random hands (1.4.1 and 1.4.2, 3 and 4 participants, Iron on
every third), with and without Hurry, none needs more (the one that did before,
``KS JS 6S 2S 9H 6H 2H 7D 6D 4D 2D 7C 2C``, 32,000 and 26,000 states, now 1,500 and
1,100), 4 more than 1,000."""

_PLAGUE_BUT_LAST_STATES = 1000
"""The states :func:`~combowhist.rules.every_trick.first_line` may open for every trick
but the last under each plague suit, where the line without Plague, each plague suit
named, does not serve (:func:`_every_trick_line`), before the solver decides instead
(fewer than :data:`_EVERY_TRICK_BUT_LAST_STATES`: a line, where the search finds one, is
quick to find here). Of the 83 such problems of 39 random hands for 3 and for 4
participants, with and without Hurry and Iron, 82 have a line within 1,000 states
(0.2 s), 63 within 250; the other needs 4,000 to 16,000, and its 4,000 took 1.5 s
before the solver decided it (0.1 s in its hand's whole list). Since every other try takes
the opponents' discards first, on the 100 hands of :data:`_EVERY_TRICK_BUT_LAST_STATES`
with and without Hurry, all four plague suits searched: 10 of 200 need more than 1,000 (16
before), 2 more than 4,000 (2 before, both on the hand named there, which now needs
4,700 states and 2,700 where it had no answer within 64,000; the other went from 3,500
states to 8,100)."""


_RELAXED_BUT_LAST_STATES = 250
"""The states the every-trick search may open for a relaxed line that needs every trick
but the last (:func:`_relaxed_line`) before the solver decides instead. The general
search's 200 tricks often miss such a line, which the every-trick search finds in a few
dozen states (Taintless Master's Game with Justice, Sloth, Hurry, Ending Dog and Plague:
the solver's 1.1 s to 0.1 s). Not for every trick (with Greed): there the general search
finds lines as soon, and where none exists a state of the every-trick search costs about
a millisecond (one such check 0.35 s to 0.9 s)."""


def _every_trick_line(key: PossibilityKey, players: int, declarer: int, deck: int,
                      hand: int, most_states: int = -1) -> Line | None:
    """:func:`~combowhist.rules.every_trick.every_trick`'s line as the search's. Under
    Plague, the line without it serves where some plague suit leaves every play legal
    (R28) and D not beplagued without every plague card (R33), else each suit is
    searched; there is no line with Plague if there is none without, as it only narrows
    D's leads and what D may lose. Without Hurry, every trick is asked with Hurry first:
    no line with it, none without (R22). With ``most_states`` (by default, where the
    solver is installed, :data:`_EVERY_TRICK_STATES` or
    :data:`_EVERY_TRICK_BUT_LAST_STATES`; else no bound), each search opens at most so
    many states (past them, :class:`~combowhist.rules.every_trick.OutOfStates`)."""
    hurry = PlayRule.DECLARER_LEADS_FIRST in key.play_rules
    iron = PlayRule.ACES_LOW in key.play_rules
    lose_last = bool(key.conditions.avoid_tricks)
    bound = (most_states if most_states >= 0 else -1 if not SOLVER
             else _EVERY_TRICK_BUT_LAST_STATES if lose_last else _EVERY_TRICK_STATES)
    if not (hurry or lose_last) and _without_plague(hand, deck, players, True, iron, False,
                                                    bound) is None:
        # R22: a line in which the seat on D's right leads trick 1 is one with D leading
        # it too (D's card first, the same cards after): none with Hurry, none without.
        # A whole list asks both: one proof, kept, serves the two.
        return None
    found = _without_plague(hand, deck, players, hurry, iron, lose_last, bound)
    if found is None:
        return None
    line = _line_of_tricks(found[1], NO_SUIT, players, declarer, hurry, iron)
    if Event.PLAGUE not in key.events:
        return line
    for named in _under_each_plague_suit((line,), key, players, declarer):
        record = named.record(declarer, players, deck)
        if not is_beplagued(record, declarer) or (
                record.plague_counts[declarer] == record.plague_in_use):
            return named
    found = _under_plague_search(hand, deck, players, hurry, iron, lose_last).line(
        min(bound, _PLAGUE_BUT_LAST_STATES) if bound >= 0 else bound)
    return None if found is None else _line_of_tricks(found[1], found[0], players,
                                                      declarer, hurry, iron)


def _loosest(key: PossibilityKey) -> PossibilityKey:
    """The loosest key of ``key``'s every-trick family (:func:`needs_every_trick`): the same
    without Plague and, for every trick, with Hurry. Where it is impossible, so is
    ``key``: Plague only narrows D's leads and what D may lose (R28, R33), and a line
    without Hurry is a line with it (R22, :func:`_every_trick_line`)."""
    rules = key.play_rules
    if not key.conditions.avoid_tricks:
        rules |= {PlayRule.DECLARER_LEADS_FIRST}
    return attrs.evolve(key, events=key.events - {Event.PLAGUE}, play_rules=rules)


def _loosest_line(loosest: PossibilityKey, players: int, declarer: int, deck: int,
                  hand: int) -> Line | None:
    """The line of ``loosest`` (:func:`_loosest`, where a key of its family ran out of its
    bound), decided as :func:`decide` would (its searches, kept, then the solver taking
    turns with its search, :func:`_raced`) and kept as that key's answer, so the family's
    keys share one solver call."""
    memo = (hand, players, declarer, deck, loosest)
    if memo not in _OUTCOMES:
        try:  # its searches are kept: a line found there needs no solver
            found = _every_trick_line(loosest, players, declarer, deck, hand)
        except OutOfStates:
            found = _raced(loosest, players, declarer, deck, hand)
        _put(_OUTCOMES, memo, found, _OUTCOMES_KEPT)
    return _OUTCOMES[memo]


def _raced(key: PossibilityKey, players: int, declarer: int, deck: int, hand: int
           ) -> Line | None:
    """``key`` (:func:`needs_every_trick`) decided by the solver and by its every-trick
    search (kept, where it ran out of its bound: :func:`_without_plague_search`, or
    :func:`_under_plague_search` for a key with Plague) taking turns
    (:func:`_taking_turns`). Each is far quicker than the other on some hands: proving
    every trick out of reach took the search 102 s where the solver took 1.5 s (``JS 3S
    KH 5H 2H 8D 6D 3D 10C 9C 6C 4C 2C``, 1.4.1, 4 participants, Hurry), and the search
    about 20 s where the solver ran past four minutes (``AS KS QS 9S JH 3H 7D 6D 5D 3D 10C
    7C 2C``, 1.4.2, 4 participants, Hurry); under Plague, every trick but the last took
    the solver 3.7 s and the search 0.2 s more than its first 1,000 states (``AS 7S 2S AH
    JH 10H 9H 8H 5H KD AC 10C 7C``, 1.4.2, 4 participants, Hurry and Iron)."""
    hurry = PlayRule.DECLARER_LEADS_FIRST in key.play_rules
    iron = PlayRule.ACES_LOW in key.play_rules
    search = (_under_plague_search if Event.PLAGUE in key.events
              else _without_plague_search)(hand, deck, players, hurry, iron,
                                           bool(key.conditions.avoid_tricks))

    def answer(found: tuple[int, list[Trick]] | None) -> tuple[bool, Line | None]:
        return True, None if found is None else _line_of_tricks(
            found[1], found[0], players, declarer, hurry, iron)

    return _taking_turns(key, players, declarer, deck, hand, search, answer)


def _solved(combo: ComboBid, key: PossibilityKey, players: int, declarer: int, deck: int,
            hand: int, max_nodes: int, whole_list: bool) -> Line | None:
    """:func:`solved`; for a combo with Justice that needs every trick (but the last)
    without it (:func:`_relaxed`), taking turns (:func:`_taking_turns`) with the search
    for a line in which D loses at most one trick and is awarded it
    (:func:`_one_lost_search`, past its first :data:`_LOST_AWARDED_STATES`): its line
    answers, and so does its finding none where those are all the lines there can be
    (:func:`_only_one_lost`); else the solver goes on alone. Under Plague, before they
    take turns, the combo without it is decided: where it is impossible, so is this.

    On ``AS KS AH KH 2H AD QD 3D 2D AC QC 4C 2C`` (1.4.2, 3 participants), Taintless
    Master's Game with Justice, Iron, Ending Dog and Plague took the solver 18 s and that
    search 0.9 s; on ``QS 3S 2S QH 3H 2H QD 4D 3D AC KC QC 6C`` (the same), with Justice
    and Ending Dog, the solver ran past four minutes and the search proves it impossible
    in 14 s (65,000 states; 36 s with the solver taking turns)."""
    relaxed = _relaxed(combo, key)
    if relaxed is None or Event.JUSTICE not in key.events or not needs_every_trick(
            relaxed[1]):
        return solved(key, players, declarer, deck, hand, whole_list)
    search = _one_lost_search(hand, deck, players, relaxed[1], Event.PLAGUE in key.events)

    def answer(found: tuple[int, list[Trick]] | None) -> tuple[bool, Line | None]:
        if found is None:
            return _only_one_lost(key, relaxed[1], players, deck, hand), None
        line = _lost_trick_awarded(found, combo, key, players, declarer, deck, relaxed[2])
        return line is not None, line

    with contextlib.suppress(OutOfStates):  # already run so far: at once
        decided, line = answer(search.line(_LOST_AWARDED_STATES))
        if decided:
            return line
    if Event.PLAGUE in key.events:  # it only narrows the lines (R28, R33): none without it,
        without = ComboBid.unchecked(combo.profile, combo.standard, tuple(  # none with it
            bid for bid in combo.specials if bid.event is not Event.PLAGUE))
        if decide(without, hand, players, declarer, max_nodes, whole_list=whole_list) is None:
            return None
    return _taking_turns(key, players, declarer, deck, hand, search, answer, whole_list)


def _only_one_lost(key: PossibilityKey, plain: PossibilityKey, players: int, deck: int,
                   hand: int) -> bool:
    """Whether the lines of :func:`_one_lost_search` for ``plain`` (``key`` without
    Justice, :func:`needs_every_trick`) are all the lines of ``key``: its only pre-game
    events are Justice and Plague (no Mail changes D's hand), and D cannot be made to
    discard in the trick it loses (Hurry, or D holds every suit of the unseen cards: D
    leads every trick after one it brought home, and with them trick 1's leader leads a
    suit D holds). With Justice D brings home every trick (Greed) only by taking each in
    play but perhaps one, awarded to D (R29); every trick but the last (Ending Dog) the
    same way, the last lost in play, or else by taking all thirteen and awarding the last
    away: so, there, where no line takes every trick (without Plague, which only narrows
    the lines, R28, R33; within :data:`_EVERY_TRICK_STATES`)."""
    rules = key.play_rules
    hurry = PlayRule.DECLARER_LEADS_FIRST in rules
    unseen = deck & ~hand
    if not key.events <= _TRUMPLESS_EVENTS or (not hurry and any(
            unseen & SUIT_MASKS[suit] and not hand & SUIT_MASKS[suit] for suit in range(4))):
        return False
    if not plain.conditions.avoid_tricks:
        return True
    try:
        return _without_plague(hand, deck, players, hurry, PlayRule.ACES_LOW in rules, False,
                               _EVERY_TRICK_STATES) is None
    except OutOfStates:
        return False


def _taking_turns(key: PossibilityKey, players: int, declarer: int, deck: int, hand: int,
                  search: Turns,
                  answer: Callable[[tuple[int, list[Trick]] | None], tuple[bool, Line | None]],
                  whole_list: bool = False) -> Line | None:
    """``key`` decided by the solver (:func:`solved`) and ``search`` taking turns, each
    given as much time as the other has had: the first to decide answers. ``answer`` reads
    the search's outcome: whether it decides the key, and its line. Where the search ends
    without deciding (a search for lines of one kind only), the solver goes on alone. The
    search's time counts from its start, before it ran out of its bound; it goes on a try
    at a time (:meth:`Turns.run <combowhist.rules.every_trick.Turns.run>`), the solver in
    runs of conflicts."""
    clock = [0.0, perf_counter()]  # the solver's time, the end of the search's last turn
    settled: list[Line | None] = []  # the search's answer, once it decides
    ended = [False]  # whether the search ended without deciding

    def between() -> bool:
        clock[0] += perf_counter() - clock[1]
        while not ended[0] and search.seconds < clock[0]:  # its time counts from its start
            try:
                search.run(search.states + 1)  # one try more
            except OutOfStates:
                continue
            decides, line = answer(search.line())  # ended: at once
            if decides:
                settled.append(line)
                return True
            ended[0] = True
        clock[1] = perf_counter()
        return False

    try:
        solution = solved(key, players, declarer, deck, hand, whole_list, between=between)
    except GaveWay:
        return settled[0]
    search.forget()  # answered: the search's states need not be kept
    return solution


def _line_of_tricks(tricks: Sequence[Trick], plague: int, players: int, declarer: int,
                    hurry: bool, iron: bool, one_lost: bool = False,
                    lose_last: bool = False) -> Line:
    """The tricks of :func:`~combowhist.rules.every_trick.first_line` as a line; with
    ``one_lost`` (a line it found so), D names the first card played to the trick it
    lost (not the last, where it is to lose that, ``lose_last``), or else to trick 1 (any
    card of the deck in use may be named, R17), and awards that trick to itself (R29)."""
    on_right = right(declarer, players)  # every_trick's opponent 0 (R22)
    opponents = [on_right, *(seat for seat in range(players)
                             if seat not in (on_right, declarer))]
    actions: list[Action] = []
    takers: list[int] = []
    justice = NO_SUIT
    leader = first_leader(declarer, players, hurry)
    for lead, cards in tricks:
        card_of = {declarer: lead, **dict(zip(opponents, cards, strict=True))}
        trick = [(seat, card_of[seat]) for seat in trick_order(leader, players, declarer, False)]
        actions += [("play", seat, card) for seat, card in trick]
        leader = winning_play(trick, NO_SUIT, iron)[0]
        if one_lost and leader != declarer and justice < 0 and not (
                lose_last and len(takers) == len(tricks) - 1):
            justice = trick[0][1]
            leader = declarer
            actions.append(("award", declarer, 0))
        takers.append(leader)
    line = Line(Setup(plague=plague, justice=justice), tuple(actions), (), tuple(takers))
    return line.with_justice(players) if one_lost and justice < 0 else line


def _without_plague(hand: int, deck: int, players: int, hurry: bool, iron: bool,
                    lose_last: bool, bound: int) -> tuple[int, list[Trick]] | None:
    """:func:`~combowhist.rules.every_trick.first_line` without Plague, within ``bound``
    states in all (-1: no bound), its search kept (:func:`_without_plague_search`): a key
    with Plague asks it first, and its key without Plague the same. Asked again, a search
    that ran out of its bound goes on from where it stopped, and raises
    :class:`~combowhist.rules.every_trick.OutOfStates` at once where the bound is the
    same."""
    return _without_plague_search(hand, deck, players, hurry, iron, lose_last).line(bound)


@lru_cache(maxsize=64)
def _without_plague_search(hand: int, deck: int, players: int, hurry: bool, iron: bool,
                           lose_last: bool) -> Turns:
    """:func:`_without_plague`'s search, kept with what it has found or proven so far."""
    return turns(hand, deck, players, hurry, iron, (NO_SUIT,), lose_last)


@lru_cache(maxsize=64)
def _under_plague_search(hand: int, deck: int, players: int, hurry: bool, iron: bool,
                         lose_last: bool) -> Turns:
    """The every-trick search under each plague suit in turn (R28, R33), kept as
    :func:`_without_plague_search` is: a key with Plague whose line without it does not
    serve asks it within :data:`_PLAGUE_BUT_LAST_STATES`, and, past them, it goes on
    where the solver takes turns with it (:func:`_raced`)."""
    return turns(hand, deck, players, hurry, iron, range(4), lose_last)


SOLVER = EXACT_EXTRA
"""Whether the SAT solver (python-sat, the ``exact`` extra) is installed: the combos it
covers are then never undecided (:func:`solver_covers`)."""

ANY_TRICK = -2
"""The search's card of justice before it is named: as any card of the deck in use may be
named (R17) and every card is played, naming it comes down to choosing the trick D
awards (R29). The search gives D one award, at any trick, and names the first card of
that trick (:func:`_named`); a deal with no trick given away names the first card
played, its trick awarded to its winner."""

_BEFORE_SOLVER = 200
"""The tricks the search may open before a combo the solver covers goes to the solver
(the search is quicker on the easy ones)."""

_SAMPLED_BEFORE_SOLVER = 1_000
"""The tricks the fast pass may open for Rank Trump before the mails
(:func:`sampled_for_lines`) before the solver decides: more than :data:`_BEFORE_SOLVER`,
as the solver models those exchanges stage by stage and takes longer over them (55 such
single checks: 7 solver calls and 1.4 s at 200, 1 and 0.6 s at 1,000, 1 and 0.8 s at
2,000)."""

_SOLVER_PLAY_RULES = frozenset({PlayRule.DECLARER_LEADS_FIRST, PlayRule.DECLARER_PLAYS_LAST,
                                PlayRule.ACES_LOW})
"""The play rules the solver reads: Hurry, Iron and Sloth (a play rule added later is not
covered until the solver reads it)."""


def solver_covers(key: PossibilityKey) -> bool:
    """Whether the SAT form (:mod:`combowhist.r8_sat`) decides combos with this key: every
    trump rule, goal and pre-game event of the profiles; a play rule added later is not
    covered until the solver reads it."""
    return key.play_rules <= _SOLVER_PLAY_RULES


def solved(key: PossibilityKey, players: int, declarer: int, deck: int, hand: int,
           whole_list: bool = False, between: Callable[[], bool] | None = None
           ) -> Line | None:
    """The solver's answer as the search's: the pre-game choices and the plays in order.
    With ``whole_list`` (a whole list of combos being decided), the solver tries first
    for a line whose first trick holds with Hurry the other way too
    (:attr:`~combowhist.r8_sat.Puzzle.either_leader`): re-checked under that play
    (:func:`_replayed`, :func:`_other_plays`), it settles the key with Hurry the other way
    without a solver call of its own. Alone (one combo asked), nothing would use it.
    ``between`` is :func:`~combowhist.r8_sat.solve`'s: called now and then, the solver
    gives up (:class:`~combowhist.rules.every_trick.GaveWay`) once it returns ``True``."""
    from combowhist.r8_sat import Puzzle, solve

    rules = key.play_rules
    sloth = PlayRule.DECLARER_PLAYS_LAST in rules
    leader = first_leader(declarer, players, PlayRule.DECLARER_LEADS_FIRST in rules)
    events = key.events
    mail: tuple[str, ...] = ()
    if Event.MAIL in events:
        mail = _mail_directions(key, players)
    goal = key.conditions.goal
    answer = solve(Puzzle(
        hand, deck, players, declarer, leader, key.trump, PlayRule.ACES_LOW in rules, sloth,
        key.conditions, Event.PLAGUE in events, Event.JUSTICE in events, mail,
        (key.masters_mail_direction or "right") if Event.MASTERS_MAIL in events else None,
        goal.cards if goal.kind is GoalKind.CAPTURE else 0,
        _wants_any_trick(key.conditions), whole_list), between=between)
    if answer is None:
        return None
    actions: list[Action] = []
    for plays, taker in zip(answer.tricks, answer.takers, strict=True):
        card_of = dict(plays)
        trick = tuple((seat, card_of[seat]) for seat in trick_order(leader, players,
                                                                     declarer, sloth))
        actions += [("play", seat, card) for seat, card in trick]
        if answer.justice in card_of.values():  # R29: D awards the trick
            actions.append(("award", taker, 0))
        leader = taker
    rank = answer.taken >= 0
    setup = Setup(trump=NO_SUIT if answer.trump < 0 else answer.trump,
                  plague=NO_SUIT if answer.plague < 0 else answer.plague,
                  justice=answer.justice, mail=answer.mail,
                  passed=1 << answer.laid[declarer] if rank else answer.passed,
                  received=1 << answer.taken if rank else answer.received,
                  pinned=(0,) * players, laid=answer.laid, taken=answer.taken,
                  dealt=answer.dealt,
                  mail_sent=answer.mail_sent, masters_sent=answer.masters_sent)
    return Line(setup, tuple(actions), answer.guesses, tuple(answer.takers))


_OUTCOMES: dict[tuple[int, int, int, int, PossibilityKey], Line | None] = {}
"""Decided searches by (hand, participants, declarer's seat, deck, :func:`possibility_key`):
the line of play found, or ``None`` (impossible). Undecided searches are not kept."""
_OUTCOMES_KEPT = 8192
"""The most searches kept (the oldest go first): a line of play is a few kilobytes; a
whole auction's space for one hand has 4,935 keys."""
_LINES: dict[tuple[int, int, int, int, tuple[object, ...]], list[Line]] = {}
"""The lines found by a search or taken from a neighbouring play, by hand, participants,
declarer's seat, deck and :attr:`PossibilityKey.play`: each is tried on the other keys of
its play, and of the plays it neighbours, before they are searched (:func:`decide`)."""
_LINES_KEPT = 2048
"""The most plays whose lines are kept (the oldest go first): a hand's whole space has
350."""
_LINED: dict[tuple[int, int, int, int], None] = {}
"""The hands (with participants, declarer's seat and deck) some line was kept for, the
latest last: only for them are the neighbouring plays' lines looked up (a question about
a new hand skips working out its neighbours)."""


def search_gap(combo: ComboBid) -> str | None:
    """The rule of ``combo`` the search does not decide yet, in words; ``None`` if it
    decides them all."""
    standard = combo.standard
    assert standard.goal is not None
    if standard.trump is TrumpRule.RANK and standard.laid_by is not RankLayers.ALL:
        return "Rank Trump laid by the opponents only (E2)"
    exchanges = _exchanges_after_rank_trump(combo)
    if exchanges:
        return f"Rank Trump (R14) before {' and '.join(sorted(e.value for e in exchanges))}"
    if standard.goal.kind is GoalKind.CAPTURE:
        return f"the capture goal of {standard.key} (E4)"
    return None


def _exchanges_after_rank_trump(combo: ComboBid) -> set[Event]:
    """The exchanges (Mail, Master's Mail) of ``combo`` that follow a Rank Trump every
    participant lays (R14): the search does not decide those."""
    standard = combo.standard
    if standard.trump is not TrumpRule.RANK or standard.laid_by is not RankLayers.ALL:
        return set()
    return {Event.MAIL, Event.MASTERS_MAIL} & set(combo.events)


def sampled_for_lines(combo: ComboBid) -> bool:
    """Whether the search's fast pass looks for a line of ``combo`` where the exact search
    does not decide it (:func:`search_gap`): Rank Trump (R14, every participant laying)
    before Mail or Master's Mail, of the exchanges those leaving Rank Trump's cards where
    they are (:meth:`Search._mails`). A line found is a witness; none found proves
    nothing."""
    goal = combo.standard.goal
    assert goal is not None
    return bool(_exchanges_after_rank_trump(combo)) and goal.kind is not GoalKind.CAPTURE


def _sampled_line(combo: ComboBid, players: int, declarer: int, deck: int, hand: int,
                  max_nodes: int) -> Line | None:
    """The fast pass's line of a combo the exact search does not decide
    (:func:`sampled_for_lines`), or ``None`` (not found: no proof). Where the solver
    decides what is left, within :data:`_SAMPLED_BEFORE_SOLVER` tricks; else within the
    fast pass's own bound. First, within :data:`_BEFORE_SOLVER` tricks in each order of
    the opponents' cards (:attr:`Search.shedding`): the second often finds at once a line
    the first takes hundreds of tricks over, or misses."""
    bound = min(max_nodes, _SAMPLED_BEFORE_SOLVER if SOLVER else _CONSTRUCT_NODES)
    short = min(bound, _BEFORE_SOLVER)
    for shedding, nodes in ((False, short), (True, short), (False, bound)):
        try:
            found = Search(combo, players, declarer, deck, hand, nodes, shedding).sample()
        except AnalysisError:  # over the bound
            continue
        if found is not None:
            return found
    return None


def _refuse_gap(combo: ComboBid, key: PossibilityKey) -> NoReturn:
    """Raise :class:`~combowhist.errors.AnalysisError` for a combo neither the search nor,
    where installed, the solver decides."""
    extra = " (the exact extra, python-sat, covers it)" if solver_covers(key) else ""
    raise AnalysisError(f"{combo}: {search_gap(combo)} is not covered by the exact search "
                        f"of R8 yet{extra}")


def _wants_any_trick(conditions: TrickConditions) -> bool:
    """Whether the declarer would rather take some trick (:func:`_wants_trick`)."""
    return any(_wants_trick(conditions, t) for t in range(TRICKS))


def _wants_trick(conditions: TrickConditions, trick: int) -> bool:
    """Whether the declarer would rather take trick ``trick`` (0-based): only the order in
    which the search and the solver try choices, never what they decide."""
    if conditions.avoid_tricks >> trick & 1:
        return False
    kind = conditions.goal.kind
    if kind is GoalKind.LIMBO:
        return trick >= conditions.goal.first
    return kind in (GoalKind.MIN_TRICKS, GoalKind.SOLITARY_MOST, GoalKind.GUESSED)


# -- the search --------------------------------------------------------------------------------


class Search:
    """The exhaustive cooperative search for one hand and combo (see the module text)."""

    def __init__(self, combo: ComboBid, players: int, declarer: int, deck: int, hand: int,
                 max_nodes: int, shedding: bool = False) -> None:
        self.combo = combo
        self.key = key = possibility_key(combo)
        self.conditions = key.conditions
        self.players = players
        self.declarer = declarer
        self.deck = deck
        self.hand = hand
        self.max_nodes = max_nodes
        self.nodes = 0
        rules = key.play_rules
        self.iron = PlayRule.ACES_LOW in rules
        self.hurry = PlayRule.DECLARER_LEADS_FIRST in rules
        trump_rule = key.trump
        self.grill = trump_rule is TrumpRule.GRILL
        self.block = trump_rule is TrumpRule.BLOCK
        self.orders = tuple(trick_order(leader, players, declarer,
                                        PlayRule.DECLARER_PLAYS_LAST in rules)
                            for leader in range(players))
        self.opponents = tuple(s for s in range(players) if s != declarer)
        # Each suit's cards of the deck, weakest first (R4, R24).
        self.suit_order = tuple(
            tuple(sorted((c for c in range(13 * s, 13 * s + 13) if deck >> c & 1),
                         key=lambda c: card_strength(c, self.iron)))
            for s in range(4))
        goal = self.conditions.goal
        self.relative = goal.kind in (GoalKind.NOT_MOST, GoalKind.LEAST,
                                      GoalKind.SOLITARY_MOST)
        self.limbo = goal.kind is GoalKind.LIMBO
        self.want = tuple(_wants_trick(self.conditions, t) for t in range(TRICKS))
        self.keep = tuple(any(self.want[t + 1:]) for t in range(TRICKS))
        """Whether the declarer would rather take some trick after each: then it loses
        a trick with its lowest cards (search order only)."""
        self.strong = any(self.want)
        """Whether the declarer would rather take any trick: then its longest suit is
        tried as trump first, and its weakest cards laid and passed (search order only)."""
        self.shedding = shedding
        """Whether the opponents shed their strong cards where D would rather take a
        later trick (search order only, :func:`_shedding_order`): in a trick D wants,
        their strongest cards under D's first; in one D would rather lose, the cheapest
        that beats D, then their strongest. By default they keep them and play their
        weakest. Each order finds, within a short bound, lines the other misses: the
        cards that could take D's later tricks are gone, or still there to lose tricks
        with."""
        self.open_cache = _open_cache(self.conditions, players, declarer)
        self.ends: dict[tuple[int, int, bool], list[int]] = {}
        """:meth:`_run_ends` by its arguments (the suit read off the cards)."""
        self.failed: set[tuple[object, ...]] = set()
        self.tried: dict[tuple[object, ...], int] = {}
        """The fast pass's states cut by its slack, with the slack they were tried with."""
        self.cuts = 0
        self.setup = Setup()
        self.limit = 0

    # -- pre-game choices ------------------------------------------------------------------

    def run(self) -> Line | None:
        """Search every pre-game branch: first each with a small bound, then the
        undecided ones again with bounds growing fourfold, each keeping the states it has
        proven to fail; ``None`` once every branch is exhausted."""
        undecided: list[tuple[Setup, set[tuple[object, ...]]]] = []
        proven: dict[Setup, set[tuple[object, ...]]] = {}
        found = self._construct(proven)
        if found is not None:
            return found
        bound = _FIRST_BOUND
        for setup in self._setups():
            self.nodes += 1  # a pre-game branch costs a node, even one cut at once
            found = self._try(setup, proven.pop(setup, set()), bound, undecided)
            if found is not None:
                return found
        while undecided:
            bound *= 4
            again, undecided = undecided, []
            for setup, failed in again:
                found = self._try(setup, failed, bound, undecided)
                if found is not None:
                    return found
        return None

    def sample(self) -> Line | None:
        """The fast pass alone (:meth:`_construct`): a line found, or ``None``, which
        proves nothing."""
        return self._construct({})

    def _construct(self, proven: dict[Setup, set[tuple[object, ...]]]) -> Line | None:
        """The fast pass: a sample of the pre-game branches, each searched with few
        discrepancies from the preferred order of moves (the first trick tried at a node
        is free, each later one costs one), within a small bound of tricks, to find a
        witness early; a failure proves nothing except the states it exhausted, kept in
        ``proven`` for the exact pass."""
        budget = self.nodes + _CONSTRUCT_NODES
        for slack in _SLACKS:
            for setup in islice(self._setups(sample=True), _CONSTRUCT_SETUPS):
                self.setup = setup
                self.failed = proven.setdefault(setup, set())
                self.tried = {}
                self.limit = min(budget, self.max_nodes)
                try:
                    found = self._start(setup, slack)
                except _OverBound:
                    return None
                if found is not None:
                    return _named(Line(setup, *found), self.players)
        return None

    def _try(self, setup: Setup, failed: set[tuple[object, ...]], bound: int,
             undecided: list[tuple[Setup, set[tuple[object, ...]]]]) -> Line | None:
        """Search one pre-game branch, opening at most ``bound`` more tricks; a branch
        not decided within them goes onto ``undecided``."""
        self.setup = setup
        self.failed = failed
        self.limit = self.nodes + bound
        try:
            found = self._start(setup)
        except _OverBound:
            undecided.append((setup, failed))
            return None
        return None if found is None else _named(Line(setup, *found), self.players)

    def _trumps(self) -> tuple[int, ...]:
        counts = [(self.hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
        # Longest first when D wants tricks, shortest first otherwise (search order only).
        return tuple(sorted(_trump_suits(self.key.trump, self.hand),
                            key=lambda s: -counts[s] if self.strong else counts[s]))

    def _setups(self, sample: bool = False) -> Iterator[Setup]:
        """Every pre-game branch, the preferred first; with ``sample``, a few of each
        kind (the fast pass's: every trump and plague suit, each Mail direction with its
        preferred cards, the first cards Rank Trump may take). Justice is no branch: its
        card is named once its trick is chosen (:data:`ANY_TRICK`)."""
        events = self.key.events
        # Plague: D's shortest suit first (search order only).
        plagues: Sequence[int] = (sorted(range(4), key=lambda s: (self.hand & SUIT_MASKS[s])
                                         .bit_count())
                                  if Event.PLAGUE in events else (NO_SUIT,))
        justices = (ANY_TRICK,) if Event.JUSTICE in events else (-1,)
        zeros = (0,) * self.players
        heads: Iterator[Setup] = (
            self._rank_trumps(sample) if self.key.trump is TrumpRule.RANK
            else (Setup(trump=trump, pinned=zeros) for trump in self._trumps()))
        for head in heads:
            for plague in plagues:
                for justice in justices:
                    base = attrs.evolve(head, plague=plague, justice=justice)
                    if Event.MAIL in events:
                        yield from self._mails(base, sample)
                    else:
                        yield base

    def _rank_trumps(self, sample: bool = False) -> Iterator[Setup]:
        """Every Rank Trump (R14, every participant laying): D lays any card and takes an
        unseen card, laid by an opponent, who gets D's; each other opponent laid a card
        of no higher rank (Iron applies), which stays in its hand: pinned there. Trump is
        the suit of the card taken. (No card is left out as interchangeable: the card D
        lays and the cards pinned go to given hands, where their order against the cards
        beside them matters.)"""
        iron = self.iron
        hand = self.hand
        unseen = self.deck & ~hand
        counts = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
        strong = self.strong
        # Search order only: the card taken in D's longest suit (or shortest) and strong
        # (or weak) first, D's weakest (or strongest) card laid first.
        takes = sorted(mask_indices(unseen), key=lambda c: (
            -counts[c // 13] if strong else counts[c // 13],
            -card_strength(c, iron) if strong else card_strength(c, iron)))
        lays = sorted(mask_indices(hand),
                      key=lambda c: card_strength(c, iron) * (1 if strong else -1))
        for taken in takes[:_SAMPLE_TAKES] if sample else takes:
            setups = self._rank_setups(taken, lays, unseen)
            yield from islice(setups, 1) if sample else setups

    def _rank_setups(self, taken: int, lays: list[int], unseen: int) -> Iterator[Setup]:
        """The Rank Trumps in which D takes ``taken``, D's card laid from ``lays``."""
        top = card_strength(taken, self.iron)
        for own in lays:
            for owner in self.opponents:
                rest = [s for s in self.opponents if s != owner]
                for low in self._low_pins(rest, unseen & ~(1 << taken), top):
                    pinned = [0] * self.players
                    laid = [-1] * self.players
                    pinned[owner] = 1 << own
                    laid[owner] = taken
                    laid[self.declarer] = own
                    for seat, card in zip(rest, low, strict=True):
                        pinned[seat] |= 1 << card
                        laid[seat] = card
                    yield Setup(trump=taken // 13, passed=1 << own, received=1 << taken,
                                 pinned=tuple(pinned), laid=tuple(laid), taken=taken)

    def _low_pins(self, seats: list[int], unseen: int, top: int) -> Iterator[tuple[int, ...]]:
        """The cards ``seats`` lay beside the one taken: each an unseen card of strength
        at most ``top``, the lowest first."""
        if not seats:
            yield ()
            return
        low = [c for c in mask_indices(unseen) if card_strength(c, self.iron) <= top]
        low.sort(key=lambda c: card_strength(c, self.iron))
        for card in low:
            for more in self._low_pins(seats[1:], unseen & ~(1 << card), top):
                yield (card, *more)

    def _mails(self, base: Setup, sample: bool = False) -> Iterator[Setup]:
        """Every Mail: direction (R19, or the profile's), the declarer's 3 cards and the
        3 received; under Master's Mail too, where each of the declarer's cards ends up
        (the Mail target may pass it on, R20). After Rank Trump (whose cards ``base``
        holds; only the fast pass searches these, :func:`sampled_for_lines`), the Mails
        that leave its cards where they are: D passes 3 cards other than the one taken
        and gets 3 of the cards no one laid (each opponent passes 3 of the cards it did
        not lay, which :func:`combowhist.analysis.witness` works back)."""
        players = self.players
        directions = _mail_directions(self.key, players)
        strong = self.strong
        laid = base.passed | base.received | _union(base.pinned)
        own = sorted(mask_indices(self.hand & ~laid),
                     key=lambda c: card_strength(c, self.iron), reverse=not strong)
        unseen = sorted(mask_indices(self.deck & ~self.hand & ~laid),
                        key=lambda c: card_strength(c, self.iron), reverse=strong)
        masters = Event.MASTERS_MAIL in self.key.events
        for direction in directions:
            setups = self._mail_setups(base, direction, own, unseen, masters)
            yield from islice(setups, 1) if sample else setups

    def _mail_setups(self, base: Setup, direction: str, own: list[int], unseen: list[int],
                     masters: bool) -> Iterator[Setup]:
        """The Mails in ``direction``: D's 3 cards from ``own``, the 3 received from
        ``unseen``, and under Master's Mail where each of D's cards ends up."""
        players = self.players
        target = mail_target(direction, self.declarer, players)
        onward = masters_mail_target(target, self.declarer, players,
                                     self.key.masters_mail_direction or "right")
        for passed in combinations(own, 3):
            for received in combinations(unseen, 3):
                for where in (range(8) if masters else (0,)):
                    pinned = list(base.pinned or (0,) * players)
                    for i, card in enumerate(passed):
                        pinned[onward if where >> i & 1 else target] |= 1 << card
                    yield attrs.evolve(base, mail=direction,
                                       passed=base.passed | sum(1 << c for c in passed),
                                       received=base.received | sum(1 << c for c in received),
                                       pinned=tuple(pinned))

    # -- trick play --------------------------------------------------------------------------

    def _start(self, setup: Setup, slack: int = -1) -> _Rest | None:
        hand = self.hand & ~setup.passed | setup.received
        pinned = setup.pinned
        taken = hand
        for cards in pinned:
            taken |= cards
        pool = self.deck & ~taken
        leader = first_leader(self.declarer, self.players, self.hurry)
        zeros = (0,) * self.players
        return self._trick(0, hand, pool, pinned, zeros, leader, setup.trump, 0, zeros, 0,
                           zeros, setup.justice, (), slack)

    def _can_win(self, hand: int, pool: int, pinned: tuple[int, ...], trump: int) -> bool:
        """Whether the declarer, not on lead, might still take a trick: some card of D's
        is a trump (or may become one, Grill), or has an opponent's card below it in its
        suit that could be led (R23)."""
        if self.grill or (trump >= 0 and hand & SUIT_MASKS[trump]):
            return True
        theirs = pool | _union(pinned)
        for suit in range(4):
            mine = hand & SUIT_MASKS[suit]
            if not mine:
                continue
            below = False
            for card in self.suit_order[suit]:
                if theirs >> card & 1:
                    below = True
                elif mine >> card & 1 and below:
                    return True
        return False

    def _open(self, t: int, counts: tuple[int, ...], won: int, more: int) -> bool:
        """Whether some way of taking the remaining tricks (cards aside, the declarer
        taking at most ``more`` of them) still completes the combo: the static layer of
        R8 from this point on. Plague aside (it only makes completion harder)."""
        d = self.declarer
        goal = self.conditions.goal
        first_mask = goal.first_mask
        # Everything of ``won`` the conditions read (TrickConditions.met): the searches
        # sharing the cache may come from different tricks before (endgame).
        key = (t, counts[d], (won & first_mask).bit_count(),
               bool(won & self.conditions.avoid_tricks), counts if self.relative else None,
               more)
        cached = self.open_cache.get(key)
        if cached is not None:
            return cached
        avoid = self.conditions.avoid_tricks
        free_first = [n for n in range(t, TRICKS) if not avoid >> n & 1 and first_mask >> n & 1]
        free_last = [n for n in range(t, TRICKS) if not avoid >> n & 1
                     and not first_mask >> n & 1]
        result = False
        # The most tricks first where D would rather take tricks (only quicker: any way
        # that completes the combo answers).
        for a in _counts_up_to(min(len(free_first), more), self.strong):
            for b in _counts_up_to(min(len(free_last), more - a), self.strong):
                mine = won
                for n in free_first[:a] + free_last[:b]:
                    mine |= 1 << n
                rest = TRICKS - t - a - b
                others = [counts[s] for s in self.opponents]
                if self._met_some_way(mine, _spread(others, rest)) or self._met_some_way(
                        mine, _pile(others, rest)):
                    result = True
                    break
            if result:
                break
        self.open_cache[key] = result
        return result

    def _met_some_way(self, won: int, others: list[int]) -> bool:
        conditions = self.conditions
        for guesses in _guess_options(won.bit_count(), conditions.guesses):
            if conditions.met(won, others, guesses):
                return True
        return False

    def _trick(self, t: int, hand: int, pool: int, pinned: tuple[int, ...],
               voids: tuple[int, ...], leader: int, trump: int, flags: int,
               counts: tuple[int, ...], won: int, plagued: tuple[int, ...], justice: int,
               winners: tuple[int, ...], slack: int = -1) -> _Rest | None:
        """The rest of the deal from trick ``t``: a line of play completing the combo, or
        ``None``. ``slack`` (the fast pass; ``-1`` for none) is how many tricks beyond the
        first opened one each node may try; a node cut by it is not proven to fail."""
        if t == TRICKS:
            guesses = self._final(winners, plagued)
            return None if guesses is None else ((), guesses, winners)
        if self.setup.plague >= 0 and self._beplagued(plagued):
            return None
        special = 1 << justice if justice >= 0 else 0
        any_trick = justice == ANY_TRICK
        more = TRICKS - t
        if (leader != self.declarer and not special and not any_trick
                and not self._can_win(hand, pool, pinned, trump)):
            more = 0  # D can take no trick from here on, so never leads again
        if not self._open(t, counts, won, more):
            return None
        fixed = hand | special | _union(pinned)
        present = _present(pool)  # a void matters only in a suit with unseen cards left
        key = (hand, self._runs(pool & ~special, fixed), pinned,
               tuple(v & present for v in voids), leader, trump, flags,
               counts if self.relative else counts[self.declarer],
               (won & self.conditions.goal.first_mask).bit_count() if self.limbo else 0,
               plagued, justice)
        if key in self.failed:
            return None
        if slack >= 0 and self.tried.get(key, -1) >= slack:
            self.cuts += 1  # cut before with as much slack: still no proof
            return None
        self.nodes += 1
        if self.nodes > self.limit:
            if self.nodes <= self.max_nodes:
                raise _OverBound
            raise AnalysisError(
                f"{self.combo}: the exact search of R8 for the hand {CardSet(self.hand)} would "
                f"open more than {self.max_nodes} tricks; undecided (raise max_nodes)")
        want = self.want[t]
        spent = 0
        cuts = self.cuts
        for trick, hand2, pool2, pinned2, voids2, flags2 in self._plays(
                t, leader, hand, pool, pinned, voids, trump, flags, special, want,
                0 if special or any_trick else self._forced(t, counts, won)):
            if 0 <= slack < spent:
                self.tried[key] = slack
                self.cuts += 1
                return None
            led = trick[0][1] // 13
            winner = winning_play(trick, trump, self.iron)[0]
            cards = 0
            for _, card in trick:
                cards |= 1 << card
            takers: Sequence[int] = (winner,)
            if cards & special or any_trick:  # R29: D awards the trick
                takers = sorted(range(self.players),
                                key=lambda s: ((s != self.declarer) == want, s != winner))
            for taker in takers:
                # A card of justice not named yet goes to a trick D gives another taker.
                awarded = bool(cards & special) or (any_trick and taker != winner)
                won2 = won
                if taker == self.declarer:
                    if self.conditions.avoid_tricks >> t & 1:
                        continue
                    won2 |= 1 << t
                counts2 = (*counts[:taker], counts[taker] + 1, *counts[taker + 1:])
                plagued2 = plagued
                plague = self.setup.plague
                if plague >= 0 and cards & SUIT_MASKS[plague]:
                    n = (cards & SUIT_MASKS[plague]).bit_count()
                    plagued2 = (*plagued[:taker], plagued[taker] + n, *plagued[taker + 1:])
                before = self.nodes
                found = self._trick(t + 1, hand2, pool2, pinned2, voids2, taker,
                                    next_trump(trump, led, self.grill), flags2, counts2, won2,
                                    plagued2, -1 if awarded else justice, (*winners, taker),
                                    slack - spent if slack >= 0 else -1)
                if self.nodes > before:
                    spent += 1
                if found is not None:
                    actions, guesses, takers_after = found
                    steps: tuple[Action, ...] = tuple(("play", s, c) for s, c in trick)
                    if awarded:
                        steps += (("award", taker, 0),)
                    return steps + actions, guesses, takers_after
        if self.cuts == cuts:  # every line tried to the end: proven
            self.failed.add(key)
        else:
            self.tried[key] = slack
        return None

    def _beplagued(self, plagued: tuple[int, ...]) -> bool:
        """Whether D will end beplagued whatever the rest of the play (R33): more plague
        cards brought home than any other participant can still reach, and some already
        with another, so D cannot bring home the whole suit (honourably beplagued)."""
        d = self.declarer
        left = (self.deck & SUIT_MASKS[self.setup.plague]).bit_count() - sum(plagued)
        mine = plagued[d]
        return all(plagued[s] + left < mine for s in self.opponents) and any(
            plagued[s] for s in self.opponents)

    def _forced(self, t: int, counts: tuple[int, ...], won: int) -> int:
        """Who must bring home trick ``t`` for the combo to stay open (:meth:`_open`, any
        number of the later tricks D's): ``1`` D, ``-1`` an opponent, ``0`` either. Read
        only where no card of justice may go to the trick (R29)."""
        d = self.declarer
        if t + 1 == TRICKS:
            return -1 if self.conditions.avoid_tricks >> t & 1 else 0
        more = TRICKS - t - 1
        if not self._open(t + 1, (*counts[:d], counts[d] + 1, *counts[d + 1:]),
                          won | 1 << t, more):
            return -1
        if not any(self._open(t + 1, (*counts[:s], counts[s] + 1, *counts[s + 1:]), won, more)
                   for s in self.opponents):
            return 1
        return 0

    def _final(self, winners: tuple[int, ...], plagued: tuple[int, ...]
               ) -> tuple[int, ...] | None:
        """The guesses with which the finished deal completes the combo; ``None`` if none
        does."""
        plague = self.setup.plague
        record = TrickRecord(winners, plagued if plague >= 0 else (),
                             (self.deck & SUIT_MASKS[plague]).bit_count() if plague >= 0 else 0)
        return completing_guesses(self.combo, self.declarer, self.players, record)

    def _runs(self, pool: int, fixed: int) -> tuple[int, ...]:
        """The unseen cards counted run by run: how many lie between each two cards of
        ``fixed`` in each suit (the memo's view of them: the cards of a run are
        interchangeable)."""
        out: list[int] = []
        for suit in self.suit_order:
            n = 0
            for card in suit:
                if pool >> card & 1:
                    n += 1
                elif fixed >> card & 1:
                    out.append(n)
                    n = 0
            out.append(n)
        return tuple(out)

    def _plays(self, t: int, leader: int, hand: int, pool: int, pinned: tuple[int, ...],
               voids: tuple[int, ...], trump: int, flags: int, special: int, want: bool,
               forced: int = 0
               ) -> Iterator[tuple[tuple[tuple[int, int], ...], int, int, tuple[int, ...],
                                   tuple[int, ...], int]]:
        """Every trick the seats can play from here (up to interchangeable cards): the
        trick and the declarer's hand, unseen cards, pinned cards, voids and flags after
        it. With ``forced`` (:meth:`_forced`) only those D takes (``1``) or loses
        (``-1``): each seat's card is cut as soon as it settles the trick the wrong way."""
        order = self.orders[leader]
        keep = self.keep[t]
        d = self.declarer
        block = trump if self.block else NO_SUIT
        plague = self.setup.plague
        iron = self.iron

        last = len(order) - 1

        def step(i: int, trick: tuple[tuple[int, int], ...], on_table: int, hand: int,
                 pool: int, pinned: tuple[int, ...], voids: tuple[int, ...], flags: int
                 ) -> Iterator[tuple[tuple[tuple[int, int], ...], int, int, tuple[int, ...],
                                     tuple[int, ...], int]]:
            # The last seat yields its tricks itself: one generator less per trick.
            seat = order[i]
            led = trick[0][1] // 13 if trick else NO_SUIT
            keys = TRICK_KEYS[iron, trump, led] if led >= 0 else None
            held = _union(pinned)
            if seat == d:
                legal = legal_play_mask(hand, led, True, block, plague, flags)
                choices = self._declarer_choices(legal, pool | on_table | held, special)
                bar = max((keys[c] for _, c in trick), default=-1) if keys else -1
                if keys is not None and forced > 0:  # D's card must beat all before it
                    choices = [c for c in choices if keys[c] > bar]
                elif keys is not None and forced < 0 and i == last:  # and here stay under
                    choices = [c for c in choices if keys[c] < bar]
                choices.sort(key=lambda c: _declarer_order(c, keys, iron, want, keep, plague,
                                                           bar))
                for card in choices:
                    played = (*trick, (d, card))
                    flags2 = flags_after(flags, card, True, not trick, trump, plague)
                    if i == last:
                        yield played, hand & ~(1 << card), pool, pinned, voids, flags2
                    else:
                        yield from step(i + 1, played, on_table | 1 << card,
                                        hand & ~(1 << card), pool, pinned, voids, flags2)
                return
            relevant = (SUIT_MASKS[led] if led >= 0 else 0) | (
                SUIT_MASKS[trump] if trump >= 0 else 0)
            above = -2  # the claim this seat's card must beat (a trick D loses)
            below = 1000  # the claim it must stay under (a trick D takes)
            if forced and keys is not None:
                best_seat, best = winning_play(trick, trump, iron)
                if forced > 0:
                    if best_seat == d:
                        below = keys[best]
                    else:  # D is still to play, and must beat every card
                        below = max((keys[c] for c in mask_indices(hand)), default=-1)
                        if keys[best] >= below:
                            return
                elif best_seat == d:
                    above = keys[best]
                    if not any(keys[c] > above for c in mask_indices((pool | held) & relevant)):
                        return  # no card left that could take it from D
            cap = HAND - t - pinned[seat].bit_count()
            mine = pinned[seat]
            options: list[tuple[int, bool]] = []  # (card, from the pool)
            fixed = hand | on_table | special | held
            if led >= 0 and mine & SUIT_MASKS[led]:
                options += [(c, False) for c in mask_indices(mine & SUIT_MASKS[led])]
            if led >= 0 and not voids[seat] >> led & 1 and cap > 0:
                options += [(c, True) for c in self._pool_choices(
                    pool & SUIT_MASKS[led], special, fixed, True)]
            new_voids = voids
            if led < 0 or not mine & SUIT_MASKS[led]:
                others = ~SUIT_MASKS[led] if led >= 0 else -1
                if led >= 0:
                    new_voids = (*voids[:seat], voids[seat] | 1 << led, *voids[seat + 1:])
                discard = [(c, False) for c in mask_indices(mine & others)]
                if cap > 0:
                    for suit in range(4):
                        if voids[seat] >> suit & 1 or suit == led:
                            continue
                        cards = pool & SUIT_MASKS[suit]
                        if cards:
                            discard += [(c, True) for c in self._pool_choices(
                                cards, special, fixed,
                                led < 0 or bool(relevant & SUIT_MASKS[suit]))]
                options += discard
            # Of cards with the same claim on the trick (discards, leads), a plague card
            # goes to a trick D loses rather than one D takes (R33).
            strengths = CARD_STRENGTHS[iron]
            if self.shedding and keep and keys is not None:
                bar = self._bar(trick, hand, keys, led, trump)
                options.sort(key=lambda o: _shedding_order(keys[o[0]], bar, want,
                                                           o[0] // 13 == plague,
                                                           strengths[o[0]]))
            elif want:  # the lowest first: D's card stands
                options.sort(key=lambda o: (keys[o[0]] if keys else 0,
                                            o[0] // 13 == plague, strengths[o[0]]))
            elif keys is None:  # lead where D can lose: a suit D lacks, then beat D's best
                top = self._tops(hand)
                options.sort(key=lambda o: _losing_lead(o[0], top, iron, plague))
            else:  # beat D's card as cheaply as can be, else keep the high cards
                bar = self._bar(trick, hand, keys, led, trump)
                options.sort(key=lambda o: (keys[o[0]] <= bar, keys[o[0]],
                                            o[0] // 13 != plague, strengths[o[0]]))
            present = _present(pool)
            shown = _union(voids)  # D's entry stays 0: D's hand is known
            rooms: list[tuple[int, int]] | None = None  # the other opponents', when asked
            if keys is not None and (below < 1000 or (above >= 0 and i == last)):
                options = [o for o in options if above < keys[o[0]] < below]
            for card, from_pool in options:
                bit = 1 << card
                follows = led < 0 or card // 13 == led
                seat_voids = voids if follows else new_voids
                if from_pool:
                    pool2 = pool & ~bit
                    pinned2 = pinned
                    present2 = present if pool2 & SUIT_MASKS[card // 13] else (
                        present & ~(1 << card // 13))
                else:
                    pool2 = pool
                    pinned2 = (*pinned[:seat], pinned[seat] & ~bit, *pinned[seat + 1:])
                    present2 = present
                # No void bars a card: the hands' room adds up to the cards left.
                if (shown | seat_voids[seat]) & present2:
                    if rooms is None:
                        rooms = [(HAND - t - (other in order[:i]) - pinned[other].bit_count(),
                                  voids[other]) for other in self.opponents if other != seat]
                    own = (HAND - t - 1 - pinned2[seat].bit_count(), seat_voids[seat])
                    if not _dealable(pool2, present2, [*rooms, own]):
                        continue
                played = (*trick, (seat, card))
                flags2 = flags_after(flags, card, False, not trick, trump, plague)
                if i == last:
                    yield played, hand, pool2, pinned2, seat_voids, flags2
                else:
                    yield from step(i + 1, played, on_table | bit, hand, pool2, pinned2,
                                    seat_voids, flags2)

        yield from step(0, (), 0, hand, pool, pinned, voids, flags)

    def _bar(self, trick: tuple[tuple[int, int], ...], hand: int, keys: tuple[int, ...],
             led: int, trump: int) -> int:
        """The claim an opponent's card must beat for the declarer to lose the trick:
        D's card if played, else D's best claim in the suit led or in trump; ``-1`` when
        the trick is already an opponent's beyond that (search order only)."""
        d = self.declarer
        best = max(trick, key=lambda play: keys[play[1]])
        mine = [keys[c] for s, c in trick if s == d]
        if mine:
            bar = mine[0]
        else:
            follow = hand & SUIT_MASKS[led]
            pool = follow or (hand & SUIT_MASKS[trump] if trump >= 0 else 0)
            bar = max((keys[c] for c in mask_indices(pool)), default=-1)
        return -1 if best[0] != d and keys[best[1]] > bar else bar

    def _tops(self, hand: int) -> list[int]:
        """The strength of the declarer's best card in each suit (0 if void)."""
        out = [0, 0, 0, 0]
        for suit in range(4):
            for card in self.suit_order[suit]:
                if hand >> card & 1:
                    out[suit] = CARD_STRENGTHS[self.iron][card]
        return out

    def _declarer_choices(self, legal: int, others: int, special: int) -> list[int]:
        """The card of justice as itself, and one card of each run of the declarer's other
        legal cards with no other live card between them (such cards are
        interchangeable)."""
        out = mask_indices(legal & special)
        legal &= ~special
        others |= special
        for suit in range(4):
            if not legal & SUIT_MASKS[suit]:
                continue
            previous_mine = False
            for card in self.suit_order[suit]:
                if legal >> card & 1:
                    if not previous_mine:
                        out.append(card)
                    previous_mine = True
                elif others >> card & 1:
                    previous_mine = False
        return out

    def _pool_choices(self, cards: int, special: int, fixed: int, contest: bool) -> list[int]:
        """The unseen cards (of one suit) worth trying: the card of justice as itself,
        else the lowest and (where the card can win the trick) the highest of each run of
        unseen cards between two cards of ``fixed``."""
        out = list(mask_indices(cards & special))
        plain = cards & ~special
        if not plain:
            return out
        suit = ((plain & -plain).bit_length() - 1) // 13
        memo = (plain, fixed & SUIT_MASKS[suit], contest)
        ends = self.ends.get(memo)
        if ends is None:
            ends = self.ends[memo] = self._run_ends(plain, suit, fixed, contest)
        out += ends
        return out

    def _run_ends(self, plain: int, suit: int, fixed: int, contest: bool) -> list[int]:
        """The lowest and, if ``contest``, the highest card of each run of ``plain``."""
        out = []
        first = last = -1
        for card in self.suit_order[suit]:
            if plain >> card & 1:
                if first < 0:
                    first = card
                last = card
            elif fixed >> card & 1 and first >= 0:
                out.append(first)
                if contest and last != first:
                    out.append(last)
                first = last = -1
        if first >= 0:
            out.append(first)
            if contest and last != first:
                out.append(last)
        return out


def _shedding_order(claim: int, bar: int, want: bool, plague: bool, strength: int
                    ) -> tuple[bool, int, bool, int]:
    """An opponent's card's place in :attr:`Search.shedding`'s order, by its claim on the
    trick against ``bar`` (:meth:`Search._bar`, D's claim): in a trick D wants, the cards
    under D's claim from the strongest, then the rest from the cheapest; in one D would
    rather lose, the cards over D's claim from the cheapest, then the rest from the
    strongest. Of cards with the same claim, a plague card goes to a trick D loses rather
    than one D takes (R33), the strongest first."""
    if want:
        return claim >= bar, claim if claim >= bar else -claim, plague, -strength
    return claim <= bar, claim if claim > bar else -claim, not plague, -strength


def _counts_up_to(most: int, downwards: bool) -> range:
    """0 to ``most``, or ``most`` down to 0."""
    return range(most, -1, -1) if downwards else range(most + 1)


@lru_cache(maxsize=256)
def _open_cache(conditions: TrickConditions, players: int, declarer: int
                ) -> dict[tuple[object, ...], bool]:
    """:meth:`Search._open`'s answers, which read only the trick conditions and the
    seats: shared by every search with the same (the static layer, no hand in it)."""
    return {}


def _dealable(pool: int, present: int, rooms: list[tuple[int, int]]) -> bool:
    """Whether the unseen cards (``pool``, of the suits ``present``) can still be dealt to
    the opponents: each takes as many as its room (``rooms``: each opponent's room beside
    its pinned cards and the suits it has shown void in), and none of a suit it has shown
    void in (Hall's condition over the sets of suits)."""
    total = 0
    barring = []  # the seats void in some suit present: (room, those suits)
    for cap, void in rooms:
        if cap:
            total += cap
            void &= present
            if void:
                barring.append((cap, void))
    # Only a set of suits some seat is void in can lack room: any other set has the
    # room of every hand, which is all the cards left.
    checked = 0
    for _, void in barring:
        for suits in _SUBSETS[void]:
            if checked >> suits & 1:
                continue
            checked |= 1 << suits
            room = total
            for cap, seat_void in barring:
                if seat_void & suits == suits:
                    room -= cap
            if (pool & _SUIT_CARDS[suits]).bit_count() > room:
                return False
    return True


_SUIT_CARDS = tuple(sum(SUIT_MASKS[s] for s in range(4) if suits >> s & 1)
                    for suits in range(16))
"""The cards of each set of suits (a 4-bit mask)."""
_SUBSETS = tuple(tuple(sub for sub in range(1, 16) if sub & suits == sub) for suits in range(16))
"""The nonempty subsets of each set of suits."""


def _present(cards: int) -> int:
    """The suits of ``cards``, as a 4-bit mask."""
    return ((cards & SUIT_MASKS[0] != 0) | (cards & SUIT_MASKS[1] != 0) << 1
            | (cards & SUIT_MASKS[2] != 0) << 2 | (cards & SUIT_MASKS[3] != 0) << 3)


def _union(masks: tuple[int, ...]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def _declarer_order(card: int, keys: tuple[int, ...] | None, iron: bool, want: bool,
                    keep: bool, plague: int, bar: int) -> tuple[int, bool, int]:
    """The order the declarer's cards are tried in: search order only. Wanting the
    trick: the cheapest claim above ``bar`` (the best on the table) first, then the
    lowest discard, then the rest; else a discard first, the highest (shedding danger)
    or, to ``keep`` the high cards for a trick D wants later, the lowest; then the
    weakest claim. A discard goes to a trick D loses, so of the discards a plague card
    first (R33)."""
    strength = CARD_STRENGTHS[iron][card]
    if keys is None:
        return (0, False, -strength if want else strength)
    claim = keys[card]
    if claim < 0:  # a discard
        shed = card // 13 != plague
        return (1, shed, strength) if want else (0, shed, strength if keep else -strength)
    if want:
        return (0, False, claim) if claim > bar else (2, False, claim)
    return (1, False, claim)


def _losing_lead(card: int, top: list[int], iron: bool, plague: int
                 ) -> tuple[int, bool, int]:
    """The order of opponents' leads when the declarer wants to lose: a suit D lacks,
    then a card above D's best in its suit, each lowest first; then the rest, highest
    first; in each, a plague card first (to a trick D loses, R33). Search order only."""
    strength = CARD_STRENGTHS[iron][card]
    suit = card // 13
    best = top[suit]
    if not best:
        return (0, suit != plague, strength)
    if strength > best:
        return (1, suit != plague, strength)
    return (2, suit != plague, -strength)


def _spread(others: list[int], rest: int) -> list[int]:
    """``rest`` more tricks given one by one to the opponent with fewest."""
    out = list(others)
    for _ in range(rest):
        out[out.index(min(out))] += 1
    return out


def _pile(others: list[int], rest: int) -> list[int]:
    """``rest`` more tricks all given to the opponent with most."""
    out = list(others)
    out[out.index(max(out))] += rest
    return out


def _guess_options(tricks: int, count: int) -> list[tuple[int, ...]]:
    """The guesses worth trying for a count of ``tricks`` (R16): a goal reads only
    whether ``tricks`` and its neighbours (Greed, R32) are among them."""
    if count == 0:
        return [()]
    near = [n for n in (tricks - 1, tricks, tricks + 1) if 0 <= n <= TRICKS]
    return list(combinations(near, count))


# -- the witness deal --------------------------------------------------------------------------


def endgame(combo: ComboBid, players: int, declarer: int, hand: int, unseen: int,
             leader: int, trump: int, winners: tuple[int, ...], *, flags: int = 0,
             plague: int = NO_SUIT, plagued: tuple[int, ...] | None = None,
             justice: int = -1, max_nodes: int = DEFAULT_MAX_NODES,
             slacks: Sequence[int] = ()) -> bool:
    """Whether the declarer can still complete ``combo`` from a late position of trick
    play, the pre-game events over: ``winners`` took the tricks so far, the declarer
    holds ``hand``, the opponents share ``unseen`` in any way, ``leader`` leads next with
    ``trump`` as trump; ``flags`` are play's flags (R27, R28), ``plague`` the plague suit
    and ``plagued`` the plague cards each seat has brought home, ``justice`` the card of
    justice if it is still to be played (:data:`ANY_TRICK`: still to be named, so any
    one trick may be awarded). The same search as :func:`witness`, for checking
    it against a brute force on small positions; ``slacks``: the fast pass's
    discrepancies to try first, keeping the states they prove to fail for the exact
    search, as :meth:`Search.run` does."""
    search = Search(combo, players, declarer, combo.profile.deck(players).mask, hand,
                     max_nodes)
    search.limit = max_nodes
    search.setup = Setup(plague=plague)
    zeros = (0,) * players
    counts = tuple(winners.count(s) for s in range(players))
    won = sum(1 << n for n, seat in enumerate(winners) if seat == declarer)
    for slack in (*slacks, -1):
        search.tried = {}
        if search._trick(len(winners), hand, unseen, zeros, zeros, leader, trump, flags,
                         counts, won, plagued or zeros, justice, winners, slack) is not None:
            return True
    return False
