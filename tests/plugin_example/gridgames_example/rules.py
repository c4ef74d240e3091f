"""Twin Cells: mark an empty cell; the empty cell to its right is filled with it. Make the last mark."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gridgames.engine import Cell, Content, GridState, Move, Options, Rules, format_cell
from gridgames.engine.cells import CoordStyle
from gridgames.engine.rules import marker_content


@dataclass(frozen=True)
class TwinsState(GridState):
    marks1: int = 0  # cells player 1 marked
    marks2: int = 0
    filled: int = 0  # every cell no longer empty: marked, or filled by the mark to its left

    @property
    def empty(self) -> int:
        return self.full_mask & ~self.filled


class TwinsRules(Rules[TwinsState]):
    family = "twins"
    no_move_reason = "{loser} has no empty cell left, so {winner} made the last mark and wins."

    def start(self, options: Options, first_player: int) -> TwinsState:
        return TwinsState(options.rows, options.cols, first_player, 0)

    def legal_moves(self, state: TwinsState) -> tuple[Move, ...]:
        return tuple(Move((state.cell(i),)) for i in range(state.rows * state.cols) if state.empty >> i & 1)

    def why_illegal(self, state: TwinsState, move: Move, style: CoordStyle = "letter") -> str | None:
        cell = move.single
        if cell is None:
            return "A move in this game is one cell, such as B2."
        if not state.empty >> state.index(cell) & 1:
            return f"{format_cell(cell, style)} is not empty: choose an empty cell."
        return None

    def apply_unchecked(self, state: TwinsState, move: Move) -> TwinsState:
        cell = move.cells[0]
        bit = 1 << state.index(cell)
        filled = state.filled | bit
        if cell.col + 1 < state.cols:
            filled |= bit << 1  # the twin to the right, if any
        mine = {"marks1": state.marks1 | bit} if state.to_move == 1 else {"marks2": state.marks2 | bit}
        return replace(state, to_move=3 - state.to_move, ply=state.ply + 1, filled=filled, **mine)

    def content(self, state: TwinsState, cell: Cell) -> Content:
        return marker_content(1 << state.index(cell), state.marks1, state.marks2, state.filled)


RULES = TwinsRules()
