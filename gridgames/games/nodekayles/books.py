"""Two rule books, one game: Locked Grid Duel (000) and GridLock (002) both play Node Kayles."""

from __future__ import annotations

from typing import Literal

from gridgames.engine.cells import format_cell
from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.options import Options, OptionSpec
from gridgames.engine.rules import Content, GridState
from gridgames.games.api import Phrases, RuleBook, page
from gridgames.games.nodekayles.rules import RULES, NodeKaylesRules
from gridgames.games.nodekayles.solver import NodeKaylesSolver


def _locked_cells(before: GridState, move: Move) -> str:
    """The marked cell first, then the neighbours it locks, as books 000 and 002 list them."""
    around = NodeKaylesRules.locked_by(before, move)  # type: ignore[arg-type]
    cells = [move.cells[0], *(cell for cell in around if cell != move.cells[0])]
    return ", ".join(format_cell(c, "pair") for c in cells)


#: Book 000 also lets a match score each game by the cells each player marked.
CELL_SCORING = OptionSpec(
    "cell_scoring", "Match scoring", False, words=("1 point per game won", "1 point per cell marked"),
    flag="--scoring", flag_words=("wins", "cells"), help="match scoring: wins, or cells (the book's option)",
)


def _scoring(options: Options) -> Literal["wins", "cells"]:
    return "cells" if CELL_SCORING.of(options) else "wins"


LOCKED_DUEL = RuleBook(
    Entry(
        id="locked-duel",
        book="000",
        title="Locked Grid Duel",
        summary="Mark a free cell; it and its four neighbours lock. Make the last mark.",
        rules=RULES,
        player_names=("Player A", "Player B"),
        symbols={Content.EMPTY: " ", Content.P1: "A", Content.P2: "B", Content.BLOCKED: "L"},
        coord_style="pair",
        board_style="brackets",
        default_first="toss",
        blocked_word="locked",
        option_specs=(CELL_SCORING,),
        match_scoring=_scoring,
    ),
    Phrases(
        turn="{name}'s turn.",
        prompt="Enter the row and column numbers (e.g. 3 3): ",
        moved={"place": "{you} placed '{symbol}' at {cell}."},
        effect=lambda before, move: "Cells locked: " + _locked_cells(before, move),
        no_moves="{name}'s turn.\nNo valid moves available.\n{winner_name} wins the game!",
    ),
    page(__package__, "locked-duel.md"),
    NodeKaylesSolver(),
)

BLOCKING = RuleBook(
    Entry(
        id="blocking",
        book="002",
        title="GridLock",
        summary="Place a marker; it and its four neighbours are blocked. Make the last move.",
        rules=RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: "_", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"},
        coord_style="pair",
        board_style="pipes",
        default_first="toss",
        blocked_word="blocked",
        verb="place",
    ),
    Phrases(
        prompt="{player}, enter your move (row and column): ",
        moved={"place": "{player} places {symbol} at {cell}."},
        effect=lambda before, move: "Cells blocked: " + _locked_cells(before, move),
        refused="{reason} Please choose a different cell.",
        no_moves="No valid moves remaining for {player}.\n{winner} wins the game!",
    ),
    page(__package__, "blocking.md"),
    NodeKaylesSolver(),
)
