"""pytest set-up for the how-tos. pytest puts this folder on ``sys.path`` (for the
how-tos' scripts), and what needs the ``docs`` extra (matplotlib) skips, with the reason,
where it is missing; with ``COMBOWHIST_REQUIRE_DOCS=1`` (CI, which installs the extra) a
missing matplotlib fails instead."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent


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


@pytest.fixture(autouse=True)
def _howto_files(doctest_namespace: dict[str, Any], tmp_path: Path) -> None:
    """The how-tos' doctests see ``howto`` (this folder, with the example files the pages
    include) and ``scratch`` (an empty folder of their own to write to)."""
    doctest_namespace["howto"] = HERE
    doctest_namespace["scratch"] = tmp_path
