"""Domineering opening tables: the proven winning move of each position near the start of a board, so
that the perfect seat plays proven moves from the first move where a search from scratch takes too long
(Gardner's 8x8 board). `scripts/domineering_opening.py` builds one by solving the board; it ships as
`domineering-<rows>x<cols>.bin` in this package behind the checked header of `gridgames.solve.tables`.

A position is keyed by the least of its mirror images, shifted left one bit, plus 1 when Vertical is to
move in that image. Every board has four images that keep each player's direction (left-right and
up-down mirrors); a square board has four more that mirror in a diagonal, which turns Vertical's
dominoes into Horizontal's, so those images swap the mover. A position and its images have the same
winner, and on a square board one table answers both first players. Body: rows, cols (one byte each),
then one record per position, sorted by key: the key (`key_bytes` little-endian bytes) and the lower
cell of the winning domino in that image (one byte). A table holds the winner's move in every position
it reaches: the first move, then one answer to each of the opponent's replies, to the depth it was built
to; a position it does not hold is searched.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping
from functools import cache

from gridgames.games.domineering import reference, solver
from gridgames.games.domineering.reference import dominoes
from gridgames.solve import tables
from gridgames.solve.budget import Budget

#: Boards whose table may ship (a cell fits in one byte).
MOST_CELLS = 255


def name(rows: int, cols: int) -> str:
    return f"domineering-{rows}x{cols}"


def key_bytes(rows: int, cols: int) -> int:
    return (rows * cols + 1 + 7) // 8


Symmetry = tuple[tuple[int, ...], bool]


@cache
def symmetries(rows: int, cols: int) -> tuple[Symmetry, ...]:
    """The board's symmetries as (image of each cell, whether it swaps the players): the identity first,
    then the mirrors that keep each player's direction, then (square boards) the diagonal ones."""
    out = []
    for transpose in (False, True) if rows == cols else (False,):
        for flip in range(4):
            images = []
            for cell in range(rows * cols):
                r, c = divmod(cell, cols)
                if transpose:
                    r, c = c, r
                if flip & 2:
                    r = rows - 1 - r
                if flip & 1:
                    c = cols - 1 - c
                images.append(r * cols + c)
            out.append((tuple(images), transpose))
    return tuple(out)


def image(rows: int, cols: int, cells: int, symmetry: int) -> int:
    """`cells` under the board's symmetry number `symmetry` (an index into `symmetries`)."""
    images = symmetries(rows, cols)[symmetry][0]
    out = 0
    while cells:
        low = cells & -cells
        cells ^= low
        out |= 1 << images[low.bit_length() - 1]
    return out


def canonical(rows: int, cols: int, free: int, vertical: bool) -> tuple[int, int]:
    """(the position's key, the symmetry that gives its least image)."""
    keys = (
        ((image(rows, cols, free, n) << 1) | int(vertical != swaps), n)
        for n, (_, swaps) in enumerate(symmetries(rows, cols))
    )
    return min(keys)


def pack_body(rows: int, cols: int, entries: Mapping[int, int]) -> bytes:
    """The table body for {key: lower cell of the winning domino in the key's image}."""
    width = key_bytes(rows, cols)
    out = bytearray([rows, cols])
    for key in sorted(entries):
        out += key.to_bytes(width, "little") + bytes([entries[key]])
    return bytes(out)


def blob(rows: int, cols: int, entries: Mapping[int, int]) -> bytes:
    """The table file: the body behind the checked header of `gridgames.solve.tables`."""
    return tables.pack(name(rows, cols), pack_body(rows, cols, entries))


class Records(Mapping[int, int]):
    """A table body's records read where they lie: {key: cell}, each lookup a binary search over the
    sorted records (the 8x8 table holds hundreds of thousands: made into a dict they took longer to
    load than an analysis of the start may take)."""

    def __init__(self, body: bytes, width: int) -> None:
        self._body = memoryview(body)[2:]
        self._width = width
        self._size = width + 1

    def _key(self, index: int) -> int:
        at = index * self._size
        return int.from_bytes(self._body[at : at + self._width], "little")

    def __len__(self) -> int:
        return len(self._body) // self._size

    def __getitem__(self, key: int) -> int:
        index = bisect_left(range(len(self)), key, key=self._key)
        if index == len(self) or self._key(index) != key:
            raise KeyError(key)
        return self._body[index * self._size + self._width]

    def __iter__(self) -> Iterator[int]:
        return (self._key(index) for index in range(len(self)))


