"""web/hotseat's modules import one another without a cycle, counting every import: at the top
of a module, inside a function, and under ``if TYPE_CHECKING:``. A part that needs the whole (a
session's curtain, the overlays over the controller, the phone screens over a side of the links)
is handed a Protocol of what it reads instead of importing the whole. And no chain of imports
that run (every import but those under ``if TYPE_CHECKING:``) is longer than
:data:`MAX_CHAIN` modules. Read from the source with ``ast`` (nothing is imported)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "web" / "hotseat"
#: the longest chain of run-time imports allowed, in modules (app -> controller -> ... -> a leaf)
MAX_CHAIN = 9


def modules(root: Path) -> dict[str, Path]:
    """Dotted name (``hotseat.net.host_side``; a package by its own name) -> file, for every module under ``root``."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.AST) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (or ``if typing.TYPE_CHECKING:``)."""
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _nodes(tree: ast.AST, typing_too: bool) -> list[ast.AST]:
    """Every node under ``tree``; without ``typing_too``, not the body of an ``if TYPE_CHECKING:``
    (its ``else`` runs)."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        if not typing_too and _type_checking(node):
            todo.extend(node.orelse)  # type: ignore[attr-defined]
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def imports(name: str, path: Path, known: set[str], typing_too: bool = True) -> set[str]:
    """The modules of ``known`` that module ``name`` imports anywhere in its source (a package it
    sits in is not counted: Python imports it first in any case); without ``typing_too``, only
    the imports that run (not those under ``if TYPE_CHECKING:``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _nodes(ast.parse(path.read_text(encoding="utf-8")), typing_too):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    out = set()
    for target in found:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name and not name.startswith(target + "."):
            out.add(target)
    return out


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups


def graph(root: Path, typing_too: bool = True) -> dict[str, set[str]]:
    mods = modules(root)
    return {name: imports(name, path, set(mods), typing_too) for name, path in mods.items()}


def longest_chain(edges: dict[str, set[str]]) -> list[str]:
    """The longest chain of imports (each module importing the next), for a graph without cycles;
    of two as long, the first in sorted order."""
    best: dict[str, list[str]] = {}

    def chain(v: str) -> list[str]:
        if v not in best:
            below = [chain(w) for w in sorted(edges[v])]
            best[v] = [v, *max(below, key=len, default=[])]
        return best[v]

    return max((chain(v) for v in sorted(edges)), key=len, default=[])


def test_web_hotseat_has_no_import_cycle_counting_type_checking_imports() -> None:
    edges = graph(PACKAGE)
    assert len(edges) > 80 and {"hotseat.session", "hotseat.curtain", "hotseat.net.host_side"} <= set(edges)
    found = cycles(edges)
    assert found == [], f"import cycles (each group imports itself round): {found}"


def test_no_chain_of_run_time_imports_in_web_hotseat_is_longer_than_nine_modules() -> None:
    """A data type many modules need lives in a leaf (``phase.py``'s ``Phase``), the seats need
    no bots, the catalogues no CLDR data (``formats.py`` reads it), the phone screens a side's
    state, not the side: a module at the top (the browser glue) reaches a leaf in few steps."""
    chain = longest_chain(graph(PACKAGE, typing_too=False))
    assert len(chain) <= MAX_CHAIN, f"{len(chain)} modules: {' -> '.join(chain)}"


def test_the_chain_finder_counts_run_time_imports_only(tmp_path: Path) -> None:
    """An import inside a function runs (it counts); one under ``if TYPE_CHECKING:`` does not."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "top.py").write_text("from .mid import x\n")
    (pkg / "mid.py").write_text("x = 1\ndef f():\n    from .low import y\n")
    (pkg / "low.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .top import z\ny = 2\n")
    edges = graph(pkg, typing_too=False)
    assert edges["pkg.low"] == set() and graph(pkg)["pkg.low"] == {"pkg.top"}
    assert longest_chain(edges) == ["pkg.top", "pkg.mid", "pkg.low"]


def test_the_cycle_finder_sees_type_checking_and_function_imports(tmp_path: Path) -> None:
    """A cycle closed only by an import under ``if TYPE_CHECKING:`` or inside a function is found."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from . import part\n")
    (pkg / "whole.py").write_text("from .sub.part import Part\nfrom .leaf import x\n")
    (pkg / "sub" / "part.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..whole import Whole\nclass Part: ...\n"
    )
    (pkg / "leaf.py").write_text("x = 1\ndef f():\n    from pkg import whole\n")
    (pkg / "alone.py").write_text("import pkg.leaf\n")
    edges = graph(pkg)
    assert edges["pkg.sub.part"] == {"pkg.whole"}
    assert edges["pkg.sub"] == {"pkg.sub.part"}
    assert cycles(edges) == [["pkg.leaf", "pkg.sub.part", "pkg.whole"]]
