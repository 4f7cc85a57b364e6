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

Per-seat segments are row-major, relative seat 0's row first; their
:attr:`Segment.shape` says how to fold them:

>>> layout.segment("played").shape
(4, 52)
>>> [segment.name for segment in layout.segments][:4]
['phase', 'to_move', 'dealer', 'hand']

A 5- or more-player :class:`~combowhist.Game` seats 4 participants per deal (R3): their
views have the deal's 4 seats and the 4-participant layout; a player sitting out has no
view (:meth:`Game.view <combowhist.Game.view>` raises
:class:`~combowhist.errors.GameError`).

>>> from combowhist import Game
>>> game = Game.new(6, seed=3)
>>> len(observe(game.view(game.participants[0]))) == observation_layout(game.profile, 4).size
True

:data:`OBSERVATION_VERSION` changes whenever the layout or the meaning of a position does,
so a trained model can check it reads what it was trained on.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import prod

import attrs

from combowhist.bids import ComboBid
from combowhist.cards import ALL_CARDS, mask_indices
from combowhist.combos import legal_combos
from combowhist.errors import SetupError, shown
from combowhist.moves import MAIL_DIRECTIONS
from combowhist.primitives import special_worth
from combowhist.profiles import RuleProfile, load_profile
from combowhist.rules.setup import MAX_PREFERENCE
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
    """Worths are divided by this: one more than the highest worth of a legal combo bid of
    the profile for that many participants (R7, R8; 20 in every edition), so every scaled
    worth, the least worth to bid after the highest bid included, is in ``0.0 … 1.0``."""
    score_scale: int
    """Scores are divided by this (twice the classic variant's winning score, R39) and
    clipped to ``-1.0 … 1.0``."""
    size: int = attrs.field(init=False)
    """The length of an observation."""
    _by_name: dict[str, Segment] = attrs.field(init=False, repr=False)
    _starts: dict[str, int] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "size", self.segments[-1].stop if self.segments else 0)
        object.__setattr__(self, "_by_name", {s.name: s for s in self.segments})
        object.__setattr__(self, "_starts", {s.name: s.start for s in self.segments})

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
        ("taken", (CARDS,), 0, 1,
         "one-hot: Rank Trump's laid card D took (R14, E2); none before the take"),
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
        ("preferences", (players, _SUITS + 1), 0, 1,
         f"{seats}: its Master's Trump statement (R15): the strength (1-{MAX_PREFERENCE}) "
         f"divided by {MAX_PREFERENCE} at the stated suit (clubs, diamonds, hearts, "
         f"spades), or 1 in the fifth place for an abstention; zeros if none"),
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


def _highest_worth(profile: RuleProfile, players: int) -> int:
    """The highest worth a legal combo bid of ``profile`` has for ``players`` participants
    (R7, R8), searched down from a bound (every special bid at its highest worth, R10); 0
    if there is none."""
    bound = max((b.worth for b in profile.standard_bids), default=0)
    for bid in profile.special_bids:
        bound += max(0, max((special_worth(bid, s) for s in profile.standard_bids),
                            default=0))
    return next((worth for worth in range(bound, 0, -1)
                 if len(legal_combos(profile, players, worth))), 0)


def observation_layout(profile: RuleProfile | str | None, players: int) -> ObservationLayout:
    """The layout of the observations of a deal under ``profile`` (a profile or its name;
    ``None`` for the default) with ``players`` participants (3 or 4; a 5+ player game seats
    4 per deal). Raises :class:`~combowhist.errors.SetupError` for another count and
    :class:`~combowhist.errors.ProfileError` for an unknown profile.

    >>> layout = observation_layout("1.4.2", 4)
    >>> layout.size, layout.segment("hand").size
    (1362, 52)
    """
    rules = load_profile(profile)
    if type(players) is not int or players not in (3, 4):
        raise SetupError(f"observation layout: a deal has 3 or 4 participants, not "
                         f"{shown(players)} (R3; a game of 5 or more seats 4 per deal)")
    return _layout(rules, players)


@lru_cache(maxsize=64)
def _layout(profile: RuleProfile, players: int) -> ObservationLayout:
    worth_scale = _highest_worth(profile, players) + 1
    score_scale = 2 * max(profile.classic_start, 1)
    return ObservationLayout(profile, players,
                             _segments(profile, players, worth_scale, score_scale),
                             worth_scale, score_scale)


