"""No request leaves the app's origin; the server answers with the right types and headers.

The `context` and `fresh_context` fixtures (conftest.py) record every request and fail the test at
teardown if one went to another host or a same-origin file was missing (4xx/5xx).
"""

from __future__ import annotations

import json
import urllib.request

from conftest import NEW_SIX_NIMMT, start_six_nimmt, wait_ready


def test_boot_and_game_start_stay_on_origin(fresh_page, request_log):
    """A first visit (a new profile: nothing cached, no service worker yet) fetches the real runtime
    from this origin and nothing from anywhere else."""
    page = fresh_page
    page.goto("./")
    wait_ready(page)
    page.wait_for_selector(NEW_SIX_NIMMT, timeout=10_000)
    start_six_nimmt(page)
    paths = request_log.same_origin_paths()
    # The real runtime came from this origin: local Pyodide, local PyScript, the app's archives.
    for needed in (
        "/pyodide/pyodide.mjs",
        "/pyodide/pyodide.asm.wasm",
        "/pyodide/python_stdlib.zip.gz",
        "/pyscript/core.js",
        "/pyscript.toml",
        "/main.py",
    ):
        assert needed in paths, f"{needed} not requested"
    assert any(p.startswith("/wheels/hotseat_pycore-") and p.endswith(".tar.xz") for p in paths)
    assert "/hotseat.tar.xz" in paths
    assert request_log.foreign() == []


def test_pyscript_config_uses_local_interpreter(site):
    with urllib.request.urlopen(site.url + "pyscript.toml") as resp:
        text = resp.read().decode()
    # PyScript loads the app's own loader (web/snapshot.mjs), which imports the local Pyodide
    assert 'interpreter = "./snapshot.mjs"' in text
    with urllib.request.urlopen(site.url + "snapshot.mjs") as resp:
        assert 'from "./pyodide/pyodide.mjs"' in resp.read().decode()
    # ... and unpacks the app's archives itself: the engine into site-packages, the UI into the cwd
    with urllib.request.urlopen(site.url + "snapshot.mjs") as resp:
        loader = resp.read().decode()
    assert '"/lib/python3.14/site-packages", "xztar"]' in loader
    assert '["./hotseat.tar.xz", "/home/pyodide", "xztar"]' in loader


def test_mime_types_and_cache_headers(site):
    expected = {
        "": "text/html",
        "pyodide/pyodide.mjs": "text/javascript",
        "snapshot.mjs": "text/javascript",
        "snapshot-worker.mjs": "text/javascript",
        "pyodide/pyodide.asm.mjs": "text/javascript",
        "pyodide/pyodide.asm.wasm": "application/wasm",
        "pyodide/python_stdlib.zip.gz": "application/gzip",
        "pyscript/core.js": "text/javascript",
        "manifest.webmanifest": "application/manifest+json",
        "main.py": "text/plain",
        "sw.js": "text/javascript",
    }
    for path, ctype in expected.items():
        with urllib.request.urlopen(site.url + path) as resp:
            assert resp.headers["Content-Type"].split(";")[0] == ctype, path
            assert "no-cache" in resp.headers["Cache-Control"], path
    engine = next((site.directory / "wheels").glob("*.tar.xz")).name
    for path in ("wheels/" + engine, "hotseat.tar.xz"):
        with urllib.request.urlopen(site.url + path) as resp:
            assert resp.headers["Content-Type"] == "application/x-xz", path
            assert "Content-Encoding" not in resp.headers, path  # compressed already
            assert resp.read(6) == b"\xfd7zXZ\x00", path


def test_manifest_makes_the_app_installable(site):
    with urllib.request.urlopen(site.url + "manifest.webmanifest") as resp:
        manifest = json.load(resp)
    assert manifest["name"] == "Hotseat"
    assert manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    got = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= got
    for icon in manifest["icons"]:
        with urllib.request.urlopen(site.url + icon["src"]) as resp:
            data = resp.read()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width = int.from_bytes(data[16:20], "big")
        height = int.from_bytes(data[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"], icon["src"]
