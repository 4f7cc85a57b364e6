"""Issue 10, "API shapes": one shape for each idea across Deal, Game and PlayerView.

``legal_moves()`` a method on both Deal and PlayerView; one history shape (``history`` the
moves, ``log`` the ``(seat, move)`` pairs); ``to_dict``/``from_dict`` and
``to_json(indent=…)``/``from_json`` everywhere; constructors keyword-only after
``players``; house rules that reload from their own JSON; set-up errors; strategies that
print pasteable examples and are registered for ``st.from_type``.
"""

from __future__ import annotations

import inspect
import io
import json
from pathlib import Path
from typing import Any

import pytest
from checks import fuzz_settings
from hands import WHOLE_SUITS, start
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.vendor.pretty import pretty

import combowhist
from combowhist import (
    Card,
    CardSet,
    ComboBid,
    Deal,
    Game,
    IllegalMoveError,
    Phase,
    PlayerView,
    SerializationError,
    SetupError,
    load_profile_file,
)
from combowhist.cli import main
from combowhist.errors import GameError, GameSetupError
from combowhist.legal import BidMoves, CardSubsetMoves
from combowhist.moves import Send
from combowhist.strategies import deals_at_phase, played_deals

HOUSE = 'base = "1.4.2"\nname = "cheap-lock"\n[bids.lock]\nworth = 1\n'


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "cheap-lock.toml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


def mailing() -> Deal:
    """Seat 1 is D with Mail, and the mail direction is chosen: seat 1 picks 3 cards."""
    deal = start(WHOLE_SUITS, "game+mail", "mail left")
    assert deal.phase is Phase.SEND
    return deal


# -- legal_moves and history: one shape on Deal and PlayerView ----------------------------------


@settings(max_examples=25, deadline=None)
@given(played_deals())
def test_issue10_legal_moves_is_a_method_on_deal_and_view_alike(deal: Deal) -> None:
    for seat in range(deal.players):
        view = deal.view(seat)
        if seat == deal.to_move:
            assert list(view.legal_moves()[:50]) == list(deal.legal_moves()[:50])
            assert len(view.legal_moves()) == len(deal.legal_moves())
        else:
            assert len(view.legal_moves()) == 0


def test_issue10_view_has_the_mail_picks_and_the_auction_bids() -> None:
    deal = mailing()
    view = deal.view(deal.to_move)  # type: ignore[arg-type]
    assert len(view.legal_moves()) == len(deal.legal_moves()) == 286
    assert "send AS KS QS" in view.legal_moves()
    auction = Deal.new(seed=1)
    assert "bid trump+lock" in auction.view(1).legal_moves()


def test_issue10_history_is_the_moves_and_log_pairs_them_with_seats_on_deal_and_view() -> None:
    deal = start(WHOLE_SUITS, "trump", "trump S")
    view = deal.view(2)
    assert deal.history == tuple(move for _, move in deal.log)
    assert view.history == tuple(str(move) for move in deal.history)
    assert view.log == tuple((seat, str(move)) for seat, move in deal.log)


def test_issue10_view_history_hides_the_secret_picks_as_its_log_does() -> None:
    deal = mailing().apply("send AS KS QS")
    view = deal.view(3)
    assert view.history[-1] == "send ? ? ?"
    assert view.log[-1] == (1, "send ? ? ?")


# -- to_dict / from_dict / to_json ---------------------------------------------------------------


@fuzz_settings(40)
@given(played_deals())
def test_issue10_view_from_dict_rebuilds_the_view(deal: Deal) -> None:
    for seat in range(deal.players):
        view = deal.view(seat)
        data = json.loads(json.dumps(view.to_dict()))  # JSON-ready
        again = PlayerView.from_dict(data)
        assert again == view
        assert hash(again) == hash(view)
        assert len(again.legal_moves()) == len(view.legal_moves())


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([Phase.SEND, Phase.ATELIER, Phase.AUCTION, Phase.GUESS]), st.data())
def test_issue10_view_from_dict_keeps_the_many_moves(phase: Phase, data: st.DataObject
                                                     ) -> None:
    deal = data.draw(deals_at_phase(phase))
    view = deal.view(deal.to_move)  # type: ignore[arg-type]
    again = PlayerView.from_dict(view.to_dict())
    assert list(again.legal_moves()[-20:]) == list(deal.legal_moves()[-20:])
    assert len(again.legal_moves()) == len(deal.legal_moves())


