"""`make bench` for Cram: the solver's targets, each printed as met or not.

Every position of 5x5 exact (each move's value, memo emptied first), p95 at most 50 ms; the start
of every board of up to 36 cells decided (who wins) within 2 s each from scratch, by the mirror strategy
where it applies and by search elsewhere (odd x odd boards); its Grundy value within 30 s each. Issue
26's boards: the Grundy value of the empty 4x9, 5x8 and 5x9 boards from scratch (no tables), each in a
child process of its own so that its peak memory (ru_maxrss) is its own, with nodes, CPU seconds, the
target and the peak against 64 MB; and the C core against the reference, value and nodes, on every
board up to 4x6, 5x6 and 4x7. Runs in a few minutes; `--quick` measures fewer positions, skips the
Grundy values past 30 cells and 5x9.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from functools import partial

from benchmarks.benching import Board, GameBench
from benchmarks.kit import percentile, random_positions, timed, verdict
from gridgames.games.cram import solver as cram
from gridgames.solve import core

CRAM_POSITION_P95 = 0.050
CRAM_WHO_WINS = 2.0
CRAM_GRUNDY = 30.0
CRAM_MOST_CELLS = 36
#: Issue 26's boards: (rows, cols, CPU seconds target); each runs at most `value_wall(target)` seconds.
CRAM_VALUE_BOARDS = ((4, 9, 0.3), (5, 8, 2.0), (5, 9, 60.0))
#: Their peak memory target (the whole process, interpreter included).
CRAM_PEAK_BYTES = 64 * 2**20


CORE = "gridgames.games.cram._native"  # this game's C core, for the heading


def cram_boards() -> list[tuple[int, int]]:
    return [(m, n) for m in range(1, 7) for n in range(max(m, 2), 37) if m * n <= CRAM_MOST_CELLS]


def bench_cram_positions(rng: random.Random, count: int) -> bool:
    """Whether each move wins, for random 5x5 positions: from scratch (memo emptied before each) and as
    in a game (memo kept, as the app keeps it between moves). The target is judged from scratch."""
    positions = random_positions(rng, count, lambda free, _: cram.dominoes(5, 5, free), 25)
    cold: list[float] = []
    warm: list[float] = []
    for keep, times in ((False, cold), (True, warm)):
        cram.clear_cache()
        for free, _ in positions:
            if not keep:
                cram.clear_cache()
            _, took, _ = timed(partial(cram.move_wins, 5, 5, free, CRAM_POSITION_P95 * 20))
            times.append(took)
    p95 = percentile(cold, 0.95)
    ok = p95 <= CRAM_POSITION_P95
    print(f"Cram 5x5, {len(cold)} random positions, whether each move wins, from scratch: p50 "
          f"{percentile(cold, 0.5) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, max {max(cold) * 1000:.1f} ms "
          f"(target p95 <= {CRAM_POSITION_P95 * 1000:.0f} ms: {verdict(ok)}); with the memo kept: p95 "
          f"{percentile(warm, 0.95) * 1000:.1f} ms")
    return ok


def bench_cram_starts(grundy_cells: int) -> bool:
    failed = []
    worst_win, worst_win_board, worst_value, worst_value_board = 0.0, "", 0.0, ""
    rows_out = []
    for rows, cols in cram_boards():
        full = (1 << (rows * cols)) - 1
        cram.clear_cache()
        proven = cram.by_symmetry(rows, cols, full)
        winner, took, cpu = timed(partial(cram.wins, rows, cols, full, 2 * CRAM_WHO_WINS))
        how = "mirror strategy" if proven is not None else "search"
        if winner is None or took > CRAM_WHO_WINS:
            failed.append(f"who wins {rows}x{cols} ({took:.2f} s)")
        if took > worst_win:
            worst_win, worst_win_board = took, f"{rows}x{cols}"
        value: object | None = "-"
        value_took = value_cpu = 0.0
        if rows * cols <= grundy_cells:
            cram.clear_cache()
            value, value_took, value_cpu = timed(partial(cram.grundy, rows, cols, full, 2 * CRAM_GRUNDY))
            if value is None or value_took > CRAM_GRUNDY:
                failed.append(f"Grundy value {rows}x{cols} ({value_took:.2f} s)")
            if value_took > worst_value:
                worst_value, worst_value_board = value_took, f"{rows}x{cols}"
        who = "out of time" if winner is None else "first player wins" if winner else "second player wins"
        shown = "?" if value is None else value
        rows_out.append(f"  {rows}x{cols}: {who} ({how}, {took:.3f} s, {cpu:.3f} s CPU); "
                        f"value {shown} ({value_took:.2f} s, {value_cpu:.2f} s CPU)")
    ok = not failed
    print(f"Cram starts, every board of up to {CRAM_MOST_CELLS} cells from scratch: who wins, slowest "
          f"{worst_win_board} in {worst_win:.2f} s (target <= {CRAM_WHO_WINS:.0f} s each); Grundy value "
          f"(boards up to {grundy_cells} cells), slowest {worst_value_board} in {worst_value:.2f} s "
          f"(target <= {CRAM_GRUNDY:.0f} s each): {verdict(ok)}")
    for line in rows_out:
        print(line)
    for failure in failed:
        print(f"  not met: {failure}")
    return ok


#: What a child process runs: one board's value from scratch, printed as JSON.
_CHILD = """
import json, sys, time
from gridgames.games.cram import solver
from gridgames.solve.budget import SearchTimeout
rows, cols, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
cpu = time.process_time()
try:
    value = solver.grundy(rows, cols, (1 << (rows * cols)) - 1, seconds, use_symmetry=False)
