"""A move is a small hashable value that only its game interprets: the cells it covers, and a kind.

A move may cover one cell (a mark), two (a domino, a step from one cell to another) or more (a
piece of three cells); `kind` tells apart moves over the same cells ("" for the game's ordinary
move, a word of the game's own for another). The engine never looks inside a move: the game makes
its moves (`Rules.legal_moves`), writes them (`Rules.format_move`) and reads them back
(`Rules.parse_move`), so every front end shows the game's own notation.
"""

from __future__ import annotations

from typing import NamedTuple

from gridgames.engine.cells import Cell


class Move(NamedTuple):
    """The cells a move covers, in the game's order, and the game's name for its kind."""

    cells: tuple[Cell, ...]
    kind: str = ""

    @classmethod
    def at(cls, *cells: Cell, kind: str = "") -> Move:
        """`Move.at(Cell(2, 2))`: a move over the cells given, in that order."""
        return cls(tuple(cells), kind)

    @property
    def single(self) -> Cell | None:
        """The one cell of a one-cell move of the ordinary kind, else None (a game of one-cell moves
        refuses anything else)."""
        return self.cells[0] if len(self.cells) == 1 and not self.kind else None
