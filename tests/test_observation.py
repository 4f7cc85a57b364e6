"""Issue 14, "Observations": a view as a fixed-size float vector, and what PlayerView carries.

The observation is built from a :class:`~combowhist.views.PlayerView` alone (R11): it must
not change when only cards hidden from the observer change, and it must change with what
the observer may see. Seats are relative to the observer (0 the observer, 1 the next seat
clockwise). The view's new fields (the auction's passed seats and high bidder, the
observer's minimum worth, scores and potentials, the cards each seat played) are pinned by
hand-built deals.

Dealer is seat 0 in the hand-built deals, so seat 1 bids first (R5).
"""

from __future__ import annotations

import json
import math
import pickle
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from combowhist import (
    Card,
    CardSet,
    ComboBid,
    Deal,
    Game,
    IllegalMoveError,
    Phase,
    Suit,
    load_profile,
)
from combowhist.combos import legal_combos
from combowhist.errors import GameError, ProfileError, SerializationError, SetupError
from combowhist.observation import (
    OBSERVATION_VERSION,
    ObservationLayout,
    observation_layout,
    observe,
)
from combowhist.profiles import available_profiles
from combowhist.strategies import deals_at_phase, played_deals, reachable_phases
from combowhist.views import PlayerView
from tests.hands import WHOLE_SUITS, start

EDITIONS = ("1.4.0", "1.4.1", "1.4.2", "1.5.1")

# Seats-relative segments hold one row (or one float) per participant.
PER_SEAT = ("to_move", "dealer", "played", "trick", "trick_leader", "tricks_won", "laid",
            "shown", "preferences", "declarer", "scores", "potentials", "banned", "high_bidder",
            "passed")
ONE_HOT = ("to_move", "dealer", "trick_leader", "declarer", "contract_standard", "trump", "taken",
           "plague_suit", "justice_card", "mail_direction", "high_bid_standard",
           "high_bidder")
"""Segments holding a single 1.0 or nothing."""


def seg(view: PlayerView, name: str) -> list[float]:
    return observation_layout(view.profile, view.players).read(observe(view), name)


def rows(view: PlayerView, name: str) -> list[list[float]]:
    """A per-seat segment's rows, relative seat 0 (the observer) first."""
    values = seg(view, name)
    width = len(values) // view.players
    return [values[i * width:(i + 1) * width] for i in range(view.players)]


def card_row(cards: CardSet | Sequence[Card]) -> list[float]:
    chosen = {card.index for card in cards}
    return [1.0 if index in chosen else 0.0 for index in range(52)]


def one_hot(size: int, index: int | None) -> list[float]:
    return [1.0 if i == index else 0.0 for i in range(size)]


# -- the layout -----------------------------------------------------------------------------


def test_issue14_every_edition_is_an_available_profile() -> None:
    assert set(EDITIONS) <= set(available_profiles())


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("profile", EDITIONS)
def test_issue14_layout_segments_tile_the_vector_per_profile_and_table(
        profile: str, players: int) -> None:
    layout = observation_layout(profile, players)
    assert isinstance(layout, ObservationLayout)
    position = 0
    for segment in layout.segments:
        assert segment.start == position, segment.name
        assert segment.size > 0
        assert segment.low < segment.high
        assert segment.meaning
        position = segment.stop
    assert layout.size == position
    names = [segment.name for segment in layout.segments]
    assert len(set(names)) == len(names)
    rules = load_profile(profile)
    for prefix in ("contract", "high_bid"):
        assert layout.segment(f"{prefix}_standard").size == len(rules.standard_bids) == 16
        assert layout.segment(f"{prefix}_specials").size == len(rules.special_bids) == 15
    for name in PER_SEAT:
        assert layout.segment(name).shape[0] == players, name
    assert layout.segment("phase").size == len(Phase)
    assert layout.segment("hand").shape == (52,)
    assert layout.segment("played").shape == (players, 52)
    assert len(layout.table()) == len(layout.segments)


