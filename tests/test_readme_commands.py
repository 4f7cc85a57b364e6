"""The README's command-line examples run as written (in a scratch folder, with a house
rule file beside them and "quit" typed into ``combowhist play``)."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from combowhist.cli import main

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_commands() -> list[list[str]]:
    section = README.read_text(encoding="utf-8").split("## Command line", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    return [shlex.split(line, comments=True) for line in block.group(1).splitlines()]


def test_the_readme_lists_every_command() -> None:
    used = {argv[1] for argv in readme_commands()}
    assert used == {"demo", "play", "replay", "simulate", "rules", "analyse"}


def test_every_readme_command_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("house.toml").write_text('schema = 1\nbase = "1.4.2"\nname = "house"\n',
                                  encoding="utf-8")
    for argv in readme_commands():
        assert argv[0] == "combowhist"
        out = io.StringIO()
        status = main(argv[1:], stdin=io.StringIO("quit\n"), stdout=out)
        assert status == 0, f"{shlex.join(argv)} exited with {status}"
        assert out.getvalue(), f"{shlex.join(argv)} printed nothing"
    assert Path("my.json").exists()  # play --save wrote the game replay read back
