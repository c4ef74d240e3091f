"""The rule book the `gridgames.games` entry point names: what the app and line mode show."""

from __future__ import annotations

from gridgames.engine import Content
from gridgames.engine.board import Sizes
from gridgames.engine.entry import Entry
from gridgames.games.api import Phrases, RuleBook, page
from gridgames_amazons.rules import RULES

BOOK = RuleBook(
    Entry(
        id="amazons",
        book="X03",
        title="Small Amazons",
        summary="Move an amazon like a queen, then shoot an arrow that burns a cell. Make the last move.",
        rules=RULES,
        player_names=("White", "Black"),
        symbols={Content.EMPTY: ".", Content.P1: "w", Content.P2: "b", Content.BLOCKED: "*"},
        coord_style="letter",
        board_style="letters",
        default_rows=6,
        default_cols=6,
        blocked_word="burnt",
        sizes=Sizes(rows=(4, 6), cols=(4, 6)),
    ),
    Phrases(
        turn="{player} to move.",
        prompt="Your move: ",
        moved={"place": "{player} moves {cell}."},
        no_moves="{name} cannot move. {winner_name} wins!",
        move_help="an amazon's queen move and its arrow, from-to/arrow (A2-C2/C5)",
    ),
    page(__package__, "rules.md"),
)
