"""Node Kayles' solver hooks: Sprague-Grundy values by independent region (`algorithm`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState, orthogonal_masks
from gridgames.games.api import PuzzleBoard, Solver
from gridgames.games.nodekayles.rules import RULES, NodeKaylesState
from gridgames.solve.budget import Budget

if TYPE_CHECKING:
    from gridgames.engine.entry import Entry
    from gridgames.solve.base import Evaluation  # annotations only: the solvers load when asked
    from gridgames.solve.certificates import Certificate


def _state(state: GridState) -> NodeKaylesState:
    return cast(NodeKaylesState, state)


#: How a position decided by symmetry is proven (`gridgames.solve.symmetry`).
MIRROR = "mirror strategy"


def mirror_evaluation(state: NodeKaylesState) -> Evaluation | None:
    """What the mirror strategy proves here (see `solve.symmetry`): a mark takes its cell and its
    free neighbours."""
    from gridgames.solve import symmetry

    free, near = state.free, orthogonal_masks(state.rows, state.cols)

    def left(move: Move) -> int:
        i = state.index(move.cells[0])
        return free & ~((1 << i) | near[i])

    options = ((move, left(move)) for move in RULES.legal_moves(state))
    return symmetry.mirror_evaluation(state.rows, state.cols, free, options)


class NodeKaylesSolver(Solver):
    """Exact on every board; a fresh large region without a table entry takes minutes, unless the
    mirror strategy decides the position (every even x even board from the start, and odd x odd ones
    once the first player has taken the centre)."""

    def puzzle_boards(self) -> tuple[PuzzleBoard, ...]:
        return (PuzzleBoard(4, 5), PuzzleBoard(5, 5), PuzzleBoard(4, 6), PuzzleBoard(5, 6), PuzzleBoard(6, 6))

    def needs_budget(self, state: GridState) -> bool:
        return False

    def evaluate(self, state: GridState, budget: Budget | None) -> Evaluation | None:
        from gridgames.games.nodekayles import algorithm as nodekayles

        if not nodekayles.is_quick(_state(state)):
            mirrored = mirror_evaluation(_state(state))
            if mirrored is not None:
                return mirrored
        return nodekayles.evaluate(_state(state), budget=budget)

    def is_quick(self, state: GridState) -> bool:
        from gridgames.games.nodekayles import algorithm as nodekayles

        return nodekayles.is_quick(_state(state)) or mirror_evaluation(_state(state)) is not None

    def regions(self, state: GridState, budget: Budget | None = None) -> list[tuple[int, int]] | None:
        from gridgames.games.nodekayles import algorithm as nodekayles

        if not nodekayles.is_quick(_state(state)):
            return None  # a region too large to value now (the mirror may still decide the game)
        return nodekayles.regions(_state(state), budget=budget)

    def certificate(self, entry: Entry, state: GridState, move: Move) -> Certificate | None:
        from gridgames.games.nodekayles.certificate import certificate

        return certificate(entry, _state(state), move)
