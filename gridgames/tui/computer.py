"""Lazy access to the computer players and the analysis, for the app's thread workers.

The solvers are imported only inside functions, so the app runs (human against human) without
them. Every call takes a stop check (a worker's `is_cancelled`) that the search's `Budget` polls,
so cancelling the worker (undo, new game, quitting) ends the search itself.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.games import solver_for
from gridgames.solve.budget import PREPARE_SECONDS, REPLY_SECONDS

#: Returns True once the answer is no longer wanted.
Stop = Callable[[], bool] | None
#: Seconds a search-based move or analysis may take (exact solvers ignore it).
ANALYSIS_BUDGET = 1.0
REVIEW_BUDGET = 0.3


@lru_cache(maxsize=1)
def available() -> bool:
    """Whether `gridgames.solve.players` and `gridgames.solve.analysis` are installed."""
    try:
        return all(
            importlib.util.find_spec(name) is not None
            for name in ("gridgames.solve.players", "gridgames.solve.analysis")
        )
    except ImportError:
        return False


def levels() -> tuple[str, ...]:
    """The computer levels, weakest first; empty without the solvers."""
    if not available():
        return ()
    from gridgames.solve.players import LEVELS

    return tuple(LEVELS)


def too_big_to_solve(entry: Entry, state: GridState) -> bool:
    """Whether the game's exact solver, which may have no time budget, would take minutes here."""
    from gridgames.commands.limits import too_big_to_solve as too_big

    return too_big(entry, state)


def needs_preparing(entry: Entry, state: GridState) -> bool:
    """Whether the solver has seconds of work to do once (a whole-board table) before it proves moves here."""
    return available() and solver_for(entry.rules).needs_preparing(state)


def prepare(entry: Entry, state: GridState, stop: Stop = None) -> bool:
    """Do that work (in a worker: it takes seconds and stops when cancelled); True once done."""
    return solver_for(entry.rules).prepare(state, _budget(PREPARE_SECONDS, stop))


def proof_note(entry: Entry, state: GridState, level: str) -> str | None:
    """'strongest search; not proven on 9x9' when the perfect (or hard) seat cannot prove its moves here."""
    if level not in ("hard", "perfect") or not available():
        return None
    if needs_preparing(entry, state):
        return f"strongest search until the {state.rows}x{state.cols} board is solved (a few seconds)"
    from gridgames.solve.analysis import needs_budget

    if needs_budget(entry, state) or too_big_to_solve(entry, state):
        return f"strongest search; not proven on {state.rows}x{state.cols}"
    return None


def _budget(seconds: float, stop: Stop) -> Any:
    from gridgames.solve.budget import Budget

    return Budget(seconds, stop)


def choose(
    entry: Entry, state: GridState, level: str, rng: random.Random, stop: Stop = None
) -> Move:
    """The computer's move; a level that needs an exact solution searches instead when none is quick."""
    from gridgames.solve.players import choose_move

    if level in ("hard", "perfect") and too_big_to_solve(entry, state):
        level = "medium"
    return choose_move(entry, state, level, rng=rng, budget=_budget(REPLY_SECONDS, stop))


def analyse(
    entry: Entry, state: GridState, budget: float = ANALYSIS_BUDGET, stop: Stop = None
) -> Any | None:
    """The solver's Evaluation of `state`, or None when it cannot be had in reasonable time."""
    if too_big_to_solve(entry, state):
        return None
    from gridgames.solve.analysis import analyse as solve

    return solve(entry, state, budget=_budget(budget, stop))


def regions(
    entry: Entry, state: GridState, stop: Stop = None
) -> list[tuple[int, int]] | None:
    """The independent regions as [(cell mask, Grundy value)] where the game decomposes, else None."""
    if too_big_to_solve(entry, state):
        return None
    from gridgames.solve.budget import SearchTimeout

    try:
        return solver_for(entry.rules).regions(state, _budget(ANALYSIS_BUDGET, stop))
    except SearchTimeout:
        return None


def threw_away_wins(
    entry: Entry, states: tuple[GridState, ...], stop: Stop = None
) -> frozenset[int]:
    """1-based numbers of the moves after which a proven win for the mover became a proven loss."""
    values = []
    for state in states:
        if stop is not None and stop():
            break
        evaluation = analyse(entry, state, REVIEW_BUDGET, stop)
        values.append(evaluation.value if evaluation is not None and evaluation.exact else None)
    return frozenset(n for n in range(1, len(values)) if values[n - 1] == "win" and values[n] == "win")
