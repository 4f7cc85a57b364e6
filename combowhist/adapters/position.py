"""A deal as a game-AI framework steps it: one action of :mod:`combowhist.encoding` at a time.

A :class:`Position` is a :class:`~combowhist.Deal` and the :class:`~combowhist.encoding.Draft`
of the move its seat to move is building (a bid takes several actions by the same seat). It
is an immutable value, like the deal: :meth:`Position.apply` returns the next position, and
copies (``copy.copy``, ``copy.deepcopy``) are the position itself. Both adapters use it; it
imports no framework.

What it shows a seat comes from that seat's :class:`~combowhist.PlayerView` only: the
observation (:func:`combowhist.observation.observe` of the view, then the seat's own draft),
the information-state text and the rendering. The legal actions are those of the seat to
move's legal moves (the moves its view lists).

>>> from combowhist import Deal, parse_move
>>> position = Position(Deal.new(players=4, seed=7))
>>> position.to_move, position.legal_actions()[:3]
(1, (0, 1, 2))
>>> first, submit = position.space.actions_of(
...     parse_move("bid trump", position.deal.profile))
>>> position = position.apply(first)  # the standard bid Trump ...
>>> position.to_move, position.draft  # ... is not a whole move: the same seat goes on
(1, Draft(actions=(3,)))
>>> position.apply(submit).deal.history
(MakeBid(combo=ComboBid.parse('trump', '1.4.2')),)
"""

from __future__ import annotations

import json
import operator
from typing import Any

from combowhist.cli.render import view_text
from combowhist.deal import Deal
from combowhist.encoding import ActionSpace, Draft, IllegalActionError
from combowhist.legal import BidMoves
from combowhist.moves import Move
from combowhist.observation import observation_layout, observe
from combowhist.profiles import RuleProfile
from combowhist.views import PlayerView

__all__ = ["Position", "action_space", "observation_size"]

_NO_DRAFT = Draft()


def observation_size(profile: RuleProfile, players: int) -> int:
    """The length of :meth:`Position.observation` for a profile and table size: the
    observation of :mod:`combowhist.observation`, then one flag per action of
    :class:`~combowhist.encoding.ActionSpace` (the actions of the seat's own draft)."""
    return observation_layout(profile, players).size + action_space(profile, players).size


