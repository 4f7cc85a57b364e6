"""A factored action encoding for game-AI: every move as a short sequence of small actions.

A flat list of every move of every phase would need about 450,000 action ids (133,145 combo
bids, 22,100 ways to pick 3 cards for Mail, 270,725 ateliers): too wide for a policy. Here a
move is built in sub-steps by the seat to move:

- a **bid** is its standard bid, then its special bids in table order, then ``submit``;
- a **card pick** (Mail's 3 cards, the atelier) is one card at a time, lowest index first;
- **Approximate's guesses** are one number at a time, lowest first;
- 1.5.1's **Rank Trump take** is the card taken, then the card given (E2);
- every other move is one action.

About 131 actions for 4 players (see :attr:`ActionSpace.size`). A move being built is a
:class:`Draft` (the actions chosen so far, immutable). :meth:`ActionSpace.legal_actions`
lists the actions that may come next, and never offers a dead end: every action it offers
leads on to at least one legal move (a bid to at least one combo bid worth enough, R7, R8).
:meth:`ActionSpace.step` takes one and returns the next draft or, once the sequence is
complete, the move itself. :meth:`ActionSpace.actions_of` is the inverse: a move's sequence.

Everything is computed from a :class:`~combowhist.legal.LegalMoves` (``deal.legal_moves()``
or, for an agent, ``view.legal_moves()``): the encoding sees nothing a seat may not see.

:class:`MoveIds` gives every move of a profile and table size a stable integer id, for logs
and datasets.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from math import comb

import attrs

from combowhist.bids import Bid, ComboBid
from combowhist.cards import ALL_CARDS, Card, CardSet, Suit, mask_indices
from combowhist.combos import ComboSpace, legal_combos
from combowhist.errors import CombowhistError
from combowhist.legal import BidMoves, CardSubsetMoves, LegalMoves
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
)
from combowhist.profiles import RuleProfile, load_profile

__all__ = ["ENCODING_VERSION", "ActionSpace", "Draft", "IllegalActionError", "MoveIds"]

ENCODING_VERSION = 1
"""The layout of :class:`ActionSpace` and :class:`MoveIds`; a change of either raises it."""

SUITS = 4
STRENGTHS = 5
"""Master's Trump preferences: strength 1-5 (R15)."""
NUMBERS = 14
"""Guesses: 0-13 tricks (R16)."""
CARDS = 52


class IllegalActionError(CombowhistError, ValueError):
    """An action that is not among :meth:`ActionSpace.legal_actions` now (or an id that is
    no move of :class:`MoveIds`)."""


@attrs.frozen
class Draft:
    """A move being built by the seat to move: the actions chosen so far (none at the start
    of a decision)."""

    actions: tuple[int, ...] = ()

    def __str__(self) -> str:
        return " ".join(map(str, self.actions)) or "(nothing yet)"


