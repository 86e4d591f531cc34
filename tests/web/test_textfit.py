"""Captions drawn in pictures fit their room (hotseat.views.textfit): measured by DejaVu Sans
Bold's advance widths, set smaller or on two lines when long; every Bunny Bunny Moose Moose card
caption in every language fits the card by that measure (the browser measures the drawn cards
in e2e/test_fit_languages.py)."""

from __future__ import annotations

import re

import pytest
import ui_helpers  # noqa: F401  (first: puts the repo root and web/ on sys.path)
from test_i18n_render import install

from hotseat import i18n
from hotseat.views.bunny_moose.drawing import card_svg
from hotseat.views.textfit import fit_caption, text_width
from pycore.games.bunny_moose import DECK

TSPAN_RE = re.compile(r'<tspan x="[^"]*" y="([^"]*)">([^<]*)</tspan>')
ONE_LINE_RE = re.compile(r'<text x="[0-9]+" (y="113") text-anchor="[a-z]+" font-size=[^>]*>([^<]+)</text>')
SIZE_RE = re.compile(r'font-size="([0-9.]+)" font-weight="900" fill="#4a3222" letter-spacing=".5"')


def test_width_by_the_letters():
    # "W" is the widest letter (1.10 em), "i" among the narrowest (0.34 em), a space 0.35 em
    assert text_width("W", 10) == pytest.approx(11.0)
    assert text_width("Wi i", 10) == pytest.approx(11.0 + 3.4 + 3.5 + 3.4)
    assert text_width("ii", 10, spacing=0.5) == pytest.approx(6.8 + 1.0)
    assert text_width("\u4e00", 10) == pytest.approx(11.0)  # not in the table: as wide as "W"


def test_one_line_two_lines_or_smaller():
    assert fit_caption("HUNTER", 142, 12.5).lines == ("HUNTER",)
    assert fit_caption("HUNTER", 142, 12.5).size == 12.5
    smaller = fit_caption("◀ UNE main ou l’AUTRE ▶", 142, 12.5, spacing=0.5)
    assert smaller.lines == ("◀ UNE main ou l’AUTRE ▶",) and 9 <= smaller.size < 12.5
    two = fit_caption("ALLE PUNKTE DREHEN SICH", 142, 12.5, spacing=0.5)
    assert two.lines == ("ALLE PUNKTE", "DREHEN SICH") and two.size == 12.5
    for line in two.lines:
        assert text_width(line, two.size, 0.5) <= 142
    # one long word cannot be broken: set as small as it needs
    word = fit_caption("W" * 30, 142, 12.5)
    assert word.lines == ("W" * 30,) and text_width("W" * 30, word.size) == pytest.approx(142, abs=0.1)
    for bad in (("", 142, 12.5), ("A", 0, 12.5), ("A", 142, 0)):
        with pytest.raises(ValueError):
            fit_caption(*bad)


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it", "es"])
def test_every_card_caption_fits_its_card(lang):
    install(lang)
    try:
        seen = set()
        for card in DECK:
            markup = str(card_svg(card, i18n.gettext))
            size = float(SIZE_RE.search(markup).group(1))
            lines = TSPAN_RE.findall(markup) or ONE_LINE_RE.findall(markup)
            for _y, text in lines:
                seen.add(text)
                assert text_width(text.replace("&#39;", "'"), size, 0.5) <= 142 + 0.01, (lang, text, size)
            assert size >= 8, (lang, lines, size)
        assert len(seen) >= 8
    finally:
        i18n.install("en")
