"""No-neighbour's part of `make bench`: its boards, and its C core's search loop against the Python
reference on whole searches with no shipped table."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from benchmarks.benching import Board, CoreLoops, GameBench, walk
from gridgames.engine.rules import king_masks
from gridgames.games.noneighbour import algorithm as noneighbour

HOW_C_DIFFERS = (
    "noneighbour: the C core also proves a loss for the player\n"
    "  to move when the empty cells split into pairs of non-neighbours (the other player answers each\n"
    "  marker with its pair), and its memo keeps per occupied set the moves known to win and lose;\n"
    "  the Python reference searches every position."
)


def _solve(rows: int, cols: int, adjacency: str, positions: list[tuple[int, int]]) -> Callable[[], object]:
    """Whole searches of noneighbour positions, with no shipped table: the search loop alone."""

    def work() -> list[bool]:
        solver = noneighbour.NoNeighbourSolver(rows, cols, adjacency, use_table=False)
        return [solver.wins(occ, forb) for occ, forb in positions]

    return work


def _midgame(rng: random.Random, count: int, markers: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    while len(out) < count:
        game = walk(Board("noneighbour", "5x5").game(), rng, markers)
        if game.rules.legal_moves(game.state):
            state: Any = game.state
            forb = 0 if state.last is None else king_masks(5, 5)[state.last] & ~state.occupied
            out.append((state.occupied, forb))
    return out


def _loops(rng: random.Random) -> dict[str, Callable[[], object]]:
    midgame = _midgame(rng, 4, 4)
    return {
        "4x4 king, full solve from the empty board": _solve(4, 4, "king", [(0, 0)]),
        "4x4 orthogonal, full solve from the empty board": _solve(4, 4, "orthogonal", [(0, 0)]),
        "5x5 king, 4 positions after 4 markers": _solve(5, 5, "king", midgame),
    }


BENCH = GameBench(
    speed_boards=(
        Board("noneighbour", "3x3", default=True),
        Board("noneighbour", "4x4"),
        Board("noneighbour", "5x5", {"adjacency": "king"}, positions=6),
        Board("noneighbour", "5x5", {"adjacency": "orthogonal"}, positions=6),
    ),
    level_boards=(Board("noneighbour", "3x3", default=True), Board("noneighbour", "4x4")),
    analysed=("noneighbour",),
    native_built=lambda: noneighbour.NATIVE.built,
    core_loops=CoreLoops("noneighbour", _loops, note=HOW_C_DIFFERS),
    replies=("noneighbour",),
    cancel_boards=(Board("noneighbour", "7x7"),),
)
