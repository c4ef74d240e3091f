"""Grid Lock (rule book 001): step your token or build a wall; a stuck token loses."""

from __future__ import annotations

from typing import cast

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import Content, GridState
from gridgames.games.api import Phrases, RuleBook, Words, page
from gridgames.games.walls.rules import RULES, SETUP, STEPS, WALL, WallsState
from gridgames.games.walls.solver import WallsSolver


def _direction(here: Cell, there: Cell) -> str:
    """'up', 'down', 'left' or 'right': the word that steps a token from `here` to `there`."""
    by_offset = {offset: word for word, offset in STEPS.items()}
    return by_offset[(there.row - here.row, there.col - here.col)]


def _choices(entry: Entry, state: GridState, moves: tuple[Move, ...]) -> str:
    """Placing a token; or the steps by direction and one example wall, as the book lists them."""
    token = cast(WallsState, state).token(state.to_move)
    if token is None:
        return "Place your token on any empty cell, e.g. " + entry.format_move(moves[0]) + "."
    here = state.cell(token)
    steps = [f"{_direction(here, m.cells[0])} {entry.format_move(m)}" for m in moves if m.kind != WALL]
    walls = [m for m in moves if m.kind == WALL]
    text = "Move token: " + ", ".join(steps)
    if walls:
        text += f"; or build a wall on any empty cell, e.g. {entry.format_move(walls[0])}"
    return text + "."


def _kind_of(before: GridState, move: Move) -> str:
    """Which of the book's lines tells a move: a placement during set-up, a step, or a wall."""
    if move.kind == WALL:
        return "wall"
    return "setup" if RULES.phase(cast(WallsState, before)) == SETUP else "step"


def _turn(entry: Entry, state: GridState, legal: tuple[Move, ...], alternate: bool, keys: str) -> str:
    """The status line: place the token during set-up; then step, or build a wall."""
    player = entry.player(state.to_move)
    if RULES.phase(cast(WallsState, state)) == SETUP:
        return f"{player}: place your token on any empty cell (•)."
    if alternate:
        return f"{player} · WALL MODE: build a wall on a + cell ({keys}: step instead)."
    return f"{player}: step to •, or build a wall ({keys})."


WALLS = RuleBook(
    Entry(
        id="walls",
        book="001",
        title="Grid Lock",
        summary="Step your token or build a wall each turn. Trap the other token.",
        rules=RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"},
        coord_style="pair",
        board_style="dots",
        blocked_word="wall",
    ),
    Phrases(
        turn="{player}, choose your action:",
        choices=_choices,
        prompt="Enter your move: ",
        moved={
            "setup": "Placed {symbol} at position ({row}, {col}).",
            "step": "Moved {symbol} to position ({row}, {col}).",
            "wall": "Placed wall at position ({row}, {col}).",
        },
        heading="Current Grid:",
        kind_of=_kind_of,
        phase_turn={SETUP: "{name}, place your token ({symbol}):"},
        phase_done={SETUP: "The game begins!"},
        no_moves="{name} cannot move. {winner_name} wins!",
        move_help=(
            "a cell as a row letter and column number (C3) or as row and column (3 3, 3,3, (3,3))\n"
            "             that places or steps your token; #C3 builds a wall on C3;\n"
            "             up, down, left, right step your token"
        ),
    ),
    page(__package__, "walls.md"),
    WallsSolver(),
    Words(
        turn=_turn,
        alternate_name="Walls",
        alternate_on="Wall mode: Enter or a click builds a wall.",
        alternate_off="Step mode.",
        alternate_not_now="Walls come after set-up: first place your token.",
        alternate_legend="+ wall here",
    ),
)
