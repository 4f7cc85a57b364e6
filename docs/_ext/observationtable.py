"""A Sphinx directive that renders an observation layout, so the docs cannot drift from it.

``.. observation-layout:: 1.4.2 4``
    The segments of :func:`combowhist.observation.observation_layout` for a profile and a
    number of participants: name, first position, shape, range and meaning, read from the
    layout itself.
"""

from __future__ import annotations

from typing import Any

from bidtables import Cell, ProfileDirective, table
from docutils import nodes
from sphinx.application import Sphinx

from combowhist import CombowhistError
from combowhist.observation import OBSERVATION_VERSION, observation_layout


class ObservationLayoutTable(ProfileDirective):
    """``.. observation-layout:: PROFILE PLAYERS``: the layout's segments as a table."""

    required_arguments = 2
    has_content = False

    def run(self) -> list[nodes.Node]:
        profile = self.profile(self.arguments[0])
        try:
            layout = observation_layout(profile, int(self.arguments[1]))
        except (CombowhistError, ValueError) as error:
            raise self.error(f"no observation layout for {self.arguments}: {error}") from None
        rows: list[list[Cell]] = [[name, str(start), shape, span, meaning]
                                  for name, start, shape, span, meaning in layout.table()]
        title = (f"Observation layout {OBSERVATION_VERSION}, profile {profile}, "
                 f"{layout.players} participants: {layout.size} floats")
        return [table(title, ["Segment", "From", "Shape", "Range", "Meaning"], rows,
                      [14, 5, 7, 8, 50])]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("observation-layout", ObservationLayoutTable)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