def test_issue14_layout_is_one_value_per_profile_and_table() -> None:
    assert observation_layout("1.4.2", 4) is observation_layout(load_profile("1.4.2"), 4)
    assert observation_layout(None, 4) is observation_layout("1.4.2", 4)
    assert observation_layout("1.4.2", 3).size < observation_layout("1.4.2", 4).size
    assert isinstance(OBSERVATION_VERSION, int)
    assert OBSERVATION_VERSION >= 1


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("profile", EDITIONS)
def test_issue14_worth_scale_is_one_above_the_highest_legal_combo_worth(profile: str, players: int
                                                             ) -> None:
    # Scaled worths stay within 0-1: no legal combo bid reaches the scale, and the least
    # worth to bid after the highest legal bid (its worth + 1) is the scale itself.
    layout = observation_layout(profile, players)
    rules = load_profile(profile)
    assert len(legal_combos(rules, players, layout.worth_scale)) == 0
    highest = legal_combos(rules, players, layout.worth_scale - 1)
    assert len(highest) > 0
    assert {combo.worth for combo in highest} == {layout.worth_scale - 1}


@pytest.mark.parametrize("players", [2, 5, 8, "4", None])
def test_issue14_layout_of_a_table_other_than_3_or_4_is_a_setup_error(players: object
                                                                       ) -> None:
    with pytest.raises(SetupError, match="3 or 4 participants") as info:
        observation_layout("1.4.2", players)  # type: ignore[arg-type]
    assert repr(players) in str(info.value)


def test_issue14_layout_of_an_unknown_profile_is_a_profile_error() -> None:
    with pytest.raises(ProfileError, match=r"9\.9"):
        observation_layout("9.9", 4)


def test_issue14_unknown_segment_names_the_known_ones() -> None:
    layout = observation_layout("1.4.2", 4)
    with pytest.raises(KeyError, match="hand"):
        layout.segment("hands")


# -- every phase, every edition: length and ranges -----------------------------------------------


@st.composite
def deals_anywhere(draw: st.DrawFn) -> Deal:
    profile = draw(st.sampled_from(EDITIONS))
    players = draw(st.sampled_from((3, 4)))
    phase = draw(st.sampled_from(reachable_phases(profile)))
    deal: Deal = draw(deals_at_phase(phase, players, profile))
    return deal


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(deals_anywhere())
def test_issue14_observation_has_the_layouts_length_and_documented_ranges(deal: Deal) -> None:
    layout = observation_layout(deal.profile, deal.players)
    for seat in range(deal.players):
        view = deal.view(seat)
        vector = observe(view)
        assert len(vector) == layout.size
        assert all(type(v) is float and math.isfinite(v) for v in vector)
        for segment in layout.segments:
            values = vector[segment.slice]
            assert all(segment.low <= v <= segment.high for v in values), segment.name
        for name in ONE_HOT:
            assert sum(layout.read(vector, name)) <= 1.0, name
        assert layout.read(vector, "phase") == one_hot(len(Phase), list(Phase).index(
            deal.phase))
        assert layout.read(vector, "hand") == card_row(deal.hands[seat])
        assert (sum(layout.read(vector, "to_move")) == 1.0) == (deal.to_move is not None)


# -- hidden cards do not change it (R11) --------------------------------------------------------


def place_told(deal: Deal, holders: tuple[int, int], cards: CardSet) -> bool:
    """Whether the rules tell everyone where some of ``cards`` are, which neither of
    ``holders`` ever plays, passes, lays or puts in the atelier: from the first lead on, D's
    exposed cards (Open Hand, Open Trump, R30) and a capture goal's shown cards (E4)."""
    combo = deal.combo
    if combo is None or not (deal.winners or deal.trick):
        return False
    return (deal.declarer in holders and bool(combo.exposes)) or bool(
        combo.shown_cards & cards.mask)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(st.sampled_from(EDITIONS), st.sampled_from((3, 4)), st.data())
