"""Python sources without their prose: docstrings blanked, comments dropped, every line in place.

Pure Python (standard library only). tools/build_site.py strips the app's modules (the UI package,
the engine, the vendored pure-Python packages) before it compiles or ships them: the first visit
downloads less, and tracebacks still point at the right lines.

:func:`strip` blanks docstrings to ``''`` (``__doc__`` stays a string) and drops comments; the
result is checked to parse to the same syntax tree, every statement on the same line, as the
original with its docstrings blanked.
"""

from __future__ import annotations

import ast
import io
import tokenize


def _docstrings(tree: ast.Module) -> list[ast.Expr]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                out.append(first)
    return out


def _shape(tree: ast.Module) -> tuple[str, list[int]]:
    """What must not change: the tree without positions, and the line of every statement."""
    lines = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.stmt)]
    return ast.dump(tree, include_attributes=False), lines


def strip(source: str) -> str:
    """``source`` with docstrings blanked to ``''`` and comments dropped, lines kept in place.

    Raises ValueError if the result would not be the same program (it never should; the check
    guards against a tokenizer quirk) and SyntaxError for a source that does not parse.
    """
    tree = ast.parse(source)  # parsed once: its docstrings are cut out, then blanked for the check
    docstrings = _docstrings(tree)
    lines = source.splitlines(keepends=True)
    # AST columns count UTF-8 bytes: edit each line as bytes
    raw = [line.encode("utf-8") for line in lines]
    for expr in sorted(docstrings, key=lambda e: (e.lineno, e.col_offset), reverse=True):
        l0, c0, l1, c1 = expr.lineno, expr.col_offset, expr.end_lineno or expr.lineno, expr.end_col_offset or 0
        head, tail = raw[l0 - 1][:c0], raw[l1 - 1][c1:]
        raw[l0 - 1 : l1] = [head + b"''" + b"\n" * (l1 - l0) + tail]
    text = b"".join(raw).decode("utf-8")
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type != tokenize.COMMENT]
    out = "\n".join(line.rstrip() for line in tokenize.untokenize(tokens).split("\n"))
    for expr in docstrings:
        assert isinstance(expr.value, ast.Constant)
        expr.value.value = ""
    if _shape(ast.parse(out)) != _shape(tree):
        raise ValueError("stripping changed the program")
    return out
