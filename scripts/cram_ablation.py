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

#: (label, etc, bounds, order, exact_cells, table log2, paths): the core's defaults first.
VARIANTS = [
    ("all on", True, True, True, 14, solver.NATIVE_MEMO_LOG2, True),
    ("paths and cycles searched (not valued as Dawson's Kayles)", True, True, True, 14,
     solver.NATIVE_MEMO_LOG2, False),
    ("no transposition cutoff (options searched in order)", False, True, True, 14, solver.NATIVE_MEMO_LOG2,
     True),
    ("no bounds on a value", True, False, True, 14, solver.NATIVE_MEMO_LOG2, True),
    ("dominoes in board order (not smallest largest region first)", True, True, False, 14,
     solver.NATIVE_MEMO_LOG2, True),
    ("no region valued by one all-values search (0? 1? ... everywhere)", True, True, True, 0,
     solver.NATIVE_MEMO_LOG2, True),
    ("every region up to 20 cells valued by one all-values search", True, True, True, 20,
     solver.NATIVE_MEMO_LOG2, True),
    ("table capped at 2**16 entries (1 MB)", True, True, True, 14, 16, True),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="+", help="boards as RxC")
    parser.add_argument("--markdown", action="store_true")
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
        for label, etc, bounds, order, exact, log2, paths in VARIANTS:
            cells = []
            for rows, cols in boards:
                mod.configure(etc, bounds, order, exact, paths)
                mod.set_memo_limit(log2)
                mod.clear()
                cpu = time.process_time()
                value = mod.grundy(rows, cols, (1 << (rows * cols)) - 1, -1.0, None)
                took = time.process_time() - cpu
                cells.append(f"{mod.nodes():,} / {took:.2f}")
                if not args.markdown:
                    print(f"{label}: {rows}x{cols} value {value}, {mod.nodes():,} nodes, {took:.2f} s CPU",
                          flush=True)
            if args.markdown:
                print(f"| {label} | " + " | ".join(cells) + " |", flush=True)
    finally:
        mod.configure(True, True, True, 14)
        mod.set_memo_limit(solver.NATIVE_MEMO_LOG2)
        mod.clear()
    return 0


if __name__ == "__main__":
    sys.exit(main())
