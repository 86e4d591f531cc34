"""HTML that is safe by construction: every screen is built from :class:`Markup` with :func:`h`.

:class:`Markup` is markupsafe's ``str`` subclass for text that is already HTML. :func:`h` builds
one element: its tag and attribute names must be plain names written in code (a name that comes
from data raises ``ValueError``), and every attribute value and every child that is not already
``Markup`` is escaped. Adding ``str`` to ``Markup`` (``+``, :meth:`Markup.join`,
:meth:`Markup.format`) escapes it too. So a player's name, a translated sentence or a value read
back from storage can reach the page only as text, never as an element or an attribute.

The one way to mark text as HTML without escaping is :func:`trusted`, for constant snippets
written in the source (icons); never call it on a value computed at run time.

>>> h("p", {"class": ["note", None, "bad"]}, "Ann <3 Bob")
Markup('<p class="note bad">Ann &lt;3 Bob</p>')
>>> h("button", {"type": "button", "data-tap": {"shell": "menu"}, "disabled": True}, "Menu")
Markup('<button type="button" data-tap="{&#34;shell&#34;:&#34;menu&#34;}" disabled>Menu</button>')
>>> h("ul", None, [h("li", None, name) for name in ("Ann", "<b>")])
Markup('<ul><li>Ann</li><li>&lt;b&gt;</li></ul>')
>>> h("div", {"onclick": "x()"})
Traceback (most recent call last):
  ...
ValueError: attribute name not allowed: 'onclick'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeAlias

from markupsafe import Markup, escape

__all__ = ["Markup", "escape", "h", "fragment", "trusted", "join", "Child", "AttrValue"]

#: what may stand as a child of an element: markup, text (escaped), numbers, nothing, or an
#: iterable of those (flattened)
Child: TypeAlias = Markup | str | int | float | None | Iterable["Child"]
#: an attribute value: text (escaped), a number, True (a bare attribute), None/False (left out),
#: for ``class`` a list of names (falsy ones skipped), for ``data-*`` a dict or list (sent as JSON)
#: (typed ``Sequence`` so that a ``list[str]`` fits; at run time only a list or a tuple is accepted)
AttrValue: TypeAlias = str | int | float | bool | None | Mapping[str, object] | Sequence[object]

_TAG = re.compile(r"[a-z][a-z0-9]*\Z")
_ATTR = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*\Z")
#: elements that take no children and no end tag
VOID = frozenset({"area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"})
#: attributes whose value is a URL: only relative URLs, fragments and inline images
_URL_ATTRS = frozenset({"href", "src", "action", "formaction"})
_SCHEME = re.compile(r"\s*[a-zA-Z][a-zA-Z0-9+.-]*:")
#: tag and attribute names already found allowed (plain ``str`` only, so the check runs once per name)
_CHECKED_TAGS: set[str] = set()
_CHECKED_ATTRS: set[str] = set()


def trusted(snippet: str) -> Markup:
    """Mark a constant HTML snippet written in the source (an SVG icon) as markup, unescaped.

    Only for literals: a value that comes from a player, a translation, an observation or
    storage must go through :func:`h` or ``Markup +`` instead.
    """
    return Markup(snippet)


def _attr_text(name: str, value: AttrValue) -> str | None:
    """The escaped text of one attribute value, or ``None`` to leave the attribute out."""
    if type(value) is str and name not in _URL_ATTRS:  # the common case, first
        return _quote(value)
    if value is None or value is False:
        return None
    if value is True:
        return ""
    if isinstance(value, (list, tuple)) and name == "class":
        text = " ".join(str(v) for v in value if v)
        return None if not text else _quote(text)
    if isinstance(value, (Mapping, list, tuple)):
        if not name.startswith("data-"):
            raise ValueError(f"attribute {name!r} takes text, got {type(value).__name__}")
        return _quote(json.dumps(value, separators=(",", ":"), sort_keys=True))
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return float.__repr__(value)
    if not isinstance(value, str):
        raise TypeError(f"attribute {name!r}: cannot use {type(value).__name__} as a value")
    text = str.__str__(value)  # plain text, even when a Markup was passed: attributes are escaped
    if name in _URL_ATTRS and _SCHEME.match(text) and not text.startswith("data:image/"):
        raise ValueError(f"attribute {name!r}: only relative URLs are allowed, got {text[:40]!r}")
    return _quote(text)


def _quote(text: str) -> str:
    """``text`` escaped as markupsafe's ``escape`` does, as a plain ``str`` (no Markup built)."""
    return (
        str.__str__(text)
        .replace("&", "&amp;")
        .replace(">", "&gt;")
        .replace("<", "&lt;")
        .replace("'", "&#39;")
        .replace('"', "&#34;")
    )