def test_issue14_observation_unchanged_when_only_hidden_cards_change(
        profile: str, players: int, data: st.DataObject) -> None:
    # Two seats other than the observer exchange a card of the same suit that neither ever
    # parts with: the same moves replay (suits followed alike), and as long as the rules
    # tell nobody where either card is, the observer's observation must be the same.
    deal = data.draw(played_deals(players, profile, with_scores=True))
    observer = data.draw(st.integers(0, players - 1))
    kept = [deal.dealt_hands[s] & deal.hands[s] for s in range(players)]
    pairs = [(a, b, x, y) for a in range(players) for b in range(a + 1, players)
             if observer not in (a, b) for x in kept[a] for y in kept[b] if x.suit is y.suit]
    assume(pairs)
    a, b, x, y = data.draw(st.sampled_from(pairs))
    hands = list(deal.dealt_hands)
    hands[a] = hands[a] - CardSet([x]) | CardSet([y])
    hands[b] = hands[b] - CardSet([y]) | CardSet([x])
    start_of = {"profile": deal.profile, "dealer": deal.dealer, "scores": deal.scores,
                "potentials": deal.potentials}
    one = Deal.from_hands(list(deal.dealt_hands), **start_of)  # type: ignore[arg-type]
    other = Deal.from_hands(hands, **start_of)  # type: ignore[arg-type]
    swapped = CardSet([x, y])
    compared = 0
    for move in (None, *deal.history):
        if move is not None:
            one = one.apply(move)
            try:
                other = other.apply(move)
            except IllegalMoveError:
                break  # the exchange made a later move illegal (a dynamic R8 check, say)
        if not place_told(one, (a, b), swapped):
            assert observe(one.view(observer)) == observe(other.view(observer))
            compared += 1
    assert compared >= 1  # the dealt deal, at least: nothing is seen yet but the own hand


@settings(max_examples=20, deadline=None)
@given(played_deals())
def test_issue14_equal_views_give_equal_observations(deal: Deal) -> None:
    for seat in range(deal.players):
        view = deal.view(seat)
        for copy in (PlayerView.from_dict(json.loads(json.dumps(view.to_dict()))),
                     pickle.loads(pickle.dumps(view)),
                     pickle.loads(pickle.dumps(deal)).view(seat)):
            assert copy == view
            assert observe(copy) == observe(view)


# -- what the observer may see changes it ---------------------------------------------------------


def test_issue14_own_card_changes_the_observation() -> None:
    hands = list(WHOLE_SUITS)
    deal = Deal.from_hands(hands, dealer=0)
    # Seat 0 swaps its 2C for seat 1's 2S: seat 0's observation changes, its hand segment.
    hands[0] = hands[0].replace("2C", "2S")
    hands[1] = hands[1].replace("2S", "2C")
    changed = Deal.from_hands(hands, dealer=0)
    assert observe(deal.view(0)) != observe(changed.view(0))
    assert seg(changed.view(0), "hand") == card_row(CardSet.parse(hands[0]))
    # Seats 2 and 3 hold what they held: theirs do not change.
    assert observe(deal.view(2)) == observe(changed.view(2))
    assert observe(deal.view(3)) == observe(changed.view(3))


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(st.sampled_from(EDITIONS), st.sampled_from((3, 4)), st.data())
def test_issue14_a_played_card_shows_in_every_observation_in_the_players_row(
        profile: str, players: int, data: st.DataObject) -> None:
    deal = data.draw(deals_at_phase(Phase.PLAY, players, profile))
    mover = deal.to_move
    assert mover is not None
    move = data.draw(st.sampled_from(list(deal.legal_moves())))
    before = [deal.view(seat) for seat in range(players)]  # the views after it extend these
    after = deal.apply(move)
    for seat in range(players):
        relative = (mover - seat) % players
        before_rows, after_rows = rows(before[seat], "played"), rows(after.view(seat), "played")
        assert before_rows[relative][move.card.index] == 0.0  # type: ignore[attr-defined]
        assert after_rows[relative][move.card.index] == 1.0  # type: ignore[attr-defined]
        assert observe(before[seat]) != observe(after.view(seat))


