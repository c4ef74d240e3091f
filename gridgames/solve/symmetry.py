"""Symmetry as a proof: the point-mirror strategy (a half turn about the board's centre), over cell masks.

Cells are indexed row * cols + col, so the half turn sends cell i to cell n - 1 - i (n = rows * cols): the
image of a mask is its n bits reversed. The proof covers the games whose moves are of one of two kinds:

- one free cell that is taken together with its free orthogonal neighbours (Node Kayles);
- two orthogonally adjacent free cells that are taken and nothing else (Cram).

Theorem (the mirror strategy; Winning Ways ch. 2 "Tweedledum and Tweedledee", Gardner 1974 for Cram).
Call the free cells F *mirror-lost* when F is its own image and no cell of F is its own image or an
orthogonal neighbour of it. Then the player to move from F loses. Proof: whatever move m the mover makes,
the image move m' is legal afterwards, because the cells of m' are free in F by symmetry and m took only
cells of m or next to them (Node Kayles), or only the cells of m (Cram), none of which is the image of a
cell of m unless a cell of F touches or is its own image. After m', the free cells F minus (what m took)
minus (its image) are again their own image and, being fewer, still mirror-lost; the mirroring player
always has a reply, so she makes the last move.

Which boards this decides, from the start (see `touching_own_image`): on even x even boards no cell
touches its image, so the empty board is mirror-lost and the second player wins (Cram and Node Kayles).
On even x odd boards exactly the two central cells touch their images and they form a domino: in Cram the
first player takes that domino, leaving a mirror-lost position, and wins. On odd x odd boards only the
centre touches (it is its own image): in Node Kayles the first player takes the centre (and with it its
neighbours) and wins; in Cram no domino is its own image, so symmetry decides nothing there.

`mirror_reply` finds the proven move in any position one move from mirror-lost; `mirror_lost` says when
the player to move is lost. The game supplies its moves and the free cells each leaves; nothing here
names a game. `board_symmetries` lists a board's eight (or four) symmetries as permutations of its
cells, for whatever must treat a position and its images as one (the puzzles' repeat rule).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from gridgames.engine.moves import Move as GameMove
    from gridgames.solve.base import Evaluation

Move = TypeVar("Move")


def image(rows: int, cols: int, mask: int) -> int:
    """The half-turn image of a mask of cells: its rows * cols bits reversed."""
    n = rows * cols
    if not mask:
        return 0
    return int(format(mask, f"0{n}b")[::-1], 2)


def cell_image(rows: int, cols: int, cell: int) -> int:
    """The cell a half turn sends `cell` to."""
    return rows * cols - 1 - cell


@lru_cache(maxsize=256)
def touching_own_image(rows: int, cols: int) -> int:
    """The mask of the cells that are their own image or an orthogonal neighbour of it."""
    out = 0
    for cell in range(rows * cols):
        other = cell_image(rows, cols, cell)
        (r, c), (r2, c2) = divmod(cell, cols), divmod(other, cols)
        if abs(r - r2) + abs(c - c2) <= 1:
            out |= 1 << cell
    return out


def is_symmetric(rows: int, cols: int, free: int) -> bool:
    """Whether the free cells are their own half-turn image."""
    return image(rows, cols, free) == free


def mirror_lost(rows: int, cols: int, free: int) -> bool:
    """Whether the player to move loses by the mirror strategy (see the module's theorem)."""
    return not free & touching_own_image(rows, cols) and is_symmetric(rows, cols, free)


#: How a position decided here is proven, as the analysis and the hint say it.
PROOF = "mirror strategy"


def mirror_evaluation(
    rows: int, cols: int, free: int, options: Iterable[tuple[GameMove, int]]
) -> Evaluation | None:
    """What the mirror strategy proves about a position with these free cells, given each legal move
    with the free cells it leaves; None when it proves nothing. Mirror-lost: every move loses (exact).
    One move from mirror-lost: that move wins (the others are left unknown)."""
    from gridgames.solve.base import LOSS, UNKNOWN, WIN, Evaluation

    options = list(options)
    if mirror_lost(rows, cols, free):
        return Evaluation(LOSS, {move: LOSS for move, _ in options}, exact=True, proof=PROOF)
    reply = mirror_reply(rows, cols, options)
    if reply is None:
        return None
    values = {move: UNKNOWN for move, _ in options}
    values[reply] = WIN
    return Evaluation(WIN, values, exact=False, proof=PROOF)


def mirror_reply(rows: int, cols: int, options: Iterable[tuple[Move, int]]) -> Move | None:
    """The first move that leaves a mirror-lost position, given each legal move with the free cells it
    leaves; None when there is none. While the mirror strategy's owner is to move in a position one mirror
    reply away from symmetric (or at the start of an even x odd Cram or odd x odd Node Kayles board), this
    is the proven winning move: the reply that copies the opponent's last move through the centre."""
    for move, free_after in options:
        if mirror_lost(rows, cols, free_after):
            return move
    return None


@lru_cache(maxsize=64)
def board_symmetries(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Every symmetry of a rows x cols board as a permutation of cell indices (8 for a square, else 4),
    the identity first: a position and its images are one puzzle to the quality rules."""
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c), lambda r, c: (rows - 1 - r, c),
        lambda r, c: (r, cols - 1 - c), lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r), lambda r, c: (cols - 1 - c, r),
            lambda r, c: (c, rows - 1 - r), lambda r, c: (cols - 1 - c, rows - 1 - r),
        ]
    out = []
    for f in maps:
        perm = []
        for r in range(rows):
            for c in range(cols):
                rr, cc = f(r, c)
                perm.append(rr * cols + cc)
        out.append(tuple(perm))
    return tuple(out)
