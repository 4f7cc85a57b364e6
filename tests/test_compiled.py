"""The compiled build (issue 11: speed): the modules it compiles, named once in
``combowhist.compiled`` and in ``pyproject.toml``, and all or none of them compiled.

Run against a compiled build (``.ci/run`` does, with ``COMBOWHIST_REQUIRE_COMPILED=1``),
the whole suite checks that the compiled modules play exactly as the Python ones."""

from __future__ import annotations

import abc
import importlib
import os
import tomllib
from pathlib import Path

import pytest

from combowhist.compiled import COMPILABLE, compiled_modules

PYPROJECT = Path(__file__).parent.parent / "pyproject.toml"


def test_issue11_pyproject_compiles_exactly_the_compilable_modules() -> None:
    hook = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))[
        "tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    files = [path.removeprefix("/").removesuffix(".py").replace("/", ".")
             for path in hook["include"]]
    assert files == list(COMPILABLE)
    assert hook["enable-by-default"] is False


def test_issue11_the_build_is_all_compiled_or_all_python() -> None:
    assert compiled_modules() in ((), COMPILABLE)


@pytest.mark.skipif(os.environ.get("COMBOWHIST_REQUIRE_COMPILED") != "1",
                    reason="checks a compiled build: COMBOWHIST_REQUIRE_COMPILED=1 "
                           "(.ci/run sets it where it tests one)")
def test_issue11_a_compiled_build_runs_compiled() -> None:
    assert compiled_modules() == COMPILABLE


def test_issue11_compiled_modules_define_no_abc_subclasses() -> None:
    # mypyc makes classes without ABCMeta.__new__: a compiled subclass of, say,
    # collections.abc.Sequence would check instances against Sequence's registry, so
    # isinstance((), it) would be true (docs/core.rst, "The compiled build").
    for name in COMPILABLE:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == name:
                assert not isinstance(value, abc.ABCMeta), f"{name}.{value.__name__}"
