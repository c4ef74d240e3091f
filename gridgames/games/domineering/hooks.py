"""Domineering's solver hooks for the app, line mode and `analyse` (`gridgames.games.api.Solver`): each
move's value by `solver`'s search (C core when built); moves not solved within the budget are unknown."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from gridgames.engine.rules import GridState
from gridgames.games.api import PuzzleBoard, Solver
from gridgames.games.domineering.rules import vertical_to_move
from gridgames.games.domino.rules import DominoState
from gridgames.solve.base import UNKNOWN, WIN
from gridgames.solve.budget import Budget

if TYPE_CHECKING:
    from gridgames.engine.moves import Move
    from gridgames.solve.base import Evaluation

#: Positions with at most this many empty cells are solved within about a second (C core) ...
NATIVE_QUICK_CELLS = 30
#: ... and with the Python reference.
QUICK_CELLS = 20
#: The share of a large board's budget spent proving its value and one winning move before every
#: move is valued with what is left.
VALUE_SHARE = 0.75


def _state(state: GridState) -> DominoState:
    return cast(DominoState, state)


def _small(state: DominoState) -> bool:
    """Whether a search from here proves every move within about a second."""
    from gridgames.games.domineering import solver

    limit = NATIVE_QUICK_CELLS if solver.native() is not None else QUICK_CELLS
    return state.free.bit_count() <= limit


def room_margin(state: DominoState, move: Move) -> int:
    """How many dominoes the mover could place after `move`, less how many the opponent could."""
    from gridgames.games.domineering.reference import dominoes

    vertical = vertical_to_move(state)
    left = state.free & ~sum(1 << state.index(cell) for cell in move.cells)
    mine = len(dominoes(state.rows, state.cols, left, vertical))
    return mine - len(dominoes(state.rows, state.cols, left, not vertical))


def _in_table(state: DominoState) -> bool:
    """Whether the shipped opening table holds the position (its mover's proven move)."""
    from gridgames.games.domineering import opening

    return opening.proven_move(state.rows, state.cols, state.free, vertical_to_move(state)) is not None


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
        """Past the cells a search proves within about a second (the opening table's answers too: they
        prove one move, not the others)."""
        return not _small(_state(state))

    def evaluate(self, state: GridState, budget: Budget | None) -> Evaluation:
        from gridgames.games.domineering import solver
        from gridgames.games.domineering.rules import RULES
        from gridgames.games.domino.evaluation import domino_evaluation

        s = _state(state)
        from gridgames.games.domineering import opening

        shipped = table_evaluation(s, opening.shipped(s.rows, s.cols))
        if shipped is not None:
            return shipped
        began = time.perf_counter()
        if not _small(s):
            # Proving the mover's value and one winning move is far quicker than every move's value
            # (8x8 from scratch: one search of a few million nodes), so a large board tries that
            # first; what it proves stands, and the rest of the budget values every move.
            # (Cancelled, it proves nothing and the search below stops at once.)
            proven = self.evaluate_value(s, None if budget is None else budget.share(VALUE_SHARE))
            if proven is not None and proven.value != UNKNOWN:
                return replace(proven, seconds=time.perf_counter() - began)
        answer = lambda: solver.move_values(s.rows, s.cols, s.free, vertical_to_move(s), budget)  # noqa: E731
        evaluation = domino_evaluation(RULES, s, answer, solver.nodes)
        if evaluation.value != UNKNOWN:
            return evaluation
        # Nothing proven to win: the moves not proven to lose first by the room they leave (the hint's
        # best move, and the seat's), and how long the search looked.
        order = sorted(evaluation.move_values, key=lambda move: -room_margin(s, move))
        values = {move: evaluation.move_values[move] for move in order}
        return replace(evaluation, move_values=values, seconds=time.perf_counter() - began)

    def evaluate_value(self, state: GridState, budget: Budget | None) -> Evaluation | None:
        """The mover's value proven by one search, then one winning move (each reply searched in the
        order the search tries them, on the table the first search filled); unknown past the budget."""
        from gridgames.engine.moves import Move
        from gridgames.games.domineering import opening, solver
        from gridgames.games.domineering.rules import RULES
        from gridgames.solve.base import LOSS, Evaluation
        from gridgames.solve.budget import SearchTimeout

        s = _state(state)
        shipped = table_evaluation(s, opening.shipped(s.rows, s.cols))
        if shipped is not None:
            return shipped
        vertical = vertical_to_move(s)
        legal = RULES.legal_moves(s)
        values = dict.fromkeys(legal, UNKNOWN)
        nodes = 0
        try:
            won = solver.wins(s.rows, s.cols, s.free, vertical, budget)
            nodes += solver.nodes()
            if not won:
                return Evaluation(LOSS, dict.fromkeys(legal, LOSS), exact=True, nodes=nodes)
            for a, b in solver.ordered_dominoes(s.rows, s.cols, s.free, vertical):
                after = s.free & ~((1 << a) | (1 << b))
                lost = not solver.wins(s.rows, s.cols, after, not vertical, budget)
                nodes += solver.nodes()
                if lost:
                    values[Move((s.cell(a), s.cell(b)))] = WIN
                    return Evaluation(WIN, values, exact=False, nodes=nodes)
        except SearchTimeout:
            nodes += solver.nodes()
        return Evaluation(UNKNOWN, values, exact=False, nodes=nodes)

    def seat_note(self, state: GridState) -> str | None:
        """What the strongest seat's moves rest on past the boards it proves every move of: where the
        shipped opening table (Gardner's 8x8) holds the position, the winner, which the first player
        is there, plays its proven moves, then searches; elsewhere it searches for a proven win first
        (8x8 from scratch takes a few seconds for the first move, then the proof holds the answers)."""
        board = f"{state.rows}x{state.cols}"
        if _in_table(_state(state)):
            return (
                "proven opening moves from a table when it moves first, then strongest search; "
                f"not all proven on {board}"
            )
        return f"searches for a proven win; not all proven on {board}"

    def is_quick(self, state: GridState) -> bool:
        """The C search honours any budget within milliseconds (moves it has not solved by then are
        unknown), so with it an answer is always prompt; the Python reference only on small boards."""
        from gridgames.games.domineering import solver

        return solver.native() is not None or _small(_state(state)) or _in_table(_state(state))

    def search_move(self, state: GridState, rng: random.Random, budget: Budget) -> Move | None:
        """Where the perfect seat's analysis proved nothing in time (`players.perfect_choice`): a
        winning move if the search proves one within what is left; else, among the moves it has not
        proven to lose, one that leaves the mover the most room for its dominoes against the
        opponent's (the usual measure of a Domineering position)."""
        s = _state(state)
        evaluation = self.evaluate(s, budget)
        best = evaluation.best
        if not best:
            return None
        if evaluation.value == WIN:
            return rng.choice(best)
        most = room_margin(s, best[0])  # `evaluate` put the most room first
        return rng.choice([move for move in best if room_margin(s, move) == most])
