"""A domino solver's answers as an `Evaluation`, shared by the Cram and Domineering hooks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gridgames.engine.moves import Move
from gridgames.engine.rules import Rules
from gridgames.games.domino.rules import DominoState

if TYPE_CHECKING:
    from gridgames.solve.base import Evaluation


def domino_evaluation(
    rules: Rules[Any], state: DominoState, wins: Callable[[], dict[tuple[int, int], bool | None]],
    nodes: Callable[[], int],
) -> Evaluation:
    """An Evaluation from a domino solver's answer per domino (cell pair -> wins, or None where the
    budget ran out); a search stopped before it answered anything leaves every move unknown."""
    from gridgames.solve.base import LOSS, UNKNOWN, WIN, Evaluation, Value
    from gridgames.solve.budget import SearchTimeout

    try:
        answers = wins()
    except SearchTimeout:  # cancelled or out of time: nothing proven, nothing claimed
        legal = rules.legal_moves(state)
        return Evaluation(UNKNOWN, dict.fromkeys(legal, UNKNOWN), exact=False, nodes=nodes())
    values: dict[Move, Value] = {
        Move((state.cell(a), state.cell(b))): UNKNOWN if won is None else WIN if won else LOSS
        for (a, b), won in answers.items()
    }
    exact = None not in answers.values()
    value = WIN if WIN in values.values() else LOSS if exact else UNKNOWN
    return Evaluation(value, values, exact=exact, nodes=nodes())
