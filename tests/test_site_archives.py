"""tools/build_site.py's archives: the app's Python ships as reproducible tar.xz files that
Pyodide's unpackArchive ("xztar", i.e. shutil) unpacks to the same files."""

from __future__ import annotations

import lzma
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402

FILES = {
    "hotseat/__init__.py": b"",
    "hotseat/app.pyc": bytes(range(256)) * 4,
    "hotseat/views/dog.py": "def title():\n    return 'Dog — Brändi'\n".encode(),
    "pyscript/__pycache__/__init__.cpython-314.pyc": b"\x00" * 300,
}


def _tree(root: Path) -> Path:
    for name, data in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def test_archive_unpacks_to_the_same_files_and_is_reproducible(tmp_path):
    tree = _tree(tmp_path / "tree")
    first, second = tmp_path / "a.tar.xz", tmp_path / "b.tar.xz"
    build_site.tar_xz_tree(tree, first)
    (tree / "hotseat" / "app.pyc").touch()  # a newer mtime must not change the archive
    build_site.tar_xz_tree(tree, second)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes()[:6] == b"\xfd7zXZ\x00"
    out = tmp_path / "out"
    shutil.unpack_archive(first, out, format="xztar", filter="data")
    got = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert got == FILES


def test_archive_dictionary_is_no_larger_than_needed(tmp_path):
    build_site.tar_xz_tree(_tree(tmp_path / "tree"), tmp_path / "a.tar.xz")
    # the page's decoder allocates the dictionary named in the header: 64 KB here, not 64 MB
    data = tmp_path.joinpath("a.tar.xz").read_bytes()
    decoder = lzma.LZMADecompressor(memlimit=1 << 20)
    assert len(decoder.decompress(data)) > 0


def test_trimmed_metadata_keeps_the_header_only():
    text = (
        "Metadata-Version: 2.4\nName: hotseat-pycore\nVersion: 0.1.0\n"
        'Requires-Dist: pytest>=8; extra == "test"\n\n# Hotseat\n\nA long README.\n'
    )
    out = build_site.trim_metadata(text)
    head = 'Metadata-Version: 2.4\nName: hotseat-pycore\nVersion: 0.1.0\nRequires-Dist: pytest>=8; extra == "test"\n'
    assert out == head
    assert build_site.trim_metadata(out) == out


def test_trimmed_lock_keeps_info_and_no_package():
    lock = {"info": {"abi_version": "2026_0", "python": "3.14.0"}, "packages": {"numpy": {"name": "numpy"}}}
    assert build_site.trim_lock(lock) == {"info": {"abi_version": "2026_0", "python": "3.14.0"}, "packages": {}}
    with pytest.raises(ValueError, match="info"):
        build_site.trim_lock({"packages": {}})
