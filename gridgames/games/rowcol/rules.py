"""Book 003: claim any cell first; then a cell in the row or column of the opponent's last claim."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gridgames.engine.cells import Cell, CoordStyle, format_cell, row_label
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
    with_marker,
)


@dataclass(frozen=True)
class RowColState(GridState):
    claims1: int = 0
    claims2: int = 0
    last: int | None = None  # index of the opponent's last claim

    @property
    def claimed(self) -> int:
        return self.claims1 | self.claims2


@lru_cache(maxsize=64)
def line_masks(rows: int, cols: int) -> tuple[int, ...]:
    """For each cell index, the mask of every cell in its row and column (itself included)."""
    row_mask = [sum(1 << (r * cols + c) for c in range(cols)) for r in range(rows)]
    col_mask = [sum(1 << (r * cols + c) for r in range(rows)) for c in range(cols)]
    return tuple(row_mask[r] | col_mask[c] for r in range(rows) for c in range(cols))


class RowColRules(Rules[RowColState]):
    family = "rowcol"
    no_move_reason = (
        "{loser} has no unclaimed cell in the row or column of the last claim, so {winner} wins."
    )
    verb = "claim"

    def start(self, options: Options, first_player: int) -> RowColState:
        return RowColState(options.rows, options.cols, first_player, 0)

    def allowed(self, state: RowColState) -> int:
        """Mask of the cells the player to move may claim."""
        free = state.full_mask & ~state.claimed
        if state.last is None:
            return free
        return free & line_masks(state.rows, state.cols)[state.last]

    def legal_moves(self, state: RowColState) -> tuple[Move, ...]:
        return tuple(Move((state.cell(i),)) for i in bits(self.allowed(state)))

    def has_moves(self, state: RowColState) -> bool:
        """From the mask of the cells allowed, without listing the moves."""
        return bool(self.allowed(state))

    def why_illegal(self, state: RowColState, move: Move, style: CoordStyle = "letter") -> str | None:
        cell = move.single
        if cell is None:
            return not_one_cell(move, self.verb)
        bit = 1 << state.index(cell)
        if state.claimed & bit:  # the cell written only in a refusal: a server checks every move
            return f"{format_cell(cell, style)} is already claimed: choose an unclaimed cell."
        if state.last is not None and not self.allowed(state) & bit:
            where, last = format_cell(cell, style), state.cell(state.last)
            return (
                f"{where} is not in row {row_label(last.row)} or column {last.col + 1}: "
                f"you must claim a cell in the row or column of your opponent's last claim, "
                f"{format_cell(last, style)}."
            )
        return None

    def restriction(self, state: RowColState, style: CoordStyle = "letter") -> str | None:
        if state.last is None:
            return None
        last = state.cell(state.last)
        return f"in row {row_label(last.row)} or column {last.col + 1}"

    def apply_unchecked(self, state: RowColState, move: Move) -> RowColState:
        i = state.index(move.cells[0])
        claims1, claims2 = with_marker(state.to_move, 1 << i, state.claims1, state.claims2)
        return state.after(claims1=claims1, claims2=claims2, last=i)

    def state_failure(self, state: RowColState) -> str | None:
        return marker_failure(state, state.claims1, state.claims2) or last_failure(
            state, state.last, state.claims1, state.claims2
        )

    def content(self, state: RowColState, cell: Cell) -> Content:
        return marker_content(1 << state.index(cell), state.claims1, state.claims2)


RULES = RowColRules()
