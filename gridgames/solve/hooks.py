"""The solver hooks: the small protocol through which the shared solving code asks a game, never naming it.

A game's package subclasses `Solver` (its rule books carry it, see `gridgames.games.api.RuleBook`)
and overrides what it knows: whether it is solved exactly on a board, the exact evaluation, a faster
search adapter, its own move choice where it searches instead of solving, preparation ahead of play,
and its independent regions with their Grundy values where it decomposes. Every hook has a generic
default, so a game with no solver of its own still gets alpha-beta over its rules.

`solve` sits below `games` and imports none of them: the game registry installs how to find a game's
hooks from its rules (`use_lookup`) as it is imported, which happens before any game's rules exist.
Hooks belong to a game, not to a rules class: two games sharing rules keep their own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gridgames.engine.moves import Move
from gridgames.engine.options import GameOptions, Value
from gridgames.engine.rules import GridState, Rules
from gridgames.solve.budget import Budget

if TYPE_CHECKING:
    from gridgames.engine.entry import Entry
    from gridgames.solve.base import Evaluation
    from gridgames.solve.certificates import Certificate


@dataclass(frozen=True)
class PuzzleBoard:
    """A board a game's puzzles are made on (`make puzzles`): its size and options, how many seeded
    random games are played on it at most, and the largest proof tree a puzzle may have (the positions
    the puzzles' distance search visits to prove the win, `gridgames.puzzles.proof.Solved.tree`: a
    count from the rules and the values alone, the same on every machine and with every core)."""

    rows: int
    cols: int
    options: Mapping[str, Value] = field(default_factory=GameOptions)  # the game's own, {name: value}
    games: int = 2000
    max_tree: int = 2000


@dataclass(frozen=True)
class PuzzlePosition:
    """A puzzle a game ships itself (`Solver.puzzles`; a plugin's own): the position, as the moves
    from the start in the game's notation. gridgames proves it before offering it (its one winning
    move, the longest defence, its themes); one that does not prove is never offered."""

    id: str  # unique among all puzzles: letters, digits, '.', '_' or '-', up to 64
    rows: int
    cols: int
    moves: tuple[str, ...]  # from the start to the puzzle's position
    options: Mapping[str, Value] = field(default_factory=GameOptions)  # the game's own, {name: value}
    first: int = 1  # who moved first from the start
    rating: float = 1500.0  # the puzzle's first rating (kept within 800 to 2500)


class Solver:
    """The defaults: no exact solver (every analysis is a budgeted search over the rules)."""

    def needs_budget(self, state: GridState) -> bool:
        """Whether analysing this board means a search that only a time budget stops (not exact)."""
        return True

    def evaluate(self, state: GridState, budget: Budget | None) -> Evaluation | None:
        """The exact (or the family's own best-effort) Evaluation; None to use the generic search."""
        return None

    def evaluate_value(self, state: GridState, budget: Budget | None) -> Evaluation | None:
        """The position's value and one best move proven (the other moves unknown), which can be far
        quicker than every move's value; None where the family offers only `evaluate`."""
        return None

    def is_quick(self, state: GridState) -> bool:
        """Whether `evaluate` answers promptly here (a solver without a budget may take minutes)."""
        return True

    def search_position(self, state: GridState) -> tuple[Any, Any] | None:
        """A faster `search.Position` adapter and the state in its terms; None for the generic one."""
        return None

    def plays_by_search(self, state: GridState) -> bool:
        """Whether the best move here comes from `search_move` rather than from an exact analysis."""
        return False

    def needs_preparing(self, state: GridState) -> bool:
        """Whether work done once, ahead of play (`prepare`: a table of seconds to build), would make
        the answers here exact; until it is done the perfect seat plays by search."""
        return False

    def prepare(self, state: GridState, budget: Budget | None) -> bool:
        """Do that work now; True when the answers here are exact from now on, False when the budget
        ran out or was cancelled first (what was done is then dropped)."""
        return True

    def seat_note(self, state: GridState) -> str | None:
        """Where the strongest seat cannot prove every move here within its time: what its moves rest
        on, when the game knows more than "strongest search; not proven" (an opening table of proven
        moves); None for that generic note."""
        return None

    def search_move(self, state: GridState, rng: random.Random, budget: Budget) -> Move | None:
        """The family's own searched move: used where `plays_by_search`, and where the perfect seat's
        analysis proved nothing within its time; None when it found none."""
        return None

    def regions(self, state: GridState, budget: Budget | None = None) -> list[tuple[int, int]] | None:
        """Independent regions as [(cell mask, Grundy value)] where the game decomposes, else None.
        May raise `SearchTimeout` when `budget` runs out or is cancelled."""
        return None

    def regions_nodes(self) -> int | None:
        """The nodes the last `regions` call searched, where the game counts them (`analyse` reports
        them beside the Grundy value); else None."""
        return None

    def puzzle_boards(self) -> tuple[PuzzleBoard, ...]:
        """The boards this game's puzzles are made on: boards whose positions it proves exactly and
        quickly; () for no puzzles."""
        return ()

    def puzzle_proofs_cold(self) -> bool:
        """Whether a puzzle's proof is measured from empty caches (its size from scratch), or warm
        (a game that answers from a table of the whole board, built once)."""
        return True

    def scarce_puzzles(self) -> tuple[int, float] | None:
        """Where random play cannot fill a puzzle pool under the quality rules (`puzzles.quality`):
        the most puzzles it gives and the share the medium level misses, as measured; None for a
        game whose pool fills."""
        return None

    def puzzle_kind(self, state: GridState) -> tuple[object, int] | None:
        """Where a game's puzzle positions come in few kinds (positions that play alike, whatever the
        board), the kind of `state` (a hashable value) and how many puzzles of one kind the pool keeps
        at most; None (the default) where kinds are not counted."""
        return None

    def puzzle_games(
        self, entry: Entry, board: PuzzleBoard, rng: random.Random,
    ) -> Iterator[list[tuple[tuple[Move, ...], GridState]]] | None:
        """Where random play finds too few puzzles, the game's own search aimed at them: groups of
        positions (each with the moves from the start that reach it), drawn from `rng`, that
        `make puzzles` treats as it treats one random game's positions (at most one puzzle a group;
        every quality rule still applies). None (the default) for seeded random games."""
        return None

    def puzzles(self) -> tuple[PuzzlePosition, ...]:
        """Puzzles the game ships itself, beside any made from `puzzle_boards` (the one way a
        plugin's puzzles come in: `gridgames.puzzles.plugins` proves each before offering it)."""
        return ()

    def certificate(self, entry: Entry, state: GridState, move: Move) -> Certificate | None:
        """Why `move`, a proven winning move from `state`, wins: the strategy in the game's terms
        (`gridgames.solve.certificates`), told in `entry`'s words and coordinates; None where the game
        names no strategy for this position (a puzzle then shows the winning line of play instead)."""
        return None


GENERIC = Solver()


_lookup: Callable[[Rules[Any]], Solver] | None = None


def use_lookup(lookup: Callable[[Rules[Any]], Solver]) -> None:
    """Find each game's hooks with `lookup` (the game registry installs its own)."""
    global _lookup
    _lookup = lookup


def solver_of(entry: Entry) -> Solver:
    """The solver hooks a game's entry carries (`Entry.solver`: its own, guarded, attached by the
    registry), or, for an entry no registry made, those of its rules."""
    own = entry.solver
    return own if isinstance(own, Solver) else solver_for(entry.rules)


def solver_for(rules: Rules[Any]) -> Solver:
    """The solver hooks of the game `rules` belongs to (checked by its guard), or the generic defaults."""
    return GENERIC if _lookup is None else _lookup(rules)
