"""Grid Lock (rule book 001): step your token or build a wall; a stuck token loses."""

from __future__ import annotations

from typing import cast

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import Content, GridState
from gridgames.games.api import Phrases, RuleBook, page
from gridgames.games.walls.rules import RULES, STEPS, WallsState
from gridgames.games.walls.solver import WallsSolver


def _direction(here: Cell, there: Cell) -> str:
    """'up', 'down', 'left' or 'right': the word that steps a token from `here` to `there`."""
    by_offset = {offset: word for word, offset in STEPS.items()}
    return by_offset[(there.row - here.row, there.col - here.col)]


def _choices(entry: Entry, state: GridState, moves: tuple[Move, ...]) -> str:
    """Placing a token; or the steps by direction and one example wall, as the book lists them."""
    token = cast(WallsState, state).token(state.to_move)
    if token is None:
        return "Place your token on any empty cell, e.g. " + moves[0].notation() + "."
    here = state.cell(token)
    steps = [f"{_direction(here, m.cell)} {entry.format_move(m)}" for m in moves if not m.wall]
    walls = [m for m in moves if m.wall]
    text = "Move token: " + ", ".join(steps)
    if walls:
        text += f"; or build a wall on any empty cell, e.g. {walls[0].notation()}"
    return text + "."


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
        prompt="> Enter your move: ",
        moved={
            "setup": "Placed {symbol} at position ({row}, {col}).",
            "step": "Moved {symbol} to position ({row}, {col}).",
            "wall": "Placed wall at position ({row}, {col}).",
        },
        heading="Current Grid:",
        setup_turn="{name}, place your token ({symbol}):",
        setup_done="The game begins!",
        no_moves="{name} cannot move. {winner_name} wins!",
    ),
    page(__package__, "walls.md"),
    WallsSolver(),
)
