"""Tromino Hop: lay a straight tromino on three empty cells, or hop one of your stones to an empty
neighbour, wearing out the cell it leaves. The player who cannot move loses."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gridgames.engine import Cell, Content, GridState, Look, Move, Options, Rules, format_cell, joins
from gridgames.engine.cells import CoordStyle
from gridgames.engine.rules import bits, marker_content, orthogonal_masks


@dataclass(frozen=True)
class HopState(GridState):
    stones1: int = 0  # cells holding player 1's stones
    stones2: int = 0
    worn: int = 0  # cells a hop left: out of play for good
    trominoes: tuple[int, ...] = ()  # the cells of each tromino still whole, for drawing it joined

    @property
    def empty(self) -> int:
        return self.full_mask & ~(self.stones1 | self.stones2 | self.worn)

    def stones(self, player: int) -> int:
        return self.stones1 if player == 1 else self.stones2


def trominoes(rows: int, cols: int) -> list[tuple[int, int, int]]:
    """Every straight line of three cells, across then down, by cell index."""
    out = []
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if c + 2 < cols:
                out.append((i, i + 1, i + 2))
            if r + 2 < rows:
                out.append((i, i + cols, i + 2 * cols))
    return out


class HopRules(Rules[HopState]):
    family = "hop"
    no_move_reason = "{loser} cannot lay a tromino or hop, so {winner} made the last move and wins."
    verb = "move"
    example = "A1-A2-A3"

    def start(self, options: Options, first_player: int) -> HopState:
        return HopState(options.rows, options.cols, first_player, 0)

    def legal_moves(self, state: HopState) -> tuple[Move, ...]:
        empty, cell = state.empty, state.cell
        lays = [
            Move(tuple(cell(i) for i in line))
            for line in trominoes(state.rows, state.cols)
            if all(empty >> i & 1 for i in line)
        ]
        near = orthogonal_masks(state.rows, state.cols)
        hops = [
            Move((cell(i), cell(j)))
            for i in bits(state.stones(state.to_move))
            for j in bits(near[i] & empty)
        ]
        return tuple(lays + hops)

    def why_illegal(self, state: HopState, move: Move, style: CoordStyle = "letter") -> str | None:
        cells = move.cells
        if move.kind or len(cells) not in (2, 3):
            return "A move is a tromino of three cells (A1-A2-A3) or a hop from one cell to the next (A1-B1)."
        index = [state.index(c) for c in cells]
        if len(cells) == 3:
            if tuple(index) not in set(trominoes(state.rows, state.cols)):
                return "A tromino covers three cells in a straight line, written from top-left: A1-A2-A3."
            taken = [format_cell(c, style) for c in cells if not state.empty >> state.index(c) & 1]
            if taken:
                verb = "is" if len(taken) == 1 else "are"
                return f"{', '.join(taken)} {verb} not empty: a tromino needs three empty cells."
            return None
        here, there = index
        if not state.stones(state.to_move) >> here & 1:
            return f"{format_cell(cells[0], style)} holds none of your stones: a hop starts from one of them."
        if not orthogonal_masks(state.rows, state.cols)[here] >> there & 1:
            return "A stone hops to the cell beside it: up, down, left or right."
        if not state.empty >> there & 1:
            return f"{format_cell(cells[1], style)} is not empty: a stone hops onto an empty cell."
        return None

    def apply_unchecked(self, state: HopState, move: Move) -> HopState:
        index = [state.index(c) for c in move.cells]
        player = state.to_move
        mine = state.stones(player)
        if len(index) == 3:
            mask = sum(1 << i for i in index)
            mine |= mask
            pieces = state.trominoes + (mask,)
            worn = state.worn
        else:
            here, there = index
            mine = (mine & ~(1 << here)) | (1 << there)
            worn = state.worn | (1 << here)
            pieces = tuple(p for p in state.trominoes if not p >> here & 1)  # a hop breaks a tromino
        stones = {"stones1": mine} if player == 1 else {"stones2": mine}
        return replace(state, to_move=3 - player, ply=state.ply + 1, worn=worn, trominoes=pieces, **stones)

    def content(self, state: HopState, cell: Cell) -> Content:
        return marker_content(1 << state.index(cell), state.stones1, state.stones2, state.worn)

    def look(self, state: HopState, cell: Cell, symbols) -> Look:  # type: ignore[no-untyped-def]
        """A whole tromino is drawn as one piece: each of its cells joins its neighbours in it."""
        look = super().look(state, cell, symbols)
        bit = 1 << state.index(cell)
        piece = next((p for p in state.trominoes if p & bit), 0)
        return replace(look, joins=joins(cell, piece, state.rows, state.cols))


RULES = HopRules()
