"""The rule book the `gridgames.games` entry point names: what the app and line mode show."""

from __future__ import annotations

from gridgames.engine import Content
from gridgames.engine.board import Sizes
from gridgames.engine.entry import Entry
from gridgames.games.api import Phrases, RuleBook, page
from gridgames_pluscram.rules import RULES

BOOK = RuleBook(
    Entry(
        id="pluscram",
        book="X05",
        title="Plus Cram",
        summary="Lay dominoes on a plus-shaped board. Make the last move.",
        rules=RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"},
        coord_style="letter",
        board_style="letters",
        default_rows=5,
        default_cols=5,
        sizes=Sizes(listed=((3, 3), (5, 5), (6, 6), (7, 7))),
    ),
    Phrases(
        turn="{player} to move.",
        prompt="Your move: ",
        moved={"place": "{player} lays a domino on {cell}."},
        no_moves="{name} cannot move. {winner_name} wins!",
        move_help="a domino as its two cells side by side (B2-B3)",
    ),
    page(__package__, "rules.md"),
)
