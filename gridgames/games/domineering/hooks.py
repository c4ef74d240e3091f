"""Domineering's solver hooks for the app, line mode and `analyse` (`gridgames.games.api.Solver`): each
move's value by `solver`'s search (C core when built); moves not solved within the budget are unknown."""

from __future__ import annotations

from collections.abc import Mapping
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


def table_evaluation(state: DominoState, entries: Mapping[int, int] | None) -> Evaluation | None:
    """The opening table's proven winning move here, as an evaluation (the other moves unknown), or None
    when the table does not hold the position."""
    from gridgames.engine.moves import Move
    from gridgames.games.domineering import opening
    from gridgames.games.domineering.rules import RULES
    from gridgames.solve.base import UNKNOWN, WIN, Evaluation

    if entries is None:
        return None
    found = opening.lookup(entries, state.rows, state.cols, state.free, vertical_to_move(state))
    if found is None:
        return None
    chosen = Move((state.cell(found[0]), state.cell(found[1])))
    legal = RULES.legal_moves(state)
    if chosen not in legal:
        return None
    values = {m: WIN if m == chosen else UNKNOWN for m in legal}
    return Evaluation(WIN, values, exact=False, proof="opening table")


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
        from gridgames.games.domineering import opening

        shipped = table_evaluation(s, opening.shipped(s.rows, s.cols))
        if shipped is not None:
            return shipped
        answer = lambda: solver.move_values(s.rows, s.cols, s.free, vertical_to_move(s), budget)  # noqa: E731
        return domino_evaluation(RULES, s, answer, solver.nodes)

    def seat_note(self, state: GridState) -> str | None:
        """Where the shipped opening table (Gardner's 8x8) holds the position: the winner, which the
        first player is there, plays its proven moves, then searches. Elsewhere the generic note."""
        from gridgames.games.domineering import opening

        s = _state(state)
        if opening.proven_move(s.rows, s.cols, s.free, vertical_to_move(s)) is None:
            return None
        return (
            "proven opening moves from a table when it moves first, then strongest search; "
            f"not all proven on {s.rows}x{s.cols}"
        )

    def is_quick(self, state: GridState) -> bool:
        from gridgames.games.domineering import solver

        limit = NATIVE_QUICK_CELLS if solver.native() is not None else QUICK_CELLS
        return _state(state).free.bit_count() <= limit
