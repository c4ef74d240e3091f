"""GridLock (rule book 004): place anywhere not touching the opponent's last marker."""

from __future__ import annotations

from gridgames.engine.entry import Entry
from gridgames.engine.rules import Content
from gridgames.games.api import Phrases, RuleBook, page
from gridgames.games.noneighbour.rules import ADJACENCY, RULES
from gridgames.games.noneighbour.solver import NoNeighbourSolver

NONEIGHBOUR = RuleBook(
    Entry(
        id="noneighbour",
        book="004",
        title="GridLock",
        summary="Place anywhere not touching your opponent's last marker, diagonals included.",
        rules=RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"},
        coord_style="pair",
        board_style="boxes",
        default_rows=3,
        default_cols=3,
        blocked_word="forbidden",
        option_specs=(ADJACENCY,),
    ),
    Phrases(
        prompt="{player}, enter your move (row and column): ",
        moved={"place": "{player} places {symbol} at {cell}."},
        refused="Invalid move. {reason} Try again.",
        no_moves="No valid moves remaining for {name}. {winner_name} wins!",
    ),
    page(__package__, "noneighbour.md"),
    NoNeighbourSolver(),
)
