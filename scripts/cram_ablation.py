"""What each technique of Cram's C core is worth: the value of empty boards from scratch with everything
on, then with one technique switched off at a time (`_native.configure`), nodes and CPU seconds.

Nodes are the deterministic measure (searches of a shape: the same on any machine); CPU seconds depend on
the machine and its load. The table's cap is one of the rows: a small table (2**16 entries, 1 MB).

    python scripts/cram_ablation.py 5x6 4x9 --markdown
"""

from __future__ import annotations

import argparse
import sys
import time

from gridgames.games.cram import solver

#: (label, etc, bounds, order (2: the score, 1: the largest region left, 0: none), exact_cells, table
#: log2, paths, twins): the core's defaults first.
VARIANTS = [
    ("all on", True, True, 2, 14, solver.NATIVE_MEMO_LOG2, True),
    ("paths and cycles searched (not valued as Dawson's Kayles)", True, True, 2, 14,
     solver.NATIVE_MEMO_LOG2, False),
    ("twin leaves kept (regions not simplified)", True, True, 2, 14, solver.NATIVE_MEMO_LOG2, True, False),
    ("no transposition cutoff (options searched in order)", False, True, 2, 14, solver.NATIVE_MEMO_LOG2,
     True),
    ("no bounds on a value", True, False, 2, 14, solver.NATIVE_MEMO_LOG2, True),
    ("dominoes by the smallest largest region left only (no score)", True, True, 1, 14,
     solver.NATIVE_MEMO_LOG2, True),
    ("dominoes in board order (no ordering)", True, True, 0, 14, solver.NATIVE_MEMO_LOG2, True),
    ("no region valued by one all-values search (0? 1? ... everywhere)", True, True, 2, 0,
     solver.NATIVE_MEMO_LOG2, True),
    ("every region up to 20 cells valued by one all-values search", True, True, 2, 20,
     solver.NATIVE_MEMO_LOG2, True),
    ("table capped at 2**16 entries (1 MB)", True, True, 2, 14, 16, True),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="+", help="boards as RxC")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--budget", type=float, default=300.0, help="wall seconds per board and variant")
    args = parser.parse_args(argv)
    mod = solver.native()
    if mod is None:
        print("the C core is not built", file=sys.stderr)
        return 1
    boards = [tuple(int(x) for x in board.split("x")) for board in args.boards]
    if args.markdown:
        print("| technique off | " + " | ".join(f"{r}x{c} nodes / CPU s" for r, c in boards) + " |")
        print("|---|" + "---|" * len(boards))
    try:
        for label, etc, bounds, order, exact, log2, paths, *twins in VARIANTS:
            cells = []
            for rows, cols in boards:
                mod.configure(etc, bounds, order, exact, paths, *twins)
                mod.set_memo_limit(log2)
                mod.clear()
                cpu = time.process_time()
                value = mod.grundy(rows, cols, (1 << (rows * cols)) - 1, args.budget, None)
                took = time.process_time() - cpu
                cells.append(f"{mod.nodes():,} / {took:.2f}" if value is not None
                             else f"not finished in {args.budget:g} s wall ({mod.nodes():,} nodes)")
                if not args.markdown:
                    print(f"{label}: {rows}x{cols} value {value}, {mod.nodes():,} nodes, {took:.2f} s CPU",
                          flush=True)
            if args.markdown:
                print(f"| {label} | " + " | ".join(cells) + " |", flush=True)
    finally:
        mod.configure(True, True, 2, 14, True, True)
        mod.set_memo_limit(solver.NATIVE_MEMO_LOG2)
        mod.clear()
    return 0


if __name__ == "__main__":
    sys.exit(main())
