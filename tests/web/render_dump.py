"""Render dumps: everything the app draws after every tap and tick of seeded scripts, kept as a test.

A script plays one game the way people and the app's timer do — a device moves only by a tap on
what its screen draws (``data-tap``), by ``delay_ms``/``tick``, or by what the browser glue calls
(Back, the page hidden, the rules page loaded) — and after every step takes a *record* of every
device: ``Controller.render()`` and what the glue reads besides (the delay, Back's target, the
lock, the wake lock, the rules wanted, a download). Four games at three kinds of table: a shared
phone (every seat a person at this phone), one person among bots, and a host with a player on
their own phone (the phones linked by ``Air``, the in-memory ``net.mjs`` of
``test_net_controller.py``); Bunny Bunny Moose Moose has no bots and no hidden cards, so its second
script is the app as narrator. Scripts also open and close the story, the rules and the settings
sheet, go Back, hide the page, go home and Continue, and end on the players list and a new setup
(or, with phones, a rematch).

``tests/web/render_dumps/<script>.txt`` keeps one line per record: its number, the first 16 hex
digits of its SHA-256 and the step that led to it; ``<script>.samples.json.gz`` keeps the full
record of the first step of each new ``data-screen`` and of every 50th, to show what changed. The test
(``test_render_dumps.py``) replays every script and asserts that every record is byte-identical.

A change that alters what players see on purpose regenerates the dumps, naming why (the reason is
kept at the top of each file it changed)::

    .venv/bin/python tests/web/render_dump.py record --reason "why the screens changed"

Other commands: ``check [SCRIPT...]`` (what the test does, with a report), ``dump --out DIR
[SCRIPT...]`` (every record as a file, to ``diff -r`` the dumps of two commits).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import json
import random
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":  # run as a command: the same imports as under pytest
    sys.path[:0] = [str(HERE), str(HERE.parents[1]), str(HERE.parents[1] / "web")]

from table_world import Hand, phone_view  # noqa: E402
from test_net_controller import Air, pair  # noqa: E402
from ui_helpers import MemoryStorage, taps  # noqa: E402

from hotseat import i18n  # noqa: E402
from hotseat.controller import Controller  # noqa: E402
from hotseat.net import pairing as net_pairing  # noqa: E402
from hotseat.net.wire import Wire  # noqa: E402
from hotseat.session import default_bot_hook  # noqa: E402

DUMPS = HERE / "render_dumps"
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]
SCREEN_RE = re.compile(r'data-screen="([^"]*)"')
#: digits of a record's SHA-256 kept per step (64 bits: a change can not hide in a collision)
DIGITS = 16


@dataclass(frozen=True)
class Script:
    """One seeded script: a game, its seat kinds (``human``, ``bot:easy``, ``bot:normal``,
    ``guest``), its options and the most records it takes."""

    game: str
    kinds: tuple[str, ...]
    seed: int
    options: dict = field(default_factory=dict)
    limit: int = 900


SCRIPTS: dict[str, Script] = {
    "six_nimmt-shared": Script("six_nimmt", ("human",) * 3, 3, {"rounds": 2}),
    "six_nimmt-bots": Script("six_nimmt", ("human", "bot:easy", "bot:normal"), 4, {"target_score": 30}),
    "six_nimmt-phones": Script("six_nimmt", ("human", "guest", "bot:easy"), 5, {"target_score": 25}),
    "bad_bunnies-shared": Script("bad_bunnies", ("human",) * 3, 6, {"target_score": 25}),
    "bad_bunnies-bots": Script("bad_bunnies", ("human", "bot:normal", "bot:easy"), 7, {"target_score": 25}),
    "bad_bunnies-phones": Script("bad_bunnies", ("human", "guest", "guest"), 8, {"target_score": 20}),
    "dog-shared": Script("dog", ("human",) * 4, 9),
    "dog-bots": Script("dog", ("human", "bot:normal", "bot:easy", "bot:normal"), 10),
    "dog-phones": Script("dog", ("human", "guest"), 11),
    "bunny_moose-shared": Script("bunny_moose", ("human",) * 3, 12),
    "bunny_moose-app": Script("bunny_moose", ("human",) * 4, 13, {"narrator": "app", "poem": "long"}),
}


# ---- the one place that knows where the app keeps a turn (to choose a move, never to record) ---


def _turn_of(c: Controller) -> tuple[int, dict, list[dict]] | None:
    """The seat acting on ``c``'s screen, its observation and legal actions, or ``None``."""
    view = phone_view(c) if c.joined is not None else None
    if view is not None:
        return (c.joined.guest.seat, view["obs"], view["legal"]) if view["legal"] else None
    s = c.session
    seat = None if s is None else s.actor  # the viewer, or a seat choosing on the public table
    if s is None or seat is None or seat not in s.state.current_players():
        return None
    obs = json.loads(json.dumps(s.state.observation(seat)))
    return seat, obs, s.state.legal_actions(seat)


