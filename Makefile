# Vegas Table. Two commands matter: `make play` and `make test`. Everything installs itself into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install test bench lint play simulate clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

test: install
	$(BIN)/python -m pytest

bench: install
	$(BIN)/vegas bench --output docs/BENCHMARKS.md

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy

simulate: install
	$(BIN)/vegas simulate --game lords --rules up --players 4 --games 200 --seed 7 --bots random

play: install
	$(BIN)/vegas simulate --game lords --rules up --players 4 --games 20 --seed 1 --bots random

clean:
	rm -rf $(VENV) build gen *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