def _children(out: list[str], child: Child) -> None:
    kind = type(child)
    if kind is Markup:  # the common cases, first
        out.append(str.__str__(child))
        return
    if kind is str:
        out.append(_quote(child))  # type: ignore[arg-type]  # kind is type(child): a str
        return
    if kind is tuple or kind is list:
        for item in child:  # type: ignore[union-attr]  # kind is type(child): a tuple or a list
            _children(out, item)
        return
    if child is None or child is False or child is True:
        return
    if isinstance(child, Markup):
        out.append(str.__str__(child))
    elif isinstance(child, str):
        out.append(_quote(child))
    elif isinstance(child, int):
        out.append(int.__repr__(child))  # the number itself, whatever a subclass's str() says
    elif isinstance(child, float):
        out.append(float.__repr__(child))
    elif isinstance(child, Iterable):
        for item in child:
            _children(out, item)
    else:
        raise TypeError(f"cannot render {type(child).__name__} as HTML")


def h(tag: str, attrs: Mapping[str, AttrValue] | None = None, /, *children: Child) -> Markup:
    """One element ``<tag attrs>children</tag>`` as :class:`Markup`.

    Args:
        tag: a lower-case element name written in code (``"div"``, ``"svg"``, ``"path"``).
        attrs: attribute name → value (see :data:`AttrValue`); names are lower-case with
            dashes (``"aria-label"``, ``"data-tap"``); SVG's camel-case names are written in lower
            case (``"viewbox"``): the HTML parser restores their case inside ``<svg>``. Event
            handler attributes (``on…``) are refused.
        children: see :data:`Child`; ``str`` is escaped, ``Markup`` kept, iterables flattened.

    Raises:
        ValueError: a tag or attribute name that is not a plain name, an ``on…`` attribute, a
            URL with a scheme, or children given to a void element.
        TypeError: a child or value of a type that has no HTML form.
    """
    if tag not in _CHECKED_TAGS:
        if type(tag) is not str or not _TAG.match(tag):
            raise ValueError(f"tag name not allowed: {tag!r}")
        _CHECKED_TAGS.add(tag)
    parts = ["<", tag]
    if attrs:
        for name, value in attrs.items():
            if name not in _CHECKED_ATTRS:
                if type(name) is not str or not _ATTR.match(name) or name.startswith("on"):
                    raise ValueError(f"attribute name not allowed: {name!r}")
                _CHECKED_ATTRS.add(name)
            text = _attr_text(name, value)
            if text is None:
                continue
            parts.append(f' {name}="{text}"' if value is not True else f" {name}")
    parts.append(">")
    if tag in VOID:
        if any(c is not None for c in children):
            raise ValueError(f"<{tag}> takes no children")
        return Markup("".join(parts))
    _children(parts, children)
    parts.append(f"</{tag}>")
    return Markup("".join(parts))


def fragment(*children: Child) -> Markup:
    """Several children side by side as one :class:`Markup` (``str`` escaped).

    >>> fragment("a < b", h("br"), 3)
    Markup('a &lt; b<br>3')
    """
    out: list[str] = []
    _children(out, children)
    return Markup("".join(out))


def join(separator: str | Markup, items: Iterable[Child]) -> Markup:
    """``items`` with ``separator`` between them (both escaped unless already markup).

    >>> join(", ", ["Ann", h("b", None, "Bob")])
    Markup('Ann, <b>Bob</b>')
    """
    sep = separator if isinstance(separator, Markup) else escape(separator)
    return sep.join(fragment(item) for item in items)
