"""A factored action encoding for game-AI: every move as a short sequence of small actions.

A flat list of every move of every phase would need about 450,000 action ids (133,145 combo
bids, 22,100 ways to pick 3 cards for Mail, 294,203 ateliers of 1 to 4 cards): too wide for
a policy. Here a move is built in sub-steps, all by the seat to move:

- a **bid** is its standard bid, then its special bids in table order, then ``submit``;
- a **card pick** (Mail's and Master's Mail's 3 cards, the atelier) is one card at a time,
  in increasing card index (:attr:`~combowhist.cards.Card.index`);
- **Approximate's guesses** are one number at a time, the lower first;
- 1.5.1's **Rank Trump take** is the card taken, then the card given for it (E2);
- every other move is one action.

The actions of :class:`ActionSpace` are laid out in blocks: ``pass``; the standard bids and
then the special bids, each in table order; ``submit``; the four suits (♣ ♦ ♥ ♠, for
``trump`` and ``plague``); ``prefer none`` and then the 20 preferences (suit by suit,
strengths 1-5); the numbers 0-13 (guesses); the 52 cards by index (plays, picks, justice,
commits, takes, refills); the Mail directions ``left right across``; and the seats (for
``award``): 131 actions for 4 participants, 130 for 3. :meth:`ActionSpace.describe` puts
one in words.

A move being built is a :class:`Draft`: the actions chosen so far, an immutable, hashable
value (empty at the start of every decision). :meth:`ActionSpace.legal_actions` lists the
actions that may come next (:meth:`ActionSpace.mask` as flags), and never offers a dead
end: every action it offers leads on to at least one of the legal moves. In the auction
that is decided on the combo space's tables (R7, R8, the least worth, see
:meth:`~combowhist.combos.ComboSpace.leads_on`), without listing combo bids.
:meth:`ActionSpace.step` takes one action and returns the next draft or, once the sequence
is complete, the legal move itself; :meth:`ActionSpace.actions_of` is the inverse. The
action sequences of the legal moves are exactly the complete paths, one per move.

Everything is computed from a :class:`~combowhist.legal.LegalMoves` (``deal.legal_moves()``
or, for an agent, ``view.legal_moves()``): the encoding sees nothing a seat may not see.

>>> from combowhist import Deal, parse_move
>>> deal = Deal.new(players=4, dealer=0, seed=7)
>>> space = ActionSpace.of(deal.profile, players=4)
>>> moves = deal.legal_moves()
>>> [space.describe(a) for a in space.legal_actions(moves)][:3]
['pass', 'standard bid_of_shame', 'standard approximate']
>>> draft = space.step(moves, Draft(), space.actions_of(parse_move("bid trump", deal.profile))[0])
>>> draft, space.describe_draft(draft)
(Draft(actions=(3,)), 'standard trump')
>>> lock = space.special_start + [b.key for b in deal.profile.special_bids].index("lock")
>>> draft = space.step(moves, draft, lock)
>>> move = space.step(moves, draft, space.submit)
>>> str(move), move in moves, space.actions_of(move) == (3, lock, space.submit)
('bid trump+lock', True, True)

:class:`MoveIds` gives every move of a profile and participant count a stable integer id,
for logs and datasets. Both layouts are fixed by :data:`ENCODING_VERSION`.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from contextlib import suppress
from itertools import combinations
from math import comb
from typing import Any, Self

import attrs

from combowhist.bids import Bid, ComboBid
from combowhist.cards import ALL_CARDS, Card, CardSet, Suit, mask_indices
from combowhist.combos import ComboSpace, legal_combos
from combowhist.errors import CombowhistError, SetupError, shown
from combowhist.legal import BidMoves, CardMoves, CardSubsetMoves, LegalMoves, PossibleBidMoves
from combowhist.moves import (
    MAIL_DIRECTIONS,
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
    SetMail,
    SetPlague,
    SetTrump,
    Take,
    check_move,
)
from combowhist.profiles import RuleProfile, load_profile

__all__ = ["ENCODING_VERSION", "ActionSpace", "Draft", "IllegalActionError", "MoveIds"]

ENCODING_VERSION = 1
"""The version of the layouts of :class:`ActionSpace` and :class:`MoveIds`: any change to
either (an action or an id that means another thing) raises it."""

SUITS = 4
STRENGTHS = 5
"""Master's Trump preferences: strength 1-5 (R15)."""
NUMBERS = 14
"""Guesses: 0-13 tricks (R16)."""
CARDS = 52
_SHOWN = 10
"""An error lists at most this many of the legal actions."""


