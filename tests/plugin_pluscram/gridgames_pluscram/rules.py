"""Cram on a plus-shaped board: the grid's four corner squares (a third of its side each way) are
holes, not part of the board. A move lays a domino on two empty cells side by side, across or down;
the player who cannot move loses. A move is written from its top or left cell, `B2-B3`, and read in
either order."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from gridgames.engine import Cell, Content, GridState, Look, Move, Options, Rules, format_cell, joins
from gridgames.engine.cells import CoordStyle
from gridgames.engine.rules import marker_content

SHAPE = "A move is a domino on two empty cells side by side, such as B2-B3."


@lru_cache(maxsize=16)
def corner_holes(rows: int, cols: int) -> frozenset[Cell]:
    """The four corner squares of a third of the side (rounded down) each way."""
    dr, dc = rows // 3, cols // 3
    return frozenset(
        Cell(r, c)
        for r in range(rows)
        for c in range(cols)
        if (r < dr or r >= rows - dr) and (c < dc or c >= cols - dc)
    )


@dataclass(frozen=True)
class PlusState(GridState):
    marks1: int = 0  # cells under player 1's dominoes
    marks2: int = 0
    dominoes: tuple[int, ...] = ()  # each domino's two cells, for drawing it joined

    def free(self, cell: Cell) -> bool:
        bit = 1 << self.index(cell)
        return cell not in corner_holes(self.rows, self.cols) and not (self.marks1 | self.marks2) & bit


class PlusCramRules(Rules[PlusState]):
    family = "pluscram"
    no_move_reason = "{loser} has no room for a domino, so {winner} made the last move and wins."
    verb = "lay"
    example = "B2-B3"

    def start(self, options: Options, first_player: int) -> PlusState:
        return PlusState(options.rows, options.cols, first_player, 0)

    def holes(self, state: PlusState) -> frozenset[Cell]:
        return corner_holes(state.rows, state.cols)

    def legal_moves(self, state: PlusState) -> tuple[Move, ...]:
        moves = []
        for r in range(state.rows):
            for c in range(state.cols):
                here = Cell(r, c)
                for there in (Cell(r, c + 1), Cell(r + 1, c)):
                    inside = there.row < state.rows and there.col < state.cols
                    if inside and state.free(here) and state.free(there):
                        moves.append(Move((here, there)))
        return tuple(moves)

    def why_illegal(self, state: PlusState, move: Move, style: CoordStyle = "letter") -> str | None:
        if move.kind or len(move.cells) != 2:
            return SHAPE
        holes = corner_holes(state.rows, state.cols)
        for cell in move.cells:
            if cell in holes:
                return f"{format_cell(cell, style)} is not part of this plus-shaped board."
        a, b = move.cells
        if abs(a.row - b.row) + abs(a.col - b.col) != 1:
            return "A domino covers two cells side by side, across or down."
        for cell in move.cells:
            if not state.free(cell):
                return f"{format_cell(cell, style)} is already covered: a domino needs two empty cells."
        if b < a:
            written = f"{format_cell(b, style)}-{format_cell(a, style)}"
            return f"A domino is written from its top or left cell: {written}."
        return None

    def apply_unchecked(self, state: PlusState, move: Move) -> PlusState:
        mask = sum(1 << state.index(c) for c in move.cells)
        marks = {"marks1": state.marks1 | mask} if state.to_move == 1 else {"marks2": state.marks2 | mask}
        return replace(
            state, to_move=3 - state.to_move, ply=state.ply + 1, dominoes=state.dominoes + (mask,), **marks
        )

    def content(self, state: PlusState, cell: Cell) -> Content:
        return marker_content(1 << state.index(cell), state.marks1, state.marks2)

    def look(self, state: PlusState, cell: Cell, symbols) -> Look:  # type: ignore[no-untyped-def]
        """A domino is drawn as one piece: each of its cells joins the other."""
        look = super().look(state, cell, symbols)
        bit = 1 << state.index(cell)
        piece = next((p for p in state.dominoes if p & bit), 0)
        return replace(look, joins=joins(cell, piece, state.rows, state.cols))

    def state_failure(self, state: PlusState) -> str | None:
        if state.marks1 & state.marks2 or len(state.dominoes) != state.ply:
            return "the dominoes do not match the moves played"
        return None


RULES = PlusCramRules()
