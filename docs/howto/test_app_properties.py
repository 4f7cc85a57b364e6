"""Property tests of a small app built on combowhist: the example of the how-to
"Property-testing your app" (docs/howto/property-testing.rst). pytest runs it in CI."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from combowhist import ComboBid, Deal, Game, Phase, load_profile
from combowhist.strategies import (
    combo_bids,
    deals_at_phase,
    move_sequences,
    played_deals,
    sheet_games,
)

# -- the app's own code ------------------------------------------------------------------------


def seat_label(deal: Deal, seat: int) -> str:
    """What the app shows beside a seat: its tricks, and a star on the declarer."""
    star = "*" if seat == deal.declarer else ""
    return f"seat {seat}{star}: {deal.tricks_won[seat]} tricks"


def save(deal: Deal) -> str:
    """The app saves games in progress inside its own JSON envelope."""
    return json.dumps({"app": "my-whist", "deal": json.loads(deal.to_json())})


def load(text: str) -> Deal:
    return Deal.from_json(json.dumps(json.loads(text)["deal"]))


def standings(game: Game) -> list[tuple[int, int]]:
    """The app's league table: (player, score), best first, ties by player number."""
    return sorted(enumerate(game.scores), key=lambda row: (-row[1], row[0]))


# -- its properties ----------------------------------------------------------------------------


@given(played_deals(players=4))
def test_saving_and_loading_a_deal_in_progress_changes_nothing(deal: Deal) -> None:
    assert load(save(deal)) == deal


@given(played_deals())
def test_every_seat_has_a_label_and_only_the_declarer_a_star(deal: Deal) -> None:
    labels = [seat_label(deal, seat) for seat in range(deal.players)]
    assert sum("*" in label for label in labels) == (deal.declarer is not None)


@settings(max_examples=30)
@given(deals_at_phase(Phase.PLAY, players=3))
def test_a_trick_in_play_never_shows_more_cards_than_seats(deal: Deal) -> None:
    assert len(deal.trick) < deal.players


@given(combo_bids("1.4.2"))
def test_the_bid_picker_round_trips_every_legal_combo(combo: ComboBid) -> None:
    assert ComboBid.parse(str(combo), load_profile("1.4.2")) == combo


@given(st.data())
def test_an_undo_button_is_a_replay_of_the_history_minus_one(data: st.DataObject) -> None:
    start = Deal.new(seed=data.draw(st.integers(0, 10**6)))
    moves = data.draw(move_sequences(start, max_moves=40))
    deal = start
    for move in moves:
        deal = deal.apply(move)
    undone = start
    for move in moves[:-1]:
        undone = undone.apply(move)
    assert len(undone.history) == max(len(moves) - 1, 0)


@settings(max_examples=40, deadline=None)
@given(sheet_games(players=5))
def test_the_league_table_lists_every_player_once_best_first(game: Game) -> None:
    table = standings(game)
    assert sorted(player for player, _ in table) == list(range(5))
    assert [score for _, score in table] == sorted(game.scores, reverse=True)
