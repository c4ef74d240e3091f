"""A catalogue entry: one rule book's presentation of a rules family."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from gridgames.engine.cells import Cell, CoordStyle, format_cell
from gridgames.engine.look import Look
from gridgames.engine.moves import Move
from gridgames.engine.options import First
from gridgames.engine.outcome import Outcome
from gridgames.engine.rules import Content, GridState, Rules

#: How line mode draws a board, after each rule book's examples (see `textboard.render`).
BoardStyle = Literal["brackets", "pipes", "boxes", "dots", "letters"]


@dataclass(frozen=True)
class Entry:
    """Everything the app, line mode and records need to know about one rule book."""

    id: str
    book: str  # rule-book number, "000".."004"; "" for a game of our own (Cram, Domineering)
    title: str
    summary: str  # one line for the select screen
    rules: Rules[Any]
    player_names: tuple[str, str]  # ("Player A", "Player B")
    symbols: dict[Content, str] = field(hash=False)  # the rule book's symbols
    coord_style: CoordStyle  # "pair" -> (3,3), "letter" -> C3
    board_style: BoardStyle  # how line mode draws the board, after the rule book's examples
    default_rows: int = 5
    default_cols: int = 5
    default_first: First = "1"
    blocked_word: str = "locked"  # what the book calls an unavailable cell
    has_adjacency_option: bool = False
    cell_scoring: bool = False  # the book offers match scoring by marked cells (book 000)
    verb: str = ""  # the book's verb for a move ("place"), when not the rules family's

    @property
    def source(self) -> str:
        """Where the rules come from: 'rule book 003', or "" for a game of the project's own."""
        return f"rule book {self.book}" if self.book else ""

    @property
    def label(self) -> str:
        return f"{self.title} ({self.source})" if self.source else self.title

    def player(self, number: int) -> str:
        """'Player A (A)'."""
        return f"{self.player_names[number - 1]} ({self.symbols[Content.P1 if number == 1 else Content.P2]})"

    def symbol(self, content: Content) -> str:
        return self.symbols[content]

    def look(self, state: GridState, cell: Cell) -> Look:
        """How the cell is drawn, in this book's symbols (the game decides; see `Rules.look`)."""
        return self.rules.look(state, cell, self.symbols)

    def describe(self, outcome: Outcome) -> str:
        """The outcome's reason with this book's player names filled in."""
        names = {"p1": self.player(1), "p2": self.player(2)}
        if outcome.winner is not None:
            names["winner"] = self.player(outcome.winner)
            names["loser"] = self.player(3 - outcome.winner)
        return outcome.reason.format(**names)

    def headline(self, outcome: Outcome) -> str:
        """'Player A (A) wins!' or 'Draw.'"""
        if outcome.winner is None:
            return "Draw."
        return f"{self.player(outcome.winner)} wins!"

    @property
    def move_verb(self) -> str:
        return self.verb or self.rules.verb

    def in_book_words(self, text: str) -> str:
        """`text` from the rules family in this book's words: GridLock (002) says "blocked"
        where the family (and Locked Grid Duel, 000) says "locked"."""
        family = self.rules.blocked_word
        return text.replace(family, self.blocked_word) if family and family != self.blocked_word else text

    def why_illegal(self, state: GridState, move: Move) -> str | None:
        """The rules' refusal of `move`, naming cells in this book's coordinate style and words."""
        reason = self.rules.why_illegal(state, move, self.coord_style)
        return None if reason is None else self.in_book_words(reason)

    def restriction(self, state: GridState) -> str | None:
        """What limits the player to move now, in this book's coordinates (None: any free cell)."""
        restriction = self.rules.restriction(state, self.coord_style)
        return None if restriction is None else self.in_book_words(restriction)

    def format_cell(self, cell: Cell) -> str:
        """A cell in this rule book's coordinate style."""
        return format_cell(cell, self.coord_style)

    def format_move(self, move: Move) -> str:
        """A move in this rule book's coordinate style (for logs and messages)."""
        return self.rules.format_move(move, self.coord_style)


#: How records and saved matches find a game by its id (the games registry passes
#: `gridgames.games.get_entry`; the engine never imports the layer above it). Raises OptionsError.
EntryLookup = Callable[[str], Entry]
