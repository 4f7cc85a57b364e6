"""Observations: a player's view as a fixed-size vector of floats, for learning agents.

:func:`observe` turns a :class:`~combowhist.views.PlayerView` (what one seat may know, R11,
R30) into a flat list of plain floats; :func:`observation_layout` says what each position
means, as named segments, for a rule profile and a number of participants. The vector is
built from the view alone, so it holds nothing the seat may not see: cards hidden from
the seat can change without changing it.

Seats are **relative to the observer**: relative seat 0 is the observer, 1 the next seat
clockwise (the observer's left), and so on. Cards are indexed ``0-51`` as
:attr:`Card.index <combowhist.cards.Card.index>` numbers them (clubs 2-A, diamonds,
hearts, spades). A card segment holds 1.0 for each card in the set and 0.0 elsewhere; a
one-hot segment holds a single 1.0 or (where it says so) nothing; a scaled number is
divided by the scale its segment names and clipped to the range the layout gives.

>>> from combowhist import Deal
>>> deal = Deal.new(players=4, seed=7)
>>> layout = observation_layout(deal.profile, deal.players)
>>> vector = observe(deal.view(1))
>>> len(vector) == layout.size
True
>>> layout.read(vector, "hand") == [float(c in deal.hands[1]) for c in ALL_CARDS]
True
>>> layout.read(vector, "to_move")  # seat 1 is to move: relative seat 0
[1.0, 0.0, 0.0, 0.0]

The layout's segments (the docs print the table for each edition):

>>> [segment.name for segment in layout.segments][:4]
['phase', 'to_move', 'dealer', 'hand']

A 5- or more-player :class:`~combowhist.Game` seats 4 participants per deal (R3): their
views have 4 seats and the 4-participant layout; a player sitting out has no view.

:data:`OBSERVATION_VERSION` changes whenever the layout or the meaning of a position does,
so a trained model can check it reads what it was trained on.
"""

from __future__ import annotations

from functools import lru_cache
from math import prod

import attrs

from combowhist.bids import ComboBid
from combowhist.cards import ALL_CARDS, mask_indices
from combowhist.errors import SetupError, shown
from combowhist.moves import MAIL_DIRECTIONS
from combowhist.primitives import special_worth
from combowhist.profiles import RuleProfile, load_profile
from combowhist.state import Phase
from combowhist.views import PlayerView

__all__ = ["OBSERVATION_VERSION", "ObservationLayout", "Segment", "observation_layout",
           "observe"]

OBSERVATION_VERSION = 1
"""The version of the observation layout: raised whenever a segment is added, removed,
moved, resized or changes meaning or scaling."""

CARDS = len(ALL_CARDS)
TRICKS = 13
"""Tricks in a deal (each participant holds 13 cards, R2): the scale of trick counts."""
GUESSES = 14
"""The numbers a guess names: 0-13 tricks (R16)."""
POTENTIAL_SCALE = 4
"""Potentials are divided by this and clipped to 1.0 (only their order matters, R7)."""
_PHASES = tuple(Phase)
_SUITS = 4


@attrs.frozen
class Segment:
    """One named part of an observation: ``size`` floats from ``start`` on, laid out as
    ``shape`` (row-major: a per-seat card segment of shape ``(players, 52)`` holds
    relative seat 0's 52 cards first), each within ``low``-``high``."""

    name: str
    start: int
    shape: tuple[int, ...]
    low: float
    high: float
    meaning: str
    """What the floats say, the scaling included."""

    @property
    def size(self) -> int:
        """How many floats the segment has."""
        return prod(self.shape)

    @property
    def stop(self) -> int:
        """The position after the segment's last float."""
        return self.start + self.size

    @property
    def slice(self) -> slice:
        """The segment's positions, to slice a vector (``vector[segment.slice]``)."""
        return slice(self.start, self.stop)


