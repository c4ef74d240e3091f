"""A catalogue entry: one rule book's presentation of a rules family."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from gridgames.engine.board import Sizes
from gridgames.engine.cells import Cell, CoordStyle, format_cell
from gridgames.engine.errors import OptionsError
from gridgames.engine.look import Look
from gridgames.engine.moves import Move
from gridgames.engine.options import First, GameOptions, Options, OptionSpec, resolve, unknown_option
from gridgames.engine.outcome import Outcome
from gridgames.engine.rules import Content, GridState, Rules
from gridgames.engine.wording import PLAIN_PHRASES, Phrases, RulesPage, Words

#: How line mode draws a board, after each rule book's examples (see `textboard.render`).
BoardStyle = Literal["brackets", "pipes", "boxes", "dots", "letters"]
#: How a match scores a game: a point per win, or a point per cell each player marked.
MatchScoring = Literal["wins", "cells"]


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
    verb: str = ""  # the book's verb for a move ("place"), when not the rules family's
    #: The board sizes the game allows (every size the engine does, unless it says; `engine.board`).
    sizes: Sizes = Sizes()
    #: The game's own options besides size and who starts (see `engine.options.OptionSpec`).
    option_specs: tuple[OptionSpec, ...] = ()
    #: How a match of this game scores each game with these options: "wins" (a point per win, when
    #: None) or "cells" (a point per cell a player marked).
    match_scoring: Callable[[Options], MatchScoring] | None = field(default=None, compare=False)

    # -- the rest of the game, which the registry attaches from its RuleBook (`games.guarded`), so
    # a front end takes everything about a game from the entry it plays and looks nothing up by id --
    #: Line mode's and the online line client's phrases.
    phrases: Phrases = field(default=PLAIN_PHRASES, compare=False)
    #: The app's words (status line, alternate kinds of move).
    words: Words = field(default_factory=Words, compare=False)
    #: The rules page (Markdown); None for an entry no rule book describes (a test's).
    rules_page: RulesPage | None = field(default=None, compare=False)
    #: This game's own solver hooks (`gridgames.solve.hooks.Solver`, behind the game's guard): per game,
    #: not per rules class. None for an entry no registry made (the hooks of its rules are then used,
    #: `solve.hooks.solver_for`). Typed loosely because the engine sits below `solve`.
    solver: Any = field(default=None, compare=False)

    def rules_markdown(self) -> str:
        """The rules page, or the title and summary where the entry has none."""
        if self.rules_page is None:
            return f"# {self.title}\n\n{self.summary}\n"
        return self.rules_page.read_text(encoding="utf-8")

    # -- board and options ---------------------------------------------------------------------
    def check_size(self, rows: int, cols: int) -> None:
        """OptionsError, one sentence, unless the game allows a rows x cols board."""
        if not self.sizes.allows(rows, cols):
            allowed = self.sizes.describe()
            raise OptionsError(f"{self.title} ({self.id}) is played on {allowed}, not on {rows}x{cols}.")

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(spec.name for spec in self.option_specs)

    def option_spec(self, name: str) -> OptionSpec:
        """The option called `name`; OptionsError, one sentence, if the game declares none."""
        for spec in self.option_specs:
            if spec.name == name:
                return spec
        raise OptionsError(unknown_option(name, self.option_specs, self.id))

    def resolve_options(self, given: Mapping[str, object] | None = None) -> GameOptions:
        """The options `given`, checked, without those at their default; OptionsError, one sentence."""
        return resolve(self.option_specs, given or {}, self.id)

    def parse_options(self, assignments: Iterable[tuple[str, str]]) -> dict[str, Any]:
        """Options written as text, (name, value) pairs (`--option NAME=VALUE`, a record), checked."""
        values: dict[str, Any] = {}
        for name, text in assignments:
            spec = self.option_spec(name)
            if name in values:
                raise OptionsError(f"The option {name} is given twice.")
            values[name] = spec.parse(text)
        return values

    def default_options(self) -> Options:
        """The rule book's own board size, first player and options."""
        return Options(self.default_rows, self.default_cols, self.default_first, self.resolve_options())

    def scoring(self, options: Options) -> MatchScoring:
        """How a match with these options scores a game: "wins" or "cells"."""
        return self.match_scoring(options) if self.match_scoring else "wins"

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
        """The outcome's reason with this book's player names (and its verb, `{verb}`) filled in."""
        names = {"p1": self.player(1), "p2": self.player(2), "verb": self.move_verb}
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
