"""Cram, a game of our own (not one of the five rule books): dominoes either way round, last one wins."""

from __future__ import annotations

from gridgames.engine.entry import Entry
from gridgames.engine.rules import Content
from gridgames.games.api import Phrases, RuleBook, page
from gridgames.games.cram.hooks import CramSolver
from gridgames.games.cram.rules import RULES

#: How line mode's help describes a move in the domino games.
DOMINO_HELP = "a domino as its two cells, e.g. B2-B3 or B2-C2 (either order; (2,2)-(2,3) works too)"

CRAM = RuleBook(
    Entry(
        id="cram",
        book="",
        title="Cram",
        summary="Place a domino on two empty cells, either way round. Place the last one.",
        rules=RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"},
        coord_style="letter",
        board_style="letters",
        default_rows=5,
        default_cols=5,
        blocked_word="covered",
    ),
    Phrases(
        turn="{player} to place a domino.",
        prompt="Your domino: ",
        moved={"place": "{player} places a domino on {cell}."},
        no_moves="{name} has no room for a domino. {winner_name} wins!",
        move_help=DOMINO_HELP,
    ),
    page(__package__, "cram.md"),
    CramSolver(),
)
