"""Sound and vibration in every game, in Chromium: with "Sound" and "Vibration" on, the end of a
round of each game (one person at the phone, the other seats bots; Bunny Bunny Moose Moose: three
people) makes WebAudio sounds and vibrations — among them "your turn" and the round's or the
game's end —, and with both off it makes none, not even an audio context. On in the dark theme,
off in the light one (the sounds do not depend on the theme: each theme is seen once).

Headless Chromium has no vibration motor and no loudspeaker, so ``AudioContext`` and
``navigator.vibrate`` are replaced before the page loads by stand-ins that count what the app
asks of them (``window.__fx``): audio contexts made, sources started (each oscillator or noise
burst of a sound) and vibration patterns. Everything else is the real app: each game is opened
from a save a few moves before its round ends and played on by tapping what the screen offers.
"""

from __future__ import annotations

import json
import random
import sys

import pytest
from conftest import ROOT, fast_pace, preset_storage, shot, wait_ready

for _p in (ROOT, ROOT / "web"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from hotseat import narration, session_save  # noqa: E402
from hotseat.session import Session  # noqa: E402

FX_STUB = """
(() => {
  const fx = window.__fx = {contexts: 0, started: 0, vibrations: []};
  const param = () => ({value: 0, setValueAtTime() {}, linearRampToValueAtTime() {},
                        exponentialRampToValueAtTime() {}, setTargetAtTime() {}, cancelScheduledValues() {}});
  class Node {
    constructor() {
      for (const p of ['frequency', 'gain', 'Q', 'detune', 'threshold', 'ratio', 'knee', 'attack', 'release'])
        this[p] = param();
    }
    connect(n) { return n; }
    disconnect() {}
    start() { fx.started++; }
    stop() {}
  }
  class FakeAudioContext {
    constructor() { fx.contexts++; this.state = 'running'; this.currentTime = 0; this.sampleRate = 8000;
                    this.destination = new Node(); }
    resume() { return Promise.resolve(); }
    createOscillator() { return new Node(); }
    createGain() { return new Node(); }
    createBiquadFilter() { return new Node(); }
    createDynamicsCompressor() { return new Node(); }
    createBufferSource() { return new Node(); }
    createBuffer(channels, frames) { const data = new Float32Array(frames); return {getChannelData: () => data}; }
  }
  window.AudioContext = FakeAudioContext;
  window.webkitAudioContext = FakeAudioContext;
  Object.defineProperty(navigator, 'vibrate', {configurable: true,
    value: pattern => { fx.vibrations.push(Array.isArray(pattern) ? pattern : [pattern]); return true; }});
})();
"""

#: each game's table: its seats and the save's place (checked on the public observation), one
#: where the person at seat 0 is sure to be called before the round ends
TABLES = {
    "six_nimmt": (["human", "bot:easy", "bot:easy", "bot:easy"], lambda o: o["turn"] == 9 and not any(o["picked"])),
    # the bot before Ann is to play and cannot end the round (two cards, Ben still in): Ann's turn comes
    "bad_bunnies": (
        ["human", "bot:easy", "bot:easy"],
        lambda o: (
            o["phase"] == "play"
            and o["current_players"] == [2]
            and o["hand_sizes"][2] >= 2
            and min(o["hand_sizes"]) == 1
            and not (o["passed"][0] or o["passed"][1])
        ),
    ),
    "dog": (
        ["human"] + ["bot:easy"] * 3,
        lambda o: o["phase"] == "play" and sum(o["hand_sizes"]) <= 5 and o["current_players"] == [0],
    ),
    "bunny_moose": (["human", "human", "human"], lambda o: o["phase"] == "poses"),
}
#: taps that leave the table or take a move back (the driver never makes them)
AWAY = ("settings", "rules", "story", "menu", "undo", "take_back", "skip", "new", "home", "details", "net", "rematch")


def vibration_of(cue: str) -> list[int]:
    part = next(p for p in narration.CUES[cue].split() if p.startswith("vibrate:"))
    return [int(x) for x in part.split(":", 1)[1].split(",")]


def near_round_end(game_id: str) -> str:
    """A save of ``game_id``'s table (:data:`TABLES`) a few moves before a round ends."""
    kinds, near = TABLES[game_id]
    seats = [{"name": name, "kind": kind} for name, kind in zip(("Ann", "Ben", "Cat", "Dee"), kinds, strict=False)]
    for seed in range(1, 60):
        s = Session(game_id, seats, seed, bot_hook=lambda *a: a[2][0])
        rng = random.Random(seed)
        while not s.state.is_terminal():
            if near(s.state.public_observation()):
                s.flow.reveal, s.flow.summary, s.round_events = None, False, []
                return session_save.to_json(s)
            s.flow.summary, s.round_events, s.flow.reveal = False, [], None
            p = s.state.current_players()[0]
            s.apply(p, rng.choice(s.state.legal_actions(p)))
    raise AssertionError(f"{game_id}: no seed reached the place")


def round_of(page, game_id: str) -> int:
    return page.evaluate(
        "k => JSON.parse(JSON.parse(localStorage.getItem(k)).state).state.round", f"hotseat.game.{game_id}"
    )


def play_to_the_round_end(page, game_id: str, rng: random.Random) -> None:
    """Resume ``game_id``, then tap what the screen offers (Confirm, Next, Show my cards, else a
    game button at random) until its round is over."""
    page.locator(f"[data-tap*='\"resume\"'][data-tap*='\"{game_id}\"']").first.click()
    page.wait_for_selector("body[data-screen]:not([data-screen='home'])", state="attached")
    start = round_of(page, game_id)
    for _ in range(400):
        screen = page.evaluate("document.body.dataset.screen")
        if screen == "over" or (round_of(page, game_id) > start and screen not in ("reveal", "bot")):
            return
        taps = page.evaluate(
            """away => [...document.querySelectorAll('#app [data-tap]')]
                .filter(el => !el.disabled && el.getClientRects().length)
                .map((el, i) => [i, JSON.parse(el.dataset.tap)])
                .filter(([i, t]) => !away.includes(t.shell))""",
            list(AWAY),
        )
        first = [i for i, t in taps if t.get("shell") in ("continue", "show")]
        choice = first[0] if first else (rng.choice([i for i, _t in taps]) if taps else None)
        if choice is None:
            page.wait_for_timeout(100)  # a bot thinks, a reveal plays
            continue
        page.locator("#app [data-tap]").nth(choice).click()
    raise AssertionError(f"{game_id}: the round did not end")


# each switch position once and each theme once: the sounds and vibrations do not read the theme
@pytest.mark.parametrize(("switches", "theme"), [("on", "dark"), ("off", "light")])
def test_every_game_sounds_and_vibrates_at_its_key_moments_only_when_switched_on(page, switches, theme):
    on = switches == "on"
    saves = {game_id: near_round_end(game_id) for game_id in TABLES}
    settings = {"sound": on, "vibration": on, "theme": theme, "animation": "fast", "language": "en"}
    stored = {f"hotseat.game.{g}": text for g, text in saves.items()}
    preset_storage(page, {"hotseat.settings": json.dumps(settings)} | stored)
    page.add_init_script(FX_STUB)
    fast_pace(page)  # the bots' turns and the reveals at a tenth of the app's pace: the cues are the same
    page.goto("./")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    rng = random.Random(3)
    counts = {}
    for game_id in TABLES:
        before = page.evaluate("({started: __fx.started, vibrations: __fx.vibrations.length})")
        play_to_the_round_end(page, game_id, rng)
        page.wait_for_timeout(300)  # the last screen's sounds
        if game_id == "six_nimmt":
            shot(page, f"feedback-{switches}-{theme}", "feedback")
        fx = page.evaluate("__fx")
        counts[game_id] = (fx["started"] - before["started"], fx["vibrations"][before["vibrations"] :])
        page.locator("header [data-tap*='\"settings\"']").click()
        page.locator("[data-tap*='\"menu\"']").first.click()
        page.wait_for_selector("body[data-screen='home']", state="attached")
    if not on:
        assert page.evaluate("__fx") == {"contexts": 0, "started": 0, "vibrations": []}
        return
    assert page.evaluate("__fx.contexts") == 1  # one audio context for the whole visit
    for game_id, (started, vibrations) in counts.items():
        assert started >= 5, (game_id, started)  # each sound starts two to eight sources
        # the person at this phone was called, and the round (or the game) ended with its vibration;
        # a Dog deal ends without a winner: its next deal is heard, not felt
        assert vibration_of("your_turn") in vibrations, (game_id, vibrations)
        ends = [vibration_of(c) for c in ("round", "win", "over")]
        assert game_id == "dog" or any(v in vibrations for v in ends), (game_id, vibrations)
        assert all(v in [vibration_of(c) for c in narration.CUES if "vibrate" in narration.CUES[c]] for v in vibrations)
