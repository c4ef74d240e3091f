"""What play in a no-neighbour position depends on, up to renaming the cells (`kind`).

Who owns the markers, where the occupied cells lie and the board's size never matter: only the empty
cells, which of them touch, and which the last marker forbids. Two positions whose empty cells form the
same graph with the same forbidden cells play alike move for move, whatever the board or the
adjacency rule, so a pool of puzzles is only as varied as its kinds. The kind is a canonical form of
that coloured graph: each connected part's form (the least adjacency code over the labellings that
colour refinement and individualisation allow, as in McKay's canonical labelling, without its pruning),
the parts sorted. The parts hold a dozen cells at most, so the search is small.
"""

from __future__ import annotations

from collections.abc import Sequence

from gridgames.engine.rules import bits

#: The most puzzles of one kind the pool keeps (`Solver.puzzle_kind`): the positions with a single
#: winning move come in 14 kinds (`puzzle_search`), and the pool holds at least 300.
MOST_OF_A_KIND = 40

#: One connected part: the forbidden flag of each cell, then each cell's neighbours as a bit mask,
#: in the canonical order.
Part = tuple[tuple[int, ...], tuple[int, ...]]
Kind = tuple[Part, ...]


def kind(adj: Sequence[int], empty: int, forbidden: int) -> Kind:
    """The kind of the position whose empty cells are `empty` (a mask), `forbidden` among them, on a
    board whose cells' neighbours are `adj` (masks)."""
    left = empty
    parts = []
    while left:
        part, grow = 0, left & -left
        while grow:
            part |= grow
            grow = _next_to(adj, part, empty)
        left &= ~part
        parts.append(_part(adj, bits(part), forbidden))
    return tuple(sorted(parts))


def _next_to(adj: Sequence[int], part: int, empty: int) -> int:
    """The empty cells next to `part` not yet in it."""
    out = 0
    for i in bits(part):
        out |= adj[i]
    return out & empty & ~part


def _part(adj: Sequence[int], cells: list[int], forbidden: int) -> Part:
    """The canonical form of one connected part."""
    n = len(cells)
    where = {cell: k for k, cell in enumerate(cells)}
    neighbours = [[where[j] for j in bits(adj[cell]) if j in where] for cell in cells]
    flags = [forbidden >> cell & 1 for cell in cells]
    colours = _refined([(flags[k], len(neighbours[k])) for k in range(n)], neighbours)
    return _best(colours, neighbours, flags)


def _refined(colours: Sequence[object], neighbours: list[list[int]]) -> list[int]:
    """Colour refinement: each cell's colour with its neighbours' colours, until no class splits;
    colours are ranks of sorted signatures, so they name nothing but the graph."""
    ranks = _ranks(colours)
    while True:
        signatures = [(ranks[k], tuple(sorted(ranks[j] for j in neighbours[k]))) for k in range(len(ranks))]
        new = _ranks(signatures)
        if len(set(new)) == len(set(ranks)):
            return new
        ranks = new


def _ranks(values: Sequence[object]) -> list[int]:
    order = sorted(set(values))  # type: ignore[type-var]
    index = {value: rank for rank, value in enumerate(order)}
    return [index[value] for value in values]


def _best(colours: list[int], neighbours: list[list[int]], flags: list[int]) -> Part:
    """The least form over the labellings the colouring allows: where a class holds several cells,
    each of them is singled out in turn and the colouring refined again."""
    n = len(colours)
    if len(set(colours)) == n:
        order = sorted(range(n), key=colours.__getitem__)
        position = {cell: k for k, cell in enumerate(order)}
        masks = tuple(sum(1 << position[j] for j in neighbours[cell]) for cell in order)
        return tuple(flags[cell] for cell in order), masks
    sizes: dict[int, int] = {}
    for colour in colours:
        sizes[colour] = sizes.get(colour, 0) + 1
    target = min(colour for colour, size in sizes.items() if size > 1)
    best: Part | None = None
    for cell in range(n):
        if colours[cell] != target:
            continue
        singled = [(colour, 0 if k == cell or colour != target else 1) for k, colour in enumerate(colours)]
        form = _best(_refined(singled, neighbours), neighbours, flags)
        if best is None or form < best:
            best = form
    assert best is not None
    return best