# ---- a table --------------------------------------------------------------------------------------


@contextmanager
def _seeded_ids(seed: int) -> Iterator[None]:
    """The host's rooms, epochs and tokens from a seeded generator (they show in pairing codes),
    and a clock that stands still (how long a phone has been away shows on the host's screen)."""
    rng = random.Random(seed)
    real, clock = net_pairing.new_id, Wire.clock
    net_pairing.new_id = lambda length, token_bytes=None: real(length, rng.randbytes)
    Wire.clock = staticmethod(lambda: 0.0)  # a phone away stays only just gone: its grace never ends
    try:
        yield
    finally:
        net_pairing.new_id, Wire.clock = real, clock


#: the page-wide table number in a sound cue's key (``data-fx-key="m3-…"``, hotseat.cues)
TABLE_NUMBER = re.compile(r'(data-fx-key="m)\d+-')


def screen_of(markup: str) -> str:
    m = SCREEN_RE.search(markup)
    return m.group(1) if m else ""


class Run:
    """One script being played: its devices, the people's hands, the records taken."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.rng = random.Random(script.seed)
        self.air = Air()
        hook = default_bot_hook() if any(k.startswith("bot:") for k in script.kinds) else None
        self.host = Controller(MemoryStorage(), bot_hook=hook, seed_fn=lambda: script.seed)
        self.devices: list[Controller] = [self.host]
        self.seats: list[int | None] = [None]  # the seat each phone plays (the host: several)
        self.hands = {seat: Hand(script.game, random.Random(script.seed * 31 + seat)) for seat in range(6)}
        self.records: list[tuple[str, str]] = []  # (step, record)
        self.markup: dict[int, str] = {}
        self.open: dict[int, str] = {}  # device -> the overlay it opened (closed at its next step)

    # ---- records ----------------------------------------------------------------------------

    def take(self, step: str, dedupe: bool = False) -> None:
        """Record every device after ``step`` (a tick that changed nothing is not recorded: a
        bot's thinking takes as many slices as the machine needs)."""
        self.air.run(*self.devices)
        parts = []
        for k, c in enumerate(self.devices):
            markup = str(c.render())
            self.markup[k] = markup
            # a sound cue's table number counts the tables drawn in this process: the same script
            # gets another one after other tests, so the record keeps the rest of the key
            markup = TABLE_NUMBER.sub(r"\1#-", markup)
            download = c.download
            c.download = None
            glue = {
                "delay": c.delay_ms(),
                "back": c.back_target(),
                "lock": c.locks.wanted,
                "wake": c.wants_wake_lock,
                "rules": c.sheets.rules_wanted,
                "download": None if download is None else [download["name"], _digest(download["text"])],
            }
            parts.append(f"<!-- device {k} {json.dumps(glue, sort_keys=True)} -->\n{markup}")
        record = "\n".join(parts)
        if dedupe and self.records and self.records[-1][1] == record:
            return
        self.records.append((step, record))

    # ---- driving ----------------------------------------------------------------------------

    def tap(self, k: int, tap: dict, fields: dict | None = None) -> None:
        self.devices[k].tap(dict(tap, fields=fields or {}))
        self.take(f"d{k} tap {json.dumps(tap, sort_keys=True)}")

    def tap_where(self, k: int, pred, fields: dict | None = None) -> bool:
        options = [t for t in taps(self.markup[k]) if pred(t)]
        if not options:
            return False
        self.tap(k, options[0], fields)
        return True

    def setup(self) -> None:
        s = self.script
        self.take("start")
        self.tap(0, {"shell": "players"})
        self.back(0)
        self.tap(0, {"shell": "new", "game": s.game})
        for _ in range(2):  # setup starts at 3 seats, or the game's fewest
            self.tap_where(0, lambda t: t.get("shell") == "count" and t.get("delta") == -1)
        for _ in range(len(s.kinds) - 2):
            self.tap_where(0, lambda t: t.get("shell") == "count" and t.get("delta") == 1)
        for seat, kind in enumerate(s.kinds):
            if kind != "human":
                self.tap(0, {"shell": "kind", "seat": seat, "kind": kind})
        fields = {f"name-{i}": NAMES[i] for i in range(len(s.kinds))}
        for name, value in s.options.items():
            tap = {"shell": "opt", "name": name, "value": value}
            if tap in taps(self.markup[0]):
                self.tap(0, tap)
            else:  # a number typed into its field
                fields[f"opt-{name}"] = str(value)
        self.tap(0, {"shell": "start"}, fields)
        for seat, kind in enumerate(s.kinds):
            if kind == "guest":
                phone = Controller(MemoryStorage(), bot_hook=None)
                self.devices.append(phone)
                self.seats.append(seat)
                pair(self.air, self.host, phone, seat)
                self.take(f"paired seat {seat}")

    def back(self, k: int) -> None:
        self.devices[k].back()
        self.take(f"d{k} back")

    def extra(self, k: int) -> None:
        """Something besides the game: the story, the rules, the settings sheet, Back, the page
        hidden, or home and Continue."""
        c = self.devices[k]
        choice = self.rng.choice(["story", "rules", "settings", "back", "hide", "home"])
        if choice == "story" and self.tap_where(k, lambda t: t == {"shell": "story", "do": "open"}):
            self.open[k] = "story"
        elif choice == "rules" and self.tap_where(k, lambda t: t.get("shell") == "rules"):
            if c.sheets.rules_wanted is not None:
                c.sheets.rules_loaded(c.sheets.rules_wanted, None)  # no rules page: the view's own summary
                self.take(f"d{k} rules loaded")
            self.open[k] = "rules"
        elif choice == "settings" and self.tap_where(k, lambda t: t.get("shell") == "settings"):
            settings = [t for t in taps(self.markup[k]) if t.get("shell") == "setting" and t.get("name") != "language"]
            if settings and self.rng.random() < 0.6:
                self.tap(k, self.rng.choice(settings))
            self.open[k] = "settings"
        elif choice == "back":
            self.back(k)
        elif choice == "hide":
            c.page_hidden()
            self.take(f"d{k} hidden")
            if c.net_started is not None:  # (every device here: the air reads each one's wire)
                if c.joined is not None:
                    c.joined.resumed()  # a phone at another's table asks for the newest view
                self.take(f"d{k} shown")
        elif choice == "home" and k == 0:
            self.tap(0, {"shell": "menu"})
            self.tap_where(0, lambda t: t.get("shell") == "resume" and t.get("game") == self.script.game)

    def step(self, k: int) -> bool:
        """One step of device ``k``; False when it waits for someone else."""
        c = self.devices[k]
        markup = self.markup[k]
        if k in self.open:
            kind = self.open.pop(k)
            if kind == "story":
                self.tap(k, {"shell": "story", "do": "close"})
            else:
                self.tap(k, {"shell": "close"})
            return True
        if self.rng.random() < 0.03:
            self.extra(k)
            return True
        screen = screen_of(markup)
        if k == 0 and screen == "home":  # Back or the menu left the game: Continue
            self.tap_where(0, lambda t: t.get("shell") == "resume" and t.get("game") == self.script.game)
            return True
        if k > 0 and screen in ("guest-lost", "home") and screen_of(self.markup[0]) not in ("home", "players"):
            self.rejoin(k)
            return True
        if c.delay_ms() is not None:
            c.tick()
            self.take(f"d{k} tick", dedupe=True)
            return True
        options = taps(markup)
        shells = {t["shell"]: t for t in options if "shell" in t}
        for name in ("show", "continue"):
            if name in shells and self.rng.random() < 0.9:
                if name == "continue" and "details" in shells and self.rng.random() < 0.3:
                    self.tap(k, shells["details"])
                self.tap(k, shells[name])
                return True
        turn = _turn_of(c)
        if turn is None or not screen.endswith("turn"):
            return False
        seat, obs, legal = turn
        if "undo" in shells and self.rng.random() < 0.1:
            self.tap(k, shells["undo"])
            return True
        game_taps = [t for t in options if "shell" not in t]
        if game_taps and self.rng.random() < 0.12:
            self.tap(k, self.rng.choice(game_taps))
            return True
        tap = self.hands[seat].tap_towards(options, obs, legal)
        if tap is None and game_taps:  # a game whose taps the hand does not know: a kind of tap at random
            kinds: dict[str, list[dict]] = {}
            for t in game_taps:
                kind = json.dumps(sorted((key, v) for key, v in t.items() if isinstance(v, str)))
                kinds.setdefault(kind, []).append(t)
            tap = self.rng.choice(kinds[self.rng.choice(sorted(kinds))])
        if tap is None:
            return False
        self.tap(k, tap)
        return True

    def rejoin(self, k: int) -> None:
        """Phone ``k`` lost the table: it scans the host's code for its seat again."""
        seat = self.seats[k]
        self.tap_where(k, lambda t: t.get("shell") == "net" and t.get("do") in ("rescan", "join"))
        pair(self.air, self.host, self.devices[k], seat)
        self.take(f"d{k} rejoined seat {seat}")

    def over(self) -> bool:
        return screen_of(self.markup[0]) == "over"

    def finish(self) -> None:
        """After the game: the story's replay, then (one phone) the players list and a new setup,
        or (with phones) a rematch."""
        if self.tap_where(0, lambda t: t.get("shell") == "details"):
            self.tap_where(0, lambda t: t.get("shell") == "details")
        if self.tap_where(0, lambda t: t == {"shell": "story", "do": "replay"}):
            for _ in range(3):
                self.tap_where(0, lambda t: t.get("shell") == "story" and t.get("do") == "step" and t.get("to", 0) > 0)
            self.back(0)
        if len(self.devices) > 1:
            self.tap(0, {"shell": "rematch"})
            for _ in range(12):
                for k in range(len(self.devices)):
                    self.step(k)
            return
        self.tap(0, {"shell": "menu"})
        self.tap(0, {"shell": "players"})
        if self.tap_where(0, lambda t: t.get("shell") == "pl_rename"):
            self.tap(0, {"shell": "pl_save"}, {"pl-name": "Ann-Marie"})
        self.tap_where(0, lambda t: t.get("shell") == "pl_clear")
        self.tap_where(0, lambda t: t.get("shell") == "pl_yes")
        self.back(0)
        self.tap(0, {"shell": "new", "game": self.script.game})

    def play(self) -> list[tuple[str, str]]:
        i18n.install(i18n.SOURCE)
        with _seeded_ids(self.script.seed):
            self.setup()
            idle = 0
            while len(self.records) < self.script.limit and not self.over():
                k = self.rng.randrange(len(self.devices))
                moved = self.step(k) or any(self.step(j) for j in range(len(self.devices)) if j != k)
                idle = 0 if moved else idle + 1
                assert idle < 40, f"nothing moves: {[screen_of(m) for m in self.markup.values()]}"
            if self.over():
                self.finish()
        return self.records


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGITS]