@attrs.frozen(eq=False)
class ActionSpace:
    """The actions of a profile and table size, laid out in blocks: ``pass``, the standard
    bids and the special bids in table order, ``submit``, the four suits, the preferences
    (``prefer none``, then suit by suit strengths 1-5), the numbers 0-13, the 52 cards, the
    three Mail directions and the seats (for ``award``).

    >>> space = ActionSpace.of("1.4.2", players=4)
    >>> space.size, space.describe(space.card(Card.parse("AS")))
    (131, 'card AS')
    """

    profile: RuleProfile
    players: int
    standard_start: int = attrs.field(init=False)
    special_start: int = attrs.field(init=False)
    submit: int = attrs.field(init=False)
    """The action that ends a bid."""
    suit_start: int = attrs.field(init=False)
    prefer_none: int = attrs.field(init=False)
    number_start: int = attrs.field(init=False)
    card_start: int = attrs.field(init=False)
    direction_start: int = attrs.field(init=False)
    seat_start: int = attrs.field(init=False)
    size: int = attrs.field(init=False)
    """How many actions there are."""

    PASS = 0
    """The action ``pass``."""

    def __attrs_post_init__(self) -> None:
        starts = {}
        at = 1  # after pass
        for name, count in (("standard_start", len(self.profile.standard_bids)),
                            ("special_start", len(self.profile.special_bids)),
                            ("submit", 1), ("suit_start", SUITS),
                            ("prefer_none", 1 + SUITS * STRENGTHS),
                            ("number_start", NUMBERS), ("card_start", CARDS),
                            ("direction_start", len(MAIL_DIRECTIONS)),
                            ("seat_start", self.players), ("size", 0)):
            starts[name] = at
            at += count
        for name, value in starts.items():
            object.__setattr__(self, name, value)

    @classmethod
    def of(cls, profile: RuleProfile | str | None = None, players: int = 4) -> ActionSpace:
        """The action space of a profile (by name, path or object) and table size."""
        return cls(load_profile(profile), players)

    # -- single actions ------------------------------------------------------------------

    def card(self, card: Card | int) -> int:
        """The action naming a card (a play, a pick, a commit, …)."""
        return self.card_start + (card if isinstance(card, int) else card.index)

    def describe(self, action: int) -> str:
        """An action in words: ``pass``, ``standard trump``, ``special lock``, ``submit``,
        ``suit H``, ``prefer none``, ``prefer S 4``, ``number 5``, ``card AS``,
        ``direction left``, ``seat 2``."""
        kind, value = self._kind(action)
        if kind in ("pass", "submit", "prefer none"):
            return kind
        if kind in ("standard", "special"):
            bids = self.profile.standard_bids if kind == "standard" else self.profile.special_bids
            return f"{kind} {bids[value].key}"
        if kind == "suit":
            return f"suit {Suit(value).letter}"
        if kind == "prefer":
            return f"prefer {Suit(value // STRENGTHS).letter} {value % STRENGTHS + 1}"
        if kind == "card":
            return f"card {ALL_CARDS[value]}"
        if kind == "direction":
            return f"direction {MAIL_DIRECTIONS[value]}"
        return f"{kind} {value}"

    def _kind(self, action: int) -> tuple[str, int]:
        if type(action) is not int or not 0 <= action < self.size:
            raise IllegalActionError(f"action {action!r} is not one of the {self.size} "
                                     f"actions (0-{self.size - 1})")
        if action == self.PASS:
            return "pass", 0
        blocks = (("standard", self.standard_start), ("special", self.special_start),
                  ("submit", self.submit), ("suit", self.suit_start),
                  ("prefer none", self.prefer_none), ("prefer", self.prefer_none + 1),
                  ("number", self.number_start), ("card", self.card_start),
                  ("direction", self.direction_start), ("seat", self.seat_start),
                  ("", self.size))
        for (kind, start), (_, end) in zip(blocks, blocks[1:], strict=False):
            if start <= action < end:
                return kind, action - start
        raise AssertionError(action)  # the blocks cover 1 .. size - 1

    # -- moves as action sequences ----------------------------------------------------

    def actions_of(self, move: Move) -> tuple[int, ...]:
        """The action sequence that builds ``move``."""
        if isinstance(move, Pass):
            return (self.PASS,)
        if isinstance(move, MakeBid):
            position = self.profile.position
            standards = len(self.profile.standard_bids)
            return (self.standard_start + position[move.combo.standard.key],
                    *(self.special_start + position[b.key] - standards
                      for b in move.combo.specials), self.submit)
        if isinstance(move, SetTrump | SetPlague):
            return (self.suit_start + int(move.suit),)
        if isinstance(move, Prefer):
            if move.suit is None or move.strength is None:
                return (self.prefer_none,)
            return (self.prefer_none + 1 + int(move.suit) * STRENGTHS + move.strength - 1,)
        if isinstance(move, Guess):
            return tuple(self.number_start + n for n in move.numbers)
        if isinstance(move, SetJustice | Commit | Refill | Play):
            return (self.card(move.card),)
        if isinstance(move, Take):
            give = () if move.give is None else (self.card(move.give),)
            return (self.card(move.card), *give)
        if isinstance(move, SetMail):
            return (self.direction_start + MAIL_DIRECTIONS.index(move.direction),)
        if isinstance(move, Send | SetAtelier):
            return tuple(self.card(index) for index in mask_indices(move.cards.mask))
        if isinstance(move, Award):
            return (self.seat_start + move.seat,)
        raise IllegalActionError(f"{move} is not a move the encoding knows")

    def legal_actions(self, moves: LegalMoves, draft: Draft = Draft()) -> tuple[int, ...]:
        """The actions that may come next after ``draft`` among ``moves`` (a seat's legal
        moves), in increasing order: each leads on to at least one of the moves."""
        found: set[int] = set()
        done = draft.actions
        for part in moves.parts:
            if isinstance(part, BidMoves):
                found.update(self._bid_actions(part.space, done))
            elif isinstance(part, CardSubsetMoves):
                found.update(self._pick_actions(part, done))
            else:
                found.update(actions[len(done)] for actions in map(self.actions_of, part)
                             if len(actions) > len(done) and actions[:len(done)] == done)
        return tuple(sorted(found))

    def mask(self, moves: LegalMoves, draft: Draft = Draft()) -> list[bool]:
        """:meth:`legal_actions` as one flag per action, for a policy's action mask."""
        flags = [False] * self.size
        for action in self.legal_actions(moves, draft):
            flags[action] = True
        return flags

    def step(self, moves: LegalMoves, draft: Draft, action: int) -> Draft | Move:
        """``draft`` with ``action`` added: the next draft, or the finished move (one of
        ``moves``). An action not in :meth:`legal_actions` raises
        :class:`IllegalActionError` naming it."""
        if action not in self.legal_actions(moves, draft):
            raise IllegalActionError(f"action {action} ({self._describe_any(action)}) is not "
                                     f"legal after {draft}")
        actions = (*draft.actions, action)
        for part in moves.parts:
            move = self._finished(part, actions)
            if move is not None:
                return move
        return Draft(actions)

    def _describe_any(self, action: int) -> str:
        try:
            return self.describe(action)
        except IllegalActionError:
            return "no action"

    def _finished(self, part: Sequence[Move], actions: tuple[int, ...]) -> Move | None:
        """The move of ``part`` that ``actions`` builds, if they build a whole one."""
        if isinstance(part, BidMoves):
            if actions[-1] != self.submit:
                return None
            standard, chosen = self._bid_of(actions[:-1])
            return MakeBid(ComboBid.unchecked(self.profile, standard, chosen,
                                              proven_for=part.space.players))
        if isinstance(part, CardSubsetMoves):
            if len(actions) != part.size:
                return None
            cards = CardSet(sum(1 << (a - self.card_start) for a in actions))
            return part.factory(cards)
        return next((move for move in part if self.actions_of(move) == actions), None)

    # -- bids -------------------------------------------------------------------------

    def _bid_of(self, actions: Sequence[int]) -> tuple[Bid, tuple[Bid, ...]]:
        standard = self.profile.standard_bids[actions[0] - self.standard_start]
        return standard, tuple(self.profile.special_bids[a - self.special_start]
                               for a in actions[1:])

    def _bid_actions(self, space: ComboSpace, done: tuple[int, ...]) -> Iterable[int]:
        if not done:
            return (self.standard_start + i for i, standard in
                    enumerate(self.profile.standard_bids) if space.leads_on(standard))
        if not (self.standard_start <= done[0] < self.special_start) or any(
                not self.special_start <= a < self.submit for a in done[1:]):
            return ()
        standard, chosen = self._bid_of(done)
        standards = len(self.profile.standard_bids)
        found = [self.special_start + self.profile.position[b.key] - standards
                 for b in space.next_bids(standard, chosen)]
        if ComboBid.unchecked(self.profile, standard, chosen) in space:
            found.append(self.submit)
        return found

    # -- card picks --------------------------------------------------------------------

    def _pick_actions(self, part: CardSubsetMoves, done: tuple[int, ...]) -> Iterable[int]:
        """The next card of a pick, lowest first: above the last one, with enough cards
        above it left to finish."""
        last = done[-1] - self.card_start if done else -1
        left = part.size - len(done) - 1
        if left < 0 or any(not self.card_start <= a < self.direction_start for a in done):
            return ()
        cards = [c for c in mask_indices(part.mask) if c > last]
        return (self.card(c) for c in cards[:len(cards) - left])


