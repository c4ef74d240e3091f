"""Cram's Grundy values of empty m x n boards and Domineering's outcome classes, computed from scratch.

Cram: each board's value by the project's solver's search (the C core when built, else the Python
reference; the mirror-strategy shortcut off), memo emptied first, with the seconds it took. Checked on
the way against what is published:

- 1 x n is the octal game 0.07, Dawson's Kayles, whose values are OEIS A002187 shifted by one
  (1 x n Cram = A002187(n - 1), the values of Dawson's chess; Winning Ways, ch. 4);
- even x even boards are second-player wins (value 0) and even x odd boards first-player wins (value
  not 0), by the mirror strategy (Gardner, Scientific American, February 1974).

Domineering (`--domineering`): the outcome class of each empty board (N: the first player wins, P: the
second, V/H: Vertical/Horizontal whoever starts), checked against the square boards published: 5 x 5 is
a second-player win (Conway, On Numbers and Games; Winning Ways, ch. 5), the other square boards up to
8 x 8 first-player wins (Breuker, Uiterwijk and van den Herik, "Solving 8x8 Domineering", Theoretical
Computer Science 230, 2000).

    python scripts/cram_values.py --rows 1-6 --cols 1-9 --budget 120 --markdown
    python scripts/cram_values.py --domineering --rows 2-7 --cols 2-7 --budget 120
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial

from gridgames.games.cram import solver as cram
from gridgames.games.domineering import solver as domineering
from gridgames.solve import core
from gridgames.solve.budget import SearchTimeout

#: OEIS A002187 (Sprague-Grundy values of Dawson's chess), a(0) to a(30), as scripts/nodekayles_values.py
#: has them: 1 x n Cram is a(n - 1).
A002187 = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5]
#: Square Domineering boards whose outcome is published (see the module docstring).
DOMINEERING_SQUARES = {2: "N", 3: "N", 4: "N", 5: "P", 6: "N", 7: "N", 8: "N"}


def span(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def cram_published(rows: int, cols: int, value: int) -> bool | None:
    """Whether `value` agrees with what is published for the board (its value for 1 x n and even x even
    boards, only that it is not 0 for even x odd ones), None when nothing is."""
    if min(rows, cols) == 1 and max(rows, cols) <= len(A002187):
        return value == A002187[max(rows, cols) - 1]
    if rows % 2 == 0 and cols % 2 == 0:
        return value == 0
    if rows % 2 == 0 or cols % 2 == 0:
        return value != 0
    return None


def timed(task: Callable[[], object]) -> tuple[object | None, float, float]:
    """(the answer or None when out of time, wall seconds, CPU seconds: on a busy machine they differ)."""
    start, cpu = time.perf_counter(), time.process_time()
    try:
        answer = task()
    except SearchTimeout:
        answer = None
    return answer, time.perf_counter() - start, time.process_time() - cpu


def run(args: argparse.Namespace, label: str, solve: Callable[[int, int], object],
        published: Callable[[int, int, object], bool | None]) -> int:
    values: dict[tuple[int, int], object | None] = {}
    mismatches = 0
    for rows in args.rows:
        for cols in args.cols:
            if args.symmetric_once and cols < rows and (cols, rows) in values:
                values[rows, cols] = values[cols, rows]
                continue
            answer, took, cpu = timed(partial(solve, rows, cols))
            values[rows, cols] = answer
            check = ""
            if answer is not None:
                agrees = published(rows, cols, answer)
                if agrees is not None:
                    check = " (as published)" if agrees else " (DIFFERS FROM WHAT IS PUBLISHED)"
                    mismatches += not agrees
            text = "?" if answer is None else str(answer)
            print(f"{label} {rows}x{cols}: {text} ({took:.2f} s, {cpu:.2f} s CPU){check}", flush=True)
            if answer is None:
                break  # longer boards of this row cost more
    if args.markdown:
        cols = list(args.cols)
        print(f"\n{label}\n\n| rows \\ cols | " + " | ".join(str(c) for c in cols) + " |")
        print("|---|" + "---|" * len(cols))
        for rows in args.rows:
            shown = [
                "" if (rows, c) not in values else "?" if values[rows, c] is None else str(values[rows, c])
                for c in cols
            ]
            print(f"| {rows} | " + " | ".join(shown) + " |")
    if mismatches:
        print(f"{mismatches} value(s) differ from the published ones")
    return mismatches


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=span, default=span("1-5"), help="a number or a range, e.g. 3-5")
    parser.add_argument("--cols", type=span, default=span("1-9"), help="a number or a range, e.g. 1-20")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per board (default 60)")
    parser.add_argument("--domineering", action="store_true", help="Domineering's outcome classes instead")
    parser.add_argument("--markdown", action="store_true", help="end with a table for the docs")
    args = parser.parse_args()
    cores = ["gridgames.games.cram._native", "gridgames.games.domineering._native"]
    print(f"core: {core.name(cores)}; memo emptied before each board; {args.budget:g} s a board", flush=True)
    if args.domineering:
        args.symmetric_once = False

        def solve_domineering(rows: int, cols: int) -> object:
            domineering.clear_cache()
            return domineering.outcome(rows, cols, budget=args.budget)

        def published_domineering(rows: int, cols: int, answer: object) -> bool | None:
            known = DOMINEERING_SQUARES.get(rows) if rows == cols else None
            return None if known is None else answer == known

        return 1 if run(args, "Domineering", solve_domineering, published_domineering) else 0
    args.symmetric_once = True

    def solve_cram(rows: int, cols: int) -> object:
        cram.clear_cache()
        return cram.grundy(rows, cols, (1 << (rows * cols)) - 1, budget=args.budget, use_symmetry=False)

    def published_cram(rows: int, cols: int, answer: object) -> bool | None:
        return cram_published(rows, cols, int(answer))  # type: ignore[call-overload]

    return 1 if run(args, "Cram", solve_cram, published_cram) else 0


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    sys.exit(main())
