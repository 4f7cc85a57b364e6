"""Issue 13's speed benchmark (``benchmarks/witness.py``) still runs against the library as
it is: a hand's list of the auction's dearest combos decided as ``len`` decides it, and a few
single checks. What it prints is checked for consistency; its timings never are."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from checks import extra_module

from combowhist import Deal, load_profile
from combowhist.compiled import compiled_modules
from combowhist.rules import possibility
from combowhist.rules.auction import bid_moves

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import witness as benchmark

extra_module("pysat", "exact", "the benchmark decides combos the search alone leaves open")


def test_issue13_benchmark_sweep_decides_a_hands_list_as_len_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    if "combowhist.rules.possibility" in compiled_modules():
        pytest.skip("compiled, possibility calls the search directly, past the counting")
    search, solved = possibility._line_of_play, possibility.solved
    benchmark.sweep(1, seed=5, minimum=17)
    out = capsys.readouterr().out
    assert "key table: 37 combos, 21 keys" in out
    found = re.search(r": 37 combos, (\d+) possible; 21 keys, (\d+) impossible; (\d+) searched "
                      r"\((\d+) by the solver\), (\d+) settled by a line", out)
    assert found is not None, out
    possible, impossible, searched, by_solver, settled = map(int, found.groups())
    assert searched + settled == 21
    assert by_solver <= searched
    assert possible + impossible <= 37
    # The counting wrappers are taken off again.
    assert (possibility._line_of_play, possibility.solved) == (search, solved)


def test_issue13_benchmark_single_checks_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    benchmark.run(pairs=3, seed=1, max_nodes=2_000)
    out = capsys.readouterr().out
    tally = re.search(r"3 checks, seed 1, max_nodes 2000: (\d+) possible, (\d+) impossible, "
                      r"(\d+) undecided, (\d+) not covered", out)
    assert tally is not None, out
    assert sum(map(int, tally.groups())) == 3
    assert "1.4.2 4p: 133145 combos in the auction's list, 4935 possibility keys" in out


def test_issue13_benchmark_weak_checks_take_the_weak_hands_in_turn(
        capsys: pytest.CaptureFixture[str]) -> None:
    benchmark.run(pairs=3, seed=1, max_nodes=2_000, weak=True)
    out = capsys.readouterr().out
    assert "3 checks, seed 1" in out
    for edition, players, _ in benchmark.WEAK_HANDS[:3]:
        assert re.search(rf"^{edition} {players}p +1 ", out, re.MULTILINE), out
    shown = sorted(benchmark.WEAK_HANDS[0][2].split())
    assert any(sorted(line.split("[")[1].split("]")[0].split()) == shown
               for line in out.splitlines() if "[" in line), out


def test_issue13_benchmark_mixed_sweep_alternates_editions_and_players(
        capsys: pytest.CaptureFixture[str]) -> None:
    # A time limit of 0 stops every hand's process at once: the hands are still named.
    benchmark.mixed_sweep(4, seed=356, timeout=0)
    lines = capsys.readouterr().out.splitlines()
    assert lines[:4] == ["1.4.1 3p seed 356: over 0 s", "1.4.2 3p seed 357: over 0 s",
                         "1.4.1 4p seed 358: over 0 s", "1.4.2 4p seed 359: over 0 s"]
    assert lines[4].startswith("4 hands:"), lines
    assert "4 over 0 s" in lines[4], lines


def test_issue13_benchmark_mixed_sweep_decides_a_hand_in_a_process_of_its_own(
        capsys: pytest.CaptureFixture[str]) -> None:
    benchmark.mixed_sweep(1, seed=357, timeout=600)
    first, summary = capsys.readouterr().out.splitlines()
    dealt = Deal.new(3, profile=load_profile("1.4.1"), seed=357).dealt_hands[1]
    found = re.fullmatch(r"1\.4\.1 3p seed 357: [\d.]+ s, (\d+) possible, (.*)", first)
    assert found is not None, first
    assert int(found[1]) <= len(bid_moves(load_profile("1.4.1"), 3, 1).space)
    assert found[2] == str(dealt)
    assert summary.startswith("1 hands: median"), summary
    assert "0 over 600 s" in summary, summary
