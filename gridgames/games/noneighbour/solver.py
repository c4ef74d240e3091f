"""No-neighbour's solver hooks: exact bitboard search with a table (`algorithm`)."""

from __future__ import annotations

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
        # Few positions have a single winning move (a pairing usually leaves several) that does not
        # simply end the game, and hardly any with orthogonal adjacency: the puzzles come from many
        # short games on king boards, and the small boards hold only a few such positions each.
        return (
            PuzzleBoard(4, 4, games=12000), PuzzleBoard(3, 5, games=8000), PuzzleBoard(3, 4, games=8000),
            PuzzleBoard(4, 5, games=8000),
        )

    def scarce_puzzles(self) -> tuple[int, float] | None:
        # Nearly every position with a single winning move ends at once or after one forced reply,
        # and the small king boards hold few of those up to symmetry (4x4: 15 in 20,000 random
        # games); 36,000 games on four boards gave 60, each two moves long, found by the medium
        # level's search more often than not (7 missed).
        return (60, 0.10)

    def needs_budget(self, state: GridState) -> bool:
        from gridgames.games.noneighbour.algorithm import needs_budget

        return needs_budget(state.rows, state.cols)

    def evaluate(self, state: GridState, budget: Budget | None) -> Evaluation | None:
        from gridgames.games.noneighbour import algorithm as noneighbour

        return noneighbour.evaluate(cast(NoNeighbourState, state), budget=budget)

    def certificate(self, entry: Entry, state: GridState, move: Move) -> Certificate | None:
        from gridgames.games.noneighbour.certificate import certificate

        return certificate(entry, cast(NoNeighbourState, state), move)
