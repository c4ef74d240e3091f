"""Cram solved exactly: the public entry point, answering with the C core when built, else the reference.

Positions are plain integers: `rows`, `cols` and `free`, the mask of empty cells (index row * cols + col);
a domino is a pair of cell indices, as `reference.dominoes` lists them. Every call takes a `Budget` and
raises `SearchTimeout` (or `SearchCancelled`) when it runs out; a cancelled C search ends within a few ms.

Memory: the C table of shapes is capped at `NATIVE_MEMO_LOG2` (2**21 entries of 16 bytes, 32 MB; it starts
at 64 KB and grows only as a board needs), past which new shapes replace cheap ones; the Python memo at
`reference.MEMO_LIMIT` shapes (about 100 MB), emptied when full. Either costs time, never answers.
"""

from __future__ import annotations

from typing import Any

from gridgames.games.cram import reference
from gridgames.games.cram.reference import dominoes
from gridgames.solve import core, symmetry
from gridgames.solve.budget import Budget, SearchTimeout
from gridgames.solve.shapes import components

#: The optional C extension (built when a compiler was there; `GRIDGAMES_CORE=python` turns it off).
NATIVE = core.load(f"{__package__}._native")

#: The C core's boards (and regions' bounding boxes) hold at most this many cells.
NATIVE_CELLS = 64
#: The C table's cap: 2**21 entries of 16 bytes (32 MB).
NATIVE_MEMO_LOG2 = 21
#: Regions of at most this many cells are solved from scratch within about a second (C) ...
NATIVE_QUICK_CELLS = 30
#: ... and in Python.
QUICK_CELLS = 20

__all__ = [
    "dominoes", "grundy", "wins", "region_values", "move_values", "move_wins", "is_quick", "clear_cache",
]

_last_nodes = 0


def native() -> Any | None:
    """Cram's C module when it is built and the C core is in use (`GRIDGAMES_CORE=python` turns it off)."""
    return NATIVE()


def built() -> bool:
    return NATIVE.built


def nodes() -> int:
    """Shapes the last call solved or searched (for benchmarks)."""
    return _last_nodes


def _call(budget: Budget | float | None) -> Budget | None:
    return None if budget is None else Budget.of(budget)


def _native_answer(value: object, budget: Budget | None) -> Any:
    global _last_nodes
    mod: Any = NATIVE.module
    _last_nodes = mod.nodes()
    if value is None:
        raise core.stopped(budget)
    return value


class _Hybrid(reference.Solver):
    """The reference's walk over regions on a board of more than 64 cells, each region whose bounding box
    holds at most 64 cells valued by the C core."""

    def shape(self, height: int, width: int, cells: int, asked: int = reference.ALL) -> int:
        mod: Any = NATIVE.module
        if height * width > NATIVE_CELLS:
            return super().shape(height, width, cells, asked)
        if self.probing:
            return reference.UNKNOWN  # the C core's table is not read from here: searched in turn
        value = mod.grundy(height, width, cells, *core.budget_args(self.budget))
        self.solved += mod.nodes()
        if value is None:
            raise core.stopped(self.budget)
        return int(value) if asked >> int(value) & 1 else reference.NOT_AMONG


def by_symmetry(rows: int, cols: int, free: int) -> bool | None:
    """Whether the player to move wins, when the mirror strategy proves it (`gridgames.solve.symmetry`):
    False in a mirror-lost position, True one mirror reply away from one; None when symmetry is silent."""
    if symmetry.mirror_lost(rows, cols, free):
        return False
    if (free & ~symmetry.image(rows, cols, free)).bit_count() > 2:
        return None  # a reply fills two cells: more free cells than that facing filled ones are too many
    options = ((move, free & ~(1 << move[0] | 1 << move[1])) for move in dominoes(rows, cols, free))
    return True if symmetry.mirror_reply(rows, cols, options) is not None else None