@pytest.mark.parametrize(("change", "named"), [
    ({"hand": "XX"}, "XX"),
    ({"legal_moves": [{"bids": "1"}]}, "legal moves"),
    ({"legal_moves": ["fly"]}, "fly"),
    ({"profile": "9.9"}, "9.9"),
    ({"seat": ...}, "'seat' is missing"),
])
def test_issue10_view_from_dict_of_bad_data_is_a_serialization_error(
        change: dict[str, Any], named: str) -> None:
    data = Deal.new(seed=2).view(1).to_dict()
    for key, value in change.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    with pytest.raises(SerializationError, match="saved view") as info:
        PlayerView.from_dict(data)
    assert named in str(info.value)
    with pytest.raises(SerializationError, match="expected a dict"):
        PlayerView.from_dict(json.dumps(data))  # type: ignore[arg-type]


def test_issue10_deal_and_game_to_dict_from_dict_and_indented_json() -> None:
    deal = start(WHOLE_SUITS, "trump", "trump S")
    assert Deal.from_dict(deal.to_dict()) == deal
    assert deal.to_dict() == json.loads(deal.to_json())
    indented = deal.to_json(indent=2)
    assert "\n  \"players\": 4" in indented
    assert Deal.from_json(indented) == deal
    game = Game.new(5, seed=3).apply("pass")
    assert Game.from_dict(game.to_dict()) == game
    assert Game.from_json(game.to_json(indent="\t")) == game
    assert "\n\t" in game.to_json(indent="\t")


def test_issue10_from_json_takes_str_or_bytes_and_from_dict_a_dict() -> None:
    deal = Deal.new(seed=4).apply("pass")
    game = Game.new(4, seed=4).apply("pass")
    assert Deal.from_json(deal.to_json().encode()) == deal
    assert Game.from_json(game.to_json().encode()) == game
    for kind, state in ((Deal, deal), (Game, game)):
        name = kind.__name__
        with pytest.raises(SerializationError, match=f"for a dict use {name}.from_dict"):
            kind.from_json(state.to_dict())  # type: ignore[arg-type]
        with pytest.raises(SerializationError, match=f"for JSON text use {name}.from_json"):
            kind.from_dict(state.to_json())  # type: ignore[arg-type]
        with pytest.raises(SerializationError, match="expected JSON text"):
            kind.from_json(42)  # type: ignore[arg-type]


# -- constructors and seeds ----------------------------------------------------------------------


def test_issue10_new_is_keyword_only_after_players_in_one_order() -> None:
    with pytest.raises(TypeError):
        Deal.new(4, 0)  # type: ignore[misc]
    with pytest.raises(TypeError):
        Game.new(4, "1.4.2")  # type: ignore[misc]
    with pytest.raises(TypeError):
        Deal.from_hands(list(WHOLE_SUITS), 0)  # type: ignore[misc]
    orders = []
    for method in (Deal.new, Game.new):
        parameters = list(inspect.signature(method).parameters.values())
        assert parameters[0].name == "players"
        assert all(p.kind is p.KEYWORD_ONLY for p in parameters[1:])
        orders.append([p.name for p in parameters if p.name in ("profile", "seed", "dealer")])
    assert orders[0] == orders[1] == ["profile", "seed", "dealer"]


@pytest.mark.parametrize("seed", [7, 0, -12, 2**70])
def test_issue10_an_int_seed_and_its_string_deal_the_same(seed: int) -> None:
    assert Deal.new(seed=str(seed)) == Deal.new(seed=seed)
    assert Game.new(4, seed=str(seed)) == Game.new(4, seed=seed)
    assert Game.new(4, seed=str(seed)).seed == seed


def test_issue10_other_strings_are_seeds_of_their_own() -> None:
    assert Deal.new(seed="07").hands != Deal.new(seed=7).hands  # not how str(7) spells it
    assert Deal.new(seed="abc") == Deal.new(seed="abc")


