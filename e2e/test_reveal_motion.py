"""6 nimmt!'s reveal at 360x640 (one person and five bots): while the picks are turned over and
placed, every card in motion stays below the "Round 1 · turn 1 of 10" line, and two cards in motion
never cover each other. Each animation frame of the whole reveal is sampled (the cards'
``getAnimations()`` and boxes), so a card flying in from a player's box at the top (as it did)
is caught crossing the line.
"""

from __future__ import annotations

from conftest import START, pick_seat_kind, wait_ready
from test_six_nimmt import PICK, start_game

SAMPLE_JS = """() => {
  window.__frames = [];
  const step = () => {
    const info = document.querySelector('#app .sn-table > .info');
    const moving = [...document.querySelectorAll('#app .card')].filter((c) =>
      c.getAnimations().some((a) => a.playState === 'running'));
    if (info && moving.length) {
      window.__frames.push({line: info.getBoundingClientRect().bottom, cards: moving.map((c) => {
        const r = c.getBoundingClientRect();
        return [c.getAttribute('data-flip'), r.left, r.top, r.right, r.bottom];
      })});
    }
    if (window.__sampling) requestAnimationFrame(step);
  };
  window.__sampling = true;
  requestAnimationFrame(step);
}"""


def overlap(a, b) -> float:
    """The share of the smaller of two boxes ``[key, left, top, right, bottom]`` the other covers."""
    w = min(a[3], b[3]) - max(a[1], b[1])
    h = min(a[4], b[4]) - max(a[2], b[2])
    if w <= 0 or h <= 0:
        return 0.0
    smaller = min((a[3] - a[1]) * (a[4] - a[2]), (b[3] - b[1]) * (b[4] - b[2]))
    return w * h / smaller


def test_the_reveal_moves_cards_below_the_round_line_and_apart(page):
    page.set_viewport_size({"width": 360, "height": 640})
    start_game(page, ["Me", "B1", "B2", "B3", "B4", "B5"], {})
    for seat in range(1, 6):
        pick_seat_kind(page, seat, ("bot:easy", "bot:normal", "bot:hard")[seat % 3])
    page.locator(START).click()
    wait_ready(page)
    page.locator(PICK).first.wait_for()
    page.evaluate(SAMPLE_JS)
    page.locator(PICK).first.click()
    page.wait_for_function("document.body.getAttribute('data-screen') === 'reveal'", timeout=30_000)
    page.wait_for_function("document.body.getAttribute('data-screen') !== 'reveal'", timeout=60_000)
    frames = page.evaluate("window.__sampling = false; window.__frames")
    # the reveal moved cards, frame after frame (a loaded machine paints fewer frames: 6 seen at load ~10)
    assert len(frames) >= 4, frames
    above = []
    covered = []
    for frame in frames:
        for card in frame["cards"]:
            if card[2] < frame["line"] - 1:
                above.append(f"{card[0]} at {round(card[2])} px, the line ends at {round(frame['line'])} px")
        cards = frame["cards"]
        for i, a in enumerate(cards):
            for b in cards[i + 1 :]:
                if overlap(a, b) > 0.2:
                    covered.append(f"{a[0]} and {b[0]}: {overlap(a, b):.0%}")
    assert above == [] and covered == [], f"{len(above)} above the line: {above[:5]}; covering: {covered[:5]}"
