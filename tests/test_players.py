"""Seats and players (issue 9): a game speaks of players 0…n-1, a deal of its seats, and no
public function silently takes one for the other. With 5 or 6 players (R3), and after a
player leaves (R40 v), they differ."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import Game, GameError, IllegalMoveError, IntentionalCheat
from combowhist.bots import HeuristicBot, RandomBot, SearchBot, play_game
from combowhist.rules.seats import participants as participants_of

BOTS = (RandomBot(), HeuristicBot(), SearchBot(iterations=1))


def differing(players: int, seed: int) -> Game:
    """A seeded game whose player to move is not the seat to move."""
    for dealer in range(players):
        game = Game.new(players, profile="1.4.2", seed=seed, dealer=dealer)
        if game.deal is not None and game.to_move != game.deal.to_move:
            return game
    raise AssertionError("no dealer gives a differing seat")  # pragma: no cover


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("bot", BOTS, ids=lambda bot: bot.name)
def test_issue9_bot_refuses_a_player_number_for_a_seat(players: int, bot: object) -> None:
    game = differing(players, seed=players)
    deal = game.deal
    assert deal is not None
    player = game.to_move
    assert player is not None
    with pytest.raises(IllegalMoveError, match=rf"seat {player}\b.*seat to move is seat "
                                               rf"{deal.to_move}.*seat_of"):
        bot.choose(deal, player, random.Random(1))  # type: ignore[attr-defined]
    move = bot.choose(deal, game.seat_of(player), random.Random(1))  # type: ignore[attr-defined]
    assert move in deal.legal_moves()
    assert game.apply(move).deal != deal


@pytest.mark.parametrize("bot", BOTS, ids=lambda bot: bot.name)
def test_issue9_bot_refuses_any_seat_but_the_one_to_move(bot: object) -> None:
    game = Game.new(4, profile="1.4.2", seed=3)
    deal = game.deal
    assert deal is not None
    for seat in (0, 2, 3, -1, 4, True, None):
        with pytest.raises(IllegalMoveError, match="seat to move is seat 1"):
            bot.choose(deal, seat, random.Random(1))  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [5, 6])
def test_issue9_game_errors_name_the_player_not_the_seat(players: int) -> None:
    game = differing(players, seed=7)
    player = game.to_move
    assert game.deal is not None
    assert player is not None
    with pytest.raises(IllegalMoveError) as info:
        game.apply("play AS")
    message = str(info.value)
    assert message.startswith(f"player {player} cannot play AS: ")
    assert message.endswith("(R5)")
    assert "seat" not in message
    with pytest.raises(IllegalMoveError, match=rf"^seat {game.deal.to_move} cannot play AS"):
        game.deal.apply("play AS")  # the deal's own errors speak of seats


def test_issue9_game_error_names_every_seat_it_mentions_as_its_player() -> None:
    game = Game.new(6, profile="1.4.2", seed=1, dealer=3)  # participants 0 3 4 5: seat 1: player 3
    assert game.participants == (0, 3, 4, 5)
    game = game.apply("bid game")  # seat 2, player 4
    with pytest.raises(IllegalMoveError) as info:
        game.apply("bid trump")  # seat 3, player 5
    message = str(info.value)
    assert message.startswith("player 5 cannot bid trump: ")
    assert "by player 4" in message
    assert "seat" not in message


@pytest.mark.parametrize("players", [5, 6])
def test_issue9_seat_of_and_player_at_round_trip(players: int) -> None:
    game = Game.new(players, profile="1.4.2", seed=2)
    game = play_game(game, [RandomBot()] * players, random.Random(2), max_deals=players + 1)
    game = game.adjudicate(IntentionalCheat(game.sitting_out[0]))
    for state in game.replay():
        if state.is_over:
            continue
        for seat, player in enumerate(state.participants):
            assert state.player_at(seat) == player
            assert state.seat_of(player) == seat
        for player in state.sitting_out:
            with pytest.raises(GameError, match=rf"player {player} takes no part.*R3"):
                state.seat_of(player)
        with pytest.raises(GameError, match="not a seat"):
            state.player_at(len(state.participants))


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 9), st.data())
def test_issue9_seat_of_player_at_inverse_with_leavers(players: int,
                                                       data: st.DataObject) -> None:
    game = Game.new(players, profile="1.4.2", mode="sheet",
                    dealer=data.draw(st.integers(0, players - 1)))
    for _ in range(data.draw(st.integers(0, players - 3))):
        game = game.adjudicate(IntentionalCheat(data.draw(st.sampled_from(game.active))))
    expected = participants_of(game.active, game.dealer)
    assert game.participants == expected
    assert [game.player_at(game.seat_of(p)) for p in expected] == list(expected)
    assert [game.seat_of(game.player_at(s)) for s in range(len(expected))] == list(
        range(len(expected)))


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (6, 2)])
@pytest.mark.parametrize("bot", BOTS, ids=lambda bot: bot.name)
def test_issue9_five_and_six_player_games_played_to_the_end_by_bots(
        players: int, seed: int, bot: object) -> None:
    game = play_game(Game.new(players, profile="1.4.2", seed=seed), [bot] * players,  # type: ignore[list-item]
                     random.Random(seed), max_deals=400)
    assert game.is_over
    assert game.winner in range(players)
    assert game.scores == tuple(sum(r.total(p) for r in game.history) for p in range(players))
    dealers = [r.dealer for r in game.history if getattr(r, "counted", False)]
    assert game.rounds == len(dealers) // players  # nobody left: rounds of n deals each
    assert Game.from_json(game.to_json()) == game
