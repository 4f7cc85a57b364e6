"""The ``combowhist`` command under random arguments (issue 9): every call succeeds or ends
with a clean error (argparse's exit 2 or the command's own), never an uncaught exception.

The argument lists are built from the real sub-commands and options, with values that are
huge, negative, unicode, empty, missing files, directories, deeply nested JSON and broken
TOML. Values that make long runs (many games, many rounds of heuristic bots) are left out so
that an example takes at most a second or two.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from checks import fuzz_settings
from hypothesis import event, given
from hypothesis import strategies as st

from combowhist import Deal, Game
from combowhist.cli import USAGE_ERROR, main


def _write_files(folder: Path) -> dict[str, Path]:
    game = Game.new(4, seed="fuzz").apply("pass")
    bad_game = json.loads(game.to_json())
    bad_game["actions"].append("play AS")
    files: dict[str, Path | str | bytes] = {
        "missing": folder / "missing.json",
        "folder": folder,
        "deep.json": "[" * 100_000,
        "deep-inside.json": '{"format": "combowhist-game", "version": 1, "actions": '
                            + "[" * 500 + "]" * 500 + "}",
        "not.json": "not json",
        "empty.json": "",
        "latin1.json": b'{"format": "combowhist-deal", "profile": "h\xe4us"}',
        "number.json": "1" * 5000,
        "deal.json": Deal.new(seed=3).apply("pass").to_json(),
        "game.json": game.to_json(),
        "bad-game.json": json.dumps(bad_game),
        "house.toml": 'base = "1.4.2"\nname = "house"\n[bids.lock]\nworth = 1\n',
        "broken.toml": "this is = not toml =\n",
        "empty.toml": "",
        # profiles that crashed the loader before issue 9: deep, not UTF-8, based on itself
        "deep.toml": "x = " + "[" * 2000 + "]" * 2000 + "\n",
        "latin1.toml": 'base = "1.4.2"\nname = "h\xe4us"\n'.encode("latin-1"),
        "self.toml": 'base = "self.toml"\nname = "self"\n',
    }
    paths = {}
    for name, content in files.items():
        if isinstance(content, Path):
            paths[name] = content
            continue
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        paths[name] = path
    return paths


_NUMBERS = ["-1", "0", "1", "2", "3", "4", "5", "6", "", "x", "3.5", "0x4", "\u0663",
            "\u00b2", "-" + "9" * 30, " 4", "1e3"]
"""Count values: small, negative, huge negative, unicode digits, not numbers (huge
positive counts would run for ever and are left out)."""
_TEXT = st.text(st.characters(codec="utf-8", exclude_characters="\x00"),
                max_size=20)  # a process argument cannot hold NUL
_COMMANDS = ["demo", "play", "simulate", "replay", "rules"]


def _values(option: str, files: dict[str, Path]) -> st.SearchStrategy[str]:
    paths = st.sampled_from(sorted(str(path) for path in files.values()))
    if option in ("--profile", "--diff"):
        profiles = st.sampled_from(sorted(str(path) for path in files.values()))
        return st.one_of(st.sampled_from(["1.4.1", "1.4.2", "sv-1.4.2", "en-1.4.1", "1.5.1",
                                          "x" * 300, ""]), profiles, _TEXT)
    if option == "FILE":
        return st.one_of(paths, st.just("-"), _TEXT)
    if option in ("--save", "--csv"):  # not over the files above
        folder = files["folder"]
        return st.one_of(st.sampled_from([str(folder), str(folder / "none" / "out.json"),
                                          str(folder / "out.json"), "-", ""]), _TEXT)
    if option in ("--seat", "--full-deals"):  # a huge one is refused or runs out
        return st.sampled_from([*_NUMBERS, "9" * 30])
    if option in ("--players", "--rounds", "--games", "--deals", "--workers"):
        return st.sampled_from(_NUMBERS)
    if option in ("--variant", "--bots", "--opponents", "--language"):
        return st.one_of(st.sampled_from(["classic", "limited", "heuristic", "random", "en",
                                          "sv"]), _TEXT)
    return st.one_of(_TEXT, paths, st.sampled_from(_NUMBERS))  # --seed and strays


_GAME = ["--profile", "--players", "--variant", "--rounds", "--seed", "--bots"]
_OPTIONS = {
    "demo": [*_GAME, "--full-deals"],
    "play": [*_GAME, "--seat", "--save"],
    "simulate": [*_GAME, "--games", "--deals", "--opponents", "--workers", "--json", "--csv"],
    "replay": ["--step"],
    "rules": ["--profile", "--diff", "--language"],
}
_ANY = sorted({o for options in _OPTIONS.values() for o in options}
              | {"--help", "--version", "FILE"})
_FLAGS = ("--json", "--step", "--help", "--version")


@st.composite
def argument_lists(draw: st.DrawFn, files: dict[str, Path]) -> list[str]:
    """A command (or a stray word) and a few options, mostly the command's own, with random
    values."""
    stray = draw(st.integers(0, 9)) == 0  # now and then a word that is no command
    command = draw(_TEXT if stray else st.sampled_from(_COMMANDS))
    argv = [command]
    if command == "replay":
        argv.append(draw(_values("FILE", files)))
    own, other = st.sampled_from(_OPTIONS.get(command, _ANY)), st.sampled_from(_ANY)
    for _ in range(draw(st.integers(0, 5))):
        option = draw(other if draw(st.integers(0, 5)) == 0 else own)
        if option == "FILE":
            argv.append(draw(_values(option, files)))
            continue
        argv.append(option)
        if option not in _FLAGS:
            argv.append(draw(_values(option, files)))
        if option == "--diff":
            argv.append(draw(_values(option, files)))
    if command == "simulate" and "--games" not in argv and "--deals" not in argv:
        argv += ["--games", "1"]  # not the default 100
    return argv


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return _write_files(tmp_path_factory.mktemp("fuzz-cli"))


@pytest.mark.fuzz
@fuzz_settings(60)
@given(data=st.data())
def test_issue9_fuzzed_command_lines_end_cleanly(files: dict[str, Path], data: st.DataObject
                                                 ) -> None:
    argv = data.draw(argument_lists(files), label="argv")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(files["folder"]), contextlib.redirect_stdout(out), \
            contextlib.redirect_stderr(err):  # files the command writes go to tmp
        status = main(argv, stdin=io.StringIO(""), stdout=out)
    event(f"{argv[0] if argv[0] in _COMMANDS else 'stray'}: exit {status}")
    assert status in (0, USAGE_ERROR), (status, err.getvalue())
    assert "Traceback" not in err.getvalue()
    if status:
        assert "error" in err.getvalue()


BAD_PROFILES_AND_PLAYER_COUNTS = [
    pytest.param(["rules", "--profile", "deep.toml"], id="deep-toml"),
    pytest.param(["demo", "--profile", "latin1.toml"], id="latin1"),
    pytest.param(["rules", "--profile", "self.toml"], id="self-base"),
    pytest.param(["play", "--players", str(10**12)], id="play-players"),
    pytest.param(["demo", "--players", str(2**63)], id="demo-players"),
    pytest.param(["simulate", "--games", "1", "--players", str(10**12)],
                 id="simulate-players"),
]
"""Command lines the fuzzer found that crashed the library (a deep or latin-1 TOML file, a
profile based on itself, a huge player count)."""


@pytest.mark.parametrize("argv", BAD_PROFILES_AND_PLAYER_COUNTS)
def test_issue9_bad_profiles_and_player_counts_end_cleanly(
    files: dict[str, Path], argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [str(files[word]) if word in files else word for word in argv]
    with contextlib.chdir(files["folder"]):
        status = main(argv, stdin=io.StringIO(""), stdout=io.StringIO())
    assert status == USAGE_ERROR
    assert capsys.readouterr().err.startswith(f"combowhist {argv[0]}: error: ")
