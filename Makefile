# Hotseat — build, serve and test.  `make serve` and `make test` set everything up themselves
# (Python venv, npm packages, Debian Chromium); every step is skipped when already up to date.

PORT ?= 8000
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
SITE := build/site

# Stamp files make the set-up steps incremental. The wheel is built without build isolation, with
# the setuptools pinned in requirements-dev.txt (no download per build).
VENV_STAMP := $(VENV)/.hotseat-requirements
NODE_STAMP := node_modules/.hotseat-npm-ci
WHEEL_STAMP := dist/.hotseat-wheel
SITE_STAMP := build/.hotseat-site

ENGINE_SRC := pyproject.toml $(shell find pycore -name '*.py' -o -name 'py.typed' 2>/dev/null)
# Folders too, so that deleting a file also triggers a rebuild.
WEB_SRC := $(shell find web -not -path '*/__pycache__*' -not -name '*.pyc' 2>/dev/null)
SEED_SRC := $(wildcard seeds/*.md)
LOCALE_SRC := locale/hotseat.pot $(wildcard locale/*/LC_MESSAGES/*.po)
TOOLS_SRC := tools/build_site.py tools/pystrip.py tools/pygraph.py tools/stdlib_cut.py tools/i18n.py service-worker/build-sw.mjs service-worker/sw-src.js

.PHONY: all venv node node_modules chromium engines wheel site serve lint test test-suites test-engine test-pyodide test-e2e \
        test-engines soak soak-table render-dumps tournaments bench icons i18n i18n-check clean distclean

all: site

## Set-up -----------------------------------------------------------------------------------

venv: $(VENV_STAMP)
$(VENV_STAMP): requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV) || \
	  (apt-get update && apt-get install -y python3-venv && $(PYTHON) -m venv $(VENV))
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

# Node and npm from Debian when missing (a step of its own: apt-get never runs beside another).
node:
	@command -v npm >/dev/null || (apt-get update && apt-get install -y nodejs npm)

node_modules: $(NODE_STAMP)
$(NODE_STAMP): package.json package-lock.json
	command -v npm >/dev/null || (apt-get update && apt-get install -y nodejs npm)
	npm ci --no-audit --no-fund
	touch $@

# Debian's Chromium (Playwright cannot download its own browsers here).
chromium:
	@test -x $(CHROMIUM) || (apt-get update && apt-get install -y chromium)

# The other engines players hold (e2e/engines): WebKitGTK, loaded through GObject introspection
# by Debian's own Python in a page host of ours under Xvfb, and Firefox ESR (driven by the npm
# puppeteer-core over WebDriver BiDi).
ENGINE_DEBS := firefox-esr xvfb python3-gi python3-gi-cairo gir1.2-webkit2-4.1
engines:
	@if ! test -x /usr/bin/firefox-esr || ! command -v Xvfb >/dev/null || \
	  ! /usr/bin/python3 -c "import gi; gi.require_version('WebKit2', '4.1'); gi.require_foreign('cairo'); from gi.repository import WebKit2" 2>/dev/null; then \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $(ENGINE_DEBS); fi

## Build -------------------------------------------------------------------------------------

wheel: $(WHEEL_STAMP)
$(WHEEL_STAMP): $(VENV_STAMP) $(ENGINE_SRC)
	rm -f dist/hotseat_pycore-*.whl
	$(PY) -m build --wheel --no-isolation --outdir dist . >build-wheel.log 2>&1 || (cat build-wheel.log; rm -f build-wheel.log; exit 1)
	rm -f build-wheel.log
	rm -rf build/lib build/bdist.*
	ls -l dist/*.whl
	touch $@

site: $(SITE_STAMP)
$(SITE_STAMP): $(WHEEL_STAMP) $(NODE_STAMP) $(WEB_SRC) $(SEED_SRC) $(LOCALE_SRC) $(TOOLS_SRC)
	$(PY) tools/build_site.py
	touch $@

serve: site
	$(PY) tools/serve.py --port $(PORT)

icons: $(VENV_STAMP)
	$(PY) tools/make_icons.py

# Translations (tools/i18n.py): extract the marked messages into locale/hotseat.pot and update
# every catalogue locale/<lang>/LC_MESSAGES/hotseat.po (new messages empty, gone ones dropped);
# then fill in the new msgstr lines and run `make i18n-check` (the build and the tests run it too).
i18n: $(VENV_STAMP)
	$(PY) tools/i18n.py update

i18n-check: $(VENV_STAMP)
	$(PY) tools/i18n.py check

## Test --------------------------------------------------------------------------------------

# Once the browsers are there (the only steps that may call apt-get, so they run alone), lint and
# three suites run side by side, each log printed whole when it ends: the browser suite in E2E_JOBS
# pytest-xdist workers (each with its own server and Chromium) at the normal CPU priority, and the
# CPython and Pyodide engine suites at the lowest (SUITES_NICE). Their set-up runs side by side too
# (the venv while npm installs, the suites while the site builds). The browser suite leaves part of
# the two cores idle (page loads, the app's timers), so the CPU-bound engine suites fill that time
# instead of running before it, and a browser test still gets the CPU whenever it asks for it.
E2E_JOBS ?= 2
SUITES_NICE ?=
test: chromium engines node
	$(MAKE) --no-print-directory -j4 --output-sync=target SUITES_NICE="nice -n 19" lint test-e2e test-engine test-pyodide

test-suites: $(VENV_STAMP) $(NODE_STAMP) $(WHEEL_STAMP)
	$(MAKE) --no-print-directory -j2 --output-sync=target test-engine test-pyodide

# Lint and types: ruff (lint and format) over the folders pyproject.toml includes, mypy (strict for
# pycore and for every module of the UI package web/hotseat: pyproject.toml lists them).
lint: $(VENV_STAMP)
	$(PY) -m ruff check
	$(PY) -m ruff format --check
	$(PY) -m mypy

# Engine tests (and every other pytest under tests/) in CPython: in two pytest-xdist workers, the
# files in reversed order (no test may depend on another having run first).
test-engine: $(VENV_STAMP)
	HOTSEAT_TEST_ORDER=reversed $(SUITES_NICE) $(PY) -m pytest -n 2 tests

# The same engine tests inside Pyodide under Node (tests/pyodide/README.md): prepare.sh unpacks
# pure-Python pytest/hypothesis wheels for Python 3.14 into build/pyodide-deps (cached).
test-pyodide: $(NODE_STAMP) $(WHEEL_STAMP)
	@if [ -f tests/pyodide/run_pytest.mjs ]; then \
	  if [ -f tests/pyodide/prepare.sh ]; then bash tests/pyodide/prepare.sh || exit 1; fi; \
	  echo "node tests/pyodide/run_pytest.mjs"; $(SUITES_NICE) node tests/pyodide/run_pytest.mjs; \
	else echo "tests/pyodide/run_pytest.mjs not present yet: Pyodide run skipped"; fi

# Browser tests: Playwright + Debian Chromium against the built site, and in the same pool of
# workers the engine lanes (e2e/engines: WebKitGTK and Firefox ESR, one test each, and a Firefox
# phone at a Chromium host). Longest first (e2e/durations.json, a new test before all), each
# worker taking the next test as it frees up (loadgroup: one test at a time, in that order), so
# that the workers end together. `HOTSEAT_E2E_RECORD=1 make test-e2e` records the durations again.
test-e2e: site chromium engines
	$(PY) -m pytest -n $(E2E_JOBS) --dist loadgroup --no-loadscope-reorder e2e

# The engine lanes alone: the app's life on a phone in WebKitGTK and in Firefox ESR, side by side,
# and the Firefox-Chromium pairing.
test-engines: site engines
	$(PY) -m pytest -n 2 e2e/engines

# The stateful test of a table of phones (tests/web/test_net_stateful.py) with many more games
# than the suite's 5 per table: TABLE_GAMES games per table, from seed TABLE_SEED.
TABLE_GAMES ?= 60
TABLE_SEED ?= 1000
soak-table: $(VENV_STAMP)
	HOTSEAT_TABLE_GAMES=$(TABLE_GAMES) HOTSEAT_TABLE_SEED=$(TABLE_SEED) \
	  $(PY) -m pytest tests/web/test_net_stateful.py -s -q -p no:cacheprovider

# Record the render dumps again (tests/web/render_dump.py: every screen of seeded scripts, which
# tests/web/test_render_dumps.py keeps byte-identical) after a change meant to alter what the app
# draws; REASON says why and is kept in the dump files.
render-dumps: $(VENV_STAMP)
	@if [ -z "$(strip $(REASON))" ]; then echo 'usage: make render-dumps REASON="why the screens changed"' >&2; exit 2; fi
	$(PY) tests/web/render_dump.py record --reason "$(REASON)"

soak: $(VENV_STAMP)
	@if [ -f tests/conformance/soak.py ]; then \
	  $(PY) -m tests.conformance.soak; \
	else echo "tests/conformance/soak.py not present yet"; fi

# The bots' strength targets (docs/bots.md): seeded tournaments of every target, niced, saved in
# pieces under build/tournaments/ (a stopped run goes on where it stopped), then merged and
# printed. Hours of CPU: TOURNAMENTS="--only sn4,bb --games 800 --jobs 2" to choose.
TOURNAMENTS ?=
tournaments: $(VENV_STAMP)
	$(PY) tools/tournaments.py $(TOURNAMENTS)

# Every bench/*.py script whose name does not start with "_" (those are shared modules).
bench: site chromium
	@found=; for f in bench/[!_]*.py; do [ -f "$$f" ] || continue; found=1; \
	  echo "== $$f"; $(PY) "$$f" || exit 1; done; \
	[ -n "$$found" ] || echo "no benchmarks in bench/ yet"

## Clean -------------------------------------------------------------------------------------

clean:
	rm -rf build dist *.egg-info

distclean: clean
	rm -rf $(VENV) node_modules
