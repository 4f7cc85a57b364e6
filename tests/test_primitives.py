"""Rule primitives as values with behaviour (issue 11 point 4): goals and trick conditions
judge tricks themselves, Plague's honour point (R33) and Taintless's instant win (R35) are
primitives of their own, and a house rule moves them without code."""

from __future__ import annotations

from pathlib import Path

import pytest

from combowhist import ComboBid, Game, RuleProfile, load_profile
from combowhist.bids import Event, Exposure, PlayRule, TrickConditions
from combowhist.events import Outcome
from combowhist.primitives import Goal, GoalKind
from combowhist.records import Ending
from combowhist.rules import winning
from combowhist.rules.outcome import TrickRecord, score

PROFILE = load_profile("1.4.2")


def house(tmp_path: Path, text: str) -> RuleProfile:
    path = tmp_path / "house.toml"
    path.write_text('base = "1.4.2"\nname = "house"\n' + text, encoding="utf-8")
    return load_profile(path)


# -- R31, R32: goals and trick conditions --------------------------------------------------


@pytest.mark.parametrize(
    ("goal", "tricks", "first_part", "others", "guesses", "met"),
    [
        (Goal(GoalKind.MIN_TRICKS, n=5), 5, 0, (8, 0, 0), (), True),
        (Goal(GoalKind.MIN_TRICKS, n=5), 4, 0, (9, 0, 0), (), False),
        (Goal(GoalKind.MAX_TRICKS, n=0), 0, 0, (13, 0, 0), (), True),
        (Goal(GoalKind.MAX_TRICKS, n=0), 1, 0, (12, 0, 0), (), False),
        (Goal(GoalKind.LIMBO, first=7, last=6), 5, 2, (8, 0, 0), (), True),
        (Goal(GoalKind.LIMBO, first=7, last=6), 4, 2, (9, 0, 0), (), False),
        (Goal(GoalKind.NOT_MOST), 4, 0, (5, 4, 0), (), True),
        (Goal(GoalKind.NOT_MOST), 5, 0, (5, 3, 0), (), False),
        (Goal(GoalKind.LEAST), 3, 0, (3, 3, 4), (), True),
        (Goal(GoalKind.LEAST), 4, 0, (3, 3, 3), (), False),
        (Goal(GoalKind.SOLITARY_MOST), 5, 0, (4, 4, 0), (), True),
        (Goal(GoalKind.SOLITARY_MOST), 5, 0, (5, 3, 0), (), False),
        (Goal(GoalKind.GUESSED), 4, 0, (9, 0, 0), (4, 6), True),
        (Goal(GoalKind.GUESSED), 5, 0, (8, 0, 0), (4, 6), False),
    ],
)
def test_r31_goal_met(goal: Goal, tricks: int, first_part: int, others: tuple[int, ...],
                      guesses: tuple[int, ...], met: bool) -> None:
    assert goal.met(tricks, first_part, others, guesses) is met


def tricks(*numbers: int) -> int:
    """The bitmask of trick numbers (1-13) D brings home."""
    return sum(1 << (n - 1) for n in numbers)


def test_r31_r32_trick_conditions_of_a_combo() -> None:
    conditions = ComboBid.parse("trump+greed+lock", PROFILE).conditions
    goal = PROFILE.bids["trump"].goal
    assert goal is not None
    assert conditions == TrickConditions(goal, greed=True, avoid_tricks=tricks(1, 2, 3))
    assert conditions.met(tricks(8, 9, 10, 11, 12, 13), (7, 0, 0), ())  # 6: 7 and 5 reach 5
    assert not conditions.met(tricks(9, 10, 11, 12, 13), (8, 0, 0), ())  # 5: 4 does not
    assert not conditions.met(tricks(1, 8, 9, 10, 11, 12, 13), (6, 0, 0), ())  # Lock (R31)


def test_r32_limbo_with_greed_needs_a_margin_of_two() -> None:
    conditions = TrickConditions(Goal(GoalKind.LIMBO, first=7, last=6), greed=True)
    assert Goal(GoalKind.LIMBO, first=7, last=6).met(5, 2, (8, 0, 0), ())  # 2 < 3
    assert not conditions.met(tricks(1, 2, 8, 9, 10), (8, 0, 0), ())  # 2 + 1 < 3 fails
    assert conditions.met(tricks(1, 8, 9, 10, 11), (8, 0, 0), ())  # 1 + 1 < 4 and 1 < 3


