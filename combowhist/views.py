"""What one player may know (R11, R30): a deal seen from a seat.

A :class:`PlayerView` holds the seat's own hand, the public record of the deal, the cards
the rules expose (Open Hand, Open Trump, the atelier, revealed Rank Trump cards) and the
cards the seat itself sent or received by Mail, and nothing else. An app can hand it to a
player (or a bot) without leaking a hidden card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from combowhist.bids import ComboBid
from combowhist.cards import ALL_CARDS, SUIT_MASKS, Card, CardSet, Suit
from combowhist.errors import CombowhistError, SerializationError, shown
from combowhist.legal import LegalMoves
from combowhist.moves import Commit, Send, SetAtelier, SetMail
from combowhist.profiles import RuleProfile, load_profile
from combowhist.rules.setup import mail_target, masters_mail_target
from combowhist.state import DealResult, Phase

if TYPE_CHECKING:
    from combowhist.deal import Deal

__all__ = ["HIDDEN_ATELIER", "HIDDEN_COMMIT", "HIDDEN_SEND", "PlayerView"]

HIDDEN_COMMIT = "commit ?"
"""How another seat's face-down Rank Trump card shows before the reveal."""
HIDDEN_SEND = "send ? ? ?"
"""How a Mail pick shows to a seat that neither sent nor received it."""
HIDDEN_ATELIER = "atelier ? ? ? ?"
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
    ``commit ?``, ``send ? ? ?`` and (before the first lead) ``atelier ? ? ? ?``."""
    declarer: int | None
    combo: ComboBid | None
    trump: Suit | None
    guesses: tuple[int, ...]
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
    sent: CardSet
    """Cards this seat passed by Mail or Master's Mail."""
    received: CardSet
    """Cards this seat was passed by Mail or Master's Mail."""
    can_move: bool
    """Whether this seat is to move."""
    result: DealResult | None
    _legal: LegalMoves = attrs.field(
        eq=attrs.cmp_using(eq=lambda a, b: a.to_data() == b.to_data()), hash=False,
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
    def of(cls, deal: Deal, seat: int) -> PlayerView:
        """The view of ``deal`` from ``seat`` (what :meth:`Deal.view
        <combowhist.Deal.view>` returns)."""
        if not 0 <= seat < deal.players:
            raise ValueError(f"seat {seat!r} is not a seat of this deal (0-{deal.players - 1})")
        contract = deal.contract
        revealed = deal.phase not in (Phase.AUCTION, Phase.TRUMP, Phase.PREFERENCE,
                                      Phase.RANK_COMMIT)
        led = bool(deal.winners or deal.trick_cards)  # R30: exposure starts with the first lead
        history, sent, received = _visible_history(deal, seat, revealed, led)
        laid: tuple[Card | None, ...] = ()
        if contract is not None and contract.laid:
            laid = tuple(
                ALL_CARDS[c] if c >= 0 and (revealed or s == seat) else None
                for s, c in enumerate(contract.laid)
            )
        exposed = 0
        if contract is not None and led:
            hand = deal.hand_masks[contract.declarer]
            exposes = contract.combo.exposes
            if "hand" in exposes:
                exposed |= hand
            if "trumps" in exposes and contract.trump_suit >= 0:
                exposed |= hand & SUIT_MASKS[contract.trump_suit]
            if "atelier" in exposes:
                exposed |= deal.atelier_mask
        atelier = deal.atelier_mask if led or seat == deal.declarer else 0
        can_move = deal.to_move == seat
        return cls(
            seat=seat,
            players=deal.players,
            dealer=deal.dealer,
            profile_name=deal.profile.key,
            phase=deal.phase,
            to_move=deal.to_move,
            hand=CardSet(deal.hand_masks[seat]),
            log=history,
            declarer=deal.declarer,
            combo=deal.combo,
            trump=deal.trump,
            guesses=deal.guesses,
            justice_card=deal.justice_card,
            plague_suit=deal.plague_suit,
            mail_direction=deal.mail_direction,
            trick=deal.trick,
            tricks_won=deal.tricks_won,
            trick_winners=deal.winners,
            exposed=CardSet(exposed),
            atelier=CardSet(atelier),
            laid=laid,
            sent=CardSet(sent),
            received=CardSet(received),
            can_move=can_move,
            result=deal.result,
            legal=deal.legal_moves() if can_move else LegalMoves(),
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
            "justice_card": None if self.justice_card is None else str(self.justice_card),
            "plague_suit": None if self.plague_suit is None else self.plague_suit.letter,
            "mail_direction": self.mail_direction,
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks_won": list(self.tricks_won),
            "trick_winners": list(self.trick_winners),
            "exposed": str(self.exposed),
            "atelier": str(self.atelier),
            "laid": [None if c is None else str(c) for c in self.laid],
            "sent": str(self.sent),
            "received": str(self.received),
            "legal_moves": self._legal.to_data(),
            "can_move": self.can_move,
            "result": None if self.result is None else _result_to_data(self.result),
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
        guesses=ints("guesses"), justice_card=card(data["justice_card"]),
        plague_suit=suit(data["plague_suit"]), mail_direction=data["mail_direction"],
        trick=tuple((int(s), Card.parse(c)) for s, c in data["trick"]),
        tricks_won=ints("tricks_won"), trick_winners=ints("trick_winners"),
        exposed=CardSet.parse(data["exposed"]), atelier=CardSet.parse(data["atelier"]),
        laid=tuple(card(c) for c in data["laid"]), sent=CardSet.parse(data["sent"]),
        received=CardSet.parse(data["received"]), can_move=data["can_move"],
        result=result, legal=LegalMoves.from_data(data["legal_moves"], rules, players),
    )


def _visible_history(
    deal: Deal, seat: int, revealed: bool, led: bool
) -> tuple[tuple[tuple[int, str], ...], int, int]:
    """The log as ``seat`` sees it, and the cards it sent and (once the exchange happened)
    received (R11). Mail's picks are the ``players`` sends after ``mail``; any other sends
    are Master's Mail's ``players - 1`` picks (R12 puts Mail first)."""
    players = deal.players
    declarer = deal.declarer
    history: list[tuple[int, str]] = []
    sent = received = 0
    direction = "left"
    mail_left = masters_left = 0
    incoming: list[tuple[int, int]] = []  # (history index, cards) of picks passed to seat
    for mover, move in deal.log:
        text = str(move)
        if isinstance(move, SetMail):
            direction = move.direction
            mail_left = players
        elif isinstance(move, Commit) and mover != seat and not revealed:
            text = HIDDEN_COMMIT
        elif isinstance(move, SetAtelier) and mover != seat and not led:
            text = HIDDEN_ATELIER
        elif isinstance(move, Send):
            assert declarer is not None
            if mail_left:
                target = mail_target(direction, mover, players)
                mail_left -= 1
                complete = mail_left == 0
            else:
                if not masters_left:
                    masters_left = players - 1
                target = masters_mail_target(mover, declarer, players)
                masters_left -= 1
                complete = masters_left == 0
            if mover == seat:
                sent |= move.cards.mask
            else:
                if target == seat:
                    incoming.append((len(history), move.cards.mask))
                text = HIDDEN_SEND
            history.append((mover, text))
            if complete:  # the cards have moved: the receiver now knows what it got
                for index, cards in incoming:
                    received |= cards
                    history[index] = (history[index][0], f"send {CardSet(cards)}")
                incoming = []
            continue
        history.append((mover, text))
    return tuple(history), sent, received
