"""Walls' solver hooks: retrograde tables on small boards, alpha-beta elsewhere (`algorithm`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.games.api import PuzzleBoard, Solver
from gridgames.games.walls.rules import WallsState
from gridgames.solve.budget import Budget

if TYPE_CHECKING:
    from gridgames.solve.base import Evaluation  # annotations only: the solvers load when asked


def _state(state: GridState) -> WallsState:
    return cast(WallsState, state)


class WallsSolver(Solver):

    def puzzle_boards(self) -> tuple[PuzzleBoard, ...]:
        return (PuzzleBoard(3, 3), PuzzleBoard(3, 4), PuzzleBoard(4, 4), PuzzleBoard(3, 5))

    def puzzle_proofs_cold(self) -> bool:
        return False  # proofs answer from the whole board's table, built once
    def needs_budget(self, state: GridState) -> bool:
        from gridgames.games.walls.algorithm import is_exact

        return not is_exact(state.rows, state.cols, _state(state).walls)

    def evaluate(self, state: GridState, budget: Budget | None) -> Evaluation | None:
        from gridgames.games.walls import algorithm as walls

        return walls.evaluate(_state(state), budget=budget)

    def search_position(self, state: GridState) -> tuple[Any, Any] | None:
        from gridgames.games.walls import algorithm as walls

        return walls.board_for(state.rows, state.cols), walls.perspective(_state(state))

    def plays_by_search(self, state: GridState) -> bool:
        from gridgames.games.walls import algorithm as walls

        rows, cols, w = state.rows, state.cols, _state(state).walls
        return not walls.is_exact(rows, cols, w) or walls.awaits_board_pass(rows, cols, w)

    def needs_preparing(self, state: GridState) -> bool:
        from gridgames.games.walls import algorithm as walls

        return walls.awaits_board_pass(state.rows, state.cols, _state(state).walls)

    def prepare(self, state: GridState, budget: Budget | None) -> bool:
        from gridgames.games.walls import algorithm as walls

        return walls.prepare(state.rows, state.cols, budget)

    def search_move(self, state: GridState, rng: random.Random, budget: Budget) -> Move | None:
        from gridgames.games.walls import algorithm as walls

        return walls.best_move(_state(state), rng, budget)
