"""A puzzle's first rating, from how hard it measured: the size of its proof, its length, how many moves
the player has to choose from, and whether the medium computer level finds the winning move.

    rating = 800 + 60 log2(1 + nodes) + 180 (player moves - 1) + 120 log2(legal moves / 4)
                 + 300 if the medium level misses the move,   kept within 800..2500

A proof of a few positions on a board with four moves, one move long, that the medium level finds rates
about 950; a proof of 100,000 positions among 30 moves, five moves long, that it misses reaches the top.
Glicko-2 moves the rating from there as players solve and miss it.
"""

from __future__ import annotations

import math
from typing import Any

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState, Rules
from gridgames.games import solver_for
from gridgames.solve.players import MEDIUM_DEPTH, immediate_win
from gridgames.solve.search import RulesPosition, iterate

LOWEST = 800.0
HIGHEST = 2500.0
PER_DOUBLING_OF_PROOF = 60.0
PER_EXTRA_MOVE = 180.0
PER_DOUBLING_OF_CHOICE = 120.0
MEDIUM_MISSES = 300.0


def rating(nodes: int, player_moves: int, legal: int, medium_finds: bool) -> float:
    """The first rating of a puzzle measured so (see the module's docstring), to a whole point."""
    score = (
        LOWEST
        + PER_DOUBLING_OF_PROOF * math.log2(1 + max(nodes, 0))
        + PER_EXTRA_MOVE * max(player_moves - 1, 0)
        + PER_DOUBLING_OF_CHOICE * math.log2(max(legal, 4) / 4)
        + (0.0 if medium_finds else MEDIUM_MISSES)
    )
    return float(round(min(max(score, LOWEST), HIGHEST)))


def medium_move(rules: Rules[Any], state: GridState) -> Move | None:
    """The move the medium level plays when it thinks (it plays one move in five at random, left out
    here): a move that wins at once, else its three-ply search's choice, searched to the full depth
    so that the answer does not depend on the machine's speed."""
    win = immediate_win(rules, state)
    if win is not None:
        return win
    adapter = solver_for(rules).search_position(state)
    game, position = adapter if adapter is not None else (RulesPosition(rules), state)
    chosen = None
    for result in iterate(game, position, budget=None, max_depth=MEDIUM_DEPTH):
        chosen = result.move
    return chosen


def medium_finds(rules: Rules[Any], state: GridState, move: Move) -> bool:
    """Whether the medium level, thinking, plays `move` in `state`."""
    return medium_move(rules, state) == move
