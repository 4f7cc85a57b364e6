"""The Game layer, pinned ruling by ruling: R3 (participants with more than 4 players), R35
(Taintless instant win), R36 (ban and free point), R37 (end-of-deal order), R38 (redeal), R39
(classic, limited, Win of Shame), R40 (cheating), plus the modes, errors and saved games.

Every expectation is worked out by hand from RULINGS.md and the engine's readings where the
rulings are silent. Score-sheet games build exact scores quickly; played deals use the
hands below, where seat i holds one whole suit: nobody can follow a lead and nothing is
trump, so whoever leads a trick brings it home, and with Hurry D leads (and takes) every
trick, without it right(D) does (R22, R23)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from checks import assert_refused
from hands import THREE_142, WHOLE_SUITS

from combowhist import (
    CheatBeforeBid,
    CheatRecord,
    CheatReversed,
    ComboBid,
    Deal,
    DealRecord,
    DeclarerCheated,
    Ending,
    Game,
    GameError,
    Hands,
    IllegalMoveError,
    IntentionalCheat,
    InvalidBidError,
    Mode,
    NotationError,
    OpponentCheated,
    Outcome,
    Pass,
    SerializationError,
    SetupError,
    Variant,
    load_profile,
    load_profile_file,
)
from combowhist.game import MAX_PLAYERS, MIN_PLAYERS
from combowhist.rules.seats import next_dealer, participants

PROFILE = load_profile("1.4.2")

HANDS = list(WHOLE_SUITS)
HANDS_3 = list(THREE_142)

TAINTLESS_12 = "taintless_masters_game+ending_dog+open_hand"  # 8 + 1 + 3
TAINTLESS_13 = "taintless_masters_game+open_hand+penalty"  # 8 + 3 + 2


# -- helpers -------------------------------------------------------------------------------


def sheet(players: int = 4, variant: Variant | str = "classic", **kwargs: Any) -> Game:
    return Game.new(players, profile=PROFILE, variant=variant, mode="sheet", **kwargs)


def hands_game(players: int = 4, **kwargs: Any) -> Game:
    return Game.new(players, profile=PROFILE, mode="hands", **kwargs)


def done(declarer: int, combo: str | ComboBid = "trump", **kwargs: Any) -> Outcome:
    """A completed bid, as the score sheet records it."""
    return Outcome(declarer=declarer, combo=combo, completed=True, **kwargs)


def failed(declarer: int, combo: str = "trump", **kwargs: Any) -> Outcome:
    return Outcome(declarer=declarer, combo=combo, completed=False, **kwargs)


PASSED = Outcome.all_passed()


def record(game: Game, *outcomes: Outcome) -> Game:
    for outcome in outcomes:
        game = game.record(outcome)
    return game


def moves(game: Game, *texts: str) -> Game:
    for text in texts:
        game = game.apply(text)
    return game


def finish(game: Game) -> Game:
    """Play the current deal to its end, each seat making its first legal move."""
    number = game.deals
    while game.deals == number and game.deal is not None:
        game = game.apply(game.legal_moves()[0])
    return game


def deal_record(game: Game, index: int) -> DealRecord:
    record = game.history[index]
    assert isinstance(record, DealRecord)
    return record


def adjudicating(cheat: Any) -> Callable[[Game], object]:
    return lambda game: game.adjudicate(cheat)


def recording(outcome: Outcome) -> Callable[[Game], object]:
    return lambda game: game.record(outcome)


def ledger(game: Game) -> tuple[int, ...]:
    return tuple(sum(r.total(p) for r in game.history) for p in range(game.players))



def seeded_deal(seed: int | str, number: int, players: int = 4, dealer: int = 0,
                scores: tuple[int, ...] | None = None) -> Deal:
    """Deal ``number`` of a seeded game as the engine must shuffle it (reading 9)."""
    return Deal.new(players, profile=PROFILE, dealer=dealer, rng=random.Random(f"{seed}:{number}"),
                    scores=scores)


# -- R3: participants ----------------------------------------------------------------------


def test_r3_participants_three_and_four_players_take_part_in_every_deal() -> None:
    for dealer in range(3):
        assert participants((0, 1, 2), dealer) == (0, 1, 2)
    for dealer in range(4):
        assert participants((0, 1, 2, 3), dealer) == (0, 1, 2, 3)
    assert participants((0, 2, 3), 3) == (0, 2, 3)


def test_r3_participants_dealer_and_three_to_the_left_in_player_order() -> None:
    five = (0, 1, 2, 3, 4)
    assert [participants(five, d) for d in five] == [
        (0, 1, 2, 3), (1, 2, 3, 4), (0, 2, 3, 4), (0, 1, 3, 4), (0, 1, 2, 4),
    ]
    six = (0, 1, 2, 3, 4, 5)
    assert [participants(six, d) for d in six] == [
        (0, 1, 2, 3), (1, 2, 3, 4), (2, 3, 4, 5), (0, 3, 4, 5), (0, 1, 4, 5), (0, 1, 2, 5),
    ]
    # player 2 has left (R40 v): the three to the left skip them
    assert participants((0, 1, 3, 4, 5), 5) == (0, 1, 3, 5)
    assert participants((0, 1, 3, 4, 5), 1) == (1, 3, 4, 5)


def test_r3_next_dealer_is_the_next_active_player_to_the_left() -> None:
    assert next_dealer((0, 1, 2, 3), 0) == 1
    assert next_dealer((0, 1, 2, 3), 3) == 0
    assert next_dealer((0, 1, 3, 4), 1) == 3
    assert next_dealer((0, 1, 3), 2) == 3  # the dealer 2 just left
    assert next_dealer((0, 1, 3), 4) == 0


def test_r3_five_players_participants_dealers_and_rounds() -> None:
    game = sheet(5)
    seen = []
    ws = []
    for _ in range(6):
        seen.append((game.dealer, game.participants, game.sitting_out))
        game = game.record(done(game.dealer))
        ws.append((game.rounds, game.round_deals, game.winning_score))
    assert seen == [
        (0, (0, 1, 2, 3), (4,)),
        (1, (1, 2, 3, 4), (0,)),
        (2, (0, 2, 3, 4), (1,)),
        (3, (0, 1, 3, 4), (2,)),
        (4, (0, 1, 2, 4), (3,)),
        (0, (0, 1, 2, 3), (4,)),
    ]
    assert game.scores == (2, 1, 1, 1, 1)
    # a round is a deal by each of the 5 players, not by each of 4 participants
    assert ws == [(0, 1, 13), (0, 2, 13), (0, 3, 13), (0, 4, 13), (1, 0, 12), (1, 1, 12)]
    assert [deal_record(game, i).participants for i in range(6)] == [s[1] for s in seen]


def test_r3_six_players_participants_dealers_and_rounds() -> None:
    game = sheet(6, dealer=3)
    seen = []
    for _ in range(7):
        seen.append((game.dealer, game.participants, game.sitting_out))
        game = game.record(PASSED) if len(seen) == 2 else game.record(done(game.dealer))
    assert seen == [
        (3, (0, 3, 4, 5), (1, 2)),
        (4, (0, 1, 4, 5), (2, 3)),
        (4, (0, 1, 4, 5), (2, 3)),  # the redeal: same dealer (R38)
        (5, (0, 1, 2, 5), (3, 4)),
        (0, (0, 1, 2, 3), (4, 5)),
        (1, (1, 2, 3, 4), (0, 5)),
        (2, (2, 3, 4, 5), (0, 1)),
    ]
    assert (game.deals, game.rounds, game.round_deals, game.winning_score) == (7, 1, 0, 12)
    assert game.dealer == 3
    assert game.scores == (1, 1, 1, 1, 1, 1)


def test_r3_seat_mapping_in_a_played_six_player_deal() -> None:
    game = Game.new(6, profile=PROFILE, seed=4, dealer=4)
    assert game.participants == (0, 1, 4, 5)
    assert game.deal is not None
    assert (game.deal.players, game.deal.dealer) == (4, 2)
    assert game.deal == seeded_deal(4, 1, dealer=2)
    assert (game.deal.to_move, game.to_move) == (3, 5)  # seat 3 is player 5
    assert game.seat_of(5) == 3
    assert game.player_at(3) == 5
    turns = []
    for _ in range(4):
        turns.append(game.to_move)
        game = game.apply("pass")
    assert turns == [5, 0, 1, 4]
    assert (game.deals, game.dealer, game.round_deals) == (1, 4, 0)
    assert deal_record(game, 0).redeal
    assert deal_record(game, 0).participants == (0, 1, 4, 5)
    assert game.deal == seeded_deal(4, 2, dealer=2)
    assert_refused(game, lambda g: g.seat_of(2), GameError, "player 2", "R3")
    assert_refused(game, lambda g: g.view(3), GameError, "player 3", "R3")


def test_r3_five_player_illegal_move_names_the_player_and_rule() -> None:
    game = Game.new(5, profile=PROFILE, seed=2, dealer=3)  # participants 0 1 3 4; seat 3: player 4
    assert game.to_move == 4
    error = assert_refused(game, lambda g: g.apply("play AS"), IllegalMoveError,
                           "player 4 cannot play AS", "(R5)")
    assert "seat" not in str(error)


# -- R36: ban and free point ---------------------------------------------------------------


def test_r36_free_point_only_for_participants_banned_at_the_start() -> None:
    game = sheet(5, dealer=4)  # participants 0 1 2 4
    for _ in range(4):
        game = game.adjudicate(CheatBeforeBid(4))
    # the 4th cancelled deal began with player 4 at -6, banned: a free point (R36)
    assert game.scores == (0, 0, 0, 0, -7)
    assert (game.dealer, game.deals, game.round_deals) == (4, 4, 0)
    assert game.banned == {4}
    assert [r.free_points for r in game.history if isinstance(r, DealRecord)] == [
        (0,) * 5] * 3 + [(0, 0, 0, 0, 1)]
    game = game.adjudicate(CheatBeforeBid(4))  # -7 - 2 + 1
    assert game.scores == (0, 0, 0, 0, -8)

    game = game.record(done(0))  # player 4 banned at the start: +1
    assert game.scores == (1, 0, 0, 0, -7)
    assert deal_record(game, -1).free_points == (0, 0, 0, 0, 1)
    assert deal_record(game, -1).banned == {4}

    assert (game.dealer, game.sitting_out) == (0, (4,))
    assert game.banned == frozenset()  # banned lists participants only
    game = game.record(done(1))  # player 4 sits out: no free point
    assert game.scores == (1, 1, 0, 0, -7)
    assert deal_record(game, -1).free_points == (0,) * 5

    assert (game.dealer, game.participants, game.banned) == (1, (1, 2, 3, 4), frozenset({4}))
    game = game.record(PASSED)  # a redeal gives the free point too
    assert game.scores == (1, 1, 0, 0, -6)
    assert deal_record(game, -1).free_points == (0, 0, 0, 0, 1)
    assert game.banned == {4}
    game = game.record(done(2))
    assert game.scores == (1, 1, 1, 0, -5)
    assert (game.dealer, game.banned) == (2, frozenset())  # -5 is not below -5
    game = game.record(done(4))  # a score of exactly -5 may bid
    assert game.scores == (1, 1, 1, 0, -4)
    assert deal_record(game, -1).free_points == (0,) * 5
    assert ledger(game) == game.scores


def test_r36_banned_declarer_refused_in_sheet_mode() -> None:
    game = record(sheet(3), failed(1, "trump+penalty"), PASSED)
    game = game.adjudicate(CheatBeforeBid(1))
    assert game.scores == (0, -6, 0)
    assert game.banned == {1}
    assert_refused(game, lambda g: g.record(done(1)), GameError, "player 1", "banned", "R36")
    game = game.record(failed(2))
    assert game.scores == (0, -5, -2)
    assert game.record(done(1)).scores == (0, -4, -2)


def test_r36_banned_seat_passes_automatically_in_play() -> None:
    game = hands_game().deal_hands(HANDS)
    game = moves(game, "bid trump+penalty", "pass", "pass", "pass", "trump S")
    game = game.adjudicate(DeclarerCheated())
    game = game.deal_hands(HANDS).adjudicate(CheatBeforeBid(1))
    assert game.scores == (0, -6, 0, 0)
    assert game.banned == {1}
    game = game.deal_hands(HANDS)  # dealer 1: seat 2 bids first
    assert game.deal is not None
    assert (game.deal.banned, game.deal.passed) == (frozenset({1}), frozenset({1}))
    turns = []
    for text in ("bid trump", "pass", "pass"):
        turns.append(game.to_move)
        game = game.apply(text)
    assert turns == [2, 3, 0]  # player 1 is skipped
    assert game.deal is not None
    assert game.deal.declarer == 2


def test_r36_all_participants_banned_redeal_at_once_with_free_points() -> None:
    game = Game.new(4, profile=PROFILE, seed=9)
    for player in (0, 1, 2, 3, 0, 1, 2, 3):
        game = game.adjudicate(CheatBeforeBid(player))
    assert game.scores == (-4, -4, -4, -4)
    assert (game.deals, game.dealer) == (8, 0)
    game = moves(game, "bid game", "pass", "pass", "pass")
    for player in (0, 2, 3):
        game = game.adjudicate(OpponentCheated(player))
    assert game.scores == (-6, -4, -6, -6)  # no Win of Shame in the middle of a deal
    game = game.adjudicate(DeclarerCheated())
    # deal 9 ends with everyone at -6: nobody wins (R39); deal 10 bans all four, so it is
    # redealt at once and each gets the free point (R36); deal 11 starts unbanned
    assert (game.ending, game.winner) == (None, None)
    assert game.scores == (-5, -5, -5, -5)
    nine, ten = game.history[-2:]
    assert isinstance(nine, DealRecord)
    assert isinstance(ten, DealRecord)
    assert (nine.number, nine.declarer_cheated, nine.points) == (9, True, (0, -2, 0, 0))
    assert (ten.number, ten.redeal, ten.dealer) == (10, True, 1)
    assert ten.free_points == (1, 1, 1, 1)
    assert ten.banned == {0, 1, 2, 3}
    assert (game.deals, game.dealer, game.round_deals, game.banned) == (10, 1, 1, frozenset())
    assert game.deal == seeded_deal(9, 11, dealer=1, scores=(-5, -5, -5, -5))
    assert ledger(game) == game.scores


def test_r36_all_participants_banned_in_hands_mode() -> None:
    game = Game.new(3, profile=PROFILE, mode="hands")
    game = game.deal_hands(HANDS_3)
    for player in (0, 1, 2, 0, 1, 2):
        game = game.adjudicate(CheatBeforeBid(player)).deal_hands(HANDS_3)
    game = moves(game, "bid game", "pass", "pass")
    game = game.adjudicate(OpponentCheated(0)).adjudicate(OpponentCheated(2))
    game = game.adjudicate(DeclarerCheated())
    assert game.scores == (-6, -6, -6)
    assert game.ending is None
    before = game
    game = game.deal_hands(HANDS_3)
    assert game.scores == (-5, -5, -5)
    assert game.history[-1] == DealRecord(
        8, 1, (0, 1, 2), None, None, False, False, (0, 0, 0), (1, 1, 1),
        frozenset({0, 1, 2}), redeal=True, deal=Deal.from_hands(HANDS_3, dealer=1, profile=PROFILE,
                                                               scores=(-6, -6, -6)))
    assert (game.deal, game.dealer, game.deals) == (None, 1, before.deals + 1)


# -- R38: redeal ---------------------------------------------------------------------------


def test_r38_redeal_same_dealer_counts_toward_no_round() -> None:
    game = sheet(3).record(done(1))
    assert (game.dealer, game.deals, game.round_deals) == (1, 1, 1)
    game = game.record(PASSED)
    assert (game.dealer, game.deals, game.rounds, game.round_deals) == (1, 2, 0, 1)
    assert game.history[-1] == DealRecord(2, 1, (0, 1, 2), None, None, False, False,
                                          (0, 0, 0), (0, 0, 0), frozenset(), redeal=True)
    assert not deal_record(game, -1).counted
    game = record(game, PASSED, PASSED)
    assert (game.dealer, game.deals, game.round_deals, game.winning_score) == (1, 4, 1, 13)
    game = game.record(done(2))
    assert (game.dealer, game.round_deals, game.winning_score) == (2, 2, 13)
    game = game.record(done(0))
    assert (game.dealer, game.rounds, game.round_deals, game.winning_score) == (0, 1, 0, 12)
    assert game.scores == (1, 1, 1)


def test_r38_seeded_all_pass_redeals_from_the_next_seed() -> None:
    game = Game.new(4, profile=PROFILE, seed=7)
    assert game.deal == seeded_deal(7, 1)
    game = moves(game, "pass", "pass", "pass", "pass")
    assert (game.deals, game.dealer, game.round_deals, game.scores) == (1, 0, 0, (0,) * 4)
    assert game.deal == seeded_deal(7, 2)
    assert deal_record(game, 0).redeal
    game = moves(game, "pass", "pass", "pass", "pass")
    assert game.deal == seeded_deal(7, 3)
    assert game.finished_actions == ((Pass(),) * 4,) * 2


def test_reading9_seeded_deals_shuffled_per_deal_number_with_string_seed() -> None:
    game = Game.new(5, profile=PROFILE, seed="abc", dealer=1)
    assert game.deal == seeded_deal("abc", 1, dealer=0)  # participants 1 2 3 4: seat 0 deals
    game = game.adjudicate(CheatBeforeBid(3))  # cancelled: deal 2 is dealt by the same dealer
    assert game.deal == seeded_deal("abc", 2, dealer=0, scores=(0, 0, -2, 0))
    game = moves(game, "pass", "pass", "pass", "pass")
    assert game.deal == seeded_deal("abc", 3, dealer=0, scores=(0, 0, -2, 0))


# -- R39: rounds are counted by who dealt ---------------------------------------------------


def by_dealer(game: Game, combo: str = "trump") -> Game:
    """Score-sheet deal: the dealer declares and completes ``combo``."""
    return game.record(done(game.dealer, combo))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r39_round_ends_when_every_player_has_dealt_redeals_and_cancels_between(
        players: int) -> None:
    game = sheet(players, dealer=players - 1)
    dealers = []
    for _ in range(players):
        assert (game.rounds, game.winning_score) == (0, 13)
        game = game.record(PASSED)  # a redeal is nobody's deal (R38)
        game = game.adjudicate(CheatBeforeBid(game.dealer))  # nor is a cancelled one
        dealers.append(game.dealer)
        game = by_dealer(game)
    assert sorted(dealers) == list(range(players))
    assert (game.deals, game.rounds, game.round_deals, game.dealt) == (
        3 * players, 1, 0, frozenset())
    assert game.winning_score == 12
    round_trip(game)


def test_r39_issue9_a_leaver_who_dealt_does_not_end_the_round_early() -> None:
    """Issue 9: 5 players, 0 and 1 deal, 0 leaves, 2 and 3 deal: four deals, but player 4
    has not dealt, so the round goes on."""
    game = by_dealer(by_dealer(sheet(5)))
    assert (game.dealer, game.dealt, game.participants) == (2, {0, 1}, (0, 2, 3, 4))
    game = game.adjudicate(IntentionalCheat(0))  # a participant: the deal is cancelled
    assert (game.dealer, game.dealt, game.active) == (2, {0, 1}, (1, 2, 3, 4))
    game = by_dealer(by_dealer(game))
    assert (game.dealer, game.dealt, game.round_deals) == (4, {0, 1, 2, 3}, 4)
    assert (game.rounds, game.winning_score) == (0, 13)
    game = by_dealer(game)
    assert (game.rounds, game.dealt, game.winning_score, game.dealer) == (
        1, frozenset(), 12, 1)
    round_trip(game)


def test_r39_a_leaver_who_had_not_dealt_drops_out_of_the_round() -> None:
    game = by_dealer(sheet(5))  # dealer 1 next: participants 1 2 3 4
    game = game.adjudicate(IntentionalCheat(3))
    assert (game.dealer, game.active, game.dealt) == (1, (0, 1, 2, 4), {0})
    game = by_dealer(by_dealer(game))
    assert (game.dealer, game.rounds, game.winning_score) == (4, 0, 13)
    game = by_dealer(game)  # 0, 1, 2 and 4 have dealt: every player still in the game
    assert (game.rounds, game.winning_score, game.dealer) == (1, 12, 0)


def test_r39_the_last_player_missing_leaves_and_the_round_ends_at_once() -> None:
    """Our reading: the round is complete when every player still in the game has dealt
    in it, so when the only one missing leaves (their deal is cancelled), it ends then, W
    drops (R37's last step of the cancelled deal), and the next deal begins a new round."""
    game = by_dealer(by_dealer(by_dealer(sheet(4))))
    assert (game.dealer, game.dealt, game.winning_score) == (3, {0, 1, 2}, 13)
    game = game.adjudicate(IntentionalCheat(3))
    assert deal_record(game, -1).cancelled
    assert (game.rounds, game.dealt, game.winning_score, game.dealer) == (
        1, frozenset(), 12, 0)
    game = by_dealer(by_dealer(game))
    assert (game.rounds, game.dealt, game.winning_score) == (1, {0, 1}, 12)
    game = by_dealer(game)
    assert (game.rounds, game.dealt, game.winning_score) == (2, frozenset(), 11)
    round_trip(game)


def test_r39_the_last_player_missing_leaves_in_a_played_deal() -> None:
    played = Game.new(4, profile=PROFILE, seed=4)
    for _ in range(3):
        played = finish(moves(played, "bid trump", "pass", "pass", "pass"))
    assert (played.dealer, played.dealt, played.rounds) == (3, {0, 1, 2}, 0)
    played = moves(played, "pass")
    played = played.adjudicate(IntentionalCheat(3))
    assert (played.rounds, played.winning_score, played.dealer) == (1, 12, 0)
    assert played.deal is not None
    assert played.deal.history == ()
    round_trip(played)


def test_r39_limited_rounds_count_who_dealt() -> None:
    game = by_dealer(by_dealer(sheet(5, "limited", rounds=1)))
    game = game.adjudicate(IntentionalCheat(0))
    game = game.record(done(2, "game"))  # dealer 2
    game = game.record(done(2, "game"))  # dealer 3: four deals, but 4 has not dealt
    assert (game.scores, game.rounds, game.winner) == ((1, 1, 4, 0, 0), 0, None)
    game = game.record(done(2))  # dealer 4 completes round 1: a solitary highest wins
    assert (game.scores, game.rounds, game.winner, game.ending) == (
        (1, 1, 5, 0, 0), 1, 2, Ending.LIMITED)
    round_trip(game)


# -- R39: classic --------------------------------------------------------------------------


def test_r39_classic_w_drops_each_round_to_the_floor_and_solitary_highest_wins() -> None:
    """Player 2 leads with 12 from the first deal; players 0 and 1 swing between 0 and 2
    (Game +2, then Trump failed -2) so nobody else is ever solitary highest."""
    game = sheet(3).record(done(2, TAINTLESS_12))
    assert (game.scores, game.winner, game.winning_score) == ((0, 0, 12), None, 13)
    ws = [game.winning_score]
    for k in range(38):
        player = (k // 2) % 2
        game = game.record(done(player, "game") if k % 2 == 0 else failed(player))
        ws.append(game.winning_score)
        assert game.winner is None
    assert game.deals == 39
    # W drops after every third counted deal, from 13 to the floor 1, and stays there
    assert ws == [max(1, 13 - n // 3) for n in range(1, 40)]
    assert ws[-4:] == [1, 1, 1, 1]
    assert (game.rounds, game.round_deals) == (13, 0)
    assert game.scores == (0, 0, 12)
    # player 2 held 12 >= W from round 2 on, but never won: a player must complete a bid
    game = game.record(done(1, TAINTLESS_12))  # 12, tied for highest: no win
    assert (game.scores, game.ending, game.winner) == ((0, 12, 12), None, None)
    game = game.record(failed(0))
    game = game.record(done(2))
    assert (game.scores, game.ending, game.winner) == ((-2, 12, 13), Ending.CLASSIC, 2)
    assert (game.deal, game.waiting_for, game.is_over) == (None, None, True)
    assert game.winning_score == 1
    assert ledger(game) == game.scores


def test_r39_classic_reaching_w_tied_for_highest_does_not_win() -> None:
    game = sheet(3, Variant.classic(PROFILE, winning_score=4))
    game = record(game, done(0, "max_trump"), done(1, "max_trump"), done(2))
    # W drops to 3 after the round: players 0 and 1 hold 3 >= W but win nothing by that
    assert (game.scores, game.rounds, game.winning_score) == ((3, 3, 1), 1, 3)
    assert game.ending is None
    game = game.record(done(2, "game"))  # 2 reaches W, tied for highest with 0 and 1
    assert (game.scores, game.ending, game.winner) == ((3, 3, 3), None, None)
    game = game.record(done(0))
    assert (game.scores, game.ending, game.winner) == ((4, 3, 3), Ending.CLASSIC, 0)


def test_r37_classic_win_is_checked_before_w_drops() -> None:
    game = sheet(3, Variant.classic(PROFILE, winning_score=3))
    game = record(game, done(1), failed(2))
    game = game.record(done(0, "game"))  # 2 < W 3 in the deal that ends the round
    assert (game.scores, game.winning_score, game.winner) == ((2, 1, -2), 2, None)
    game = game.record(failed(1))  # player 0 has 2 >= W 2 but is not declarer
    assert (game.scores, game.winner) == ((2, -1, -2), None)
    game = game.record(done(0, "approximate"))
    assert (game.scores, game.winner, game.ending) == ((3, -1, -2), 0, Ending.CLASSIC)


def test_r39_classic_failed_bid_never_wins_even_excused() -> None:
    game = sheet(3, Variant.classic(PROFILE, winning_score=4))
    game = record(game, done(0, "max_trump"), failed(1), failed(2))
    assert (game.scores, game.winning_score) == ((3, -2, -2), 3)
    game = game.record(failed(0, "game", cheaters=[1]))  # excused (R40 ii): 0 keeps 3
    assert (game.scores, game.winner) == ((3, -4, -2), None)
    game = game.record(done(0, "approximate"))
    assert (game.scores, game.winner) == ((4, -4, -2), 0)


def test_r39_classic_w_stops_at_the_variants_floor() -> None:
    assert Variant.classic(PROFILE) == Variant("classic", 13, 1, 3)
    assert Variant.limited(PROFILE, rounds=5) == Variant("limited", 13, 1, 5)
    game = sheet(3, Variant.classic(PROFILE, winning_score=3, floor=2))
    ws = []
    for _ in range(9):  # the dealer fails, excused; the next player pays 1 (R40 ii)
        game = game.record(failed(game.dealer, cheaters=[(game.dealer + 1) % 3]))
        ws.append(game.winning_score)
    assert ws == [3, 3, 2, 2, 2, 2, 2, 2, 2]
    assert (game.rounds, game.scores, game.ending) == (3, (-3, -3, -3), None)
    assert sheet(3, "limited").winning_score is None


# -- R39: limited --------------------------------------------------------------------------


def test_r39_limited_win_in_the_deal_that_completes_the_last_round() -> None:
    game = sheet(3, "limited", rounds=2)
    assert game.variant == Variant("limited", 13, 1, 2)
    game = game.record(done(0, "game"))  # solitary highest, but rounds remain
    game = game.record(PASSED)  # counts toward no round
    game = record(game, done(0), failed(1))
    assert (game.scores, game.rounds, game.round_deals) == ((3, -2, 0), 1, 0)
    game = record(game, done(0), done(2))
    assert (game.scores, game.rounds, game.round_deals, game.winner) == ((4, -2, 1), 1, 2, None)
    game = game.record(done(0))  # completes round 2: wins at once
    assert (game.scores, game.rounds, game.winner, game.ending) == (
        (5, -2, 1), 2, 0, Ending.LIMITED)
    assert game.winning_score is None
    assert_refused(game, lambda g: g.record(done(1)), GameError, "game is over", "limited",
                   "player 0")


def test_r39_limited_first_solitary_highest_completed_bid_after_the_last_round() -> None:
    game = sheet(3, "limited", rounds=1)
    game = record(game, done(0, "game"), done(1, "game"), done(2, "game"))
    assert (game.scores, game.rounds, game.winner) == ((2, 2, 2), 1, None)  # a tie
    game = game.record(failed(0))  # failed
    game = game.record(done(0))  # completed, but 1 and 2 are higher
    game = game.record(failed(2, cheaters=[1]))  # 2 excused and 1 pays: nobody completed
    assert (game.scores, game.winner) == ((1, 1, 2), None)
    game = game.record(done(1, "game"))  # 3: solitary highest
    assert (game.scores, game.winner, game.ending) == ((1, 3, 2), 1, Ending.LIMITED)


def test_r39_limited_counts_deals_of_every_player() -> None:
    game = sheet(5, "limited", rounds=1)
    for _ in range(4):
        game = game.record(done(game.dealer))
    assert (game.scores, game.rounds, game.winner) == ((1, 1, 1, 1, 0), 0, None)
    game = game.record(done(0, "game"))  # dealer 4's deal completes round 1
    assert (game.scores, game.rounds, game.winner) == ((3, 1, 1, 1, 0), 1, 0)


# -- R39: Win of Shame ---------------------------------------------------------------------


def shame_table() -> Game:
    """5 players: 0-3 at -4, player 4 at 1; dealer 0 next (player 4 sits out)."""
    game = sheet(5)
    for _ in range(4):
        game = game.record(failed(game.dealer, "trump+penalty"))
    game = game.record(done(4))
    assert (game.scores, game.dealer, game.sitting_out) == ((-4, -4, -4, -4, 1), 0, (4,))
    return game


def test_r39_shame_sitting_out_player_wins_when_all_others_at_minus_five() -> None:
    game = shame_table().record(failed(0, "game", declarer_cheated=True, cheaters=[1, 2, 3]))
    assert game.scores == (-6, -6, -6, -6, 1)
    assert (game.winner, game.ending, game.deal) == (4, Ending.SHAME, None)
    assert ledger(game) == game.scores


def test_r39_shame_counts_sitting_out_players() -> None:
    game = shame_table().record(failed(0, "game", declarer_cheated=True, cheaters=[1, 2]))
    # three of the four participants at -6; player 3 (-4) and player 4 (sitting out, 1) are
    # above -5: no Win of Shame
    assert (game.scores, game.ending) == ((-6, -6, -6, -4, 1), None)
    assert (game.dealer, game.sitting_out, game.banned) == (1, (0,), frozenset({1, 2}))
    game = game.record(failed(3))  # player 0 sits out at -6 and counts
    assert game.scores == (-6, -5, -5, -6, 1)
    assert (game.winner, game.ending) == (4, Ending.SHAME)


def test_r39_shame_all_at_minus_five_or_lower_nobody_wins() -> None:
    game = record(sheet(3), failed(0, "trump+penalty"), failed(1, "trump+penalty"))
    game = game.record(failed(2, "trump+penalty"))
    assert game.scores == (-4, -4, -4)
    game = game.record(failed(0, "game", declarer_cheated=True, cheaters=[1, 2]))
    assert (game.scores, game.ending, game.winner) == ((-6, -6, -6), None, None)
    assert game.banned == {0, 1, 2}
    game = game.record(PASSED)
    assert (game.scores, game.ending, game.winner) == ((-5, -5, -5), None, None)
    assert (game.waiting_for, game.banned) == ("outcome", frozenset())


def test_r39_shame_exactly_minus_five_counts_and_minus_four_does_not() -> None:
    game = record(sheet(3), failed(0, "trump+penalty"), failed(1, "trump+penalty"))
    assert game.scores == (-4, -4, 0)
    game = game.record(failed(2, cheaters=[0]))  # 2 excused; 0 pays Trump's 1
    assert (game.scores, game.ending) == ((-5, -4, 0), None)
    game = game.record(failed(2, cheaters=[1]))
    assert (game.scores, game.winner, game.ending) == ((-5, -5, 0), 2, Ending.SHAME)


def test_r37_shame_before_classic_win() -> None:
    game = sheet(3, Variant.classic(PROFILE, winning_score=3))
    game = record(game, failed(0, "trump+penalty"), failed(1, "trump+penalty"))
    game = game.record(failed(0))  # player 0 at -6, player 1 at -4
    assert game.scores == (-6, -4, 0)
    game = game.record(done(2, "game", cheaters=[1]))  # 2 to 2; 1 to -6; 0 free to -5
    assert game.scores == (-5, -6, 2)
    assert game.winning_score == 2  # 2 >= W, solitary: a classic win too, but Shame is first
    assert (game.winner, game.ending) == (2, Ending.SHAME)


# -- R35: Taintless instant win ------------------------------------------------------------


def test_r35_taintless_13_wins_at_once_in_classic_whatever_the_scores() -> None:
    game = sheet(4).record(done(1, TAINTLESS_12))
    game = game.record(failed(0, "trump+penalty"))
    assert game.scores == (-4, 12, 0, 0)
    game = game.record(done(0, TAINTLESS_13))  # 9: below player 1 and below W
    assert (game.scores, game.winner, game.ending) == ((9, 12, 0, 0), 0, Ending.TAINTLESS)
    assert game.history[-1].points == (13, 0, 0, 0)


def test_r35_taintless_13_wins_at_once_in_limited_before_any_round() -> None:
    game = sheet(4, "limited").record(done(2, TAINTLESS_13))
    assert (game.scores, game.rounds, game.winner, game.ending) == (
        (0, 0, 13, 0), 0, 2, Ending.TAINTLESS)


def test_r35_taintless_worth_12_does_not_win_at_once() -> None:
    assert ComboBid.parse(TAINTLESS_12, PROFILE).worth == 12
    assert ComboBid.parse(TAINTLESS_13, PROFILE).worth == 13
    for variant in ("classic", "limited"):
        game = sheet(4, variant).record(done(2, TAINTLESS_12))
        assert (game.scores, game.ending, game.winner) == ((0, 0, 12, 0), None, None)


def test_r35_taintless_13_failed_does_not_win() -> None:
    game = sheet(4).record(failed(2, TAINTLESS_13))
    assert (game.scores, game.ending) == ((0, 0, -4, 0), None)


def test_r37_taintless_before_shame() -> None:
    game = record(sheet(3), failed(0, "trump+penalty"), failed(1, "trump+penalty"))
    game = game.record(failed(0, "game", declarer_cheated=True, cheaters=[1]))
    assert game.scores == (-6, -6, 0)  # all but 2 at -5 or lower ...
    assert (game.winner, game.ending) == (2, Ending.SHAME)
    game = record(sheet(3), failed(0, "trump+penalty"), failed(1, "trump+penalty"))
    game = game.record(failed(0))
    game = game.record(done(2, TAINTLESS_13, cheaters=[1]))  # shame and R35: R35 first
    assert game.scores == (-5, -17, 13)
    assert (game.winner, game.ending) == (2, Ending.TAINTLESS)


def test_r35_taintless_13_in_a_played_deal() -> None:
    """Seat 1 (spades) bids Taintless with Hurry, Plague and Open Hand (13), leads every
    trick and takes all 13 with every heart: honorably beplagued (R33), 13 + 1 points."""
    game = hands_game().deal_hands(HANDS)
    game = moves(game, "bid taintless_masters_game+hurry+penalty+plague+open_hand",
                 "pass", "pass", "pass", "plague H")
    game = finish(game)
    assert (game.winner, game.ending, game.scores) == (1, Ending.TAINTLESS, (0, 14, 0, 0))
    last = game.history[-1]
    assert isinstance(last, DealRecord)
    assert last.deal is not None
    assert last.deal.result is not None
    assert last.deal.result.honorably_beplagued
    assert (game.deal, game.waiting_for) == (None, None)


# -- R40: cheating in play -----------------------------------------------------------------


def test_r40_i_declarer_cheat_ends_the_deal_as_a_failed_bid_with_penalty() -> None:
    game = moves(Game.new(4, profile=PROFILE, seed=5), "bid trump+penalty", "pass", "pass", "pass")
    assert game.deal is not None
    assert game.deal.declarer == 1
    played = game.deal
    game = game.adjudicate(DeclarerCheated())
    assert game.scores == (0, -4, 0, 0)
    cheat, deal = game.history
    assert cheat == CheatRecord(DeclarerCheated(), 1, (0, 0, 0, 0))
    assert deal == DealRecord(1, 0, (0, 1, 2, 3), 1, ComboBid.parse("trump+penalty", PROFILE),
                              False, False, (0, -4, 0, 0), (0, 0, 0, 0), frozenset(),
                              declarer_cheated=True, deal=played)
    assert deal.counted
    assert (game.deals, game.dealer, game.round_deals) == (1, 1, 1)
    assert game.deal == seeded_deal(5, 2, dealer=1, scores=(0, -4, 0, 0))


def test_r40_i_before_a_declarer_is_refused() -> None:
    game = Game.new(4, profile=PROFILE, seed=5).apply("bid trump")
    assert_refused(game, lambda g: g.adjudicate(DeclarerCheated()), GameError,
                   "declarer", "R40 i", "R40 iii")
    assert_refused(game, lambda g: g.adjudicate(OpponentCheated(2)), GameError,
                   "player 2", "R40 ii", "R40 iii")


def test_r40_ii_opponent_cheat_costs_score_at_once_and_excuses_the_failure() -> None:
    game = hands_game().deal_hands(HANDS)
    game = moves(game, "bid game", "pass", "pass", "pass", "play AC", "play 2S")
    game = game.adjudicate(OpponentCheated(2))
    assert game.scores == (0, 0, -2, 0)  # Game's Score is 2
    assert game.cheaters == (2,)
    assert game.history == (CheatRecord(OpponentCheated(2), 1, (0, 0, -2, 0)),)
    assert game.deal is not None
    assert len(game.deal.history) == 6  # play goes on
    assert_refused(game, lambda g: g.adjudicate(OpponentCheated(2)), GameError,
                   "player 2", "already adjudicated", "R40 ii")
    assert_refused(game, lambda g: g.adjudicate(OpponentCheated(1)), GameError,
                   "player 1", "declarer", "R40 i")
    game = finish(game)  # seat 0 leads and takes all 13: D fails, excused
    last = game.history[-1]
    assert isinstance(last, DealRecord)
    assert (last.completed, last.points, last.declarer_cheated) == (False, (0, 0, 0, 0), False)
    assert game.scores == (0, 0, -2, 0)
    assert (game.cheaters, game.round_deals, game.dealer) == ((), 1, 1)
    assert ledger(game) == game.scores


def test_r40_ii_completed_bid_scores_as_usual() -> None:
    game = hands_game().deal_hands(HANDS)
    game = moves(game, "bid zero", "pass", "pass", "pass")
    game = game.adjudicate(OpponentCheated(3)).adjudicate(OpponentCheated(0))
    assert game.scores == (-4, 0, 0, -4)  # Zero's Score is 4
    game = finish(game)  # D takes no trick: Zero completed
    assert game.scores == (-4, 4, 0, -4)
    assert game.history[-1].points == (0, 4, 0, 0)


def test_r40_i_and_ii_declarer_who_also_cheated_gets_the_failure_points() -> None:
    game = hands_game().deal_hands(HANDS)
    game = moves(game, "bid game+penalty", "pass", "pass", "pass", "play AC")
    game = game.adjudicate(OpponentCheated(0)).adjudicate(DeclarerCheated())
    assert game.scores == (-2, -4, 0, 0)
    assert [type(r) for r in game.history] == [CheatRecord, CheatRecord, DealRecord]
    assert game.history[-1].points == (0, -4, 0, 0)
    assert ledger(game) == game.scores


def test_r40_iii_cheat_before_a_declarer_cancels_the_deal() -> None:
    game = moves(Game.new(4, profile=PROFILE, seed=11, dealer=2), "bid trump", "pass")  # seats 3, 0
    played = game.deal
    assert played is not None
    game = game.adjudicate(CheatBeforeBid(0))
    assert game.scores == (-2, 0, 0, 0)
    assert game.history == (
        CheatRecord(CheatBeforeBid(0), 1, (-2, 0, 0, 0)),
        DealRecord(1, 2, (0, 1, 2, 3), None, None, False, False, (0,) * 4, (0,) * 4,
                   frozenset(), cancelled=True, deal=played),
    )
    assert not deal_record(game, 1).counted
    assert (game.deals, game.dealer, game.rounds, game.round_deals) == (1, 2, 0, 0)
    assert game.deal == seeded_deal(11, 2, dealer=2, scores=(-2, 0, 0, 0))
    game = moves(game, "bid trump", "pass", "pass", "pass")
    assert_refused(game, lambda g: g.adjudicate(CheatBeforeBid(1)), GameError,
                   "player 3", "already declarer", "R40 iii")


def test_r36_cancelled_deal_gives_banned_participants_their_free_point() -> None:
    game = record(sheet(3), failed(0, "trump+penalty"), failed(0, "trump+penalty"))
    assert (game.scores, game.banned) == ((-8, 0, 0), frozenset({0}))
    game = game.adjudicate(CheatBeforeBid(1))
    assert game.scores == (-7, -2, 0)  # player 0 was banned at the start: +1 (R36)
    assert deal_record(game, -1).free_points == (1, 0, 0)
    assert deal_record(game, -1).cancelled
    assert ledger(game) == game.scores
    assert (game.dealer, game.round_deals, game.deals) == (2, 2, 3)
    game = game.adjudicate(CheatBeforeBid(1))
    assert game.scores == (-6, -4, 0)
    game = game.adjudicate(CheatBeforeBid(1))  # -5, still banned at this deal's start
    assert game.scores == (-5, -6, 0)  # Win of Shame after the cancelled deal
    assert (game.winner, game.ending) == (2, Ending.SHAME)


def test_r36_deal_cancelled_by_a_leaver_gives_the_others_their_free_point() -> None:
    game = record(sheet(4), failed(0, "trump+penalty"), failed(1, "trump+penalty"))
    game = game.record(failed(2, "game", cheaters=[0, 1]))  # each loses game's Score, 2
    assert (game.scores, game.banned) == ((-6, -6, 0, 0), frozenset({0, 1}))
    game = game.adjudicate(IntentionalCheat(1))  # R40 v: the deal is cancelled
    assert deal_record(game, -1).cancelled
    assert deal_record(game, -1).free_points == (1, 0, 0, 0)  # player 1 left the game
    assert game.scores == (-5, -6, 0, 0)
    assert ledger(game) == game.scores


def test_r40_iii_cancelled_seeded_deal_ending_in_shame_deals_no_more() -> None:
    game = Game.new(3, profile=PROFILE, seed=3)
    for player in (0, 1, 0, 1, 0):
        game = game.adjudicate(CheatBeforeBid(player))
    assert (game.scores, game.ending) == ((-6, -4, 0), None)
    game = game.adjudicate(CheatBeforeBid(1))  # player 0 was banned: a free point (R36)
    assert (game.scores, game.winner, game.ending, game.deal) == (
        (-5, -6, 0), 2, Ending.SHAME, None)
    assert game.deals == 6
    assert_refused(game, lambda g: g.apply("pass"), GameError, "game is over", "shame",
                   "player 2", "pass")


def test_r40_iv_reversal_returns_to_the_state_after_k_moves() -> None:
    start = hands_game().deal_hands(HANDS)
    texts = ("bid game", "pass", "pass", "pass", "play AC", "play 2S", "play 2H", "play 2D",
             "play KC", "play 3S")
    game = moves(start, *texts)
    states = list(game.replay())
    game = game.adjudicate(CheatReversed(2, moves=6))
    assert game.scores == (0, 0, -1, 0)
    assert game.history == (CheatRecord(CheatReversed(2, 6), 1, (0, 0, -1, 0)),)
    assert game.deal == states[1 + 6].deal  # states[0] is before the hands
    replayed = Deal.from_hands(HANDS, dealer=0, profile=PROFILE)
    for text in texts[:6]:
        replayed = replayed.apply(text)
    assert game.deal == replayed
    assert game.deal is not None
    assert [str(m) for m in game.deal.history] == list(texts[:6])
    assert game.deal.scores == (0, 0, 0, 0)  # the deal's start is unchanged (bans, R36)
    game = finish(game)  # the deal goes on from there
    assert game.scores == (0, -2, -1, 0)
    assert ledger(game) == game.scores


def test_r40_iv_reversal_into_the_auction() -> None:
    game = moves(hands_game().deal_hands(HANDS), "bid game", "pass", "pass", "pass", "play AC")
    game = game.adjudicate(CheatReversed(3, moves=1))
    assert game.deal is not None
    assert (game.deal.declarer, game.to_move, game.scores) == (None, 2, (0, 0, 0, -1))
    game = finish(moves(game, "pass", "bid zero", "pass", "pass"))
    assert deal_record(game, -1).declarer == 3
    assert game.scores == (0, 0, 0, 3)


def test_r40_ii_excuse_does_not_survive_a_reversal_into_the_auction() -> None:
    game = moves(hands_game().deal_hands(HANDS), "bid game", "pass", "pass", "pass")
    game = game.adjudicate(OpponentCheated(2))  # player 2 loses Game's score at once
    assert game.cheaters == (2,)
    game = game.adjudicate(CheatReversed(3, moves=1))  # back to the auction
    assert game.cheaters == ()
    game = finish(moves(game, "pass", "bid zero", "pass", "pass"))
    record = deal_record(game, -1)
    assert (record.declarer, record.completed) == (3, True)
    assert game.scores == (0, 0, -2, 3)
    assert ledger(game) == game.scores


def test_r40_iv_reversal_errors() -> None:
    game = moves(hands_game().deal_hands(HANDS), "bid game", "pass", "pass")
    for kept in (None, 3, 4, -1):
        assert_refused(game, adjudicating(CheatReversed(2, moves=kept)),
                       GameError, "player 2", "R40 iv", "moves", "0-2")
    assert_refused(sheet(), lambda g: g.adjudicate(CheatReversed(2, moves=0)), GameError,
                   "player 2", "R40 iv", "None")


def test_r40_v_intentional_cheat_cancels_the_deal_of_a_participant() -> None:
    game = moves(Game.new(5, profile=PROFILE, seed=8), "bid trump", "pass")
    played = game.deal
    game = game.adjudicate(IntentionalCheat(2))
    assert game.active == (0, 1, 3, 4)
    assert game.scores == (0,) * 5
    assert game.history == (
        CheatRecord(IntentionalCheat(2), 1, (0,) * 5),
        DealRecord(1, 0, (0, 1, 2, 3), None, None, False, False, (0,) * 5, (0,) * 5,
                   frozenset(), cancelled=True, deal=played),
    )
    assert (game.dealer, game.participants, game.sitting_out) == (0, (0, 1, 3, 4), ())
    assert (game.deals, game.round_deals) == (1, 0)
    assert game.deal == seeded_deal(8, 2, dealer=0)
    assert_refused(game, lambda g: g.adjudicate(IntentionalCheat(2)), GameError,
                   "player 2", "not in the game", "R40 v")
    assert_refused(game, lambda g: g.adjudicate(CheatBeforeBid(2)), GameError,
                   "player 2", "takes no part", "R40 iii")


def test_r40_v_intentional_cheat_of_a_sitting_out_player_lets_the_deal_go_on() -> None:
    game = moves(Game.new(5, profile=PROFILE, seed=8), "bid trump", "pass")
    played = game.deal
    game = game.adjudicate(IntentionalCheat(4))
    assert (game.active, game.participants, game.deal) == ((0, 1, 2, 3), (0, 1, 2, 3), played)
    assert game.history == (CheatRecord(IntentionalCheat(4), 1, (0,) * 5),)
    game = finish(moves(game, "pass", "pass"))
    assert (game.dealer, game.participants, game.sitting_out) == (1, (0, 1, 2, 3), ())
    assert game.round_deals == 1
    for _ in range(3):
        game = finish(moves(game, "bid trump", "pass", "pass", "pass"))
    assert (game.rounds, game.round_deals, game.dealer) == (1, 0, 0)  # 4 deals a round now


def test_r40_v_dealer_leaves_next_active_player_deals() -> None:
    game = moves(Game.new(4, profile=PROFILE, seed=1, dealer=3), "pass")
    game = game.adjudicate(IntentionalCheat(3))
    assert (game.active, game.dealer, game.participants) == ((0, 1, 2), 0, (0, 1, 2))
    assert game.deal == seeded_deal(1, 2, players=3, dealer=0)
    game = moves(Game.new(4, profile=PROFILE, seed=1, dealer=1), "pass")
    game = game.adjudicate(IntentionalCheat(1))
    assert (game.active, game.dealer, game.participants) == ((0, 2, 3), 2, (0, 2, 3))
    assert game.deal is not None
    assert (game.deal.players, game.deal.dealer, game.to_move) == (3, 1, 3)
    assert game.deal == seeded_deal(1, 2, players=3, dealer=1)


def test_r40_v_moves_name_players_after_a_player_left() -> None:
    game = Game.new(4, profile=PROFILE, seed=1).adjudicate(IntentionalCheat(1))
    assert game.participants == (0, 2, 3)
    game = game.apply("pass")  # seat 1, player 2
    assert (game.deal.to_move if game.deal else None, game.to_move) == (2, 3)
    error = assert_refused(game, lambda g: g.apply("play AS"), IllegalMoveError,
                           "player 3 cannot play AS", "(R5)")
    assert "seat" not in str(error)


def test_r40_v_fewer_than_three_players_ends_the_game() -> None:
    game = Game.new(4, profile=PROFILE, seed=6).adjudicate(IntentionalCheat(0))
    game = moves(game, "bid trump")
    game = game.adjudicate(IntentionalCheat(3))
    assert (game.active, game.ending, game.winner, game.deal) == (
        (1, 2), Ending.ABANDONED, None, None)
    assert (game.is_over, game.waiting_for, game.to_move) == (True, None, None)
    assert game.history[-1] == CheatRecord(IntentionalCheat(3), 2, (0,) * 4)
    assert_refused(game, lambda g: g.apply("pass"), GameError, "game is over", "abandoned")
    assert_refused(game, lambda g: g.adjudicate(IntentionalCheat(1)), GameError,
                   "game is over", "R40 v")


def test_r40_v_the_leavers_score_no_longer_counts_for_winning() -> None:
    game = sheet(4, "limited", rounds=1).record(done(3, "game"))
    game = game.adjudicate(IntentionalCheat(3))
    assert (game.active, game.scores, game.dealer, game.deals) == ((0, 1, 2), (0, 0, 0, 2), 1, 2)
    assert deal_record(game, -1).cancelled
    game = record(game, done(0), failed(1))  # 3 counted deals with 3 players: a round
    assert (game.rounds, game.scores, game.winner) == (1, (1, -2, 0, 2), None)
    game = game.record(done(0))  # 2, tied with player 3, who no longer counts
    assert (game.scores, game.winner, game.ending) == ((2, -2, 0, 2), 0, Ending.LIMITED)


def test_r40_v_leaving_can_bring_a_win_of_shame() -> None:
    game = record(sheet(4), failed(0, "trump+penalty"), failed(1, "trump+penalty"))
    game = record(game, failed(0), failed(1))
    assert game.scores == (-5, -6, 0, 0)  # player 0 was banned in the last deal: +1
    game = game.adjudicate(IntentionalCheat(3))
    assert (game.winner, game.ending) == (2, Ending.SHAME)


def test_r39_shame_after_a_sitting_out_player_leaves_waits_for_the_deals_end() -> None:
    game = sheet(5, dealer=4)  # participants 0 1 2 4; player 3 sits out
    for player in (0, 0, 0, 1, 1, 1, 2, 2, 2):  # each banned deal gives a free point
        game = game.adjudicate(CheatBeforeBid(player))
    assert (game.scores, game.ending, game.sitting_out) == ((-5, -5, -6, 0, 0), None, (3,))
    game = game.adjudicate(IntentionalCheat(3))
    # everyone but player 4 is at -5 or lower, but the deal goes on: no win mid-deal
    assert (game.active, game.winner, game.ending) == ((0, 1, 2, 4), None, None)
    assert game.history[-1] == CheatRecord(IntentionalCheat(3), 10, (0,) * 5)
    game = game.record(PASSED)  # the deal's end: the free point, then Win of Shame (R37)
    assert (game.scores, game.winner, game.ending) == ((-5, -5, -5, 0, 0), 4, Ending.SHAME)


# -- R40 in score-sheet mode ---------------------------------------------------------------


def test_r40_sheet_declarer_cheated_fails_the_bid() -> None:
    game = sheet().record(failed(1, "trump+penalty", declarer_cheated=True))
    assert game.scores == (0, -4, 0, 0)
    assert game.history[0] == CheatRecord(DeclarerCheated(), 1, (0,) * 4)
    assert deal_record(game, 1).declarer_cheated
    assert game.history[1].deal is None
    assert game.round_deals == 1


def test_r40_sheet_opponents_cheated() -> None:
    game = sheet().record(failed(1, "masters_trump", cheaters=[0, 2]))
    assert game.scores == (-6, 0, -6, 0)
    assert [r.points for r in game.history] == [(-6, 0, 0, 0), (0, 0, -6, 0), (0, 0, 0, 0)]
    game = game.record(done(1, "game", cheaters=[3]))
    assert game.scores == (-5, 2, -5, -2)  # 0 and 2 were banned: their free point
    game = game.record(failed(2, "game", declarer_cheated=True, cheaters=[3]))
    assert game.scores == (-5, 2, -7, -4)
    assert game.cheaters == ()
    assert ledger(game) == game.scores


def test_r40_sheet_taintless_cheater_loses_the_combo_worth() -> None:
    game = sheet().record(failed(0, TAINTLESS_12, cheaters=[1]))
    assert game.scores == (0, -12, 0, 0)
    game = sheet().record(failed(0, "taintless_masters_game", cheaters=[3]))
    assert game.scores == (0, 0, 0, -8)


def test_r40_sheet_cheat_before_bid_reversal_and_intentional() -> None:
    game = sheet(5).adjudicate(CheatBeforeBid(3))
    assert game.scores == (0, 0, 0, -2, 0)
    assert (game.dealer, game.deals, game.round_deals) == (0, 1, 0)
    assert deal_record(game, -1).cancelled
    game = game.adjudicate(CheatReversed(2))
    assert game.scores == (0, 0, -1, -2, 0)
    assert game.history[-1] == CheatRecord(CheatReversed(2), 2, (0, 0, -1, 0, 0))
    assert (game.dealer, game.deals, game.round_deals) == (0, 1, 0)
    assert_refused(game, lambda g: g.adjudicate(CheatReversed(4)), GameError,
                   "player 4", "takes no part", "R40 iv")
    game = game.adjudicate(IntentionalCheat(4))  # sitting out: nothing cancelled
    assert (game.active, game.deals, game.participants) == ((0, 1, 2, 3), 1, (0, 1, 2, 3))
    game = game.adjudicate(IntentionalCheat(0))  # the dealer: cancelled, 1 deals
    assert (game.active, game.deals, game.dealer, game.participants) == (
        (1, 2, 3), 2, 1, (1, 2, 3))
    assert deal_record(game, -1).cancelled
    assert ledger(game) == game.scores


def test_r40_sheet_mode_errors() -> None:
    game = sheet(5)
    assert_refused(game, lambda g: g.adjudicate(DeclarerCheated()), GameError,
                   "R40 i", "declarer_cheated=True")
    assert_refused(game, lambda g: g.adjudicate(OpponentCheated(1)), GameError,
                   "player 1", "R40 ii", "cheaters")
    assert_refused(game, lambda g: g.record(failed(1, cheaters=[4])), GameError,
                   "player 4", "not a participant", "R40 ii")
    assert_refused(game, lambda g: g.record(failed(1, cheaters=[1])), GameError,
                   "player 1", "declarer", "R40 i")
    assert_refused(game, lambda g: g.record(failed(1, cheaters=[2, 2])), GameError,
                   "player 2", "already adjudicated", "R40 ii")
    assert_refused(game, lambda g: g.record(done(1, declarer_cheated=True)), GameError,
                   "player 1", "cannot be completed", "R40 i")
    assert_refused(game, lambda g: g.adjudicate(CheatBeforeBid(4)), GameError,
                   "player 4", "takes no part", "R40 iii")
    assert_refused(game, lambda g: g.adjudicate("cheat"), GameError,  # type: ignore[arg-type]
                   "Cheat event", "'cheat'")


# -- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 1, 0, -3, True, "4", 4.0])
def test_r3_a_game_needs_three_or_more_players(players: Any) -> None:
    with pytest.raises(GameError, match=r"3 or more players.*\(R3\)"):
        Game.new(players, profile=PROFILE)


@pytest.mark.parametrize("players", [MAX_PLAYERS + 1, 2**63, 10**12, 10**5000],
                         ids=["65", "2**63", "10**12", "10**5000"])
def test_issue9_player_count_is_bounded_before_anything_is_allocated(players: int) -> None:
    with pytest.raises(GameError, match=r"at most 64 \(MAX_PLAYERS\).*\(R3\)"):
        Game.new(players, profile=PROFILE)
    with pytest.raises(GameError, match="at most 64"):
        Game.new(players, profile=PROFILE, mode="sheet", dealer=players - 1)


def test_issue9_the_most_players_a_game_may_have() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS) == (3, 64)
    game = Game.new(MAX_PLAYERS, profile=PROFILE, seed=1, dealer=MAX_PLAYERS - 1)
    assert game.participants == (0, 1, 2, MAX_PLAYERS - 1)
    assert len(game.scores) == MAX_PLAYERS


@pytest.mark.parametrize("players", [MAX_PLAYERS + 1, 10**12, 2**63])
def test_issue9_saved_game_with_too_many_players_is_a_serialization_error(
        players: int) -> None:
    text = saved(Game.new(4, profile=PROFILE, seed=2), players=players)
    with pytest.raises(SerializationError, match=r"saved game: .*at most 64"):
        Game.from_json(text)


def test_errors_bad_game_parameters() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"dealer": 4}, "dealer 4"),
        ({"dealer": -1}, "dealer -1"),
        ({"mode": "paper"}, "mode 'paper'"),
        ({"variant": "quick"}, "variant 'quick'"),
        ({"variant": "classic", "rounds": 2}, "R39"),
        ({"seed": 1.5}, "seed 1.5"),
        ({"variant": Variant.classic(PROFILE), "rounds": 2}, "rounds"),
    ]
    for kwargs, words in cases:
        with pytest.raises(GameError, match=words):
            Game.new(4, profile=PROFILE, **kwargs)
    with pytest.raises(GameError, match=r"floor 5 is above the winning score 4 \(R39\)"):
        Variant.classic(PROFILE, winning_score=4, floor=5)
    with pytest.raises(GameError, match=r"winning_score must be .* got 0 \(R39\)"):
        Variant.classic(PROFILE, winning_score=0)
    with pytest.raises(GameError, match=r"rounds must be .* got 0 \(R39\)"):
        Variant.limited(PROFILE, rounds=0)


