"""``combowhist simulate`` for experimenters (issue 10): the drawn seed, outputs that cannot
share stdout, bad paths refused before the run, 5 players with --deals, --per-deal, and the
progress bar only on a terminal."""

from __future__ import annotations

import csv
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from combowhist.cli import main
from combowhist.simulate import SimulatedDeal, SimulationResult, iter_deals

QUICK = ("simulate", "--deals", "6", "--workers", "1", "--bots", "random")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    out = io.StringIO()
    status = main(list(argv), stdin=io.StringIO(""), stdout=out)
    return status, out.getvalue(), capsys.readouterr().err


@pytest.fixture
def no_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if a simulation starts."""
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the simulation ran before the bad settings were refused")

    monkeypatch.setattr("combowhist.cli.simulate.simulate_deals", refuse)
    monkeypatch.setattr("combowhist.cli.simulate.simulate_games", refuse)


def test_issue10_without_seed_a_seed_is_drawn_printed_and_recorded(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = tmp_path / "rows.csv"
    status, out, err = run(capsys, *QUICK, "--json", "--csv", str(rows))
    assert status == 0
    (line,) = err.splitlines()
    seed = line.split()[1]
    assert line == f"seed {seed} (run again with --seed {seed} for the same result)"
    first = SimulationResult.from_json(out)
    assert first.seed == seed
    with rows.open(encoding="utf-8", newline="") as handle:
        assert {row["seed"] for row in csv.DictReader(handle)} == {seed}
    status, again, err = run(capsys, *QUICK, "--json", "--seed", seed)
    assert (status, err) == (0, "")  # a given seed is not printed again
    assert SimulationResult.from_json(again) == first
    _, other, _ = run(capsys, *QUICK, "--json")
    assert SimulationResult.from_json(other).seed != seed  # drawn afresh every run


@pytest.mark.parametrize("outputs", [("--json", "--csv", "-"),
                                     ("--json", "--per-deal", "-"),
                                     ("--csv", "-", "--per-deal", "-",
                                      "--per-deal-format", "csv")])
def test_issue10_two_outputs_to_stdout_are_refused(
        capsys: pytest.CaptureFixture[str], no_run: None, outputs: tuple[str, ...]) -> None:
    status, out, err = run(capsys, *QUICK, "--seed", "1", *outputs)
    assert (status, out) == (2, "")
    assert "would both write to stdout" in err
    assert "--json" in err or "--csv -" in err


@pytest.mark.parametrize("option", ["--csv", "--per-deal"])
def test_issue10_a_bad_output_path_fails_before_the_run(
        capsys: pytest.CaptureFixture[str], no_run: None, tmp_path: Path, option: str
) -> None:
    missing = tmp_path / "no" / "such.csv"
    status, out, err = run(capsys, *QUICK, "--seed", "1", option, str(missing))
    assert (status, out) == (2, "")
    assert f"{option} {missing}" in err
    assert "No such file or directory" in err
    folder = tmp_path / "folder.csv"
    folder.mkdir()
    status, _, err = run(capsys, *QUICK, "--seed", "1", option, str(folder))
    assert status == 2
    assert "directory" in err


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root may write to a read-only directory")
def test_issue10_an_unwritable_output_fails_before_the_run(
        capsys: pytest.CaptureFixture[str], no_run: None, tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        status, _, err = run(capsys, *QUICK, "--seed", "1", "--csv", str(locked / "x.csv"))
    finally:
        locked.chmod(0o700)
    assert status == 2
    assert "Permission denied" in err


def test_issue10_per_deal_without_a_known_format_is_refused(
        capsys: pytest.CaptureFixture[str], no_run: None, tmp_path: Path) -> None:
    status, _, err = run(capsys, *QUICK, "--seed", "1", "--per-deal", str(tmp_path / "d.txt"))
    assert status == 2
    assert "--per-deal-format" in err


def test_r3_five_players_play_single_deals_with_rotating_participants(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", "--deals", "5", "--players", "5", "--seed",
                           "2", "--workers", "1", "--bots", "random", "--per-deal", "-",
                           "--per-deal-format", "jsonl")
    assert (status, err) == (0, "")
    records = [SimulatedDeal.from_dict(json.loads(line)) for line in out.splitlines()]
    assert [r.participants for r in records] == [
        (0, 1, 2, 3), (1, 2, 3, 4), (0, 2, 3, 4), (0, 1, 3, 4), (0, 1, 2, 4)]


def test_issue10_per_deal_file_holds_the_runs_records(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    status, out, _ = run(capsys, *QUICK, "--seed", "3", "--per-deal", str(path))
    assert status == 0
    assert out.startswith("6 deals, 4 players")  # the summary still goes to stdout
    lines = path.read_text(encoding="utf-8").splitlines()
    from combowhist.bots import RandomBot

    assert [SimulatedDeal.from_dict(json.loads(line)) for line in lines] == list(
        iter_deals(6, bots=[RandomBot()] * 4, seed="3", workers=1))


def test_issue10_the_progress_bar_shows_only_when_stderr_is_a_terminal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    _, _, err = run(capsys, *QUICK, "--seed", "1")
    assert err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    _, _, err = run(capsys, *QUICK, "--seed", "1")
    assert "6/6 deals [" in err
