"""Moves: every decision a player makes in a deal, and their one-line text notation.

``str(move)`` prints the canonical form and :func:`parse_move` reads it back (any case,
suits as letters or symbols)::

    pass · bid trump+lock · trump H · prefer S 4 · prefer none · guess 5 · guess 4 6
    justice QD · plague C · mail left|right|across · send AS 7H 2C · commit KD · take AC
    take AC 5H · atelier JH 9D 3C 2C · refill 5S · play 10H · award 2

Numbers are written in ASCII digits, at most :data:`NUMBER_DIGITS` of them. A move object
is checked at the door of :meth:`~combowhist.Deal.apply` by :func:`check_move`: each field
must hold the type it is declared with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from combowhist.bids import ComboBid
from combowhist.cards import ALL_CARDS, Card, CardSet, Suit
from combowhist.errors import NotationError, described, shown

if TYPE_CHECKING:
    from combowhist.profiles import RuleProfile

__all__ = [
    "MAIL_DIRECTIONS",
    "Award",
    "Commit",
    "Guess",
    "MakeBid",
    "Move",
    "Pass",
    "Play",
    "Prefer",
    "Refill",
    "Send",
    "SetAtelier",
    "SetJustice",
    "SetMail",
    "SetPlague",
    "SetTrump",
    "Take",
    "check_move",
    "parse_move",
]

MAIL_DIRECTIONS = ("left", "right", "across")
"""The directions of Mail (R19); ``across`` only with 4 participants."""

NUMBER_DIGITS = 6
"""The most digits a number in a move may have (no move needs more than two)."""


class Move:
    """Base class of all moves. Moves are small immutable values; ``str`` gives notation."""

    __slots__ = ()
    word: ClassVar[str]
    """The move's first word in the notation."""


@attrs.frozen(str=False)
class Pass(Move):
    """Pass in the auction; final for the deal (R5)."""

    word: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(str=False)
class MakeBid(Move):
    """Bid a combo bid in the auction (R7)."""

    combo: ComboBid
    word: ClassVar[str] = "bid"

    def __str__(self) -> str:
        return f"bid {self.combo}"


@attrs.frozen(str=False)
class SetTrump(Move):
    """Name the trump suit (R13; Master's Trump's chooser, R15)."""

    suit: Suit
    word: ClassVar[str] = "trump"

    def __str__(self) -> str:
        return f"trump {self.suit.letter}"


@attrs.frozen(str=False)
class Prefer(Move):
    """State a preferred trump suit with a strength 1-5, or abstain (``suit=None``, R15)."""

    suit: Suit | None = None
    strength: int | None = None
    word: ClassVar[str] = "prefer"

    def __str__(self) -> str:
        if self.suit is None:
            return "prefer none"
        return f"prefer {self.suit.letter} {self.strength}"


@attrs.frozen(str=False)
class Guess(Move):
    """D's guess of their trick count: one number (Precise) or two (Approximate), R16."""

    numbers: tuple[int, ...]
    word: ClassVar[str] = "guess"

    def __str__(self) -> str:
        return "guess " + " ".join(str(n) for n in self.numbers)


@attrs.frozen(str=False)
class SetJustice(Move):
    """Name the card of justice (R17)."""

    card: Card
    word: ClassVar[str] = "justice"

    def __str__(self) -> str:
        return f"justice {self.card}"


@attrs.frozen(str=False)
class SetPlague(Move):
    """Name the plague suit (R18)."""

    suit: Suit
    word: ClassVar[str] = "plague"

    def __str__(self) -> str:
        return f"plague {self.suit.letter}"


@attrs.frozen(str=False)
class SetMail(Move):
    """Choose Mail's direction: ``left``, ``right`` or ``across`` (R19)."""

    direction: str
    word: ClassVar[str] = "mail"

    def __str__(self) -> str:
        return f"mail {self.direction}"


@attrs.frozen(str=False)
class Send(Move):
    """Pick the 3 cards to pass by Mail or Master's Mail (R19, R20)."""

    cards: CardSet
    word: ClassVar[str] = "send"

    def __str__(self) -> str:
        return f"send {self.cards}"


