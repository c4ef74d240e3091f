"""Walls' shipped tables, rebuilt byte for byte by `make tables` (scripts/make_tables.py finds `TABLES`).

    walls-4x4.bin   retrograde values of every 4x4 walls position, lzma preset 9
    walls-5x5.bin   5x5 walls positions with at most 8 walls, by make_table.c (gcc, OpenMP)
"""

from __future__ import annotations

import lzma
import subprocess
from collections.abc import Callable
from pathlib import Path

from gridgames.engine.rules import orthogonal_masks
from gridgames.games.walls import algorithm as walls
from gridgames.solve import tables


def build_walls() -> bytes:
    native = walls.NATIVE()
    if native is not None:
        codes = walls.Packed(native.walls_retrograde(orthogonal_masks(4, 4), -1.0, None))
        table = bytearray(codes[i] for i in range((1 << 16) * 16 * 16))
    else:
        table = walls.retrograde(4, 4)
    return tables.pack("walls-4x4", lzma.compress(bytes(table), preset=9))


#: Walls 5x5: the positions with fewer walls than this ship; live search solves the rest.
WALLS_5X5_LAYERS = 9


def split_layers(raw: bytes, cells: int) -> list[bytes]:
    """The make_table.c output cut into its layers (count, wall sets, codes), one bytes each."""
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
    """Compile make_table.c here (gcc, OpenMP) and run the whole-board pass: a few minutes on two
    cores, about 2 GB at its peak. Each layer is compressed on its own so a query reads only two."""
    import tempfile

    source = Path(__file__).with_name("make_table.c")
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


#: file name -> its builder (`make tables walls-4x4.bin`, or every game's with no name).
TABLES: dict[str, Callable[[], bytes]] = {"walls-4x4.bin": build_walls, "walls-5x5.bin": build_walls_5x5}
