"""The domino games' shared rules: a move places a domino on two orthogonally adjacent empty cells; the
player to move who cannot place one loses. A move is `Move((first, second))`, the upper or left cell
first, written `B2-B3` (the other order is read too).

Cram uses `DominoRules` as it is; Domineering narrows the direction each player may use. Neither game's
package imports the other's: both build on this one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import ClassVar

from gridgames.engine.cells import Cell, CoordStyle, format_cell
from gridgames.engine.look import Look, joins
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.engine.rules import (
    Content,
    GridState,
    Rules,
    bits,
    marker_content,
    marker_failure,
    with_marker,
)


@dataclass(frozen=True)
class DominoState(GridState):
    """Who covered which cells, and which dominoes lie across (first cell of each: `across`) or
    upright (top cell of each: `upright`), so that each piece is drawn joined."""

    marks1: int = 0
    marks2: int = 0
    across: int = 0
    upright: int = 0

    @property
    def free(self) -> int:
        return self.full_mask & ~(self.marks1 | self.marks2)


def domino_tops(state: DominoState, upright: bool) -> int:
    """The mask of the first cell (left, or top) of every place a domino fits in that direction."""
    free = state.free
    if upright:
        return free & (free >> state.cols)
    return free & (free >> 1) & ~last_column(state.rows, state.cols)


@lru_cache(maxsize=64)
def last_column(rows: int, cols: int) -> int:
    """The mask of the board's last column (no domino across starts there); kept, as a server asks
    whether a domino fits after every move."""
    return sum(1 << (r * cols + cols - 1) for r in range(rows))


def domino_at(state: DominoState, i: int) -> int:
    """The mask of the two cells of the domino covering cell `i` (0: none does)."""
    cols, upright, across = state.cols, state.upright, state.across
    if upright >> i & 1:
        return 1 << i | 1 << (i + cols)
    if i >= cols and upright >> (i - cols) & 1:
        return 1 << (i - cols) | 1 << i
    if across >> i & 1:
        return 1 << i | 1 << (i + 1)
    if i % cols and across >> (i - 1) & 1:
        return 1 << (i - 1) | 1 << i
    return 0


class DominoRules(Rules[DominoState]):
    """Dominoes on empty cells; `directions` says which ones the player to move may place."""

    verb = "place"
    example: ClassVar[str] = "B2-B3"
    no_move_reason = "{loser} has no room left for a domino, so {winner} placed the last one and wins."

    def directions(self, state: DominoState) -> tuple[bool, ...]:
        """The directions the player to move may use: True upright, False across."""
        return (False, True)

    def start(self, options: Options, first_player: int) -> DominoState:
        return DominoState(options.rows, options.cols, first_player, 0)

    def legal_moves(self, state: DominoState) -> tuple[Move, ...]:
        step = {False: 1, True: state.cols}
        tops = {upright: domino_tops(state, upright) for upright in self.directions(state)}
        out = []
        every = 0
        for mask in tops.values():
            every |= mask
        while every:  # lowest cell first, the one across before the upright one
            low = every & -every
            every ^= low
            i = low.bit_length() - 1
            for upright in (False, True):
                if upright in tops and tops[upright] & low:
                    out.append(Move((state.cell(i), state.cell(i + step[upright]))))
        return tuple(out)

    def has_moves(self, state: DominoState) -> bool:
        """From the masks of the places a domino fits, without listing the moves (a loop, not `any`
        over a generator: a server asks this after every move)."""
        for upright in self.directions(state):
            if domino_tops(state, upright):
                return True
        return False

    def parse_move(self, state: DominoState, text: str) -> Move:
        """The default reading, with a domino's cells put in the game's order (`A2-A1` is `A1-A2`): the
        cells as written (`read_cells`), sorted, which is the legal move over them when there is one (the
        default's search for it, a legality check with every move, would find the same)."""
        move = self.read_cells(state, text)
        return Move(tuple(sorted(move.cells)), move.kind) if len(move.cells) == 2 else move

    def direction_refusal(self, state: DominoState, upright: bool) -> str | None:
        """Why the player to move may not place a domino this way round, or None."""
        return None

    def why_illegal(self, state: DominoState, move: Move, style: CoordStyle = "letter") -> str | None:
        if len(move.cells) == 1 and not move.kind:  # one cell pointed at: why no domino goes through it
            cell = move.cells[0]
            if not state.free >> state.index(cell) & 1:
                return f"{format_cell(cell, style)} is already covered: a domino goes on two empty cells."
            where = format_cell(cell, style)
            through = [m for m in self.legal_moves(state) if cell in m.cells]
            if through:  # typed or pointed at alone while a domino fits: say what a move is
                example = self.format_move(through[0], style)
                return f"A domino covers two cells: {where} and a neighbour, such as {example}."
            return f"No domino of yours fits through {where} now: its neighbours are taken."
        if move.kind or len(move.cells) != 2:
            return f"A move in this game is a domino on two neighbouring cells, such as {self.example}."
        a, b = sorted(move.cells)
        if abs(a.row - b.row) + abs(a.col - b.col) != 1:
            return (f"{format_cell(a, style)} and {format_cell(b, style)} are not side by side: a domino "
                    "covers two cells next to each other in a row or a column.")
        free, cols = state.free, state.cols
        for cell in (a, b):
            if not free >> (cell.row * cols + cell.col) & 1:
                return f"{format_cell(cell, style)} is already covered: a domino goes on two empty cells."
        refusal = self.direction_refusal(state, a.col == b.col)
        if refusal is None and move.cells != (a, b):  # the move is the value legal_moves lists
            first, second = format_cell(a, style), format_cell(b, style)
            return f"A domino is written upper or left cell first: {first}-{second}."
        return refusal

    def apply_unchecked(self, state: DominoState, move: Move) -> DominoState:
        a, b = sorted(move.cells)
        first, second = state.index(a), state.index(b)
        marks1, marks2 = with_marker(state.to_move, (1 << first) | (1 << second), state.marks1, state.marks2)
        upright = a.col == b.col
        return state.after(
            marks1=marks1, marks2=marks2,
            across=state.across | (0 if upright else 1 << first),
            upright=state.upright | (1 << first if upright else 0),
        )

    def state_failure(self, state: DominoState) -> str | None:
        """Each domino lies on the board, on two cells of one player's, and covers nothing else."""
        if state.across & state.upright:
            return "a domino lies both across and upright"
        pieces = [(i, i + 1) for i in bits(state.across)] + [(i, i + state.cols) for i in bits(state.upright)]
        covered = 0
        for first, second in pieces:
            wraps = second == first + 1 and second % state.cols == 0
            off_board = second >= state.rows * state.cols or wraps
            pair = 1 << first | 1 << second
            if off_board or covered & pair:
                return "a domino runs off the board or over another one"
            if pair & state.marks1 not in (0, pair):
                return "a domino's two cells belong to different players"
            covered |= pair
        if covered != state.marks1 | state.marks2:
            return "the dominoes do not cover the players' cells"
        return marker_failure(state, state.marks1, state.marks2, cells_per_move=2)

    def content(self, state: DominoState, cell: Cell) -> Content:
        return marker_content(1 << state.index(cell), state.marks1, state.marks2)

    def look(self, state: DominoState, cell: Cell, symbols: Mapping[Content, str]) -> Look:
        """A covered cell is drawn joined to the other cell of its domino."""
        base = super().look(state, cell, symbols)
        return replace(base, joins=joins(cell, domino_at(state, state.index(cell)), state.rows, state.cols))