class IllegalActionError(CombowhistError):
    """An action that is not among :meth:`ActionSpace.legal_actions` now, a move the
    encoding cannot express, or an id or move unknown to :class:`MoveIds`."""


@attrs.frozen
class Draft:
    """A move being built by the seat to move: the actions chosen so far (none at the
    start of a decision). An immutable, hashable value, equal by its actions.

    >>> Draft((3, 40)) == Draft((3, 40)), len(Draft()), Draft((3,)).then(40)
    (True, 0, Draft(actions=(3, 40)))
    """

    actions: tuple[int, ...] = ()
    """The actions chosen so far, in order."""

    def __attrs_post_init__(self) -> None:
        actions = self.actions
        if type(actions) is not tuple or not all(type(a) is int for a in actions):
            # Any integers (NumPy's, say) are taken as ints; anything else is no action.
            try:
                if isinstance(actions, str | bytes) or any(isinstance(a, bool)
                                                           for a in actions):
                    raise TypeError
                actions = tuple(operator.index(a) for a in actions)
            except TypeError:
                raise IllegalActionError(f"a draft is a sequence of action numbers, not "
                                         f"{shown(self.actions)}") from None
            object.__setattr__(self, "actions", actions)

    def then(self, action: int) -> Draft:
        """This draft with one more action (unchecked: :meth:`ActionSpace.step` checks)."""
        return Draft((*self.actions, action))

    def __len__(self) -> int:
        return len(self.actions)


_START = Draft()


def _players(players: object) -> int:
    if type(players) is not int or players not in (3, 4):
        raise SetupError(f"a deal has 3 or 4 participants, not {shown(players)} (R3): for a "
                         f"game of more players, encode its deal's participants")
    return players


class _PerTable:
    """A value made for one profile and participant count, from them alone: immutable,
    equal and hashed by them, pickled as them."""

    profile: RuleProfile
    players: int

    def __init__(self, profile: RuleProfile, players: int) -> None:
        raise NotImplementedError

    @classmethod
    def of(cls, profile: RuleProfile | str | None = None, players: int = 4) -> Self:
        """The value for a profile (by name, path or object; ``None``: the default) and a
        participant count (3 or 4)."""
        return cls(load_profile(profile), players)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, type(self)) and other.players == self.players
                and other.profile == self.profile)

    def __hash__(self) -> int:
        return hash((type(self), self.profile.content, self.players))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.profile, self.players)