# ---- the stored dumps -----------------------------------------------------------------------------


def lines_of(records: list[tuple[str, str]]) -> list[str]:
    return [f"{i} {_digest(record)} {step}" for i, (step, record) in enumerate(records)]


def samples_of(records: list[tuple[str, str]]) -> dict[str, str]:
    """The full record of the first step of each new set of ``data-screen`` values, and of every 50th."""
    seen: set[str] = set()
    out = {}
    for i, (_step, record) in enumerate(records):
        screens = " ".join(SCREEN_RE.findall(record))
        if screens not in seen or i % 50 == 0:
            seen.add(screens)
            out[str(i)] = record
    return out


def stored(name: str) -> tuple[list[str], list[str]]:
    """``(reasons, lines)`` of a stored dump (``[], []`` when there is none)."""
    path = DUMPS / f"{name}.txt"
    if not path.is_file():
        return [], []
    text = path.read_text(encoding="utf-8").splitlines()
    return [t for t in text if t.startswith("#")], [t for t in text if t and not t.startswith("#")]


def stored_samples(name: str) -> dict[str, str]:
    path = DUMPS / f"{name}.samples.json.gz"
    return json.loads(gzip.decompress(path.read_bytes())) if path.is_file() else {}


def write(name: str, records: list[tuple[str, str]], reason: str) -> bool:
    """Store the dump of ``name``; False (and nothing written) when it has not changed."""
    reasons, lines = stored(name)
    new = lines_of(records)
    if new == lines:
        return False
    DUMPS.mkdir(exist_ok=True)
    header = [*reasons, f"# {reason.strip()}"]
    (DUMPS / f"{name}.txt").write_text("\n".join([*header, *new]) + "\n", encoding="utf-8")
    data = json.dumps(samples_of(records), sort_keys=True).encode("utf-8")
    (DUMPS / f"{name}.samples.json.gz").write_bytes(gzip.compress(data, mtime=0))
    return True


