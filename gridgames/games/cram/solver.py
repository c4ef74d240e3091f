"""Cram solved exactly: the public entry point, answering with the C core when built, else the reference.

Positions are plain integers: `rows`, `cols` and `free`, the mask of empty cells (index row * cols + col);
a domino is a pair of cell indices, as `reference.dominoes` lists them. Every call takes a `Budget` and
raises `SearchTimeout` (or `SearchCancelled`) when it runs out; a cancelled C search ends within a few ms.

Memory: the C memo is capped at `NATIVE_MEMO_LOG2` (2**22 slots of 32 bytes, 128 MB), the Python one at
`reference.MEMO_LIMIT` shapes (about 100 MB); each is emptied when full, which costs time, not answers.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from gridgames.games.cram import reference
from gridgames.games.cram.reference import dominoes
from gridgames.solve import core
from gridgames.solve.budget import Budget

_native: ModuleType | None
try:
    from gridgames.games.cram import _native  # type: ignore[attr-defined, no-redef]
except ImportError:  # no compiler at install time: the reference answers
    _native = None

#: The C memo's ceiling: 2**22 slots of 32 bytes (128 MB).
NATIVE_MEMO_LOG2 = 22
#: Regions of at most this many cells are solved from scratch within about a second (C) ...
NATIVE_QUICK_CELLS = 30
#: ... and in Python.
QUICK_CELLS = 20

__all__ = ["dominoes", "grundy", "wins", "region_values", "move_values", "is_quick", "clear_cache"]

_last_nodes = 0


def native() -> Any | None:
    """Cram's C module when it is built and the C core is in use (`GRIDGAMES_CORE=python` turns it off)."""
    return _native if core.native() is not None else None


def built() -> bool:
    return _native is not None


def nodes() -> int:
    """Shapes the last call solved or searched (for benchmarks)."""
    return _last_nodes


def _call(budget: Budget | float | None) -> Budget | None:
    return None if budget is None else Budget.of(budget)


def _native_answer(value: object, budget: Budget | None) -> Any:
    global _last_nodes
    mod: Any = _native
    _last_nodes = mod.nodes()
    if value is None:
        raise core.stopped(budget)
    return value


def grundy(rows: int, cols: int, free: int, budget: Budget | float | None = None) -> int:
    """The Grundy value of the empty cells `free`: the player to move wins iff it is not zero."""
    global _last_nodes
    b = _call(budget)
    mod = native()
    if mod is not None:
        return int(_native_answer(mod.grundy(rows, cols, free, *core.budget_args(b)), b))
    value, _last_nodes = reference.grundy(rows, cols, free, b)
    return value


def wins(rows: int, cols: int, free: int, budget: Budget | float | None = None) -> bool:
    """Whether the player to move wins. The C core searches for a winning move without valuing every
    region; the reference computes the Grundy value."""
    b = _call(budget)
    mod = native()
    if mod is not None:
        return bool(_native_answer(mod.wins(rows, cols, free, *core.budget_args(b)), b))
    return grundy(rows, cols, free, b) != 0


def region_values(
    rows: int, cols: int, free: int, budget: Budget | float | None = None
) -> list[tuple[int, int]]:
    """[(mask of a region's empty cells, its Grundy value)] for each region, lowest cell first."""
    b = _call(budget)
    return [(comp, grundy(rows, cols, comp, b)) for comp in reference.components(free, rows, cols)]


def move_values(
    rows: int, cols: int, free: int, budget: Budget | float | None = None
) -> dict[tuple[int, int], int | None]:
    """{domino: the Grundy value it leaves} for every legal domino; None where the budget ran out first
    (a move leaving 0 wins). Cancellation raises SearchCancelled."""
    b = _call(budget)
    mod = native()
    if mod is not None:
        values = mod.move_values(rows, cols, free, *core.budget_args(b))
        _native_answer(values, b)
    else:
        values = reference.move_values(rows, cols, free, b)
    if b is not None and b.cancelled:
        b.check()
    return dict(zip(dominoes(rows, cols, free), values, strict=True))


def is_quick(rows: int, cols: int, free: int) -> bool:
    """Whether every region is small enough to value from scratch within about a second."""
    limit = NATIVE_QUICK_CELLS if native() is not None else QUICK_CELLS
    return all(comp.bit_count() <= limit for comp in reference.components(free, rows, cols))


def clear_cache() -> None:
    """Forget every memoised shape (both cores)."""
    reference.clear_cache()
    if _native is not None:
        _native.clear()


def _configure() -> None:
    if _native is not None:
        _native.set_memo_limit(NATIVE_MEMO_LOG2)


_configure()
