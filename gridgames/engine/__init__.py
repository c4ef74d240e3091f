"""The rules engine: immutable states, moves, notation, game history and records.

Nothing under this package imports Textual: the app, the line mode, the solvers
and `gridgames analyse` all share it.
"""

from gridgames.engine.cells import Cell, format_cell, parse_cell, row_label
from gridgames.engine.errors import (
    GameError,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    OptionsError,
    RecordError,
)
from gridgames.engine.game import Game
from gridgames.engine.look import Look, joins
from gridgames.engine.moves import ORDINARY, Kind, Move
from gridgames.engine.options import Options
from gridgames.engine.outcome import Outcome
from gridgames.engine.rules import Content, GridState, Rules

__all__ = [
    "ORDINARY",
    "Cell",
    "Content",
    "Game",
    "GameError",
    "GridState",
    "IllegalMoveError",
    "InvalidMoveError",
    "Kind",
    "Look",
    "Move",
    "MoveError",
    "Options",
    "OptionsError",
    "Outcome",
    "RecordError",
    "Rules",
    "format_cell",
    "joins",
    "parse_cell",
    "row_label",
]
