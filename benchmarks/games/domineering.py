"""`make bench` for Domineering: the solver's targets, each printed as met or not.

The boards of issue 26 solved from scratch (the value of the empty board, the table emptied first, as
`analyse --no-tables --value-only` does), each with its nodes and CPU seconds against its target, beside
the best public solver's figures measured on the same kind of machine; the start of every board up to 7x7
(its outcome class) within 10 s each; every position of 5x5 exact (each move's value, table emptied
first), p95 at most 0.3 s; whole 8x8 games of the perfect seat with the tables off (issue 26, item 2):
each move proven, the first within 1.5 s of CPU and each later one within a reply's 0.4 s. `--quick`
measures fewer positions and one game; `--long` adds 9x9 (minutes).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from dataclasses import dataclass
from functools import partial

from benchmarks.benching import Board, GameBench
from benchmarks.kit import percentile, random_positions, timed, verdict
from gridgames.games.domineering import solver as domineering
from gridgames.solve import core

DOMINEERING_START = 10.0
DOMINEERING_POSITION_P95 = 0.3
#: Issue 26, item 2: the perfect seat's first move on 8x8 from scratch, and each later one (REPLY_SECONDS).
LIVE_FIRST_CPU = 1.5
LIVE_LATER_CPU = 0.4
#: A live move's budget: time enough to measure a slow one, not a limit on the seat.
LIVE_BUDGET = 600.0


CORE = "gridgames.games.domineering._native"  # this game's C core, for the heading


@dataclass(frozen=True)
class Target:
    """A board of issue 26: rows x cols, Vertical first or not, the CPU seconds and nodes allowed (None:
    no target, shown for comparison) and the best public solver's nodes and CPU seconds there."""

    rows: int
    cols: int
    vertical: bool
    cpu: float | None
    nodes: int | None = None
    peer: str = ""


TARGETS = (
    Target(7, 7, True, None, None, "31,440 nodes / 0.02 s"),
    Target(8, 7, True, 0.5, None, "62,153 nodes / 0.04 s"),
    Target(8, 7, False, 0.5, None, "885,623 nodes / 0.6 s"),
    Target(7, 8, True, 0.5),
    Target(7, 8, False, 0.5),
    Target(9, 7, True, 0.5, None, "823,660 nodes / 0.6 s"),
    Target(8, 8, True, 1.0, 2_500_000, "2,023,301 nodes / 1.2 s"),
)
LONG_TARGETS = (Target(9, 9, True, 600.0, None, "not finished in 600 s"),)
#: A board's search stops after this many times its target (at least `LEAST_BUDGET` seconds).
BUDGET_FACTOR = 20
LEAST_BUDGET = 60.0


def bench_domineering_targets(targets: tuple[Target, ...]) -> bool:
    """Each board's value from scratch: nodes, CPU seconds, target, met or not."""
    failed = 0
    for t in targets:
        domineering.clear_cache()
        full = (1 << (t.rows * t.cols)) - 1
        budget = max(LEAST_BUDGET, BUDGET_FACTOR * (t.cpu or 1.0))
        won, took, cpu = timed(partial(domineering.wins, t.rows, t.cols, full, t.vertical, budget))
        nodes = domineering.nodes()
        first = "V" if t.vertical else "H"
        if won is None:
            outcome = f"not finished in {took:.0f} s ({nodes:,} nodes)"
        else:
            winner = "first player wins" if won else "second player wins"
            outcome = f"{winner}: {nodes:,} nodes, {cpu:.2f} s CPU"
        limits = []
        if t.cpu is not None:
            limits.append(f"<= {t.cpu:g} s")
        if t.nodes is not None:
            limits.append(f"<= {t.nodes:,} nodes")
        if limits:
            ok = won is not None and (t.cpu is None or cpu <= t.cpu) and (t.nodes is None or nodes <= t.nodes)
            failed += not ok
            judged = f"target {', '.join(limits)}: {verdict(ok)}"
        else:
            judged = "no target"
        peer = f"; best public solver {t.peer}" if t.peer else ""
        print(f"  {t.rows}x{t.cols} ({first}) {outcome} ({judged}{peer})", flush=True)
    ok = not failed
    print(f"Domineering from scratch, value only (issue 26's boards): {verdict(ok)}")
    return ok


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


def bench_domineering_live(games: int) -> bool:
    """Whole 8x8 games, tables off and the search's memory emptied before each: the perfect seat
    (Vertical, the winner) against random replies, each of its moves proven, timed in CPU seconds."""
    from gridgames.engine.game import Game
    from gridgames.engine.options import Options
    from gridgames.games import get_entry
    from gridgames.play.computer import Computer
    from gridgames.solve import tables

    entry = get_entry("domineering")
    seat = Computer(entry, "perfect", seconds=LIVE_BUDGET)
    tables.switch_off()
    ok = True
    try:
        for number in range(games):
            domineering.clear_cache()
            game = Game.new(entry, Options(8, 8), first_player=1)
            rng, opponent = random.Random(number), random.Random(100 + number)
            times, unproven = [], 0
            while game.legal_moves():
                if game.state.to_move == 1:
                    choice, _, cpu = timed(partial(seat.decide, game.state, rng))
                    assert choice is not None
                    times.append(cpu)
                    unproven += not choice.proven  # type: ignore[attr-defined]
                    game = game.play(choice.move)  # type: ignore[attr-defined]
                else:
                    game = game.play(opponent.choice(game.legal_moves()))
            later = max(times[1:], default=0.0)
            met = not unproven and times[0] <= LIVE_FIRST_CPU and later <= LIVE_LATER_CPU
            ok = ok and met
            print(f"  game {number + 1}: {len(times)} moves, {len(times) - unproven} proven; first "
                  f"{times[0]:.2f} s CPU (<= {LIVE_FIRST_CPU:g} s), slowest later {later:.2f} s "
                  f"(<= {LIVE_LATER_CPU:g} s): {verdict(met)}", flush=True)
    finally:
        tables.switch_off(False)
        domineering.clear_cache()
    print(f"Domineering 8x8 live, perfect seat with the tables off, every move proven: {verdict(ok)}")
    return ok


#: Its part of the shared `make bench` driver: the computer-level ladder (on 6x6: the default 8x8 is
#: searched move by move, too slow for the ladder's games).
BENCH = GameBench(level_boards=(Board("domineering", "6x6"),))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions")
    parser.add_argument("--long", action="store_true", help="also 9x9 from scratch (up to ten minutes)")
    args = parser.parse_args(argv)
    rng = random.Random(18)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    built = "built" if domineering.built() else "not built"
    print(f"\nDomineering ({core.name([CORE])}; Domineering's C core {built})")
    targets = TARGETS + (LONG_TARGETS if args.long else ())
    results = [
        bench_domineering_targets(targets),
        bench_domineering_starts(),
        bench_domineering_positions(rng, 40 if args.quick else 200),
        bench_domineering_live(1 if args.quick else 3),
    ]
    domineering.clear_cache()
    print(f"Domineering: {sum(results)} of {len(results)} targets met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