def test_issue11_trick_conditions_of_needs_a_standard_bid() -> None:
    with pytest.raises(ValueError, match="lock is not a standard bid"):
        TrickConditions.of(PROFILE.bids["lock"], ())


def test_issue11_string_enums_equal_the_profile_words() -> None:
    assert Event("plague") is Event.PLAGUE
    assert Event.PLAGUE == "plague"
    assert PlayRule.ACES_LOW in {"aces_low"}
    combo = ComboBid.parse("trump+atelier+open_trump", PROFILE)
    assert combo.exposes == {Exposure.TRUMPS, Exposure.ATELIER}
    assert combo.events == (Event.ATELIER,)
    assert "atelier" in combo.exposes
    assert "trumps" in combo.exposes


# -- R33: Plague's honour point --------------------------------------------------------------


def _plague_record(mine: int) -> TrickRecord:
    # D (seat 0) takes tricks 1-7 and ``mine`` plague cards; the rest spread over 3 seats.
    rest = 13 - mine
    spread = (min(rest, 4), min(max(rest - 4, 0), 4), max(rest - 8, 0))
    return TrickRecord(winners=(0,) * 7 + (1, 1, 2, 2, 3, 3),
                       plague_counts=(mine, *spread), plague_in_use=13)


def test_r33_honour_points_are_scored_only_when_honorably_beplagued(tmp_path: Path) -> None:
    profile = house(tmp_path, "[bids.plague]\nhonour_points = 3\n")
    combo = ComboBid.parse("trump+plague", profile)
    assert (combo.honour_points, combo.extra_points) == (3, 0)
    honorable = score(combo, 0, 4, _plague_record(13), (), -2)
    plain = score(combo, 0, 4, _plague_record(3), (), -2)
    assert (honorable.honorably_beplagued, honorable.points) == (True, 1 + 3)
    assert (plain.beplagued, plain.completed, plain.points) == (False, True, 1)


def test_r33_r32_greed_extra_points_come_on_every_completion_plague_or_not() -> None:
    combo = ComboBid.parse("trump+plague+greed", PROFILE)
    assert (combo.extra_points, combo.honour_points) == (1, 1)
    assert score(combo, 0, 4, _plague_record(3), (), -2).points == 1 + 1  # not beplagued


# -- R35: Taintless's instant win --------------------------------------------------------------


def test_r35_instant_win_is_the_bids_own_primitive(tmp_path: Path) -> None:
    worth_13 = "taintless_masters_game+open_hand+penalty"
    assert winning.instant_win(ComboBid.parse(worth_13, PROFILE), True, PROFILE)
    assert not winning.instant_win(ComboBid.parse(worth_13, PROFILE), False, PROFILE)
    # Scoring the combo's worth and winning at once are two primitives: a house rule can
    # keep one and drop the other, or give the instant win to another bid.
    tame = house(tmp_path, "[bids.taintless_masters_game]\ninstant_win = false\n")
    assert tame.bids["taintless_masters_game"].score is None
    assert not winning.instant_win(ComboBid.parse(worth_13, tame), True, tame)
    (tmp_path / "house.toml").unlink()
    bold = house(tmp_path, "[bids.masters_game]\ninstant_win = true\n[scoring]\n"
                           "instant_win_worth = 4\n")
    assert winning.instant_win(ComboBid.parse("masters_game", bold), True, bold)
    assert not winning.instant_win(ComboBid.parse("game+open_hand", bold), True, bold)  # 5


def test_r35_a_game_ends_on_the_primitive(tmp_path: Path) -> None:
    bold = house(tmp_path, "[bids.masters_game]\ninstant_win = true\n[scoring]\n"
                           "instant_win_worth = 4\n")
    game = Game.new(4, profile=bold, mode="sheet")
    game = game.record(Outcome(declarer=2, combo="masters_game", completed=True))
    assert (game.winner, game.ending) == (2, Ending.TAINTLESS)
