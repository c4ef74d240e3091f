"""Why a winning domino wins in Cram (`Solver.certificate`).

The mirror first, where the empty cells left are their own half-turn image (it also decides boards too
large to value); else the Grundy split: the regions the empty cells form after the domino, whose values
XOR to 0, from the exact solver (`solver.region_values`) within `SECONDS`. A board too large to value in
that time gets no certificate (the puzzle shows the line of play instead). The values before the move
are told only where every region then has at most `BEFORE_CELLS` cells: a larger one costs seconds to
value (a fresh 26-cell region: 1.6 s), though the move itself was proven in milliseconds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridgames.engine.moves import Move
from gridgames.games.cram import solver
from gridgames.games.cram.rules import RULES, DominoState
from gridgames.solve import certify
from gridgames.solve.budget import Budget, SearchTimeout
from gridgames.solve.shapes import components

if TYPE_CHECKING:
    from gridgames.engine.entry import Entry
    from gridgames.solve.certificates import Certificate

#: The most a certificate may spend valuing regions (the shipped puzzles' regions after the move: 13 ms
#: at most from an empty memo).
SECONDS = 1.0
#: Regions before the move are valued only up to this size (C core, from scratch: 15 ms at most; 21 to
#: 26 cells took 30 ms to 2 s) ...
BEFORE_CELLS = 20
#: ... and without it (16 cells: 40 ms; 18: 0.35 s; 20: 0.75 s).
PYTHON_BEFORE_CELLS = 16


def certificate(entry: Entry, state: DominoState, move: Move) -> Certificate | None:
    """The mirror or the Grundy split that proves `move` wins; None where neither is known to hold."""
    if RULES.why_illegal(state, move) is not None:
        return None
    after = RULES.apply_unchecked(state, move)
    told = certify.Telling.of(entry, state, move, "empty", f"With {entry.format_move(move)} placed")
    mirrored = certify.mirror(state, told, after.free)
    if mirrored is not None or not after.free:
        return mirrored
    rows, cols = state.rows, state.cols
    if not solver.is_quick(rows, cols, after.free):
        return None
    budget = Budget(SECONDS)
    try:
        regions_after = solver.region_values(rows, cols, after.free, budget)
    except SearchTimeout:
        return None
    most = BEFORE_CELLS if solver.native() is not None else PYTHON_BEFORE_CELLS
    small = all(comp.bit_count() <= most for comp in components(state.free, rows, cols))
    try:
        regions_before = solver.region_values(rows, cols, state.free, budget) if small else None
    except SearchTimeout:
        regions_before = None
    return certify.grundy_split(state, told, regions_before, regions_after)
