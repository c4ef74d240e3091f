"""A no-neighbour position's kind (`kinds.kind`) names what play depends on and nothing else: renaming
the cells keeps it, and two positions share it exactly when their empty cells, touching and forbidden
alike, are the same graph (checked against every renaming on small graphs)."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from gridgames.engine.rules import bits, king_masks
from gridgames.games.noneighbour.kinds import kind

Graph = tuple[list[int], int]  # neighbours of each cell as masks, forbidden cells as a mask


@st.composite
def graphs(draw: st.DrawFn, most: int = 8) -> Graph:
    n = draw(st.integers(1, most))
    adj = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if draw(st.booleans()):
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    return adj, draw(st.integers(0, (1 << n) - 1))


def renamed(graph: Graph, order: list[int]) -> Graph:
    adj, forbidden = graph
    out = [0] * len(adj)
    for i, mask in enumerate(adj):
        out[order[i]] = sum(1 << order[j] for j in bits(mask))
    return out, sum(1 << order[i] for i in bits(forbidden))


def same_graph(a: Graph, b: Graph) -> bool:
    """Whether some renaming of `a`'s cells gives `b` (every renaming tried)."""
    n = len(a[0])
    return len(b[0]) == n and any(renamed(a, list(order)) == b for order in permutations(range(n)))


def kind_of(graph: Graph) -> object:
    adj, forbidden = graph
    return kind(adj, (1 << len(adj)) - 1, forbidden)


@given(graphs(), st.randoms(use_true_random=False))
def test_renaming_the_cells_keeps_the_kind(graph: Graph, rng) -> None:
    order = list(range(len(graph[0])))
    rng.shuffle(order)
    assert kind_of(renamed(graph, order)) == kind_of(graph)


@given(graphs(most=5), graphs(most=5))
def test_two_positions_share_a_kind_exactly_when_they_are_the_same_graph(a: Graph, b: Graph) -> None:
    assert (kind_of(a) == kind_of(b)) == same_graph(a, b)


def test_where_the_empty_cells_lie_on_the_board_does_not_matter() -> None:
    adj = king_masks(4, 5)
    cells = lambda *indices: sum(1 << i for i in indices)  # noqa: E731
    # three empty cells in a row, the middle one forbidden: at the top left and at the bottom right
    one = kind(adj, cells(0, 1, 2), cells(1))
    assert one == kind(adj, cells(19, 18, 17), cells(18))
    assert one != kind(adj, cells(0, 1, 2), cells(0))  # an end forbidden instead: another kind
    assert one == kind(adj, cells(0, 1, 7), cells(1))  # a bent row plays as a straight one
    assert one != kind(adj, cells(0, 1, 6), cells(1))  # three cells that all touch: another kind
