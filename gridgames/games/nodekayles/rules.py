"""Node Kayles on the grid: books 000 (Locked Grid Duel) and 002 (GridLock).

Marking a free cell locks it and its orthogonal neighbours; the player to move
with no free cell loses.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridgames.engine.cells import Cell, CoordStyle, format_cell
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.engine.rules import (
    Content,
    GridState,
    Rules,
    bits,
    last_failure,
    marker_content,
    marker_failure,
    not_one_cell,
    orthogonal_masks,
    with_marker,
)


@dataclass(frozen=True)
class NodeKaylesState(GridState):
    marks1: int = 0  # cells marked by player 1
    marks2: int = 0
    locked: int = 0  # every unavailable cell, marked ones included
    last: int | None = None  # index of the last marked cell

    @property
    def free(self) -> int:
        return self.full_mask & ~self.locked


class NodeKaylesRules(Rules[NodeKaylesState]):
    family = "nodekayles"
    no_move_reason = "{loser} has no free cell left, so {winner} made the last move and wins."
    verb = "mark"
    blocked_word = "locked"
    empty_is_playable = True

    def start(self, options: Options, first_player: int) -> NodeKaylesState:
        return NodeKaylesState(options.rows, options.cols, first_player, 0)

    def legal_moves(self, state: NodeKaylesState) -> tuple[Move, ...]:
        return tuple(Move((state.cell(i),)) for i in bits(state.free))

    def has_moves(self, state: NodeKaylesState) -> bool:
        """From the mask of the free cells, without listing the moves."""
        return bool(state.free)

    def why_illegal(self, state: NodeKaylesState, move: Move, style: CoordStyle = "letter") -> str | None:
        cell = move.single
        if cell is None:
            return not_one_cell(move, self.verb)
        bit = 1 << state.index(cell)
        if (state.marks1 | state.marks2) & bit:  # the cell written only in a refusal (every move is checked)
            return f"{format_cell(cell, style)} is already marked: choose a free cell."
        if state.locked & bit:
            where = format_cell(cell, style)
            return f"{where} is locked: it is next to a marked cell, and locked cells stay locked."
        return None

    def state_failure(self, state: NodeKaylesState) -> str | None:
        marks = state.marks1 | state.marks2
        near = orthogonal_masks(state.rows, state.cols)
        closure = 0
        for i in bits(marks):
            if near[i] & marks:
                return "two marked cells are side by side"
            closure |= 1 << i | near[i]
        if state.locked != closure:
            return "the locked cells are not the marked cells and their neighbours"
        return marker_failure(state, state.marks1, state.marks2) or last_failure(
            state, state.last, state.marks1, state.marks2
        )

    def apply_unchecked(self, state: NodeKaylesState, move: Move) -> NodeKaylesState:
        i = state.index(move.cells[0])
        bit = 1 << i
        lock = bit | orthogonal_masks(state.rows, state.cols)[i]
        marks1, marks2 = with_marker(state.to_move, bit, state.marks1, state.marks2)
        return state.after(marks1=marks1, marks2=marks2, locked=state.locked | lock, last=i)

    def content(self, state: NodeKaylesState, cell: Cell) -> Content:
        return marker_content(1 << state.index(cell), state.marks1, state.marks2, state.locked)

    @staticmethod
    def locked_by(state: NodeKaylesState, move: Move) -> list[Cell]:
        """The cells a move newly locks (for the rule books' 'Cells locked:' lines)."""
        i = state.index(move.cells[0])
        lock = (1 << i) | orthogonal_masks(state.rows, state.cols)[i]
        return [state.cell(j) for j in bits(lock)]


RULES = NodeKaylesRules()
