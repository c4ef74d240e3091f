"""What every solver returns: the value of a position for the player to move, move by move."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from gridgames.engine.moves import Move

#: The value of a position or a move for the player to move.
Value = Literal["win", "loss", "draw", "unknown"]
WIN: Value = "win"
LOSS: Value = "loss"
DRAW: Value = "draw"
UNKNOWN: Value = "unknown"  # a heuristic search that proved nothing about this move

#: Order of preference for the player to move.
RANK = {WIN: 3, DRAW: 2, UNKNOWN: 1, LOSS: 0}


def after_move(value: Value) -> Value:
    """The mover's value given the value of the position after the move (for the opponent)."""
    return {WIN: LOSS, LOSS: WIN}.get(value, value)


@dataclass(frozen=True)
class Evaluation:
    """`value` is for the player to move; `move_values` gives each legal move's value for the mover.

    `exact` is True only when every value was proven (never a heuristic guess). `nodes` counts the
    positions the solver visited (or looked up), for benchmarks. `proof` names a strategy that proves
    the values where one does ("mirror strategy"); `seconds` is how long a search looked, where the
    values come from one that proved nothing.
    """

    value: Value
    move_values: dict[Move, Value] = field(default_factory=dict, hash=False)
    exact: bool = True
    nodes: int = 0
    score: float | None = None  # heuristic score when not exact (higher is better for the mover)
    proof: str = ""
    seconds: float = 0.0

    @property
    def best(self) -> tuple[Move, ...]:
        """Every legal move that keeps the best value, in the engine's move order."""
        if not self.move_values:
            return ()
        top = max(RANK[v] for v in self.move_values.values())
        return tuple(m for m, v in self.move_values.items() if RANK[v] == top)
