"""Walls' part of `make bench`: its boards, its own yardstick (a depth-2 minimax against our depth-2
alpha-beta, since a game that can repeat has no plain negamax to the end), exact analysis of any
5x5 position under its budget, and its C core against the Python reference."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from benchmarks.benching import Board, CoreLoops, GameBench, Section, p95, walk
from benchmarks.kit import verdict
from gridgames.engine.game import Game
from gridgames.engine.rules import GridState, Rules
from gridgames.games.walls import algorithm as walls
from gridgames.solve.analysis import analyse

WALLS_P95_TARGET = 0.3


def naive_depth_seconds(rules: Rules[Any], state: GridState, depth: int) -> float:
    """A fixed-depth minimax without pruning or memory (the yardstick for walls)."""

    def minimax(s: GridState, d: int) -> int:
        moves = rules.legal_moves(s)
        if not moves:
            return -1000
        if d == 0:
            return len(moves)
        return max(-minimax(rules.apply_unchecked(s, m), d - 1) for m in moves)

    started = time.perf_counter()
    minimax(state, depth)
    return time.perf_counter() - started


def yardstick(rules: Rules[Any], positions: list[Game]) -> str:
    sample = positions[:8]
    naive = sum(naive_depth_seconds(rules, g.state, 2) for g in sample)
    ours = 0.0
    for g in sample:
        board_adapter = walls.board_for(g.state.rows, g.state.cols)
        t0 = time.perf_counter()
        walls.search_move(board_adapter, walls.perspective(g.state), budget=10.0, max_depth=2)  # type: ignore[arg-type]
        ours += time.perf_counter() - t0
    return (f"  naive depth-2 minimax vs our depth-2 alpha-beta on {len(sample)} positions: "
            f"{naive:.3f} s vs {ours:.3f} s (x{naive / max(ours, 1e-9):.1f})")


def walls_5x5(rng: random.Random) -> bool:
    """Exact analysis of positions a 5x5 game passes through, under the target's budget."""
    times, exact = [], 0
    positions = [walk(Board("walls", "5x5").game(), rng, rng.randrange(0, 24)) for _ in range(40)]
    positions = [g for g in positions if g.rules.legal_moves(g.state)]
    for game in positions:
        began = time.perf_counter()
        evaluation = analyse(game.entry, game.state, WALLS_P95_TARGET)
        times.append(time.perf_counter() - began)
        exact += evaluation.exact
    start = Board("walls", "5x5").game()
    value = analyse(start.entry, start.state, WALLS_P95_TARGET)
    worst = p95(times)
    ok = exact == len(positions) and worst <= WALLS_P95_TARGET
    print(f"\nwalls 5x5 any-position exact analysis: {exact} of {len(positions)} random positions exact, "
          f"p95 {worst:.3f} s (target all exact, p95 <= {WALLS_P95_TARGET} s) {verdict(ok)}; "
          f"start: {value.value}{'' if value.exact else ' (not proven)'}")
    return ok


def _loops(rng: random.Random) -> dict[str, Callable[[], object]]:
    return {"3x4 retrograde, every position": lambda: walls.exact_table(3, 4)}


BENCH = GameBench(
    speed_boards=(
        Board("walls", "5x5", default=True),
        Board("walls", "3x3"),
        Board("walls", "4x4"),
        Board("walls", "6x6", positions=10),
    ),
    speed_note="walls 5x5 and up searches 30 ms",
    yardstick=yardstick,
    level_boards=(Board("walls", "5x5", default=True, most_games=8), Board("walls", "4x4")),
    analysed=("walls",),
    native_built=lambda: walls.NATIVE.built,
    core_loops=CoreLoops("walls", _loops),
    core_sections=(Section("walls 5x5 exact any position", walls_5x5),),
    replies=("walls",),
    cancel_boards=(Board("walls", "7x7"),),
)