class MoveIds:
    """A stable integer id for every move of a profile and table size, and back: for logs
    and datasets. Ids run kind by kind in a fixed order (``pass``, bids by their place in
    :func:`~combowhist.combos.legal_combos` of the profile's least worth, then trump,
    plague, preferences, guesses, justice, mail, Mail and Master's Mail picks, commits,
    takes, ateliers, refills, plays, awards); :attr:`size` is how many there are.

    >>> ids = MoveIds.of("1.4.2", players=4)
    >>> from combowhist import parse_move
    >>> ids.move(ids.id(parse_move("play AS")))
    Play(card=Card.parse('AS'))
    """

    def __init__(self, profile: RuleProfile, players: int) -> None:
        self.profile = profile
        self.players = players
        self.bids = legal_combos(profile, players)
        atelier = max((b.atelier_size for b in profile.special_bids), default=0)
        self._atelier_sizes = tuple(range(1, atelier + 1))
        self._kinds: list[tuple[str, int]] = [
            ("pass", 1), ("bid", len(self.bids)), ("trump", SUITS), ("plague", SUITS),
            ("prefer", 1 + SUITS * STRENGTHS), ("guess", NUMBERS + comb(NUMBERS, 2)),
            ("justice", CARDS), ("mail", len(MAIL_DIRECTIONS)), ("send", comb(CARDS, 3)),
            ("commit", CARDS), ("take", CARDS + CARDS * CARDS),
            ("atelier", sum(comb(CARDS, k) for k in self._atelier_sizes)),
            ("refill", CARDS), ("play", CARDS), ("award", players)]
        self.size = sum(count for _, count in self._kinds)
        """How many ids there are."""

    @classmethod
    def of(cls, profile: RuleProfile | str | None = None, players: int = 4) -> MoveIds:
        return cls(load_profile(profile), players)

    def _start(self, kind: str) -> int:
        start = 0
        for name, count in self._kinds:
            if name == kind:
                return start
            start += count
        raise AssertionError(kind)

    def id(self, move: Move) -> int:
        """The id of ``move``; :class:`IllegalActionError` for a move of another profile or
        table size (a bid of another profile, an award to no seat, …)."""
        kind, offset = self._offset(move)
        return self._start(kind) + offset

    def _offset(self, move: Move) -> tuple[str, int]:
        if isinstance(move, Pass):
            return "pass", 0
        if isinstance(move, MakeBid):
            try:
                return "bid", self.bids.index(move.combo)
            except ValueError:
                raise IllegalActionError(f"{move} is no bid of profile {self.profile} for "
                                         f"{self.players} players") from None
        if isinstance(move, SetTrump | SetPlague):
            return ("trump" if isinstance(move, SetTrump) else "plague"), int(move.suit)
        if isinstance(move, Prefer):
            if move.suit is None or move.strength is None:
                return "prefer", 0
            return "prefer", 1 + int(move.suit) * STRENGTHS + move.strength - 1
        if isinstance(move, Guess):
            if len(move.numbers) == 1:
                return "guess", move.numbers[0]
            return "guess", NUMBERS + _GUESS_PAIRS.index(move.numbers)
        if isinstance(move, SetJustice | Commit | Refill | Play):
            return _CARD_KINDS[type(move)], move.card.index
        if isinstance(move, Take):
            if move.give is None:
                return "take", move.card.index
            return "take", CARDS + move.give.index * CARDS + move.card.index
        if isinstance(move, SetMail):
            return "mail", MAIL_DIRECTIONS.index(move.direction)
        if isinstance(move, Send):
            return "send", _subset_rank(move.cards.mask)
        if isinstance(move, SetAtelier):
            size = len(move.cards)
            if size not in self._atelier_sizes:
                raise IllegalActionError(f"{move}: profile {self.profile} has no atelier of "
                                         f"{size} cards")
            before = sum(comb(CARDS, k) for k in self._atelier_sizes if k < size)
            return "atelier", before + _subset_rank(move.cards.mask)
        if isinstance(move, Award):
            if not 0 <= move.seat < self.players:
                raise IllegalActionError(f"{move}: no seat {move.seat} at {self.players}")
            return "award", move.seat
        raise IllegalActionError(f"{move} is not a move the ids know")

    def move(self, number: int) -> Move:
        """The move of an id; :class:`IllegalActionError` for a number out of range."""
        if type(number) is not int or not 0 <= number < self.size:
            raise IllegalActionError(f"move id {number!r} is not one of the {self.size} ids")
        for kind, count in self._kinds:
            if number < count:
                return self._made(kind, number)
            number -= count
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
            give, card = divmod(k - CARDS, CARDS)
            return Take(ALL_CARDS[card], ALL_CARDS[give])
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
_CARD_KINDS: dict[type, str] = {SetJustice: "justice", Commit: "commit", Refill: "refill",
                                Play: "play"}
_KINDS_OF_CARDS = {name: kind for kind, name in _CARD_KINDS.items()}


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
