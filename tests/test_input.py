"""Bad input refused clearly at the door (issue 9): numbers in move text, objects that are
not well-formed moves, membership of notation in ``legal_moves()``, R8 judged for the deal's
own participants, and saved files that are not what they claim."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from checks import assert_refused
from hands import THREE_142, WHOLE_SUITS, start

from combowhist import Deal, Game, load_profile
from combowhist.bids import ComboBid
from combowhist.cards import Card, CardSet, Suit
from combowhist.errors import IllegalMoveError, NotationError, SerializationError, SetupError
from combowhist.moves import Award, Guess, MakeBid, Pass, Play, Prefer, Send, SetTrump
from combowhist.serialize import deal_from_data
from combowhist.state import Phase

HUGE = "9" * 5000


def auction() -> Deal:
    return Deal.from_hands(list(WHOLE_SUITS))


def guessing() -> Deal:
    deal = start(WHOLE_SUITS, "precise")
    assert deal.phase is Phase.GUESS
    return deal


def playing() -> Deal:
    deal = start(WHOLE_SUITS, "game")
    assert deal.phase is Phase.PLAY
    return deal


# -- 1. numbers in move text -----------------------------------------------------------------


@pytest.mark.parametrize("text", ["guess ²", "guess 4 ⁶", "guess ٣", "guess " + HUGE])
def test_issue9_guess_with_a_non_ascii_or_huge_number_is_a_notation_error(text: str) -> None:
    assert_refused(guessing(), lambda d: d.apply(text), NotationError, "not a number",
                   repr(text)[:20])


@pytest.mark.parametrize("text", ["award ⁵", "prefer S ³", "award ０", "award " + HUGE])
def test_issue9_award_and_prefer_with_a_non_ascii_number_are_notation_errors(text: str) -> None:
    assert_refused(auction(), lambda d: d.apply(text), NotationError, "not a number")


def test_issue9_a_huge_number_is_named_shortened() -> None:
    error = assert_refused(guessing(), lambda d: d.apply("guess " + HUGE), NotationError)
    assert "5006 characters" in str(error)
    assert len(str(error)) < 400


def test_issue9_saved_deal_with_a_superscript_guess_names_the_move_number() -> None:
    data = json.loads(guessing().to_json())
    data["moves"].append("guess ²")
    with pytest.raises(SerializationError, match=r"move 5 'guess ²'.*not a number"):
        Deal.from_json(json.dumps(data))


def test_issue9_saved_game_with_a_superscript_award_names_the_action_number() -> None:
    data = json.loads(Game.new(4, seed=1).to_json())
    data["actions"] = ["pass", "award ⁵"]
    with pytest.raises(SerializationError, match=r"action 2 'award ⁵'.*not a number"):
        Game.from_json(json.dumps(data))


# -- 2. the door of apply --------------------------------------------------------------------


@pytest.mark.parametrize("value", [42, None, b"pass", Card.parse("AS"), Suit.SPADES, [Pass()]])
def test_issue9_apply_of_a_non_move_is_a_notation_error_naming_its_type(value: object) -> None:
    assert_refused(auction(), lambda d: d.apply(value), NotationError, "is not a move",
                   type(value).__name__)


def test_issue9_apply_of_a_non_move_to_a_finished_deal_is_a_notation_error() -> None:
    over = auction()
    for _ in range(4):
        over = over.apply("pass")
    assert_refused(over, lambda d: d.apply(42), NotationError, "int 42")


def test_issue9_makebid_holding_a_string_is_a_notation_error() -> None:
    assert_refused(auction(), lambda d: d.apply(MakeBid("trump")), NotationError,  # type: ignore[arg-type]
                   "MakeBid", "combo", "ComboBid", "'trump'")


@pytest.mark.parametrize("make", [auction, playing])
def test_issue9_play_holding_a_string_is_a_notation_error(make: object) -> None:
    assert callable(make)
    assert_refused(make(), lambda d: d.apply(Play("AS")), NotationError,  # type: ignore[arg-type]
                   "Play", "card", "Card", "'AS'")


@pytest.mark.parametrize("move", [
    Guess((5.0,)),  # type: ignore[arg-type]
    Guess((True,)),
    Guess(("5",)),  # type: ignore[arg-type]
    Guess([5]),  # type: ignore[arg-type]
    Guess((10**5000,)),
    Guess((6, 4)),
])
def test_issue9_r16_malformed_guess_objects_are_notation_errors(move: Guess) -> None:
    """Before, ``Guess((5.0,))`` was accepted and saved as ``guess 5.0``, which does not
    load; ``Guess((6, 4))`` was saved as ``guess 6 4`` and reloaded as another move."""
    deal = guessing()
    assert move not in deal.legal_moves()
    assert_refused(deal, lambda d: d.apply(move), NotationError, "Guess", "numbers")


@pytest.mark.parametrize("move", [
    Award(True), Award(1.0), Award(10**5000), Prefer(Suit.SPADES, 3.0),  # type: ignore[arg-type]
    Prefer(Suit.SPADES, Suit.HEARTS), SetTrump(2), Send(["AS"]),  # type: ignore[arg-type]
])
def test_issue9_move_objects_with_fields_of_the_wrong_type_are_notation_errors(
    move: object,
) -> None:
    error = assert_refused(auction(), lambda d: d.apply(move), NotationError,
                           type(move).__name__, "must be")
    assert len(str(error)) < 300


def test_issue9_a_play_is_checked_at_the_door_without_slowing_a_real_play() -> None:
    deal = playing()
    card = next(iter(deal.legal_moves()))
    assert deal.apply(card) == deal.apply(Play(card.card))  # type: ignore[attr-defined]


def test_issue9_r7_combo_bid_of_another_profile_is_refused_naming_both() -> None:
    combo = ComboBid.parse("trump", load_profile("1.4.1"))
    assert MakeBid(combo) not in auction().legal_moves()
    assert_refused(auction(), lambda d: d.apply(MakeBid(combo)), IllegalMoveError,
                   "seat 1 cannot bid trump", "profile 1.4.1", "1.4.2")


# -- 3. membership accepts notation ----------------------------------------------------------


def test_issue9_notation_is_in_legal_moves_as_apply_takes_it() -> None:
    moves = auction().legal_moves()
    assert "pass" in moves
    assert "PASS" in moves
    assert " bid Trump " in moves
    assert moves.index("pass") == 0
    assert moves[moves.index("bid trump+lock")] == MakeBid(
        ComboBid.parse("trump+lock", load_profile("1.4.2")))
    assert "play AS" not in moves
    assert "guess ²" not in moves
    assert "" not in moves
    assert 42 not in moves
    assert MakeBid("trump") not in moves


def test_issue9_index_of_text_not_among_the_moves_raises_value_error() -> None:
    moves = auction().legal_moves()
    with pytest.raises(NotationError, match="'blah' is not a move"):
        moves.index("blah")
    with pytest.raises(ValueError, match="play AS is not a legal move"):
        moves.index("play AS")
    with pytest.raises(ValueError, match="pass is not a legal move"):
        moves.index("pass", 1)


def test_issue9_index_agrees_with_iteration_in_every_part() -> None:
    deal = start(WHOLE_SUITS, "game+mail", "mail left")
    moves = deal.legal_moves()
    for position in (0, 7, len(moves) - 1):
        assert moves.index(str(moves[position])) == position


# -- 4. R8 for the deal's own participants ---------------------------------------------------


def test_r8_a_typed_bid_in_a_3_player_deal_is_judged_for_3_participants() -> None:
    deal = Deal.from_hands(list(THREE_142))
    assert_refused(deal, lambda d: d.apply("bid zero+greed"), IllegalMoveError,
                   "seat 1 cannot bid", "for 3 participants (R8)")


@pytest.fixture
def long_lock(tmp_path: Path) -> str:
    """A house rule whose Lock forbids tricks 1-9: Master's Game with it needs 4 tricks out
    of the last 4 and more than every other participant, possible with 4 participants
    (3, 3, 3 for the others) and impossible with 3 (one of two others takes 5 or more)."""
    path = tmp_path / "long-lock.toml"
    path.write_text('base = "1.4.2"\nname = "long-lock"\n[bids.lock]\n'
                    'avoid_tricks = [1, 2, 3, 4, 5, 6, 7, 8, 9]\n', encoding="utf-8")
    return str(path)


def test_r8_a_bid_possible_for_4_participants_only_is_legal_in_a_4_player_deal(
    long_lock: str,
) -> None:
    deal = Deal.from_hands(list(WHOLE_SUITS), profile=long_lock)
    combo = ComboBid.parse("masters_game+lock", deal.profile, players=4)
    assert "bid masters_game+lock" in deal.legal_moves()
    assert deal.apply("bid masters_game+lock") == deal.apply(MakeBid(combo))


def test_r8_a_bid_impossible_for_3_participants_is_refused_in_a_3_player_deal(
    long_lock: str,
) -> None:
    deal = Deal.from_hands(list(THREE_142), profile=long_lock)
    combo = ComboBid.parse("masters_game+lock", deal.profile, players=4)
    assert "bid masters_game+lock" not in deal.legal_moves()
    assert MakeBid(combo) not in deal.legal_moves()
    for move in ("bid masters_game+lock", MakeBid(combo)):
        assert_refused(deal, lambda d, m=move: d.apply(m), IllegalMoveError,
                       "seat 1 cannot bid", "for 3 participants (R8)")


# -- 5. saved files --------------------------------------------------------------------------


def saved_deal() -> dict[str, object]:
    return json.loads(playing().to_json())  # type: ignore[no-any-return]


def saved_game() -> dict[str, object]:
    return json.loads(Game.new(5, seed=3).apply("pass").to_json())  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", ["1.4.2\x00", "a" * 300, "x" * 5000 + ".toml"])
def test_issue9_saved_deal_with_an_impossible_profile_name_names_the_field(name: str) -> None:
    data = {**saved_deal(), "profile": name}
    with pytest.raises(SerializationError, match="saved deal: 'profile'"):
        Deal.from_json(json.dumps(data))


def test_issue9_saved_game_with_an_impossible_profile_name_names_the_field() -> None:
    data = {**saved_game(), "profile": "a" * 300}
    with pytest.raises(SerializationError, match="saved game: 'profile'"):
        Game.from_json(json.dumps(data))


def nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("key", ["moves", "hands", "scores", "dealer", "profile"])
def test_issue9_saved_deal_data_nested_deeply_names_the_field(key: str) -> None:
    data = {**saved_deal(), key: nested(100_000)}
    with pytest.raises(SerializationError, match=f"'{key}'|move 1"):
        deal_from_data(data)
    data = {**saved_deal(), "moves": [nested(100_000)]}
    with pytest.raises(SerializationError, match="move 1 must be a string"):
        deal_from_data(data)


@pytest.mark.parametrize("text", ["[" * 100_000, '{"moves": ' + "[" * 100_000])
def test_issue9_deeply_nested_json_is_a_serialization_error(text: str) -> None:
    with pytest.raises(SerializationError, match="saved deal"):
        Deal.from_json(text)
    with pytest.raises(SerializationError, match="saved game"):
        Game.from_json(text)


@pytest.mark.parametrize(("key", "value"), [("dealer", 10**5000), ("dealer", "0"),
                                            ("players", 10**5000)],
                         ids=["huge-dealer", "text-dealer", "huge-players"])
def test_issue9_saved_deal_data_with_huge_or_wrong_values_is_a_serialization_error(
    key: str, value: object,
) -> None:
    data = {**saved_deal(), key: value}
    with pytest.raises(SerializationError, match=key):
        deal_from_data(data)


@pytest.mark.parametrize("players", [10**12, 2**63, -(2**63)])
def test_issue9_saved_game_with_a_huge_player_count_is_a_serialization_error(
    players: int,
) -> None:
    data = {**saved_game(), "players": players}
    with pytest.raises(SerializationError, match="saved game: 'players'"):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize("key", ["players", "hands", "moves", "profile", "dealer"])
def test_issue9_saved_deal_with_a_missing_key_names_it(key: str) -> None:
    data = saved_deal()
    del data[key]
    with pytest.raises(SerializationError, match=f"'{key}' is missing"):
        Deal.from_json(json.dumps(data))


@pytest.mark.parametrize("dealer", [10**5000, "0", None, 1.0], ids=["huge", "text", "none",
                                                                   "float"])
def test_issue10_deal_set_up_with_a_bad_dealer_is_a_setup_error(dealer: object) -> None:
    with pytest.raises(SetupError, match="is not a seat 0-3"):
        Deal.from_hands(list(WHOLE_SUITS), dealer=dealer)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="is not a seat 0-3"):
        Deal.new(dealer=dealer)  # type: ignore[arg-type]


def test_issue9_issue10_deal_set_up_with_huge_numbers_names_them_shortly() -> None:
    with pytest.raises(SetupError, match=r"participants, not .*too large"):
        Deal.new(players=10**5000)
    with pytest.raises(SetupError, match="scores must be 4 integers"):
        Deal.new(scores=[10**5000, 0, 0, "x"])  # type: ignore[list-item]


def test_issue10_hand_of_the_wrong_type_is_a_setup_error_naming_its_type() -> None:
    with pytest.raises(SetupError, match="seat 1: expected a CardSet or text, got int 7"):
        Deal.from_hands([CardSet.parse(WHOLE_SUITS[0]), 7, *WHOLE_SUITS[2:]])  # type: ignore[list-item]


def test_issue9_an_unreadable_move_names_the_seat_that_tried_it() -> None:
    deal = auction()
    seat = deal.to_move
    error = assert_refused(deal, lambda d: d.apply("guess \u00b2"), NotationError, "not a number")
    assert str(error).startswith(f"seat {seat}: ")
    error = assert_refused(deal, lambda d: d.apply(42), NotationError, "int 42")
    assert str(error).startswith(f"seat {seat}: ")


def test_issue9_an_unreadable_move_in_a_game_names_the_player_not_the_seat() -> None:
    game = Game.new(5, seed=2, dealer=3)  # player 2 sits out (R3)
    player = game.to_move
    assert player is not None
    assert game.seat_of(player) != player  # so a seat number would be another player's
    error = assert_refused(game, lambda g: g.apply("play \u00b2"), NotationError)
    assert str(error).startswith(f"player {player}: ")
    assert "seat" not in str(error)
