"""A game's words: its line-mode phrases, the app's words, its rules page.

They live in the engine beside `Entry`, which carries them (`entry.phrases`, `entry.words`,
`entry.rules_markdown()`), so every front end takes a game's words from the game it is playing and
never looks them up by id. Game packages import them from `gridgames.games.api` as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState

if TYPE_CHECKING:
    from gridgames.engine.entry import Entry


def available_cells(entry: Entry, state: GridState, moves: tuple[Move, ...]) -> str:
    """The default line-mode listing of the moves: every playable move in the book's notation."""
    label = "Available cells" if all(len(m.cells) == 1 for m in moves) else "Available moves"
    return f"{label}: " + ", ".join(entry.format_move(m) for m in moves)


def ordinary_kind(before: GridState, move: Move) -> str:
    """The default key of `Phrases.moved` for a move: its kind, or "place" for the ordinary one."""
    return move.kind or "place"


#: How line mode's help describes a move, for games whose moves are one cell.
ONE_CELL_HELP = "a cell as a row letter and column number (C3) or as row and column (3 3, 3,3, (3,3))"


@dataclass(frozen=True)
class Phrases:
    """One rule book's command-line wording.

    Placeholders in the texts: `{name}` (Player 1), `{player}` (Player 1 (X)), `{symbol}`,
    `{winner_name}`, `{winner}`, `{you}`; in `moved` also `{cell}` (the move in the book's
    notation), `{row}`, `{col}` (of the move's last cell, counted from 1).
    """

    prompt: str
    moved: dict[str, str]  # by the key `kind_of` gives a move ("place" by default)
    no_moves: str  # the book's game-over lines when the player to move is stuck
    turn: str = ""  # printed before the choices; "" for none
    #: How the available moves are listed before the prompt.
    choices: Callable[[Entry, GridState, tuple[Move, ...]], str] = available_cells
    refused: str = "{reason}"
    #: A line after a move (e.g. the cells it locked), or None.
    effect: Callable[[GridState, Move], str] | None = None
    heading: str = ""  # a line before each board
    #: Which text of `moved` a move is told with: (the state before it, the move) -> key.
    kind_of: Callable[[GridState, Move], str] = ordinary_kind
    #: Instead of `turn` during a phase of the game (`Rules.phase`), by phase.
    phase_turn: dict[str, str] = field(default_factory=dict)
    #: Said once a phase is over, by phase.
    phase_done: dict[str, str] = field(default_factory=dict)
    #: How `help` describes a move (after "a move").
    move_help: str = ONE_CELL_HELP


@dataclass(frozen=True)
class KindWords:
    """The app's words for one kind of move besides the ordinary one (`Rules.alternate_kinds`)."""

    name: str  # the footer's label for the alternate mode key while this kind is chosen ("Arrows")
    on: str = ""  # said when the player switches to it
    not_now: str = ""  # said when there is no move of that kind now
    glyph: str = "+"  # marks the cells of a move of this kind
    legend: str = ""  # the legend's line for that glyph


@dataclass(frozen=True)
class Words:
    """The app's words for one game: its status line, and its other kinds of move where it has them
    (`Rules.alternate_kinds`: a right click makes the first, the alternate mode key cycles through
    them). A game of one other kind may give its words in the `alternate_*` fields instead of `kinds`.
    """

    #: (entry, state, legal moves, alternate mode on, the keys that switch it) -> the status line
    #: for the player to move; None for the app's own ("Player 1 (X) to mark: any • cell").
    turn: Callable[[Entry, GridState, tuple[Move, ...], bool, str], str] | None = None
    alternate_name: str = ""  # the footer's label for the alternate mode key ("Walls")
    alternate_on: str = ""  # said when the alternate mode is switched on
    alternate_off: str = ""  # said when it is switched off
    alternate_not_now: str = ""  # said when there is no move of that kind now
    alternate_glyph: str = "+"  # marks the cells of the alternate kind of move
    alternate_legend: str = ""  # the legend's line for that glyph
    #: The words of each other kind of move, by kind (a game of several other kinds).
    kinds: dict[str, KindWords] = field(default_factory=dict)

    def kind(self, kind: str) -> KindWords:
        """The words of the other kind of move `kind` (from `kinds`, else the `alternate_*` fields)."""
        own = self.kinds.get(kind)
        if own is not None:
            return own
        return KindWords(
            self.alternate_name or kind.capitalize(), self.alternate_on, self.alternate_not_now,
            self.alternate_glyph, self.alternate_legend,
        )

#: The phrases of an entry no rule book gave its own (a test's).
PLAIN_PHRASES = Phrases(
    prompt="{player}, your move: ", moved={}, no_moves="{player} has no move: {winner} wins."
)


class RulesPage(Protocol):
    """A rules page: `page(...)`, or any file-like resource (e.g. an importlib.resources one)."""

    def read_text(self, encoding: str = ...) -> str: ...


@dataclass(frozen=True)
class PackagePage:
    """A file shipped inside a package, looked up through importlib.resources when it is read
    (only when the rules are shown): looking the five games' pages up as they were imported took
    ~2.5 ms of the start-up."""

    package: str
    name: str

    def read_text(self, encoding: str = "utf-8") -> str:
        from importlib.resources import files

        return (files(self.package) / self.name).read_text(encoding=encoding)


def page(package: str, name: str) -> PackagePage:
    """A rules page shipped inside a game's package (`page(__package__, "rules.md")`)."""
    return PackagePage(package, name)
