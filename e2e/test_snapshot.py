"""Starts from Pyodide's memory snapshot (web/snapshot.mjs, web/snapshot-worker.mjs).

The first visit boots normally, installs the service worker and, once its precache is complete,
makes the snapshot in a background worker; from the second start on the app starts from the
snapshot. These tests walk that path in a persistent profile, as on a phone,
and check what must never go wrong: a restored app plays, new games get fresh random seeds (the
snapshot holds one generator state for every start), and a damaged snapshot or a restore that
never reached the home screen falls back to a normal start and is not used again.
"""

from __future__ import annotations

from conftest import start_six_nimmt, wait_controlled, wait_ready

SNAPSHOT_CACHE = "hotseat-snapshot"


def start(page, first: bool = False) -> dict:
    """Open (or reload) the app, wait for the home screen; return the loader's state."""
    if first:
        page.goto("./")
    else:
        page.reload()
    wait_ready(page)
    return page.evaluate("({status: hotseatSnapshot.status, detail: hotseatSnapshot.detail, key: hotseatSnapshot.key})")


def snapshots(page) -> list[list]:
    """[url path, bytes] of every entry in the snapshot cache."""
    return page.evaluate(
        """async (name) => {
            const cache = await caches.open(name);
            const out = [];
            for (const req of await cache.keys())
                out.push([new URL(req.url).pathname, (await (await cache.match(req)).arrayBuffer()).byteLength]);
            return out;
        }""",
        SNAPSHOT_CACHE,
    )


def made(page) -> dict:
    """Wait until the loader's worker has finished making the snapshot; return its state."""
    return page.evaluate(
        "async () => { await hotseatSnapshot.done; const s = hotseatSnapshot;"
        " return {status: s.status, detail: s.detail, bytes: s.bytes, modules: s.modules}; }"
    )


def install_and_make(page) -> dict:
    """First visit: a normal start; the service worker installs, then the snapshot is made."""
    first = start(page, first=True)
    assert first["status"] == "plain"
    result = made(page)
    assert result["status"] == "stored", result["detail"]
    wait_controlled(page)
    return first


def rows(page) -> str:
    return page.evaluate("() => document.querySelector('.public .rows').innerText")


def test_a_restored_app_plays_and_deals_fresh_games_and_a_bad_snapshot_falls_back(persistent_context, live_site):
    """One installed profile for both halves (an install is the costliest start there is)."""
    page = persistent_context.pages[0] if persistent_context.pages else persistent_context.new_page()
    key = install_and_make(page)["key"]
    restored_plays_and_deals_fresh_games(page, key)
    page.evaluate("() => localStorage.clear()")  # no saved game to offer back
    bad_snapshot_falls_back_and_is_not_used_again(page, key)


def restored_plays_and_deals_fresh_games(page, key: str) -> None:
    stored = snapshots(page)
    assert len(stored) == 1
    path, size = stored[0]
    version = page.evaluate("async () => (await import('./pyodide/pyodide.mjs')).version")
    assert path == f"/snapshot/{version}/{key}", "keyed to the exact Pyodide version and app build"
    assert size > 10_000_000  # the whole WebAssembly memory of a booted Python

    assert start(page)["status"] == "restored", "the second start restores the snapshot"
    start_six_nimmt(page)
    first_deal = rows(page)
    assert len(first_deal.split()) >= 4  # four rows of cards on the table

    # a second restored start: random was reseeded, so the new game is dealt differently
    page.evaluate("() => localStorage.clear()")  # no saved game to offer back
    assert start(page)["status"] == "restored"
    start_six_nimmt(page)
    assert rows(page) != first_deal


def bad_snapshot_falls_back_and_is_not_used_again(page, key: str) -> None:
    ((path, size),) = snapshots(page)

    # damaged bytes under the right key: Pyodide refuses them, the app starts normally and drops them
    page.evaluate(
        """async ([name, path]) => {
            const cache = await caches.open(name);
            await cache.put(path, new Response(new Uint8Array(4096).fill(7)));
        }""",
        [SNAPSHOT_CACHE, path],
    )
    damaged = start(page)
    assert damaged["status"] == "plain" and damaged["detail"], damaged
    start_six_nimmt(page)  # the normal start plays
    assert made(page)["status"] == "stored"  # ... and made a good snapshot again
    assert [s for _, s in snapshots(page)] == [size]

    # a restore that never reached the home screen (the mark stays set): the next start is normal
    page.evaluate("(key) => localStorage.setItem('hotseat.snapshot-restoring', key)", key)
    again = start(page)
    assert again["status"] == "plain"
    assert "did not reach the home screen" in again["detail"]
    assert page.evaluate("() => localStorage.getItem('hotseat.snapshot-restoring')") is None
    assert made(page)["status"] == "stored"
    assert start(page)["status"] == "restored"
    assert page.evaluate("() => localStorage.getItem('hotseat.snapshot-restoring')") is None