def test_issue14_a_bid_and_a_pass_change_every_observation() -> None:
    deal = start(WHOLE_SUITS)
    bid = deal.apply("bid trump+lock")
    passed = bid.apply("pass")
    rules = load_profile("1.4.2")
    combo = ComboBid.parse("trump+lock", rules)
    layout = observation_layout(rules, 4)
    for seat in range(4):
        assert observe(deal.view(seat)) != observe(bid.view(seat)) != observe(passed.view(seat))
        view = bid.view(seat)
        assert seg(view, "high_bid_standard") == one_hot(16, 2)  # trump: third in the table
        specials = [b.key for b in rules.special_bids]
        assert seg(view, "high_bid_specials") == one_hot(15, specials.index("lock"))
        assert seg(view, "high_bid_worth") == [combo.worth / layout.worth_scale]
        assert seg(view, "high_bidder") == one_hot(4, (1 - seat) % 4)
        assert seg(passed.view(seat), "passed") == one_hot(4, (2 - seat) % 4)
        assert seg(deal.view(seat), "high_bidder") == [0.0] * 4


# -- seats relative to the observer ----------------------------------------------------------


def test_issue14_seats_are_relative_to_the_observer_clockwise() -> None:
    # Seat 1 is D with trump+lock; trump spades; seat 0 (right of D) leads trick 1 (R22).
    deal = start(WHOLE_SUITS, "trump+lock", "trump S", "play AC", "play 2S")
    rules = load_profile("1.4.2")
    for seat in range(4):
        view = deal.view(seat)
        assert seg(view, "to_move") == one_hot(4, (2 - seat) % 4)
        assert seg(view, "dealer") == one_hot(4, (0 - seat) % 4)
        assert seg(view, "declarer") == one_hot(4, (1 - seat) % 4)
        assert seg(view, "trick_leader") == one_hot(4, (0 - seat) % 4)
        trick = rows(view, "trick")
        assert trick[(0 - seat) % 4] == card_row([Card.parse("AC")])
        assert trick[(1 - seat) % 4] == card_row([Card.parse("2S")])
        assert trick[(2 - seat) % 4] == trick[(3 - seat) % 4] == [0.0] * 52
        assert seg(view, "trump") == one_hot(4, 3)
        assert seg(view, "contract_standard") == one_hot(16, [
            b.key for b in rules.standard_bids].index("trump"))
    # Relative seat 0 is always the observer's own row.
    assert rows(deal.view(0), "played")[0] == card_row([Card.parse("AC")])
    assert rows(deal.view(1), "played")[0] == card_row([Card.parse("2S")])
    assert rows(deal.view(1), "played")[3] == card_row([Card.parse("AC")])  # seat 0: its right


def test_issue14_tricks_won_scaled_per_relative_seat() -> None:
    # Seat 1 holds every spade, the trump: it brings home the first two tricks (R23).
    deal = start(WHOLE_SUITS, "trump+lock", "trump S",
                 "play AC", "play 2S", "play 2H", "play 2D", "play 3S", "play 3H", "play 3D",
                 "play KC")
    assert deal.tricks_won == (0, 2, 0, 0)
    for seat in range(4):
        assert seg(deal.view(seat), "tricks_won") == [
            (2 / 13 if (seat + r) % 4 == 1 else 0.0) for r in range(4)]


# -- the new PlayerView fields -----------------------------------------------------------------


