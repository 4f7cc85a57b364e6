"""The package's import graph (issue 11 point 5, DESIGN "Layout and the way data flows"):
data flows one way, a lower layer never imports a higher one, not even for types.

Every import counts: at module level, inside functions and under ``TYPE_CHECKING``.
``from combowhist.pkg import name`` depends on ``combowhist.pkg`` (and on
``combowhist.pkg.name`` when that is a module).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import combowhist

PACKAGE = Path(combowhist.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imported(name: str, path: Path) -> Iterator[str]:
    """The combowhist modules ``name`` (at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return _imports_in(path.read_text(encoding="utf-8"), package)


def _imports_in(source: str, package: str) -> Iterator[str]:
    """What a module of ``package`` with this source imports (and the names it imports
    from a module, which may be modules themselves)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from . import x, from ..rules import y
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def _graph() -> dict[str, set[str]]:
    return {name: {m for m in _imported(name, path) if m in MODULES and m != name}
            for name, path in MODULES.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_issue11_the_graph_reads_every_kind_of_import() -> None:
    graph = _graph()
    assert "combowhist.bids" in graph["combowhist.feasibility"]  # module level
    assert "combowhist.rules.legality" in graph["combowhist.bids"]  # from pkg import module
    source = """
from typing import TYPE_CHECKING
import combowhist.cards
if TYPE_CHECKING:
    from combowhist.deal import Deal
def later():
    from combowhist.views import PlayerView
from . import play
"""
    found = set(_imports_in(source, "combowhist.rules"))
    assert {"combowhist.cards", "combowhist.deal", "combowhist.views",
            "combowhist.rules.play"} <= found  # plain, TYPE_CHECKING, in a function, relative
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _shortest_cycle(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """The shortest import chain from ``start`` back to itself (breadth first)."""
    paths = {start: [start]}
    queue = [start]
    for node in queue:
        for target in sorted(graph[node]):
            if target == start:
                return [*paths[node], start]
            if target not in paths:
                paths[target] = [*paths[node], target]
                queue.append(target)
    return None


def _report(graph: dict[str, set[str]], components: list[list[str]]) -> str:
    """Each cycle's modules, and the shortest concrete cycle through each of them."""
    lines = []
    for component in components:
        lines.append(f"cycle among {len(component)} modules: {', '.join(component)}")
        inside = {m: graph[m] & set(component) for m in component}
        chains = {" -> ".join(c) for m in component if (c := _shortest_cycle(inside, m))}
        lines.extend(f"  {chain}" for chain in sorted(chains, key=len))
    return "\n".join(lines)


def test_issue11_the_package_has_no_import_cycle() -> None:
    graph = _graph()
    cycles = _cycles(graph)
    assert not cycles, "import cycles:\n" + _report(graph, cycles)


LOWER_LAYERS = {
    "combowhist.primitives": {"combowhist.errors", "combowhist.cards"},
    "combowhist.profiles": {"combowhist.errors", "combowhist.cards", "combowhist.primitives",
                            "combowhist.profiles.schema"},
    "combowhist.profiles.schema": {"combowhist.errors", "combowhist.cards",
                                   "combowhist.primitives"},
    "combowhist.rules.legality": {"combowhist.errors", "combowhist.cards",
                                  "combowhist.primitives", "combowhist.profiles"},
    "combowhist.bids": {"combowhist.errors", "combowhist.lazy", "combowhist.cards",
                        "combowhist.primitives", "combowhist.profiles", "combowhist.rules",
                        "combowhist.rules.legality"},
}
"""What each module of the lower layers may import: errors, lazy, cards → primitives →
profiles → rules.legality → bids."""


@pytest.mark.parametrize("module", sorted(LOWER_LAYERS))
def test_issue11_lower_layers_import_nothing_above_them(module: str) -> None:
    above = _graph()[module] - LOWER_LAYERS[module]
    assert not above, f"{module} imports {', '.join(sorted(above))}"
