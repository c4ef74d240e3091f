"""Domineering solved by search: the public entry point, answering with the C core when built, else the
reference (the same search in Python, slower).

Positions are plain integers: `rows`, `cols`, `free` (the mask of empty cells, index row * cols + col)
and `vertical` (True when Vertical, who places (cell, cell + cols), is to move). Every call takes a
`Budget` and raises `SearchTimeout` (or `SearchCancelled`) when it runs out; a cancelled C search ends
within a few milliseconds.

Memory: the C transposition table is 2**`NATIVE_TABLE_LOG2` buckets of two 16-byte slots (64 MB), made on
first use and kept between calls; the Python one holds at most `reference.TABLE_LIMIT` positions.
"""

from __future__ import annotations

from typing import Any, Literal

from gridgames.games.domineering import reference
from gridgames.games.domineering.reference import dominoes
from gridgames.solve import core
from gridgames.solve.budget import Budget

#: The optional C extension (built when a compiler was there; `GRIDGAMES_CORE=python` turns it off).
NATIVE = core.load(f"{__package__}._native")

#: The C table: 2**21 buckets of two 16-byte slots (64 MB).
NATIVE_TABLE_LOG2 = 21

#: Outcome classes of a position, whoever is to move: the first player (N) or the second (P) wins,
#: or Vertical (V) or Horizontal (H) wins whoever starts.
Outcome = Literal["N", "P", "V", "H"]

__all__ = ["dominoes", "wins", "move_values", "outcome", "clear_cache"]

_last_nodes = 0


def native() -> Any | None:
    """Domineering's C module when it is built and the C core is in use."""
    return NATIVE()


def built() -> bool:
    return NATIVE.built


def nodes() -> int:
    """Positions the last call visited (for benchmarks)."""
    return _last_nodes


def _answer(value: Any, budget: Budget | None) -> Any:
    global _last_nodes
    mod: Any = NATIVE.module
    _last_nodes = mod.nodes()
    if value is None:
        raise core.stopped(budget)
    return value


def _fits(rows: int, cols: int) -> bool:
    return rows * cols <= 126


def wins(rows: int, cols: int, free: int, vertical: bool, budget: Budget | float | None = None) -> bool:
    """Whether the player to move wins."""
    global _last_nodes
    b = None if budget is None else Budget.of(budget)
    mod = native()
    if mod is not None and _fits(rows, cols):
        return bool(_answer(mod.wins(rows, cols, free, vertical, *core.budget_args(b)), b))
    result, _last_nodes = reference.wins(rows, cols, free, vertical, b)
    return result


def move_values(
    rows: int, cols: int, free: int, vertical: bool, budget: Budget | float | None = None
) -> dict[tuple[int, int], bool | None]:
    """{domino: whether it wins for the mover} for each of the mover's dominoes; None where the budget ran
    out first. Cancellation raises SearchCancelled."""
    global _last_nodes
    b = None if budget is None else Budget.of(budget)
    mod = native()
    if mod is not None and _fits(rows, cols):
        values = _answer(mod.move_values(rows, cols, free, vertical, *core.budget_args(b)), b)
    else:
        values, _last_nodes = reference.move_values(rows, cols, free, vertical, b)
    if b is not None and b.cancelled:
        b.check()
    return dict(zip(dominoes(rows, cols, free, vertical), values, strict=True))


def ordered_dominoes(rows: int, cols: int, free: int, vertical: bool) -> list[tuple[int, int]]:
    """The mover's dominoes in the order the search tries them (`reference.ordered_moves`)."""
    across, down = reference.lines(rows, cols, free)
    mine, theirs = (down, across) if vertical else (across, down)
    out = []
    for a, b in reference.ordered_moves(rows, cols, mine, theirs, vertical):
        cell = b * cols + a if vertical else a * cols + b
        out.append((cell, cell + (cols if vertical else 1)))
    return out


def transpose(rows: int, cols: int, free: int) -> int:
    """The free cells of the board mirrored in its main diagonal (a cols x rows board)."""
    out = 0
    bits = free
    while bits:
        low = bits & -bits
        bits ^= low
        r, c = divmod(low.bit_length() - 1, cols)
        out |= 1 << (c * rows + r)
    return out


def outcome(rows: int, cols: int, free: int | None = None, budget: Budget | float | None = None) -> Outcome:
    """The outcome class of a position (the empty board by default): who wins with each player first.

    Mirroring a position in its main diagonal swaps the players' roles, so on a square board whose free
    cells are their own mirror image the two first players fare alike and one search answers both."""
    if free is None:
        free = (1 << (rows * cols)) - 1
    b = None if budget is None else Budget.of(budget)
    vertical_first = wins(rows, cols, free, True, b)
    if rows == cols and transpose(rows, cols, free) == free:
        horizontal_first = vertical_first
    else:
        horizontal_first = wins(rows, cols, free, False, b)
    if vertical_first and horizontal_first:
        return "N"
    if not vertical_first and not horizontal_first:
        return "P"
    return "V" if vertical_first else "H"


def clear_cache() -> None:
    """Forget every solved position (both cores; the C table's memory is freed)."""
    reference.clear_cache()
    if NATIVE.module is not None:
        NATIVE.module.clear()


if NATIVE.module is not None:
    NATIVE.module.set_table_limit(NATIVE_TABLE_LOG2)
