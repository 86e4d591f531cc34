// Cards and figures that move between two draws of the app (FLIP: first, last, invert, play).
//
// The Python view marks what may move: `data-flip="<key>"` on a card or figure (one key per
// thing on a screen: "c57" is the 6 nimmt! card 57 in the hand and in the row), inside a zone
// `data-flip-zone="<name>"` (hand, row, pile, a Dog field ...); a thing that comes from a player
// who has no hand on this screen names that player's box: `data-flip-from="<key>"`.
// `measure(root)` is called just before the app replaces its markup, `play(root)` just after:
// a thing whose zone changed glides from where it was to where it is now, a new thing with a
// `data-flip-from` glides out of that box. Only transform and opacity are animated, for at most
// DURATION ms, on the compositor: nothing waits for it, taps go through at once, and what it
// shows is already in the page (the motion only leads the eye to it).
// Off with `prefers-reduced-motion: reduce` and with the app's Animation setting at "off"
// (`<html data-animation="off">`); "slow" and "fast" scale it.

export const DURATION = 240;
const SCALE = { slow: 1, normal: 1, fast: 0.6 };

let before = new Map();

function enabled() {
  const setting = document.documentElement.getAttribute("data-animation") || "normal";
  if (setting === "off") return false;
  return !window.matchMedia || !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function zoneOf(el) {
  const zone = el.closest("[data-flip-zone]");
  return zone ? zone.getAttribute("data-flip-zone") : "";
}

/** Where every marked thing is now (called before the markup is replaced). */
export function measure(root) {
  before = new Map();
  if (!enabled()) return;
  for (const el of root.querySelectorAll("[data-flip]")) {
    const r = el.getBoundingClientRect();
    if (r.width || r.height) before.set(el.getAttribute("data-flip"), { rect: r, zone: zoneOf(el) });
  }
}

// client pixels -> the element's own units (an SVG drawn smaller or larger than its viewBox)
function unitsPerPixel(el) {
  const svg = el.ownerSVGElement;
  if (!svg || !svg.getScreenCTM) return 1;
  const m = svg.getScreenCTM();
  return m && m.a ? 1 / m.a : 1;
}

/** Start the motions of the things that moved (called after the markup is replaced);
 *  returns how many started. */
export function play(root) {
  const was = before;
  before = new Map();
  if (!was.size || !enabled()) return 0;
  const scale = SCALE[document.documentElement.getAttribute("data-animation")] || 1;
  let started = 0;
  for (const el of root.querySelectorAll("[data-flip]")) {
    const old = was.get(el.getAttribute("data-flip"));
    let from = null;
    if (old && old.zone !== zoneOf(el)) from = old.rect;
    else if (!old && el.hasAttribute("data-flip-from")) {
      const box = was.get(el.getAttribute("data-flip-from"));
      if (box) from = box.rect;
    }
    if (!from) continue;
    const to = el.getBoundingClientRect();
    if (!to.width && !to.height) continue;
    const k = unitsPerPixel(el);
    const dx = (from.left + from.width / 2 - (to.left + to.width / 2)) * k;
    const dy = (from.top + from.height / 2 - (to.top + to.height / 2)) * k;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    const s = Math.max(0.4, Math.min(1.6, to.width ? from.width / to.width : 1));
    const first = el instanceof SVGElement ? `translate(${dx}px, ${dy}px)` : `translate(${dx}px, ${dy}px) scale(${s})`;
    el.animate(
      [
        { transform: first, opacity: old ? 1 : 0.4 },
        { transform: "none", opacity: 1 },
      ],
      { duration: DURATION * scale, easing: "cubic-bezier(.2, .7, .3, 1)" },
    );
    started += 1;
  }
  return started;
}
