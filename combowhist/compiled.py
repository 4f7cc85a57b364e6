"""Which of combowhist's modules run compiled in this installation.

combowhist is pure Python, and every module works as Python. Its compiled build
(``HATCH_BUILD_HOOKS_ENABLE=1 pip install .``, where a C compiler is at hand) compiles the
modules of :data:`COMPILABLE` with mypyc: the deal's state, the rules (the auction, the
pre-game events, trick play, scoring, R8's search for a line of play) and the playout
kernel, where a deal spends most of its time. A compiled build plays exactly the same
deals, only faster (see the docs' performance page).
"""

from __future__ import annotations

import importlib

__all__ = ["COMPILABLE", "compiled_modules"]

COMPILABLE = (
    "combowhist.draws",
    "combowhist.state",
    "combowhist.rules.auction",
    "combowhist.rules.every_trick",
    "combowhist.rules.legality",
    "combowhist.rules.outcome",
    "combowhist.rules.phases",
    "combowhist.rules.play",
    "combowhist.rules.playout",
    "combowhist.rules.possibility",
    "combowhist.rules.seats",
    "combowhist.rules.setup",
    "combowhist.rules.winning",
)
"""The modules the compiled build compiles (``pyproject.toml`` names their files)."""


def compiled_modules() -> tuple[str, ...]:
    """The modules of :data:`COMPILABLE` that run compiled here: none in the pure-Python
    build, all of them in the compiled one.

    >>> set(compiled_modules()) <= set(COMPILABLE)
    True
    """
    return tuple(name for name in COMPILABLE
                 if not str(importlib.import_module(name).__file__).endswith(".py"))
