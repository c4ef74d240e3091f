"""Amazons: move one of your amazons like a chess queen over empty cells, then shoot an arrow from
where it landed, like a queen again, onto an empty cell (the cell just left counts as empty); the
arrow's cell is burnt for good. The player who cannot move loses. A move is three cells in order,
written `A2-C2/C5`: from, to, then the arrow."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gridgames.engine import Cell, Content, GridState, Move, Options, Rules, format_cell
from gridgames.engine.cells import CoordStyle
from gridgames.engine.rules import bits, marker_content

LINES = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
SHAPE = "A move is an amazon's queen move and then its arrow, three cells such as A2-C2/C5."


@dataclass(frozen=True)
class AmazonsState(GridState):
    amazons1: int = 0  # cells holding player 1's amazons
    amazons2: int = 0
    burnt: int = 0  # cells an arrow hit

    def amazons(self, player: int) -> int:
        return self.amazons1 if player == 1 else self.amazons2

    @property
    def taken(self) -> int:
        return self.amazons1 | self.amazons2 | self.burnt


def reach(state: AmazonsState, cell: Cell, taken: int) -> list[Cell]:
    """The cells a queen on `cell` reaches over cells not in `taken`, line by line."""
    out = []
    for dr, dc in LINES:
        r, c = cell.row + dr, cell.col + dc
        while 0 <= r < state.rows and 0 <= c < state.cols and not taken >> (r * state.cols + c) & 1:
            out.append(Cell(r, c))
            r, c = r + dr, c + dc
    return out


class AmazonsRules(Rules[AmazonsState]):
    family = "amazons"
    no_move_reason = "{loser} has no amazon that can move and shoot, so {winner} wins."
    verb = "move"
    example = "A2-C2/C5"
    blocked_word = "burnt"
    clicks_in_order = True  # where the amazon stands, where it goes, where its arrow lands

    def start(self, options: Options, first_player: int) -> AmazonsState:
        rows, cols = options.rows, options.cols
        top = (1 << 1) | (1 << (cols - 2))
        return AmazonsState(rows, cols, first_player, 0, amazons1=top << ((rows - 1) * cols), amazons2=top)

    def legal_moves(self, state: AmazonsState) -> tuple[Move, ...]:
        moves = []
        for i in bits(state.amazons(state.to_move)):
            here = state.cell(i)
            left = state.taken & ~(1 << i)
            for there in reach(state, here, state.taken):
                for arrow in reach(state, there, left):
                    moves.append(Move((here, there, arrow)))
        return tuple(moves)

    def why_illegal(self, state: AmazonsState, move: Move, style: CoordStyle = "letter") -> str | None:
        if move.kind or len(move.cells) != 3:
            return SHAPE
        here, there, arrow = move.cells
        if not state.amazons(state.to_move) >> state.index(here) & 1:
            return f"{format_cell(here, style)} holds none of your amazons: a move starts from one of them."
        if there not in reach(state, here, state.taken):
            return (
                f"An amazon moves like a chess queen over empty cells: it cannot go from "
                f"{format_cell(here, style)} to {format_cell(there, style)}."
            )
        if arrow not in reach(state, there, state.taken & ~(1 << state.index(here))):
            return (
                f"The arrow flies like a chess queen over empty cells: it cannot go from "
                f"{format_cell(there, style)} to {format_cell(arrow, style)}."
            )
        return None

    def apply_unchecked(self, state: AmazonsState, move: Move) -> AmazonsState:
        here, there, arrow = (1 << state.index(c) for c in move.cells)
        player = state.to_move
        mine = state.amazons(player) & ~here | there
        amazons = {"amazons1": mine} if player == 1 else {"amazons2": mine}
        return replace(state, to_move=3 - player, ply=state.ply + 1, burnt=state.burnt | arrow, **amazons)

    def content(self, state: AmazonsState, cell: Cell) -> Content:
        return marker_content(1 << state.index(cell), state.amazons1, state.amazons2, state.burnt)

    def format_move(self, move: Move, style: CoordStyle = "letter") -> str:
        """`A2-C2/C5`: from, to, and after the slash the arrow."""
        if len(move.cells) != 3 or move.kind:
            return super().format_move(move, style)
        here, there, arrow = (format_cell(c, style) for c in move.cells)
        return f"{here}-{there}/{arrow}"

    def parse_move(self, state: AmazonsState, text: str) -> Move:
        """`A2-C2/C5`, or its cells all joined by `-`."""
        return super().parse_move(state, text.replace("/", "-"))

    def state_failure(self, state: AmazonsState) -> str | None:
        if state.amazons1 & state.amazons2 or (state.amazons1 | state.amazons2) & state.burnt:
            return "two things share a cell"
        if state.burnt.bit_count() != state.ply:
            return "the burnt cells do not match the moves played"
        return None


RULES = AmazonsRules()