class ActionSpace(_PerTable):
    """The actions of a profile and participant count (3 or 4: a game of more players
    encodes its deal's participants), in the blocks described in :mod:`combowhist.encoding`.
    Equal spaces (same profile and count) encode alike; a space is picklable.

    >>> space = ActionSpace.of("1.4.2", players=4)
    >>> space.size, space.describe(space.card(Card.parse("AS"))), space.describe(0)
    (131, 'card AS', 'pass')
    """

    PASS = 0
    """The action ``pass``."""

    __slots__ = ("_blocks", "_known", "_specials", "_standards", "card_start", "direction_start",
                 "number_start", "players", "prefer_none", "profile", "seat_start", "size",
                 "special_start", "standard_start", "submit", "suit_start")

    profile: RuleProfile
    """The profile whose bids the bid actions name."""
    players: int
    """The participant count (how many seats ``award`` names)."""
    standard_start: int
    """The first standard bid's action; the others follow in table order."""
    special_start: int
    """The first special bid's action; the others follow in table order."""
    submit: int
    """The action that ends a bid."""
    suit_start: int
    """The action of ♣ (then ♦ ♥ ♠), for ``trump`` and ``plague``."""
    prefer_none: int
    """The action ``prefer none``; ``prefer SUIT N`` is ``prefer_none + 1 + 5 * suit + N - 1``."""
    number_start: int
    """The action of the number 0 (then 1-13), for guesses."""
    card_start: int
    """The action of the card of index 0 (then the others by index); see :meth:`card`."""
    direction_start: int
    """The action of Mail's ``left`` (then ``right``, ``across``)."""
    seat_start: int
    """The action of seat 0 (then the others), for ``award``."""
    size: int
    """How many actions there are."""
    _blocks: tuple[tuple[str, int, int], ...]
    _standards: dict[str, int]
    _specials: dict[str, int]
    _known: dict[Move, tuple[int, ...]]

    def __init__(self, profile: RuleProfile, players: int) -> None:
        set_ = object.__setattr__
        set_(self, "profile", profile)
        set_(self, "players", _players(players))
        at = 1  # after pass
        blocks = [("pass", 0, 1)]
        for kind, name, count in (
                ("standard", "standard_start", len(profile.standard_bids)),
                ("special", "special_start", len(profile.special_bids)),
                ("submit", "submit", 1), ("suit", "suit_start", SUITS),
                ("prefer none", "prefer_none", 1),
                ("prefer", "", SUITS * STRENGTHS), ("number", "number_start", NUMBERS),
                ("card", "card_start", CARDS),
                ("direction", "direction_start", len(MAIL_DIRECTIONS)),
                ("seat", "seat_start", players)):
            if name:
                set_(self, name, at)
            blocks.append((kind, at, at + count))
            at += count
        set_(self, "size", at)
        set_(self, "_blocks", tuple(blocks))
        set_(self, "_standards", {b.key: i for i, b in enumerate(profile.standard_bids)})
        set_(self, "_specials", {b.key: i for i, b in enumerate(profile.special_bids)})
        set_(self, "_known", {})

    def __repr__(self) -> str:
        return f"<ActionSpace {self.profile}, {self.players} players: {self.size} actions>"

    # -- single actions ------------------------------------------------------------------

    def card(self, card: Card | int) -> int:
        """The action naming a card (a play, a pick, a commit, …), given as a
        :class:`~combowhist.cards.Card` or its index."""
        return self.card_start + (card if isinstance(card, int) else card.index)

    def describe(self, action: int) -> str:
        """An action in words: ``pass``, ``standard trump``, ``special lock``, ``submit``,
        ``suit H``, ``prefer none``, ``prefer S 4``, ``number 5``, ``card AS``,
        ``direction left``, ``seat 2``. Raises :class:`IllegalActionError` for a number
        that is no action."""
        kind, value = self._kind(_action(action, self.size))
        if kind in ("pass", "submit", "prefer none"):
            return kind
        if kind == "standard":
            return f"standard {self.profile.standard_bids[value].key}"
        if kind == "special":
            return f"special {self.profile.special_bids[value].key}"
        if kind == "suit":
            return f"suit {Suit(value).letter}"
        if kind == "prefer":
            return f"prefer {Suit(value // STRENGTHS).letter} {value % STRENGTHS + 1}"
        if kind == "card":
            return f"card {ALL_CARDS[value]}"
        if kind == "direction":
            return f"direction {MAIL_DIRECTIONS[value]}"
        return f"{kind} {value}"

    def describe_draft(self, draft: Draft) -> str:
        """A draft in words, its actions described one by one (``nothing yet`` when
        empty); actions that are no action show as their number."""
        return ", ".join(map(self._describe_any, draft.actions)) or "nothing yet"

    def _describe_any(self, action: object) -> str:
        try:
            return self.describe(action)  # type: ignore[arg-type]
        except IllegalActionError:
            return shown(action)

    def _kind(self, action: int) -> tuple[str, int]:
        for kind, start, end in self._blocks:
            if start <= action < end:
                return kind, action - start
        raise AssertionError(action)  # _action checked the range

    # -- moves as action sequences ----------------------------------------------------

    def actions_of(self, move: Move) -> tuple[int, ...]:
        """The action sequence that builds ``move``. Raises :class:`IllegalActionError`
        for a move this space cannot express (a bid of another profile, a strength
        outside 1-5, an award to no seat, …); whether the move is legal now is not asked."""
        try:
            check_move(move)
        except CombowhistError as error:
            raise IllegalActionError(f"{shown(move)} is no move to encode: {error}") from None
        actions = self._actions_of(move)
        if actions is None:
            raise IllegalActionError(f"{move} cannot be encoded in the actions of profile "
                                     f"{self.profile} for {self.players} participants")
        return actions

    def _actions_of(self, move: Move) -> tuple[int, ...] | None:
        if isinstance(move, Pass):
            return (self.PASS,)
        if isinstance(move, MakeBid):
            combo = move.combo
            if combo.profile is not self.profile and combo.profile != self.profile:
                return None
            specials = [self._specials[b.key] for b in combo.specials]
            return (self.standard_start + self._standards[combo.standard.key],
                    *(self.special_start + i for i in specials), self.submit)
        if isinstance(move, SetTrump | SetPlague):
            return (self.suit_start + int(move.suit),)
        if isinstance(move, Prefer):
            if move.suit is None and move.strength is None:
                return (self.prefer_none,)
            if move.suit is None or move.strength is None or not (
                    1 <= move.strength <= STRENGTHS):
                return None
            return (self.prefer_none + 1 + int(move.suit) * STRENGTHS + move.strength - 1,)
        if isinstance(move, Guess):
            numbers = move.numbers
            if not 1 <= len(numbers) <= 2 or len(set(numbers)) != len(numbers) or not all(
                    0 <= n < NUMBERS for n in numbers):
                return None
            return tuple(self.number_start + n for n in numbers)
        if isinstance(move, SetJustice | Commit | Refill | Play):
            return (self.card(move.card),)
        if isinstance(move, Take):
            if move.give is None:
                return (self.card(move.card),)
            return None if move.give == move.card else (self.card(move.card),
                                                        self.card(move.give))
        if isinstance(move, SetMail):
            if move.direction not in MAIL_DIRECTIONS:
                return None
            return (self.direction_start + MAIL_DIRECTIONS.index(move.direction),)
        if isinstance(move, Send | SetAtelier):
            return tuple(self.card(index) for index in mask_indices(move.cards.mask)) or None
        if isinstance(move, Award):
            return (self.seat_start + move.seat,) if 0 <= move.seat < self.players else None
        return None

    def legal_actions(self, moves: LegalMoves, draft: Draft = _START) -> tuple[int, ...]:
        """The actions that may come next after ``draft`` among ``moves`` (the legal moves
        of the seat to move), in increasing order: each leads on to at least one of the
        moves (under R8's exact layer, a bid possible with the bidder's hand, found by
        asking ``in`` of one bid after another). Empty when ``draft`` is no start of a
        legal move's sequence."""
        done = _actions(draft)
        parts = moves.parts
        if len(parts) == 1:
            return tuple(sorted(self._next(parts[0], done)))
        found: set[int] = set()
        for part in parts:
            found.update(self._next(part, done))
        return tuple(sorted(found))

    def mask(self, moves: LegalMoves, draft: Draft = _START) -> list[bool]:
        """:meth:`legal_actions` as one flag per action, for a policy's action mask."""
        flags = [False] * self.size
        for action in self.legal_actions(moves, draft):
            flags[action] = True
        return flags

    def step(self, moves: LegalMoves, draft: Draft, action: int, *,
             seat: int | None = None) -> Draft | Move:
        """``draft`` with ``action`` added: the next draft or, when that completes a
        sequence, the finished move (one of ``moves``). An action that is not among
        :meth:`legal_actions` raises :class:`IllegalActionError` naming it, the draft and
        ``seat`` (the seat to move, where the caller knows it); nothing changes. Any
        integer type is accepted (a NumPy integer, say), a ``bool`` is not."""
        done = _actions(draft)
        number = _action(action, self.size, seat, draft, self)
        actions = (*done, number)
        offered = False
        for part in moves.parts:
            if self._accepts(part, done, number):
                offered = True
                move = self._finished(part, actions)
                if move is not None:
                    return move
        if offered:
            return Draft(actions)
        legal = self.legal_actions(moves, draft)
        listed = ", ".join(self.describe(a) for a in legal[:_SHOWN])
        if len(legal) > _SHOWN:
            listed += f", … ({len(legal)} in all)"
        where = (f"after {self.describe_draft(draft)}" if draft.actions
                 else "to start a move")
        raise IllegalActionError(
            f"{_seat(seat)}action {number} ({self.describe(number)}) is not legal {where}: "
            + (f"legal now: {listed}" if legal else "nothing follows that draft here"))

    # -- the parts of the legal moves ---------------------------------------------------

    def _next(self, part: Sequence[Move], done: tuple[int, ...]) -> Sequence[int]:
        """The actions that may follow ``done`` towards a move of ``part``."""
        if isinstance(part, CardMoves):  # trick play, commits, refills, justice, takes
            if done:
                return ()
            start = self.card_start
            return [start + card for card in mask_indices(part.mask)]
        if isinstance(part, BidMoves):
            return self._bid_next(part.space, done)
        if isinstance(part, PossibleBidMoves):
            return [action for action in self._bid_next(part.bids.space, done)
                    if self._possible_ahead(part, (*done, action))]
        if isinstance(part, CardSubsetMoves):
            return self._pick_next(part, done)
        count = len(done)
        found = set()
        for move in part:  # a few moves, each of a few actions
            actions = self._known_actions(move)
            if len(actions) > count and actions[:count] == done:
                found.add(actions[count])
        return sorted(found)

    def _accepts(self, part: Sequence[Move], done: tuple[int, ...], action: int) -> bool:
        """Whether ``action`` may follow ``done`` towards a move of ``part`` (one action
        checked, not all listed: see :meth:`_next`)."""
        if isinstance(part, CardMoves):
            return not done and part.of_card(action - self.card_start) is not None
        if isinstance(part, BidMoves):
            self._check_bids(part.space)
            if action != self.submit:
                bid = self._bid_of((*done, action))
                return bid is not None and part.space.leads_on(*bid)
            bid = self._bid_of(done)
            return bid is not None and part.space.after(*bid)[1]
        if isinstance(part, PossibleBidMoves):
            return (self._accepts(part.bids, done, action)
                    and self._possible_ahead(part, (*done, action)))
        return action in self._next(part, done)

    def _finished(self, part: Sequence[Move], actions: tuple[int, ...]) -> Move | None:
        """The move of ``part`` that ``actions`` (known to lead on to one) builds, if they
        build a whole one."""
        if isinstance(part, CardMoves):
            return part.of_card(actions[0] - self.card_start)
        if isinstance(part, BidMoves):
            if actions[-1] != self.submit:
                return None
            bid = self._bid_of(actions[:-1])
            assert bid is not None  # _accepts checked it
            return self._bid_move(*bid, part.space.players)
        if isinstance(part, PossibleBidMoves):  # _accepts checked R8's exact layer
            return self._finished(part.bids, actions)
        if isinstance(part, CardSubsetMoves):
            if len(actions) != part.size:
                return None
            return part.factory(CardSet(sum(1 << (a - self.card_start) for a in actions)))
        return next((move for move in part if self._known_actions(move) == actions), None)

    def _known_actions(self, move: Move) -> tuple[int, ...]:
        """:meth:`actions_of` for the few moves of the small parts (at most a few
        thousand: no bids, no picks), kept once made."""
        actions = self._known.get(move)
        if actions is None:
            actions = self._known[move] = self.actions_of(move)
        return actions

    # -- bids -------------------------------------------------------------------------

    def _bid_of(self, actions: Sequence[int]) -> tuple[Bid, tuple[Bid, ...]] | None:
        """The standard and special bids a bid's actions (without ``submit``) name, or
        ``None`` if they are no standard bid and special bids."""
        if not actions or not self.standard_start <= actions[0] < self.special_start or not all(
                self.special_start <= a < self.submit for a in actions[1:]):
            return None
        return (self.profile.standard_bids[actions[0] - self.standard_start],
                tuple(self.profile.special_bids[a - self.special_start] for a in actions[1:]))

    def _check_bids(self, space: ComboSpace) -> None:
        if space.profile is not self.profile and (
                space.profile != self.profile or space.players != self.players):
            raise IllegalActionError(f"these are the bids of profile {space.profile} for "
                                     f"{space.players} participants; this action space "
                                     f"encodes profile {self.profile} for {self.players}")

    def _bid_next(self, space: ComboSpace, done: tuple[int, ...]) -> Sequence[int]:
        self._check_bids(space)
        if not done:
            return [self.standard_start + i for i, standard in
                    enumerate(self.profile.standard_bids) if space.leads_on(standard)]
        bid = self._bid_of(done)
        if bid is None:
            return ()
        following, complete = space.after(*bid)  # nothing if the draft leads nowhere
        found = [self.special_start + self._specials[b.key] for b in following]
        if complete:
            found.append(self.submit)
        return found

    def _possible_ahead(self, part: PossibleBidMoves, actions: tuple[int, ...]) -> bool:
        """Under R8's exact layer: whether ``actions`` (a bid's, perhaps ending with
        ``submit``), which lead on to a bid of ``part``'s static space, lead on to one
        possible with the bidder's hand. One bid at a time, the fewest special bids
        first, each asked with ``in`` (one possibility key, decided once per hand): never
        the list of every possible bid that ``len`` needs."""
        if actions[-1] == self.submit:
            return self._finished(part.bids, actions) in part
        space = part.bids.space
        bid = self._bid_of(actions)
        assert bid is not None  # the static space accepted them
        standard, chosen = bid
        drafts = [chosen]
        while drafts:  # breadth first: the bids of the fewest special bids first
            ahead = []
            for chosen in drafts:
                following, complete = space.after(standard, chosen)
                if complete and self._bid_move(standard, chosen, space.players) in part:
                    return True
                ahead += [(*chosen, special) for special in following]
            drafts = ahead
        return False

    def _bid_move(self, standard: Bid, chosen: tuple[Bid, ...], players: int) -> MakeBid:
        """The ``bid`` move of ``standard`` with ``chosen``, known to be a combo bid of
        this profile for ``players`` (built bid by bid in a space that has it)."""
        return MakeBid(ComboBid.unchecked(self.profile, standard, chosen, proven_for=players))

    # -- card picks --------------------------------------------------------------------

    def _pick_next(self, part: CardSubsetMoves, done: tuple[int, ...]) -> Sequence[int]:
        """The next card of a pick, in increasing index: above the last one, with enough
        cards above it left to finish."""
        last = -1
        for action in done:
            card = action - self.card_start
            if not last < card < CARDS or not part.mask >> card & 1:
                return ()
            last = card
        left = part.size - len(done) - 1
        if left < 0:
            return ()
        start = self.card_start
        later = [start + card for card in mask_indices(part.mask) if card > last]
        return later[:len(later) - left] if len(later) > left else ()


