# Two entry points: `make run` plays, `make test` checks everything. Both set up .venv themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/wonders play classic

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

test: $(STAMP) lint typecheck
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/wonders bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