@attrs.frozen(eq=False)
class ObservationLayout:
    """What each position of an observation means, for a rule profile (its bid tables:
    the bids' one-hot segments) and a number of participants (the per-seat segments).
    Get one with :func:`observation_layout`."""

    profile: RuleProfile
    players: int
    segments: tuple[Segment, ...]
    """The segments in order; together they cover ``0 … size-1``."""
    worth_scale: int
    """Worths are divided by this: one more than the highest worth a combo bid of the
    profile can have, so every scaled worth (the least worth to bid included) is in
    ``0.0 … 1.0``."""
    score_scale: int
    """Scores are divided by this (twice the classic variant's winning score, R39) and
    clipped to ``-1.0 … 1.0``."""
    size: int = attrs.field(init=False)
    """The length of an observation."""
    _by_name: dict[str, Segment] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "size", self.segments[-1].stop if self.segments else 0)
        object.__setattr__(self, "_by_name", {s.name: s for s in self.segments})

    def segment(self, name: str) -> Segment:
        """The segment called ``name``; :class:`KeyError` naming the known ones if none."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no observation segment {name!r}; the segments are "
                           f"{', '.join(self._by_name)}") from None

    def read(self, vector: list[float], name: str) -> list[float]:
        """The floats of segment ``name`` in an observation ``vector`` (flat)."""
        return vector[self.segment(name).slice]

    def table(self) -> list[tuple[str, int, str, str, str]]:
        """One row per segment: name, first position, shape, range, meaning (for docs)."""
        return [(s.name, s.start, " x ".join(map(str, s.shape)), f"{s.low:g} to {s.high:g}",
                 s.meaning) for s in self.segments]


def _segments(profile: RuleProfile, players: int, worth_scale: int, score_scale: int
              ) -> tuple[Segment, ...]:
    standard = len(profile.standard_bids)
    special = len(profile.special_bids)
    seats = f"per relative seat (0 the observer, then clockwise; {players} rows)"
    worth = f"a worth divided by {worth_scale}"
    specs: list[tuple[str, tuple[int, ...], float, float, str]] = [
        ("phase", (len(_PHASES),), 0, 1,
         "one-hot: the phase, in the order of Phase (" + ", ".join(
             p.value for p in _PHASES) + ")"),
        ("to_move", (players,), 0, 1, "one-hot: the relative seat to move; none when over"),
        ("dealer", (players,), 0, 1, "one-hot: the dealer's relative seat"),
        ("hand", (CARDS,), 0, 1, "the observer's cards now"),
        ("played", (players, CARDS), 0, 1,
         f"{seats}: the cards it played to tricks, the current trick's included"),
        ("trick", (players, CARDS), 0, 1,
         f"{seats}: the card it played to the current trick, if any"),
        ("trick_leader", (players,), 0, 1,
         "one-hot: the relative seat that led the current trick; none between tricks"),
        ("tricks_won", (players,), 0, 1, f"{seats}: tricks brought home, divided by {TRICKS}"),
        ("exposed", (CARDS,), 0, 1,
         "D's cards shown to everyone now (Open Hand, Open Trump, atelier; R30)"),
        ("atelier", (CARDS,), 0, 1,
         "the atelier as the observer sees it (D from the start, others from the first "
         "lead, R21, R30)"),
        ("laid", (players, CARDS), 0, 1,
         f"{seats}: its Rank Trump laid card as the observer sees it (R14)"),
        ("shown", (players, CARDS), 0, 1,
         f"{seats}: its cards a capture goal shows to all (Taintless Bid's 2s, E4)"),
        ("sent", (CARDS,), 0, 1, "cards the observer passed by Mail or Master's Mail"),
        ("received", (CARDS,), 0, 1, "cards the observer was passed by Mail or Master's Mail"),
        ("declarer", (players,), 0, 1, "one-hot: D's relative seat; none before D is known"),
        ("contract_standard", (standard,), 0, 1,
         "one-hot: D's standard bid, in the profile's table order; none before D is known"),
        ("contract_specials", (special,), 0, 1,
         "multi-hot: D's special bids, in the profile's table order"),
        ("contract_worth", (1,), 0, 1, f"D's combo bid's worth: {worth}; 0 before D is known"),
        ("trump", (_SUITS,), 0, 1,
         "one-hot by suit (clubs, diamonds, hearts, spades): trump in the current trick, "
         "or the named trump before play; none if there is none"),
        ("plague_suit", (_SUITS,), 0, 1, "one-hot by suit: the plague suit (R18), if any"),
        ("justice_card", (CARDS,), 0, 1, "one-hot: the card of justice (R17), if any"),
        ("guesses", (GUESSES,), 0, 1, "multi-hot: D's guessed trick counts 0-13 (R16)"),
        ("mail_direction", (len(MAIL_DIRECTIONS),), 0, 1,
         "one-hot: Mail's direction (" + ", ".join(MAIL_DIRECTIONS) + "; R19), if any"),
        ("scores", (players,), -1, 1,
         f"{seats}: the score when the deal began, divided by {score_scale}, clipped"),
        ("potentials", (players,), 0, 1,
         f"{seats}: potentials when the deal began, divided by {POTENTIAL_SCALE}, clipped"),
        ("banned", (players,), 0, 1, f"{seats}: 1 if banned from bidding this deal (R36)"),
        ("high_bid_standard", (standard,), 0, 1,
         "one-hot: the auction's high bid's standard bid; none before any bid"),
        ("high_bid_specials", (special,), 0, 1, "multi-hot: the high bid's special bids"),
        ("high_bid_worth", (1,), 0, 1, f"the high bid's worth: {worth}; 0 before any bid"),
        ("high_bidder", (players,), 0, 1,
         "one-hot: the high bidder's relative seat; none before any bid"),
        ("passed", (players,), 0, 1,
         f"{seats}: 1 if it has passed in the auction (banned seats included, R5, R36)"),
        ("minimum_worth", (1,), 0, 1,
         f"the least worth the observer may bid now (R7, R34): {worth}"),
    ]
    segments = []
    start = 0
    for name, shape, low, high, meaning in specs:
        segment = Segment(name, start, shape, float(low), float(high), meaning)
        segments.append(segment)
        start = segment.stop
    return tuple(segments)


def _worth_bound(profile: RuleProfile) -> int:
    """The highest worth a combo bid of ``profile`` can have (every special bid at its
    highest worth, R10 included), at least 0."""
    best = max((b.worth for b in profile.standard_bids), default=0)
    for bid in profile.special_bids:
        best += max(0, max(special_worth(bid, s) for s in profile.standard_bids))
    return max(best, 0)


def observation_layout(profile: RuleProfile | str | None, players: int) -> ObservationLayout:
    """The layout of the observations of a deal under ``profile`` (a profile or its name;
    ``None`` for the default) with ``players`` participants (3 or 4; a 5+ player game seats
    4 per deal). Raises :class:`~combowhist.errors.SetupError` for another count and
    :class:`~combowhist.errors.ProfileError` for an unknown profile.

    >>> layout = observation_layout("1.4.2", 4)
    >>> layout.size, layout.segment("hand").size
    (1290, 52)
    """
    rules = load_profile(profile)
    if type(players) is not int or players not in (3, 4):
        raise SetupError(f"observation layout: a deal has 3 or 4 participants, not "
                         f"{shown(players)} (R3; a game of 5 or more seats 4 per deal)")
    return _layout(rules, players)


@lru_cache(maxsize=64)
def _layout(profile: RuleProfile, players: int) -> ObservationLayout:
    worth_scale = _worth_bound(profile) + 1
    score_scale = 2 * max(profile.classic_start, 1)
    return ObservationLayout(profile, players,
                             _segments(profile, players, worth_scale, score_scale),
                             worth_scale, score_scale)


def observe(view: PlayerView) -> list[float]:
    """The observation of ``view``: a list of
    :func:`observation_layout` ``(view.profile, view.players).size`` plain floats, laid out
    as that layout says. Built from the view alone."""
    layout = _layout(view.profile, view.players)
    out = [0.0] * layout.size
    at = layout._by_name
    players = view.players
    me = view.seat

    def rel(seat: int) -> int:
        return (seat - me) % players

    def one(name: str, index: int | None) -> None:
        if index is not None:
            out[at[name].start + index] = 1.0

    def cards(name: str, mask: int, row: int = 0) -> None:
        base = at[name].start + row * CARDS
        for index in mask_indices(mask):
            out[base + index] = 1.0

    def value(name: str, number: float, index: int = 0) -> None:
        segment = at[name]
        out[segment.start + index] = min(segment.high, max(segment.low, number))

    def bid(prefix: str, combo: ComboBid | None) -> None:
        if combo is None:
            return
        position = layout.profile.position
        standard = len(layout.profile.standard_bids)
        one(f"{prefix}_standard", position[combo.standard.key])
        for special in combo.specials:
            one(f"{prefix}_specials", position[special.key] - standard)
        value(f"{prefix}_worth", combo.worth / layout.worth_scale)

    one("phase", _PHASE_INDEX[view.phase])
    one("to_move", None if view.to_move is None else rel(view.to_move))
    one("dealer", rel(view.dealer))
    cards("hand", view.hand.mask)
    for seat in range(players):
        r = rel(seat)
        cards("played", view.played_by[seat].mask, r)
        cards("shown", view.shown[seat].mask, r)
        value("tricks_won", view.tricks_won[seat] / TRICKS, r)
        value("scores", view.scores[seat] / layout.score_scale, r)
        value("potentials", view.potentials[seat] / POTENTIAL_SCALE, r)
        if view.scores[seat] < layout.profile.ban_below:
            one("banned", r)
        if seat in view.passed:
            one("passed", r)
    for seat, card in view.trick:
        out[at["trick"].start + rel(seat) * CARDS + card.index] = 1.0
    one("trick_leader", rel(view.trick[0][0]) if view.trick else None)
    cards("exposed", view.exposed.mask)
    cards("atelier", view.atelier.mask)
    for seat, laid in enumerate(view.laid):
        if laid is not None:
            out[at["laid"].start + rel(seat) * CARDS + laid.index] = 1.0
    cards("sent", view.sent.mask)
    cards("received", view.received.mask)
    one("declarer", None if view.declarer is None else rel(view.declarer))
    bid("contract", view.combo)
    one("trump", None if view.trump is None else int(view.trump))
    one("plague_suit", None if view.plague_suit is None else int(view.plague_suit))
    one("justice_card", None if view.justice_card is None else view.justice_card.index)
    for guess in view.guesses:
        one("guesses", guess)
    one("mail_direction", None if view.mail_direction is None else _MAIL_INDEX[
        view.mail_direction])
    bid("high_bid", view.high_bid)
    one("high_bidder", None if view.high_bidder is None else rel(view.high_bidder))
    value("minimum_worth", view.minimum_worth / layout.worth_scale)
    return out


_PHASE_INDEX = {phase: index for index, phase in enumerate(_PHASES)}
_MAIL_INDEX = {direction: index for index, direction in enumerate(MAIL_DIRECTIONS)}
