"""Gridlock (rule book 003): claim a cell in the row or column of the opponent's last claim."""

from __future__ import annotations

from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import Content, GridState
from gridgames.games.api import Phrases, RuleBook, page
from gridgames.games.rowcol.rules import RULES
from gridgames.games.rowcol.solver import RowColSolver


def _choices(entry: Entry, state: GridState, moves: tuple[Move, ...]) -> str:
    """The book names the required row or column rather than listing cells."""
    restriction = entry.restriction(state)
    if restriction is None:
        return "Claim any cell to start."
    return f"You must choose a cell {restriction}."


ROWCOL = RuleBook(
    Entry(
        id="rowcol",
        book="003",
        title="Gridlock",
        summary="Claim a cell in the row or column of your opponent's last claim.",
        rules=RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"},
        coord_style="letter",
        board_style="letters",
        blocked_word="claimed",
    ),
    Phrases(
        turn="{player}, it's your turn.",
        choices=_choices,
        prompt="Enter your move: ",
        moved={"place": "{player} claims {cell}."},
        heading="Current Grid:",
        no_moves=(
            "{player}, it's your turn.\nYou have no valid moves. You lose!\n"
            "Congratulations {winner}, you win!"
        ),
    ),
    page(__package__, "rowcol.md"),
    RowColSolver(),
)
