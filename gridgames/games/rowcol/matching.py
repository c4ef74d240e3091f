"""A maximum matching of the rook's graph, built as the proof of Lemma 1 in `algorithm` builds it.

Cells are the edges of the bipartite graph B of rows and columns (cell (r, c) joins row r to column c);
two cells share a row or a column iff their edges meet, so a matching of cells pairs up meeting edges.
Per component of B: a depth-first spanning tree, each non-tree edge given to one of its ends, and the
vertices visited deepest first; at each vertex the edges waiting there (its non-tree edges and its
children's unpaired tree edges, all meeting at it) are paired up, and one left over goes with the tree
edge up to the parent. Only the root may leave one edge unpaired: floor(m/2) pairs for m edges, which
is the maximum (`algorithm.max_matching`). O(rows + cols + cells).
"""

from __future__ import annotations


def maximum_matching(rows: int, cols: int, cells: int) -> list[tuple[int, int]]:
    """Pairs of cell indices (lower first) sharing a row or a column: a maximum matching of `cells`."""
    n = rows + cols  # vertices 0..rows-1 are rows, rows..rows+cols-1 columns; cell i is an edge
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for i in range(rows * cols):
        if cells >> i & 1:
            r, c = divmod(i, cols)
            adj[r].append((rows + c, i))
            adj[rows + c].append((r, i))
    seen = [False] * n
    parent_edge = [-1] * n
    parent = [-1] * n
    waiting: list[list[int]] = [[] for _ in range(n)]
    placed: set[int] = set()  # edges already in the tree or given to a vertex
    pairs: list[tuple[int, int]] = []
    for root in range(n):
        if seen[root] or not adj[root]:
            continue
        order = []  # preorder: a vertex comes before its descendants
        seen[root] = True
        stack = [root]
        while stack:
            v = stack.pop()
            order.append(v)
            for w, edge in adj[v]:
                if edge in placed:
                    continue
                placed.add(edge)
                if seen[w]:
                    waiting[v].append(edge)  # a non-tree edge, given to the end that met it second
                else:
                    seen[w] = True
                    parent[w], parent_edge[w] = v, edge
                    stack.append(w)
        for v in reversed(order):  # deepest first: every child before its parent
            edges = waiting[v]
            for k in range(0, len(edges) - 1, 2):
                pairs.append(_ordered(edges[k], edges[k + 1]))
            if v == root:
                continue
            if len(edges) % 2:
                pairs.append(_ordered(edges[-1], parent_edge[v]))
            else:
                waiting[parent[v]].append(parent_edge[v])
    return pairs


def _ordered(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)