def test_errors_wrong_mode() -> None:
    seeded = Game.new(4, profile=PROFILE, seed=1)
    assert (seeded.mode, seeded.waiting_for) == (Mode.SEEDED, "move")
    assert_refused(seeded, lambda g: g.record(done(1)), GameError, "seeded mode", "move")
    assert_refused(seeded, lambda g: g.deal_hands(HANDS), GameError, "cannot deal hands",
                   "move")
    paper = sheet()
    assert (paper.waiting_for, paper.deal, paper.to_move) == ("outcome", None, None)
    assert_refused(paper, lambda g: g.deal_hands(HANDS), GameError, "cannot deal hands",
                   "outcome")
    assert_refused(paper, lambda g: g.apply("pass"), GameError, "no deal is in progress",
                   "pass", "outcome")
    assert_refused(paper, lambda g: g.view(0), GameError, "player 0", "no deal")
    assert len(paper.legal_moves()) == 0
    table = hands_game()
    assert (table.waiting_for, table.deal) == ("hands", None)
    assert_refused(table, lambda g: g.apply("pass"), GameError, "no deal is in progress",
                   "hands")
    assert_refused(table, lambda g: g.record(PASSED), GameError, "hands mode", "hands")
    assert_refused(table, lambda g: g.adjudicate(CheatBeforeBid(1)), GameError,
                   "no deal is in progress", "R40 iii")
    dealt = table.deal_hands(HANDS)
    assert dealt.waiting_for == "move"
    assert_refused(dealt, lambda g: g.deal_hands(HANDS), GameError, "cannot deal hands",
                   "move")


