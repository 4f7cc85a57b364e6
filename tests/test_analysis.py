"""R8's exact layer (issue 13): :func:`combowhist.analysis.witness`.

Impossible answers are checked against a brute force written here on its own (every split
of the unseen cards, every legal play, no canonical states, no lazy dealing, no cuts), on
small late positions; every witness is replayed by the checked engine.
"""

from __future__ import annotations

import io
import os
import random
from itertools import combinations
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import CardSet, ComboBid, Deal, load_profile
from combowhist.analysis import Witness, is_possible, proven_impossible, witness
from combowhist.bids import Event, GoalKind, PlayRule, TrumpRule
from combowhist.cards import SUIT_MASKS
from combowhist.cli import main
from combowhist.errors import AnalysisError, InvalidBidError, SetupError
from combowhist.rules import legality, possibility
from combowhist.rules.auction import bid_moves
from combowhist.rules.outcome import TrickRecord, score
from combowhist.rules.play import (
    NO_SUIT,
    flags_after,
    legal_play_mask,
    next_trump,
    trick_order,
    trick_winner,
)
from combowhist.rules.possibility import ANY_TRICK

SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
LOW = "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C"
EDITIONS = ("1.4.1", "1.4.2")


def _check(found: Witness | None, hand: str, combo: str, edition: str,
           players: int = 4) -> None:
    """A witness is a finished deal, dealt as it says, that the declarer completes."""
    assert found is not None
    deal = found.deal
    assert deal.is_over
    assert deal.result is not None
    assert deal.result.completed
    assert deal.result.declarer == found.declarer
    assert str(deal.result.combo) == str(ComboBid.parse(combo, edition, players))
    assert deal.dealt_hands == found.hands
    assert found.hands[found.declarer] == CardSet.parse(hand)
    again = Deal.from_json(deal.to_json())
    assert again == deal
    assert again.result == deal.result


# -- the issue's two examples and their neighbours ----------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_r8_issue13_all_thirteen_spades_make_zero_hurry_impossible(edition: str) -> None:
    # D must lead trick 1 (Hurry) and nobody else can follow spades: D takes it.
    assert witness(SPADES, "zero+hurry", profile=edition) is None
    assert not is_possible(SPADES, "zero+hurry", profile=edition)


@pytest.mark.parametrize("edition", EDITIONS)
def test_r8_issue13_twelve_spades_and_a_club_make_zero_hurry_possible(edition: str) -> None:
    hand = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2C"
    found = witness(hand, "zero+hurry", profile=edition)
    _check(found, hand, "zero+hurry", edition)
    assert found is not None
    first = next(move for seat, move in found.moves if str(move).startswith("play"))
    assert str(first) == "play 2C"  # D leads the club and loses it


@pytest.mark.parametrize("edition", EDITIONS)
def test_r8_issue13_all_thirteen_spades_make_zero_possible_without_hurry(edition: str
                                                                          ) -> None:
    found = witness(SPADES, "zero", profile=edition)
    _check(found, SPADES, "zero", edition)


@pytest.mark.parametrize("edition", EDITIONS)
def test_r8_issue13_only_twos_threes_fours_and_five_of_clubs_make_game_impossible(
        edition: str) -> None:
    # No trump, and every unseen card beats every card of D's in its suit.
    assert witness(f"{LOW} 5C", "game", profile=edition) is None


@pytest.mark.parametrize("edition", EDITIONS)
def test_r8_issue13_the_low_hand_may_still_bid_masters_bid_of_shame(edition: str) -> None:
    hand = f"{LOW} 5C"
    _check(witness(hand, "masters_bid_of_shame", profile=edition), hand,
           "masters_bid_of_shame", edition)


def test_r8_issue13_five_top_spades_make_game_possible() -> None:
    hand = "AS KS QS JS 10S 2H 3H 4H 2D 3D 4D 2C 3C"
    found = witness(hand, "game", profile="1.4.1")
    _check(found, hand, "game", "1.4.1")
    assert found is not None
    assert found.deal.result is not None
    assert found.deal.result.tricks[found.declarer] >= 5


# -- one scenario per special bid ---------------------------------------------------------


def test_r8_lock_makes_trump_impossible_with_thirteen_spades() -> None:
    # Spades trump: D ruffs trick 1; any other trump: D never wins a trick.
    assert witness(SPADES, "trump", profile="1.4.1") is not None
    assert witness(SPADES, "trump+lock", profile="1.4.1") is None


