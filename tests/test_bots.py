"""The bots: legal moves everywhere, determinism, honesty, and the heuristic bot's key
decisions in hand-built deals.

Unless a test says otherwise, a hand-built deal has dealer 0, so seat 1 bids first; when
seat 1 becomes D, seat 0 = right(D) leads trick 1 (R22) and D plays second.
"""

from __future__ import annotations

import random

import pytest
from hands import start
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from combowhist import (
    Card,
    CardSet,
    Deal,
    Game,
    IllegalMoveError,
    MakeBid,
    Pass,
    Phase,
    Play,
    SetTrump,
    Suit,
)
from combowhist.bots import Bot, HeuristicBot, RandomBot, play_deal, play_game
from combowhist.bots.sight import _Sight
from combowhist.strategies import deals_at_phase, played_deals

HEURISTIC = HeuristicBot()
RANDOM = RandomBot()
PROFILES = ("1.4.1", "1.4.2")
SETUP_PHASES = tuple(p for p in Phase if p not in (Phase.AUCTION, Phase.OVER))

WALK = settings(max_examples=80, deadline=None)
POINT = settings(max_examples=100, deadline=None,
                 suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


def finish(deal: Deal, bots: list[Bot], rng: random.Random) -> Deal:
    """Play ``deal`` to its end, checking that every move is one of the legal moves."""
    while deal.to_move is not None:
        move = bots[deal.to_move].choose(deal, deal.to_move, rng)
        assert move in deal.legal_moves(), f"{bots[deal.to_move].name} chose {move}"
        deal = deal.apply(move)
    return deal



def choice(deal: Deal, bot: Bot = HEURISTIC) -> object:
    assert deal.to_move is not None
    return bot.choose(deal, deal.to_move, random.Random(0))


# -- every move is legal -----------------------------------------------------------------------


@WALK
@given(seed=st.integers(0, 2**32), players=st.sampled_from((3, 4)),
       profile=st.sampled_from(PROFILES), heuristic_seats=st.sets(st.integers(0, 3)))
def test_bots_play_legal_moves_in_random_deals(seed: int, players: int, profile: str,
                                               heuristic_seats: set[int]) -> None:
    """A deal dealt from a seed, some seats heuristic and the rest random, to its end."""
    bots: list[Bot] = [HEURISTIC if s in heuristic_seats else RANDOM for s in range(players)]
    deal = Deal.new(players=players, dealer=seed % players, profile=profile, seed=seed)
    assert finish(deal, bots, random.Random(seed)).is_over


@POINT
@given(data=st.data(), phase=st.sampled_from(SETUP_PHASES),
       players=st.sampled_from((3, 4)), profile=st.sampled_from(PROFILES))
def test_heuristic_moves_are_legal_from_every_phase(data: st.DataObject, phase: Phase,
                                                    players: int, profile: str) -> None:
    """From a deal drawn at any phase (after random legal moves, so that D may hold any
    combo bid and the heuristic bot must make D's choices for Justice, Plague, Mail,
    guesses, the atelier…), heuristic bots finish it with legal moves only."""
    deal = data.draw(deals_at_phase(phase, players=players, profile=profile))
    assert finish(deal, [HEURISTIC] * players, random.Random(0)).is_over


def test_heuristic_bot_plays_whole_games() -> None:
    for players in (3, 4, 5):
        game = play_game(Game.new(players=players, seed=players), [HEURISTIC] * players,
                         random.Random(players), max_deals=60)
        assert game.deals > 0


# -- deterministic for a seed ------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_bots_are_deterministic_for_a_seed(players: int) -> None:
    """The same deal and the same rng seed give the same moves, move for move."""
    roster: list[Bot] = [HEURISTIC, RANDOM, HEURISTIC, RANDOM]
    bots = roster[:players]
    for seed in range(5):
        logs = [play_deal(Deal.new(players=players, seed=seed), bots, random.Random(seed)).log
                for _ in range(2)]
        assert logs[0] == logs[1]


@settings(max_examples=30, deadline=None)
@given(deals_at_phase(Phase.MAIL))
def test_heuristic_random_fallback_uses_the_given_rng(deal: Deal) -> None:
    """Mail's direction is the one random choice: it comes from the rng alone."""
    seat = deal.to_move
    assert seat is not None
    first = HEURISTIC.choose(deal, seat, random.Random(7))
    assert first == HEURISTIC.choose(deal, seat, random.Random(7))


# -- honest: only what the seat's view shows ---------------------------------------------------


@WALK
@given(played_deals(profile="1.4.2"), st.data())
def test_sight_is_what_the_view_shows(deal: Deal, data: st.DataObject) -> None:
    """What the heuristic bot reads from the deal is exactly what it could rebuild from
    ``deal.view(seat)``, for every seat."""
    for seat in range(deal.players):
        assert _Sight.of(deal, seat) == _Sight.of_view(deal.view(seat))


def _swap_hidden_cards(deal: Deal, seat: int, data: st.DataObject) -> Deal:
    """The same deal with a card of one suit swapped between two other seats, among the
    cards they were dealt and still hold (so every past move stays legal), replayed."""
    others = [s for s in range(deal.players) if s != seat]
    first, second = data.draw(st.permutations(others))[:2]
    dealt, now = deal.table.dealt, deal.hand_masks
    kept = [dealt[s] & now[s] for s in range(deal.players)]
    pairs = [(a, b) for a in CardSet(kept[first]) for b in CardSet(kept[second])
             if a.suit == b.suit or deal.phase is Phase.AUCTION]
    assume(pairs)
    a, b = data.draw(st.sampled_from(pairs))
    hands = list(deal.dealt_hands)
    hands[first] = hands[first] - CardSet([a]) | CardSet([b])
    hands[second] = hands[second] - CardSet([b]) | CardSet([a])
    twin = Deal.from_hands(hands, dealer=deal.dealer, profile=deal.profile,
                           scores=deal.scores, potentials=deal.potentials)
    try:
        for move in deal.history:
            twin = twin.apply(move)
    except IllegalMoveError:  # a picked Mail card, say
        assume(False)
    return twin


@POINT
@given(data=st.data(), phase=st.sampled_from((Phase.AUCTION, Phase.PLAY, Phase.PLAY,
                                                 Phase.TRUMP, Phase.SEND)),
       players=st.sampled_from((3, 4)))
def test_heuristic_choice_ignores_hidden_cards(data: st.DataObject, phase: Phase,
                                               players: int) -> None:
    """Two deals that look the same from the seat to move but differ in other hands get
    the same choice."""
    deal = data.draw(deals_at_phase(phase, players=players))
    seat = deal.to_move
    assert seat is not None
    twin = _swap_hidden_cards(deal, seat, data)
    assert twin.hand_masks != deal.hand_masks
    assert HEURISTIC.choose(deal, seat, random.Random(1)) == HEURISTIC.choose(
        twin, seat, random.Random(1))


def test_heuristic_choice_ignores_hidden_cards_by_hand() -> None:
    """Seats 0 and 2 trade high clubs for low ones; seat 1 sees the same table."""
    hands = ["AC KC QC JC 10C 9C 8C 2H 3H 4H 5H 6H 7H",
             "AS KS QS JS 10S 9S AD KD QD 2S 3S 4S 5S",
             "7C 6C 5C 4C 3C 2C AH KH QH JH 10H 9H 8H",
             "8S 7S 6S JD 10D 9D 8D 7D 6D 5D 4D 3D 2D"]
    swapped = ["2C 3C QC JC 10C 9C 8C 2H 3H 4H 5H 6H 7H",
               hands[1],
               "7C 6C 5C 4C KC AC AH KH QH JH 10H 9H 8H",
               hands[3]]
    for deal, twin in ((start(hands), start(swapped)),
                       (start(hands, "trump", "trump S", "play 2H"),
                        start(swapped, "trump", "trump S", "play 2H"))):
        assert choice(deal) == choice(twin)


# -- key decisions -----------------------------------------------------------------------------

MIDDLING = "10S 9S 8S 10H 9H 8H 10D 9D 8D 7D 10C 9C 8C"
STRONG = "AS KS QS JS 10S 9S AH KH AD KD AC KC QC"


def _rest(hand: str) -> list[str]:
    """The other 39 cards dealt round three seats (every third card of the rest)."""
    taken = CardSet.parse(hand)
    rest = [c for c in sorted(CardSet.full()) if c not in taken]
    return [" ".join(str(c) for c in rest[i::3]) for i in range(3)]


def _with_hand_at_seat_1(hand: str) -> list[str]:
    rest = _rest(hand)
    return [rest[0], hand, rest[1], rest[2]]


def test_heuristic_passes_a_hopeless_hand() -> None:
    """No high card to win tricks with, too many middle cards to duck with."""
    assert choice(start(_with_hand_at_seat_1(MIDDLING))) == Pass()


def test_heuristic_bids_with_a_strong_hand() -> None:
    move = choice(start(_with_hand_at_seat_1(STRONG)))
    assert isinstance(move, MakeBid)
    assert move.combo.standard.goal is not None
    assert move.combo.standard.goal.kind.value in ("min_tricks", "solitary_most")


def test_heuristic_does_not_overbid_a_very_high_bid() -> None:
    """Over a high bid worth 16, even a strong hand passes."""
    hands = _with_hand_at_seat_1(STRONG)
    deal = Deal.from_hands(hands, dealer=3, profile="1.4.2")
    deal = deal.apply("bid masters_trump+masters_mail+lock+penalty+open_hand")
    assert deal.high_bid is not None
    assert deal.high_bid.worth == 16
    assert choice(deal) == Pass()


def test_heuristic_names_its_long_suit_trump() -> None:
    hand = "AS KS 10S 8S 6S 4S 2S KH 5H QD 3D 7C 2C"
    deal = start(_with_hand_at_seat_1(hand), "trump")
    assert deal.phase is Phase.TRUMP
    assert choice(deal) == SetTrump(Suit.SPADES)


def test_heuristic_declarer_needing_tricks_wins_a_trick_it_can_win() -> None:
    """D (trump+…, trump hearts) holds the ace and the two of spades; the queen is led."""
    hands = ["QS 3S 4S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
             "AS 2S AH KH QH JH 10H 9H 8H AD KD QD JD",
             "KS 5S 6S 7S 2H 3H 4H 5H 2D 3D 4D 5D 6D",
             "JS 10S 9S 8S 6H 7H 10D 9D 8D 7D QC KC AC"]
    deal = start(hands, "trump", "trump H", "play QS")
    assert choice(deal) == Play(Card.parse("AS"))


def test_heuristic_declarer_last_to_play_wins_cheaply() -> None:
    """Seat 2 takes trick 1 and leads trick 2, so D plays last; D wins it with the jack
    of spades, not the ace."""
    hands = ["2C 10S 5C 6C 7C 4S 2H 3H 2D 3D 4D 5D 6D",
             "3C AS JS 3S AH KH QH JH 10H 9H AD KD QD",
             "AC 9S 8C 9C 10C 5S 6S 4H 5H 7D 8D 9D 10D",
             "4C 2S JC QC KC 7S 8S QS KS 6H 7H 8H JD"]
    deal = start(hands, "trump", "trump H", "play 2C", "play 3C", "play AC", "play 4C",
                 "play 9S", "play 2S", "play 10S")
    assert deal.to_move == 1
    assert choice(deal) == Play(Card.parse("JS"))


def test_heuristic_declarer_ducks_when_avoiding_tricks() -> None:
    """Under Bid of Shame D keeps under the led ten with its highest losing spade."""
    hands = ["10S 3S 4S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
             "JS 5S 2S 2H 3H 4H 5H 2D 3D 4D 5D 6D QC",
             "KS AS 6S 7S 6H 7H 8H 9H 7D 8D 9D 10D KC",
             "QS 9S 8S 10H JH QH KH AH JD QD KD AD AC"]
    deal = start(hands, "bid_of_shame+ending_dog", "play 10S")
    assert choice(deal) == Play(Card.parse("5S"))


def test_heuristic_declarer_keeps_lock_tricks_away() -> None:
    """Under Lock D must not take tricks 1-3, so it plays under the led five."""
    hands = ["5S 3S 4S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC",
             "AS 2S AH KH QH JH 10H 9H 8H AD KD QD JD",
             "KS QS 6S 7S 2H 3H 4H 5H 2D 3D 4D 5D 6D",
             "JS 10S 9S 8S 6H 7H 10D 9D 8D 7D QC KC AC"]
    deal = start(hands, "trump+lock", "trump H", "play 5S")
    assert choice(deal) == Play(Card.parse("2S"))


def test_heuristic_opponent_beats_a_declarer_who_needs_tricks() -> None:
    """D has taken the lead in the trick with the king of spades; the opponent after D
    takes it with the ace."""
    hands = ["3S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
             "KS QS 2S AH KH QH JH 10H 9H AD KD QD JD",
             "AS 5S 6S 7S 2H 3H 4H 5H 2D 3D 4D 5D 6D",
             "JS 10S 9S 8S 4S 6H 7H 8H 10D 9D 8D 7D AC"]
    deal = start(hands, "trump", "trump H", "play 3S", "play KS")
    assert choice(deal) == Play(Card.parse("AS"))


# -- better than random ------------------------------------------------------------------------


def _completion(bot: Bot, deals: int, players: int) -> tuple[int, int]:
    """(completed, declared) over seeded deals with ``bot`` in every seat."""
    completed = declared = 0
    for seed in range(deals):
        deal = play_deal(Deal.new(players=players, dealer=seed % players, seed=seed),
                         [bot] * players, random.Random(seed))
        assert deal.result is not None
        if deal.result.declarer is not None:
            declared += 1
            completed += deal.result.completed
    return completed, declared


def test_heuristic_declarers_complete_more_often_than_random_ones() -> None:
    """Over 100 deals, heuristic declarers complete about half their bids (0.49 of 29 487
    in 2000 measured games) and random ones almost none (a random combo bid is a wild
    thing): 30% against 10% leaves a wide margin both ways."""
    done, declared = _completion(HEURISTIC, 100, 4)
    assert declared >= 60
    assert done / declared >= 0.3
    done, declared = _completion(RANDOM, 100, 4)
    assert done / declared <= 0.1


def test_heuristic_beats_random_bots_at_games() -> None:
    """One heuristic bot against three random ones wins nearly every game (measured: all
    of 2000); 16 of 20 is far below that and far above the baseline of 5."""
    wins = 0
    for number in range(20):
        seat = number % 4
        bots: list[Bot] = [RANDOM] * 4
        bots[seat] = HEURISTIC
        game = play_game(Game.new(players=4, seed=number), bots, random.Random(number),
                         max_deals=200)
        wins += game.winner == seat
    assert wins >= 16
