"""Grundy values of Node Kayles on empty m x n boards, computed from scratch by the project's solver.

The shipped table is switched off, so every value comes from search (the C core when it is built,
else the Python reference; `GRIDGAMES_CORE=python` forces the reference). Values already published are
checked on the way: OEIS A316632 (3 x n, n <= 16), A002187 (1 x n, Dawson's chess) and 2 x n = n mod 2.
A board not finished within its budget is shown as "?"; its row stops there (longer boards cost more).

    python scripts/nodekayles_values.py --rows 3 --cols 1-26 --budget 900 --memo 27
    python scripts/nodekayles_values.py --rows 4-8 --cols 4-9 --budget 120 --markdown
    python scripts/nodekayles_values.py --rows 3 --cols 26 --budget none --memo 28

`--budget none` lets a board search as long as it needs (a search's own time limit is at most an
hour of wall time, too short for an offline run on a shared machine); each line also gives CPU seconds.
"""

from __future__ import annotations

import argparse
import sys
import time

from gridgames.games.nodekayles import algorithm as nodekayles
from gridgames.solve import core
from gridgames.solve.budget import SearchTimeout

PUBLISHED = {
    3: [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3],  # OEIS A316632
    1: [1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5],  # A002187
}


def span(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def published(rows: int, cols: int) -> int | None:
    for a, b in ((rows, cols), (cols, rows)):
        if a == 2:
            return b % 2
        seq = PUBLISHED.get(a)
        if seq and b <= len(seq):
            return seq[b - 1]
    return None


def seconds(text: str) -> float | None:
    """A per-board budget: seconds, or "none" for no time limit."""
    if text.strip().lower() == "none":
        return None
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds or 'none'") from None


def cell(values: dict[tuple[int, int], int | None], rows: int, cols: int) -> str:
    if (rows, cols) not in values:
        return ""
    value = values[rows, cols]
    return "?" if value is None else str(value)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=span, default=span("3"), help="a number or a range, e.g. 3-5")
    parser.add_argument("--cols", type=span, default=span("1-16"), help="a number or a range, e.g. 1-20")
    parser.add_argument("--budget", type=seconds, default=60.0,
                        help="wall seconds per board (default 60), or none for no limit")
    parser.add_argument("--memo", type=int, default=22,
                        help="let each memo grow to 2**MEMO entries (default 22; 27 is about 2 GB in C)")
    parser.add_argument("--markdown", action="store_true", help="end with a table for the README")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    nodekayles.use_table(False)
    native = nodekayles.NATIVE()
    if native is not None:
        native.set_memo_limit(args.memo)
    else:
        nodekayles.MEMO_LIMIT = 1 << args.memo
    limit = "no time limit" if args.budget is None else f"budget {args.budget:g} s a board"
    print(f"core: {core.name([nodekayles.NATIVE.module_name])}; shipped table off; {limit}", flush=True)
    values: dict[tuple[int, int], int | None] = {}
    mismatches = 0
    for rows in args.rows:
        for cols in args.cols:
            if cols < rows and (cols, rows) in values:
                values[rows, cols] = values[cols, rows]
                continue
            start, cpu = time.perf_counter(), time.process_time()
            try:
                value: int | None = nodekayles.grundy_of_board(rows, cols, budget=args.budget)
            except SearchTimeout:
                value = None
            took, took_cpu = time.perf_counter() - start, time.process_time() - cpu
            values[rows, cols] = value
            known = published(rows, cols)
            check = ""
            if known is not None and value is not None:
                check = " = published" if known == value else f" PUBLISHED {known}"
                mismatches += known != value
            shown = "?" if value is None else value
            print(f"{rows}x{cols}: {shown} ({took:.2f} s, {took_cpu:.2f} s CPU){check}", flush=True)
            if value is None:
                break
    if args.markdown:
        cols = list(args.cols)
        print("\n| rows \\ cols | " + " | ".join(str(c) for c in cols) + " |")
        print("|---|" + "---|" * len(cols))
        for rows in args.rows:
            shown = [cell(values, rows, c) for c in cols]
            print(f"| {rows} | " + " | ".join(shown) + " |")
    if mismatches:
        print(f"{mismatches} value(s) differ from the published ones")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
