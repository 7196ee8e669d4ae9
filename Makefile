# Two entry points: `make run` plays, `make test` checks everything. Both set up .venv themselves:
# `run` installs only what playing needs, `test` adds the test tools and the optional groups.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run serve test lint typecheck bench clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install --quiet -e .
	touch $(PLAY_STAMP)

$(TEST_STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install --quiet -e '.[dev,rl,cluster,web]'
	touch $(TEST_STAMP) $(PLAY_STAMP) $(WEB_STAMP)

run: $(PLAY_STAMP)
	$(BIN)/wonders play classic

# the web table: `make serve HOST=0.0.0.0` lets friends on the network join
WEB_STAMP := $(VENV)/.installed-web
HOST ?= 127.0.0.1
PORT ?= 8000

$(WEB_STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install --quiet -e '.[web]'
	touch $(WEB_STAMP)

serve: $(WEB_STAMP)
	$(BIN)/wonders serve --host $(HOST) --port $(PORT)

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

# the browser tests drive Debian's Chromium (Playwright cannot download browsers here)
/usr/bin/chromium:
	apt-get update && apt-get install -y chromium

test: $(TEST_STAMP) lint typecheck /usr/bin/chromium
	$(BIN)/pytest

bench: $(PLAY_STAMP)
	$(BIN)/wonders bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
