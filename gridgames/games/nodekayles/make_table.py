"""Node Kayles' shipped table, rebuilt byte for byte by `make tables` (scripts/make_tables.py finds
`TABLES`): nodekayles_shapes.bin holds the Grundy value of every region shape reachable on boards up
to 7x7 and 3 x n up to 3x20, found by search with the shipped table switched off (Python core: minutes).

`python -m gridgames.games.nodekayles.make_table --out FILE` writes the enumerated body alone.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from gridgames.games.nodekayles import algorithm as nodekayles
from gridgames.solve import tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--max-size", type=int, default=7, help="largest side of the boards covered"
    )
    parser.add_argument("--strip", type=int, default=20, help="also cover 3 x n up to this n")
    parser.add_argument("--out", type=Path, required=True, help="where the body goes (no header)")
    args = parser.parse_args()
    nodekayles.use_table(False)
    nodekayles.MEMO_LIMIT = 10**9  # keep everything while generating
    start = time.perf_counter()
    for rows in range(1, args.max_size + 1):
        for cols in range(rows, args.max_size + 1):
            value = nodekayles.grundy_of_board(rows, cols)
            print(f"{rows}x{cols}: {value}  ({time.perf_counter() - start:.1f} s)", flush=True)
    for cols in range(args.max_size + 1, args.strip + 1):
        value = nodekayles.grundy_of_board(3, cols)
        print(f"3x{cols}: {value}  ({time.perf_counter() - start:.1f} s)", flush=True)
    values = dict(nodekayles._canonical)
    blob = nodekayles.encode_table(values)
    args.out.write_bytes(blob)
    print(f"{len(values)} shapes, {len(blob)} bytes -> {args.out}")


def build_nodekayles() -> bytes:
    """Run the shape enumerator on the Python core (its memo is the table's content)."""
    out = Path(os.environ.get("TMPDIR", "/tmp")) / "nodekayles_shapes.body"
    env = dict(os.environ, GRIDGAMES_CORE="python")
    subprocess.run([sys.executable, "-m", __name__, "--out", str(out)], check=True, env=env)
    body = out.read_bytes()
    out.unlink()
    return tables.pack("nodekayles-shapes", body)


#: file name -> its builder.
TABLES: dict[str, Callable[[], bytes]] = {nodekayles.TABLE_RESOURCE: build_nodekayles}


if __name__ == "__main__":
    main()