def unpack_body(body: bytes) -> tuple[int, int, Records] | None:
    """(rows, cols, {key: cell}), or None when the body is not a well-formed table. A record's cell is
    checked when it is used (`lookup` plays no move that is not legal)."""
    if len(body) < 2:
        return None
    rows, cols = body[0], body[1]
    if rows < 1 or cols < 1 or rows * cols > MOST_CELLS:
        return None
    width = key_bytes(rows, cols)
    if (len(body) - 2) % (width + 1):
        return None
    return rows, cols, Records(body, width)


#: The boards whose table ships with the game (`make tables`).
SHIPPED = frozenset({(8, 8)})


def shipped(rows: int, cols: int) -> Mapping[int, int] | None:
    """The table shipped for the board, checked (None when there is none, it is refused, or tables are
    switched off: `gridgames.solve.tables.switch_off`)."""
    return None if tables.switched_off() else _shipped(rows, cols)


@cache
def _shipped(rows: int, cols: int) -> Mapping[int, int] | None:
    expected = (rows, cols) in SHIPPED  # other boards have no table: none is no news
    body = tables.load(__package__, f"{name(rows, cols)}.bin", name(rows, cols), missing_ok=not expected)
    unpacked = None if body is None else unpack_body(body)
    if unpacked is None or unpacked[:2] != (rows, cols):
        return None
    return unpacked[2]


def lookup(
    entries: Mapping[int, int], rows: int, cols: int, free: int, vertical: bool
) -> tuple[int, int] | None:
    """The mover's proven winning domino (its two cells, lower first), if the table holds the position."""
    key, symmetry = canonical(rows, cols, free, vertical)
    cell = entries.get(key)
    if cell is None or cell >= rows * cols:
        return None
    step = cols if key & 1 else 1  # the mover's direction in the key's image
    images = symmetries(rows, cols)[symmetry][0]
    if cell + step >= rows * cols:
        return None
    a, b = images.index(cell), images.index(cell + step)
    if not (free >> a & 1 and free >> b & 1):
        return None  # a damaged record: never play an illegal move
    return min(a, b), max(a, b)


def proven_move(rows: int, cols: int, free: int, vertical: bool) -> tuple[int, int] | None:
    """The shipped table's winning domino for the mover here, if there is a table holding the position."""
    entries = shipped(rows, cols)
    return None if entries is None else lookup(entries, rows, cols, free, vertical)


def build(
    rows: int, cols: int, plies: int, budget: Budget | None = None,
    progress: Callable[[int], None] | None = None, known: Mapping[int, int] | None = None,
) -> dict[int, int]:
    """{key: cell}: the winner's proven move in every position reached from the empty board, with either
    player first, by the winner's table moves and any replies, up to `plies` moves in (the winner's move
    at ply `plies` the last stored). Solved by `solver.wins` (the C core when built); deterministic.
    `progress` hears the number of positions stored after each one; the moves of `known` (a shallower
    table of the same board) are taken without solving again."""
    entries: dict[int, int] = {}
    full = (1 << (rows * cols)) - 1

    def winning_move(free: int, vertical: bool) -> tuple[int, int] | None:
        step = cols if vertical else 1
        for top in reference.ordered(rows, cols, free, vertical):
            if not solver.wins(rows, cols, free & ~((1 << top) | (1 << (top + step))), not vertical, budget):
                return top, top + step
        return None

    def expand(free: int, vertical: bool, ply: int) -> None:
        """The winner (the mover, `vertical` or not) is to move at `free`, `ply` moves in."""
        key, symmetry = canonical(rows, cols, free, vertical)
        if key in entries or ply > plies:
            return
        move = None if known is None else lookup(known, rows, cols, free, vertical)
        if move is None:
            move = winning_move(free, vertical)
        if move is None:
            raise ValueError("the winner has no winning move: the solver contradicts itself")
        images = symmetries(rows, cols)[symmetry][0]
        entries[key] = min(images[cell] for cell in move)
        if progress is not None:
            progress(len(entries))
        child = free & ~((1 << move[0]) | (1 << move[1]))
        for a, b in dominoes(rows, cols, child, not vertical):
            expand(child & ~((1 << a) | (1 << b)), vertical, ply + 2)

    starts: set[int] = set()
    for vertical in (True, False):
        start = canonical(rows, cols, full, vertical)[0]
        if start in starts:
            continue  # a square board: the other first player's start is this one transposed
        starts.add(start)
        if solver.wins(rows, cols, full, vertical, budget):
            expand(full, vertical, 1)
        else:
            for a, b in dominoes(rows, cols, full, vertical):
                expand(full & ~((1 << a) | (1 << b)), not vertical, 2)
    return entries
