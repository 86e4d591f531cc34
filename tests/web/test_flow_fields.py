"""The turn flow owns its fields: only web/hotseat/turn_flow.py sets a ``TurnFlow``'s ``pending``,
``reveal``, ``summary`` or ``local``; every other module asks it (``drop``, ``cancel``, ``unpick``,
``keep_if_still_legal``, ``after_move``, ``show_summary`` …). Read from the source with ``ast``
(nothing is imported): an assignment to an attribute of one of those names, also augmented, within
a tuple or through ``setattr``/``delattr`` with the name as a constant."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "web" / "hotseat"
OWNER = PACKAGE / "turn_flow.py"
FIELDS = {"pending", "reveal", "summary", "local"}


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return list(node.targets)
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    if isinstance(node, ast.Delete):
        return list(node.targets)
    return []


def _flat(target: ast.expr) -> list[ast.expr]:
    if isinstance(target, (ast.Tuple, ast.List)):
        return [t for e in target.elts for t in _flat(e)]
    if isinstance(target, ast.Starred):
        return _flat(target.value)
    return [target]


def field_writes(source: str) -> list[tuple[int, str]]:
    """(line, field) of every write of a flow field in ``source`` (see the module docstring)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        for target in (t for top in _targets(node) for t in _flat(top)):
            if isinstance(target, ast.Attribute) and target.attr in FIELDS:
                found.append((target.lineno, target.attr))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("setattr", "delattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in FIELDS
        ):
            found.append((node.lineno, str(node.args[1].value)))
    return sorted(found)


def test_only_the_turn_flow_sets_its_fields():
    writes = {
        str(path.relative_to(PACKAGE)): field_writes(path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != OWNER
    }
    assert {path: lines for path, lines in writes.items() if lines} == {}
    assert {name for _line, name in field_writes(OWNER.read_text(encoding="utf-8"))} == FIELDS  # the check sees them


def test_the_check_sees_each_way_of_writing():
    source = """
s.flow.pending = None
flow.reveal, other = None, 1
self.flow.summary |= True
x.local: dict = {}
setattr(flow, "pending", None)
del flow.reveal
flow.local["details"] = True  # the selection's own content: the view's to keep
s.flow.drop()
"""
    assert field_writes(source) == [
        (2, "pending"),
        (3, "reveal"),
        (4, "summary"),
        (5, "local"),
        (6, "pending"),
        (7, "reveal"),
    ]