@attrs.frozen(str=False)
class Commit(Move):
    """Lay a card face down for Rank Trump (R14)."""

    card: Card
    word: ClassVar[str] = "commit"

    def __str__(self) -> str:
        return f"commit {self.card}"


@attrs.frozen(str=False)
class Take(Move):
    """D takes an opponent's laid card of the highest rank for Rank Trump (R14); where only
    the opponents lay (1.5.1, E2) D names the card of their hand given for it, ``give``."""

    card: Card
    give: Card | None = None
    word: ClassVar[str] = "take"

    def __str__(self) -> str:
        return f"take {self.card}" if self.give is None else f"take {self.card} {self.give}"


@attrs.frozen(str=False)
class SetAtelier(Move):
    """D's choice of the cards that lie face up in the atelier (R21)."""

    cards: CardSet
    word: ClassVar[str] = "atelier"

    def __str__(self) -> str:
        return f"atelier {self.cards}".rstrip()


@attrs.frozen(str=False)
class Refill(Move):
    """D moves a card into the atelier after playing one from it (R21)."""

    card: Card
    word: ClassVar[str] = "refill"

    def __str__(self) -> str:
        return f"refill {self.card}"


@attrs.frozen(str=False)
class Play(Move):
    """Play a card to the trick (R22-R28)."""

    card: Card
    word: ClassVar[str] = "play"

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen(str=False)
class Award(Move):
    """D awards the trick holding the card of justice to a seat (R29)."""

    seat: int
    word: ClassVar[str] = "award"

    def __str__(self) -> str:
        return f"award {self.seat}"


PLAYS: tuple[Play, ...] = tuple(Play(card) for card in ALL_CARDS)
"""The 52 ``play`` moves by card index (moves are values: these are shared)."""


def _number(text: str, line: str) -> int:
    # Only ASCII digits: int() would take '٣' and choke on '³' or 5000 digits.
    if not (text.isascii() and text.isdigit() and len(text) <= NUMBER_DIGITS):
        raise NotationError(f"{shown(line)}: {shown(text)} is not a number (write 0-9, at "
                            f"most {NUMBER_DIGITS} digits)")
    return int(text)


def _one(args: list[str], line: str) -> str:
    if len(args) != 1:
        raise NotationError(f"{shown(line)}: expected one argument, got {len(args)}")
    return args[0]


def parse_move(text: str, profile: RuleProfile | None = None, players: int = 4) -> Move:
    """Read one move in notation. ``bid`` moves need the ``profile`` their combo belongs to,
    and are checked against R7 and the static layer of R8 for ``players`` participants.

    Raises :class:`~combowhist.errors.NotationError` naming the text (numbers are ASCII
    digits, at most :data:`NUMBER_DIGITS` of them), and
    :class:`~combowhist.errors.InvalidBidError` for a combo bid that breaks R7 or R8. Only
    the notation is checked here; whether the move is legal is the deal's business.

    >>> str(parse_move("Play th"))
    'play 10H'
    """
    words = text.split()
    if not words:
        raise NotationError("an empty line is not a move")
    word, args = words[0].lower(), words[1:]
    if word == "pass" and not args:
        return Pass()
    if word == "bid":
        if profile is None:
            raise NotationError(f"{shown(text)}: reading a bid needs the profile")
        return MakeBid(ComboBid.parse("".join(args), profile, players))
    if word in ("trump", "plague"):
        suit = Suit.parse(_one(args, text))
        return SetTrump(suit) if word == "trump" else SetPlague(suit)
    if word == "prefer":
        if len(args) == 1 and args[0].lower() == "none":
            return Prefer()
        if len(args) == 2:
            return Prefer(Suit.parse(args[0]), _number(args[1], text))
        raise NotationError(f"{shown(text)}: write 'prefer SUIT STRENGTH' or 'prefer none'")
    if word == "guess" and args:
        return Guess(tuple(sorted(_number(a, text) for a in args)))
    if word == "take" and len(args) == 2:
        return Take(Card.parse(args[0]), Card.parse(args[1]))
    if word in _CARD_MOVES:
        return _CARD_MOVES[word](Card.parse(_one(args, text)))
    if word in ("send", "atelier"):
        cards = CardSet.parse(" ".join(args))
        return Send(cards) if word == "send" else SetAtelier(cards)
    if word == "mail":
        direction = _one(args, text).lower()
        if direction not in MAIL_DIRECTIONS:
            raise NotationError(f"{shown(text)}: the direction is left, right or across")
        return SetMail(direction)
    if word == "award":
        return Award(_number(_one(args, text), text))
    raise NotationError(
        f"{shown(text)} is not a move: it starts with one of pass, bid, trump, prefer, guess, "
        f"justice, plague, mail, send, commit, take, atelier, refill, play, award"
    )