class Position:
    """A deal and the move its seat to move is building (see the module docs)."""

    __slots__ = ("_auction_key", "_legal", "_observed", "deal", "draft", "space")

    deal: Deal
    draft: Draft
    """The actions the seat to move has chosen so far for its move."""
    space: ActionSpace

    def __init__(self, deal: Deal, draft: Draft = _NO_DRAFT,
                 space: ActionSpace | None = None) -> None:
        self.deal = deal
        self.draft = draft
        self.space = space if space is not None else action_space(deal.profile, deal.players)
        self._legal: tuple[int, ...] | None = None
        self._auction_key: tuple[Any, ...] | None = None
        self._observed: dict[int, list[float]] = {}
        """Each seat's observation of the deal, once made: shared by the positions of
        one deal (a bid being built does not change what anyone observes of it)."""

    # -- values -------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not Position:
            return NotImplemented
        return self.deal == other.deal and self.draft == other.draft

    def __hash__(self) -> int:
        return hash((self.deal, self.draft))

    def __copy__(self) -> Position:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self  # immutable: what makes an OpenSpiel clone cheap

    def __reduce__(self) -> tuple[Any, ...]:
        # Saved through the deal's JSON (the draft is a few ints).
        return (Position.from_json, (self.to_json(), self.deal.profile))

    def to_json(self) -> str:
        """The position as JSON: the deal's :meth:`~combowhist.Deal.to_json` and the draft;
        :meth:`from_json` reads it back."""
        return json.dumps({"deal": json.loads(self.deal.to_json()),
                           "draft": list(self.draft.actions)})

    @classmethod
    def from_json(cls, text: str, profile: RuleProfile | str | None = None) -> Position:
        """The position :meth:`to_json` wrote (``profile`` as for
        :meth:`Deal.from_json <combowhist.Deal.from_json>`); the draft is checked action by
        action, so a draft that is not legal raises
        :class:`~combowhist.encoding.IllegalActionError`."""
        data = json.loads(text)
        position = cls(Deal.from_json(json.dumps(data["deal"]), profile))
        for action in data["draft"]:
            position = position.apply(action)
        return position

    def __repr__(self) -> str:
        return f"Position({self.deal!r}, {self.draft!r})"

    # -- reading ------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat to move, ``None`` once the deal is over."""
        return self.deal.to_move

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.deal.result is not None

    def legal_actions(self) -> tuple[int, ...]:
        """The actions the seat to move may take next, in increasing order (what
        :meth:`ActionSpace.legal_actions <combowhist.encoding.ActionSpace.legal_actions>`
        gives for its legal moves and draft); empty once the deal is over."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> tuple[int, ...]:
        if self.deal.result is not None:
            return ()
        moves = self.deal.legal_moves()  # the mover's view lists the same moves
        parts = moves.parts
        if any(isinstance(part, BidMoves) for part in parts):
            # The auction's actions depend on its combo space and the draft only, and the
            # spaces recur deal after deal (they are shared): remember them.
            key = self._auction_key = (
                self.space, self.draft.actions,
                *(part.space if isinstance(part, BidMoves) else tuple(part) for part in parts))
            legal = _AUCTION.get(key)
            if legal is None:
                if len(_AUCTION) >= _REMEMBERED:
                    _AUCTION.clear()
                legal = _AUCTION[key] = self.space.legal_actions(moves, self.draft)
            return legal  # type: ignore[return-value]
        return self.space.legal_actions(moves, self.draft)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` sees of the deal (:meth:`Deal.view <combowhist.Deal.view>`)."""
        return self.deal.view(seat)

    def observation(self, seat: int) -> list[float]:
        """What ``seat`` observes, :func:`observation_size` numbers: the observation of its
        view (:func:`combowhist.observation.observe`), then a flag per action of its own
        draft (all 0 for a seat not to move: the others do not see a bid being built)."""
        flags = [0.0] * self.space.size
        if seat == self.deal.to_move:
            for action in self.draft.actions:
                flags[action] = 1.0
        observed = self._observed.get(seat)
        if observed is None:
            observed = self._observed[seat] = observe(self.deal.view(seat))
        return observed + flags

    def information_text(self, seat: int) -> str:
        """Everything ``seat`` knows, as one line of JSON: its view
        (:meth:`PlayerView.to_dict <combowhist.PlayerView.to_dict>`, the log of every move
        it saw included, its legal moves left out since they follow) and its own draft.
        Two positions give a seat the same text exactly when they look the same to it."""
        data = self.deal.view(seat).to_dict()
        del data["legal_moves"]
        data["draft"] = list(self.draft.actions) if seat == self.deal.to_move else []
        return json.dumps(data, separators=(",", ":"))

    def text(self, seat: int) -> str:
        """What ``seat`` sees now, as text for people: the view as ``combowhist play``
        shows it, the draft it is building, the result once the deal is over."""
        lines = [view_text(self.deal.view(seat), _seat_name)]
        if seat == self.deal.to_move and self.draft.actions:
            lines.append("building: " + ", ".join(map(self.space.describe,
                                                      self.draft.actions)))
        result = self.deal.result
        if result is not None:
            lines.append("points: " + ", ".join(f"{_seat_name(s)} {p}"
                                                for s, p in enumerate(result.points)))
        return "\n".join(lines)

    # -- changing -----------------------------------------------------------------------

    def choose(self, action: object) -> Draft | Move:
        """What ``action`` (an int, or any integer such as a NumPy one) makes of the move
        being built: its next draft, or the finished move. An action not in
        :meth:`legal_actions` raises :class:`~combowhist.encoding.IllegalActionError`
        naming it and the seat."""
        number = _action_number(action)
        legal = self.legal_actions()
        if number not in legal:
            raise IllegalActionError(self._refusal(number, legal))
        key = self._auction_key
        if key is None:
            return self.space.step(self.deal.legal_moves(), self.draft, number)
        # What an auction's action makes depends on the same as its actions (above).
        done = _AUCTION.get((*key, number))
        if done is None:
            done = _AUCTION[(*key, number)] = self.space.step(self.deal.legal_moves(),
                                                              self.draft, number)
        return done  # type: ignore[return-value]

    def apply(self, action: object) -> Position:
        """The position after the seat to move takes ``action`` (see :meth:`choose`): the
        same deal with the longer draft, or the deal after the finished move. A refused
        action changes nothing."""
        return self.after(self.choose(action))

    def after(self, done: Draft | Move) -> Position:
        """The position after what :meth:`choose` made: the same deal with the longer draft
        (sharing the observations already made of it), or the deal after the finished
        move."""
        if isinstance(done, Draft):
            position = Position(self.deal, done, self.space)
            position._observed = self._observed
            return position
        return Position(self.deal.apply(done), _NO_DRAFT, self.space)

    def _refusal(self, number: int, legal: tuple[int, ...]) -> str:
        if not 0 <= number < self.space.size:
            what = f"action {number} is not one of the {self.space.size} actions"
        else:
            what = f"action {number} ({self.space.describe(number)}) is not legal"
        if self.deal.result is not None:
            return f"{what}: the deal is over"
        shown = ", ".join(map(self.space.describe, legal[:8]))
        more = ", …" if len(legal) > 8 else ""
        return (f"seat {self.deal.to_move}: {what} after {self.draft} in phase "
                f"{self.deal.phase.value} (legal: {shown}{more})")


def _action_number(action: object) -> int:
    if type(action) is int:
        return action
    if isinstance(action, bool):
        raise IllegalActionError(f"action {action!r} is not an integer")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalActionError(f"action {action!r} is not an integer") from None


def _seat_name(seat: int) -> str:
    return f"seat {seat}"


_REMEMBERED = 4096
_AUCTION: dict[tuple[Any, ...], tuple[int, ...] | Draft | Move] = {}
"""Recent auction positions' legal actions, and the moves their actions finish (see
``Position._compute_legal``)."""

_SPACES: dict[tuple[RuleProfile, int], ActionSpace] = {}


def action_space(profile: RuleProfile, players: int) -> ActionSpace:
    """The :class:`~combowhist.encoding.ActionSpace` of a profile and table size, one
    shared object for each (they are immutable): what a :class:`Position` uses."""
    key = (profile, players)
    space = _SPACES.get(key)
    if space is None:
        space = _SPACES[key] = ActionSpace(profile, players)
    return space

