"""No-neighbour's solver hooks: exact bitboard search with a table (`algorithm`)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.games.api import PuzzleBoard, Solver
from gridgames.games.noneighbour.rules import NoNeighbourState
from gridgames.solve.budget import Budget

if TYPE_CHECKING:
    from gridgames.engine.entry import Entry
    from gridgames.solve.base import Evaluation  # annotations only: the solvers load when asked
    from gridgames.solve.certificates import Certificate


class NoNeighbourSolver(Solver):
    """Exact up to `EXACT_CELLS` cells (with the C core, far beyond); larger boards within a budget."""

    def puzzle_boards(self) -> tuple[PuzzleBoard, ...]:
        # Positions with a single winning move that does not simply end the game are endgames of a few
        # empty cells (`puzzle_search`), drawn rather than met in random play; with orthogonal
        # adjacency an exhaustive search of 4x4 meets none, so those boards are left out. They come in
        # 14 kinds, each offered a few times per board, so the pool needs many boards.
        return (
            PuzzleBoard(4, 4, games=100), PuzzleBoard(3, 5, games=150), PuzzleBoard(3, 6, games=300),
            PuzzleBoard(4, 5, games=300), PuzzleBoard(3, 7, games=300), PuzzleBoard(5, 5, games=300),
            PuzzleBoard(4, 6, games=300), PuzzleBoard(4, 7, games=300), PuzzleBoard(5, 6, games=300),
            PuzzleBoard(3, 8, games=300), PuzzleBoard(4, 8, games=300), PuzzleBoard(6, 6, games=300),
            PuzzleBoard(5, 7, games=300), PuzzleBoard(3, 9, games=300), PuzzleBoard(4, 9, games=300),
            PuzzleBoard(5, 8, games=300), PuzzleBoard(6, 7, games=300),
        )

    def puzzle_games(
        self, entry: Entry, board: PuzzleBoard, rng: random.Random,
    ) -> Iterator[list[tuple[tuple[Move, ...], GridState]]] | None:
        from gridgames.games.noneighbour.puzzle_search import groups

        adjacency = str(entry.resolve_options(board.options).get("adjacency", "king"))
        return iter(groups(board, adjacency, rng))

    def scarce_puzzles(self) -> tuple[int, float] | None:
        # Every puzzle is two moves of the player's whose line ends at once after three plies (five or
        # seven empty cells, `puzzle_search`): within the medium level's three-ply search, which misses
        # only when it plays its one move in five at random (57 of 340).
        return (300, 0.15)

    def puzzle_kind(self, state: GridState) -> tuple[object, int] | None:
        from gridgames.games.noneighbour.kinds import MOST_OF_A_KIND, kind
        from gridgames.games.noneighbour.rules import RULES, neighbour_masks

        position = cast(NoNeighbourState, state)
        empty = position.full_mask & ~position.occupied
        return kind(neighbour_masks(position), empty, RULES.forbidden(position)), MOST_OF_A_KIND

    def needs_budget(self, state: GridState) -> bool:
        from gridgames.games.noneighbour.algorithm import needs_budget

        return needs_budget(state.rows, state.cols)

    def evaluate(self, state: GridState, budget: Budget | None) -> Evaluation | None:
        from gridgames.games.noneighbour import algorithm as noneighbour

        return noneighbour.evaluate(cast(NoNeighbourState, state), budget=budget)

    def certificate(self, entry: Entry, state: GridState, move: Move) -> Certificate | None:
        from gridgames.games.noneighbour.certificate import certificate

        return certificate(entry, cast(NoNeighbourState, state), move)
