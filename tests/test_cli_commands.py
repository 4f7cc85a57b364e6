"""``combowhist demo``, ``play``, ``replay`` and ``simulate``, driven through
:func:`combowhist.cli.main` with scripted input."""

from __future__ import annotations

import csv
import io
import json
import random
import re
from pathlib import Path

import pytest

from combowhist import Deal, Game, Outcome
from combowhist.bots import RandomBot
from combowhist.cli import main
from combowhist.cli.render import hand_text
from combowhist.moves import Move
from combowhist.simulate import SimulationResult


def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str = ""
        ) -> tuple[int, str, str]:
    out = io.StringIO()
    status = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue(), capsys.readouterr().err


def test_demo_plays_a_whole_game_and_tells_the_first_deal(
    capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "demo", "--seed", "4", "--bots", "random")
    assert (status, err) == (0, "")
    game = Game.new(4, seed="4")
    first = game.deal
    assert first is not None
    for seat, hand in enumerate(first.dealt_hands):  # every hand of deal 1 is shown
        assert f"player {seat}: {hand_text(hand)}" in out
    assert out.count("-> trick ") == 13 or "everyone passed" in out
    assert " won after " in out  # random bots end the game (by a Win of Shame)
    assert "deal 2 (dealer player 1)" in out


def test_demo_with_the_same_seed_tells_the_same_game(
    capsys: pytest.CaptureFixture[str]
) -> None:
    first = run(capsys, "demo", "--seed", "9", "--players", "5")
    again = run(capsys, "demo", "--seed", "9", "--players", "5")
    assert first == again
    assert "sitting out [4]" in first[1]  # R3: 5 players, one sits out


def test_play_refuses_bad_input_with_the_rule_and_goes_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    script = "help\nmoves\nplay AS\nbid zzz\npass\nscores\nquit\n"
    status, out, err = run(capsys, "play", "--seed", "2", "--bots", "random", "--save",
                           str(save), stdin=script)
    assert (status, err) == (0, "")
    assert "Commands:" in out  # help
    assert "pass, or bid a combo worth at least" in out  # moves in the auction
    refusal = "not legal: you cannot play AS: in the auction the moves are pass and bid (R5)"
    assert refusal in out
    assert "not legal: " in out
    assert "'zzz'" in out
    assert "you: pass" in out
    assert "You left the game." in out
    saved = Game.from_json(save.read_text(encoding="utf-8"))
    assert saved.history == ()
    assert "pass" in [str(m) for m in saved.actions]


def test_issue9_play_answers_an_unreadable_number_and_asks_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    status, out, err = run(capsys, "play", "--seed", "2", "--bots", "random", "--save",
                           str(save), stdin="guess \u00b2\npass\nquit\n")
    assert (status, err) == (0, "")
    answer, again = out.split("your move (auction)> ")[1:3]
    assert "'guess \u00b2'" in answer  # the input is named
    assert again.startswith("you: pass")  # the same prompt came back, the game went on
    saved = Game.from_json(save.read_text(encoding="utf-8"))
    assert "pass" in [str(m) for m in saved.actions]


def test_issue9_play_keeps_and_saves_the_game_when_a_move_fails_unexpectedly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_apply = Game.apply

    def broken_apply(game: Game, move: object) -> Game:
        if str(move) == "bid trump":
            raise RuntimeError("engine bug")
        return real_apply(game, move)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "apply", broken_apply)
    save = tmp_path / "game.json"
    status, out, _ = run(capsys, "play", "--seed", "2", "--bots", "random", "--save",
                         str(save), stdin="bid trump\npass\nquit\n")
    assert status == 0
    saved_first, report = out.split("your move (auction)> ")[1].split("\n")[:2]
    assert saved_first.startswith(f"saved to {save} ")  # saved before the error is reported
    assert "'bid trump'" in report
    assert "RuntimeError: engine bug" in report
    assert "you: pass" in out
    assert "pass" in [str(m) for m in Game.from_json(save.read_text(encoding="utf-8")).actions]


def test_issue9_play_saves_the_game_before_a_failing_bot_stops_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_choose(bot: RandomBot, deal: Deal, seat: int, rng: random.Random) -> Move:
        raise RuntimeError("bot bug")

    monkeypatch.setattr(RandomBot, "choose", broken_choose)
    save = tmp_path / "game.json"
    with pytest.raises(RuntimeError, match="bot bug"):  # a bug is shown, not hidden
        main(["play", "--seed", "2", "--bots", "random", "--save", str(save)],
             stdin=io.StringIO(""), stdout=io.StringIO())
    assert Game.from_json(save.read_text(encoding="utf-8")).actions == ()


@pytest.mark.parametrize(("players", "you"), [(5, 4), (6, 5)])
def test_issue9_play_with_5_or_6_players_speaks_of_players_not_seats(
    capsys: pytest.CaptureFixture[str], players: int, you: int
) -> None:
    # the last player sits out the first deals (R3), then plays in seat 3
    status, out, err = run(capsys, "play", "--seed", "3", "--players", str(players),
                           "--seat", str(you), stdin="play AS\nmoves\nhint\nquit\n")
    assert (status, err) == (0, "")
    assert ("not legal: you cannot play AS: in the auction the moves are pass "
            "and bid (R5)") in out
    assert "seat" not in out
    assert not re.search(r"award \d", out)
    assert "hint: " in out


def test_play_to_the_end_of_input_stops_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "--seed", "2", "--bots", "random", stdin="")
    assert status == 0
    assert "You left the game." in out


def test_play_rejects_a_seat_outside_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "--seat", "4")
    assert status == 2
    assert out == ""
    assert "--seat 4: a player is 0-3" in err


