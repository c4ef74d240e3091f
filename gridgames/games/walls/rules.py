"""Book 001: each player owns a token; a turn steps it or builds a wall; a stuck token loses.

Set-up is two placement moves (the starting player first). After that, a player
whose token has no empty orthogonal neighbour at the start of their turn loses at
once, even if a wall could still be built. Positions can repeat, so the game
history draws on the third occurrence (see `Game.outcome`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gridgames.engine.cells import Cell, CoordStyle, format_cell, parse_cell
from gridgames.engine.errors import InvalidMoveError
from gridgames.engine.moves import ORDINARY, Kind, Move
from gridgames.engine.options import Options
from gridgames.engine.rules import READ_KEPT, Content, GridState, Kept, Rules, bits, orthogonal_masks

STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
#: The edge a token stands on when a step that way would leave the board.
EDGES = {"up": "top row", "down": "bottom row", "left": "left column", "right": "right column"}
#: The kind of a move that builds a wall (a move of the ordinary kind places or steps the token).
WALL = Kind("wall")
#: The phase while the tokens are being placed.
SETUP = "setup"
_WALL_PREFIX = re.compile(r"(?:#|wall\s+)\s*(.+)", re.IGNORECASE)
#: The cells and walls read (`WallsRules.parse_move`), by text and board size: at most READ_KEPT.
_READ: Kept[tuple[str, int, int], Move] = Kept(READ_KEPT)


@dataclass(frozen=True)
class WallsState(GridState):
    token1: int | None = None  # cell index of X, None until placed
    token2: int | None = None  # cell index of O
    walls: int = 0

    def token(self, player: int) -> int | None:
        return self.token1 if player == 1 else self.token2

    @property
    def in_setup(self) -> bool:
        return self.token(self.to_move) is None

    @property
    def empty(self) -> int:
        occupied = self.walls
        for t in (self.token1, self.token2):
            if t is not None:
                occupied |= 1 << t
        return self.full_mask & ~occupied


class WallsRules(Rules[WallsState]):
    family = "walls"
    no_move_reason = "{loser}'s token cannot step to any empty cell, so {winner} wins."
    can_repeat = True
    verb = "move"
    alternate_kind = WALL

    def start(self, options: Options, first_player: int) -> WallsState:
        return WallsState(options.rows, options.cols, first_player, 0)

    def steps(self, state: WallsState) -> int:
        """Mask of the empty cells the mover's token can step to."""
        token = state.token(state.to_move)
        if token is None:
            return 0
        return orthogonal_masks(state.rows, state.cols)[token] & state.empty

    def legal_moves(self, state: WallsState) -> tuple[Move, ...]:
        if state.in_setup:
            return tuple(Move((state.cell(i),)) for i in bits(state.empty))
        steps = self.steps(state)
        if not steps:
            return ()  # a stuck token loses, even if a wall could be built
        return tuple(Move((state.cell(i),)) for i in bits(steps)) + tuple(
            Move((state.cell(i),), WALL) for i in bits(state.empty)
        )

    def has_moves(self, state: WallsState) -> bool:
        """From the masks of the empty cells (placing the tokens) or of the token's steps, without
        listing the moves."""
        return bool(state.empty if state.in_setup else self.steps(state))

    def why_illegal(self, state: WallsState, move: Move, style: CoordStyle = "letter") -> str | None:
        if len(move.cells) != 1 or move.kind not in ("", WALL):
            return "A move in this game is one cell: a step or placement such as C3, or a wall such as #C3."
        cell, wall = move.cells[0], move.kind == WALL
        bit = 1 << state.index(cell)
        if state.in_setup:
            if wall:
                mover = "X" if state.to_move == 1 else "O"
                return f"No walls during set-up: first place your token ({mover}) on an empty cell."
            if not state.empty & bit:
                mover, where = "X" if state.to_move == 1 else "O", format_cell(cell, style)
                return f"{where} already holds the other token: place {mover} on another cell."
            return None
        steps = self.steps(state)
        empty = state.empty
        if wall and empty & bit and steps:  # the usual wall: nothing written (a server checks every move)
            return None
        if not wall and steps & bit:  # the usual step: on an empty cell next to the token
            return None
        where, mover = format_cell(cell, style), "X" if state.to_move == 1 else "O"
        if not steps:
            return f"Your token ({mover}) is stuck, so you have lost."
        if state.walls & bit:
            if wall:
                return f"{where} already has a wall: walls are permanent."
            return f"{mover} cannot step onto {where}: tokens cannot move onto walls."
        if not empty & bit:
            rule = "walls cannot be built on tokens" if wall else "tokens cannot share a cell"
            return f"{where} holds a token: {rule}."
        if wall:
            return None
        if not steps & bit:
            here = format_cell(state.cell(state.token(state.to_move)), style)  # type: ignore[arg-type]
            return (
                f"{mover} cannot step from {here} to {where}: a token steps one cell up, down, "
                f"left or right (building a wall there is a move of its own)."
            )
        return None

    def apply_unchecked(self, state: WallsState, move: Move) -> WallsState:
        i = state.index(move.cells[0])
        if move.kind == WALL:
            return state.after(walls=state.walls | (1 << i))
        return state.after(token1=i) if state.to_move == 1 else state.after(token2=i)

    def state_failure(self, state: WallsState) -> str | None:
        """Tokens on the board, apart and off the walls; as many placed as the ply allows, and no
        more walls than the moves after set-up."""
        cells = state.rows * state.cols
        tokens = [t for t in (state.token1, state.token2) if t is not None]
        if any(not 0 <= t < cells or state.walls >> t & 1 for t in tokens) or len(set(tokens)) != len(tokens):
            return "a token is off the board, on a wall or on the other token"
        first = state.to_move if state.ply % 2 == 0 else 3 - state.to_move
        placed = [state.token(first) is not None, state.token(3 - first) is not None]
        if placed != [state.ply >= 1, state.ply >= 2]:
            return "the tokens placed do not match the moves played"
        if state.walls.bit_count() > max(0, state.ply - 2):
            return "there are more walls than moves after set-up"
        return None

    def may_recur(self, earlier: WallsState, later: WallsState) -> bool:
        """Walls are never taken down, so only a position with the same walls can come back."""
        return earlier.walls == later.walls

    def content(self, state: WallsState, cell: Cell) -> Content:
        i = state.index(cell)
        if state.token1 == i:
            return Content.P1
        if state.token2 == i:
            return Content.P2
        if state.walls >> i & 1:
            return Content.BLOCKED
        return Content.EMPTY

    def phase(self, state: WallsState) -> str:
        return SETUP if state.in_setup else ""

    def format_move(self, move: Move, style: CoordStyle = "letter") -> str:
        """`C3` places or steps the token there; `#C3` builds a wall on C3."""
        return ("#" if move.kind == WALL else "") + "-".join([format_cell(c, style) for c in move.cells])

    def parse_move(self, state: WallsState, text: str) -> Move:
        """A cell (`C3`, `3 3`), a wall (`#C3`, `wall C3`) or a step by direction (`up`). A cell or a
        wall depends on the text and the board's size alone: read once, then kept (`_READ`), as a
        server reads every move played; a step depends on where the token stands."""
        rows, cols = state.rows, state.cols
        try:
            return _READ[text, rows, cols]
        except (KeyError, TypeError):  # not read yet (or no text)
            pass
        raw = text.strip()
        if not raw:
            raise InvalidMoveError("An empty line is not a move: type a cell such as C3.")
        match = _WALL_PREFIX.fullmatch(raw)
        wall = match is not None
        if match is not None:
            raw = match.group(1)
        if raw.lower() in STEPS:
            return self._step(state, raw.lower(), wall)
        move = Move((parse_cell(raw, rows, cols),), WALL if wall else ORDINARY)
        _READ.keep((text, rows, cols), move)
        return move

    def _step(self, state: WallsState, word: str, wall: bool) -> Move:
        token = state.token(state.to_move)
        if wall:
            raise InvalidMoveError(f"'#{word}' is not a move: a wall goes on an empty cell, not a direction.")
        if token is None:
            raise InvalidMoveError(
                f"'{word}' steps a token, but yours is not on the board yet: place it on an empty cell first."
            )
        dr, dc = STEPS[word]
        here = state.cell(token)
        row, col = here.row + dr, here.col + dc
        if not (0 <= row < state.rows and 0 <= col < state.cols):
            raise InvalidMoveError(f"Your token is on the {EDGES[word]}: it cannot go {word}.")
        return Move((Cell(row, col),))


RULES = WallsRules()
