"""The ``combowhist`` command, driven through :func:`combowhist.cli.main`."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from combowhist import available_profiles, load_profile
from combowhist.cli import main
from combowhist.cli.rules import worth_text


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def table_row(out: str, name: str) -> list[str]:
    """The cells of the table row that starts with a bid's name."""
    for line in out.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        if cells[0] == name:
            return cells
    raise AssertionError(f"no row for {name!r} in:\n{out}")


@pytest.mark.parametrize("profile", available_profiles())
def test_rules_lists_every_bid_with_its_worth(
    capsys: pytest.CaptureFixture[str], profile: str
) -> None:
    status, out, err = run(capsys, "rules", "--profile", profile)
    assert (status, err) == (0, "")
    rules = load_profile(profile)
    assert rules.title in out
    for bid in rules.bids.values():
        assert table_row(out, bid.name("en"))[1] == worth_text(bid)


def test_rules_standard_table_columns_match_the_rulebook(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "rules")
    assert table_row(out, "Max Trump") == ["Max Trump", "3", "3", "yes", "min 7"]
    assert table_row(out, "Zero") == ["Zero", "4", "4", "no", "0"]
    assert table_row(out, "Bid of Shame") == ["Bid of Shame", "0", "1", "no", "varies"]
    assert table_row(out, "Taintless Master's Game")[1:3] == ["8", "*"]


def test_rules_special_table_shows_order_and_incompatibility(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "rules")
    assert table_row(out, "Mail") == ["Mail", "-1", "2", "—"]
    assert table_row(out, "Master's Mail")[1:3] == ["1 or 3", "3"]  # R10
    assert table_row(out, "Open Trump")[3] == "trumpless bids, Grill, Open Hand"  # R9
    assert table_row(out, "Plague")[3] == "Bid of Shame, Master's Bid of Shame, Zero"


def test_rules_shows_the_three_player_deck_of_the_profile(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "rules", "--profile", "1.4.1")
    deck_line = next(line for line in out.splitlines() if line.startswith("Three players"))
    assert "39 cards" in deck_line
    assert "6C" in deck_line
    assert "10H" not in deck_line


def test_rules_in_swedish_uses_swedish_names_and_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "rules", "--language", "sv")
    assert status == 0
    rules = load_profile("1.4.2")
    for bid in rules.bids.values():
        assert table_row(out, bid.name("sv"))[1] == worth_text(bid, "sv")
    assert table_row(out, "Maxtrumf") == ["Maxtrumf", "3", "3", "ja", "min. 7"]
    assert table_row(out, "Mästar-Brev")[1] == "1 el. 3"
    assert table_row(out, "Öppen Trumf")[3] == "trumflösa bud, Grill, Öppen Hand"
    assert "Max Trump" not in out


def test_diff_of_the_editions_is_the_three_player_deck(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "rules", "--diff", "1.4.1", "1.4.2")
    assert status == 0
    removes = table_row(out, "3-player deck: removes")
    assert "6C" in removes[1]
    assert "10H" in removes[2]
    assert "bids." not in out
    assert "Every bid is the same in both." in out


def test_140_diff_lines_renamed_bids_up_and_shows_only_real_changes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "rules", "--diff", "1.4.1", "1.4.0")
    assert status == 0
    assert table_row(out, "bids.precise.key")[1:] == ["precise", "exact"]
    assert table_row(out, "bids.justice.key")[1:] == ["justice", "triumph_trump"]
    assert table_row(out, "bids.hurry.names.en")[1:] == ["Hurry", "Start"]
    assert table_row(out, "bids.taintless_masters_game.worth")[1:] == ["8", "9"]
    assert table_row(out, "bids.taintless_masters_game.goal")[1:] == [
        "min_tricks 12", "min_tricks 13"]
    assert table_row(out, "cheating_rules")[1:] == ["yes", "no"]
    rows = [re.split(r"\s{2,}", line.strip())[0] for line in out.splitlines()]
    # Renames are no change of rule: Open Trump's incompatibilities name the same bids, no
    # bid is missing from either side, and the table order is the same.
    assert "bids.open_trump.incompatible" not in rows
    assert not [row for row in rows if row.startswith("bids.") and row.count(".") == 1]
    assert "bid table order" not in rows
    assert "content" not in rows
    assert "Rules texts worded differently" in out


def test_diff_names_each_changed_bid_field_and_profile_value(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "1.4.2"\nname = "house"\n[bids.lock]\nworth = 1\n'
                     "[auction]\nmin_worth = 2\n", encoding="utf-8")
    status, out, _ = run(capsys, "rules", "--diff", "1.4.2", str(house))
    assert status == 0
    assert table_row(out, "bids.lock.worth")[1:] == ["2", "1"]
    assert table_row(out, "min_worth")[1:] == ["1", "2"]
    assert "3-player deck" not in out


def test_issue10_diff_of_a_changed_bid_worth_has_no_row_for_the_bid_tables(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "1.4.2"\nname = "house"\n[bids.lock]\nworth = 1\n',
                     encoding="utf-8")
    status, out, _ = run(capsys, "rules", "--diff", "1.4.2", str(house))
    assert status == 0
    assert table_row(out, "bids.lock.worth")[1:] == ["2", "1"]
    rows = [re.split(r"\s{2,}", line.strip())[0] for line in out.splitlines()]
    assert not {"special_bids", "standard_bids", "position"} & set(rows)


def test_diff_of_a_profile_with_its_alias_finds_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "rules", "--diff", "1.4.2", "sv-1.4.2")
    assert status == 0
    assert "do not differ" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "--profile", "no-such-edition"],
        ["rules", "--diff", "1.4.1", "no-such-edition"],
        ["rules", "--profile", "missing-file.toml"],
    ],
)
def test_bad_profile_exits_2_with_a_message_and_no_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert "error" in err
    assert "Traceback" not in err


def test_malformed_profile_file_exits_2_naming_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("this is = not toml =\n", encoding="utf-8")
    status, _, err = run(capsys, "rules", "--profile", str(broken))
    assert status == 2
    assert "broken.toml" in err


@pytest.mark.parametrize(
    "argv", [[], ["rules", "--language", "de"], ["rules", "--profile", "1.4.1", "--diff", "a", "b"]]
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert "usage:" in err


def test_python_dash_m_combowhist_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "combowhist", "rules", "--profile", "nope"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 2
    assert "no profile named 'nope'" in done.stderr
