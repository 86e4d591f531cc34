"""Python modules as the build sees them: who imports whom.

Pure Python (standard library only), run by CPython for the tests and by Pyodide's own Python under
Node at build time (tools/stdlib_cut.py), where it reads Pyodide's standard library.

* :func:`imports_of` lists the modules one source file imports: ``import`` statements,
  ``from ... import`` (relative ones resolved; ``from p import x`` also names ``p.x``, which counts
  when ``p.x`` is a module) and calls of ``import_module``, ``find_spec`` or ``__import__`` with a
  literal name, or with an f-string whose variable part comes after a dotted prefix
  (``f"{__package__}.views.{game_id}"``: every module under ``hotseat.views.``, written
  ``hotseat.views.*``). Blocks that never run when a module is imported are left out:
  ``if TYPE_CHECKING:`` and ``if __name__ == "__main__":``, and the branch of an
  ``if sys.platform ...`` / ``if os.name ...`` test that the target platform (``platform``)
  does not take. Function bodies count or not (``functions``): at module level is what importing
  runs; in functions is what calling may run; a set of names counts the bodies of those top-level
  functions and classes only.
  The imports of an ``except ImportError:`` handler are a fallback (:class:`Imports`): needed only
  when one of the imports of its ``try:`` cannot be found.
* :func:`closure` follows those edges from some modules through an :class:`Index` of module files.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class ModuleFile:
    """A module's source file: ``name`` (dotted), ``path`` (relative, ``/``-separated, as in an
    archive), ``package`` (an ``__init__.py``)."""

    name: str
    path: str
    package: bool


def module_of(path: str) -> ModuleFile | None:
    """The module a relative ``.py`` path holds (``a/b/__init__.py`` is package ``a.b``), or ``None``
    for a path that is not an importable module file."""
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    package = parts[-1] == "__init__"
    if package:
        parts = parts[:-1]
    if not parts or not all(p.isidentifier() for p in parts):
        return None
    return ModuleFile(".".join(parts), path, package)


class Index:
    """Module files by name, with a function that reads a file's source text."""

    def __init__(self, paths: Iterable[str], read: Callable[[str], str]) -> None:
        self.files: dict[str, ModuleFile] = {}
        for path in paths:
            mod = module_of(path)
            if mod is not None:
                self.files[mod.name] = mod
        self.read = read
        self._imports: dict[tuple[str, Functions], Imports] = {}
        #: ``sys.platform`` / ``os.name`` of the place the modules run (:data:`PYODIDE_PLATFORM`)
        self.platform: dict[str, str] | None = None

    def __contains__(self, name: object) -> bool:
        return name in self.files

    def under(self, prefix: str) -> list[str]:
        """The modules whose names start with ``prefix`` (``"hotseat.views."``)."""
        return sorted(n for n in self.files if n.startswith(prefix))

    def imports(self, name: str, functions: Functions) -> Imports:
        """:func:`imports_of` the module ``name`` (cached)."""
        key = (name, functions)
        if key not in self._imports:
            mod = self.files[name]
            self._imports[key] = imports_of(self.read(mod.path), name, mod.package, functions, self.platform)
        return self._imports[key]


def is_type_checking(test: ast.expr) -> bool:
    """Whether an ``if`` test is ``TYPE_CHECKING`` (or ``typing.TYPE_CHECKING``)."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def is_main_guard(test: ast.expr) -> bool:
    """Whether an ``if`` test is ``__name__ == "__main__"`` (either way round)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = [test.left, test.comparators[0]]
    return any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides) and any(
        isinstance(s, ast.Constant) and s.value == "__main__" for s in sides
    )


def _resolve(module: str | None, level: int, name: str, package: bool) -> str | None:
    """The absolute name of ``from <level dots><module> import ...`` in module ``name``."""
    if not level:
        return module
    base = name.split(".") if package else name.split(".")[:-1]
    if level - 1 > len(base) or (level - 1 == len(base) and not module):
        return None  # beyond the top-level package: an error at run time, nothing to follow
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


@dataclass
class Imports:
    """What a module imports: ``names`` always, and each ``fallbacks`` pair ``(tried, instead)``:
    the names of an ``except ImportError`` handler, needed only if one of ``tried`` is missing."""

    names: set[str]
    fallbacks: list[tuple[frozenset[str], frozenset[str]]]


_IMPORT_CALLS = ("import_module", "find_spec", "__import__")
_IMPORT_ERRORS = ("ImportError", "ModuleNotFoundError")


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(
        (isinstance(k, ast.Name) and k.id in _IMPORT_ERRORS)
        or (isinstance(k, ast.Attribute) and k.attr in _IMPORT_ERRORS)
        for k in kinds
    )


