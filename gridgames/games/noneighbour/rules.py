"""Book 004: place on an empty cell not adjacent to the opponent's last marker.

Adjacent means the 8 surrounding cells (king) by default; the house rule
"orthogonal" counts only the 4 edge neighbours.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridgames.engine.cells import Cell, CoordStyle, format_cell
from gridgames.engine.moves import Move
from gridgames.engine.options import Options, OptionSpec
from gridgames.engine.rules import (
    Content,
    GridState,
    Rules,
    bits,
    king_masks,
    last_failure,
    marker_content,
    marker_failure,
    not_one_cell,
    orthogonal_masks,
    with_marker,
)

#: The house rule: what touching means. The book's king adjacency, or orthogonal only (the reading
#: under which the book's example is legal, see CLARIFICATIONS).
ADJACENCY = OptionSpec(
    "adjacency", "Adjacency", "king", choices=("king", "orthogonal"),
    words=("Touching incl. diagonals (book)", "House rule: orthogonal only"),
    flag="--adjacency", help="house rule: king (the book's) or orthogonal",
    phrases=(
        "touching includes diagonals (the book's rule)",
        "house rule: only side by side counts as touching, diagonals do not",
    ),
    tags=("", "house rule: orthogonal only"),
)


@dataclass(frozen=True)
class NoNeighbourState(GridState):
    adjacency: str = "king"  # "king" or "orthogonal"
    marks1: int = 0
    marks2: int = 0
    last: int | None = None  # index of the opponent's last marker

    @property
    def occupied(self) -> int:
        return self.marks1 | self.marks2


def neighbour_masks(state: NoNeighbourState) -> tuple[int, ...]:
    if state.adjacency == "orthogonal":
        return orthogonal_masks(state.rows, state.cols)
    return king_masks(state.rows, state.cols)


class NoNeighbourRules(Rules[NoNeighbourState]):
    family = "noneighbour"
    no_move_reason = (
        "{loser} has no empty cell away from the last marker, so {winner} wins."
    )
    verb = "place"

    def start(self, options: Options, first_player: int) -> NoNeighbourState:
        return NoNeighbourState(options.rows, options.cols, first_player, 0, str(ADJACENCY.of(options)))

    def forbidden(self, state: NoNeighbourState) -> int:
        """Mask of the empty cells the last marker forbids."""
        if state.last is None:
            return 0
        return neighbour_masks(state)[state.last] & ~state.occupied

    def allowed(self, state: NoNeighbourState) -> int:
        free = state.full_mask & ~state.occupied
        if state.last is None:
            return free
        return free & ~neighbour_masks(state)[state.last]

    def legal_moves(self, state: NoNeighbourState) -> tuple[Move, ...]:
        return tuple(Move((state.cell(i),)) for i in bits(self.allowed(state)))

    def has_moves(self, state: NoNeighbourState) -> bool:
        """From the mask of the cells allowed, without listing the moves."""
        return bool(self.allowed(state))

    def why_illegal(self, state: NoNeighbourState, move: Move, style: CoordStyle = "letter") -> str | None:
        cell = move.single
        if cell is None:
            return not_one_cell(move, self.verb)
        bit = 1 << state.index(cell)
        if state.occupied & bit:
            return f"{format_cell(cell, style)} is occupied: choose an empty cell."
        if self.forbidden(state) & bit:  # the cell written only in a refusal: a server checks every move
            where = format_cell(cell, style)
            kind = "diagonally or " if state.adjacency == "king" else ""
            assert state.last is not None
            last = format_cell(state.cell(state.last), style)
            return (
                f"{where} touches your opponent's last marker at {last} "
                f"({kind}side by side): choose a cell that does not."
            )
        return None

    def restriction(self, state: NoNeighbourState, style: CoordStyle = "letter") -> str | None:
        if state.last is None:
            return None
        last = format_cell(state.cell(state.last), style)
        if state.adjacency == "orthogonal":  # the house rule: diagonal neighbours are allowed
            return f"not side by side with {last} (diagonally is allowed)"
        return f"not touching {last}, diagonals included"

    def apply_unchecked(self, state: NoNeighbourState, move: Move) -> NoNeighbourState:
        i = state.index(move.cells[0])
        marks1, marks2 = with_marker(state.to_move, 1 << i, state.marks1, state.marks2)
        return state.after(marks1=marks1, marks2=marks2, last=i)

    def state_failure(self, state: NoNeighbourState) -> str | None:
        return marker_failure(state, state.marks1, state.marks2) or last_failure(
            state, state.last, state.marks1, state.marks2
        )

    def content(self, state: NoNeighbourState, cell: Cell) -> Content:
        return marker_content(1 << state.index(cell), state.marks1, state.marks2)


RULES = NoNeighbourRules()
