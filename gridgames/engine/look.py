"""How a cell looks: what a game tells every front end to draw there.

The game decides (`Rules.look`); the app, the sample boards and line mode only draw. A look names
a role that the app's style sheet knows (whose piece it is, or that the cell is out of play), the
symbol in the rule book's own characters, and on which sides the piece goes on into the next cell,
so a piece that covers several cells (a domino) is drawn as one joined piece.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: The roles a style sheet colours: an empty cell, a player's piece, a cell out of play, and a hole (a
#: cell of the grid that is not part of the board: drawn as no cell, never entered by the cursor).
Role = Literal["empty", "p1", "p2", "blocked", "hole"]

#: The sides of a cell a piece can go on through: up, down, left, right.
SIDES = "udlr"


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