def observe(view: PlayerView) -> list[float]:
    """The observation of ``view``: a list of
    :func:`observation_layout` ``(view.profile, view.players).size`` plain floats, laid out
    as that layout says. Built from the view alone."""
    layout = _layout(view.profile, view.players)
    at = layout._starts
    out = [0.0] * layout.size
    players = view.players
    me = view.seat
    ones = _ones_into(out)

    out[at["phase"] + _PHASE_INDEX[view.phase]] = 1.0
    if view.to_move is not None:
        out[at["to_move"] + (view.to_move - me) % players] = 1.0
    out[at["dealer"] + (view.dealer - me) % players] = 1.0
    ones(at["hand"], view.hand.mask)
    played, shown, laid = at["played"], at["shown"], at["laid"]
    tricks, scores, potentials = at["tricks_won"], at["scores"], at["potentials"]
    score_scale, ban_below = layout.score_scale, layout.profile.ban_below
    passed = view.passed
    for seat in range(players):
        r = (seat - me) % players
        ones(played + r * CARDS, view.played_by[seat].mask)
        ones(shown + r * CARDS, view.shown[seat].mask)
        card = view.laid[seat] if view.laid else None
        if card is not None:
            out[laid + r * CARDS + card.index] = 1.0
        out[tricks + r] = view.tricks_won[seat] / TRICKS
        score = view.scores[seat]
        out[scores + r] = min(1.0, max(-1.0, score / score_scale))
        out[potentials + r] = min(1.0, max(0.0, view.potentials[seat] / POTENTIAL_SCALE))
        if score < ban_below:
            out[at["banned"] + r] = 1.0
        if seat in passed:
            out[at["passed"] + r] = 1.0
    if view.taken is not None:
        out[at["taken"] + view.taken.index] = 1.0
    if view.trick:
        trick = at["trick"]
        for seat, card in view.trick:
            out[trick + (seat - me) % players * CARDS + card.index] = 1.0
        out[at["trick_leader"] + (view.trick[0][0] - me) % players] = 1.0
    ones(at["exposed"], view.exposed.mask)
    ones(at["atelier"], view.atelier.mask)
    ones(at["sent"], view.sent.mask)
    ones(at["received"], view.received.mask)
    if view.declarer is not None:
        out[at["declarer"] + (view.declarer - me) % players] = 1.0
    if view.combo is not None:
        _bid_into(out, layout, "contract", view.combo)
    if view.trump is not None:
        out[at["trump"] + view.trump] = 1.0
    if view.plague_suit is not None:
        out[at["plague_suit"] + view.plague_suit] = 1.0
    if view.justice_card is not None:
        out[at["justice_card"] + view.justice_card.index] = 1.0
    for guess in view.guesses:
        out[at["guesses"] + guess] = 1.0
    if view.preferences:
        stated = at["preferences"]
        for seat, move in view.preferences:
            row = stated + (seat - me) % players * (_SUITS + 1)
            if move.suit is None:
                out[row + _SUITS] = 1.0
            else:
                out[row + move.suit] = (move.strength or 0) / MAX_PREFERENCE
    if view.mail_direction is not None:
        out[at["mail_direction"] + _MAIL_INDEX[view.mail_direction]] = 1.0
    if view.high_bid is not None:
        _bid_into(out, layout, "high_bid", view.high_bid)
    if view.high_bidder is not None:
        out[at["high_bidder"] + (view.high_bidder - me) % players] = 1.0
    out[at["minimum_worth"]] = min(1.0, max(0.0, view.minimum_worth / layout.worth_scale))
    return out


def _ones_into(out: list[float]) -> Callable[[int, int], None]:
    """A setter of 1.0 at ``start + i`` in ``out`` for each card index ``i`` of a mask."""
    def ones(start: int, mask: int) -> None:
        if mask:
            for index in mask_indices(mask):
                out[start + index] = 1.0
    return ones


def _bid_into(out: list[float], layout: ObservationLayout, prefix: str, combo: ComboBid
              ) -> None:
    """A combo bid into the segments ``{prefix}_standard``, ``_specials``, ``_worth``."""
    at = layout._starts
    position = layout.profile.position
    out[at[f"{prefix}_standard"] + position[combo.standard.key]] = 1.0
    specials = at[f"{prefix}_specials"] - len(layout.profile.standard_bids)
    for special in combo.specials:
        out[specials + position[special.key]] = 1.0
    out[at[f"{prefix}_worth"]] = min(1.0, max(0.0, combo.worth / layout.worth_scale))


_PHASE_INDEX = {phase: index for index, phase in enumerate(_PHASES)}
_MAIL_INDEX = {direction: index for index, direction in enumerate(MAIL_DIRECTIONS)}