def difference(name: str, records: list[tuple[str, str]]) -> str | None:
    """``None`` when ``records`` match the stored dump, else what differs (for a failing test)."""
    _reasons, lines = stored(name)
    new = lines_of(records)
    if new == lines:
        return None
    if not lines:
        return f"{name}: no stored dump (record it: tests/web/render_dump.py record --reason ...)"
    first = next(
        (i for i, (a, b) in enumerate(zip(lines, new)) if a.split()[1] != b.split()[1]), min(len(lines), len(new))
    )
    changed = sum(a.split()[1] != b.split()[1] for a, b in zip(lines, new)) + abs(len(lines) - len(new))
    out = [
        f"{name}: {changed} of {len(lines)} records differ ({len(new)} now); the first is record {first}",
        f"  stored: {lines[first] if first < len(lines) else '(none)'}",
        f"  now:    {new[first] if first < len(new) else '(none)'}",
    ]
    samples = stored_samples(name)
    if str(first) in samples and first < len(records):
        old, now = samples[str(first)], records[first][1]
        at = next((i for i, (x, y) in enumerate(zip(old, now)) if x != y), min(len(old), len(now)))
        out += [
            f"  the record stored in full differs from character {at} on:",
            f"    stored: ...{old[max(0, at - 80) : at + 120]!r}",
            f"    now:    ...{now[max(0, at - 80) : at + 120]!r}",
        ]
    else:
        out.append("  (that record is not stored in full: `dump --out DIR` on both commits, then diff -r)")
    out.append(
        "  If the change is meant, record the dumps again with its reason: "
        'tests/web/render_dump.py record --reason "..."'
    )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("record", help="play the scripts and store their dumps")
    p.add_argument("--reason", required=True, help="why what the app draws changed (kept in the files)")
    p.add_argument("scripts", nargs="*")
    p = sub.add_parser("check", help="play the scripts and compare them with the stored dumps")
    p.add_argument("scripts", nargs="*")
    p = sub.add_parser("dump", help="write every record of the scripts as files")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("scripts", nargs="*")
    args = parser.parse_args(argv)
    names = args.scripts or list(SCRIPTS)
    unknown = [n for n in names if n not in SCRIPTS]
    if unknown:
        parser.error(f"unknown scripts {unknown}; known: {', '.join(SCRIPTS)}")
    if args.cmd == "record" and len(args.reason.strip()) < 10:
        parser.error("--reason: say in a sentence why the screens changed")
    bad = 0
    for name in names:
        records = Run(SCRIPTS[name]).play()
        if args.cmd == "record":
            print(f"{name}: {len(records)} records, {'written' if write(name, records, args.reason) else 'unchanged'}")
        elif args.cmd == "check":
            problem = difference(name, records)
            print(problem or f"{name}: {len(records)} records identical")
            bad += problem is not None
        else:
            folder = args.out / name
            folder.mkdir(parents=True, exist_ok=True)
            for i, (step, record) in enumerate(records):
                (folder / f"{i:04d}.html").write_text(f"<!-- {html.escape(step)} -->\n{record}\n", encoding="utf-8")
            print(f"{name}: {len(records)} records in {folder}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
