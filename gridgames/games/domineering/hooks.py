"""Domineering's solver hooks for the app, line mode and `analyse` (`gridgames.games.api.Solver`): each
move's value by `solver`'s search (C core when built); moves not solved within the budget are unknown."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gridgames.engine.rules import GridState
from gridgames.games.api import PuzzleBoard, Solver
from gridgames.games.cram.rules import DominoState
from gridgames.games.domineering.rules import vertical_to_move
from gridgames.solve.budget import Budget

if TYPE_CHECKING:
    from gridgames.solve.base import Evaluation

#: Positions with at most this many empty cells are solved within about a second (C core) ...
NATIVE_QUICK_CELLS = 30
#: ... and with the Python reference.
QUICK_CELLS = 20


def _state(state: GridState) -> DominoState:
    return cast(DominoState, state)


class DomineeringSolver(Solver):
    """Exact where the search finishes within the budget; unknown (not a proof) where it does not."""

    def puzzle_boards(self) -> tuple[PuzzleBoard, ...]:
        return (PuzzleBoard(4, 4), PuzzleBoard(4, 5), PuzzleBoard(5, 5), PuzzleBoard(5, 6), PuzzleBoard(6, 6))

    def needs_budget(self, state: GridState) -> bool:
        return not self.is_quick(state)

    def evaluate(self, state: GridState, budget: Budget | None) -> Evaluation:
        from gridgames.games.cram.hooks import domino_evaluation
        from gridgames.games.domineering import solver
        from gridgames.games.domineering.rules import RULES

        s = _state(state)
        answer = lambda: solver.move_values(s.rows, s.cols, s.free, vertical_to_move(s), budget)  # noqa: E731
        return domino_evaluation(RULES, s, answer, solver.nodes)

    def is_quick(self, state: GridState) -> bool:
        from gridgames.games.domineering import solver

        limit = NATIVE_QUICK_CELLS if solver.native() is not None else QUICK_CELLS
        return _state(state).free.bit_count() <= limit