def test_issue14_view_passed_and_high_bidder_follow_the_auction() -> None:
    deal = Deal.from_hands(list(WHOLE_SUITS), dealer=0)
    for seat in range(4):
        view = deal.view(seat)
        assert view.passed == frozenset()
        assert view.high_bid is None
        assert view.high_bidder is None
        assert view.minimum_worth == 1  # the profile's least worth (R7)
    deal = deal.apply("bid trump+lock").apply("pass").apply("bid game+lock")
    for seat in range(4):
        view = deal.view(seat)
        assert view.passed == {2}
        assert view.high_bidder == 3
        assert str(view.high_bid) == "game+lock"


def test_r7_r34_view_minimum_worth_after_bids_and_potentials() -> None:
    # trump+lock is worth 1 + 2 = 3. Seat 3 has more potentials than seat 1, the high
    # bidder: it may bid equal worth (R34); seat 2 and seat 0 must bid more (R7).
    deal = Deal.from_hands(list(WHOLE_SUITS), dealer=0, potentials=[0, 1, 0, 2])
    deal = deal.apply("bid trump+lock")
    assert deal.view(0).potentials == (0, 1, 0, 2)
    assert deal.view(2).minimum_worth == 4
    assert deal.view(3).minimum_worth == 3
    assert deal.view(0).minimum_worth == 4
    assert deal.view(1).minimum_worth == 4  # the high bidder itself: its own potentials
    assert [deal.view(s).minimum_worth for s in range(4)] == [
        deal.minimum_worth(s) for s in range(4)]
    layout = observation_layout("1.4.2", 4)
    assert seg(deal.view(3), "minimum_worth") == [3 / layout.worth_scale]


def test_r36_view_scores_and_banned_seats_passed_from_the_start() -> None:
    deal = Deal.from_hands(list(WHOLE_SUITS), dealer=0, scores=[3, -6, 0, 12])
    assert deal.to_move == 2  # seat 1 is banned: it has passed already (R36)
    layout = observation_layout("1.4.2", 4)
    for seat in range(4):
        view = deal.view(seat)
        assert view.scores == (3, -6, 0, 12)
        assert view.passed == {1}
        assert seg(view, "banned") == one_hot(4, (1 - seat) % 4)
        assert seg(view, "passed") == one_hot(4, (1 - seat) % 4)
        expected = [(3, -6, 0, 12)[(seat + r) % 4] / layout.score_scale for r in range(4)]
        assert seg(view, "scores") == expected


def test_issue14_scores_and_potentials_clipped_to_the_documented_range() -> None:
    deal = Deal.from_hands(list(WHOLE_SUITS), dealer=0, scores=[500, -500, 0, 1],
                           potentials=[9, 0, 0, 0])
    view = deal.view(0)
    assert seg(view, "scores")[:2] == [1.0, -1.0]
    assert seg(view, "potentials")[0] == 1.0


def test_issue14_view_played_by_holds_each_seats_played_cards() -> None:
    # Seat 1 (D, every trump) takes trick 1 and leads trick 2.
    moves = ["play AC", "play 2S", "play 2H", "play 2D", "play 3S", "play 3H"]
    deal = start(WHOLE_SUITS, "trump+lock", "trump S")
    for move in moves:  # viewed after every move: each view extends the one before
        deal.view(0)
        deal = deal.apply(move)
    expected = (CardSet.parse("AC"), CardSet.parse("2S 3S"), CardSet.parse("2H 3H"),
                CardSet.parse("2D"))
    before_lead = start(WHOLE_SUITS, "trump+lock", "trump S")
    for seat in range(4):
        assert before_lead.view(seat).played_by == (CardSet(),) * 4
        view = deal.view(seat)
        assert view.played_by == expected
        union = CardSet()
        for cards in view.played_by:
            union |= cards
        assert union == view.played
        # The same from a copy (its seen log built afresh) and from the state directly.
        assert pickle.loads(pickle.dumps(deal)).view(seat).played_by == expected
        direct = PlayerView.from_state(deal._state, seat, deal.legal_moves())
        assert direct.played_by == expected
        assert direct == view