def test_r8_ending_dog_makes_trump_impossible_with_thirteen_spades() -> None:
    assert witness(SPADES, "trump+ending_dog", profile="1.4.1") is None


def test_r8_hurry_makes_masters_bid_of_shame_impossible_with_thirteen_spades() -> None:
    assert witness(SPADES, "masters_bid_of_shame", profile="1.4.1") is not None
    assert witness(SPADES, "masters_bid_of_shame+hurry", profile="1.4.1") is None


def test_r8_greed_makes_approximate_impossible_with_thirteen_spades() -> None:
    # Without trump and without the lead D takes no trick: 0 can be guessed, but Greed
    # needs both -1 and +1 to be guesses.
    found = witness(SPADES, "approximate", profile="1.4.1")
    _check(found, SPADES, "approximate", "1.4.1")
    assert witness(SPADES, "approximate+greed", profile="1.4.1") is None


def test_r8_mail_makes_zero_hurry_possible_with_thirteen_spades() -> None:
    found = witness(SPADES, "zero+hurry+mail", profile="1.4.1")
    _check(found, SPADES, "zero+hurry+mail", "1.4.1")
    assert found is not None
    assert found.deal.contract is not None
    assert found.deal.contract.mail is not None


def test_r8_masters_mail_changes_nothing_for_zero_hurry_with_thirteen_spades() -> None:
    # Master's Mail passes cards among the opponents only: D still leads a spade.
    assert witness(SPADES, "zero+hurry+masters_mail", profile="1.4.1") is None


def test_r8_sloth_keeps_zero_possible_with_thirteen_spades() -> None:
    found = witness(SPADES, "zero+sloth", profile="1.4.1")
    _check(found, SPADES, "zero+sloth", "1.4.1")


def test_r8_mail_and_masters_mail_witness_replays_with_both_exchanges() -> None:
    hand = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2C"
    found = witness(hand, "zero+hurry+mail+masters_mail", profile="1.4.2")
    _check(found, hand, "zero+hurry+mail+masters_mail", "1.4.2")


def test_r8_witness_seats_the_declarer_and_dealer_as_asked() -> None:
    hand = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2C"
    found = witness(hand, "zero+hurry", profile="1.4.1", declarer=3, dealer=1)
    assert found is not None
    assert found.declarer == 3
    assert found.deal.dealer == 1
    assert found.deal.dealt_hands[3] == CardSet.parse(hand)


def test_r8_three_players() -> None:
    hand = "AS KS QS JS 10S 6S 5S 4S 3S 2S AH KH QH"
    found = witness(hand, "trump", profile="1.4.1", players=3)
    _check(found, hand, "trump", "1.4.1", players=3)


# -- what the search refuses to answer ---------------------------------------------------


@pytest.mark.parametrize(("bid", "players"), [
    ("rank_trump+mail", 4), ("rank_trump+masters_mail", 4), ("rank_trump+lock+mail", 4),
    ("rank_trump+mail+masters_mail", 4), ("rank_trump+greed+ending_dog+mail+masters_mail", 4),
    ("rank_trump+mail+masters_mail", 3),
])
def test_r8_r14_r19_r20_rank_trump_before_the_mails_found_by_the_fast_pass_alone(
        monkeypatch: pytest.MonkeyPatch, bid: str, players: int) -> None:
    # The exact search does not decide Rank Trump before Mail or Master's Mail; its fast
    # pass looks for a line among the exchanges that leave the laid cards where they are,
    # and the witness works every exchange back: the cards laid, the take, Mail, Master's
    # Mail, each run by the engine.
    monkeypatch.setattr(possibility, "SOLVER", False)
    possibility.clear_caches()
    hand = SPADES if players == 4 else "AS KS QS JS 10S 6S 5S 4S 3S 2S AH KH QH"
    found = witness(hand, bid, profile="1.4.1", players=players)
    _check(found, hand, bid, "1.4.1", players)
    assert found is not None
    phases = [type(move).__name__ for _, move in found.moves]
    assert phases.count("Commit") == players
    assert "Take" in phases
    assert "Send" in phases


