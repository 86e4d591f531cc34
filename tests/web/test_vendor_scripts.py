"""The QR scripts the site ships (tools/build_site.py's vendor/): minified by terser, they still
draw and read the same codes, and the licence header stays word for word on top."""

from __future__ import annotations

import json
import subprocess

from tools import build_site

NODE_MODULES = build_site.NODE_MODULES

# Draws TEXT with qrcode.mjs as the app does (net.mjs: typeNumber 0, level "M"), reads the pixels
# back with jsQR.js (the camera scanner's decoder), and prints both as JSON.
ROUND_TRIP = """
const [qrPath, jsqrPath, text] = process.argv.slice(1);
const { qrcode } = await import(qrPath);
const jsQR = (await import(jsqrPath)).default;  // Node loads the UMD bundle as CommonJS
const qr = qrcode(0, "M");
qr.addData(text, "Byte");
qr.make();
const n = qr.getModuleCount(), cell = 4, quiet = 4, size = (n + 2 * quiet) * cell;
const px = new Uint8ClampedArray(size * size * 4).fill(255);
const rows = [];
for (let r = 0; r < n; r++) {
  let row = "";
  for (let c = 0; c < n; c++) {
    const dark = qr.isDark(r, c);
    row += dark ? "1" : "0";
    if (!dark) continue;
    for (let y = 0; y < cell; y++) for (let x = 0; x < cell; x++) {
      const i = (((quiet + r) * cell + y) * size + (quiet + c) * cell + x) * 4;
      px[i] = px[i + 1] = px[i + 2] = 0;
    }
  }
  rows.push(row);
}
const read = jsQR(px, size, size);
console.log(JSON.stringify({ rows, read: read && read.data }));
"""

TEXT = "HS2:offer:" + "0123456789abcdefghijKLMNOP+/=" * 6


def _round_trip(qr_path, jsqr_path) -> dict:
    out = subprocess.run(
        ["node", "--input-type=module", "-e", ROUND_TRIP, f"file://{qr_path}", f"file://{jsqr_path}", TEXT],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_minified_qr_scripts_draw_and_read_the_same_codes_and_keep_their_licence_header(tmp_path):
    sources = {name: NODE_MODULES / src for src, name in build_site.VENDOR_FILES}
    build_site.copy_vendor(tmp_path)
    shipped = {name: tmp_path / "vendor" / name for name in sources}
    for name in ("qrcode.mjs", "jsQR.js"):
        assert shipped[name].stat().st_size < sources[name].stat().st_size * 0.6, name
    header = build_site.leading_comment(sources["qrcode.mjs"].read_text(encoding="utf-8"))
    assert "Copyright (c) 2009 Kazuhiko Arase" in header and "MIT license" in header
    assert shipped["qrcode.mjs"].read_text(encoding="utf-8").startswith(header + "\n")
    assert shipped["jsQR.LICENSE.txt"].read_bytes() == sources["jsQR.LICENSE.txt"].read_bytes()
    original = _round_trip(sources["qrcode.mjs"], sources["jsQR.js"])
    minified = _round_trip(shipped["qrcode.mjs"], shipped["jsQR.js"])
    assert original["read"] == TEXT
    assert minified == original