def grundy(
    rows: int, cols: int, free: int, budget: Budget | float | None = None, use_symmetry: bool = True
) -> int:
    """The Grundy value of the empty cells `free`: the player to move wins iff it is not zero.
    `use_symmetry=False` searches even where the mirror strategy proves the value 0 (for checks)."""
    global _last_nodes
    if use_symmetry and symmetry.mirror_lost(rows, cols, free):
        _last_nodes = 0
        return 0  # a second-player win, so worth 0 (the mirror strategy)
    b = _call(budget)
    mod = native()
    if mod is not None and rows * cols <= NATIVE_CELLS:
        return int(_native_answer(mod.grundy(rows, cols, free, *core.budget_args(b)), b))
    search = _Hybrid(b) if mod is not None else reference.Solver(b)
    value = search.value(free, rows, cols)
    _last_nodes = search.solved
    return value


def wins(
    rows: int, cols: int, free: int, budget: Budget | float | None = None, use_symmetry: bool = True
) -> bool:
    """Whether the player to move wins: by the mirror strategy where it applies (at once), else by search
    (the C core looks for a winning move without valuing every region; the reference computes the value)."""
    global _last_nodes
    proven = by_symmetry(rows, cols, free) if use_symmetry else None
    if proven is not None:
        _last_nodes = 0
        return proven
    b = _call(budget)
    mod = native()
    if mod is not None and rows * cols <= NATIVE_CELLS:
        return bool(_native_answer(mod.wins(rows, cols, free, *core.budget_args(b)), b))
    return grundy(rows, cols, free, b, use_symmetry) != 0


def region_values(
    rows: int, cols: int, free: int, budget: Budget | float | None = None
) -> list[tuple[int, int]]:
    """[(mask of a region's empty cells, its Grundy value)] for each region, lowest cell first (`nodes`
    then counts the searches of them all)."""
    global _last_nodes
    b = _call(budget)
    values, searched = [], 0
    for comp in components(free, rows, cols):
        values.append((comp, grundy(rows, cols, comp, b)))
        searched += _last_nodes
    _last_nodes = searched
    return values


def move_values(
    rows: int, cols: int, free: int, budget: Budget | float | None = None
) -> dict[tuple[int, int], int | None]:
    """{domino: the Grundy value it leaves} for every legal domino; None where the budget ran out first
    (a move leaving 0 wins). Cancellation raises SearchCancelled."""
    b = _call(budget)
    mod = native()
    values: list[int | None]
    if mod is not None and rows * cols <= NATIVE_CELLS:
        values = mod.move_values(rows, cols, free, *core.budget_args(b))
        _native_answer(values, b)
    else:
        values = []
        for a, c in dominoes(rows, cols, free):
            if values and values[-1] is None:
                values.append(None)
                continue
            try:
                values.append(grundy(rows, cols, free & ~(1 << a | 1 << c), b))
            except SearchTimeout:
                values.append(None)
    if b is not None and b.cancelled:
        b.check()
    return dict(zip(dominoes(rows, cols, free), values, strict=True))


def move_wins(
    rows: int, cols: int, free: int, budget: Budget | float | None = None
) -> dict[tuple[int, int], bool | None]:
    """{domino: whether it wins} for every legal domino (it leaves value 0), None where the budget ran out
    first. Cheaper than `move_values`: the C core asks "worth 0?" by search without the exact values; in a
    mirror-lost position every domino loses at once. Cancellation raises SearchCancelled."""
    b = _call(budget)
    moves = dominoes(rows, cols, free)
    if symmetry.mirror_lost(rows, cols, free):
        return dict.fromkeys(moves, False)
    mod = native()
    if mod is not None and rows * cols <= NATIVE_CELLS:
        wins: list[bool | None] = _native_answer(mod.move_wins(rows, cols, free, *core.budget_args(b)), b)
    else:
        wins = [None if after is None else after == 0 for after in move_values(rows, cols, free, b).values()]
    if b is not None and b.cancelled:
        b.check()
    return dict(zip(moves, wins, strict=True))


def is_quick(rows: int, cols: int, free: int) -> bool:
    """Whether every region is small enough to value from scratch within about a second."""
    limit = NATIVE_QUICK_CELLS if native() is not None else QUICK_CELLS
    return all(comp.bit_count() <= limit for comp in components(free, rows, cols))


def clear_cache() -> None:
    """Forget every memoised shape (both cores)."""
    reference.clear_cache()
    if NATIVE.module is not None:
        NATIVE.module.clear()


def _configure() -> None:
    if NATIVE.module is not None:
        NATIVE.module.set_memo_limit(NATIVE_MEMO_LOG2)


_configure()
