"""Deals as JSON: round trips at every phase, and malformed input refused with a
SerializationError that names the problem (for a move: its number and text)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hands import WHOLE_SUITS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combowhist import Deal, Phase, SerializationError, load_profile
from combowhist.serialize import DEAL_FORMAT, DEAL_VERSION, deal_from_data, deal_to_data
from combowhist.strategies import deals_at_phase

SUIT_HANDS = list(WHOLE_SUITS)


def scripted(moves: list[str], players: int = 4, profile: str = "1.4.2") -> Deal:
    if players == 4:
        deal = Deal.from_hands(SUIT_HANDS, dealer=0, profile=profile, scores=[3, -1, 0, 7],
                               potentials=[0, 2, 1, 0])
    else:
        deck = sorted(load_profile(profile).deck(3))
        deal = Deal.from_hands([" ".join(str(c) for c in deck[s::3]) for s in range(3)],
                               dealer=2, profile=profile)
    for move in moves:
        deal = deal.apply(move)
    return deal


def first_moves(deal: Deal, count: int) -> Deal:
    for _ in range(count):
        deal = deal.apply(deal.legal_moves()[0])
    return deal


AUCTION = ["bid trump", "pass", "pass", "pass"]
SCRIPTS: dict[str, Callable[[], Deal]] = {
    "fresh": lambda: scripted([]),
    "mid_auction": lambda: scripted(["bid trump+lock", "bid game+penalty"]),
    "redeal": lambda: scripted(["pass"] * 4),
    "trump": lambda: scripted(AUCTION),
    "rank_commit_half": lambda: scripted(["bid rank_trump", "pass", "pass", "pass",
                                          "commit AS", "commit AH"]),
    "mail_send_half": lambda: scripted(["bid game+mail", "pass", "pass", "pass",
                                        "mail across", "send AS KS QS"]),
    "masters_mail": lambda: scripted(["bid game+masters_mail", "pass", "pass", "pass",
                                      "send AH KH QH"]),
    "mid_trick": lambda: scripted([*AUCTION, "trump S", "play AC", "play 2S"]),
    "justice_award": lambda: first_moves(
        scripted(["bid trump+justice+lock+penalty", "pass", "pass", "pass", "trump S",
                  "justice AC"]), 4),
    "over": lambda: first_moves(scripted([*AUCTION, "trump S"]), 52),
    "three_players_141": lambda: first_moves(
        scripted(["bid trump", "pass", "pass", "trump H"], players=3, profile="1.4.1"), 20),
    "three_players_142_over": lambda: first_moves(
        scripted(["bid trump", "pass", "pass", "trump H"], players=3), 39),
}


@pytest.mark.parametrize("name", list(SCRIPTS))
def test_round_trip_at_scripted_points(name: str) -> None:
    deal = SCRIPTS[name]()
    text = deal.to_json()
    loaded = Deal.from_json(text)
    assert loaded == deal
    assert loaded.to_json() == text
    assert loaded.phase is deal.phase
    assert loaded.to_move == deal.to_move
    assert loaded.hands == deal.hands
    assert loaded.history == deal.history
    assert loaded.result == deal.result
    for seat in range(deal.players):
        assert loaded.view(seat) == deal.view(seat)


def test_scripted_points_cover_the_phases() -> None:
    phases = {SCRIPTS[name]().phase for name in SCRIPTS}
    assert {Phase.AUCTION, Phase.TRUMP, Phase.RANK_COMMIT, Phase.SEND, Phase.MASTERS_MAIL,
            Phase.PLAY, Phase.AWARD, Phase.OVER} <= phases


@pytest.mark.parametrize("phase", list(Phase))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_round_trip_in_every_phase(phase: Phase, data: st.DataObject) -> None:
    deal = data.draw(deals_at_phase(phase).map(lambda d: d.to_json()), label="json")
    loaded = Deal.from_json(deal)
    assert loaded.phase is phase
    assert loaded.to_json() == deal
    assert Deal.from_json(loaded.to_json()) == loaded


def test_saved_form_is_the_documented_schema() -> None:
    deal = scripted([*AUCTION, "trump S", "play AC"])
    data = json.loads(deal.to_json())
    assert data == {
        "format": DEAL_FORMAT,
        "version": DEAL_VERSION,
        "profile": "1.4.2",
        "players": 4,
        "dealer": 0,
        "scores": [3, -1, 0, 7],
        "potentials": [0, 2, 1, 0],
        "hands": SUIT_HANDS,
        "moves": ["bid trump", "pass", "pass", "pass", "trump S", "play AC"],
    }
    assert deal_from_data(deal_to_data(deal)) == deal


def test_moves_in_any_accepted_notation_load_to_the_canonical_deal() -> None:
    deal = scripted([*AUCTION, "trump S", "play AC"])
    data = json.loads(deal.to_json())
    data["moves"] = ["BID Trump", "pass", "Pass", "PASS", "trump ♠", "play A♣"]
    assert Deal.from_json(json.dumps(data)) == deal


def test_profile_override_loads_under_another_profile() -> None:
    deal = scripted([*AUCTION, "trump S"])
    loaded = Deal.from_json(deal.to_json(), profile="1.4.1")
    assert loaded.profile.key == "1.4.1"
    assert [str(m) for m in loaded.history] == [str(m) for m in deal.history]
    assert loaded.hands == deal.hands
    assert loaded != deal  # a different rule profile is a different deal


# -- malformed input ----------------------------------------------------------------------------


def saved(**changes: Any) -> str:
    """A valid saved deal (4 players, two moves in), with some keys changed; a value of
    ``...`` removes the key."""
    data = json.loads(scripted(["bid trump", "pass"]).to_json())
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


def refused(text: Any, profile: str | None = None) -> str:
    with pytest.raises(SerializationError) as caught:
        Deal.from_json(text, profile=profile)
    return str(caught.value)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("{", "not valid JSON"),
        ("", "not valid JSON"),
        ("undefined", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('"a deal"', "JSON object"),
        ("null", "JSON object"),
    ],
)
def test_not_a_json_object_is_refused(text: str, named: str) -> None:
    assert named in refused(text)


def test_not_text_is_refused() -> None:
    assert "JSON" in refused(None)
    assert "JSON" in refused(42)


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"format": "chess-pgn"}, "'format'"),
        ({"format": ...}, "'format'"),
        ({"version": 3}, "version 3"),
        ({"version": "1"}, "version '1'"),
        ({"version": ...}, "version"),
    ],
)
def test_wrong_format_or_version_is_refused(changes: dict[str, Any], named: str) -> None:
    assert named in refused(saved(**changes))


@pytest.mark.parametrize("key", ["profile", "players", "dealer", "scores", "potentials",
                                 "hands", "moves"])
def test_missing_key_is_named(key: str) -> None:
    message = refused(saved(**{key: ...}))
    assert f"'{key}'" in message
    assert "missing" in message


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"profile": 142}, "'profile'"),
        ({"profile": None}, "'profile'"),
        ({"players": "4"}, "'players'"),
        ({"players": 4.0}, "'players'"),
        ({"players": True}, "'players'"),
        ({"dealer": 1.5}, "'dealer'"),
        ({"dealer": "0"}, "'dealer'"),
        ({"dealer": False}, "'dealer'"),
        ({"scores": "0 0 0 0"}, "'scores'"),
        ({"scores": [0, 0, 0]}, "'scores'"),
        ({"scores": [0, 0, 0, "1"]}, "'scores'"),
        ({"scores": [0, 0, 0, True]}, "'scores'"),
        ({"potentials": [0, 0, 0, 0.5]}, "'potentials'"),
        ({"potentials": {"0": 1}}, "'potentials'"),
        ({"hands": "AS KS"}, "'hands'"),
        ({"hands": [1, 2, 3, 4]}, "'hands'"),
        ({"hands": SUIT_HANDS[:3]}, "'hands'"),
        ({"moves": "bid trump"}, "'moves'"),
        ({"moves": {"1": "bid trump"}}, "'moves'"),
    ],
)
def test_wrong_type_is_named(changes: dict[str, Any], named: str) -> None:
    assert named in refused(saved(**changes))


@pytest.mark.parametrize("version", [True, [1]])
def test_version_must_be_an_integer(version: Any) -> None:
    """JSON ``true`` is not the version number 1, though Python's ``True == 1``; the other
    integer fields refuse booleans too."""
    assert "version" in refused(saved(version=version))


def test_json_nested_too_deep_is_refused() -> None:
    """Nesting deeper than Python's recursion limit: the parser gives up (RecursionError),
    which must come out as a SerializationError like any other unreadable input."""
    assert "JSON" in refused("[" * 100_000 + "]" * 100_000)


def test_json_integer_too_long_is_refused() -> None:
    """An integer of more digits than Python converts (4300): the parser raises a plain
    ValueError, which must come out as a SerializationError."""
    assert "JSON" in refused(saved()[:-1] + ', "extra": 1' + "0" * 5000 + "}")


@pytest.mark.parametrize(
    ("hands", "named"),
    [
        ([SUIT_HANDS[0], SUIT_HANDS[0], SUIT_HANDS[2], SUIT_HANDS[3]], "another seat"),
        ([SUIT_HANDS[0][:-3], *SUIT_HANDS[1:]], "12 cards"),
        (["ZZ " + SUIT_HANDS[0], *SUIT_HANDS[1:]], "'ZZ'"),
        (["AC AC " + SUIT_HANDS[0][6:], *SUIT_HANDS[1:]], "twice"),
    ],
)
def test_hands_that_are_no_deal_are_refused(hands: list[str], named: str) -> None:
    assert named in refused(saved(hands=hands))


def test_hands_outside_the_three_player_deck_are_refused() -> None:
    deal = scripted([], players=3, profile="1.4.2")
    data = json.loads(deal.to_json())
    data["hands"][0] = data["hands"][0].replace("2C", "8C")  # 8s are out in 1.4.2 (R2)
    message = refused(json.dumps(data))
    assert "8C" in message
    assert "deck" in message


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"profile": "9.9.9"}, "9.9.9"),
        ({"players": 5, "scores": [0] * 5, "potentials": [0] * 5,
          "hands": [*SUIT_HANDS, ""]}, "participants"),
        ({"players": 2, "scores": [0] * 2, "potentials": [0] * 2, "hands": SUIT_HANDS[:2]},
         "participants"),
        ({"dealer": 4}, "dealer 4"),
        ({"dealer": -1}, "dealer -1"),
    ],
)
def test_impossible_parameters_are_refused(changes: dict[str, Any], named: str) -> None:
    assert named in refused(saved(**changes))


def test_unknown_profile_override_is_refused() -> None:
    assert "no-such-edition" in refused(saved(), profile="no-such-edition")


@pytest.mark.parametrize(
    ("moves", "number", "text"),
    [
        (["bid trump", "pass", "play AS"], 3, "play AS"),
        (["pass", "bid trump+zero"], 2, "bid trump+zero"),
        (["bid zero+greed"], 1, "bid zero+greed"),
        (["bid trump", "bid trump"], 2, "bid trump"),
        (["dance"], 1, "dance"),
        (["bid trump", "pass", "pass", "pass", "trump X"], 5, "trump X"),
        (["bid trump", "pass", "pass", "pass", "trump S", "play AS"], 6, "play AS"),
        (["pass", "pass", "pass", "pass", "pass"], 5, "pass"),
        (["bid trump", ""], 2, ""),
    ],
)
def test_illegal_move_is_named_by_number_and_text(
    moves: list[str], number: int, text: str
) -> None:
    message = refused(saved(moves=moves))
    assert f"move {number} {text!r}" in message


@pytest.mark.parametrize("bad", [7, None, ["play AS"], {"move": "pass"}])
def test_move_that_is_not_text_is_named_by_number(bad: Any) -> None:
    message = refused(saved(moves=["bid trump", bad]))
    assert "move 2" in message
