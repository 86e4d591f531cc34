"""tools/pystrip.py: what the site ships of each module is the same program, prose removed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from pystrip import strip  # noqa: E402

SOURCE = '''"""Module doc,
over two lines."""
import os  # why os


class Seat:
    """A seat."""

    label = "# not a comment"  # a comment

    def name(self):
        """The seat's name.

        Long.
        """
        return f"seat #{self.label}"  # trailing


def pick():  # pick one
    # only a comment
    return 1
'''


def test_strip_blanks_docstrings_drops_comments_and_keeps_every_line() -> None:
    out = strip(SOURCE)
    assert "Module doc" not in out and "A seat." not in out and "Long." not in out
    assert "why os" not in out and "trailing" not in out and "only a comment" not in out
    assert 'label = "# not a comment"' in out and 'f"seat #{self.label}"' in out
    assert len(out.splitlines()) == len(SOURCE.splitlines())
    lines = out.splitlines()
    assert lines[2] == "import os"
    assert lines[12 - 1].strip() == "''"  # the method's docstring starts where it started
    assert lines[16 - 1].strip() == 'return f"seat #{self.label}"'
    namespace: dict = {}
    exec(compile(out, "<stripped>", "exec"), namespace)
    assert namespace["__doc__"] == ""
    assert namespace["Seat"].__doc__ == "" and namespace["Seat"]().name() == "seat ## not a comment"
    assert namespace["pick"]() == 1


def test_strip_refuses_a_source_that_does_not_parse() -> None:
    with pytest.raises(SyntaxError):
        strip("def f(:\n    pass\n")


@pytest.mark.parametrize(
    ("old", "new", "same"),
    [
        ("return 1", "return 2", False),  # another value
        ("def pick():", "\ndef pick():", False),  # a statement a line lower
        ("return 1", "return (1)", True),  # the same tree, the same lines: accepted
    ],
)
def test_strip_checks_that_its_result_is_the_same_program(monkeypatch, old, new, same) -> None:
    """The check every shipped module passes through: the stripped text parses to the same tree
    (docstrings blanked) with every statement on its line, or strip raises ValueError."""
    import pystrip

    real = pystrip.tokenize.untokenize
    monkeypatch.setattr(pystrip.tokenize, "untokenize", lambda tokens: real(tokens).replace(old, new))
    if same:
        assert new in strip(SOURCE)
    else:
        with pytest.raises(ValueError, match="changed the program"):
            strip(SOURCE)


def _package_dir(package: str) -> Path:
    """The sources of ``package`` as this interpreter imports them (inside Pyodide the engine
    comes from its wheel, not from the checkout)."""
    if package == "pycore":
        import pycore

        return Path(pycore.__file__).parent
    return ROOT / package


@pytest.mark.parametrize("package", ["pycore", "web/hotseat"])
def test_every_shipped_module_strips_to_the_same_program(package: str) -> None:
    files = sorted(_package_dir(package).rglob("*.py"))
    assert len(files) > 10
    for path in files:
        source = path.read_text(encoding="utf-8")
        # strip() itself parses the result and compares it with the source's tree, docstrings
        # blanked, every statement on its line (the test above shows that check refusing)
        out = strip(source)
        assert len(out) <= len(source), path
