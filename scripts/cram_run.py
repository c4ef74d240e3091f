"""One documented Cram run: `gridgames analyse cram --size RxC --no-tables --value-only --json` with the C
core's table cap raised for a long offline run (the app's cap, 2**21 entries of 16 bytes, 32 MB, stays as it
is), then one line on stderr: the table's cap and the shapes it held at the end. Every `--every` seconds
a line on stderr says how far the search has got (UTC time, nodes so far, shapes held, CPU seconds, peak
memory), so a run stopped before it ends (kill its process) has said how far it got.

The JSON's `grundy` is the board's value and `grundy_nodes` the searches it took; `cpu_seconds` the CPU
time. Peak memory is the process's: run it under `/usr/bin/time -v` (its maximum resident set size).
docs/solvers.md ("Cram values computed here") gives each run's figures.

    nice -n 19 /usr/bin/time -v python scripts/cram_run.py --table-log2 25 5x10
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import threading
import time
from typing import Any

from gridgames.cli import main as gridgames
from gridgames.games.cram import solver


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", metavar="RxC", help="the board, at most 64 cells (the C core's)")
    parser.add_argument(
        "--table-log2", type=int, default=solver.NATIVE_MEMO_LOG2, choices=range(12, 31),
        metavar="N", help=f"the table's cap, 2**N entries of 16 bytes (default {solver.NATIVE_MEMO_LOG2})",
    )
    parser.add_argument("--every", type=float, default=60.0, metavar="SECONDS", help="progress every SECONDS")
    args = parser.parse_args(argv)
    module = solver.native()
    if module is None:
        print("cram_run: the C core is not built here; the runs are the C core's.", file=sys.stderr)
        return 2
    module.set_memo_limit(args.table_log2)
    done = threading.Event()
    threading.Thread(target=_report, args=(module, args.every, done), daemon=True).start()
    code = gridgames(["analyse", "cram", "--size", args.size, "--no-tables", "--value-only", "--json"])
    print(f"cram_run: table cap 2**{args.table_log2} entries ({16 << args.table_log2 >> 20} MB), "
          f"{module.memo_size():,} shapes held at the end, {module.memo_bytes() >> 20} MB", file=sys.stderr)
    done.set()
    return code


def _report(module: Any, every: float, done: threading.Event) -> None:
    """A line on stderr every `every` seconds until `done` (the search lets this thread have the GIL
    every 2 ms, so it can ask the core how far it has got)."""
    while not done.wait(every):
        nodes, shapes = module.progress()
        cpu = sum(os.times()[:2])
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >> 10
        at = time.strftime("%H:%M:%S", time.gmtime())
        print(f"cram_run: {at} UTC, {nodes:,} nodes, {shapes:,} shapes, {cpu:.0f} s CPU, peak {peak} MB",
              file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