def test_replay_of_a_saved_deal_shows_every_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deal = Deal.new(seed=5)
    for move in ["bid trump", "pass", "pass", "pass", "trump S"]:
        deal = deal.apply(move)
    path = tmp_path / "deal.json"
    path.write_text(deal.to_json(), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert (status, err) == (0, "")
    assert "seat 1: bid trump" in out
    assert "seat 1: trump S" in out
    assert "-> seat 1 declared Trump (trump, worth 1)" in out
    assert "-> the contract needs at least 5 tricks (completed +1, failed -2)" in out


def test_replay_of_a_saved_game_tells_scores_and_cheats(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sheet = Game.new(4, mode="sheet").record(
        Outcome(declarer=1, combo="game", completed=True, cheaters=[3]))
    path = tmp_path / "game.json"
    path.write_text(sheet.to_json(), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert (status, err) == (0, "")
    assert "opponent cheat by player 3 (R40 ii): player 3 -2" in out
    assert "deal 1 (dealer player 0): player 1 completed game, +2" in out


def test_replay_step_waits_for_enter_and_q_stops(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deal = Deal.new(seed=5).apply("pass").apply("pass")
    path = tmp_path / "deal.json"
    path.write_text(deal.to_json(), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path), "--step", stdin="\nq\n")
    assert status == 0
    assert "seat 1: pass" in out
    assert "seat 2: pass" not in out


@pytest.mark.parametrize(("content", "message"), [
    ("not json", "not valid JSON"),
    ('{"format": "x"}', "not a saved deal or game"),
    ('{"format": "combowhist-game", "version": 1}', "saved game: 'variant' must be"),
])
def test_replay_rejects_bad_files_with_a_clear_message(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    status, _, err = run(capsys, "replay", str(path))
    assert status == 2
    assert err.startswith("combowhist replay: error: ")
    assert message in err


def _saved_with_bad_last_move(kind: str, move: str) -> str:
    """A saved deal or game whose last move is ``move`` (JSON text for a JSON value)."""
    item = json.loads(move) if move.startswith("[") else move
    if kind == "deal":
        data = json.loads(Deal.new(seed=5).apply("pass").to_json())
        data["moves"].append(item)
    else:
        data = json.loads(Game.new(4, seed="5").apply("pass").to_json())
        data["actions"].append(item)
    return json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize(("content", "message"), [
    ("[" * 100_000, "nested too deeply"),
    (_saved_with_bad_last_move("game", "[" * 500 + "]" * 500), "action 2 "),
    (_saved_with_bad_last_move("deal", "play AS"), "move 2 'play AS'"),
    (_saved_with_bad_last_move("game", "play AS"), "action 2 'play AS'"),
    (_saved_with_bad_last_move("game", "guess 99"), "action 2 'guess 99'"),
])
def test_issue9_replay_of_a_bad_file_is_one_error_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert (status, out) == (2, "")  # a bad game is refused before it is told
    assert err.startswith("combowhist replay: error: ")
    assert message in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("kind", ["deal", "game"])
def test_issue9_replay_of_a_file_with_an_unreadable_number_is_one_error_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(_saved_with_bad_last_move(kind, "guess \u00b2"), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert (status, out) == (2, "")
    assert err.startswith("combowhist replay: error: ")
    assert "'guess \u00b2'" in err
    assert len(err.splitlines()) == 1


def test_replay_of_a_missing_file_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = run(capsys, "replay", str(tmp_path / "none.json"))
    assert status == 2
    assert "No such file" in err


def test_simulate_prints_a_summary_json_and_csv_of_the_same_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ("simulate", "--games", "6", "--players", "3", "--profile", "1.4.1", "--seed",
            "3", "--workers", "1", "--bots", "random")
    status, summary, err = run(capsys, *args)
    assert (status, err) == (0, "")
    assert summary.startswith("6 games, 3 players, profile 1.4.1")
    status, text, _ = run(capsys, *args, "--json")
    result = SimulationResult.from_json(text)
    assert (result.games, result.players, result.profile) == (6, 3, "1.4.1")
    rows_file = tmp_path / "rows.csv"
    status, _, _ = run(capsys, *args, "--csv", str(rows_file))
    with rows_file.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [dict(r) for r in rows] == [
        {k: "" if v is None else str(v) for k, v in row.items()} for row in result.rows()
    ]


def test_simulate_deals_with_csv_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "--deals", "20", "--seed", "1", "--workers", "1",
                         "--csv", "-", "--bots", "random")
    assert status == 0
    assert out.splitlines()[0].startswith("kind,")
    assert json.loads(run(capsys, "simulate", "--deals", "20", "--seed", "1", "--workers",
                          "1", "--json", "--bots", "random")[1])["deals"] == 20


def test_simulate_rejects_bad_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "simulate", "--players", "2", "--games", "1")
    assert status == 2
    assert "3 or more players" in err


@pytest.mark.parametrize("edition", ["1.4.0", "1.5.1"])
def test_simulate_play_and_replay_every_edition(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path, edition: str) -> None:
    """Issue 12: the editions beside 1.4.1/1.4.2 simulate with heuristic bots, play (a
    human who quits at once, the game saved) and replay from the saved file."""
    status, summary, err = run(capsys, "simulate", "--games", "2", "--profile", edition,
                               "--seed", "5", "--workers", "1", "--bots", "heuristic")
    assert (status, err) == (0, "")
    assert f"profile {edition}" in summary
    saved = tmp_path / "game.json"
    status, screen, _ = run(capsys, "play", "--profile", edition, "--seed", "2", "--save",
                            str(saved), stdin="quit\n")
    assert status == 0
    assert f"profile {edition}" in screen
    status, replayed, _ = run(capsys, "replay", str(saved))
    assert status == 0
    assert "deal 1" in replayed
