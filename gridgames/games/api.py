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

from dataclasses import dataclass, field

from gridgames.engine.entry import Entry
from gridgames.engine.wording import ONE_CELL_HELP as ONE_CELL_HELP
from gridgames.engine.wording import PackagePage as PackagePage
from gridgames.engine.wording import Phrases as Phrases
from gridgames.engine.wording import RulesPage as RulesPage
from gridgames.engine.wording import Words as Words
from gridgames.engine.wording import available_cells as available_cells
from gridgames.engine.wording import ordinary_kind as ordinary_kind
from gridgames.engine.wording import page as page
from gridgames.solve.hooks import GENERIC as GENERIC  # the hooks protocol, re-exported for game packages
from gridgames.solve.hooks import PuzzleBoard as PuzzleBoard  # re-exported for game packages
from gridgames.solve.hooks import PuzzlePosition as PuzzlePosition  # re-exported for game packages
from gridgames.solve.hooks import Solver as Solver


@dataclass(frozen=True)
class RuleBook:
    """One playable rule book: what an entry point in the `gridgames.games` group names. The
    registry hands out its entry with the rest attached (`Entry.phrases`, `words`, `rules_page`,
    `solver`), so the entry a game is played with is the one object that describes it."""

    entry: Entry
    phrases: Phrases
    rules_page: RulesPage = field(compare=False)  # Markdown: the rules in the project's words
    solver: Solver = field(default=GENERIC, compare=False)  # the rules family's solver hooks
    words: Words = field(default_factory=Words, compare=False)  # the app's words for this game

    def rules_markdown(self) -> str:
        return self.rules_page.read_text(encoding="utf-8")


