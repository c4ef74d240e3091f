"""Exact play for `rowcol` (book 003) in linear time, from a closed form of its matching theory.

The game is undirected vertex geography on the rook's graph: the token is the opponent's last claim
v, a move claims an unclaimed cell u in v's row or column, and claimed cells are never visited again.
Fraenkel, Scheinerman and Ullman (Theoret. Comput. Sci. 112, 1993) proved that the player to move
from v wins iff v is in every maximum matching of the graph G of the unclaimed cells plus v.

**The rook's graph is a line graph.** Let B(S) be the bipartite graph whose vertices are the board's
rows and columns, with one edge r-c for each cell (r, c) of a set S. Two cells share a row or a
column iff their edges share an endpoint, so the rook's graph on S is the line graph L(B(S)), and a
matching of cells is a set of disjoint pairs of edges of B(S) that meet.

**Lemma 1.** A connected graph H with m edges has nu(L(H)) = floor(m/2).
*Proof.* No more: a matching of L(H) pairs up distinct edges. At least: take a rooted spanning
tree of H, give each non-tree edge to one of its ends, and visit the vertices deepest first. At a
vertex x, collect the non-tree edges given to x and the edges to x's children that are still unpaired;
all of them meet at x, so pair them up among themselves. If one is left over and x is not the root,
pair it with the tree edge from x to its parent (it also meets at x), which is then no longer
unpaired when the parent is visited. Every edge is collected exactly once (a non-tree edge at its
owner, a tree edge at its parent unless it was already paired at its child), and only the root can
leave one edge unpaired, so floor(m/2) pairs are formed. []

Hence nu(L(H)) is the sum of floor(m_K/2) over the components K of H (a matching pairs only edges of
the same component). A vertex e of a graph lies in every maximum matching iff nu drops when e is
deleted (a maximum matching avoiding e is a matching of the graph minus e of the same size, and
conversely). Deleting a cell e deletes the edge e from B; only e's component K (m edges) changes:

* e is not a bridge of K: K - e is connected with m - 1 edges, and floor((m-1)/2) < floor(m/2) iff
  m is even.
* e is a bridge: K - e has two parts with a + b = m - 1 edges (a part may be a lone vertex, a = 0).
  If m is even, exactly one of a, b is odd and floor(a/2) + floor(b/2) = (m-2)/2 < m/2. If m is odd,
  a and b have the same parity: both even gives (m-1)/2 = floor(m/2), both odd gives (m-3)/2.

**Theorem (the rule used here).** A cell e is in every maximum matching of the rook's graph on S iff
its component of B(S) has an even number of cells, or e is a bridge of B(S) whose removal leaves an
odd number of cells on each side. One depth-first search (Tarjan's bridges, counting the degrees in
each subtree) decides it for every cell at once: O(rows + cols + cells).

So the mover at v wins iff v is essential in S + v (S = unclaimed cells). A move to u leaves the
opponent at u with the graph S itself, so it wins iff u is *not* essential in S; a first move (no
claim yet) may be any cell of S and is judged the same way. `tests/games/rowcol/test_rowcol.py` checks the
rule against a generic maximum matching and against plain negamax on every position of small boards.
"""

from __future__ import annotations

from gridgames.engine.moves import Move
from gridgames.engine.rules import bits
from gridgames.games.rowcol.rules import RULES, RowColState
from gridgames.solve.base import LOSS, WIN, Evaluation


def _line_graph_parts(rows: int, cols: int, cells: int) -> tuple[int, int, int]:
    """(essential cells, maximum matching size, search steps) of the rook's graph on `cells`.

    Vertices 0..rows-1 are rows, rows..rows+cols-1 columns; the edge of cell i is its index.
    """
    n = rows + cols
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    i = 0
    for r in range(rows):
        for c in range(cols):
            if cells >> i & 1:
                adj[r].append((rows + c, i))
                adj[rows + c].append((r, i))
            i += 1
    disc = [0] * n  # discovery time, 0 = not yet visited
    low = [0] * n
    degsum = [0] * n  # sum of degrees over the DFS subtree
    essential = 0
    matching = 0
    visited = 0
    clock = 0
    for root in range(n):
        if disc[root] or not adj[root]:
            continue
        # Iterative DFS: frames of (vertex, edge id to the parent, next neighbour position).
        bridges: list[tuple[int, int]] = []  # (cell, cells on the child's side)
        component = 0  # mask of the component's cells
        clock += 1
        disc[root] = low[root] = clock
        degsum[root] = len(adj[root])
        stack = [[root, -1, 0]]
        while stack:
            frame = stack[-1]
            v, parent_edge, pos = frame
            if pos < len(adj[v]):
                frame[2] = pos + 1
                w, edge = adj[v][pos]
                visited += 1
                if edge == parent_edge:
                    continue
                component |= 1 << edge
                if disc[w]:
                    if disc[w] < low[v]:
                        low[v] = disc[w]
                    continue
                clock += 1
                disc[w] = low[w] = clock
                degsum[w] = len(adj[w])
                stack.append([w, edge, 0])
                continue
            stack.pop()
            if stack:
                p = stack[-1][0]
                degsum[p] += degsum[v]
                if low[v] < low[p]:
                    low[p] = low[v]
                if low[v] > disc[p]:
                    bridges.append((parent_edge, (degsum[v] - 1) // 2))
        m = degsum[root] // 2
        matching += m // 2
        if m % 2 == 0:
            essential |= component
        else:
            for edge, side in bridges:
                if side % 2 == 1:  # then the other side, m - 1 - side, is odd too
                    essential |= 1 << edge
    return essential, matching, visited


def essential_cells(rows: int, cols: int, cells: int) -> int:
    """Mask of the cells that lie in every maximum matching of the rook's graph on `cells`."""
    return _line_graph_parts(rows, cols, cells)[0]


def max_matching(rows: int, cols: int, cells: int) -> int:
    """Size of a maximum matching of the rook's graph on `cells` (pairs sharing a row or column)."""
    return _line_graph_parts(rows, cols, cells)[1]


def mover_wins(state: RowColState) -> bool:
    """The theorem: the player to move wins iff the last claim is in every maximum matching."""
    unclaimed = state.full_mask & ~state.claimed
    if state.last is None:
        return unclaimed != essential_cells(state.rows, state.cols, unclaimed)
    v = 1 << state.last
    return bool(essential_cells(state.rows, state.cols, unclaimed | v) & v)


def evaluate(state: RowColState) -> Evaluation:
    """Exact value of every legal move: a move to u wins iff u is not essential among the unclaimed."""
    unclaimed = state.full_mask & ~state.claimed
    essential, _, visited = _line_graph_parts(state.rows, state.cols, unclaimed)
    values = {
        Move((state.cell(i),)): LOSS if essential >> i & 1 else WIN
        for i in bits(RULES.allowed(state))
    }
    return Evaluation(WIN if mover_wins(state) else LOSS, values, exact=True, nodes=visited)


def best_move(state: RowColState) -> Move | None:
    """A winning move if there is one, else the first legal move; None when no move is left."""
    allowed = RULES.allowed(state)
    if not allowed:
        return None
    unclaimed = state.full_mask & ~state.claimed
    winning = allowed & ~essential_cells(state.rows, state.cols, unclaimed)
    choice = winning or allowed
    return Move((state.cell((choice & -choice).bit_length() - 1),))

