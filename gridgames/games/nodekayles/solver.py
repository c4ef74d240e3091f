"""Node Kayles' solver hooks: Sprague-Grundy values by independent region (`algorithm`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gridgames.engine.rules import GridState
from gridgames.games.api import Solver
from gridgames.games.nodekayles.rules import NodeKaylesState
from gridgames.solve.budget import Budget

if TYPE_CHECKING:
    from gridgames.solve.base import Evaluation  # annotations only: the solvers load when asked


def _state(state: GridState) -> NodeKaylesState:
    return cast(NodeKaylesState, state)


class NodeKaylesSolver(Solver):
    """Exact on every board; a fresh large region without a table entry takes minutes."""

    def needs_budget(self, state: GridState) -> bool:
        return False

    def evaluate(self, state: GridState, budget: Budget | None) -> Evaluation | None:
        from gridgames.games.nodekayles import algorithm as nodekayles

        return nodekayles.evaluate(_state(state), budget=budget)

    def is_quick(self, state: GridState) -> bool:
        from gridgames.games.nodekayles import algorithm as nodekayles

        return nodekayles.is_quick(_state(state))

    def regions(self, state: GridState, budget: Budget | None = None) -> list[tuple[int, int]] | None:
        from gridgames.games.nodekayles import algorithm as nodekayles

        return nodekayles.regions(_state(state), budget=budget)
