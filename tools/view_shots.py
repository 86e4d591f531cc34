"""Screenshots of the same game screens from two builds of the app, compared pixel by pixel.

A change that should not alter what players see (moving CSS into ``web/style.css``, building the
views' HTML with ``hotseat.markup``) is proven by shooting the same seeded screens from the site
built before it and the site built after it, and comparing the PNGs with Pillow::

    python tools/view_shots.py shoot --site OLD/build/site --out shots/before
    python tools/view_shots.py shoot --site build/site --out shots/after
    python tools/view_shots.py compare shots/before shots/after

``shoot`` serves the site with ``tools/serve.py`` on a free port and drives Debian's Chromium
(headless, reduced motion, device scale 2). Every scenario below plays a seeded game in CPython
with the site's OWN engine and UI package (the archives ``wheels/*.tar.xz`` and ``hotseat.tar.xz``
of that build, or the sources of the checkout it was built in when they ship as bytecode, in a
subprocess, so both builds get a save they can read), stores the save in ``localStorage`` before the app starts,
taps Continue and then the scenario's taps, and shoots each named screen full-page at 390×844,
844×390 and 360×640. ``compare`` reports, per file, identical or the number of
differing pixels and their bounding box; it exits 1 if any file differs or is missing on one side.
``--only GAME`` limits ``shoot`` to the scenarios of one game; ``--lang`` and ``--theme`` store
those settings before the app starts (default: the browser's language, the phone's light mode);
``--window`` shoots what the window shows instead of the full page, at the top and (``-end``)
scrolled to the bottom, as a player sees the screen.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from browser_run import ARGS, CHROMIUM, free_port  # shared with the browser tests and the benchmarks

ROOT = Path(__file__).resolve().parent.parent
VIEWPORTS = ((390, 844), (844, 390), (360, 640))
NAMES = ["Ann", "Bob", "Cy", "Dee"]

# ---- scenarios ----------------------------------------------------------------------------------
# Each: game, players, seed, options, "until" (the name of a stop condition below, checked before
# every action of a seeded random game), and "steps" in the browser after Continue:
#   ["shot", name] | ["show"] (Show my cards) | ["click", css selector] (its first match)
#   | ["wait", css selector]

SCENARIOS: list[dict] = [
    {
        "id": "sn-turn",
        "game": "six_nimmt",
        "players": 3,
        "seed": 4,
        "options": {},
        "until": "sn_one_picked",
        "steps": [["shot", "curtain"], ["show"], ["shot", "hand"], ["click", ".hand button.card"], ["shot", "pending"]],
    },
    {
        "id": "sn-mid",
        "game": "six_nimmt",
        "players": 4,
        "seed": 9,
        "options": {},
        "until": "sn_turn6",
        "steps": [["shot", "curtain"], ["show"], ["shot", "hand"]],
    },
    {
        "id": "sn-row",
        "game": "six_nimmt",
        "players": 3,
        "seed": 11,
        "options": {},
        "until": "choose_row",
        "steps": [["shot", "curtain"], ["show"], ["shot", "choose"], ["click", "button.row"], ["shot", "chosen"]],
    },
    {
        "id": "sn-summary",
        "game": "six_nimmt",
        "players": 3,
        "seed": 5,
        "options": {},
        "until": "summary",
        "steps": [["shot", "summary"], ["click", ".took-toggle"], ["shot", "details"]],
    },
    {
        "id": "sn-over",
        "game": "six_nimmt",
        "players": 3,
        "seed": 6,
        "options": {"target_score": 20},
        "until": "over",
        "steps": [["shot", "over"]],
    },
    {
        "id": "bb-start",
        "game": "bad_bunnies",
        "players": 3,
        "seed": 3,
        "options": {},
        "until": "start",
        "steps": [["shot", "curtain"], ["show"], ["shot", "hand"], ["click", ".bb-card.ok"], ["shot", "say"]],
    },
    {
        "id": "bb-mid",
        "game": "bad_bunnies",
        "players": 4,
        "seed": 8,
        "options": {},
        "until": "bb_pile4",
        "steps": [["shot", "curtain"], ["show"], ["shot", "hand"], ["click", ".bb-pass"], ["shot", "pass"]],
    },
    {
        "id": "bb-choose",
        "game": "bad_bunnies",
        "players": 3,
        "seed": 2,
        "options": {},
        "until": "bb_choose",
        "steps": [
            ["shot", "curtain"],
            ["show"],
            ["shot", "choose"],
            ["click", ".bb-choose .primary"],
            ["shot", "pending"],
        ],
    },
    {
        "id": "bb-summary",
        "game": "bad_bunnies",
        "players": 3,
        "seed": 7,
        "options": {},
        "until": "summary",
        "steps": [["shot", "summary"]],
    },
    {
        "id": "bb-over",
        "game": "bad_bunnies",
        "players": 3,
        "seed": 1,
        "options": {"target_score": 12},
        "until": "over",
        "steps": [["shot", "over"]],
    },
    {
        "id": "dog-give",
        "game": "dog",
        "players": 4,
        "seed": 3,
        "options": {},
        "until": "start",
        "steps": [["shot", "curtain"], ["show"], ["shot", "give"], ["click", ".dg-card"], ["shot", "pending"]],
    },
    {
        "id": "dog-play",
        "game": "dog",
        "players": 4,
        "seed": 5,
        "options": {},
        "until": "dog_play40",
        "steps": [
            ["shot", "curtain"],
            ["show"],
            ["shot", "hand"],
            ["click", ".dg-card.ok"],
            ["shot", "card"],
            ["click", ".dg-opts .primary"],
            ["shot", "figure"],
        ],
    },
    {
        "id": "dog-seven",
        "game": "dog",
        "players": 4,
        "seed": 12,
        "options": {},
        "until": "dog_seven",
        "steps": [["shot", "curtain"], ["show"], ["shot", "seven"]],
    },
    {
        "id": "dog-three",
        "game": "dog",
        "players": 3,
        "seed": 4,
        "options": {},
        "until": "dog_play40",
        "steps": [["shot", "curtain"], ["show"], ["shot", "hand"]],
    },
    {
        "id": "dog-over",
        "game": "dog",
        "players": 4,
        "seed": 2,
        "options": {},
        "until": "over",
        "steps": [["shot", "over"]],
    },
    {
        "id": "bm-bet",
        "game": "bunny_moose",
        "players": 3,
        "seed": 2,
        "options": {},
        "until": "start",
        "steps": [["shot", "bet"]],
    },
    {
        "id": "bm-reveal",
        "game": "bunny_moose",
        "players": 4,
        "seed": 3,
        "options": {},
        "until": "bm_drawn8",
        "steps": [["shot", "reveal"]],
    },
    {
        "id": "bm-app",
        "game": "bunny_moose",
        "players": 3,
        "seed": 4,
        "options": {"narrator": "app", "poem": "long"},
        "until": "bm_reveal",
        "steps": [["shot", "start"]],
    },
    {
        "id": "bm-bam",
        "game": "bunny_moose",
        "players": 3,
        "seed": 5,
        "options": {},
        "until": "bm_hunter_next",
        "steps": [["click", "[data-tap*='reveal']"], ["wait", ".bm-bam"], ["shot", "bam"]],
    },
    {
        "id": "bm-poses",
        "game": "bunny_moose",
        "players": 3,
        "seed": 6,
        "options": {},
        "until": "bm_poses",
        "steps": [
            ["shot", "poses"],
            ["click", ".bm-hands button:nth-child(3)"],
            ["click", "section.bm-pick:nth-of-type(2) .bm-hands button:nth-child(7)"],
            ["shot", "picked"],
        ],
    },
    {
        "id": "bm-scored",
        "game": "bunny_moose",
        "players": 4,
        "seed": 7,
        "options": {},
        "until": "bm_scored",
        "steps": [["shot", "scores"], ["click", "[data-tap*='trail']"], ["shot", "trail"]],
    },
    {
        "id": "bm-over",
        "game": "bunny_moose",
        "players": 3,
        "seed": 8,
        "options": {},
        "until": "over",
        "steps": [["shot", "over"]],
    },
]


# ---- stop conditions (run inside the site's own Python: only public observations) ----------------


def _pub(s) -> dict:
    return s.state.public_observation()


UNTIL = {
    "start": lambda s, k: True,
    "over": lambda s, k: s.state.is_terminal(),
    "summary": lambda s, k: bool(s.summary_due),
    "choose_row": lambda s, k: _pub(s)["phase"] == "choose_row",
    "sn_one_picked": lambda s, k: k == 1,
    "sn_turn6": lambda s, k: _pub(s)["turn"] == 6 and _pub(s)["phase"] == "pick" and sum(_pub(s)["picked"]) == 2,
    "bb_pile4": lambda s, k: _pub(s)["phase"] == "play" and (_pub(s).get("pile_count") or 0) >= 4,
    "bb_choose": lambda s, k: _pub(s)["phase"] == "choose" and not s.summary_due,
    "dog_play40": lambda s, k: (
        k >= 40
        and _pub(s)["phase"] == "play"
        and _pub(s).get("seven") is None
        and any(a["type"] == "play" for a in s.state.legal_actions(s.state.current_players()[0]))
    ),
    "dog_seven": lambda s, k: k >= 20 and _pub(s).get("seven") is not None,
    "bm_drawn8": lambda s, k: _pub(s)["phase"] == "reveal" and _pub(s)["drawn"] == 8,
    "bm_reveal": lambda s, k: _pub(s)["phase"] == "reveal",
    "bm_poses": lambda s, k: _pub(s)["phase"] == "poses",
    "bm_scored": lambda s, k: _pub(s)["phase"] == "scored",
    "bm_hunter_next": lambda s, k: _pub(s)["phase"] == "reveal" and _pub(s)["drawn"] >= 6 and _next_is_hunter(s),
}


def _next_is_hunter(s) -> bool:
    trial = s.state.clone()
    p = trial.current_players()[0]
    if {"type": "reveal"} not in trial.legal_actions(p):
        return False
    return any(e.get("type") == "hunter" for e in trial.apply_action(p, {"type": "reveal"}))


def _save_text(session) -> str:
    """The save's text, by the site's own code (the save has its own module since the UI's
    redesign; earlier builds kept it on the session)."""
    try:
        from hotseat.session_save import to_json
    except ImportError:
        return session.to_json()
    return to_json(session)


def make_save(spec: dict) -> str:
    """The save of ``spec``'s seeded game at its stop condition (runs with the site's code)."""
    from hotseat.session import Session

    seats = [{"name": NAMES[i], "kind": "human"} for i in range(spec["players"])]
    s = Session(spec["game"], seats, spec["seed"], spec["options"])
    rng = random.Random(spec["seed"])
    until = UNTIL[spec["until"]]
    for k in range(20_000):
        if until(s, k):
            s.flow.reveal = None
            return _save_text(s)
        if s.summary_due:  # as the table's "Next round": the summary closes, the round log starts over
            s.summary_due = False
            s.round_events = []
        assert not s.state.is_terminal(), f"{spec['id']}: the game ended before {spec['until']}"
        p = s.state.current_players()[0]
        s.apply(p, rng.choice(s.state.legal_actions(p)))
        s.flow.reveal = None
    raise AssertionError(f"{spec['id']}: {spec['until']} not reached")


# ---- shooting -----------------------------------------------------------------------------------


def _site_code(site: Path, into: Path) -> list[str]:
    """The paths to import the site's engine and UI package from: its archives
    (``wheels/*.tar.xz`` and ``hotseat.tar.xz``) unpacked, when they hold every module as source; a
    build that ships some modules as Pyodide bytecode only (sourceless ``.pyc``, which this Python
    cannot run) was built from a checkout (``<checkout>/build/site``): that checkout's ``pycore/``
    and ``web/hotseat/``."""
    engine = next((site / "wheels").glob("*.tar.xz"))
    with tarfile.open(engine) as w, tarfile.open(site / "hotseat.tar.xz") as h:
        sourceless = any(n.endswith(".pyc") and "__pycache__" not in n for n in w.getnames() + h.getnames())
        if not sourceless:
            w.extractall(into / "engine", filter="data")
            h.extractall(into / "ui", filter="data")
            return [str(into / "engine"), str(into / "ui")]
    checkout = site.resolve().parent.parent
    if not (checkout / "pycore").is_dir() or not (checkout / "web" / "hotseat").is_dir():
        raise SystemExit(f"{site}: its Python ships as bytecode and {checkout} holds no sources to run")
    return [str(checkout), str(checkout / "web")]


def _saves(site: Path, specs: list[dict]) -> dict[str, str]:
    with tempfile.TemporaryDirectory(prefix="hotseat-shots-") as tmp:
        paths = _site_code(site, Path(tmp))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths), PYTHONDONTWRITEBYTECODE="1")
        out = subprocess.run(
            [sys.executable, __file__, "_saves"],
            input=json.dumps(specs),
            env=env,
            capture_output=True,
            text=True,
            cwd=tmp,
        )
    if out.returncode:
        raise SystemExit(f"making the saves failed:\n{out.stderr}")
    return json.loads(out.stdout)


#: store a save and tap the app's own "menu" (its home screen then reads the save again). The save
#: goes where the build reads it: a build with a save per game (``hotseat.game.<id>``) gets it there,
#: every other game's save removed (else Continue could reopen the previous scenario's game); an
#: older build reads the single ``hotseat.save``.
LOAD_JS = """save => {
  const game = JSON.parse(save).game;
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const k = localStorage.key(i);
    if (k.startsWith('hotseat.game.') || k === 'hotseat.save') localStorage.removeItem(k);
  }
  localStorage.setItem('hotseat.save', save);
  localStorage.setItem('hotseat.game.' + game, save);
  const b = document.createElement('button');
  b.setAttribute('data-tap', '{"shell":"menu"}');
  document.getElementById('app').appendChild(b);
  b.click();
}"""


def _settle(page) -> None:
    """Wait until the app has drawn and the browser has painted twice."""
    page.wait_for_function("document.body.hasAttribute('data-ready')")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def shoot(site: Path, out: Path, only: str | None, lang: str = "", theme: str = "system", window: bool = False) -> int:
    from playwright.sync_api import sync_playwright

    specs = [s for s in SCENARIOS if only is None or s["game"] == only]
    saves = _saves(site, specs)
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", str(port), "--dir", str(site), "--quiet"],
        stdout=subprocess.PIPE,
        text=True,
    )
    count = 0
    try:
        server.stdout.readline()  # "Hotseat: http://127.0.0.1:PORT/" once listening
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            w, h = VIEWPORTS[0]
            ctx = browser.new_context(
                viewport={"width": w, "height": h},
                device_scale_factor=2,
                has_touch=True,
                reduced_motion="reduce",
                service_workers="block",
                base_url=f"http://127.0.0.1:{port}/",
            )
            page = ctx.new_page()
            page.goto("./")
            page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
            if lang or theme != "system":
                settings = json.dumps({"language": lang, "theme": theme})
                page.evaluate("s => localStorage.setItem('hotseat.settings', s)", settings)
                page.reload()
                page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
            for spec in specs:
                # one boot for every scenario: store the save, then the menu tap re-reads it
                page.evaluate(LOAD_JS, saves[spec["id"]])
                page.locator("[data-tap*='resume']").first.click()
                _settle(page)
                for step in spec["steps"]:
                    if step[0] == "show":
                        page.locator("[data-tap*='\"show\"']").first.click()
                    elif step[0] == "click":
                        page.locator(f"#app {step[1]}").first.click()
                    elif step[0] == "wait":
                        page.wait_for_selector(step[1], timeout=10_000)
                    else:
                        _settle(page)
                        for vw, vh in VIEWPORTS:
                            page.set_viewport_size({"width": vw, "height": vh})
                            _settle(page)
                            name = f"{spec['id']}-{step[1]}-{vw}x{vh}"
                            page.screenshot(path=str(out / f"{name}.png"), full_page=not window)
                            count += 1
                            if window:
                                page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
                                _settle(page)
                                page.screenshot(path=str(out / f"{name}-end.png"))
                                page.evaluate("window.scrollTo(0, 0)")
                                count += 1
                        page.set_viewport_size({"width": w, "height": h})
                        continue
                    _settle(page)
            ctx.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"{count} screenshots in {out}")
    return 0


def compare(a: Path, b: Path) -> int:
    from PIL import Image, ImageChops

    names = sorted({p.name for p in a.glob("*.png")} | {p.name for p in b.glob("*.png")})
    bad = 0
    for name in names:
        pa, pb = a / name, b / name
        if not pa.is_file() or not pb.is_file():
            print(f"{name}: only in {a if pa.is_file() else b}")
            bad += 1
            continue
        ia, ib = Image.open(pa).convert("RGBA"), Image.open(pb).convert("RGBA")
        if ia.size != ib.size:
            print(f"{name}: size {ia.size} vs {ib.size}")
            bad += 1
            continue
        diff = ImageChops.difference(ia, ib)
        box = diff.getbbox()
        if box is None:
            continue
        pixels = sum(1 for px in diff.getdata() if px != (0, 0, 0, 0))
        print(f"{name}: {pixels} pixels differ, within {box}")
        bad += 1
    print(f"{len(names) - bad} of {len(names)} screenshots identical")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("shoot", help="screenshot every scenario from one built site")
    p.add_argument("--site", type=Path, default=ROOT / "build" / "site")
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--only", help="one game id")
    p.add_argument("--lang", default="", help="the app's language (en, de, fr, it, es)")
    p.add_argument("--theme", default="system", choices=("system", "light", "dark"))
    p.add_argument("--window", action="store_true", help="the window only, at the top and scrolled down")
    p = sub.add_parser("compare", help="compare two folders of screenshots pixel by pixel")
    p.add_argument("a", type=Path)
    p.add_argument("b", type=Path)
    sub.add_parser("_saves", help=argparse.SUPPRESS)  # internal: JSON specs on stdin -> saves
    args = parser.parse_args(argv)
    if args.cmd == "shoot":
        return shoot(args.site.resolve(), args.out.resolve(), args.only, args.lang, args.theme, args.window)
    if args.cmd == "compare":
        return compare(args.a, args.b)
    specs = json.loads(sys.stdin.read())
    json.dump({spec["id"]: make_save(spec) for spec in specs}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
