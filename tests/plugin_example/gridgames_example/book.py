"""The rule book the `gridgames.games` entry point names: what the app and line mode show."""

from __future__ import annotations

from gridgames.engine import Content
from gridgames.engine.entry import Entry
from gridgames.games.api import Phrases, RuleBook, page
from gridgames_example.rules import RULES
from gridgames_example.solver import SOLVER

BOOK = RuleBook(
    Entry(
        id="twins",
        book="X01",
        title="Twin Cells",
        summary="Mark an empty cell; the one to its right fills too. Make the last mark.",
        rules=RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "="},
        coord_style="letter",
        board_style="letters",
        default_rows=3,
        default_cols=3,
        blocked_word="filled",
    ),
    Phrases(
        turn="{player} to mark.",
        prompt="Your mark: ",
        moved={"place": "{player} marks {cell}."},
        no_moves="{name} has no empty cell. {winner_name} wins!",
    ),
    page(__package__, "rules.md"),
    solver=SOLVER,
)
