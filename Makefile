# Vegas Table. Two commands matter: `make play` and `make test`. Everything installs itself into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install gen test bench chaos load lint play simulate golden clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The API's Python code: generated from proto/ into vegas_table/api/ (git-ignored), never edited; a wheel's
# build generates its own (setup.py). See proto/codegen.py.
GENERATED := vegas_table/api/v1/table_pb2.py
$(GENERATED): $(STAMP) $(wildcard proto/vegas/*/*.proto) proto/codegen.py
	$(BIN)/python proto/codegen.py

gen: $(GENERATED)

install: $(STAMP) $(GENERATED)

# The suite over two workers a core (its tests wait on servers and subprocesses as much as they compute),
# each test file on one worker (its module's fixtures made once); a plain `pytest FILE` runs in one process.
TEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print(2 * (os.cpu_count() or 1))')
test: install
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile

bench: install
	$(BIN)/python -m benchmarks --output docs/BENCHMARKS.md

# The harnesses (harness/): SIGKILL the server while bots play, and load it with hundreds of clients; each
# checks its invariants, exits 1 if one fails, and writes its table into docs/RELIABILITY.md; make load also
# runs the busy evening (100 tables, 200 spectators: the round trip p99 under 30 ms).
chaos: install
	$(BIN)/python -m harness.chaos --write

load: install
	$(BIN)/python -m harness.load --write; status=$$?; $(BIN)/python -m harness.load --tables --write && exit $$status

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

simulate: install
	$(BIN)/vegas simulate --game lords --rules up --players 4 --games 200 --seed 7 --bots random

# Regenerate the golden replays after a deliberate engine change (bump ENGINE_VERSION, review the diff).
golden: install
	$(BIN)/python -m tests.golden.regenerate

# A server on a free loopback port inside the client: your unfinished local game if there is one, else a new
# Lords of Vegas game, you and 3 medium bots. BOTS=hard chooses another rung: random, easy, medium, hard.
BOTS ?=
play: install
	$(BIN)/vegas play --local $(if $(BOTS),--bots $(BOTS))

clean:
	rm -rf $(VENV) build dist vegas_table/api *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
