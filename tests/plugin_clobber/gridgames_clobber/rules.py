"""Clobber: the board starts full, the players' stones in a checkerboard; a move takes one of your
stones onto an opponent's stone beside it (up, down, left or right), which is removed, and leaves
its cell empty. The player who cannot move loses. A move is its two cells in order, `A1-A2`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gridgames.engine import Cell, Content, GridState, Move, Options, Rules, format_cell
from gridgames.engine.cells import CoordStyle
from gridgames.engine.rules import bits, marker_content, orthogonal_masks

SHAPE = "A move is one of your stones onto an opponent's stone beside it, from-to such as A1-A2."


@dataclass(frozen=True)
class ClobberState(GridState):
    stones1: int = 0
    stones2: int = 0

    def stones(self, player: int) -> int:
        return self.stones1 if player == 1 else self.stones2


class ClobberRules(Rules[ClobberState]):
    family = "clobber"
    no_move_reason = "{loser} has no stone beside an opponent's, so {winner} wins."
    verb = "clobber"
    example = "A1-A2"
    clicks_in_order = True  # the stone that moves first, then the stone it takes

    def start(self, options: Options, first_player: int) -> ClobberState:
        rows, cols = options.rows, options.cols
        ones = sum(1 << (r * cols + c) for r in range(rows) for c in range(cols) if (r + c) % 2 == 0)
        return ClobberState(rows, cols, first_player, 0, ones, ((1 << rows * cols) - 1) & ~ones)

    def legal_moves(self, state: ClobberState) -> tuple[Move, ...]:
        near, theirs = orthogonal_masks(state.rows, state.cols), state.stones(3 - state.to_move)
        return tuple(
            Move((state.cell(i), state.cell(j)))
            for i in bits(state.stones(state.to_move))
            for j in bits(near[i] & theirs)
        )

    def why_illegal(self, state: ClobberState, move: Move, style: CoordStyle = "letter") -> str | None:
        if move.kind or len(move.cells) != 2:
            return SHAPE
        here, there = move.cells
        if not state.stones(state.to_move) >> state.index(here) & 1:
            return f"{format_cell(here, style)} holds none of your stones: a move starts from one of them."
        if not orthogonal_masks(state.rows, state.cols)[state.index(here)] >> state.index(there) & 1:
            return "A stone moves to the cell beside it: up, down, left or right."
        if not state.stones(3 - state.to_move) >> state.index(there) & 1:
            there_text = format_cell(there, style)
            return f"{there_text} holds no stone of your opponent's: a stone moves only onto one."
        return None

    def apply_unchecked(self, state: ClobberState, move: Move) -> ClobberState:
        here, there = (1 << state.index(c) for c in move.cells)
        player = state.to_move
        mine, theirs = state.stones(player) & ~here | there, state.stones(3 - player) & ~there
        stones = (mine, theirs) if player == 1 else (theirs, mine)
        return replace(state, to_move=3 - player, ply=state.ply + 1, stones1=stones[0], stones2=stones[1])

    def content(self, state: ClobberState, cell: Cell) -> Content:
        return marker_content(1 << state.index(cell), state.stones1, state.stones2)

    def state_failure(self, state: ClobberState) -> str | None:
        if state.stones1 & state.stones2:
            return "two stones share a cell"
        if (state.stones1 | state.stones2).bit_count() != state.rows * state.cols - state.ply:
            return "the stones left do not match the moves played"
        return None


RULES = ClobberRules()
