"""Rebuild every shipped table byte for byte (`make tables`), each behind a checked header (tables.py).

    walls-4x4.bin          retrograde values of every 4x4 walls position, lzma preset 9
    walls-5x5.bin          5x5 walls positions with at most 8 walls, by gridgames/games/walls/make_table.c
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

from gridgames.games.noneighbour import algorithm as noneighbour
from gridgames.games.walls import algorithm as walls
from gridgames.solve import core, tables

GAMES = Path(__file__).resolve().parent.parent / "gridgames" / "games"


def build_walls() -> bytes:
    native = walls.NATIVE()
    if native is not None:
        codes = walls.Packed(native.walls_retrograde(walls.orthogonal_masks(4, 4), -1.0, None))
        table = bytearray(codes[i] for i in range((1 << 16) * 16 * 16))
    else:
        table = walls.retrograde(4, 4)
    return tables.pack("walls-4x4", lzma.compress(bytes(table), preset=9))


#: Walls 5x5: the positions with fewer walls than this ship; live search solves the rest.
WALLS_5X5_LAYERS = 9


def split_layers(raw: bytes, cells: int) -> list[bytes]:
    """The walls_table.c output cut into its layers (count, wall sets, codes), one bytes each."""
    layers, at, k = [], 0, 0
    while at < len(raw):
        count = int.from_bytes(raw[at : at + 4], "little")
        f = cells - k
        size = 4 + 4 * count + (count * f * (f - 1) * 2 + 7) // 8
        layers.append(raw[at : at + size])
        at += size
        k += 1
    return layers


def build_walls_5x5() -> bytes:
    """Compile games/walls/make_table.c (gcc, OpenMP) and run the whole-board pass: a few minutes on two
    cores, about 2 GB at its peak. Each layer is compressed on its own so a query reads only two."""
    import tempfile

    source = GAMES / "walls" / "make_table.c"
    with tempfile.TemporaryDirectory() as tmp:
        program = Path(tmp) / "walls_table"
        subprocess.run(["gcc", "-O2", "-fopenmp", "-o", str(program), str(source)], check=True)
        raw = subprocess.run([str(program), str(WALLS_5X5_LAYERS)], check=True, stdout=subprocess.PIPE).stdout
    return tables.pack("walls-5x5", encode_layers(split_layers(raw, 25), 25))


#: Wall sets per separately compressed block of codes (a multiple of 4: blocks start on a byte).
BLOCK_SETS = 1024


def encode_layers(layers: list[bytes], cells: int) -> bytes:
    """u8 layer count; per layer: u32 count, the wall sets (one lzma chunk), u32 block count, the
    blocks of BLOCK_SETS sets' codes (one lzma chunk each); every chunk preceded by its u32 length.
    A query decompresses its layer's wall sets and the one block it needs."""

    def chunk(data: bytes) -> bytes:
        packed = lzma.compress(data, preset=9)
        return len(packed).to_bytes(4, "little") + packed

    out = bytearray([len(layers)])
    for k, layer in enumerate(layers):
        count = int.from_bytes(layer[:4], "little")
        sets, codes = layer[4 : 4 + 4 * count], layer[4 + 4 * count :]
        f = cells - k
        per_block = BLOCK_SETS * f * (f - 1) * 2 // 8
        blocks = [codes[at : at + per_block] for at in range(0, len(codes), per_block)] or [b""]
        out += count.to_bytes(4, "little") + chunk(sets) + len(blocks).to_bytes(4, "little")
        for block in blocks:
            out += chunk(block)
    return bytes(out)


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
    script = GAMES / "nodekayles" / "make_table.py"
    subprocess.run([sys.executable, str(script), "--out", str(out)], check=True, env=env)
    body = out.read_bytes()
    out.unlink()
    return tables.pack("nodekayles-shapes", body)


BUILDERS = {
    "walls": ("walls/walls-4x4.bin", build_walls),
    "walls5": ("walls/walls-5x5.bin", build_walls_5x5),
    "noneighbour": ("noneighbour/noneighbour.bin", build_noneighbour),
    "nodekayles": ("nodekayles/nodekayles_shapes.bin", build_nodekayles),
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
        target = GAMES / filename
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
