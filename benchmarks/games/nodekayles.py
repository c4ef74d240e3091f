"""Node Kayles' part of `make bench` (locked-duel, blocking): its boards, every start up to 7x7 each in
a fresh process, 7x7 from scratch on the C core, and its C core against the Python reference."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable

from benchmarks.benching import Board, CoreLoops, GameBench, Section, cold_seconds, walk
from benchmarks.kit import verdict
from gridgames.games.nodekayles import algorithm as nodekayles
from gridgames.solve.analysis import analyse

NODEKAYLES_TARGET = 10.0
NODEKAYLES_7X7_TARGET = 10.0  # "in seconds"

_NODEKAYLES_CHILD = """
import sys, time
from gridgames.engine.options import Options
from gridgames.games.nodekayles import algorithm as nodekayles
from gridgames.games import get_entry
state = get_entry("locked-duel").rules.start(Options(int(sys.argv[1]), int(sys.argv[2])), 1)
began = time.perf_counter()
value = nodekayles.evaluate(state).value
print(value, time.perf_counter() - began)
"""


def bench_nodekayles(rng: random.Random) -> bool:
    """Each board in a fresh process (a cold cache), killed at twice the target."""
    boards = [(m, n) for m in range(2, 8) for n in range(m, 8)] + [(3, n) for n in range(17, 21)]
    worst, worst_board, failed = 0.0, "", []
    for rows, cols in boards:
        try:
            done = subprocess.run([sys.executable, "-c", _NODEKAYLES_CHILD, str(rows), str(cols)],
                                  capture_output=True, text=True, timeout=2 * NODEKAYLES_TARGET)
        except subprocess.TimeoutExpired:
            failed.append(f"{rows}x{cols} (over {2 * NODEKAYLES_TARGET:.0f} s)")
            continue
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            failed.append(f"{rows}x{cols} ({last})")
            continue
        took = float(done.stdout.split()[1])
        if took > worst:
            worst, worst_board = took, f"{rows}x{cols}"
        if took > NODEKAYLES_TARGET:
            failed.append(f"{rows}x{cols} ({took:.1f} s)")
    ok = not failed
    print(f"\nNode Kayles start positions, every m x n up to 7x7 and 3x17..3x20, each in a fresh process: "
          f"slowest {worst_board or '-'} in {worst:.3f} s (target <= {NODEKAYLES_TARGET:.0f} s each: "
          f"{verdict(ok)})")
    for failure in failed:
        print(f"  not met: {failure}")
    return ok


def nodekayles_7x7(rng: random.Random) -> bool:
    if nodekayles.NATIVE() is None:
        print("\nNode Kayles 7x7 from scratch: no C core, NOT met")
        return False
    nodekayles.use_table(False)
    seconds = cold_seconds(True, lambda: nodekayles.grundy_of_board(7, 7))
    value = nodekayles.grundy_of_board(7, 7)
    nodekayles.use_table(True)
    ok = seconds <= NODEKAYLES_7X7_TARGET
    print(f"\nNode Kayles 7x7 from scratch (no table), C core: Grundy value {value} in {seconds:.2f} s "
          f"(target {NODEKAYLES_7X7_TARGET:.0f} s) {verdict(ok)}")
    return ok


def _loops(rng: random.Random) -> dict[str, Callable[[], object]]:
    return {
        "5x5 empty board, Grundy value from scratch": lambda: nodekayles.grundy_of_board(5, 5),
        "5x6 empty board, Grundy value from scratch": lambda: nodekayles.grundy_of_board(5, 6),
    }


def _wrapped(rng: random.Random) -> dict[str, Callable[[], object]]:
    positions = [walk(Board("locked-duel", "5x6").game(), rng, 2) for _ in range(4)]
    return {
        "Node Kayles 5x6, analysis of 4 positions after 2 moves": lambda: [
            analyse(g.entry, g.state) for g in positions
        ],
    }


BENCH = GameBench(
    speed_boards=(Board("locked-duel", "5x5", default=True), Board("locked-duel", "7x7")),
    sections=(Section("Node Kayles starts", bench_nodekayles),),
    level_boards=(Board("locked-duel", "5x5", default=True),),
    analysed=("locked-duel", "blocking"),
    native_built=lambda: nodekayles.NATIVE.built,
    core_loops=CoreLoops("Node Kayles", _loops, _wrapped, "Node Kayles: Python's method, a compact memo."),
    core_sections=(Section("Node Kayles 7x7 from scratch", nodekayles_7x7),),
    replies=("locked-duel",),
    cancel_boards=(Board("locked-duel", "9x9"),),
    tables=nodekayles.use_table,
)