def test_r8_r14_rank_trump_before_the_mails_asks_the_solver_only_where_the_fast_pass_fails(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # With the exact extra too, the fast pass goes first (one check in a few milliseconds,
    # against a tenth of a second or more for the solver's).
    def no_solver(*args: object, **kwargs: object) -> None:
        raise AssertionError("the solver was asked")

    monkeypatch.setattr(possibility, "solved", no_solver)
    possibility.clear_caches()
    assert is_possible(SPADES, "rank_trump+lock+mail+masters_mail", profile="1.4.1")


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), edition=st.sampled_from(EDITIONS),
       players=st.sampled_from((3, 4)))
def test_r8_r14_r19_r20_every_fast_pass_line_before_the_mails_replays(
        seed: int, edition: str, players: int) -> None:
    # Random hands, random combos of the auction's list with Rank Trump before the mails,
    # the search alone (no solver): every line the fast pass finds is a witness the engine
    # completes.
    rng = random.Random(seed)
    profile = load_profile(edition)
    hand = Deal.new(players, profile=profile, rng=rng).dealt_hands[1]
    combos = [move.combo for move in bid_moves(profile, players, 1)
              if possibility.sampled_for_lines(move.combo)]
    combo = combos[rng.randrange(len(combos))]
    deck = profile.deck(players).mask
    with mock.patch.object(possibility, "SOLVER", False):
        line = possibility._sampled_line(combo, players, 1, deck, hand.mask,
                                         possibility.DEFAULT_MAX_NODES)
        possibility.clear_caches()
        if line is None:  # not found by the fast pass: refused, never "impossible"
            with pytest.raises(AnalysisError, match="not covered"):
                witness(hand, combo, players=players)
        else:
            _check(witness(hand, combo, players=players), str(hand), str(combo), edition,
                   players)


