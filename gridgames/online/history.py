"""A room's game history, kept bounded however long the game runs.

A walls game of token steps never builds a wall, so any of its positions may come back and the
repetition count needs each of them; kept whole, the history grew by a position a move (thousands,
in an attack), and so did each move's cost. So a room's game is folded once it holds `FOLD_AT`
positions: it keeps the last `KEEP_POSITIONS` (takebacks need no replay) and counts the earlier ones
that may still repeat (`Game.folded`). A replay (a load, a takeback past the positions kept) folds
as it goes, so it costs time linear in the moves, not their square.
"""

from __future__ import annotations

from collections.abc import Iterable

from gridgames.engine.game import Game

FOLD_AT = 64
KEEP_POSITIONS = 16


def fold(game: Game, base: int) -> tuple[Game, int]:
    """`game` (from ply `base` on) folded once it holds FOLD_AT positions, and its new base."""
    if len(game.states) < FOLD_AT:
        return game, base
    folded = game.folded(KEEP_POSITIONS)
    return folded, base + len(game.states) - len(folded.states)


def play_on(game: Game, base: int, moves: Iterable[str]) -> tuple[Game, int]:
    """`game` (from ply `base` on) with `moves` played, folded as it goes; raises GameError when one
    does not play."""
    for move in moves:
        game, base = fold(game.play(move), base)
    return game, base
