"""Hypothesis strategies for property-testing code built on combowhist.

This module needs Hypothesis, which is not a run-time dependency of combowhist: install the
``test`` extra (``pip install "combowhist[test]"``) or Hypothesis itself before importing it.
The rest of the package never imports it.

Everything here draws *legal* values (valid combo bids, hands that split the deck, moves
from :meth:`~combowhist.Deal.legal_moves`), so a property can assume the engine's
preconditions hold and test its own code. :func:`any_combo_texts` is the exception: it draws
bid text that may well be invalid, for testing error handling. A test of a bot, say::

    from hypothesis import given
    from combowhist.strategies import played_deals

    @given(played_deals(players=4, profile="1.4.2"))
    def test_bot_picks_a_legal_move(deal):
        if not deal.is_over:
            assert my_bot(deal.view(deal.to_move)) in deal.legal_moves()

Moves are drawn as indices into :meth:`~combowhist.Deal.legal_moves`, so they shrink towards
the first legal move (``pass`` in the auction, the highest card in play), and a failing
example shrinks towards a short, simple deal. In the auction a random combo bid is a wild
thing (there are over 100 000, most of them heavy with special bids), so the walk first
draws whether to pass, with odds that favour passing; auctions then end after a few bids.

A drawn deal prints as ``Deal.from_json('…')`` in Hypothesis's falsifying examples: code
that rebuilds it, to paste back into a test.

Importing this module registers strategies for ``st.from_type`` (and so for
``st.builds`` and ``@given(deal=...)`` inference): :class:`~combowhist.Card` draws
:func:`cards`, :class:`~combowhist.CardSet` :func:`card_sets`, :class:`~combowhist.ComboBid`
:func:`combo_bids` of a drawn edition and 3 or 4 participants, and :class:`~combowhist.Deal`
:func:`played_deals`::

    import combowhist.strategies  # noqa: F401 - registers the types

    @given(st.from_type(Deal))
    def test_any_deal(deal): ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

try:
    from hypothesis import reject
    from hypothesis import strategies as st
    from hypothesis.strategies import DrawFn, SearchStrategy
except ImportError as error:  # pragma: no cover - the test extra is not installed
    raise ImportError(
        "combowhist.strategies needs Hypothesis, which combowhist does not install by "
        "itself: pip install 'combowhist[test]' (or hypothesis)"
    ) from error

from combowhist.bids import ComboBid
from combowhist.cards import ALL_CARDS, Card, CardSet
from combowhist.combos import ComboSpace
from combowhist.deal import HAND_SIZE, Deal
from combowhist.events import Outcome
from combowhist.game import Game
from combowhist.moves import MakeBid, Move, Pass
from combowhist.profiles import RuleProfile, available_profiles, load_profile
from combowhist.rules.setup import reaching
from combowhist.state import Phase

__all__ = [
    "MOVE_LIMIT",
    "any_combo_texts",
    "card_sets",
    "cards",
    "combo_bids",
    "deals",
    "deals_at_phase",
    "hands",
    "move_sequences",
    "outcomes",
    "played_deals",
    "played_games",
    "profiles",
    "reachable_phases",
    "sheet_games",
]

MOVE_LIMIT = 1000
"""No deal takes this many moves (13 tricks, a few events, an auction whose bids must rise):
a walk that gets this far raises :class:`RuntimeError`, so a non-terminating deal shows up as
an error instead of a hang."""

_DEFAULT_MAX_MOVES = 100
"""Without ``max_moves``, :func:`played_deals` stops after 0 to this many moves (a whole
deal is about 45 to 85 moves), so some of the deals it draws are over and most are not."""

_PASS_ODDS = 2
"""In the auction, pass with odds of about 2 to 1 before drawing a combo bid (about one
deal in five is then passed out, R38)."""

_TARGETED_PASS_ODDS = 1
"""Passing odds of :func:`deals_at_phase` when the phase needs a declarer (1 to 1)."""

_BID_TRIES = 12
"""How many combo bids :func:`deals_at_phase` draws in search of one that leads to the
phase, and any walk under R8's exact layer in search of one possible with the bidder's
hand, before passing instead."""

_PLAYER_COUNTS = (3, 4)
_T = TypeVar("_T")


class _Quiet(Generic[_T]):
    """A strategy argument shown briefly: Hypothesis prints strategies with their
    arguments, and an attrs value such as a rule profile or a deal prints as every field
    (tens of kB)."""

    __slots__ = ("text", "value")

    def __init__(self, value: _T, text: str) -> None:
        self.value = value
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _quiet_profile(profile: RuleProfile | None) -> _Quiet[RuleProfile] | None:
    return None if profile is None else _Quiet(profile, f"load_profile({profile.key!r})")


def _quiet_deal(deal: Deal) -> _Quiet[Deal]:
    return _Quiet(deal, f"Deal.from_json({deal.to_json()!r})")


_SCORES = st.integers(min_value=-8, max_value=14)
"""Scores around the interesting thresholds: the ban below -5 (R36) and 13 (R39)."""
_POTENTIALS = st.integers(min_value=0, max_value=3)


# -- cards and profiles ------------------------------------------------------------------------


def cards(within: CardSet | None = None) -> SearchStrategy[Card]:
    """One card, of the 52 or of ``within`` (which must not be empty).

    Shrinks towards the lowest card index (clubs two).
    """
    pool = ALL_CARDS if within is None else tuple(sorted(within))
    if not pool:
        raise ValueError("cards(within=...) needs at least one card to draw from")
    return st.sampled_from(pool)


def card_sets(
    min_size: int = 0, max_size: int = 52, within: CardSet | None = None
) -> SearchStrategy[CardSet]:
    """A :class:`~combowhist.CardSet` of ``min_size`` to ``max_size`` cards, drawn from the
    52 or from ``within``.

    Shrinks towards small sets of low cards.
    """
    pool = ALL_CARDS if within is None else tuple(sorted(within))
    if not 0 <= min_size <= max_size:
        raise ValueError(f"card_sets needs 0 <= min_size <= max_size, got {min_size}, "
                         f"{max_size}")
    if min_size > len(pool):
        raise ValueError(f"card_sets: min_size {min_size} is more than the {len(pool)} cards "
                         f"to draw from")
    return st.lists(
        st.sampled_from(pool), min_size=min_size, max_size=min(max_size, len(pool)),
        unique=True,
    ).map(CardSet)


def profiles() -> SearchStrategy[RuleProfile]:
    """One of the built-in editions (:func:`~combowhist.available_profiles`; R1)."""
    return st.sampled_from(available_profiles()).map(load_profile)


def _rules(profile: RuleProfile | str | None) -> RuleProfile:
    if isinstance(profile, RuleProfile):
        return profile
    return load_profile(profile)


def _check_players(players: int | None) -> None:
    if players is not None and players not in _PLAYER_COUNTS:
        raise ValueError(f"a deal has 3 or 4 participants, not {players!r} (R3)")


# -- hands and fresh deals ---------------------------------------------------------------------


def hands(
    players: int = 4, profile: RuleProfile | str | None = None
) -> SearchStrategy[tuple[CardSet, ...]]:
    """A deal's hands: the profile's deck for ``players`` (R2) split into ``players`` hands
    of 13 cards, ``hands[i]`` seat ``i``'s. ``profile`` defaults to
    :data:`~combowhist.DEFAULT_PROFILE`; with 4 players every profile deals all 52 cards.

    Shrinks towards the deck dealt in order (seat 0 the lowest cards)::

        @given(hands(players=3, profile="1.4.1"))
        def test_opening(h):
            deal = Deal.from_hands(h, profile="1.4.1")
    """
    _check_players(players)
    deck = tuple(sorted(_rules(profile).deck(players)))
    return st.permutations(deck).map(
        lambda order: tuple(
            CardSet(order[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(players)
        )
    )


@st.composite
def _fresh_deal(
    draw: DrawFn, players: int | None, profile: _Quiet[RuleProfile] | None,
    dealer: int | None, with_scores: bool,
) -> Deal:
    count = players if players is not None else draw(st.sampled_from(_PLAYER_COUNTS))
    rules = profile.value if profile is not None else draw(profiles())
    dealt = draw(hands(count, rules))
    seat = dealer if dealer is not None else draw(st.integers(0, count - 1))
    scores: Sequence[int] | None = None
    potentials: Sequence[int] | None = None
    if with_scores:
        scores = draw(st.lists(_SCORES, min_size=count, max_size=count))
        potentials = draw(st.lists(_POTENTIALS, min_size=count, max_size=count))
    return Deal.from_hands(dealt, dealer=seat, profile=rules, scores=scores,
                           potentials=potentials)


def deals(
    players: int | None = None,
    profile: RuleProfile | str | None = None,
    *,
    dealer: int | None = None,
    with_scores: bool = False,
) -> SearchStrategy[Deal]:
    """A fresh :class:`~combowhist.Deal` at the start of the auction, from drawn hands
    (:func:`hands`) and a drawn dealer.

    ``players`` (3 or 4) and ``profile`` are drawn when ``None``; ``dealer`` likewise. With
    ``with_scores=True`` the participants' scores (-8 to 14, so some seats are banned from
    bidding, R36) and potentials (0 to 3, for equal-worth overbids, R7) are drawn too;
    otherwise they are all 0. A deal where every seat is banned is over at once (a redeal,
    R38).
    """
    _check_players(players)
    if dealer is not None and not (
        players is not None and 0 <= dealer < players
    ):
        raise ValueError(f"deals: dealer {dealer!r} needs players given and 0 <= dealer < "
                         f"players")
    rules = None if profile is None else _rules(profile)
    return _fresh_deal(players, _quiet_profile(rules), dealer, with_scores)


# -- combo bids ---------------------------------------------------------------------------------


def _standard_runs(bids: Sequence[Move] | Sequence[ComboBid], start: int = 0
                   ) -> tuple[tuple[int, int], ...]:
    """The ``[first, stop)`` index ranges of ``bids[start:]`` that share a standard bid.

    Combo bids are listed by standard bid in table order (:class:`~combowhist.ComboSpace`,
    and so the auction's legal moves after ``pass``), each standard's a contiguous run, so a
    few bisections find the runs without listing the bids.
    """

    def key(index: int) -> str:
        item = bids[index]
        combo = item.combo if isinstance(item, MakeBid) else item
        return combo.standard.key if isinstance(combo, ComboBid) else type(item).__name__

    runs = []
    first, total = start, len(bids)
    while first < total:
        standard = key(first)
        low, high = first, total  # key(low) == standard; from high on it differs
        while high - low > 1:
            middle = (low + high) // 2
            if key(middle) == standard:
                low = middle
            else:
                high = middle
        runs.append((first, high))
        first = high
    return tuple(runs)


_RUNS: dict[tuple[RuleProfile, int, int, int], tuple[tuple[int, int], ...]] = {}


def _cached_runs(profile: RuleProfile, players: int, bids: Sequence[Move] | Sequence[ComboBid],
                 start: int) -> tuple[tuple[int, int], ...]:
    key = (profile, players, len(bids), start)
    runs = _RUNS.get(key)
    if runs is None:
        runs = _RUNS[key] = _standard_runs(bids, start)
    return runs


def _index_by_standard(draw: DrawFn, runs: tuple[tuple[int, int], ...]) -> int:
    """An index drawn from a standard bid's run, the standard first: Hypothesis draws
    small integers far more often than large ones, and a plain index would nearly always
    land among the first standard bids of the table."""
    first, stop = runs[draw(st.integers(0, len(runs) - 1))]
    return draw(st.integers(first, stop - 1))


@st.composite
def _combo_from(draw: DrawFn, space: ComboSpace) -> ComboBid:
    runs = _cached_runs(space.profile, space.players, space, 0)
    return space[_index_by_standard(draw, runs)]


def combo_bids(
    profile: RuleProfile | str, players: int = 4, min_worth: int | None = None
) -> SearchStrategy[ComboBid]:
    """A legal combo bid of ``profile`` for ``players`` participants worth at least
    ``min_worth`` (R7, static R8), drawn by index from :class:`~combowhist.ComboSpace`, so
    every valid combo can come up and none is invalid. The standard bid is drawn first (each
    about as likely), then a combo among that standard bid's.

    Raises :class:`ValueError` at once if no combo bid is worth that much.
    """
    _check_players(players)
    space = ComboSpace(_rules(profile), players, min_worth)
    if not len(space):
        raise ValueError(f"combo_bids: no combo bid of {space.profile} is worth at least "
                         f"{space.minimum}")
    return _combo_from(space)


def any_combo_texts(profile: RuleProfile | str) -> SearchStrategy[str]:
    """Text that looks like a combo bid but may be invalid, for error-handling tests: bid
    keys and English and Swedish names (any case), now and then an unknown word, joined by
    ``+``: none or several standard bids, repeats, incompatible pairs, impossible and
    worthless combos all come up. ``ComboBid.parse(text, profile)`` either accepts it or
    raises :class:`~combowhist.NotationError` or :class:`~combowhist.InvalidBidError`.
    """
    rules = _rules(profile)
    names: list[str] = []
    for bid in rules.bids.values():
        names.append(bid.key)
        names.extend(bid.names.values())
    name = st.one_of(
        st.sampled_from(sorted(set(names))),
        st.sampled_from(sorted(set(names))).map(str.upper),
        st.sampled_from(("", " ", "trumpf", "no_such_bid", "pass", "+")),
    )
    return st.lists(name, min_size=0, max_size=6).map("+".join)


# -- playing moves ------------------------------------------------------------------------------


_BidFilter = Callable[[ComboBid], bool]


def _draw_move(draw: DrawFn, deal: Deal, pass_odds: int, bid_filter: _BidFilter | None
               ) -> Move:
    """One legal move of ``deal``, drawn as an index into its legal moves; in the auction a
    pass first, with odds ``pass_odds`` to 1, and a bid drawn from the
    :meth:`~combowhist.legal.LegalMoves.candidates`."""
    moves = deal.legal_moves()
    if deal.phase is not Phase.AUCTION:
        return moves[draw(st.integers(0, len(moves) - 1))]
    # Under R8's exact layer the bids are drawn from those the static layer allows and
    # kept if possible with the bidder's hand: the exact list's len would decide them all.
    offered = moves.candidates()
    exact = offered is not moves
    if len(offered) == 1 or draw(st.integers(0, pass_odds)) < pass_odds:
        return Pass()
    runs = _cached_runs(deal.profile, deal.players, offered, 1)  # offered[0] is pass
    for _ in range(_BID_TRIES if bid_filter is not None or exact else 1):
        move = offered[_index_by_standard(draw, runs)]
        if exact and move not in moves:
            continue
        if bid_filter is None or not isinstance(move, MakeBid) or bid_filter(move.combo):
            return move
    return Pass()


def _advance(deal: Deal, move: Move, steps: int) -> Deal:
    if steps >= MOVE_LIMIT:
        raise RuntimeError(f"the deal is not over after {MOVE_LIMIT} moves: {deal!r}")
    return deal.apply(move)


@st.composite
def _walk(draw: DrawFn, start: _Quiet[Deal], max_moves: int | None, finished: bool
          ) -> Deal:
    if finished:
        limit = MOVE_LIMIT
    else:
        limit = draw(st.integers(0, max_moves if max_moves is not None else _DEFAULT_MAX_MOVES))
    deal = start.value
    steps = 0
    while not deal.is_over and steps < limit:
        deal = _advance(deal, _draw_move(draw, deal, _PASS_ODDS, None), steps)
        steps += 1
    if finished and not deal.is_over:
        raise RuntimeError(f"the deal is not over after {MOVE_LIMIT} moves: {deal!r}")
    return deal


def _check_walk(max_moves: int | None, finished: bool) -> None:
    if max_moves is not None and max_moves < 0:
        raise ValueError(f"max_moves must be at least 0, not {max_moves}")
    if finished and max_moves is not None:
        raise ValueError("finished=True plays every deal to its end: leave max_moves unset")


def move_sequences(
    deal: Deal, max_moves: int | None = None, finished: bool = False
) -> SearchStrategy[tuple[Move, ...]]:
    """A sequence of moves that are legal one after another from ``deal``: each step draws
    an index into :meth:`~combowhist.Deal.legal_moves` (in the auction, first whether to
    pass). Applying them in order never raises.

    Without ``finished`` the sequence stops after a drawn number of moves, up to
    ``max_moves`` (default 100), or earlier when the deal ends; with ``finished=True`` it
    runs to the end of the deal::

        @given(st.data())
        def test_replay(data):
            start = Deal.new(seed=1)
            for move in data.draw(move_sequences(start)):
                start = start.apply(move)
    """
    _check_walk(max_moves, finished)
    done = len(deal.log)
    return _walk(_quiet_deal(deal), max_moves, finished).map(lambda end: end.history[done:])


def played_deals(
    players: int | None = None,
    profile: RuleProfile | str | None = None,
    max_moves: int | None = None,
    finished: bool = False,
    *,
    with_scores: bool = False,
) -> SearchStrategy[Deal]:
    """A deal (:func:`deals`) advanced by a drawn sequence of legal moves
    (:func:`move_sequences`): anywhere from the first bid to the end of the deal, or, with
    ``finished=True``, always at the end (:attr:`~combowhist.Deal.result` set). Its
    :attr:`~combowhist.Deal.history` and :attr:`~combowhist.Deal.dealt_hands` say how it got
    there.
    """
    _check_players(players)
    _check_walk(max_moves, finished)
    rules = None if profile is None else _rules(profile)
    return _fresh_deal(players, _quiet_profile(rules), None, with_scores).flatmap(
        lambda start: _walk(_Quiet(start, "<the drawn deal>"), max_moves, finished)
    )


# -- a chosen phase -----------------------------------------------------------------------------


_STAY_ODDS = {Phase.PLAY: 30, Phase.REFILL: 4, Phase.AUCTION: 3}
"""At each state in the wanted phase, stop there with odds 1 to this (default 1)."""

_RECURRING = frozenset({Phase.PLAY, Phase.REFILL})
"""Phases a deal can leave and come back to."""


@st.composite
def _at_phase(draw: DrawFn, phase: Phase, players: int | None,
              profile: _Quiet[RuleProfile] | None) -> Deal:
    deal = draw(_fresh_deal(players, profile, None, False))
    bid_filter = reaching(phase)
    needs_declarer = phase not in (Phase.AUCTION, Phase.OVER)
    pass_odds = _TARGETED_PASS_ODDS if needs_declarer else _PASS_ODDS
    last: Deal | None = None
    steps = 0
    while True:
        if deal.phase is phase:
            last = deal
            if deal.is_over or draw(st.integers(0, _STAY_ODDS.get(phase, 1))) == 0:
                return deal
        elif last is not None and phase not in _RECURRING:
            return last
        if deal.is_over:
            break
        deal = _advance(deal, _draw_move(draw, deal, pass_odds, bid_filter), steps)
        steps += 1
    if last is None:
        reject()  # e.g. everyone passed: this deal never got there
    return last


def deals_at_phase(
    phase: Phase, players: int | None = None, profile: RuleProfile | str | None = None
) -> SearchStrategy[Deal]:
    """A deal at a point where :attr:`~combowhist.Deal.phase` is ``phase`` (a drawn point,
    when the deal passes through the phase more than once), after legal moves drawn as in
    :func:`played_deals`.

    It is built by filtering, steered: in the auction every combo bid is drawn among those
    that can lead to ``phase`` (a Rank Trump bid for ``RANK_COMMIT``, a bid with Mail for
    ``SEND``…, redrawing a few times before passing instead), and deals that still miss the
    phase (everyone passed, say) are rejected. So the auctions are less varied than
    :func:`played_deals`' (no bid without the needed feature). Measured: every phase, rare
    ones (``GUESS``, ``RANK_TAKE``, ``PREFERENCE``) included, draws at about the speed of
    ``PLAY`` (a few ms per example), rejecting one attempt in five to one in two; if a
    narrow setting ever trips Hypothesis's ``filter_too_much`` health check, suppress it::

        @settings(suppress_health_check=[HealthCheck.filter_too_much])
        @given(deals_at_phase(Phase.RANK_COMMIT, players=3))
        def test_commit_hides_cards(deal):
            ...
    """
    _check_players(players)
    if not isinstance(phase, Phase):
        raise ValueError(f"deals_at_phase needs a Phase, not {phase!r}")
    rules = None if profile is None else _rules(profile)
    if rules is not None and not _reaches(rules, phase):
        raise ValueError(f"no deal under profile {rules} reaches phase {phase.value!r}: none "
                         f"of its bids holds an event that leads there (1.5.1's Mail has a "
                         f"fixed direction, say)")
    return _at_phase(phase, players, _quiet_profile(rules))


def reachable_phases(profile: RuleProfile | str | None = None) -> tuple[Phase, ...]:
    """The phases some deal under ``profile`` can reach, for :func:`deals_at_phase`: all of
    them but, in 1.5.1, :attr:`~combowhist.Phase.MAIL` (its Mail has a fixed direction)."""
    rules = _rules(profile)
    return tuple(phase for phase in Phase if _reaches(rules, phase))


def _reaches(profile: RuleProfile, phase: Phase) -> bool:
    """Whether some deal under ``profile`` can reach ``phase``: some standard bid alone or
    with one special bid holds an event that leads there (events belong to single bids)."""
    test = reaching(phase)
    return test is None or any(
        test(ComboBid.unchecked(profile, standard, specials))
        for standard in profile.standard_bids
        for specials in [(), *((special,) for special in profile.special_bids)])


# -- games -------------------------------------------------------------------------------------


@st.composite
def outcomes(draw: DrawFn, game: Game) -> Outcome:
    """A score-sheet :class:`~combowhist.Outcome` that ``game`` (in ``mode="sheet"``) can
    record next: everyone passed, or a declarer among the participants not banned (R36)
    with a legal combo bid for that many participants, completed or not, with extra points
    a completed bid can earn, and now and then a cheat (R40 i, ii) where the profile has
    rules on cheating (E1)."""
    eligible = [p for p in game.participants if p not in game.banned]
    if not eligible or draw(st.integers(0, 5)) == 0:
        return Outcome.all_passed()
    declarer = draw(st.sampled_from(eligible))
    combo = draw(combo_bids(game.profile, len(game.participants)))
    rules_on_cheating = game.profile.cheating_rules  # none in 1.4.0 (E1)
    cheated = rules_on_cheating and draw(st.integers(0, 9)) == 0
    completed = not cheated and draw(st.booleans())
    extra = None
    if completed and combo.honour_points and draw(st.booleans()):
        extra = combo.extra_points + combo.honour_points  # honorably beplagued (R33)
    others = [p for p in game.participants if p != declarer]
    cheaters: tuple[int, ...] = ()
    if rules_on_cheating and draw(st.integers(0, 9)) == 0:
        cheaters = (draw(st.sampled_from(others)),)
    return Outcome(declarer, combo, completed, extra, cheated, cheaters)


def _game_settings(draw: DrawFn, players: int | None, profile: RuleProfile | str | None,
                   variant: str | None) -> tuple[int, RuleProfile, str]:
    """Players (3 to 7), profile and variant, each drawn unless given."""
    count = players if players is not None else draw(st.integers(3, 7))
    rules = _rules(profile) if profile is not None else draw(profiles())
    kind = variant if variant is not None else draw(st.sampled_from(["classic", "limited"]))
    return count, rules, kind


@st.composite
def sheet_games(
    draw: DrawFn,
    players: int | None = None,
    profile: RuleProfile | str | None = None,
    variant: str | None = None,
    max_deals: int = 40,
) -> Game:
    """A score-sheet :class:`~combowhist.Game` after a drawn number (up to ``max_deals``)
    of drawn :func:`outcomes`; it may be over. ``players`` (3 to 7), ``profile`` and
    ``variant`` (``"classic"`` or ``"limited"``) are drawn when ``None``."""
    count, rules, kind = _game_settings(draw, players, profile, variant)
    game = Game.new(count, profile=rules, variant=kind, mode="sheet")
    for _ in range(draw(st.integers(0, max_deals))):
        if game.is_over:
            break
        game = game.record(draw(outcomes(game)))
    return game


@st.composite
def played_games(
    draw: DrawFn,
    players: int | None = None,
    profile: RuleProfile | str | None = None,
    variant: str | None = None,
    max_moves: int = 300,
) -> Game:
    """A seeded :class:`~combowhist.Game` advanced by up to ``max_moves`` drawn legal moves
    (drawn as in :func:`played_deals`), across as many deals as they reach; it may be over.
    ``players`` (3 to 7), ``profile``, ``variant`` and the seed are drawn."""
    count, rules, kind = _game_settings(draw, players, profile, variant)
    game = Game.new(count, profile=rules, seed=draw(st.integers(0, 2**32)), variant=kind)
    for _ in range(draw(st.integers(0, max_moves))):
        if game.deal is None:
            break
        game = game.apply(_draw_move(draw, game.deal, _PASS_ODDS, None))
    return game


# -- st.from_type -------------------------------------------------------------------------------


def _any_combo_bid() -> SearchStrategy[ComboBid]:
    return st.tuples(profiles(), st.sampled_from(_PLAYER_COUNTS)).flatmap(
        lambda drawn: combo_bids(*drawn))


st.register_type_strategy(Card, cards())
st.register_type_strategy(CardSet, card_sets())
st.register_type_strategy(ComboBid, st.deferred(_any_combo_bid))
st.register_type_strategy(Deal, st.deferred(played_deals))