def test_r8_rank_trump_before_mail_the_fast_pass_misses_is_refused_without_the_solver(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Without the exact extra nothing decides what the fast pass does not find (here it
    # may open one trick): refused as not covered, never answered "impossible" (with the
    # extra the solver decides them: tests/test_r8_solver.py).
    monkeypatch.setattr(possibility, "SOLVER", False)
    possibility.clear_caches()
    with pytest.raises(AnalysisError, match=r"Rank Trump .* before mail.*the exact extra"):
        witness(SPADES, "rank_trump+mail", profile="1.4.1", max_nodes=1)
    with pytest.raises(AnalysisError, match="masters_mail"):
        witness(SPADES, "rank_trump+masters_mail", profile="1.4.1", max_nodes=1)


def test_r8_a_search_over_its_bound_raises_instead_of_answering(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Without the exact extra, the bound holds (with it, the solver decides every combo).
    monkeypatch.setattr(possibility, "SOLVER", False)
    possibility.clear_caches()
    with pytest.raises(AnalysisError, match="more than 5 tricks"):
        witness(f"{LOW} 5C", "trump+mail+penalty", profile="1.4.1", max_nodes=5)


def test_r8_bad_hands_and_seats_are_refused() -> None:
    with pytest.raises(SetupError, match="13 cards"):
        witness("AS KS", "zero", profile="1.4.1")
    with pytest.raises(SetupError, match="deck"):
        witness("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2C", "zero", profile="1.4.1",
                players=3)  # 7S 8S 9S are not in 1.4.1's 3-player deck
    with pytest.raises(SetupError, match="declarer"):
        witness(SPADES, "zero", profile="1.4.1", declarer=4)
    with pytest.raises(InvalidBidError):
        witness(SPADES, "zero+greed", profile="1.4.1")


# -- the static layer agrees -------------------------------------------------------------


STATIC = (("zero", "greed"), ("precise", "greed"), ("taintless_masters_game", "lock"),
          ("taintless_masters_game", "greed", "ending_dog"))


@pytest.mark.parametrize("keys", STATIC, ids="+".join)
@pytest.mark.parametrize("players", [3, 4])
def test_r8_a_statically_impossible_combo_has_no_witness_for_any_hand(
        keys: tuple[str, ...], players: int) -> None:
    profile = load_profile("1.4.1")
    combo = ComboBid.unchecked(profile, profile.bids[keys[0]],
                               tuple(profile.bids[k] for k in keys[1:]))
    assert legality.impossibility(combo.standard, combo.conditions, players) is not None
    rng = random.Random(13)
    for _ in range(5):
        hand = Deal.new(players, profile=profile, rng=rng).dealt_hands[0]
        assert witness(hand, combo, players=players) is None


# -- every witness replays: a property over random hands and combos ----------------------


def _covered(combo: ComboBid) -> bool:
    """Whether the search covers it: not the capture goal, nor Rank Trump before Mail or
    Master's Mail."""
    assert combo.standard.goal is not None
    exchanges = {Event.MAIL, Event.MASTERS_MAIL} & set(combo.events)
    return (not (combo.standard.trump is TrumpRule.RANK and exchanges)
            and combo.standard.goal.kind is not GoalKind.CAPTURE)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), edition=st.sampled_from(EDITIONS),
       players=st.sampled_from((3, 4)))
def test_r8_every_witness_replays_through_the_checked_engine(seed: int, edition: str,
                                                             players: int) -> None:
    rng = random.Random(seed)
    profile = load_profile(edition)
    hand = Deal.new(players, profile=profile, rng=rng).dealt_hands[1]
    moves = bid_moves(profile, players, 1)
    combo = moves[rng.randrange(len(moves))].combo
    while not _covered(combo):
        combo = moves[rng.randrange(len(moves))].combo
    try:
        found = witness(hand, combo, players=players, max_nodes=1500)
    except AnalysisError:
        return  # undecided within the bound: said so, never answered
    if found is not None:
        _check(found, str(hand), str(combo), edition, players)


# -- impossible answers against an independent brute force -------------------------------


def _brute(combo: ComboBid, players: int, declarer: int, hand: int, unseen: int,
           leader: int, trump: int, winners: tuple[int, ...], flags: int, plague: int,
           plagued: tuple[int, ...], justice: int) -> bool:
    """Every split of ``unseen`` among the opponents, every legal play, every award of
    the card of justice's trick (with ``ANY_TRICK``, of any one trick): does one complete
    ``combo``?"""
    rules = combo.play_rules
    iron = PlayRule.ACES_LOW in rules
    sloth = PlayRule.DECLARER_PLAYS_LAST in rules
    grill = combo.standard.trump is TrumpRule.GRILL
    block = trump if combo.standard.trump is TrumpRule.BLOCK else NO_SUIT
    left_in_hand = 13 - len(winners)
    opponents = [s for s in range(players) if s != declarer]
    cards = [c for c in range(52) if unseen >> c & 1]
    guess_sets = list(combinations(range(14), combo.standard.guesses))
    deck = combo.profile.deck(players).mask
    in_use = (deck & SUIT_MASKS[plague]).bit_count() if plague >= 0 else 0

    def splits(rest: list[int], seats: list[int]) -> list[list[int]]:
        if not seats:
            return [[]]
        out = []
        for chosen in combinations(rest, left_in_hand):
            mask = sum(1 << c for c in chosen)
            remaining = [c for c in rest if not mask >> c & 1]
            out += [[mask, *more] for more in splits(remaining, seats[1:])]
        return out

    def finish(won_by: tuple[int, ...], plagued: tuple[int, ...]) -> bool:
        record = TrickRecord(won_by, plagued if plague >= 0 else (), in_use)
        return any(score(combo, declarer, players, record, g, -2).completed
                   for g in guess_sets)

    def play(hands: list[int], leader: int, trump: int, flags: int,
             won_by: tuple[int, ...], plagued: tuple[int, ...], justice: int) -> bool:
        if len(won_by) == 13:
            return finish(won_by, plagued)
        order = trick_order(leader, players, declarer, sloth)

        def step(i: int, trick: tuple[tuple[int, int], ...], flags: int) -> bool:
            if i == len(order):
                led = trick[0][1] // 13
                held = [card for _, card in trick]
                winner = trick_winner(trick, trump, iron)
                takers = (range(players) if justice in held or justice == ANY_TRICK
                          else [winner])
                caught = sum(1 for c in held if c // 13 == plague)
                return any(play(hands, taker, next_trump(trump, led, grill), flags,
                                (*won_by, taker),
                                tuple(n + caught * (s == taker) for s, n in enumerate(plagued)),
                                -1 if justice in held or (justice == ANY_TRICK
                                                          and taker != winner) else justice)
                           for taker in takers)
            seat = order[i]
            led = trick[0][1] // 13 if trick else NO_SUIT
            mask = legal_play_mask(hands[seat], led, seat == declarer, block, plague, flags)
            for card in range(52):
                if mask >> card & 1:
                    hands[seat] &= ~(1 << card)
                    ok = step(i + 1, (*trick, (seat, card)),
                              flags_after(flags, card, seat == declarer, not trick, trump,
                                          plague))
                    hands[seat] |= 1 << card
                    if ok:
                        return True
            return False

        return step(0, (), flags)

    for split in splits(cards, opponents):
        hands = [0] * players
        hands[declarer] = hand
        for seat, mask in zip(opponents, split, strict=True):
            hands[seat] = mask
        if play(hands, leader, trump, flags, winners, plagued, justice):
            return True
    return False


Case = tuple[ComboBid, int, int, int, int, int, int, tuple[int, ...], int, int,
             tuple[int, ...], int]


def _endgame_case(rng: random.Random) -> Case:
    """A random late position: a combo (its pre-game events over), a trump, the tricks so
    far, the cards left (2 or 3 a hand), play's flags, a plague suit and the plague cards
    taken so far, a card of justice still to come or still to be named (``ANY_TRICK``)."""
    edition = rng.choice(EDITIONS)
    players = rng.choice((3, 4))
    profile = load_profile(edition)
    moves = bid_moves(profile, players, 1)
    while True:
        combo = moves[rng.randrange(len(moves))].combo
        if _covered(combo):
            break
    left_in_hand = 3 if players == 3 and rng.random() < 0.3 else 2
    deck_mask = profile.deck(players).mask
    deck = [c for c in range(52) if deck_mask >> c & 1]
    live = rng.sample(deck, players * left_in_hand)
    declarer = rng.randrange(players)
    hand = sum(1 << c for c in live[:left_in_hand])
    unseen = sum(1 << c for c in live[left_in_hand:])
    # Winners skewed towards D or not, so that both answers come up.
    lean = rng.random()
    winners = tuple(declarer if rng.random() < lean else rng.randrange(players)
                    for _ in range(13 - left_in_hand))
    trump = NO_SUIT if combo.standard.trump is TrumpRule.NONE else rng.randrange(4)
    flags = rng.randrange(4)
    plague = rng.randrange(4) if Event.PLAGUE in combo.events else NO_SUIT
    plagued = (0,) * players
    if plague >= 0:  # the plague cards already played, to the seats that took tricks
        gone = (deck_mask & SUIT_MASKS[plague]).bit_count() - sum(
            1 for c in live if c // 13 == plague)
        counts = [0] * players
        for _ in range(gone):
            counts[rng.choice(winners)] += 1
        plagued = tuple(counts)
    chance = rng.random() if Event.JUSTICE in combo.events else 1
    justice = rng.choice(live) if chance < 0.35 else ANY_TRICK if chance < 0.7 else -1
    return (combo, players, declarer, hand, unseen, winners[-1], trump, winners, flags,
            plague, plagued, justice)


def test_r8_r31_lock_static_layer_kept_across_searches_reads_the_tricks_before() -> None:
    # The static layer's answers are shared by every search with the same conditions;
    # two late positions with D's three tricks so far differ only in whether D took a
    # trick Lock forbids (R31), and the first answer must not stand for the second.
    combo = ComboBid.parse("game+lock", "1.4.1")  # five tricks, none of the first three
    hand, unseen = CardSet.parse("AS KS").mask, CardSet.parse("2H 3H 4H 2D 3D 4D").mask
    took_locked = (0, 2, 3, 1, 2, 3, 1, 2, 1, 0, 0)
    took_later = (1, 2, 3, 1, 2, 3, 1, 2, 0, 0, 0)
    assert not possibility.endgame(combo, 4, 0, hand, unseen, 0, NO_SUIT, took_locked)
    assert possibility.endgame(combo, 4, 0, hand, unseen, 0, NO_SUIT, took_later)


def test_r8_exact_search_agrees_with_a_brute_force_on_late_positions() -> None:
    # More, elsewhere: R8_BRUTE_PAIRS=20000 R8_BRUTE_SEED=2 pytest -k brute_force
    pairs = int(os.environ.get("R8_BRUTE_PAIRS", "1000"))
    rng = random.Random(int(os.environ.get("R8_BRUTE_SEED", "8")))
    seen = {True: 0, False: 0}
    for _ in range(pairs):
        (combo, players, declarer, hand, unseen, leader, trump, winners, flags, plague,
         plagued, justice) = _endgame_case(rng)
        fast = possibility.endgame(combo, players, declarer, hand, unseen, leader, trump, winners,
                        flags=flags, plague=plague, plagued=plagued, justice=justice)
        slow = _brute(combo, players, declarer, hand, unseen, leader, trump, winners, flags,
                      plague, plagued, justice)
        # The fast pass first (few discrepancies), its proven failures kept: same answer.
        quick = possibility.endgame(combo, players, declarer, hand, unseen, leader, trump, winners,
                         flags=flags, plague=plague, plagued=plagued, justice=justice,
                         slacks=(0, 1))
        assert fast == slow == quick, (str(combo), players, declarer, CardSet(hand),
                                       CardSet(unseen), leader, trump, winners, flags,
                                       plague, plagued, justice)
        seen[fast] += 1
    assert min(seen.values()) >= pairs // 10  # both answers were put to the test


def _with_sloth(combo: ComboBid, sloth: bool) -> ComboBid:
    profile = combo.profile
    others = tuple(b for b in combo.specials if b.key != "sloth")
    return ComboBid.unchecked(profile, combo.standard,
                              (*others, profile.bids["sloth"]) if sloth else others)


def test_r8_r26_sloth_changes_nothing_but_beside_block_trump_by_brute_force() -> None:
    # possibility_key leaves Sloth out but beside Block Trump (ORDER_BLIND): the brute
    # force, which plays every trick in the order Sloth gives, agrees on late positions.
    # (Beside Block Trump the key keeps Sloth: there the order can matter, R27.)
    rng = random.Random(26)
    seen = {True: 0, False: 0}
    for _ in range(250):
        combo, *rest = _endgame_case(rng)
        if combo.standard.trump is TrumpRule.BLOCK:
            continue
        answers = {sloth: _brute(_with_sloth(combo, sloth), *rest)  # type: ignore[arg-type]
                   for sloth in (True, False)}
        assert answers[True] == answers[False], (str(combo), rest)
        seen[answers[True]] += 1
    assert min(seen.values()) >= 20


def test_r8_events_are_listed_for_the_search() -> None:
    # Every special bid's event is one the search branches on or shows to be irrelevant.
    assert set(Event) == {Event.JUSTICE, Event.PLAGUE, Event.MAIL, Event.MASTERS_MAIL,
                          Event.ATELIER}


# -- combowhist analyse --------------------------------------------------------------------


def test_r8_issue13_analyse_command_says_impossible(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    out = io.StringIO()
    status = main(["analyse", "--hand", SPADES, "--bid", "zero+hurry", "--profile", "1.4.1"],
                  stdout=out)
    assert status == 0
    assert out.getvalue().splitlines()[0] == f"zero+hurry with {SPADES}: impossible (R8)"


def test_r8_issue13_analyse_command_shows_the_witness_move_by_move(
        capsys: pytest.CaptureFixture[str]) -> None:
    hand = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2C"
    out = io.StringIO()
    status = main(["analyse", "--hand", hand, "--bid", "zero+hurry", "--players", "4",
                   "--profile", "1.4.2"], stdout=out)
    assert status == 0
    text = out.getvalue()
    assert text.splitlines()[0] == f"zero+hurry with {hand}: possible (R8)"
    found = witness(hand, "zero+hurry", profile="1.4.2")
    assert found is not None
    for seat, move in found.moves:  # every move of the witness, in order
        assert f"player {seat}: {move}" in text
    assert "player 1 completed" in text


def test_r8_analyse_command_reports_what_it_cannot_decide(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(possibility, "SOLVER", False)
    # Rank Trump before Mail, which the fast pass does not find opening one trick.
    status = main(["analyse", "--hand", SPADES, "--bid", "rank_trump+mail", "--profile",
                   "1.4.1", "--max-nodes", "1"], stdout=io.StringIO())
    assert status == 2
    assert "Rank Trump" in capsys.readouterr().err


def test_r8_proven_impossible_is_a_bounded_proof_and_nothing_else() -> None:
    assert proven_impossible(SPADES, "zero+hurry", profile="1.4.1")
    assert not proven_impossible(SPADES, "zero", profile="1.4.1")  # possible
    # Undecided within the bound, or a rule the search does not cover: no proof, never a
    # "possible" either (is_possible decides those).
    assert not proven_impossible(SPADES, "zero+hurry", profile="1.4.1", max_nodes=0)
    assert not proven_impossible(SPADES, "rank_trump+mail", profile="1.4.1")
    # No cache: an exact answer given before does not change it.
    assert not is_possible(SPADES, "zero+hurry", profile="1.4.1")
    assert not proven_impossible(SPADES, "zero+hurry", profile="1.4.1", max_nodes=0)
