"""`make bench`, issue 9's section: the C cores against their Python references, each game's own
targets for its core, replies within a budget on every board up to 9x9, and the time from cancelling
a search to an idle thread. The games and their boards come from each game's part of the
bench (`benchmarks/games/<family>.py`, a `benching.GameBench`); this driver names no game."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable

from benchmarks.benching import Board, GameBench, cold_seconds, p95, tables_off, walk
from benchmarks.kit import verdict
from gridgames.games import native_cores
from gridgames.solve import core
from gridgames.solve.analysis import analyse
from gridgames.solve.budget import Budget
from gridgames.solve.players import choose_move

SPEEDUP_TARGET = 30.0
REPLY_BUDGET = 0.4  # what a reply may think; the target below leaves room for the rest of the turn
REPLY_P95_TARGET = 0.5
CANCEL_TARGET = 0.05
SPEEDUP_RUNS = 3  # each case runs this many times per core, cold each time; the median counts


def _seconds(t: float) -> str:
    return f"{t:.4f} s" if t >= 0.001 else f"{t * 1e6:.0f} µs"


def _median_cold(native: bool, work: Callable[[], object]) -> float:
    return sorted(cold_seconds(native, work) for _ in range(SPEEDUP_RUNS))[SPEEDUP_RUNS // 2]


def speedups(rng: random.Random, benches: list[GameBench]) -> bool:
    """The search loops timed on positions big enough that the loop, not the Python around each C call,
    dominates; then whole analyses of small positions, where the wrapper shows (reported, not judged)."""
    cored = [bench for bench in benches if bench.core_loops is not None]
    print("\nNative core vs Python reference on the same positions, cold caches, "
          f"median of {SPEEDUP_RUNS} runs (target >= {SPEEDUP_TARGET:.0f}x on the search loops)")
    notes = [bench.core_loops.note for bench in cored if bench.core_loops and bench.core_loops.note]
    print("  Same answers, partly another method." + "".join(f"\n  {note}" for note in notes))
    if not all(bench.native_built is not None and bench.native_built() for bench in cored):
        print("  the C core is not built here: NOT met")
        return False
    tables_off(benches, True)
    ok = True
    wrapped: dict[str, Callable[[], object]] = {}
    for bench in cored:
        loops = bench.core_loops
        assert loops is not None
        cases = loops.loops(rng)
        wrapped |= loops.wrapped(rng) if loops.wrapped else {}
        python = native = 0.0
        for label, work in cases.items():
            p, c = _median_cold(False, work), _median_cold(True, work)
            python, native = python + p, native + c
            print(f"  {loops.name} {label}: Python {_seconds(p)}, C {_seconds(c)}: {p / max(c, 1e-6):.1f}x")
        ratio = python / max(native, 1e-6)
        ok &= ratio >= SPEEDUP_TARGET
        print(f"  {loops.name} search loops in all: {ratio:.1f}x {verdict(ratio >= SPEEDUP_TARGET)}")
    for label, work in wrapped.items():
        p, c = _median_cold(False, work), _median_cold(True, work)
        print(f"  (not judged: Python around the C calls) {label}: Python {_seconds(p)}, C {_seconds(c)}: "
              f"{p / max(c, 1e-6):.1f}x")
    tables_off(benches, False)
    core.use_native(True)
    return ok


def replies(rng: random.Random, benches: list[GameBench]) -> bool:
    print(f"\nReply time per level and board, budget {REPLY_BUDGET} s (target p95 <= {REPLY_P95_TARGET} s)")
    ok = True
    for variant in (variant for bench in benches for variant in bench.replies):
        for size in (5, 7, 9):
            line = f"  {variant:<12} {size}x{size}:"
            for level in ("easy", "medium", "hard", "perfect"):
                times = []
                for _ in range(4):
                    game = walk(Board(variant, f"{size}x{size}").game(), rng, rng.randrange(0, 2 * size))
                    if not game.rules.legal_moves(game.state):
                        continue
                    began = time.perf_counter()
                    choose_move(game.entry, game.state, level, rng, Budget(REPLY_BUDGET))
                    times.append(time.perf_counter() - began)
                worst = p95(times) if times else 0.0
                ok &= worst <= REPLY_P95_TARGET
                line += f" {level} {worst:.2f}"
            print(line)
    print(f"  every level and board: {verdict(ok)}")
    return ok


def cancel_to_idle(benches: list[GameBench]) -> bool:
    worst = 0.0
    cancelled: list[str] = []
    finished: list[str] = []
    for board in (board for bench in benches for board in bench.cancel_boards):
        game = board.game()
        stop = threading.Event()
        tables_off(benches, True)  # a search from scratch, not a table's answer
        thread = threading.Thread(target=analyse, args=(game.entry, game.state, Budget(None, stop)))
        thread.start()
        time.sleep(0.3)
        # a search that ended by itself (a C core may solve a board in milliseconds) is named apart:
        # its thread was idle already and says nothing about cancelling
        (cancelled if thread.is_alive() else finished).append(f"{board.variant} {board.size}")
        began = time.perf_counter()
        stop.set()
        thread.join()
        tables_off(benches, False)
        worst = max(worst, time.perf_counter() - began)
    ok = worst <= CANCEL_TARGET and bool(cancelled)
    done = f"; finished before the cancel: {', '.join(finished)}" if finished else ""
    print(f"\nCancel to idle thread (searches still running when cancelled: {', '.join(cancelled) or 'none'}"
          f"{done}): worst {worst * 1000:.1f} ms (target {CANCEL_TARGET * 1000:.0f} ms) {verdict(ok)}")
    return ok


def run(rng: random.Random, benches: list[GameBench]) -> dict[str, bool]:
    print(f"\nSolving core in use: {core.name(native_cores())}")
    results = {"native >= 30x Python": speedups(rng, benches)}
    for section in (s for bench in benches for s in bench.core_sections):
        results[section.summary] = section.run(rng)
    results["reply p95 <= 0.5 s up to 9x9"] = replies(rng, benches)
    results["cancel to idle <= 50 ms"] = cancel_to_idle(benches)
    return results