@pytest.mark.parametrize("seed", [True, 7.0, b"7", "9" * 5000, [7]],
                         ids=["bool", "float", "bytes", "too-long", "list"])
def test_issue10_a_seed_neither_int_nor_string_is_rejected(seed: Any) -> None:
    with pytest.raises(SetupError, match="seed"):
        Deal.new(seed=seed)
    with pytest.raises(GameError, match="seed"):
        Game.new(4, seed=seed)


# -- set-up errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(("make", "words"), [
    (lambda: Deal.new(players=5), ("3 or 4 participants", "not 5", "R3")),
    (lambda: Deal.new(players=4, dealer=4), ("dealer 4", "0-3")),
    (lambda: Deal.new(scores=[0, 0, 0]), ("scores", "4 integers")),
    (lambda: Deal.new(potentials=[0, 0, 0, "1"]), ("potentials", "4 integers")),
    (lambda: Deal.new(seed=1, rng=__import__("random").Random(1)), ("seed or an rng",)),
    (lambda: Deal.from_hands(list(WHOLE_SUITS[:3])), ("not in the 3-player deck", "R2")),
    (lambda: Deal.from_hands([WHOLE_SUITS[0]] * 4), ("seat 1", "another seat", "R2")),
    (lambda: Deal.from_hands(WHOLE_SUITS[0]), ("sequence of one hand per seat",)),
    (lambda: Deal.from_hands([*WHOLE_SUITS[:3], "AS"]), ("seat 3 holds 1 cards",)),
    (lambda: Deal.from_hands(list(WHOLE_SUITS), dealer=-1), ("dealer -1",)),
])
def test_issue10_setup_mistakes_raise_a_setup_error(make: Any, words: tuple[str, ...]
                                                    ) -> None:
    with pytest.raises(SetupError) as info:
        make()
    assert not isinstance(info.value, IllegalMoveError)
    for word in words:
        assert word in str(info.value), (word, str(info.value))
    assert combowhist.SetupError is SetupError


# -- house rules reload from their own JSON ------------------------------------------------------


def test_issue10_house_rule_deal_and_game_reload_from_their_own_json(house: Path) -> None:
    rules = load_profile_file(house)
    deal = Deal.new(profile=rules, seed=5).apply("bid trump+lock")
    text = deal.to_json()
    assert json.loads(text)["rules"] == rules.data
    assert Deal.from_json(text) == deal  # no profile= needed
    assert Deal.from_json(text).profile == rules
    game = Game.new(4, profile=rules, seed=5).apply("bid trump+lock")
    assert Game.from_json(game.to_json()) == game
    assert "rules" not in Deal.new(seed=5).to_dict()  # a built-in edition is named only


def test_issue10_version_1_files_still_load(house: Path) -> None:
    rules = load_profile_file(house)
    for state, kind in ((Deal.new(seed=6).apply("pass"), Deal),
                        (Game.new(4, seed=6).apply("pass"), Game)):
        old = state.to_dict() | {"version": 1}
        assert kind.from_dict(old) == state  # type: ignore[attr-defined]
    for state, kind in ((Deal.new(profile=rules, seed=6).apply("pass"), Deal),
                        (Game.new(4, profile=rules, seed=6).apply("pass"), Game)):
        old = {k: v for k, v in state.to_dict().items() if k != "rules"} | {"version": 1}
        with pytest.raises(SerializationError, match=r"no profile named 'cheap-lock'.*pass "
                                                     r"its profile"):
            kind.from_dict(old)  # type: ignore[attr-defined]
        assert kind.from_dict(old, profile=rules) == state  # type: ignore[attr-defined]
        with pytest.raises(SerializationError, match="'rules' came with version 2"):
            kind.from_dict(state.to_dict() | {"version": 1})  # type: ignore[attr-defined]


@pytest.mark.parametrize(("rules", "named"), [
    ("cheap-lock", "'rules' must be the rules of profile 'cheap-lock'"),
    ({"name": "other"}, "'rules' must be the rules of profile 'cheap-lock'"),
    ({"name": "cheap-lock"}, "'rules'"),
])
def test_issue10_saved_rules_that_are_no_profile_are_a_serialization_error(
        house: Path, rules: Any, named: str) -> None:
    data = Deal.new(profile=load_profile_file(house), seed=1).to_dict() | {"rules": rules}
    with pytest.raises(SerializationError, match="saved deal") as info:
        Deal.from_dict(data)
    assert named in str(info.value)


