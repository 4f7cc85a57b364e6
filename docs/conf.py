"""Sphinx configuration of the combowhist documentation."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))

import combowhist  # noqa: E402

project = "combowhist"
author = "The combowhist developers"
copyright = "the combowhist developers; GPL-3.0-or-later"
release = combowhist.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "matplotlib.sphinxext.plot_directive",
    "bidtables",
    "observationtable",
]

exclude_patterns = ["_build", "cli-play.rst", "cli-simulate.rst"]  # included by cli.rst

# The how-tos' charts are drawn at build time by running their scripts (plot directive).
plot_include_source = False
plot_html_show_source_link = False
plot_html_show_formats = False
plot_formats = [("png", 100)]
nitpicky = False

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
# The adapters import their frameworks (optional extras): the docs build without them.
autodoc_mock_imports = ["pettingzoo", "gymnasium", "pyspiel", "open_spiel", "pysat"]

html_theme = "furo"
html_title = f"combowhist {release}"
