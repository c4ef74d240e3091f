"""Solve a Domineering board from scratch and write its opening table (gridgames/games/domineering/
opening.py): the winner's proven move in every position reached by the winner's table moves and any
replies, to `--plies` moves in, for either player first (several depths: each built on the last and
written when done). Deterministic: the same board, depth and core
give the same bytes. The file is written only when every position was solved within the budget and the
table is at most 16 MB.

    python scripts/domineering_opening.py --rows 8 --cols 8 --plies 5 7 --table-log2 26
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from gridgames.games.domineering import opening, solver
from gridgames.solve.budget import Budget, SearchTimeout

MOST_BYTES = 16 << 20
PACKAGE = Path(opening.__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=8)
    parser.add_argument("--cols", type=int, default=8)
    parser.add_argument("--plies", type=int, nargs="+", default=[5],
                        help="store the winner's moves up to this ply; several depths are built in turn, "
                             "each written when done")
    parser.add_argument("--budget", type=float, default=None, help="seconds in all (default: no limit)")
    parser.add_argument("--table-log2", type=int, default=24,
                        help="the C transposition table: 2**n buckets of 32 bytes (default 24: 512 MB)")
    parser.add_argument("--dry-run", action="store_true", help="solve and report, write nothing")
    args = parser.parse_args()
    module = solver.native()
    if module is not None:
        module.set_table_limit(args.table_log2)
    began, cpu = time.perf_counter(), time.process_time()

    def report(stored: int) -> None:
        if stored == 1 or stored % 100 == 0:
            seconds = time.perf_counter() - began
            print(f"  {stored} positions stored, {seconds:.0f} s", file=sys.stderr, flush=True)

    known: dict[int, int] | None = None
    for plies in sorted(args.plies):
        try:
            known = opening.build(args.rows, args.cols, plies, Budget.of(args.budget), report, known)
        except SearchTimeout:
            print(f"{args.rows}x{args.cols}: not solved to ply {plies} within {args.budget} s; "
                  "nothing more written")
            return 1
        blob = opening.blob(args.rows, args.cols, known)
        print(f"{args.rows}x{args.cols}: {len(known)} positions to ply {plies}, {len(blob)} bytes, "
              f"{time.perf_counter() - began:.1f} s ({time.process_time() - cpu:.1f} s CPU)", flush=True)
        if len(blob) > MOST_BYTES:
            print(f"more than {MOST_BYTES >> 20} MB: build it with fewer plies; nothing more written")
            return 1
        if not args.dry_run:
            target = PACKAGE / f"{opening.name(args.rows, args.cols)}.bin"
            target.write_bytes(blob)
            print(f"wrote {target}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