_CARD_MOVES: dict[str, type[SetJustice | Commit | Take | Refill | Play]] = {
    "justice": SetJustice,
    "commit": Commit,
    "take": Take,
    "refill": Refill,
    "play": Play,
}


_SHAPES: dict[type, dict[str, tuple[type, ...]]] = {
    Pass: {},
    MakeBid: {"combo": (ComboBid,)},
    SetTrump: {"suit": (Suit,)},
    Prefer: {"suit": (Suit, type(None)), "strength": (int, type(None))},
    Guess: {"numbers": (tuple,)},
    SetJustice: {"card": (Card,)},
    SetPlague: {"suit": (Suit,)},
    SetMail: {"direction": (str,)},
    Send: {"cards": (CardSet,)},
    Commit: {"card": (Card,)},
    Take: {"card": (Card,), "give": (Card, type(None))},
    SetAtelier: {"cards": (CardSet,)},
    Refill: {"card": (Card,)},
    Play: {"card": (Card,)},
    Award: {"seat": (int,)},
}
"""The types each move's fields take; ``int`` means a number as notation writes it."""


def _fits(value: object, kinds: tuple[type, ...]) -> bool:
    if type(value) is int:  # a number as notation writes it (a bool is no number here)
        return int in kinds and -(10**NUMBER_DIGITS) < value < 10**NUMBER_DIGITS
    return isinstance(value, tuple(k for k in kinds if k is not int))


_PLAIN: dict[type, tuple[tuple[str, frozenset[type]], ...]] = {
    kind: tuple((name, frozenset(k for k in kinds if k is not int))
                for name, kinds in shape.items())
    for kind, shape in _SHAPES.items() if kind is not Guess
}
"""For each move class but ``Guess``, its fields with the exact types that make them fit
at once: the common case, checked before :data:`_SHAPES` is read in full."""


def check_move(move: object) -> Move:
    """``move`` itself if it is a well-formed move object: one of the move classes here,
    each field of the type it takes (a :class:`~combowhist.cards.Card` for ``Play``, a
    :class:`~combowhist.bids.ComboBid` for ``MakeBid``, whole numbers of at most
    :data:`NUMBER_DIGITS` digits, a ``Guess``'s numbers in increasing order). Anything else
    raises :class:`~combowhist.errors.NotationError` naming its type and value. Whether a
    well-formed move is legal is the deal's business."""
    fields = _PLAIN.get(type(move))
    if fields is not None:
        for name, exact in fields:
            if type(getattr(move, name)) not in exact:
                break
        else:
            assert isinstance(move, Move)
            return move
    shape = _SHAPES.get(type(move))
    if shape is None:
        raise NotationError(f"{described(move)} is not a move: give a move object "
                            f"(Pass, MakeBid, Play, …) or its notation, e.g. 'play 10H'")
    for name, kinds in shape.items():
        value = getattr(move, name)
        if not _fits(value, kinds):
            wanted = " or ".join("None" if k is type(None) else "a number" if k is int
                                 else f"a {k.__name__}" for k in kinds)
            raise NotationError(f"{type(move).__name__}: {name} must be {wanted}, got "
                                f"{described(value)}")
    if isinstance(move, Guess) and not (
        all(_fits(n, (int,)) for n in move.numbers) and list(move.numbers) == sorted(move.numbers)
    ):
        raise NotationError(f"Guess: numbers must be whole numbers in increasing order, as "
                            f"'guess' reads them, got {described(move.numbers)}")
    assert isinstance(move, Move)
    return move
