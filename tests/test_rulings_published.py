"""The docs publish every ruling the code cites (docs/rulings.rst), word for word as the
project's RULINGS.md has it where that file is at hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import combowhist

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(combowhist.__file__).parent
"""The package's sources, wherever it is installed (the compiled build ships them too)."""
RULINGS_PAGE = ROOT / "docs" / "rulings.rst"
SHARED_RULINGS = ROOT.parent / "shared" / "rules" / "RULINGS.md"
CITATION = re.compile(r"\bR(\d+)\b")
EDITION_CITATION = re.compile(r"\bE([1-9]\d*)\b")
"""The editions' rulings (E1, E2, …), published in the page's last section."""


def published() -> dict[str, str]:
    """Each ruling on the docs page by id, its title and text as plain words."""
    page = RULINGS_PAGE.read_text(encoding="utf-8")
    parts = re.split(r"^\.\. _r(\d+):\n", page, flags=re.MULTILINE)
    rulings = {}
    for number, body in zip(parts[1::2], parts[2::2], strict=True):
        lines = [line for line in body.splitlines() if not set(line) <= {"^", "-"}]
        # A section heading (a line underlined with "-") ends the ruling.
        section = re.search(r"\n[^\n]+\n-{3,}\n", body)
        if section:
            lines = [line for line in body[: section.start()].splitlines()
                     if not set(line) <= {"^", "-"}]
        rulings[f"R{number}"] = _plain(" ".join(lines))
    return rulings


def shared() -> dict[str, str]:
    """Each ruling of RULINGS.md by id, as plain words."""
    text = SHARED_RULINGS.read_text(encoding="utf-8")
    items = re.split(r"^- (?=\*\*R\d+ )", text, flags=re.MULTILINE)[1:]
    rulings = {}
    for item in items:
        body = re.split(r"\n(?=## |\S)", item)[0]
        number = re.match(r"\*\*(R\d+)", body)
        assert number is not None
        rulings[number.group(1)] = _plain(body)
    return rulings


def _plain(text: str) -> str:
    text = re.sub(r":ref:`(R\d+) <r\d+>`", r"\1", text)
    text = re.sub(r"\*\*(R\d+ [^*]+?)\.?\*\*", r"\1", text)  # "**R5 Turn order.**"
    text = text.replace("``", "`")
    text = re.sub(r"^\s*-\s+|\s+-\s+(?=\*|\w)", " ", text)
    return " ".join(text.split()).strip()


def published_edition_rulings() -> set[str]:
    page = RULINGS_PAGE.read_text(encoding="utf-8")
    return {f"E{n}" for n in re.findall(r"^\.\. _e(\d+):\n\nE\1 \S", page, flags=re.MULTILINE)}


def cited_in_code() -> set[str]:
    package = PACKAGE
    cited: set[str] = set()
    for path in [*package.rglob("*.py"), *package.rglob("*.toml")]:
        cited.update(f"R{n}" for n in CITATION.findall(path.read_text(encoding="utf-8")))
    return cited


def test_every_ruling_the_code_cites_is_published_with_an_anchor() -> None:
    cited = cited_in_code()
    assert len(cited) >= 41  # the code cites R1-R41 today
    missing = sorted(cited - set(published()), key=lambda r: int(r[1:]))
    assert not missing, f"rulings cited in combowhist/ but not in docs/rulings.rst: {missing}"


def test_every_edition_ruling_the_code_cites_is_published_with_an_anchor() -> None:
    package = PACKAGE
    cited = {f"E{n}" for path in [*package.rglob("*.py"), *package.rglob("*.toml")]
             for n in EDITION_CITATION.findall(path.read_text(encoding="utf-8"))}
    assert {"E1", "E2", "E3", "E4", "E5"} <= cited
    missing = sorted(cited - published_edition_rulings())
    assert not missing, f"edition rulings cited in combowhist/ but not in docs: {missing}"


def test_each_published_ruling_has_its_text() -> None:
    for ruling, text in published().items():
        assert text.startswith(ruling + " "), (ruling, text[:40])
        assert len(text.split()) > 4, ruling


@pytest.mark.skipif(not SHARED_RULINGS.is_file(),
                    reason="the project's RULINGS.md is not beside this checkout")
def test_published_rulings_match_the_project_rulings_word_for_word() -> None:
    ours, theirs = published(), shared()
    assert sorted(ours) == sorted(theirs)
    for ruling, text in theirs.items():
        assert ours[ruling] == text, f"{ruling} differs:\n docs: {ours[ruling]}\n file: {text}"
