"""Cram, a game of our own (not one of the five rule books): dominoes either way round, last one wins."""

from __future__ import annotations

from gridgames.engine.entry import Entry
from gridgames.engine.rules import Content
from gridgames.games.api import RuleBook, page
from gridgames.games.cram.hooks import CramSolver
from gridgames.games.cram.rules import RULES
from gridgames.games.domino.words import DOMINO_PHRASES

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
    DOMINO_PHRASES,
    page(__package__, "cram.md"),
    CramSolver(),
)
