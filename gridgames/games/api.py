"""What a game package provides: one `RuleBook` per rule book, found through entry points.

A game package (built in or installed separately) declares each rule book it plays under the
`gridgames.games` entry-point group, pointing at a `RuleBook`:

    [project.entry-points."gridgames.games"]
    my-game = "my_package.book:BOOK"

A `RuleBook` bundles everything the app, line mode and `analyse` need to know about it: the
catalogue entry (rules, names, symbols, coordinates, defaults, options, scoring), the
line-mode phrases, the rules page (Markdown), and the solver hooks: the small protocol
(`Solver`) through which the shared solving code (`gridgames.solve`) asks a game, never naming
it, whether it is solved exactly on a board, for the exact evaluation, a faster search adapter,
its own move choice where it searches instead of solving, and its independent regions with
their Grundy values where it decomposes. Every hook has a generic default, so a game with no
solver of its own still gets alpha-beta over its rules. Hooks import their algorithms inside
the methods, so importing a game never loads a solver.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.solve.hooks import GENERIC, Solver  # the hooks protocol, re-exported for game packages

if TYPE_CHECKING:
    pass  # annotations only: the solvers load when asked


def available_cells(entry: Entry, state: GridState, moves: tuple[Move, ...]) -> str:
    """The default line-mode listing of the moves: every playable cell in the book's coordinates."""
    return "Available cells: " + ", ".join(entry.format_move(m) for m in moves)


@dataclass(frozen=True)
class Phrases:
    """One rule book's command-line wording.

    Placeholders in the texts: `{name}` (Player 1), `{player}` (Player 1 (X)), `{symbol}`,
    `{winner_name}`, `{winner}`, `{you}`; in `moved` also `{cell}`, `{row}`, `{col}`.
    """

    prompt: str
    moved: dict[str, str]  # by kind of move: "place", "step", "wall", "setup"
    no_moves: str  # the book's game-over lines when the player to move is stuck
    turn: str = ""  # printed before the choices; "" for none
    #: How the available moves are listed before the prompt.
    choices: Callable[[Entry, GridState, tuple[Move, ...]], str] = available_cells
    refused: str = "{reason}"
    #: A line after a move (e.g. the cells it locked), or None.
    effect: Callable[[GridState, Move], str] | None = None
    heading: str = ""  # a line before each board
    setup_turn: str = ""  # instead of `turn` while tokens are being placed
    setup_done: str = ""  # after the last placement




class RulesPage(Protocol):
    """A rules page: `page(...)`, or any file-like resource (e.g. an importlib.resources one)."""

    def read_text(self, encoding: str = ...) -> str: ...


@dataclass(frozen=True)
class RuleBook:
    """One playable rule book: what an entry point in the `gridgames.games` group names."""

    entry: Entry
    phrases: Phrases
    rules_page: RulesPage = field(compare=False)  # Markdown: the rules in the project's words
    solver: Solver = field(default=GENERIC, compare=False)  # the rules family's solver hooks

    def rules_markdown(self) -> str:
        return self.rules_page.read_text(encoding="utf-8")


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
