# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test test-loaded bench bench-online lint clean tables puzzles solve-board

# Setting up prints one line per step; pip's own output goes to $(LOG), shown in full if a step fails.
LOG := $(VENV)/setup.log
QUIETLY = > $(LOG) 2>&1 || { cat $(LOG); echo "Set-up failed: the log above is $(LOG)."; exit 1; }

$(BIN)/python:
	@echo "Creating $(VENV) (first run only)..."
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --upgrade pip $(QUIETLY)

# Stamps reinstall when pyproject.toml, setup.py or any game's C core (or the header they share) changes.
NATIVE_SOURCES := $(wildcard gridgames/games/*/_native.c) $(wildcard gridgames/solve/native/*.h)
$(VENV)/.installed: pyproject.toml setup.py $(NATIVE_SOURCES) | $(BIN)/python
	@echo "Installing gridgames into $(VENV)..."
	@$(BIN)/python -m pip install --quiet -e . $(QUIETLY)
	@touch $@

$(VENV)/.installed-dev: pyproject.toml setup.py $(NATIVE_SOURCES) | $(BIN)/python
	@echo "Installing gridgames and its test tools into $(VENV)..."
	@$(BIN)/python -m pip install --quiet -e '.[dev]' $(QUIETLY)
	@touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	@$(BIN)/gridgames

# Two workers (pytest-xdist; tests that must not share the machine are in one xdist_group, which
# --dist loadgroup runs on one worker, one after the other). TEST_WORKERS=0 runs in this process.
TEST_WORKERS ?= 2
test: lint
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup

# The app's and the online tests, three times beside two busy processes (stopped however the run
# ends): a test that assumes a screen changed right after a click fails here. See the script.
test-loaded: $(VENV)/.installed-dev
	$(BIN)/python scripts/test_loaded.py -n $(TEST_WORKERS) --dist loadgroup

bench: $(VENV)/.installed-dev
	$(BIN)/python -m benchmarks.solvers
	$(BIN)/python -m benchmarks.games.cram
	$(BIN)/python -m benchmarks.games.domineering
	$(BIN)/python -m benchmarks.startup
	$(MAKE) bench-online

# 500 rooms of bots over loopback against `gridgames server`: move round trip and memory per room.
# Then issue 29's attacks one at a time beside 100 rooms of bots: the other rooms' round trip and memory.
# Then a cluster: 3 servers over a throwaway PostgreSQL, 1,500 rooms, each room's bots on two servers
# (skipped, saying how to install it, where PostgreSQL is not installed). Then the lobby's cost per move
# (no lobby clients against 200) and how late a flag falls.
bench-online: $(VENV)/.installed-dev
	$(BIN)/python -m benchmarks.online.load
	$(BIN)/python -m benchmarks.online.attacks
	$(BIN)/python -m benchmarks.online.cluster
	$(BIN)/python -m benchmarks.online.lobby

# Rebuild every shipped table in gridgames/games/*/ byte for byte (see README: time and memory).
tables: $(VENV)/.installed-dev
	nice -n 10 $(BIN)/python scripts/make_tables.py

# Rebuild the shipped puzzles (gridgames/puzzles/puzzles.bin) byte for byte; prints counts and time.
puzzles: $(VENV)/.installed-dev
	nice -n 10 $(BIN)/python scripts/make_puzzles.py

# Prove who wins an empty Domineering board, opening move by opening move, under nice: Ctrl+C stops it and
# the same command goes on from its journal (runs/, not committed). docs/solvers.md has the long runs.
ROWS ?= 10
COLS ?= 10
FIRST ?= 1
solve-board: $(VENV)/.installed-dev
	nice -n 19 $(BIN)/python scripts/solve_board.py --rows $(ROWS) --cols $(COLS) --first $(FIRST) \
		--journal runs/domineering-$(ROWS)x$(COLS)-first$(FIRST).jsonl

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check gridgames tests benchmarks scripts examples
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
