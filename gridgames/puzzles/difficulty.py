"""A puzzle's first rating, from how hard it measured: the size of its proof tree (`proof.Solved.tree`:
from the rules and values alone, whichever solver proved them), its length, how many moves the player
has to choose from, and whether the medium computer level finds the winning move.

    rating = 800 + 60 log2(1 + tree) + 180 (player moves - 1) + 120 log2(legal moves / 4)
                 + 300 if the medium level misses the move,   kept within 800..2500

A proof of a few positions on a board with four moves, one move long, that the medium level finds rates
about 950; a proof tree of 2,000 positions among 30 moves, five moves long, that it misses reaches the top.
Glicko-2 moves the rating from there as players solve and miss it.

That measure orders a game's puzzles; the shipped ratings spread each game's puzzles in that order over
a normal curve round 1500 (`spread`: mean 1500, deviation SPREAD_DEVIATION, the k-th of n at the
(k + 1/2)/n quantile, kept within 800..2500), as the ratings of the players who solve them are: some
games' proofs are all small (rowcol's matchings), and their measured ratings would sit far below
where every new player starts.
"""

from __future__ import annotations

import math
import random
from statistics import NormalDist
from typing import Any

from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState, Rules
from gridgames.solve.hooks import solver_for
from gridgames.solve.players import MEDIUM_DEPTH, MEDIUM_RANDOM, immediate_win
from gridgames.solve.search import RulesPosition, iterate

LOWEST = 800.0
SPREAD_CENTRE = 1500.0
SPREAD_DEVIATION = 350.0
HIGHEST = 2500.0
PER_DOUBLING_OF_PROOF = 60.0
PER_EXTRA_MOVE = 180.0
PER_DOUBLING_OF_CHOICE = 120.0
MEDIUM_MISSES = 300.0


def rating(tree: int, player_moves: int, legal: int, medium_finds: bool) -> float:
    """The first rating of a puzzle measured so (see the module's docstring), to a whole point."""
    score = (
        LOWEST
        + PER_DOUBLING_OF_PROOF * math.log2(1 + max(tree, 0))
        + PER_EXTRA_MOVE * max(player_moves - 1, 0)
        + PER_DOUBLING_OF_CHOICE * math.log2(max(legal, 4) / 4)
        + (0.0 if medium_finds else MEDIUM_MISSES)
    )
    return float(round(min(max(score, LOWEST), HIGHEST)))


def spread(rank: int, count: int) -> float:
    """The rating of the `rank`-th easiest (from 0) of `count` puzzles of a game, to a whole point."""
    point = NormalDist(SPREAD_CENTRE, SPREAD_DEVIATION).inv_cdf((rank + 0.5) / count)
    return float(round(min(max(point, LOWEST), HIGHEST)))


def medium_move(rules: Rules[Any], state: GridState, rng: random.Random) -> Move | None:
    """The move the medium level plays, its random choices drawn from `rng`: a move that wins at once,
    else one move in five at random, else its three-ply search's choice, searched to the full depth
    so that the answer does not depend on the machine's speed."""
    win = immediate_win(rules, state)
    if win is not None:
        return win
    moves = rules.legal_moves(state)
    if rng.random() < MEDIUM_RANDOM:
        return rng.choice(moves)
    adapter = solver_for(rules).search_position(state)
    game, position = adapter if adapter is not None else (RulesPosition(rules), state)
    chosen = None
    for result in iterate(game, position, budget=None, max_depth=MEDIUM_DEPTH):
        chosen = result.move
    return chosen if chosen is not None else rng.choice(moves)

