"""What the games' `make bench` lines share: the verdict word, percentiles, timing an answer under its
budget, and random positions of a domino-like game (no game is named here)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from gridgames.solve.budget import SearchTimeout


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def timed(task: Callable[[], object]) -> tuple[object | None, float, float]:
    """(the answer or None when its budget ran out, wall seconds, CPU seconds of this process). Targets
    are judged on wall time; the CPU time shows what a busy machine added."""
    began, cpu = time.perf_counter(), time.process_time()
    try:
        answer = task()
    except SearchTimeout:
        answer = None
    return answer, time.perf_counter() - began, time.process_time() - cpu


def random_positions(
    rng: random.Random, count: int, moves: Callable[[int, bool], list[tuple[int, int]]], cells: int
) -> list[tuple[int, bool]]:
    """(free cells, whose turn) of positions from random games, spread over their length, unfinished."""
    found: list[tuple[int, bool]] = []
    while len(found) < count:
        free, first = (1 << cells) - 1, rng.random() < 0.5
        line = []
        while True:
            legal = moves(free, first)
            if not legal:
                break
            line.append((free, first))
            a, b = rng.choice(legal)
            free &= ~((1 << a) | (1 << b))
            first = not first
        found.extend(rng.sample(line, min(len(line), max(1, count // 4))))
    return found[:count]
