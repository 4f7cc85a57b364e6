"""pytest set-up for the how-tos. pytest puts this folder on ``sys.path`` (for the
how-tos' scripts), and what needs the ``docs`` extra (matplotlib) skips, with the reason,
where it is missing; with ``COMBOWHIST_REQUIRE_DOCS=1`` (CI, which installs the extra) a
missing matplotlib fails instead."""

from __future__ import annotations

import os
from typing import Any

import pytest


@pytest.fixture
def pyplot() -> Any:
    """``matplotlib.pyplot``, drawing off screen."""
    if os.environ.get("COMBOWHIST_REQUIRE_DOCS") == "1":
        import matplotlib  # a missing matplotlib fails here where CI requires it
    else:
        matplotlib = pytest.importorskip(
            "matplotlib", reason="drawing the how-to's chart needs matplotlib, from the "
                                 "docs extra: pip install -e '.[docs]'")
    matplotlib.use("Agg")
    import matplotlib.pyplot

    return matplotlib.pyplot
