# Two entry points: `make run` plays, `make test` checks everything. Both set up .venv themselves:
# `run` installs only what playing needs, `test` adds the test tools and the optional groups.
# Installing builds the engines: compiled with mypyc in place when a C compiler is present,
# pure Python with WONDERS_PURE=1 (docs/PERFORMANCE.md); `make build` rebuilds after an edit.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test
BUILD_STAMP := $(VENV)/.built
ENGINE_SOURCES := setup.py $(wildcard src/wonders/core/*.py src/wonders/classic/*.py \
	src/wonders/duel/*.py src/wonders/architects/*.py)
# the compiled build is what `make test` checks (and the pure one beside it), unless asked not to
COMPILED := $(if $(filter-out 0,$(WONDERS_PURE)),,$(shell command -v $${CC:-cc} >/dev/null 2>&1 && echo 1))

.PHONY: all build run serve test test-pure lint typecheck docs bench clean messages

all: build

$(VENV)/bin/python:
	@echo "Creating .venv (a private Python environment for wonders)."
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(VENV)/bin/python
	@echo "Installing wonders into .venv$(if $(COMPILED), and compiling its engines with mypyc,) once:"
	@echo "this takes 1-5 minutes (the package client's warnings may scroll by); 'make run' then starts in seconds."
	$(BIN)/pip install --quiet -e .
	touch $(PLAY_STAMP) $(BUILD_STAMP)

$(TEST_STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install --quiet -e '.[dev,rl,cluster,web]'
	touch $(TEST_STAMP) $(PLAY_STAMP) $(WEB_STAMP) $(BUILD_STAMP)

# rebuild the engines when a source changed since the last build (old extensions removed
# first, so a module no longer compiled cannot shadow its source; the new ones dated now)
$(BUILD_STAMP): $(ENGINE_SOURCES) | $(PLAY_STAMP)
	@echo "The engines' sources changed: rebuilding them$(if $(COMPILED), with mypyc (a few minutes)) ..."
	find src -name '*.so' -delete
	$(BIN)/pip install --quiet --no-deps -e .
	find src -name '*.so' -exec touch {} +
	touch $(BUILD_STAMP)

# the translations (docs/TRANSLATING.md): `make messages` extracts every string a player reads
# into the template and merges it into each language's catalogue; the build compiles them
LOCALE := src/wonders/locale
LANGUAGES := ru pl uk
CATALOGUES := $(foreach l,$(LANGUAGES),$(LOCALE)/$(l)/LC_MESSAGES/wonders.po)
COMPILED_CATALOGUES := $(CATALOGUES:.po=.mo)

$(LOCALE)/%/LC_MESSAGES/wonders.mo: $(LOCALE)/%/LC_MESSAGES/wonders.po | $(PLAY_STAMP)
	$(BIN)/pybabel compile --domain wonders --statistics -i $< -o $@

messages: $(TEST_STAMP)
	$(BIN)/pybabel extract --mapping-file babel.cfg --sort-by-file --no-wrap \
		--project wonders --msgid-bugs-address "" --output-file $(LOCALE)/wonders.pot .
	for l in $(LANGUAGES); do \
		if [ -f $(LOCALE)/$$l/LC_MESSAGES/wonders.po ]; then \
			$(BIN)/pybabel update --domain wonders --no-wrap --ignore-obsolete \
				-i $(LOCALE)/wonders.pot -d $(LOCALE) -l $$l; \
		else $(BIN)/pybabel init --domain wonders --no-wrap -i $(LOCALE)/wonders.pot -d $(LOCALE) -l $$l; fi; \
	done

build: $(BUILD_STAMP) $(COMPILED_CATALOGUES)

run: $(PLAY_STAMP) $(BUILD_STAMP) $(COMPILED_CATALOGUES)
	$(BIN)/wonders play classic

# the web table: `make serve HOST=0.0.0.0` lets friends on the network join
WEB_STAMP := $(VENV)/.installed-web
HOST ?= 127.0.0.1
PORT ?= 8000

$(WEB_STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install --quiet -e '.[web]'
	touch $(WEB_STAMP)

serve: $(WEB_STAMP) $(BUILD_STAMP) $(COMPILED_CATALOGUES)
	$(BIN)/wonders serve --host $(HOST) --port $(PORT)

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

# the documentation site (mkdocs.yml, pages in docs/) into site/, warnings as errors
# (not --quiet: it hides the warnings from --strict, which then passes)
docs: $(TEST_STAMP)
	$(BIN)/mkdocs build --strict --site-dir site

# the browser tests drive Debian's Chromium (Playwright cannot download browsers here)
/usr/bin/chromium:
	apt-get update && apt-get install -y chromium

# pytest spreads the tests over the cores (pytest-xdist; at most 4 workers: each may start a
# server and a browser), which halves the time on the 2-core machine
test: $(TEST_STAMP) $(BUILD_STAMP) $(COMPILED_CATALOGUES) lint typecheck docs /usr/bin/chromium
	WONDERS_REQUIRE_COMPILED=$(COMPILED) $(BIN)/pytest --numprocesses auto --maxprocesses 4
	$(MAKE) --no-print-directory test-pure

# the pure-Python build beside the compiled one: the conformance test, a short property run
# and the observers (compiled modules too) against the reference encoders
test-pure: $(TEST_STAMP) $(COMPILED_CATALOGUES)
	WONDERS_PURE=1 $(BIN)/pytest tests/test_conformance.py tests/core/test_builds.py \
		tests/duel/test_properties.py tests/architects/test_properties.py \
		tests/classic/test_properties.py tests/envs/test_fast_path.py

bench: $(PLAY_STAMP) $(BUILD_STAMP) $(COMPILED_CATALOGUES)
	$(BIN)/wonders bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .mypyc-build build
	find src -name '*.so' -delete
