"""Rebuild every shipped table byte for byte (`make tables`), each behind a checked header (tables.py).

    walls-4x4.bin          retrograde values of every 4x4 walls position, lzma preset 9
    noneighbour.bin        5x5 noneighbour positions with at most three markers, JSON
    nodekayles_shapes.bin  Node Kayles region values up to 7x7 and 3x20 (Python core: minutes)

Usage: `python scripts/make_tables.py [walls] [noneighbour] [nodekayles] [--check]`; with --check it
rebuilds into memory and says whether each shipped file is identical, writing nothing.
"""

from __future__ import annotations

import argparse
import json
import lzma
import os
import subprocess
import sys
import time
from pathlib import Path

from gridgames.solve import core, noneighbour, tables, walls

DATA = Path(__file__).resolve().parent.parent / "gridgames" / "solve" / "data"


def build_walls() -> bytes:
    native = core.native()
    if native is not None:
        codes = walls.Packed(native.walls_retrograde(walls.orthogonal_masks(4, 4), -1.0, None))
        table = bytearray(codes[i] for i in range((1 << 16) * 16 * 16))
    else:
        table = walls.retrograde(4, 4)
    return tables.pack("walls-4x4", lzma.compress(bytes(table), preset=9))


def build_noneighbour() -> bytes:
    core.use_native(False)  # the reference search, one memo per board (about three minutes)
    built = {
        noneighbour._table_name(r, c, a): noneighbour.build_table(r, c, a, noneighbour.TABLE_MAX_MARKERS)
        for r, c, a in noneighbour.TABLE_BOARDS
    }
    body = (json.dumps(built, separators=(",", ":")) + "\n").encode()
    return tables.pack("noneighbour", body)


def build_nodekayles() -> bytes:
    """Run the shape enumerator on the Python core (its memo is the table's content)."""
    out = Path(os.environ.get("TMPDIR", "/tmp")) / "nodekayles_shapes.body"
    env = dict(os.environ, GRIDGAMES_CORE="python")
    script = Path(__file__).with_name("make_nodekayles_table.py")
    subprocess.run([sys.executable, str(script), "--out", str(out)], check=True, env=env)
    body = out.read_bytes()
    out.unlink()
    return tables.pack("nodekayles-shapes", body)


BUILDERS = {
    "walls": ("walls-4x4.bin", build_walls),
    "noneighbour": ("noneighbour.bin", build_noneighbour),
    "nodekayles": ("nodekayles_shapes.bin", build_nodekayles),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("which", nargs="*", default=list(BUILDERS), help=", ".join(BUILDERS))
    parser.add_argument("--check", action="store_true", help="compare with the shipped files, write nothing")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    same = True
    for which in args.which:
        filename, build = BUILDERS[which]
        start = time.perf_counter()
        blob = build()
        took = time.perf_counter() - start
        target = DATA / filename
        if args.check:
            identical = target.is_file() and target.read_bytes() == blob
            same &= identical
            print(f"{filename}: {'identical' if identical else 'DIFFERS'} ({len(blob)} bytes, {took:.1f} s)")
        else:
            target.write_bytes(blob)
            print(f"wrote {target} ({len(blob)} bytes, {took:.1f} s)")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
