"""The contract every rules family fulfils, after OpenSpiel's game API.

A family implements `start`, `legal_moves`, `why_illegal`, `apply_unchecked` and
`content`; this base class derives the rest (checked `apply_move`, outcomes,
move parsing that matches the text of legal moves, clicks to moves).
"""

from __future__ import annotations

import enum
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar, Generic, TypeVar

from gridgames.engine.cells import Cell, CoordStyle, format_cell, parse_cell
from gridgames.engine.errors import IllegalMoveError, InvalidMoveError
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.engine.outcome import Outcome


class Content(enum.Enum):
    """What a cell shows; each catalogue entry maps these to its rule book's symbols."""

    EMPTY = "empty"
    P1 = "p1"  # player 1's marker or token
    P2 = "p2"
    BLOCKED = "blocked"  # locked (000), blocked (002) or a wall (001)


@dataclass(frozen=True)
class GridState:
    """Fields every state has. Cells are also indexed as bits: index = row * cols + col.

    Equality and hashing compare positions: `ply` is left out, so the same position
    reached after a different number of moves is equal (repetition counting and
    transposition tables rely on that).
    """

    rows: int
    cols: int
    to_move: int  # 1 or 2
    ply: int = field(compare=False)  # moves played since the start; not part of the position

    def index(self, cell: Cell) -> int:
        return cell.row * self.cols + cell.col

    def cell(self, index: int) -> Cell:
        return Cell(*divmod(index, self.cols))

    @property
    def full_mask(self) -> int:
        return (1 << (self.rows * self.cols)) - 1


@lru_cache(maxsize=64)
def orthogonal_masks(rows: int, cols: int) -> tuple[int, ...]:
    """For each cell index, the bit mask of its orthogonal neighbours."""
    masks = []
    for r in range(rows):
        for c in range(cols):
            m = 0
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    m |= 1 << (rr * cols + cc)
            masks.append(m)
    return tuple(masks)


@lru_cache(maxsize=64)
def king_masks(rows: int, cols: int) -> tuple[int, ...]:
    """For each cell index, the bit mask of its 8 surrounding cells."""
    masks = []
    for r in range(rows):
        for c in range(cols):
            m = 0
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    if (dr or dc) and 0 <= rr < rows and 0 <= cc < cols:
                        m |= 1 << (rr * cols + cc)
            masks.append(m)
    return tuple(masks)


def marker_content(bit: int, marks1: int, marks2: int, blocked: int = 0) -> Content:
    """What the cell `bit` holds in a game of markers on bit masks: player 1's or player 2's
    marker, a blocked cell, or nothing (the markers win over `blocked` where both are set)."""
    if marks1 & bit:
        return Content.P1
    if marks2 & bit:
        return Content.P2
    return Content.BLOCKED if blocked & bit else Content.EMPTY


def with_marker(player: int, bit: int, marks1: int, marks2: int) -> tuple[int, int]:
    """Both players' marker masks after `player` puts a marker on the cell `bit`."""
    return (marks1 | bit, marks2) if player == 1 else (marks1, marks2 | bit)


