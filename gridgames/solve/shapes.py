"""Regions of cells as bitmasks, shared by the solvers that split a board into independent regions.

A box of `height` x `width` cells is a mask with cell (r, c) at bit r * width + c. These helpers find
the orthogonally connected regions of a mask, move a region into its bounding box, and list the 8
rotations and reflections of a shape, so that a game can memoise a region by its shape. Nothing here
names a game: Node Kayles and Cram key their memos with these, each in its own key layout.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache


@lru_cache(maxsize=512)
def frame(height: int, width: int) -> tuple[int, int, int]:
    """(all cells, all but the first column, all but the last column) of a `height` x `width` box."""
    full = (1 << (height * width)) - 1
    first_col = sum(1 << (r * width) for r in range(height))
    return full, full & ~first_col, full & ~(first_col << (width - 1))


def components(free: int, height: int, width: int) -> list[int]:
    """The connected regions of `free` (cells joined side by side), as masks in the same box, lowest first."""
    _, not_first, not_last = frame(height, width)
    out = []
    while free:
        comp = free & -free
        while True:
            grown = (
                comp | ((comp & not_last) << 1) | ((comp & not_first) >> 1) | (comp << width)
                | (comp >> width)
            ) & free
            if grown == comp:
                break
            comp = grown
        free ^= comp
        out.append(comp)
    return out


def boxed(comp: int, height: int, width: int) -> tuple[int, int, int]:
    """(height, width, cells) of a region moved from a `height` x `width` box into its bounding box."""
    lo = (comp & -comp).bit_length() - 1
    r0, r1 = lo // width, (comp.bit_length() - 1) // width
    occupied = 0
    for r in range(r0, r1 + 1):
        occupied |= comp >> (r * width)
    occupied &= (1 << width) - 1
    c0 = (occupied & -occupied).bit_length() - 1
    w = occupied.bit_length() - c0
    if w == width:
        return r1 - r0 + 1, width, comp >> (r0 * width)
    row_mask = (1 << w) - 1
    cells = 0
    for r in range(r0, r1 + 1):
        cells |= ((comp >> (r * width + c0)) & row_mask) << ((r - r0) * w)
    return r1 - r0 + 1, w, cells


def symmetries(height: int, width: int, cells: int) -> Iterator[tuple[int, int, int]]:
    """The shape's 8 rotations and reflections, each as (height, width, cells) in its own box."""
    mask = (1 << width) - 1
    # Row r as a string whose position j is column width-1-j, so joining the rows last-first
    # spells `cells` in binary: every variant below is encoded the same way.
    grid = [format((cells >> (r * width)) & mask, f"0{width}b") for r in range(height)]
    turned = ["".join(column) for column in zip(*grid, strict=True)]
    for g in (grid, turned):
        h, w = len(g), len(g[0])
        for variant in (g, g[::-1], [row[::-1] for row in g], [row[::-1] for row in g[::-1]]):
            yield h, w, int("".join(reversed(variant)), 2)