def test_issue14_view_to_dict_carries_the_new_fields() -> None:
    deal = Deal.from_hands(list(WHOLE_SUITS), dealer=0, scores=[1, 2, 3, 4],
                           potentials=[0, 1, 0, 0])
    deal = deal.apply("bid trump+lock").apply("pass")
    data = deal.view(3).to_dict()
    assert data["high_bidder"] == 1
    assert data["passed"] == [2]
    assert data["minimum_worth"] == 4
    assert data["scores"] == [1, 2, 3, 4]
    assert data["potentials"] == [0, 1, 0, 0]
    assert data["played_by"] == ["", "", "", ""]
    again = PlayerView.from_dict(json.loads(json.dumps(data)))
    assert again == deal.view(3)
    assert pickle.loads(pickle.dumps(again)) == again


def test_r15_view_and_observation_carry_masters_trump_statements() -> None:
    # D is seat 1; seat 2 (D's left) chooses trump; seats 3 and 0 state first (R15).
    deal = start(WHOLE_SUITS, "masters_trump", "prefer H 4", "prefer none")
    assert deal.phase is Phase.TRUMP
    for seat in range(4):
        view = deal.view(seat)
        assert [(s, str(move)) for s, move in view.preferences] == [
            (3, "prefer H 4"), (0, "prefer none")]
        stated = rows(view, "preferences")
        assert stated[(3 - seat) % 4] == [0.0, 0.0, 4 / 5, 0.0, 0.0]  # hearts, strength 4
        assert stated[(0 - seat) % 4] == [0.0, 0.0, 0.0, 0.0, 1.0]  # abstained
        assert stated[(1 - seat) % 4] == stated[(2 - seat) % 4] == [0.0] * 5
        assert PlayerView.from_dict(view.to_dict()) == view
    assert start(WHOLE_SUITS, "trump+lock").view(0).preferences == ()


def test_issue14_saved_view_with_a_preference_that_is_no_prefer_move_is_refused() -> None:
    data = start(WHOLE_SUITS, "masters_trump", "prefer H 4").view(0).to_dict()
    data["preferences"] = [[3, "pass"]]
    with pytest.raises(SerializationError, match="'pass' is not a prefer move"):
        PlayerView.from_dict(data)


def test_r14_view_and_observation_carry_the_taken_card() -> None:
    # Every participant lays its ace; D (seat 1) takes AH and gives its own AS for it (R14).
    deal = start(WHOLE_SUITS, "rank_trump", "commit AS", "commit AH", "commit AD", "commit AC")
    assert deal.phase is Phase.RANK_TAKE
    assert all(deal.view(seat).taken is None for seat in range(4))
    assert all(seg(deal.view(seat), "taken") == [0.0] * 52 for seat in range(4))
    deal = deal.apply("take AH")
    for seat in range(4):
        view = deal.view(seat)
        assert view.taken == Card.parse("AH")
        assert seg(view, "taken") == card_row([Card.parse("AH")])
        assert seg(view, "trump") == one_hot(4, 2)  # hearts, the taken card's suit
        assert rows(view, "laid")[(1 - seat) % 4] == card_row([Card.parse("AS")])
        assert PlayerView.from_dict(view.to_dict()) == view
    assert Card.parse("AS") in deal.view(2).hand


def test_e2_the_card_d_gives_changes_only_the_observations_of_d_and_its_receiver() -> None:
    # 1.5.1: only the opponents lay; D takes AH and gives any card of its hand, which only
    # D and seat 2 (AH's owner) see (E2). Seats 3 and 0 observe the same either way.
    deal = start(WHOLE_SUITS, "rank_trump", "commit AH", "commit AD", "commit AC",
                 profile="1.5.1")
    assert deal.phase is Phase.RANK_TAKE
    low, other = deal.apply("take AH 2S"), deal.apply("take AH 3S")
    for seat in (3, 0):
        assert observe(low.view(seat)) == observe(other.view(seat))
    for seat in (1, 2):
        assert observe(low.view(seat)) != observe(other.view(seat))
    assert seg(low.view(0), "taken") == card_row([Card.parse("AH")])


