"""The package reads as the pipeline: its import graph, read with `ast` (imports inside
functions and under TYPE_CHECKING counted), has no cycle, no stage imports a later one,
the commands or the command line, the packs import only the stages, and an import inside
a function is rare and says why."""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

from tests.support.shipped import ROOT

PACKAGE = ROOT / "toolkit"
# the stages in pipeline order: a stage may import those before it, never one after
STAGES = ["core", "load", "validate", "model", "check", "edit", "render", "write", "kit", "audit"]
ABOVE = ["games", "speed", "commands", "cli", "__main__"]  # packs, then who runs the stages
MOST_INNER = 19  # imports inside functions: each a heavy third-party module, measured


def _modules() -> dict[str, Path]:
    mods = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        mods[name.removesuffix(".__init__")] = path
    return mods


def _imports(path: Path) -> list[tuple[str, int, bool, ast.stmt]]:
    """(module named, line, inside a function?, the statement) of every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inner: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner.update(id(n) for n in ast.walk(node))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno, id(node) in inner, node) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.append((node.module, node.lineno, id(node) in inner, node))
            out += [
                (f"{node.module}.{a.name}", node.lineno, id(node) in inner, node)
                for a in node.names
            ]
    return out


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in mods.items():
        for target, _line, _inner, _node in _imports(path):
            if target in mods and target != name:
                graph[name].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's)."""
    sys.setrecursionlimit(10_000)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in list(graph):
        if v not in index:
            visit(v)
    return found


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "toolkit"


def test_no_import_cycle_counting_imports_inside_functions() -> None:
    assert _cycles(_graph()) == []


def test_no_stage_imports_a_later_stage_the_commands_or_the_command_line() -> None:
    order = STAGES + ABOVE
    upward = []
    for module, targets in _graph().items():
        here = _layer(module)
        for target in targets:
            there = _layer(target)
            if here in STAGES and there in order and order.index(there) > order.index(here):
                upward.append(f"{module} -> {target}")
    assert upward == []


def test_packs_import_only_the_stages_and_the_pack_registry() -> None:
    allowed = {f"toolkit.{stage}" for stage in STAGES} | {"toolkit.games"}
    wrong = []
    for module, targets in _graph().items():
        if not module.startswith("toolkit.games."):
            continue
        pack = ".".join(module.split(".")[:3])
        for target in targets:
            top = ".".join(target.split(".")[:2])
            if not (target.startswith(pack) or top in allowed):
                wrong.append(f"{module} -> {target}")
    assert wrong == []


def test_few_imports_inside_functions_each_with_its_reason() -> None:
    """An import inside a function is for a heavy module on a measured cold path (`toolkit
    check` never imports the renderer): a comment on its line or the line above says so."""
    inner = []
    unexplained = []
    for path in _modules().values():
        lines = path.read_text(encoding="utf-8").splitlines()
        seen = set()
        for _target, line, is_inner, node in _imports(path):
            if not is_inner or id(node) in seen:
                continue
            seen.add(id(node))
            where = f"{path.relative_to(ROOT)}:{line}"
            inner.append(where)
            above = lines[line - 2].strip() if line > 1 else ""
            if "#" not in lines[node.end_lineno - 1] and not above.startswith("#"):
                unexplained.append(where)
    assert len(inner) <= MOST_INNER, "\n".join(inner)
    assert unexplained == []


def test_the_package_top_level_holds_only_the_entry_points_and_the_stage_packages() -> None:
    modules = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(modules) <= 12, modules
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert set(STAGES) | {"games", "speed", "commands"} <= packages