def test_errors_bad_hands() -> None:
    table = hands_game()
    assert_refused(table, lambda g: g.deal_hands(HANDS_3), GameError, "4 participants",
                   "not 3", "R3")
    five = hands_game(5)
    assert_refused(five, lambda g: g.deal_hands([*HANDS, HANDS[0]]), GameError,
                   "4 participants", "[0, 1, 2, 3]", "not 5", "R3")
    swapped = [HANDS[0], HANDS[0], HANDS[2], HANDS[3]]
    assert_refused(table, lambda g: g.deal_hands(swapped), SetupError, "seat 1",
                   "another seat")
    assert_refused(table, lambda g: g.deal_hands([*HANDS_3, HANDS[3]]), SetupError,
                   "seat")


def test_errors_after_the_game_is_over() -> None:
    game = sheet(4).record(done(1, TAINTLESS_13))
    for action in (lambda g: g.record(PASSED), lambda g: g.adjudicate(CheatReversed(0)),
                   lambda g: g.apply("pass")):
        assert_refused(game, action, GameError, "game is over", "taintless", "player 1")
    table = hands_game().deal_hands(HANDS)
    table = finish(moves(table, "bid taintless_masters_game+hurry+penalty+plague+open_hand",
                         "pass", "pass", "pass", "plague S"))
    assert table.winner == 1
    assert_refused(table, lambda g: g.deal_hands(HANDS), GameError, "game is over",
                   "deal hands")


