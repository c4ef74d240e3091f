"""Row-or-column's solver hooks: exact in linear time by maximum matchings (`algorithm`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.games.api import PuzzleBoard, Solver
from gridgames.games.rowcol.rules import RowColState
from gridgames.solve.budget import Budget

if TYPE_CHECKING:
    from gridgames.engine.entry import Entry
    from gridgames.solve.base import Evaluation  # annotations only: the solvers load when asked
    from gridgames.solve.certificates import Certificate


class RowColSolver(Solver):

    def puzzle_boards(self) -> tuple[PuzzleBoard, ...]:
        return (PuzzleBoard(4, 5), PuzzleBoard(5, 5), PuzzleBoard(5, 6), PuzzleBoard(6, 6), PuzzleBoard(6, 7),
                PuzzleBoard(7, 7), PuzzleBoard(8, 8))
    def needs_budget(self, state: GridState) -> bool:
        return False

    def evaluate(self, state: GridState, budget: Budget | None) -> Evaluation | None:
        from gridgames.games.rowcol import algorithm as rowcol

        return rowcol.evaluate(cast(RowColState, state))

    def certificate(self, entry: Entry, state: GridState, move: Move) -> Certificate | None:
        from gridgames.games.rowcol.certificate import certificate

        return certificate(entry, cast(RowColState, state), move)
