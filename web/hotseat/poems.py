"""The narrator's poems of Bunny Bunny Moose Moose, in the current language (BM-8).

Two poems, a short one of six lines (one per stack) and a long one of twelve; the engine's
``poem`` option picks one and its ``POEM_LINES`` says how many lines each has. Every line ends
with the words on which the narrator (or the app) turns the card: in the catalogue they stand
between ``*`` marks, the screen shows them in bold and a voice reads the line to the beat.

The poems are Hotseat's own, written anew in each language (not translated word for word), with
the same number of lines and the same beat; the rules pages (``seeds/bunny_moose*.md``) print
the same lines, and a test keeps the two in step.

>>> from hotseat import i18n
>>> i18n.install("en")
>>> first = lines("short")[0]
>>> first.words, first.ending, first.after
('Down in the woods where the', 'tall pines grow', ',')
>>> first.text
'Down in the woods where the tall pines grow,'
>>> [len(lines(kind)) for kind in KINDS]
[6, 12]
"""

from __future__ import annotations

from typing import NamedTuple

from .i18n import pgettext

#: the poems, by the engine's option value
KINDS = ("short", "long")


class PoemLine(NamedTuple):
    """One line: ``words``, then the ``ending`` read as the card turns (bold), then ``after``
    (punctuation or a closing quote after the ending, often empty)."""

    words: str
    ending: str
    after: str

    @property
    def text(self) -> str:
        """The whole line as it is read aloud."""
        return f"{self.words} {self.ending}{self.after}".strip()


class PoemError(ValueError):
    """A poem line without exactly one ``*ending*`` (a broken translation)."""


def split(line: str) -> PoemLine:
    """``"words *ending* after"`` as a :class:`PoemLine`; :class:`PoemError` without one ending.

    >>> split("a tongue stuck out might *save your head*.")
    PoemLine(words='a tongue stuck out might', ending='save your head', after='.')
    """
    parts = line.split("*")
    if len(parts) != 3 or not parts[1].strip():
        raise PoemError(f"a poem line needs exactly one *ending*: {line!r}")
    return PoemLine(parts[0].strip(), parts[1].strip(), parts[2].rstrip())


def _short() -> list[str]:
    # Translators: the short poem (6 lines), read aloud to a steady beat while a card turns on each
    # line. Write your language's own poem with the same beat and rhyme (not a word-for-word
    # translation), one line per message; the words between the * marks end the line and are read
    # as the card turns. Keep it the same as the poem on the game's rules page.
    return [
        pgettext("poem", "Down in the woods where the *tall pines grow*,"),
        pgettext("poem", "the bunnies hop high and the *moose stomp slow*;"),
        pgettext("poem", "they wiggle their ears and they *waggle their racks*,"),
        pgettext("poem", "and nobody looks at the *muddy tracks*."),
        pgettext("poem", "So keep your hands up and your *whiskers still* —"),
        pgettext("poem", "somebody\u2019s tiptoeing *over the hill!*"),
    ]


def _long() -> list[str]:
    # Translators: the long poem (12 lines); the same rules as the short one.
    return [
        pgettext("poem", "Morning mist curls round the *old oak tree*,"),
        pgettext("poem", "a bunny sneezes: *one, two, three!*"),
        pgettext("poem", "A moose looks up with a *puzzled frown*:"),
        pgettext("poem", "\u201cAre my antlers up, or *are they down?*\u201d"),
        pgettext("poem", "The river giggles, the *ferns all sway*,"),
        pgettext("poem", "the squirrels gossip the *time of day*."),
        pgettext("poem", "Ears on the top or *ears at the side*,"),
        pgettext("poem", "floppy or straight, there\u2019s *nowhere to hide*."),
        pgettext("poem", "Wide or compact, the *antlers spread*,"),
        pgettext("poem", "a tongue stuck out might *save your head*."),
        pgettext("poem", "The leaves go quiet, the *crows fly high* \u2026"),
        pgettext("poem", "somebody\u2019s boots are *creeping by!*"),
    ]


def lines(kind: str) -> list[PoemLine]:
    """The lines of poem ``kind`` (``"short"`` or ``"long"``) in the current language.

    Raises :class:`PoemError` for another kind or a broken line.
    """
    if kind not in KINDS:
        raise PoemError(f"no poem {kind!r}; the poems are {', '.join(KINDS)}")
    return [split(text) for text in (_short() if kind == "short" else _long())]
