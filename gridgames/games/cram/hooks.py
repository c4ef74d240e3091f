"""Cram's solver hooks for the app, line mode and `analyse` (`gridgames.games.api.Solver`): exact values
from `solver` (Sprague-Grundy, C core when built), each region's value, and how long an answer takes."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.games.api import PuzzleBoard, Solver
from gridgames.games.domino.evaluation import domino_evaluation
from gridgames.games.domino.rules import DominoState
from gridgames.solve.budget import Budget

if TYPE_CHECKING:
    from gridgames.engine.entry import Entry
    from gridgames.solve.base import Evaluation
    from gridgames.solve.certificates import Certificate


def _state(state: GridState) -> DominoState:
    return cast(DominoState, state)


def mirror_evaluation(state: DominoState) -> Evaluation | None:
    """What the mirror strategy proves here (see `solve.symmetry`): a domino takes its two cells."""
    from gridgames.games.cram.rules import RULES
    from gridgames.solve import symmetry

    free = state.free

    def left(move: Move) -> int:
        return free & ~sum(1 << state.index(cell) for cell in move.cells)

    options = ((move, left(move)) for move in RULES.legal_moves(state))
    return symmetry.mirror_evaluation(state.rows, state.cols, free, options)


class CramSolver(Solver):
    """Exact everywhere it finishes: a move wins when it leaves Grundy value 0."""

    def puzzle_boards(self) -> tuple[PuzzleBoard, ...]:
        return (PuzzleBoard(4, 4), PuzzleBoard(4, 5), PuzzleBoard(5, 5), PuzzleBoard(4, 6), PuzzleBoard(5, 6))

    def needs_budget(self, state: GridState) -> bool:
        return False

    def evaluate(self, state: GridState, budget: Budget | None) -> Evaluation:
        from gridgames.games.cram import solver

        s = _state(state)
        if not solver.is_quick(s.rows, s.cols, s.free):
            mirrored = mirror_evaluation(s)
            if mirrored is not None:
                return mirrored
        from gridgames.games.cram.rules import RULES

        answer = lambda: solver.move_wins(s.rows, s.cols, s.free, budget)  # noqa: E731
        return domino_evaluation(RULES, s, answer, solver.nodes)

    def is_quick(self, state: GridState) -> bool:
        from gridgames.games.cram import solver

        s = _state(state)
        return solver.is_quick(s.rows, s.cols, s.free) or mirror_evaluation(s) is not None

    def regions(self, state: GridState, budget: Budget | None = None) -> list[tuple[int, int]] | None:
        from gridgames.games.cram import solver

        s = _state(state)
        return solver.region_values(s.rows, s.cols, s.free, budget)

    def regions_nodes(self) -> int | None:
        from gridgames.games.cram import solver

        return solver.nodes()

    def certificate(self, entry: Entry, state: GridState, move: Move) -> Certificate | None:
        from gridgames.games.cram.certificate import certificate

        return certificate(entry, _state(state), move)
