"""Twin Cells: mark an empty cell; the empty cell to its right is filled with it. Make the last mark."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from gridgames.engine import Cell, Content, GridState, Move, Options, Rules, format_cell


@dataclass(frozen=True)
class TwinsState(GridState):
    marks1: int = 0  # cells player 1 marked
    marks2: int = 0
    filled: int = 0  # every cell no longer empty: marked, or filled by the mark to its left

    @property
    def empty(self) -> int:
        return self.full_mask & ~self.filled


class TwinsRules(Rules):
    family = "twins"
    no_move_reason = "{loser} has no empty cell left, so {winner} made the last mark and wins."

    def start(self, options: Options, first_player: int) -> TwinsState:
        return TwinsState(options.rows, options.cols, first_player, 0)

    def legal_moves(self, state: GridState) -> tuple[Move, ...]:
        s = cast(TwinsState, state)
        return tuple(Move(s.cell(i)) for i in range(s.rows * s.cols) if s.empty >> i & 1)

    def why_illegal(self, state: GridState, move: Move, style: str = "letter") -> str | None:
        s = cast(TwinsState, state)
        if move.wall:
            return "This game has no walls: mark an empty cell."
        if not s.empty >> s.index(move.cell) & 1:
            return f"{format_cell(move.cell, style)} is not empty: choose an empty cell."
        return None

    def apply_unchecked(self, state: GridState, move: Move) -> TwinsState:
        s = cast(TwinsState, state)
        bit = 1 << s.index(move.cell)
        filled = s.filled | bit
        if move.cell.col + 1 < s.cols:
            filled |= bit << 1  # the twin to the right, if any
        mine = {"marks1": s.marks1 | bit} if s.to_move == 1 else {"marks2": s.marks2 | bit}
        return replace(s, to_move=3 - s.to_move, ply=s.ply + 1, filled=filled, **mine)

    def content(self, state: GridState, cell: Cell) -> Content:
        s = cast(TwinsState, state)
        bit = 1 << s.index(cell)
        if s.marks1 & bit:
            return Content.P1
        if s.marks2 & bit:
            return Content.P2
        return Content.BLOCKED if s.filled & bit else Content.EMPTY


RULES = TwinsRules()
