"""`make bench` for Domineering: the solver's targets, each printed as met or not.

The start of every board up to 7x7 solved from scratch (its outcome class) within 10 s each; every
position of 5x5 exact (each move's value, table emptied first), p95 at most 0.3 s. `--quick` measures
fewer positions.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from functools import partial

from gridgames.games.benching import Board, GameBench
from gridgames.games.domineering import solver as domineering
from gridgames.solve import core
from gridgames.solve.benchkit import percentile, random_positions, timed, verdict

DOMINEERING_START = 10.0
DOMINEERING_POSITION_P95 = 0.3


CORE = "gridgames.games.domineering._native"  # this game's C core, for the heading


def bench_domineering_starts() -> bool:
    failed = []
    worst, worst_board = 0.0, ""
    for rows in range(2, 8):
        line = []
        for cols in range(2, 8):
            domineering.clear_cache()
            result, took, cpu = timed(partial(domineering.outcome, rows, cols, None, 2 * DOMINEERING_START))
            line.append(f"{rows}x{cols} {result or '?'} {took:.2f} s ({cpu:.2f} CPU)")
            if result is None or took > DOMINEERING_START:
                failed.append(f"{rows}x{cols} ({took:.2f} s)")
            if took > worst:
                worst, worst_board = took, f"{rows}x{cols}"
        print("  " + "; ".join(line))
    ok = not failed
    print(f"Domineering starts, every board up to 7x7 from scratch (outcome class: N first player, P second, "
          f"V/H that player): slowest {worst_board} in {worst:.2f} s (target <= {DOMINEERING_START:.0f} s "
          f"each: {verdict(ok)})")
    for failure in failed:
        print(f"  not met: {failure}")
    return ok


def bench_domineering_positions(rng: random.Random, count: int) -> bool:
    positions = random_positions(rng, count, lambda free, v: domineering.dominoes(5, 5, free, v), 25)
    times = []
    for free, vertical in positions:
        domineering.clear_cache()
        solve = partial(domineering.move_values, 5, 5, free, vertical, DOMINEERING_POSITION_P95 * 20)
        _, took, _ = timed(solve)
        times.append(took)
    p95 = percentile(times, 0.95)
    ok = p95 <= DOMINEERING_POSITION_P95
    print(f"Domineering 5x5, {len(times)} random positions, every move's value from scratch: p50 "
          f"{percentile(times, 0.5) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
          f"(target p95 <= {DOMINEERING_POSITION_P95 * 1000:.0f} ms: {verdict(ok)})")
    return ok


#: Its part of the shared `make bench` driver: the computer-level ladder (on 6x6: the default 8x8 is
#: searched move by move, too slow for the ladder's games).
BENCH = GameBench(level_boards=(Board("domineering", "6x6"),))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions")
    args = parser.parse_args(argv)
    rng = random.Random(18)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    built = "built" if domineering.built() else "not built"
    print(f"\nDomineering ({core.name([CORE])}; Domineering's C core {built})")
    results = [bench_domineering_starts(), bench_domineering_positions(rng, 40 if args.quick else 200)]
    domineering.clear_cache()
    print(f"Domineering: {sum(results)} of {len(results)} targets met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
