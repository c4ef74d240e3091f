"""A move is a small hashable value: a target cell, and whether it builds a wall."""

from __future__ import annotations

from typing import NamedTuple

from gridgames.engine.cells import Cell, format_cell


class Move(NamedTuple):
    """Mark/claim/place/step to `cell`; with `wall=True`, build a wall there (`walls` only)."""

    cell: Cell
    wall: bool = False

    def notation(self) -> str:
        """Canonical notation: `C3`, or `#C3` for a wall."""
        return ("#" if self.wall else "") + format_cell(self.cell)

    def __str__(self) -> str:
        return self.notation()
