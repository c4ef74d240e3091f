"""Rebuild every shipped table byte for byte (`make tables`), each behind a checked header (solve/tables.py).

Each game's package that ships tables has a `make_table.py` with `TABLES` (file name -> builder); this
script finds them by globbing gridgames/games/*/make_table.py (it names no game) and writes each file
into its game's package.

Usage: `python scripts/make_tables.py [FILE ...] [--check]` (e.g. walls-4x4.bin; none: every table);
with --check it rebuilds into memory and says whether each shipped file is identical, writing nothing.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable
from pathlib import Path

GAMES = Path(__file__).resolve().parent.parent / "gridgames" / "games"


def builders() -> dict[str, tuple[Path, Callable[[], bytes]]]:
    """file name -> (where it ships, its builder), from every game's make_table.py."""
    found: dict[str, tuple[Path, Callable[[], bytes]]] = {}
    for source in sorted(GAMES.glob("*/make_table.py")):
        module = importlib.import_module(f"gridgames.games.{source.parent.name}.make_table")
        for filename, build in module.TABLES.items():
            found[filename] = (source.parent / filename, build)
    return found


def main() -> int:
    every = builders()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("which", nargs="*", default=list(every), help=", ".join(every))
    parser.add_argument("--check", action="store_true", help="compare with the shipped files, write nothing")
    args = parser.parse_args()
    unknown = [name for name in args.which if name not in every]
    if unknown:
        parser.error(f"no game ships {', '.join(unknown)}: choose among {', '.join(every)}")
    sys.setrecursionlimit(10_000)
    same = True
    for which in args.which:
        target, build = every[which]
        start = time.perf_counter()
        blob = build()
        took = time.perf_counter() - start
        if args.check:
            identical = target.is_file() and target.read_bytes() == blob
            same &= identical
            print(f"{which}: {'identical' if identical else 'DIFFERS'} ({len(blob)} bytes, {took:.1f} s)")
        else:
            target.write_bytes(blob)
            print(f"wrote {target} ({len(blob)} bytes, {took:.1f} s)")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