def _actions(draft: Draft) -> tuple[int, ...]:
    if type(draft) is not Draft:
        raise IllegalActionError(f"expected a Draft (Draft() to start a move), not "
                                 f"{shown(draft)}")
    return draft.actions


def _seat(seat: int | None) -> str:
    return "" if seat is None else f"seat {seat}: "


def _action(action: object, size: int, seat: int | None = None, draft: Draft | None = None,
            space: ActionSpace | None = None, what: str = "actions") -> int:
    """``action`` as an int in ``range(size)``, or :class:`IllegalActionError`."""
    number: int | None = None
    if not isinstance(action, bool):
        with suppress(TypeError):
            number = operator.index(action)  # type: ignore[arg-type]
    if number is None or not 0 <= number < size:
        after = "" if draft is None or space is None else (
            f" (after {space.describe_draft(draft)})")
        raise IllegalActionError(f"{_seat(seat)}{shown(action)} is not one of the {size} "
                                 f"{what}, 0-{size - 1}{after}")
    return number


class MoveIds(_PerTable):
    """A stable integer id for every move of a profile and participant count, and back:
    for logs and datasets. Ids run kind by kind, in the order of :attr:`kinds`: ``pass``;
    ``bid`` (by the combo's place in :func:`~combowhist.combos.legal_combos` at the
    profile's least worth); ``trump`` and ``plague`` (by suit); ``prefer`` (none, then suit
    by suit, strengths 1-5); ``guess`` (one number 0-13, then the pairs in lexicographic
    order); ``justice`` (by card index); ``mail`` (left, right, across); ``send`` (3-card
    sets in colexicographic order of card indices); ``commit``; ``take`` (one card, then
    1.5.1's card and a gift of another card, by gift then card); ``atelier`` (by size 1
    to the largest, then colexicographically); ``refill``; ``play``; ``award`` (by
    seat). :attr:`size` is how many there are; every id is a move.

    >>> from combowhist import Pass, parse_move
    >>> ids = MoveIds.of("1.4.2", players=4)
    >>> ids.size, ids.id(Pass()), ids.move(ids.id(parse_move("play AS")))
    (452502, 0, Play(card=Card.parse('AS')))
    """

    __slots__ = ("_atelier_sizes", "_starts", "bids", "kinds", "players", "profile", "size")

    profile: RuleProfile
    """The profile whose combo bids the ``bid`` ids number."""
    players: int
    """The participant count (for R8's checks of the bids, and the seats of ``award``)."""
    bids: ComboSpace
    """Every combo bid of the profile, in the order of their ids."""
    kinds: tuple[tuple[str, int, int], ...]
    """Each kind of move by its notation word, with its first id and how many it has."""
    size: int
    """How many ids there are."""
    _atelier_sizes: tuple[int, ...]
    _starts: dict[str, tuple[int, int]]

    def __init__(self, profile: RuleProfile, players: int) -> None:
        set_ = object.__setattr__
        set_(self, "profile", profile)
        set_(self, "players", _players(players))
        set_(self, "bids", legal_combos(profile, players))
        largest = max((b.atelier_size for b in profile.special_bids), default=0)
        set_(self, "_atelier_sizes", tuple(range(1, largest + 1)))
        counts = (("pass", 1), ("bid", len(self.bids)), ("trump", SUITS), ("plague", SUITS),
                  ("prefer", 1 + SUITS * STRENGTHS), ("guess", NUMBERS + len(_GUESS_PAIRS)),
                  ("justice", CARDS), ("mail", len(MAIL_DIRECTIONS)),
                  ("send", comb(CARDS, 3)), ("commit", CARDS),
                  ("take", CARDS + CARDS * (CARDS - 1)),
                  ("atelier", sum(comb(CARDS, k) for k in self._atelier_sizes)),
                  ("refill", CARDS), ("play", CARDS), ("award", players))
        kinds = []
        start = 0
        for kind, count in counts:
            kinds.append((kind, start, count))
            start += count
        set_(self, "kinds", tuple(kinds))
        set_(self, "_starts", {kind: (first, count) for kind, first, count in kinds})
        set_(self, "size", start)

    def __repr__(self) -> str:
        return f"<MoveIds {self.profile}, {self.players} players: {self.size} ids>"

    def id(self, move: Move) -> int:
        """The id of ``move``. Raises :class:`IllegalActionError` for anything that is no
        move of this profile and participant count (a bid of another profile or one R7 or
        R8 forbids, a strength outside 1-5, 5 cards sent, an award to no seat, …)."""
        try:
            check_move(move)
        except CombowhistError as error:
            raise IllegalActionError(f"{shown(move)} has no move id: {error}") from None
        kind, offset = self._offset(move)
        first, count = self._starts[kind]
        # Every id names one move: whatever reads back otherwise is no move of these ids.
        if offset is None or not 0 <= offset < count or self._made(kind, offset) != move:
            raise IllegalActionError(f"{move} is no move of profile {self.profile} for "
                                     f"{self.players} participants: it has no move id")
        return first + offset

    def _offset(self, move: Move) -> tuple[str, int | None]:
        if isinstance(move, Pass):
            return "pass", 0
        if isinstance(move, MakeBid):
            if move.combo not in self.bids:
                return "bid", None
            return "bid", self.bids.index(move.combo)
        if isinstance(move, SetTrump | SetPlague):
            return ("trump" if isinstance(move, SetTrump) else "plague"), int(move.suit)
        if isinstance(move, Prefer):
            if move.suit is None or move.strength is None:
                return "prefer", 0
            return "prefer", 1 + int(move.suit) * STRENGTHS + move.strength - 1
        if isinstance(move, Guess):
            if len(move.numbers) == 1:
                return "guess", move.numbers[0]
            pair = _GUESS_PLACES.get(move.numbers)
            return "guess", None if pair is None else NUMBERS + pair
        if isinstance(move, SetJustice | Commit | Refill | Play):
            return _CARD_KINDS[type(move)], move.card.index
        if isinstance(move, Take):
            if move.give is None:
                return "take", move.card.index
            give, card = move.give.index, move.card.index
            if give == card:
                return "take", None
            return "take", CARDS + give * (CARDS - 1) + card - (card > give)
        if isinstance(move, SetMail):
            place = {d: i for i, d in enumerate(MAIL_DIRECTIONS)}.get(move.direction)
            return "mail", place
        if isinstance(move, Send):
            return "send", _subset_rank(move.cards.mask)
        if isinstance(move, SetAtelier):
            size = len(move.cards)
            if size not in self._atelier_sizes:
                return "atelier", None
            before = sum(comb(CARDS, k) for k in self._atelier_sizes if k < size)
            return "atelier", before + _subset_rank(move.cards.mask)
        assert isinstance(move, Award)  # check_move knows no other move
        return "award", move.seat

    def move(self, number: int) -> Move:
        """The move of an id (any integer type, not a ``bool``). Raises
        :class:`IllegalActionError` for a number that is no id."""
        number = _action(number, self.size, what="move ids")
        for kind, first, count in self.kinds:
            if number < first + count:
                return self._made(kind, number - first)
        raise AssertionError(number)

    def _made(self, kind: str, k: int) -> Move:
        if kind == "pass":
            return Pass()
        if kind == "bid":
            return MakeBid(self.bids[k])
        if kind in ("trump", "plague"):
            return SetTrump(Suit(k)) if kind == "trump" else SetPlague(Suit(k))
        if kind == "prefer":
            if k == 0:
                return Prefer()
            return Prefer(Suit((k - 1) // STRENGTHS), (k - 1) % STRENGTHS + 1)
        if kind == "guess":
            return Guess((k,)) if k < NUMBERS else Guess(_GUESS_PAIRS[k - NUMBERS])
        if kind in _KINDS_OF_CARDS:
            return _KINDS_OF_CARDS[kind](ALL_CARDS[k])
        if kind == "take":
            if k < CARDS:
                return Take(ALL_CARDS[k])
            give, card = divmod(k - CARDS, CARDS - 1)
            return Take(ALL_CARDS[card + (card >= give)], ALL_CARDS[give])
        if kind == "mail":
            return SetMail(MAIL_DIRECTIONS[k])
        if kind == "send":
            return Send(CardSet(_subset_unrank(k, 3)))
        if kind == "atelier":
            for size in self._atelier_sizes:
                if k < comb(CARDS, size):
                    return SetAtelier(CardSet(_subset_unrank(k, size)))
                k -= comb(CARDS, size)
        if kind == "award":
            return Award(k)
        raise AssertionError(kind)


_GUESS_PAIRS = tuple(combinations(range(NUMBERS), 2))
_GUESS_PLACES: dict[tuple[int, ...], int] = {pair: i for i, pair in enumerate(_GUESS_PAIRS)}
_CardMove = type[SetJustice | Commit | Refill | Play]
_CARD_KINDS: dict[_CardMove, str] = {SetJustice: "justice", Commit: "commit",
                                     Refill: "refill", Play: "play"}
_KINDS_OF_CARDS: dict[str, _CardMove] = {name: kind for kind, name in _CARD_KINDS.items()}


def _subset_rank(mask: int) -> int:
    """The colexicographic rank of a set of card indices among sets of its size."""
    return sum(comb(index, k) for k, index in enumerate(mask_indices(mask), start=1))


def _subset_unrank(rank: int, size: int) -> int:
    """The set of ``size`` card indices of colexicographic rank ``rank``, as a mask."""
    mask = 0
    position = CARDS
    for k in range(size, 0, -1):
        position -= 1
        while comb(position, k) > rank:
            position -= 1
        rank -= comb(position, k)
        mask |= 1 << position
    return mask

