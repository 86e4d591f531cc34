#!/usr/bin/env bash
# Fetch pytest and hypothesis (and their dependencies) as pure-Python wheels for Python 3.14 and
# unpack them into build/pyodide-deps/site, the folder tests/pyodide/run_pytest.mjs mounts into
# Pyodide. pytest is the pin of requirements-dev.txt; for hypothesis the pin is an upper bound,
# because recent releases publish only compiled (manylinux) wheels: pip takes the newest release
# <= the pin that has a pure-Python wheel (6.155.7 when this was written).
# Skipped when the folder already holds those versions. Uses PyPI through pip (no other host).
set -euo pipefail
cd "$(dirname "$0")/../.."

PY=${PYTHON:-.venv/bin/python}
test -x "$PY" || PY=python3
DEPS=build/pyodide-deps
PINS=$(grep -E '^(pytest|hypothesis)==' requirements-dev.txt | sort | sed 's/^hypothesis==/hypothesis<=/' | tr '\n' ' ')
# markupsafe has no pure-Python wheel: its Python files are copied from the build's own install
KEY="$PINS$(grep -E '^markupsafe==' requirements-dev.txt)"
test -n "$PINS" || { echo "prepare.sh: no pytest/hypothesis pins in requirements-dev.txt" >&2; exit 1; }

if [ -f "$DEPS/.pins" ] && [ "$(cat "$DEPS/.pins")" = "$KEY" ] && [ -d "$DEPS/site/_pytest" ] && [ -d "$DEPS/site/markupsafe" ]; then
  echo "pyodide deps up to date ($PINS) in $DEPS/site"
  exit 0
fi

rm -rf "$DEPS/wheels" "$DEPS/site"
mkdir -p "$DEPS/wheels" "$DEPS/site"
# shellcheck disable=SC2086
"$PY" -m pip download --quiet --disable-pip-version-check --no-cache-dir \
  --python-version 3.14 --only-binary=:all: --platform any --implementation py \
  -d "$DEPS/wheels" $PINS 2>&1 | cut -c1-300
"$PY" - "$DEPS/wheels" "$DEPS/site" <<'PYEOF'
import pathlib, sys, zipfile
wheels, site = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for whl in sorted(wheels.glob("*.whl")):
    assert whl.name.endswith("-none-any.whl"), f"not a pure-Python wheel: {whl.name}"
    with zipfile.ZipFile(whl) as z:
        z.extractall(site)
    print("  unpacked", whl.name)
PYEOF
# the UI's pure-Python dependencies (markupsafe), exactly as the site ships them
"$PY" -c "import sys; sys.path.insert(0, 'tools'); import build_site, pathlib; build_site.vendor_pure_packages(pathlib.Path('$DEPS/site'))"
echo "$KEY" > "$DEPS/.pins"
echo "pyodide deps ready: $PINS in $DEPS/site"
