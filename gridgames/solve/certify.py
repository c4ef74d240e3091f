"""The certificates of the strategies games share, built from cell masks: a Grundy split and the mirror.

A game that decomposes (Node Kayles, Cram) hands over its regions with their Grundy values before and
after a move; a game whose moves fit `solve.symmetry`'s theorem hands over the free cells after it. Each
builder checks what it is about to claim (the values after the move XOR to 0; the cells left are
mirror-lost) and returns None where that does not hold, so no certificate is shown for a move it does not
prove. The sentences name cells and moves in the entry's coordinates and the players by the entry's names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import TYPE_CHECKING

from gridgames.engine.cells import Cell, row_label
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState, bits
from gridgames.solve import symmetry
from gridgames.solve.certificates import GRUNDY_SPLIT, MIRROR, Certificate

if TYPE_CHECKING:
    from gridgames.engine.entry import Entry

#: [(mask of a region's free cells, its Grundy value)], as `Solver.regions` gives them.
Regions = Sequence[tuple[int, int]]


@dataclass(frozen=True)
class Telling:
    """How one game tells a move's story in one rule book: the move in the book's notation, who plays
    it and who answers (the book's names), what the free cells are called, and the words for the
    position after the move ("With (3,3) and its neighbours locked"), where the story needs them."""

    move: str
    mover: str
    opponent: str
    free_word: str = "free"
    after_move: str = ""

    @classmethod
    def of(
        cls, entry: Entry, state: GridState, move: Move, free_word: str = "free", after_move: str = ""
    ) -> Telling:
        mover = entry.player_names[state.to_move - 1]
        opponent = entry.player_names[2 - state.to_move]
        return cls(entry.format_move(move), mover, opponent, free_word, after_move)


def cells_of(state: GridState, mask: int) -> tuple[Cell, ...]:
    """The cells of a mask, in reading order."""
    return tuple(state.cell(i) for i in bits(mask))


def pair_label(index: int) -> str:
    """'a', 'b', ..., 'z', 'aa', 'ab', ...: the mark shared by the two cells of pair `index` (the
    row letters' spreadsheet sequence, in lower case)."""
    return row_label(index).lower()


def _worth(values: Sequence[int]) -> str:
    """'one region, worth *2' or '3 regions, worth *1, *2 and *3'."""
    stars = [f"*{v}" for v in values]
    if len(stars) == 1:
        return f"one region, worth {stars[0]}"
    return f"{len(stars)} regions, worth {', '.join(stars[:-1])} and {stars[-1]}"


def _sum(values: Sequence[int]) -> str:
    """'1 XOR 2 XOR 3 = 0'."""
    return f"{' XOR '.join(str(v) for v in values)} = {reduce(xor, values, 0)}"


def grundy_split(
    state: GridState, telling: Telling, before: Regions | None, after: Regions
) -> Certificate | None:
    """The Grundy split: the regions after the move are drawn, each labelled with its value, and their
    values XOR to 0; `before` (None when unknown) says what the move changed. None when the values
    after do not XOR to 0 (the move would not win) or no cell is left (the move is simply the last)."""
    if not after or reduce(xor, (value for _, value in after), 0) != 0:
        return None
    t = telling
    values = [value for _, value in after]
    lines = []
    if before:
        was = [value for _, value in before]
        told = f"(Grundy values): {_sum(was)}" if len(was) > 1 else "(its Grundy value)"
        lines.append(f"Before {t.move}, the {t.free_word} cells form {_worth(was)} {told}, not 0.")
    now = f"{_worth(values)}: {_sum(values)}" if len(values) > 1 else _worth(values)
    lines.append(f"{t.after_move}, {'they' if before else f'the {t.free_word} cells'} form {now}.")
    lines.append(
        f"A total of 0 loses for the player to move: whatever {t.opponent} plays, {t.mover} can answer "
        f"back to 0, so {t.mover} makes the last move."
    )
    groups = tuple(cells_of(state, mask) for mask, _ in after)
    return Certificate(GRUNDY_SPLIT, tuple(lines), groups, tuple(f"*{v}" for v in values))


def mirror_pairs(state: GridState, free: int) -> tuple[tuple[Cell, Cell], ...]:
    """Each free cell with its half-turn image, the pair's first cell in reading order first."""
    out = []
    for i in bits(free):
        j = symmetry.cell_image(state.rows, state.cols, i)
        if i < j:
            out.append((state.cell(i), state.cell(j)))
    return tuple(out)


def mirror(state: GridState, telling: Telling, free_after: int) -> Certificate | None:
    """The mirror: the free cells after the move are their own half-turn image and none touches its
    image (`symmetry.mirror_lost`); each is drawn paired with its image. None where that does not hold
    or no cell is left."""
    if not free_after or not symmetry.mirror_lost(state.rows, state.cols, free_after):
        return None
    t = telling
    pairs = mirror_pairs(state, free_after)
    lines = (
        f"{t.after_move}, the {t.free_word} cells are their own mirror image through the centre of the "
        "board (a half turn), and none touches its image: each cell and its image share a letter.",
        f"Whatever {t.opponent} plays, {t.mover} plays its mirror image, which is still free, so "
        f"{t.mover} always has an answer and makes the last move.",
    )
    return Certificate(MIRROR, lines, pairs, tuple(pair_label(i) for i in range(len(pairs))))
