"""pytest set-up for the whole tree. The adapters' modules import their frameworks, and
``combowhist.r8_sat`` its SAT solver, which come with extras: where an extra is missing,
the doctests of its module are not collected (the tests in ``tests/`` skip with the reason
instead). With ``COMBOWHIST_REQUIRE_PETTINGZOO=1`` / ``COMBOWHIST_REQUIRE_OPENSPIEL=1`` /
``COMBOWHIST_REQUIRE_EXACT=1`` (CI, which installs the extras) they are always collected,
so a missing extra fails."""

from __future__ import annotations

import importlib.util
import os

_EXTRA_MODULES = {
    "combowhist/adapters/pettingzoo.py": ("COMBOWHIST_REQUIRE_PETTINGZOO",
                                          ("pettingzoo", "gymnasium", "numpy")),
    "combowhist/adapters/openspiel.py": ("COMBOWHIST_REQUIRE_OPENSPIEL",
                                         ("pyspiel", "numpy")),
    "combowhist/r8_sat.py": ("COMBOWHIST_REQUIRE_EXACT", ("pysat",)),
}


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


collect_ignore = [path for path, (variable, modules) in _EXTRA_MODULES.items()
                  if os.environ.get(variable) != "1" and not all(map(_installed, modules))]
