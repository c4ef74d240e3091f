"""Why a winning marker wins in noneighbour (`Solver.certificate`), where a pairing shows it.

A pairing of every empty cell left after the move, the two cells of each pair not neighbours (king or
orthogonal, as the board's adjacency says), is a strategy: whatever cell the opponent takes, its partner
is still empty and does not touch it, so it is a legal answer, and the empty cells left are again
paired. The player with the pairing always has a move and places the last marker. Most winning moves
have no such pairing (an odd number of empty cells, or cells that touch every other); then there is no
certificate and the puzzle shows the line of play. The pairing is found by a small search that stops
after `STEPS` steps (a perfect matching of the graph of non-touching cells, tried most constrained first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridgames.engine.moves import Move
from gridgames.engine.rules import bits
from gridgames.games.noneighbour.rules import RULES, NoNeighbourState, neighbour_masks
from gridgames.solve import certify
from gridgames.solve.certificates import PAIRING, Certificate

if TYPE_CHECKING:
    from gridgames.engine.entry import Entry

#: The pairing search gives up after this many steps. A pairing is usually found in one step per pair
#: (a 10x10 board, 47 pairs: 16 ms); a step costs up to about 0.35 ms there, so the cap is ~0.2 s.
STEPS = 500


def pairing(cells: int, touching: tuple[int, ...], steps: int = STEPS) -> list[tuple[int, int]] | None:
    """A perfect matching of `cells` in which no pair touches (`touching[i]`: the cells next to i), or
    None when there is none or the search ran out of steps first."""
    if cells.bit_count() % 2:
        return None
    left = [steps]

    def match(rest: int) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        left[0] -= 1
        if left[0] < 0:
            return None
        # The cell with the fewest possible partners first: a dead end shows at once.
        partners = {i: rest & ~touching[i] & ~(1 << i) for i in bits(rest)}
        i = min(partners, key=lambda k: partners[k].bit_count())
        for j in bits(partners[i]):
            found = match(rest & ~(1 << i) & ~(1 << j))
            if found is not None:
                return [(i, j), *found]
            if left[0] < 0:
                return None
        return None

    return match(cells)


def certificate(entry: Entry, state: NoNeighbourState, move: Move) -> Certificate | None:
    """The pairing that proves `move` wins; None where none is found."""
    if RULES.why_illegal(state, move) is not None:
        return None
    after = RULES.apply_unchecked(state, move)
    empty = after.full_mask & ~after.occupied
    if not empty:
        return None  # the move is simply the last
    found = pairing(empty, neighbour_masks(after))
    if found is None:
        return None
    told = certify.Telling.of(entry, state, move)
    touch = "side by side" if state.adjacency == "orthogonal" else "side by side or diagonally"
    groups = tuple((state.cell(a), state.cell(b)) for a, b in sorted(tuple(sorted(p)) for p in found))
    lines = (
        f"After {told.move}, the {len(groups) * 2} empty cells pair up as drawn, and no pair touches "
        f"({touch}).",
        f"Whatever cell {told.opponent} takes, its partner is still empty and does not touch it, so "
        f"{told.mover} places there; {told.mover} always has an answer and places the last marker.",
    )
    return Certificate(PAIRING, lines, groups, tuple(certify.pair_label(i) for i in range(len(groups))))
