"""Cram's Sprague-Grundy values in plain Python: the specification the C core (`_native.c`) must match.

A position is `rows`, `cols` and `free`, a bitmask of the empty cells (cell index = row * cols + col).
A domino is the pair (cell, cell + 1) for a horizontal one (same row) or (cell, cell + cols) for a
vertical one; `dominoes` lists them lowest cell first, the horizontal one before the vertical.

Placing a domino can split the empty cells into regions that no later move joins, so a position's value
is the XOR of its regions' values, and a region's value depends only on its shape up to translation and
the 8 rotations and reflections of the square. Regions are memoised twice, as in Node Kayles: by the
shape as it sits in its bounding box, and on a miss by its canonical shape (the least key of the 8).
The memo holds at most `MEMO_LIMIT` shapes (about 100 bytes each: 100 MB at most); past that it is
emptied, which costs time, never correctness.
"""

from __future__ import annotations

import sys

from gridgames.solve.budget import Budget, SearchTimeout
from gridgames.solve.shapes import boxed, components, frame, symmetries

#: The memo is emptied when it holds this many shapes (about 100 bytes each in CPython).
MEMO_LIMIT = 1_000_000
#: The budget is checked every this many shapes solved (well under a millisecond of work).
CHECK_EVERY = 64

# A region of n cells recurses about 3n frames deep at most (boards up to 128 cells here).
if sys.getrecursionlimit() < 10_000:
    sys.setrecursionlimit(10_000)

_memo: dict[int, int] = {}  # shape key (in its bounding box, or canonical) -> Grundy value
_solved = 0  # shapes solved since the last public call began


def shape_key(height: int, width: int, bits: int) -> int:
    """One int for a shape: its cells row-major in a `height` x `width` box, then the box size."""
    return (bits << 16) | (height << 8) | width


def canonical_key(height: int, width: int, bits: int) -> int:
    """The least `shape_key` over the shape's 8 rotations and reflections."""
    return min(shape_key(*variant) for variant in symmetries(height, width, bits))


def dominoes(rows: int, cols: int, free: int) -> list[tuple[int, int]]:
    """Every legal domino on the empty cells `free`, lowest cell first, horizontal before vertical."""
    _, _, not_last = frame(rows, cols)
    right = free & (free >> 1) & not_last
    down = free & (free >> cols)
    out = []
    cells = right | down
    while cells:
        low = cells & -cells
        cells ^= low
        i = low.bit_length() - 1
        if right & low:
            out.append((i, i + 1))
        if down & low:
            out.append((i, i + cols))
    return out


class Solver:
    """One public call's solving: the budget it runs under and how many shapes it solved."""

    def __init__(self, budget: Budget | None) -> None:
        self.budget = budget
        self.solved = 0

    def value(self, free: int, rows: int, cols: int) -> int:
        """Grundy value of the empty cells `free` of a `rows` x `cols` board: the XOR of its regions'."""
        total = 0
        for comp in components(free, rows, cols):
            total ^= self.region(comp, rows, cols)
        return total

    def region(self, comp: int, height: int, width: int) -> int:
        """Grundy value of one connected region, keyed first where it sits (a cheap, frequent hit)."""
        where = shape_key(height, width, comp)
        value = _memo.get(where)
        if value is None:
            value = self.shape(*boxed(comp, height, width))
            _remember(where, value)
        return value

    def shape(self, height: int, width: int, cells: int) -> int:
        """Grundy value of a connected shape that touches every side of its `height` x `width` box."""
        key = shape_key(height, width, cells)
        value = _memo.get(key)
        if value is not None:
            return value
        ckey = canonical_key(height, width, cells)
        value = _memo.get(ckey)
        if value is None:
            value = self.solve(height, width, cells)
            _remember(ckey, value)
        _remember(key, value)
        return value

    def solve(self, height: int, width: int, cells: int) -> int:
        """mex over the dominoes of the XOR of the regions each leaves."""
        self.solved += 1
        if self.budget is not None and self.solved % CHECK_EVERY == 0:
            self.budget.check()
        seen = 0  # bit g set when some move leaves value g
        for a, b in dominoes(height, width, cells):
            seen |= 1 << self.value(cells & ~((1 << a) | (1 << b)), height, width)
        return (~seen & (seen + 1)).bit_length() - 1


def _remember(key: int, value: int) -> None:
    if len(_memo) >= MEMO_LIMIT:
        _memo.clear()  # values already computed are returned up the stack, so nothing is lost but time
    _memo[key] = value


def clear_cache() -> None:
    """Forget every memoised shape."""
    _memo.clear()


def memo_size() -> int:
    return len(_memo)


def grundy(rows: int, cols: int, free: int, budget: Budget | None = None) -> tuple[int, int]:
    """(Grundy value of the empty cells `free`, shapes solved). Raises SearchTimeout when stopped."""
    solver = Solver(budget)
    if budget is not None:
        budget.check()
    return solver.value(free, rows, cols), solver.solved


def region_values(rows: int, cols: int, free: int, budget: Budget | None = None) -> list[tuple[int, int]]:
    """[(mask of a region's empty cells, its Grundy value)] for each region, lowest cell first."""
    solver = Solver(budget)
    return [(comp, solver.region(comp, rows, cols)) for comp in components(free, rows, cols)]


def move_values(rows: int, cols: int, free: int, budget: Budget | None = None) -> list[int | None]:
    """The Grundy value left by each domino of `dominoes(rows, cols, free)`; None once the budget ran out."""
    solver = Solver(budget)
    out: list[int | None] = []
    for a, b in dominoes(rows, cols, free):
        if out and out[-1] is None:
            out.append(None)
            continue
        try:
            out.append(solver.value(free & ~((1 << a) | (1 << b)), rows, cols))
        except SearchTimeout:
            out.append(None)
    return out
