"""What an app tells a :class:`~combowhist.Game` besides the players' moves: hands dealt at
a real table, a deal's outcome read off the score sheet, and cheating (R40).

The engine makes illegal moves impossible, so cheating at a real table enters as an
adjudication event (R40), not as a move:

=========================  ===========================================================
:class:`DeclarerCheated`   (i) D cheated unintentionally: the bid fails.
:class:`OpponentCheated`   (ii) an opponent cheated: play goes on, D loses no points if
                           the bid fails, the cheater loses the bid's Score at once.
:class:`CheatBeforeBid`    (iii) a cheat before a declarer exists: the deal is cancelled,
                           the cheater loses 2 and the same dealer deals again; the
                           banned participants still get their free point (R36).
:class:`CheatReversed`     (iv) the participants agree to reverse play to before the
                           cheat: the cheater loses 1.
:class:`IntentionalCheat`  (v) the cheater leaves the game, which goes on if 3 or more
                           players remain.
=========================  ===========================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from combowhist.bids import ComboBid
from combowhist.cards import CardSet
from combowhist.errors import GameError

__all__ = [
    "Cheat",
    "CheatBeforeBid",
    "CheatReversed",
    "DeclarerCheated",
    "Hands",
    "IntentionalCheat",
    "OpponentCheated",
    "Outcome",
]


def _check_type(event: object, name: str, kind: type | tuple[type, ...],
                none: bool = False) -> None:
    value = getattr(event, name)
    if value is None and none:
        return
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (type(value) is bool and bool not in kinds) or not isinstance(value, kinds):
        names = " or ".join(k.__name__ for k in kinds) + (" or None" if none else "")
        raise GameError(f"{type(event).__name__}: {name} must be {names}, got {value!r}")


def _player_tuple(players: Iterable[int]) -> tuple[int, ...]:
    return tuple(players)


def _hand_texts(hands: Sequence[CardSet | str]) -> tuple[str, ...]:
    return tuple(str(hand) for hand in hands)


def _combo_text(combo: ComboBid | str | None) -> str | None:
    """What an outcome's combo is compared by: its text, so that an outcome read back from
    JSON (where a combo bid is its text) equals the one recorded."""
    return None if combo is None else str(combo)


@attrs.frozen
class Hands:
    """The hands dealt at a real table, for a game created with ``mode="hands"``:
    ``hands[i]`` is the cards of the deal's seat ``i`` (the i-th of
    :attr:`Game.participants <combowhist.Game.participants>`), in card notation."""

    hands: tuple[str, ...] = attrs.field(converter=_hand_texts)


@attrs.frozen
class Outcome:
    """One deal as a score sheet records it, for a game created with ``mode="sheet"``.

    ``declarer`` is a player (not a deal seat), ``None`` when everyone passed. ``combo`` is
    the declarer's combo bid or its notation. ``extra_points`` are the points earned on top
    of the bid's score: ``None`` means the ones a completed bid always earns (Greed's);
    add honorable Plague's point (R33) when the declarer was honorably beplagued.
    ``declarer_cheated`` (R40 i) makes the bid fail; ``cheaters`` lists the opponents who
    cheated (R40 ii).
    """

    declarer: int | None = None
    combo: ComboBid | str | None = attrs.field(default=None, eq=_combo_text)
    completed: bool = False
    extra_points: int | None = None
    declarer_cheated: bool = False
    cheaters: tuple[int, ...] = attrs.field(default=(), converter=_player_tuple)

    def __attrs_post_init__(self) -> None:
        _check_type(self, "declarer", int, none=True)
        _check_type(self, "combo", (ComboBid, str), none=True)
        _check_type(self, "completed", bool)
        _check_type(self, "extra_points", int, none=True)
        _check_type(self, "declarer_cheated", bool)
        if not all(type(p) is int for p in self.cheaters):
            raise GameError(f"outcome: cheaters must be player numbers, got {self.cheaters!r}")

    @classmethod
    def all_passed(cls) -> Outcome:
        """Everyone passed: the same dealer deals again (R38)."""
        return cls()

    def to_data(self) -> dict[str, Any]:
        """The outcome as plain JSON-ready data."""
        return {
            "declarer": self.declarer,
            "combo": None if self.combo is None else str(self.combo),
            "completed": self.completed,
            "extra_points": self.extra_points,
            "declarer_cheated": self.declarer_cheated,
            "cheaters": list(self.cheaters),
        }


@attrs.frozen
class Cheat:
    """Base class of the cheating adjudications of R40 (see the module docs)."""

    kind: ClassVar[str] = ""
    roman: ClassVar[str] = ""

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(type(self)):
            _check_type(self, field.name, int, none=field.name == "moves")

    @property
    def cheater(self) -> int | None:
        """The player who cheated; ``None`` for :class:`DeclarerCheated` (the declarer)."""
        return None

    def to_data(self) -> dict[str, Any]:
        """The event as plain JSON-ready data."""
        data: dict[str, Any] = {"cheat": self.kind}
        data.update(attrs.asdict(self))
        return data

    def __str__(self) -> str:
        who = "the declarer" if self.cheater is None else f"player {self.cheater}"
        return f"{self.kind} cheat by {who} (R40 {self.roman})"


@attrs.frozen
class DeclarerCheated(Cheat):
    """R40 (i): the declarer cheated unintentionally, so the bid fails and the deal ends.
    In score-sheet mode, record it as ``Outcome(declarer_cheated=True)``."""

    kind: ClassVar[str] = "declarer"
    roman: ClassVar[str] = "i"


@attrs.frozen
class _PlayerCheat(Cheat):
    """A cheat by a named player (R40 ii-v)."""

    player: int

    @property
    def cheater(self) -> int:
        return self.player


@attrs.frozen
class OpponentCheated(_PlayerCheat):
    """R40 (ii): an opponent of the declarer cheated unintentionally. In score-sheet mode,
    record it in the deal's ``Outcome(cheaters=…)``."""
    kind: ClassVar[str] = "opponent"
    roman: ClassVar[str] = "ii"


@attrs.frozen
class CheatBeforeBid(_PlayerCheat):
    """R40 (iii): an unintentional cheat before a declarer exists."""
    kind: ClassVar[str] = "before_declarer"
    roman: ClassVar[str] = "iii"


@attrs.frozen
class CheatReversed(_PlayerCheat):
    """R40 (iv): all participants agree to reverse play to the state before the cheat.
    ``moves`` is how many of the current deal's moves stand (the cheat was move
    ``moves + 1``); ``None`` in score-sheet mode, where the table reverses play itself."""

    moves: int | None = None
    kind: ClassVar[str] = "reversal"
    roman: ClassVar[str] = "iv"


@attrs.frozen
class IntentionalCheat(_PlayerCheat):
    """R40 (v): an intentional cheat. The player leaves the game for good."""
    kind: ClassVar[str] = "intentional"
    roman: ClassVar[str] = "v"


CHEATS: dict[str, type[Cheat]] = {
    cls.kind: cls
    for cls in (DeclarerCheated, OpponentCheated, CheatBeforeBid, CheatReversed,
                IntentionalCheat)
}