def _literal_target(arg: ast.expr, name: str, package: bool) -> str | None:
    """The module a literal argument names: ``"a.b"``, or ``"a.b.*"`` for an f-string that starts
    with a dotted prefix (``{__package__}`` and ``{__name__}`` stand for this module's)."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value or None
    if not isinstance(arg, ast.JoinedStr):
        return None
    prefix = ""
    for part in arg.values:
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            prefix += part.value
        elif isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name) and not prefix:
            if part.value.id == "__package__":
                prefix += name if package else name.rpartition(".")[0]
            elif part.value.id == "__name__":
                prefix += name
            else:
                return None
        else:
            break
    if not prefix.endswith(".") or not all(p.isidentifier() for p in prefix[:-1].split(".")):
        return None
    return prefix + "*"


#: what ``sys.platform`` and ``os.name`` are where the site runs (Pyodide)
PYODIDE_PLATFORM = {"sys.platform": "emscripten", "os.name": "posix"}

Functions = bool | frozenset[str]


def _platform_test(test: ast.expr, platform: dict[str, str] | None) -> bool | None:
    """The value of an ``if`` test on ``sys.platform`` / ``os.name`` where the site runs, or None
    when the test is about something else."""
    if not platform:
        return None

    def value(node: ast.expr) -> str | None:
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            return platform.get(f"{node.value.id}.{node.attr}")
        return None

    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _platform_test(test.operand, platform)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        parts = [_platform_test(v, platform) for v in test.values]
        if any(p is None for p in parts):
            return None
        return all(parts) if isinstance(test.op, ast.And) else any(parts)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, op, right = value(test.left), test.ops[0], test.comparators[0]
        if left is None:
            return None
        if isinstance(right, ast.Constant) and isinstance(right.value, str):
            if isinstance(op, ast.Eq):
                return left == right.value
            if isinstance(op, ast.NotEq):
                return left != right.value
        if isinstance(right, (ast.Tuple, ast.List, ast.Set)) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in right.elts
        ):
            members = {e.value for e in right.elts if isinstance(e, ast.Constant)}
            if isinstance(op, ast.In):
                return left in members
            if isinstance(op, ast.NotIn):
                return left not in members
        return None
    if (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Attribute)
        and test.func.attr == "startswith"
        and len(test.args) == 1
        and isinstance(test.args[0], ast.Constant)
        and isinstance(test.args[0].value, str)
    ):
        subject = value(test.func.value)
        return None if subject is None else subject.startswith(test.args[0].value)
    return None


def imports_of(
    source: str, name: str, package: bool, functions: Functions, platform: dict[str, str] | None = None
) -> Imports:
    """What module ``name`` (``package``: an ``__init__.py``) imports (see the module docstring).

    Includes, for ``from p import x``, the name ``p.x`` (a module or not: callers keep the names
    that are modules). Raises SyntaxError for a source that does not parse.
    """
    found = Imports(set(), [])

    def visit(nodes: Iterable[ast.AST], into: set[str], inside: bool, top: bool) -> None:
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                named = top and not isinstance(node, ast.Lambda) and isinstance(functions, frozenset)
                deep = inside or functions is True or (named and node.name in functions)  # type: ignore[union-attr,operator]
                if isinstance(node, ast.ClassDef):  # a class body runs at import; its methods are functions
                    visit(node.body, into, deep, False)
                elif deep:
                    visit(node.body if isinstance(node.body, list) else [node.body], into, True, False)
                continue
            if isinstance(node, ast.If):
                taken = _platform_test(node.test, platform)
                if is_type_checking(node.test) or is_main_guard(node.test) or taken is False:
                    visit(node.orelse, into, inside, top)
                    continue
                if taken is True:
                    visit(node.body, into, inside, top)
                    continue
            if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
                tried: set[str] = set()
                visit(node.body, tried, inside, top)
                into.update(tried)
                for handler in node.handlers:
                    instead: set[str] = set()
                    visit(handler.body, instead, inside, top)
                    if _catches_import_error(handler):
                        found.fallbacks.append((frozenset(tried), frozenset(instead)))
                    else:
                        into.update(instead)
                visit(node.orelse + node.finalbody, into, inside, top)
                continue
            if isinstance(node, ast.Import):
                into.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(node.module, node.level, name, package)
                if base:
                    into.add(base)
                    into.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
            elif isinstance(node, ast.Call) and node.args:
                func = node.func
                callee = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
                target = _literal_target(node.args[0], name, package) if callee in _IMPORT_CALLS else None
                if target and not target.startswith("."):
                    into.add(target)
            visit(ast.iter_child_nodes(node), into, inside, top and isinstance(node, (ast.If, ast.Try)))

    visit(ast.parse(source).body, found.names, False, True)
    return found


def parents(name: str) -> list[str]:
    """``a.b.c`` → ``["a", "a.b", "a.b.c"]``: what importing ``a.b.c`` runs."""
    parts = name.split(".")
    return [".".join(parts[:k]) for k in range(1, len(parts) + 1)]


def closure(
    index: Index,
    roots: Iterable[str],
    functions: Callable[[str], Functions],
    available: Callable[[str], bool] = lambda _name: False,
    never: Iterable[str] = (),
) -> tuple[set[str], set[str]]:
    """The modules of ``index`` reached from ``roots`` by importing, and the names reached that
    ``index`` does not hold (built-in modules, modules of another index, names that are not
    modules). ``functions(name)``: whose function bodies count in ``name`` (see :func:`imports_of`).
    ``available(name)``: whether a name outside ``index`` can be imported (a built-in module):
    an ``except ImportError`` fallback is followed only when one of its tried names cannot.
    ``never``: modules (with their submodules) not followed where only a function body imports
    them; a module-level import of one is followed all the same (importing needs it)."""
    never = tuple(never)

    def followed(target: str, module_level: set[str]) -> bool:
        return target in module_level or not any(target == n or target.startswith(n + ".") for n in never)

    seen: set[str] = set()
    outside: set[str] = set()
    todo = list(roots)

    def found(name: str) -> bool:  # a module, or a name defined in a module (from m import name)
        parent = name.rpartition(".")[0]
        return name in index or available(name) or (bool(parent) and (parent in index or available(parent)))

    while todo:
        target = todo.pop()
        if target.endswith(".*"):
            todo.extend(index.under(target[:-1]))
            continue
        for name in parents(target):
            if name in seen or name in outside:
                continue
            if name not in index:
                outside.add(name)
                continue
            seen.add(name)
            imports = index.imports(name, functions(name))
            module_level = index.imports(name, False).names if never else imports.names
            todo.extend(t for t in imports.names if followed(t, module_level))
            for tried, instead in imports.fallbacks:
                if not all(found(t) for t in tried):
                    todo.extend(instead)
    return seen, outside