@pytest.mark.parametrize("players", [5, 7])
def test_r3_a_game_of_five_or_more_observes_its_four_participants_only(players: int) -> None:
    game = Game.new(players, seed=11)
    layout = observation_layout(game.profile, 4)
    assert len(game.participants) == 4
    for player in game.participants:
        view = game.view(player)
        assert view.seat == game.seat_of(player)
        assert len(observe(view)) == layout.size
    assert len(game.sitting_out) == players - 4
    for player in game.sitting_out:
        with pytest.raises(GameError, match=r"takes no part in the current deal \(R3\)"):
            game.view(player)


def assert_segments_tell_the_view(view: PlayerView) -> None:
    """Read every segment back from ``view``'s observation and compare with its fields."""
    layout = observation_layout(view.profile, view.players)
    vector = observe(view)
    standard = [b.key for b in view.profile.standard_bids]
    specials = [b.key for b in view.profile.special_bids]
    players, me = view.players, view.seat

    def read(name: str) -> list[float]:
        return layout.read(vector, name)

    def per_seat(name: str) -> list[list[float]]:
        """A per-seat segment's rows by absolute seat: row r is seat (me + r) % players."""
        values = read(name)
        width = len(values) // players
        return [values[(seat - me) % players * width:][:width] for seat in range(players)]

    def seat_hot(seat: int | None) -> list[float]:
        return one_hot(players, None if seat is None else (seat - me) % players)

    def suit_hot(suit: Suit | None) -> list[float]:
        return one_hot(4, None if suit is None else int(suit))

    assert read("to_move") == seat_hot(view.to_move)
    assert read("dealer") == seat_hot(view.dealer)
    for seat in range(players):
        assert per_seat("played")[seat] == card_row(view.played_by[seat])
        assert per_seat("shown")[seat] == card_row(view.shown[seat])
        assert per_seat("trick")[seat] == card_row([c for s, c in view.trick if s == seat])
        laid = view.laid[seat] if view.laid else None
        assert per_seat("laid")[seat] == card_row([] if laid is None else [laid])
        assert per_seat("tricks_won")[seat] == [view.tricks_won[seat] / 13]
        assert per_seat("passed")[seat] == [float(seat in view.passed)]
    assert read("trick_leader") == seat_hot(view.trick[0][0] if view.trick else None)
    for name in ("exposed", "atelier", "sent", "received"):
        assert read(name) == card_row(getattr(view, name)), name
    assert read("taken") == card_row([] if view.taken is None else [view.taken])
    assert read("declarer") == seat_hot(view.declarer)
    for prefix, combo in (("contract", view.combo), ("high_bid", view.high_bid)):
        assert read(f"{prefix}_standard") == one_hot(
            len(standard), None if combo is None else standard.index(combo.standard.key))
        assert read(f"{prefix}_specials") == [
            float(combo is not None and key in combo.special_keys) for key in specials]
        assert read(f"{prefix}_worth") == [
            0.0 if combo is None else combo.worth / layout.worth_scale]
    assert read("high_bidder") == seat_hot(view.high_bidder)
    assert read("trump") == suit_hot(view.trump)
    assert read("plague_suit") == suit_hot(view.plague_suit)
    assert read("justice_card") == card_row(
        [] if view.justice_card is None else [view.justice_card])
    assert read("guesses") == [float(n in view.guesses) for n in range(14)]
    assert read("mail_direction") == [
        float(view.mail_direction == d) for d in ("left", "right", "across")]
    assert read("minimum_worth") == [min(1.0, view.minimum_worth / layout.worth_scale)]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(deals_anywhere())
def test_issue14_every_segment_tells_what_the_view_tells(deal: Deal) -> None:
    for seat in range(deal.players):
        assert_segments_tell_the_view(deal.view(seat))
