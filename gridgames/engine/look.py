"""How a cell looks: what a game tells every front end to draw there.

The game decides (`Rules.look`); the app, the sample boards and line mode only draw. A look names
a role that the app's style sheet knows (whose piece it is, or that the cell is out of play), the
symbol in the rule book's own characters, and on which sides the piece goes on into the next cell,
so a piece that covers several cells (a domino) is drawn as one joined piece.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gridgames.engine.cells import Cell

#: The roles a style sheet colours: an empty cell, a player's piece, a cell out of play, and a hole (a
#: cell of the grid that is not part of the board: drawn as no cell, never entered by the cursor).
Role = Literal["empty", "p1", "p2", "blocked", "hole"]

#: The sides of a cell a piece can go on through: up, down, left, right.
SIDES = "udlr"
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # the neighbour through each side, in the order of SIDES


@dataclass(frozen=True)
class Look:
    """One cell as the game wants it drawn."""

    role: Role
    glyph: str  # the rule book's symbol for what is there (" " for an empty cell drawn blank)
    joins: str = ""  # the sides (letters of SIDES) where this cell's piece continues

    @property
    def empty(self) -> bool:
        """An empty cell: one the board may mark as playable, or not playable now."""
        return self.role == "empty"

    @property
    def hole(self) -> bool:
        """Not a cell of the board at all (`Rules.holes`)."""
        return self.role == "hole"


#: How every front end draws a hole: nothing.
HOLE = Look("hole", " ")


def joins(cell: Cell, piece: int, rows: int, cols: int) -> str:
    """`Look.joins` for `cell` of a piece over several cells, so the board draws it as one piece: the
    sides (of SIDES, in that order) whose neighbour is also in `piece`, a mask of the cells the piece
    covers (bit `row * cols + col`, as `GridState.index`). "" when `piece` is 0 (no piece there)."""
    sides = ""
    for side, (dr, dc) in zip(SIDES, _STEPS, strict=True):
        row, col = cell.row + dr, cell.col + dc
        if 0 <= row < rows and 0 <= col < cols and piece >> (row * cols + col) & 1:
            sides += side
    return sides
