"""A move is a small hashable value that only its game interprets: the cells it covers, and a kind.

A move may cover one cell (a mark), two (a domino, a step from one cell to another) or more (a
piece of three cells); `kind` tells apart moves over the same cells (`ORDINARY` for the game's
ordinary move, a `Kind` of the game's own for another, such as `Kind("wall")`). The engine never
looks inside a move: the game makes its moves (`Rules.legal_moves`), writes them
(`Rules.format_move`) and reads them back (`Rules.parse_move`), so every front end shows the game's
own notation.
"""

from __future__ import annotations

from typing import NamedTuple

from gridgames.engine.cells import Cell


class Kind(str):
    """A kind of move: the game's own word for it ("wall"), or ORDINARY (""). A `str`, so it is spelled
    in saves, records, notation and the protocol exactly as the plain strings before it were, and old
    files load: `Kind("wall") == "wall"`, with the same hash. The games name the kinds (there is no
    fixed list, unlike `roles.Level`); `Rules.alternate_kinds` lists a game's other kinds."""

    __slots__ = ()

    @property
    def ordinary(self) -> bool:
        """Whether this is the game's ordinary kind of move."""
        return not self

    def __repr__(self) -> str:
        return f"Kind({str.__repr__(self)})"


#: The game's ordinary kind of move.
ORDINARY = Kind("")


class Move(NamedTuple):
    """The cells a move covers, in the game's order, and its kind."""

    cells: tuple[Cell, ...]
    kind: Kind = ORDINARY

    @classmethod
    def at(cls, *cells: Cell, kind: str = ORDINARY) -> Move:
        """`Move.at(Cell(2, 2))`: a move over the cells given, in that order."""
        return cls(tuple(cells), Kind(kind))

    @property
    def single(self) -> Cell | None:
        """The one cell of a one-cell move of the ordinary kind, else None (a game of one-cell moves
        refuses anything else)."""
        return self.cells[0] if len(self.cells) == 1 and not self.kind else None
