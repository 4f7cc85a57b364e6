"""Bad profile input gets a ProfileError naming the file or name and the key: never a crash,
a hang or a half-built profile (issue 9).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from combowhist import (
    CombowhistError,
    Deal,
    Game,
    ProfileError,
    available_profiles,
    load_profile,
    load_profile_file,
)
from combowhist.profiles.schema import MAX_BIDS, MAX_CONDITIONED, RANGES


def write(folder: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = folder / name
    path.write_text(text, encoding=encoding)
    return path


def house(body: str, name: str = "house", base: str = "1.4.2") -> str:
    return f'base = "{base}"\nname = "{name}"\n{body}'


def refused(load: object, *words: str) -> ProfileError:
    with pytest.raises(ProfileError) as info:
        load()  # type: ignore[operator]
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return info.value


# -- bases that loop ---------------------------------------------------------------------------


def test_issue9_house_rule_based_on_itself_is_a_cycle(tmp_path: Path) -> None:
    path = write(tmp_path, "self.toml", house("", base="self.toml"))
    refused(lambda: load_profile(path), str(path), "base", "cycle")


def test_issue9_house_rules_based_on_each_other_are_a_cycle(tmp_path: Path) -> None:
    first = write(tmp_path, "a.toml", house("", name="a", base="b.toml"))
    second = write(tmp_path, "b.toml", house("", name="b", base="a.toml"))
    error = refused(lambda: load_profile_file(first), str(first), "base", "cycle")
    assert str(second) in str(error)


def test_issue9_broken_cycle_loads_once_fixed(tmp_path: Path) -> None:
    first = write(tmp_path, "a.toml", house("", name="a", base="b.toml"))
    second = write(tmp_path, "b.toml", house("", name="b", base="a.toml"))
    refused(lambda: load_profile(first), "cycle")
    second.write_text(house("[bids.lock]\nworth = 1\n", name="b"), encoding="utf-8")
    assert load_profile(first).bids["lock"].worth == 1  # nothing of the failure was kept


def test_issue9_long_chain_of_bases_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "r0.toml", house("", name="r0"))
    for i in range(1, 40):
        write(tmp_path, f"r{i}.toml", house("", name=f"r{i}", base=f"r{i - 1}.toml"))
    assert load_profile(tmp_path / "r10.toml").key == "r10"
    refused(lambda: load_profile(tmp_path / "r39.toml"), "base", "house rules based on")


# -- files that cannot be read ----------------------------------------------------------------


def test_issue9_deeply_nested_toml_array_is_a_profile_error(tmp_path: Path) -> None:
    path = write(tmp_path, "deep.toml", house("[auction]\nmin_worth = " + "[" * 2000
                                              + "]" * 2000 + "\n"))
    refused(lambda: load_profile(path), str(path), "nest")


def test_issue9_latin1_file_must_be_utf8(tmp_path: Path) -> None:
    path = write(tmp_path, "latin.toml", house('title = "Mästarbud"\n'), encoding="latin-1")
    refused(lambda: load_profile(path), str(path), "UTF-8")


@pytest.mark.parametrize("name", [5, 1.5, b"1.4.2", ["1.4.2"]], ids=repr)
def test_issue9_profile_name_of_the_wrong_type_is_a_profile_error(name: object) -> None:
    refused(lambda: load_profile(name), repr(name)[:10])  # type: ignore[arg-type]
    refused(lambda: load_profile_file(name), "path")  # type: ignore[arg-type]


def test_issue9_profile_path_object_names_a_file(tmp_path: Path) -> None:
    path = write(tmp_path, "house.toml", house("[bids.lock]\nworth = 1\n"))
    profile = load_profile(path)
    assert profile == load_profile(str(path))
    assert profile.bids["lock"].worth == 1
    assert Deal.new(players=4, seed=1, profile=path).profile == profile


@pytest.mark.parametrize("name", ["x" * 300, "x" * 300 + ".toml", "1.4.2\0", "a\0b.toml",
                                  "/no/such/dir/house.toml"],
                         ids=["long", "long.toml", "nul", "nul.toml", "missing"])
def test_issue9_unreadable_profile_name_is_a_profile_error(name: str) -> None:
    error = refused(lambda: load_profile(name), "profile")
    assert len(str(error)) < 500  # the name is shown, shortened
    saved = json.loads(Deal.new(players=4, seed=1).to_json())
    saved["profile"] = name
    with pytest.raises(CombowhistError):
        Deal.from_json(json.dumps(saved))


# -- ranges -------------------------------------------------------------------------------------

# For each ranged key: the TOML lines that set it to a value (``{}``), and the key an error
# names.
_SETTERS = {
    "bids.*.worth": ("[bids.lock]\nworth = {}\n", "bids.lock.worth"),
    "bids.*.order": ("[bids.lock]\norder = {}\n", "bids.lock.order"),
    "bids.*.score": ("[bids.trump]\nscore = {}\n", "bids.trump.score"),
    "bids.*.guesses": ("[bids.precise]\nguesses = {}\n", "bids.precise.guesses"),
    "bids.*.avoid_tricks": ("[bids.lock]\navoid_tricks = [{}]\n", "bids.lock.avoid_tricks"),
    "bids.*.atelier_size": ("[bids.atelier]\natelier_size = {}\n",
                            "bids.atelier.atelier_size"),
    "bids.*.extra_points": ("[bids.greed]\nextra_points = {}\n", "bids.greed.extra_points"),
    "bids.*.honour_points": ("[bids.plague]\nhonour_points = {}\n",
                             "bids.plague.honour_points"),
    "bids.*.fail_points": ("[bids.penalty]\nfail_points = {}\n", "bids.penalty.fail_points"),
    "bids.*.trump_bid_worth": ("[bids.masters_mail]\ntrump_bid_worth = {}\n",
                               "bids.masters_mail.trump_bid_worth"),
    "bids.*.goal.min_tricks": ("[bids.trump]\ngoal = {{ min_tricks = {} }}\n",
                               "bids.trump.goal.min_tricks"),
    "bids.*.goal.max_tricks": ("[bids.zero]\ngoal = {{ max_tricks = {} }}\n",
                               "bids.zero.goal.max_tricks"),
}


def _setter(key: str) -> tuple[str, str]:
    if key in _SETTERS:
        return _SETTERS[key]
    section, name = key.split(".")
    return f"[{section}]\n{name} = {{}}\n", key


def test_every_ranged_key_has_a_setter() -> None:
    assert {k for k in RANGES if k.startswith("bids.")} == set(_SETTERS)


_OUT_OF_RANGE = [
    pytest.param(key, value, id=f"{key}={value}")
    for key, (low, high) in RANGES.items()
    for value in (low - 1, high + 1)
]


@pytest.mark.parametrize(("key", "value"), _OUT_OF_RANGE)
def test_issue9_numeric_key_out_of_range_is_a_profile_error(tmp_path: Path, key: str,
                                                            value: int) -> None:
    template, named = _setter(key)
    path = write(tmp_path, "house.toml", house(template.format(value)))
    low, high = RANGES[key]
    refused(lambda: load_profile(path), str(path), named, str(value), f"{low} to {high}")


@pytest.mark.parametrize("key", list(RANGES))
def test_issue9_numeric_key_at_its_bounds_loads(tmp_path: Path, key: str) -> None:
    template, _ = _setter(key)
    low, high = RANGES[key]
    for value in (low, high):
        body = template.format(value)
        if key == "winning.classic_floor":
            body += "classic_start = 100\n"
        if key == "winning.classic_start" and value < 13:
            body += "classic_floor = 1\n"
        if key == "bids.*.guesses" and value == 0:
            continue  # a guessing bid guesses at least once (checked apart)
        profile = load_profile(write(tmp_path, "house.toml", house(body)))
        assert profile.key == "house"


def test_issue9_huge_worth_is_refused_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, "huge.toml", house("[bids.lock]\nworth = 1000000000\n"))
    began = time.perf_counter()
    refused(lambda: load_profile(path), "bids.lock.worth", "1000000000")
    assert time.perf_counter() - began < 1


def test_issue9_high_ban_threshold_is_refused_before_a_game(tmp_path: Path) -> None:
    path = write(tmp_path, "ban.toml", house("[auction]\nban_below = 2000\n"))
    refused(lambda: Game.new(players=4, profile=path, seed=1), "auction.ban_below", "2000")


def test_issue9_classic_floor_above_start_is_a_profile_error(tmp_path: Path) -> None:
    path = write(tmp_path, "w.toml", house("[winning]\nclassic_start = 5\nclassic_floor = 6\n"))
    refused(lambda: load_profile(path), "winning.classic_floor", "classic_start")


def test_issue9_too_many_special_bids_is_a_profile_error(tmp_path: Path) -> None:
    rows = "".join(f'[bids.extra{i}]\nkind = "special"\nworth = 1\nen = "E{i}"\nsv = "S{i}"\n'
                   for i in range(MAX_BIDS))
    path = write(tmp_path, "many.toml", house(rows))
    refused(lambda: load_profile(path), "bids", str(MAX_BIDS))


@pytest.mark.parametrize("edition", available_profiles())
def test_issue9_built_in_editions_load_within_the_ranges(edition: str) -> None:
    profile = load_profile(edition)
    assert profile.key == edition
    assert Deal.new(players=3, profile=profile, seed=1).legal_moves()


# -- names (found by the profile fuzzer) ---------------------------------------------------------


@pytest.mark.parametrize("name", ["masters_trump", "Master's Trump", "Mästartrumf", "Lock"])
def test_issue9_bid_name_that_names_another_bid_is_a_profile_error(tmp_path: Path,
                                                                    name: str) -> None:
    # Before, "bid masters_trump" then read as Taintless Master's Game, and a saved deal
    # with a Master's Trump bid did not load back.
    path = write(tmp_path, "names.toml",
                 house(f'[bids.taintless_masters_game]\nen = "{name}"\n'))
    refused(lambda: load_profile(path), str(path), "bids.taintless_masters_game.en", name)


def test_issue9_bid_name_without_letters_or_digits_is_a_profile_error(tmp_path: Path) -> None:
    path = write(tmp_path, "names.toml", house('[bids.lock]\nsv = "--"\n'))
    refused(lambda: load_profile(path), str(path), "bids.lock.sv", "empty")


def test_issue9_bid_names_of_one_bid_may_agree(tmp_path: Path) -> None:
    path = write(tmp_path, "names.toml", house('[bids.lock]\nen = "Lås"\nsv = "lock"\n'))
    assert load_profile(path).bid("LOCK").key == "lock"


def test_issue9_many_special_bids_with_trick_conditions_are_a_profile_error(tmp_path: Path
                                                                            ) -> None:
    # Each one doubles the combinations the combo table checks: 8 more than the edition's 6
    # took 21 s to count the legal moves.
    def rows(count: int) -> str:
        return "".join(f'[bids.extra{i}]\nkind = "special"\nworth = 1\nen = "E{i}"\n'
                       f'sv = "S{i}"\navoid_tricks = [{i + 1}]\n' for i in range(count))

    extra = MAX_CONDITIONED - 6
    path = write(tmp_path, "ok.toml", house(rows(extra)))
    began = time.perf_counter()
    assert len(Deal.new(players=4, seed=1, profile=path).legal_moves()) > 0
    assert time.perf_counter() - began < 10
    path = write(tmp_path, "many.toml", house(rows(extra + 1)))
    refused(lambda: load_profile(path), str(path), "bids", "trick conditions",
            str(MAX_CONDITIONED))