def bits(mask: int) -> list[int]:
    """Indices of the set bits, lowest first (the fixed move order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
_WALL_PREFIX = re.compile(r"^(?:#|wall\s+)\s*(.+)$", re.IGNORECASE)


#: The state type a rules family works on (each family has its own frozen GridState subclass).
S = TypeVar("S", bound=GridState)


class Rules(ABC, Generic[S]):
    """One rules family over its own state type `S`. Stateless: every method is a pure function of
    its arguments."""

    family: ClassVar[str]
    #: `Outcome.reason` when the player to move has no legal move.
    no_move_reason: ClassVar[str] = "{loser} has no legal move left, so {winner} wins."
    #: Whether positions can repeat (only then does the game count repetitions).
    can_repeat: ClassVar[bool] = False
    #: The words a move is described with in the UI ("mark", "claim", ...).
    verb: ClassVar[str] = "mark"
    #: The word this family's refusals use for a cell taken out of play ("locked"); a rule book
    #: with its own word says it instead (`Entry.in_book_words`).
    blocked_word: ClassVar[str] = ""
    #: True when every empty cell is always playable (unavailable cells are BLOCKED content):
    #: a board may then draw free cells with the book's own empty symbol (GridLock's `_`).
    empty_is_playable: ClassVar[bool] = False

    # -- what a family implements ------------------------------------------------
    @abstractmethod
    def start(self, options: Options, first_player: int) -> S:
        """The empty board, `first_player` to move."""

    @abstractmethod
    def legal_moves(self, state: S) -> tuple[Move, ...]:
        """Every legal move, unique, in a fixed order; empty when the game is over."""

    @abstractmethod
    def why_illegal(self, state: S, move: Move, style: CoordStyle = "letter") -> str | None:
        """None when `move` is legal, else one sentence naming the rule it breaks.

        Cells in the sentence are written in `style` (see `format_cell`), so each rule book
        hears about its own coordinates.
        """

    @abstractmethod
    def apply_unchecked(self, state: S, move: Move) -> S:
        """The state after a move already known to be legal."""

    @abstractmethod
    def content(self, state: S, cell: Cell) -> Content:
        """What the cell holds."""

    # -- derived -----------------------------------------------------------------
    def apply_move(self, state: S, move: Move, style: CoordStyle = "letter") -> S:
        """The state after `move`; raises IllegalMoveError naming the rule it breaks."""
        if not (0 <= move.cell.row < state.rows and 0 <= move.cell.col < state.cols):
            raise InvalidMoveError(f"{move.notation()} is not on this {state.rows}x{state.cols} board.")
        reason = self.why_illegal(state, move, style)
        if reason is not None:
            raise IllegalMoveError(reason)
        return self.apply_unchecked(state, move)

    def is_legal(self, state: S, move: Move) -> bool:
        return self.why_illegal(state, move) is None

    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on; the player to move with no legal move loses."""
        if self.legal_moves(state):
            return None
        return Outcome(winner=3 - state.to_move, termination="no-moves", reason=self.no_move_reason)

    def parse_move(self, state: S, text: str) -> Move:
        """Text in any accepted notation -> a Move (not yet checked for legality)."""
        raw = text.strip()
        if not raw:
            raise InvalidMoveError("An empty line is not a move: type a cell such as C3.")
        wall = False
        match = _WALL_PREFIX.match(raw)
        if match:
            wall, raw = True, match.group(1)
        direction = _DIRECTIONS.get(raw.lower())
        if direction is not None:
            return self.parse_direction(state, raw.lower(), wall)
        cell = parse_cell(raw, state.rows, state.cols)
        if wall and not self.has_walls:
            raise InvalidMoveError(
                f"'{text.strip()}' builds a wall, but this game has no walls: type just the cell."
            )
        return Move(cell, wall)

    def parse_direction(self, state: S, word: str, wall: bool) -> Move:
        raise InvalidMoveError(
            f"'{word}' is not a move in this game: type a cell such as C3."
        )

    has_walls: ClassVar[bool] = False

    def restriction(self, state: S, style: CoordStyle = "letter") -> str | None:
        """What limits the player to move beyond "an empty cell", as a phrase ("in row C or
        column 3"), or None. The app's status line and line mode both say it."""
        return None

    def moves_at(self, state: S, cell: Cell) -> tuple[Move, ...]:
        """The legal moves whose target is `cell` (what a click there could mean)."""
        return tuple(m for m in self.legal_moves(state) if m.cell == cell)

    def format_move(self, move: Move, style: CoordStyle = "letter") -> str:
        """`letter`: canonical notation; `pair`: the rule books' (row,col) style."""
        return ("#" if move.wall else "") + format_cell(move.cell, style)