except SearchTimeout:
    value = None
print(json.dumps({"value": value, "nodes": solver.nodes(), "cpu": time.process_time() - cpu}))
"""


def solve_in_child(rows: int, cols: int, seconds: float) -> tuple[dict[str, object], int]:
    """(what the child printed, its peak resident memory in bytes): the board's value from scratch in a
    fresh process, so the peak is this solve's alone."""
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(rows), str(cols), str(seconds)],
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss * 1024  # Linux gives kilobytes
    if child.returncode != 0:
        return {"value": None, "nodes": 0, "cpu": 0.0}, peak
    return json.loads(out), peak


def value_wall(target: float) -> float:
    """The wall-clock budget of a board whose target is `target` CPU seconds: room for a busy machine (a
    board stopped by its budget shows no value, so a small target gets half a minute more)."""
    return 4 * target + 30


def bench_cram_values(quick: bool) -> bool:
    """Issue 26's boards, each in its own process: value, nodes, CPU against its target, peak memory."""
    print(f"Cram values from scratch (no tables), each board in a fresh process (target CPU; peak memory "
          f"<= {CRAM_PEAK_BYTES // 2**20} MB):")
    ok = True
    for rows, cols, target in CRAM_VALUE_BOARDS:
        if quick and target > 10:
            print(f"  {rows}x{cols}: skipped (--quick)")
            continue
        got, peak = solve_in_child(rows, cols, value_wall(target))
        cpu = float(got["cpu"])  # type: ignore[arg-type]
        met = got["value"] is not None and cpu <= target and peak <= CRAM_PEAK_BYTES
        ok &= met
        shown = (f"value {got['value']}" if got["value"] is not None
                 else f"not finished in {value_wall(target):g} s (wall)")
        print(f"  {rows}x{cols}: {shown}, {int(got['nodes']):,} nodes, {cpu:.2f} s CPU (target <= "  # type: ignore[call-overload]
              f"{target:g} s), peak {peak / 2**20:.0f} MB (<= {CRAM_PEAK_BYTES // 2**20} MB): {verdict(met)}")
    return ok


def bench_cram_cross_check() -> bool:
    """The C core and the reference on every board up to 4x6, and on 5x6 and 4x7 (about 10 s of Python):
    the same value and the same nodes."""
    mod = cram.native()
    if mod is None:
        print("Cram cross-check: the C core is not built (skipped)")
        return True
    from gridgames.games.cram import reference

    differ = []
    boards = [(m, n) for m in range(1, 5) for n in range(m, 7)] + [(5, 6), (4, 7)]
    for rows, cols in boards:
        full = (1 << (rows * cols)) - 1
        reference.clear_cache()
        mod.clear()
        expected = reference.grundy(rows, cols, full)
        got = (mod.grundy(rows, cols, full, -1.0, None), mod.nodes())
        if got != expected:
            differ.append(f"{rows}x{cols}: reference {expected}, C {got}")
    mod.clear()
    reference.clear_cache()
    print(f"Cram cross-check, C core against the reference, value and nodes, {len(boards)} boards up to 4x6, "
          "5x6 and 4x7: "
          f"{verdict(not differ)}")
    for line in differ:
        print(f"  differ: {line}")
    return not differ


#: Its part of the shared `make bench` driver: the computer-level ladder.
BENCH = GameBench(level_boards=(Board("cram", "5x5", default=True),))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions; Grundy values up to 30 cells")
    args = parser.parse_args(argv)
    rng = random.Random(18)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    count = 40 if args.quick else 200
    print(f"\nCram ({core.name([CORE])}; Cram's C core {'built' if cram.built() else 'not built'})")
    results = [bench_cram_values(args.quick), bench_cram_cross_check(), bench_cram_positions(rng, count),
               bench_cram_starts(30 if args.quick else CRAM_MOST_CELLS)]
    cram.clear_cache()
    print(f"Cram: {sum(results)} of {len(results)} targets met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