def test_errors_bad_outcomes() -> None:
    game = record(sheet(5), failed(0, "trump+penalty"), failed(1, "trump+penalty"))
    for player in (2, 2, 2, 0, 2, 0):  # dealer 2: participants 0 2 3 4
        game = game.adjudicate(CheatBeforeBid(player))
    assert (game.scores, game.participants, game.banned) == (
        (-7, -4, -6, 0, 0), (0, 2, 3, 4), frozenset({0, 2}))
    cases: list[tuple[Outcome, type[Exception], tuple[str, ...]]] = [
        (done(1), GameError, ("declarer 1", "takes no part", "R3")),
        (done(2), GameError, ("player 2", "banned", "R36")),
        (Outcome(declarer=3), GameError, ("player 3", "combo bid")),
        (done(3, "zero+greed"), InvalidBidError, ("player 3", "zero+greed", "R8")),
        (done(3, "zero+lock"), InvalidBidError, ("player 3", "incompatible", "R7")),
        (done(3, "game+potential"), InvalidBidError, ("player 3", "worth 0", "R7")),
        (done(3, "trump+bogus"), NotationError, ("player 3", "bogus")),
        (done(3, declarer_cheated=True), GameError, ("player 3", "R40 i")),
        (done(3, extra_points=1), GameError, ("player 3", "earns 0 extra", "R32", "R33")),
        (done(3, "trump+greed", extra_points=0), GameError, ("player 3", "earns 1 extra")),
        (done(3, "trump+plague", extra_points=2), GameError,
         ("player 3", "earns 0 or 1 extra", "not 2")),
        (failed(3, extra_points=1), GameError, ("player 3", "failed bid", "R34", "not 1")),
        (failed(3, extra_points=-2), GameError, ("player 3", "failed bid", "not -2")),
        (Outcome(combo="trump"), GameError, ("all passed", "R38")),
        (Outcome(completed=True), GameError, ("all passed", "R38")),
        (Outcome(cheaters=[2]), GameError, ("all passed", "R38")),
        (Outcome(extra_points=0), GameError, ("all passed", "R38")),
    ]
    for outcome, error, words in cases:
        assert_refused(game, recording(outcome), error, *words)
    # the same bid in the 3-player sense: Ending Dog + Greed + Taintless is impossible
    three = sheet(3)
    assert_refused(three, lambda g: g.record(done(0, "taintless_masters_game+greed+ending_dog")),
                   InvalidBidError, "player 0", "R8")


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"declarer": "1"}, "declarer must be int or None"),
    ({"declarer": True}, "declarer must be int"),
    ({"completed": 1}, "completed must be bool"),
    ({"extra_points": 1.0}, "extra_points must be int"),
    ({"combo": 3}, "combo must be ComboBid or str"),
    ({"cheaters": ["1"]}, "cheaters must be player numbers"),
    ({"declarer_cheated": None}, "declarer_cheated must be bool"),
])
def test_errors_outcome_field_types(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(GameError, match=words):
        Outcome(**kwargs)


def test_errors_cheat_field_types() -> None:
    with pytest.raises(GameError, match="player must be int"):
        OpponentCheated("1")  # type: ignore[arg-type]
    with pytest.raises(GameError, match="moves must be int or None"):
        CheatReversed(1, moves=True)
    assert str(CheatReversed(1, 2)) == "reversal cheat by player 1 (R40 iv)"
    assert str(DeclarerCheated()) == "declarer cheat by the declarer (R40 i)"


def test_errors_cheat_by_a_non_participant_in_play() -> None:
    game = moves(Game.new(5, profile=PROFILE, seed=3), "bid game", "pass", "pass", "pass")
    assert game.sitting_out == (4,)
    for cheat in (OpponentCheated(4), CheatReversed(4, moves=1), OpponentCheated(7)):
        assert_refused(game, adjudicating(cheat), GameError,
                       f"player {cheat.cheater}", "takes no part", "participants [0, 1, 2, 3]")
    assert_refused(game, lambda g: g.adjudicate(IntentionalCheat(7)), GameError,
                   "player 7", "not in the game")


def test_errors_illegal_move_leaves_the_game_unchanged() -> None:
    game = moves(Game.new(4, profile=PROFILE, seed=3), "bid game", "pass")
    assert_refused(game, lambda g: g.apply("bid trump"), IllegalMoveError,
                   "player 3 cannot bid trump", "by player 1", "R7")
    assert_refused(game, lambda g: g.apply("play 2C"), IllegalMoveError, "player 3", "R5")


# -- modes ---------------------------------------------------------------------------------


def test_hands_mode_deals_the_given_hands_to_deal_seats() -> None:
    game = hands_game(5, dealer=3)  # participants 0 1 3 4; seat 2 deals
    game = game.deal_hands(HANDS)
    assert game.deal == Deal.from_hands(HANDS, dealer=2, profile=PROFILE)
    assert game.to_move == 4
    game = finish(moves(game, "bid zero", "pass", "pass", "pass"))  # seat 3 = player 4
    assert game.scores == (0, 0, 0, 0, 4)  # seat 2 leads every trick; seat 3 takes none
    assert (game.dealer, game.participants, game.deal) == (4, (0, 1, 2, 4), None)
    assert game.actions[0] == Hands(HANDS)


def test_sheet_mode_scores_potentials_and_extras() -> None:
    game = sheet()
    game = game.record(done(1, "precise+potential"))
    assert (game.scores, game.potentials) == ((0, 2, 0, 0), (0, 1, 0, 0))
    assert deal_record(game, -1).potential
    game = game.record(failed(2, "precise+potential"))
    assert (game.scores, game.potentials) == ((0, 2, -2, 0), (0, 1, 0, 0))
    game = game.record(done(3, "trump+greed"))  # Greed's point always comes
    assert game.scores == (0, 2, -2, 2)
    game = game.record(done(0, "trump+greed+plague", extra_points=2))  # honorable Plague
    assert game.scores == (3, 2, -2, 2)
    game = game.record(done(1, "trump+plague", extra_points=0))
    game = game.record(failed(2, "trump+plague", extra_points=0))  # no extra points: fine
    assert game.scores == (3, 3, -4, 2)
    game = game.record(Outcome(declarer=3, combo=ComboBid.parse("Trumf+Straff", PROFILE)))
    assert game.scores == (3, 3, -4, -2)
    assert ledger(game) == game.scores


# -- saved games and replay ----------------------------------------------------------------


def round_trip(game: Game) -> None:
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded == game
    assert loaded.to_json() == text
    data = json.loads(text)
    assert data["format"] == "combowhist-game"
    assert len(data["actions"]) == len(game.actions)
    states = list(game.replay())
    assert states[-1] == game
    assert len(states) == len(game.actions) + 1
    assert states[0] == Game.new(game.players, profile=game.profile, variant=game.variant,
                                 seed=game.seed, dealer=game.first_dealer, mode=game.mode)
    for number, state in enumerate(states):
        assert state.actions == game.actions[:number]


def test_json_round_trip_seeded_with_every_cheat() -> None:
    game = moves(Game.new(5, profile=PROFILE, seed=21), "bid game", "pass", "pass", "pass")
    game = game.adjudicate(OpponentCheated(2))
    game = game.adjudicate(CheatReversed(3, moves=2))
    game = game.adjudicate(CheatBeforeBid(0))
    game = finish(moves(game, "bid trump", "pass", "pass", "pass", "trump H"))
    game = moves(game, "bid zero", "pass", "pass", "pass").adjudicate(DeclarerCheated())
    game = game.adjudicate(IntentionalCheat(4))
    game = finish(game)
    data = json.loads(game.to_json())
    assert data["seed"] == 21
    assert data["mode"] == "seeded"
    assert data["variant"] == {"kind": "classic", "winning_score": 13, "floor": 1, "rounds": 3}
    assert data["actions"][:6] == ["bid game", "pass", "pass", "pass",
                                   {"cheat": "opponent", "player": 2},
                                   {"cheat": "reversal", "player": 3, "moves": 2}]
    assert {"cheat": "declarer"} in data["actions"]
    assert {"cheat": "intentional", "player": 4} in data["actions"]
    assert ledger(game) == game.scores
    round_trip(game)


def test_json_round_trip_hands_mode() -> None:
    game = hands_game(dealer=2, variant="limited", rounds=1).deal_hands(HANDS)
    game = finish(moves(game, "bid zero", "pass", "pass", "pass"))  # 3 is D, 2 leads
    game = game.deal_hands(HANDS).adjudicate(CheatBeforeBid(1))
    game = game.deal_hands(HANDS)
    game = moves(game, "bid game", "pass").adjudicate(CheatReversed(0, moves=1))
    data = json.loads(game.to_json())
    assert data["actions"][0] == {"hands": HANDS}
    assert data["seed"] is None
    round_trip(game)


def test_json_round_trip_sheet_mode_and_finished_games() -> None:
    game = sheet(6, "limited", rounds=1, dealer=5)
    game = record(game, done(5, ComboBid.parse("trump+lock", PROFILE)), PASSED,
                  done(1, "Trumf+Lås"), failed(2, "game", cheaters=[1, 3]))
    game = game.adjudicate(CheatReversed(2)).adjudicate(IntentionalCheat(0))
    round_trip(game)
    data = json.loads(game.to_json())
    assert data["actions"][0] == {"outcome": {
        "declarer": 5, "combo": "trump+lock", "completed": True, "extra_points": None,
        "declarer_cheated": False, "cheaters": []}}
    round_trip(sheet(4).record(done(1, TAINTLESS_13)))
    abandoned = sheet(3).adjudicate(IntentionalCheat(1))
    assert abandoned.ending is Ending.ABANDONED
    round_trip(abandoned)
    round_trip(Game.new(3, profile=PROFILE, seed="x"))


def test_json_round_trip_house_rule_profile(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('base = "1.4.2"\nname = "house"\n[winning]\nclassic_start = 2\n',
                    encoding="utf-8")
    house = load_profile_file(path)
    game = Game.new(3, profile=house, mode="sheet")
    assert game.winning_score == 2
    game = game.record(done(1, "game"))
    assert game.winner == 1
    states = list(game.replay())  # the game's own profile, not its name, replays it
    assert states[-1] == game
    assert Game.from_json(game.to_json(), house) == game
    assert Game.from_json(game.to_json()) == game  # issue 10: the file holds the rules
    old = {k: v for k, v in game.to_dict().items() if k != "rules"} | {"version": 1}
    with pytest.raises(SerializationError, match="no profile named 'house'"):
        Game.from_dict(old)


def saved(game: Game, **changes: Any) -> str:
    data = json.loads(game.to_json())
    data.update(changes)
    return json.dumps(data)


def test_from_json_rejects_malformed_games() -> None:
    game = moves(Game.new(4, profile=PROFILE, seed=2), "bid game", "pass")
    good = json.loads(game.to_json())
    cases: list[tuple[str, str]] = [
        ("{", "not valid JSON"),
        ("[]", "expected a JSON object, got list"),
        (saved(game, format="combowhist-deal"), "'format' must be 'combowhist-game'"),
        (saved(game, version=3), "version 3"),
        (saved(game, version=True), "version True"),
        (saved(game, variant={"kind": "classic"}), "'variant' must be an object"),
        (saved(game, variant={**good["variant"], "floor": 20}), "floor 20"),
        (saved(game, variant={**good["variant"], "kind": "fast"}), "variant 'fast'"),
        (saved(game, seed=1.5), "'seed' must be"),
        (saved(game, seed=False), "'seed' must be"),
        (saved(game, players=2), "3 or more players"),
        (saved(game, players="4"), "'players' must be"),
        (saved(game, dealer=9), "dealer 9"),
        (saved(game, mode="paper"), "mode 'paper'"),
        (saved(game, profile="9.9"), "no profile named '9.9'"),
        (saved(game, actions="pass"), "'actions' must be a list"),
        (saved(game, actions=["bid game", "play 2C"]), "action 2 'play 2C'"),
        (saved(game, actions=["pass", 5]), "action 2 5"),
        (saved(game, actions=["pass", {"cheat": "bribe", "player": 1}]), "action 2"),
        (saved(game, actions=["pass", {"cheat": "opponent"}]), "action 2"),
        (saved(game, actions=["pass", {"cheat": "opponent", "player": "1"}]), "action 2"),
        (saved(game, actions=[{"hands": HANDS}]), "action 1"),
        (saved(game, actions=[{"outcome": {"declarer": 1}}]), "action 1"),
        (saved(game, actions=["pass", {"bid": "game"}]), "action 2"),
        (saved(game, actions=["pass", {"hands": HANDS, "outcome": {}}]), "action 2"),
    ]
    for text, words in cases:
        with pytest.raises(SerializationError) as info:
            Game.from_json(text)
        assert words in str(info.value), (words, str(info.value))
        assert str(info.value).startswith("saved game: ")
    table = json.loads(hands_game().to_json())
    for actions, words in [
        ([{"hands": "AS"}], "action 1"),
        ([{"hands": HANDS[:3]}], "action 1"),
        ([{"cheat": "before_declarer", "player": 1, "hands": HANDS}], "action 1"),
        ([{"outcome": {}, "hands": HANDS, "cheat": "declarer"}], "action 1"),
        ([{"hands": HANDS}, {"outcome": {"declarer": 1}}], "action 2"),
        ([{"hands": HANDS}, {"cheat": "reversal", "player": 1, "moves": 5}], "action 2"),
    ]:
        with pytest.raises(SerializationError, match=words):
            Game.from_json(json.dumps({**table, "actions": actions}))
    paper = json.loads(sheet().to_json())
    for actions, words in [
        ([{"outcome": {"declarer": 1, "combo": "zero+lock", "completed": True}}],
         "action 1 .*incompatible"),
        ([{"outcome": {"declarer": 1, "combo": "trump", "bonus": 1}}], "action 1"),
        ([{"outcome": []}], "action 1 .*'outcome' must be an object"),
        ([{"outcome": {"declarer": 1, "combo": "trump", "completed": True}}, "pass"],
         "action 2 'pass'"),
    ]:
        with pytest.raises(SerializationError, match=words):
            Game.from_json(json.dumps({**paper, "actions": actions}))