def test_issue10_replay_takes_profile_for_a_file_that_only_names_it(
        house: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = Deal.new(profile=load_profile_file(house), seed=5).apply("bid trump+lock")
    old = {k: v for k, v in deal.to_dict().items() if k != "rules"} | {"version": 1}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path)], stdout=out) == 2
    assert "cheap-lock" in capsys.readouterr().err
    out = io.StringIO()
    assert main(["replay", str(path), "--profile", str(house)], stdout=out) == 0
    assert "profile cheap-lock" in out.getvalue()
    assert "trump+lock" in out.getvalue()


# -- index is a look-up --------------------------------------------------------------------------


def test_issue10_index_of_a_bid_or_a_mail_pick_is_a_lookup_not_a_scan(
        monkeypatch: pytest.MonkeyPatch) -> None:
    picks = mailing().legal_moves()
    auction = Deal.new(seed=1).legal_moves()
    expected = {text: moves.index(text) for moves, text in
                ((picks, "send 4S 3S 2S"), (picks, "send AS KS 2S"), (auction, "bid trump+lock"),
                 (auction, "bid taintless_masters_game+open_hand"))}

    def scan(self: object, index: int) -> None:
        raise AssertionError("index listed the moves")

    monkeypatch.setattr(CardSubsetMoves, "_item", scan)
    monkeypatch.setattr(BidMoves, "_item", scan)
    for text, position in expected.items():
        moves = picks if text.startswith("send") else auction
        assert moves.index(text) == position
    monkeypatch.undo()
    for text, position in expected.items():
        moves = picks if text.startswith("send") else auction
        assert str(moves[position]) == text


def test_issue10_mail_pick_index_agrees_with_every_position() -> None:
    picks = CardSubsetMoves(CardSet.parse("2C 5D 9H KS AS 3C").mask, 3, Send)
    assert [picks.index(move) for move in picks] == list(range(len(picks)))
    with pytest.raises(ValueError, match="not one of these moves"):
        picks.index(Send(CardSet.parse("2C 5D 4H")))
    with pytest.raises(ValueError, match="between positions"):
        picks.index(picks[5], 6)


# -- strategies ----------------------------------------------------------------------------------


@settings(max_examples=10, deadline=None)
@given(played_deals())
def test_issue10_a_deal_prints_as_code_that_rebuilds_it(deal: Deal) -> None:
    text = pretty(deal)
    assert text.startswith("Deal.from_json(")
    assert eval(text, {"Deal": Deal}) == deal


def test_issue10_a_house_rule_deal_prints_as_code_that_rebuilds_it(house: Path) -> None:
    deal = Deal.new(profile=load_profile_file(house), seed=3).apply("pass")
    assert eval(pretty(deal), {"Deal": Deal}) == deal


@pytest.mark.parametrize("kind", [Deal, ComboBid, Card, CardSet])
def test_issue10_from_type_draws_the_registered_types(kind: type) -> None:
    seen: list[object] = []

    @settings(max_examples=5, deadline=None, database=None)
    @given(st.from_type(kind))
    def draw(value: object) -> None:
        seen.append(value)

    draw()
    assert seen
    assert all(type(value) is kind for value in seen)


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        pytest.param({"players": 2}, ("3 or more players",), id="players"),
        pytest.param({"players": 4, "dealer": 4}, ("dealer 4",), id="dealer"),
        pytest.param({"players": 4, "mode": "paper"}, ("mode 'paper'",), id="mode"),
        pytest.param({"players": 4, "variant": "short"}, ("variant 'short'",), id="variant"),
        pytest.param({"players": 4, "seed": 1.5}, ("seed",), id="seed"),
    ],
)
def test_issue10_game_setup_mistakes_are_setup_and_game_errors(
    settings: dict[str, Any], words: tuple[str, ...]
) -> None:
    with pytest.raises(GameSetupError) as info:
        Game.new(**settings)
    assert isinstance(info.value, SetupError)
    assert isinstance(info.value, GameError)
    for word in words:
        assert word in str(info.value)
