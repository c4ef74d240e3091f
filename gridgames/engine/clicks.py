"""How clicks on cells become a move: the game's answer to the cells pointed at so far, in order.

A move may cover several cells, so the board hands the game every cell pointed at so far (a click,
or Enter on the cursor's cell), in order, and the game answers with `Clicks`: the moves those
clicks may still mean and the cells that may come next (`Rules.clicks`). Two ways of answering are
here for a game to use: `in_any_order` (a domino, a tromino: its cells in any order, the default)
and `in_order` (a from-to step, or a queen's move and an arrow: the first click is where the piece
starts). A cell may occur more than once in a move (an arrow shot back onto the cell just left), so
both count cells, never test sets. Nothing here knows a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from gridgames.engine.cells import Cell
from gridgames.engine.moves import Move


@dataclass(frozen=True)
class Clicks:
    """What the clicks so far may still mean: the `moves`, and the cells that may come `next`."""

    moves: tuple[Move, ...] = ()
    next: frozenset[Cell] = frozenset()

    def complete(self, picked: tuple[Cell, ...]) -> tuple[Move, ...]:
        """The moves whose every cell has been pointed at (the order of `picked` first)."""
        exact = [m for m in self.moves if m.cells == picked]
        wanted = Counter(picked)
        return tuple(exact + [m for m in self.moves if m.cells != picked and Counter(m.cells) == wanted])


def in_any_order(moves: Iterable[Move], picked: tuple[Cell, ...]) -> Clicks:
    """The moves that cover every picked cell (as often as it was picked), in any order; next, their
    cells not yet picked."""
    wanted = Counter(picked)
    kept: list[Move] = []
    following: set[Cell] = set()
    for move in moves:
        left = Counter(move.cells)
        left.subtract(wanted)
        if min(left.values(), default=0) >= 0:
            kept.append(move)
            following.update(cell for cell, count in left.items() if count > 0)
    return Clicks(tuple(kept), frozenset(following))


def in_order(moves: Iterable[Move], picked: tuple[Cell, ...]) -> Clicks:
    """The moves whose first cells are the picked ones, in that order; next, each one's next cell."""
    n = len(picked)
    kept = tuple(m for m in moves if m.cells[:n] == picked)
    return Clicks(kept, frozenset(m.cells[n] for m in kept if len(m.cells) > n))
