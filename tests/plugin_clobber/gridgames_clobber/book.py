"""The rule book the `gridgames.games` entry point names: what the app and line mode show."""

from __future__ import annotations

from gridgames.engine import Content
from gridgames.engine.board import Sizes
from gridgames.engine.entry import Entry
from gridgames.games.api import Phrases, RuleBook, page
from gridgames_clobber.rules import RULES

BOOK = RuleBook(
    Entry(
        id="clobber",
        book="X04",
        title="Clobber",
        summary="Move a stone onto an opponent's stone beside it and take it. Make the last move.",
        rules=RULES,
        player_names=("White", "Black"),
        symbols={Content.EMPTY: ".", Content.P1: "o", Content.P2: "x", Content.BLOCKED: "#"},
        coord_style="letter",
        board_style="letters",
        default_rows=5,
        default_cols=6,
        sizes=Sizes(rows=(2, 6), cols=(2, 6)),
    ),
    Phrases(
        turn="{player} to move.",
        prompt="Your move: ",
        moved={"place": "{player} clobbers {cell}."},
        no_moves="{name} cannot move. {winner_name} wins!",
        move_help="one of your stones onto an opponent's stone beside it, from-to (A1-A2)",
    ),
    page(__package__, "rules.md"),
)
