"""Assertions and settings shared by the tests of bad input and of fuzzed input, and the
modules of optional extras."""

from __future__ import annotations

import copy
import importlib
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from combowhist.errors import IllegalMoveError

FUZZ_EXAMPLES_VARIABLE = "COMBOWHIST_FUZZ_EXAMPLES"
"""Set it to run every fuzz test longer (``benchmarks/fuzz.py`` does)."""


def fuzz_settings(examples: int) -> settings:
    """Settings for a fuzz test: ``examples`` in the suite, or as many as
    ``COMBOWHIST_FUZZ_EXAMPLES`` asks for in a longer run."""
    wanted = os.environ.get(FUZZ_EXAMPLES_VARIABLE)
    return settings(
        max_examples=int(wanted) if wanted else examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


def assert_refused(state: Any, action: Callable[[Any], object], error: type[Exception],
                   *words: str) -> Exception:
    """``action(state)`` raises exactly ``error`` (not a subclass) whose message holds each
    of ``words``, and ``state`` is unchanged: equal to a deep copy made before, same JSON.
    Returns the error for further checks."""
    before = copy.deepcopy(state)
    before_json = state.to_json() if hasattr(state, "to_json") else None
    with pytest.raises(error) as info:
        action(state)
    assert type(info.value) is error, f"{type(info.value).__name__}, not {error.__name__}"
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert state == before
    if before_json is not None:
        assert state.to_json() == before_json
    return info.value


def assert_move_refused(state: Any, move: object, *words: str,
                        error: type[Exception] = IllegalMoveError) -> Exception:
    """``state.apply(move)`` raises exactly ``error`` naming each of ``words``, and ``state``
    is unchanged (see :func:`assert_refused`)."""
    return assert_refused(state, lambda s: s.apply(move), error, *words)


def extra_module(module: str, extra: str, purpose: str) -> ModuleType:
    """``module``, from the optional ``extra``: the calling test (or module) is skipped with
    the reason where it is missing, but fails with ``COMBOWHIST_REQUIRE_<EXTRA>=1`` (CI,
    which installs every extra)."""
    if os.environ.get(f"COMBOWHIST_REQUIRE_{extra.upper()}") == "1":
        return importlib.import_module(module)
    found: ModuleType = pytest.importorskip(
        module, reason=f"{purpose} needs the {extra} extra: pip install -e '.[{extra}]'")
    return found
