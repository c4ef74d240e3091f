"""Exact solver for book 004 (no neighbour): bitboard negamax with a shared memo.

Who owns the markers never matters, only which cells are occupied and which empty cells
the last marker forbids, so a position is the key `occupied | forbidden << cells`. The
memo lives as long as the process (one per board and adjacency), so a game analysed move
after move reuses it. The 5x5 openings are slow to prove in Python (seconds), so the
values of every position with at most three markers ship in `noneighbour.bin`;
`make tables` regenerates that file by search.
"""

from __future__ import annotations

import random
import sys
from functools import lru_cache

from gridgames.engine.moves import Move
from gridgames.engine.rules import bits, king_masks, orthogonal_masks
from gridgames.games.noneighbour.rules import NoNeighbourState
from gridgames.solve import caches, core
from gridgames.solve.base import LOSS, UNKNOWN, WIN, Evaluation, Value
from gridgames.solve.budget import Budget, SearchTimeout

_PACKAGE = __name__.rpartition(".")[0]  # this game's package: its tables ship there
#: This game's optional C core (`_native.c` here); NATIVE() is the module while in use, else None.
NATIVE = core.load(f"{_PACKAGE}._native")

TABLE_FILE = "noneighbour.bin"  # a checked header over JSON
TABLE_BOARDS = ((5, 5, "king"), (5, 5, "orthogonal"))
TABLE_MAX_MARKERS = 3
#: What one board's memo may hold (Python core), in bytes by `entry_bytes`; reaching it empties the
#: memo, even mid-search (it only holds proven values, so the search goes on, slower). At most
#: `SOLVERS_KEPT` boards keep a memo, so the Python memos stay under about 2 x 96 MB together.
MEMO_BYTES = 96 << 20
SOLVERS_KEPT = 2
#: Boards up to this many cells are solved however long it takes (5x5: seconds at most);
#: larger ones get a time budget, one second when the caller gives none.
EXACT_CELLS = 25
DEFAULT_BUDGET = 1.0
#: The C core's limit for this game (its memo keys hold boards up to 103 cells).
NATIVE_CELLS = 103


def needs_budget(rows: int, cols: int) -> bool:
    """Whether a board is searched within a time budget and may stay unproven: over EXACT_CELLS cells
    with the Python core. The C core proves boards up to NATIVE_CELLS in milliseconds (its pairing
    proof: random positions of 6x6 to 10x10 took at most 2.6 ms, none unsolved); `evaluate` still gives
    those boards a default budget, in case one ever takes long."""
    cells = rows * cols
    return cells > EXACT_CELLS and (NATIVE() is None or cells > NATIVE_CELLS)


def entry_bytes(cells: int) -> int:
    """About what one memo entry costs on a board of `cells` cells: the dict's share (with its spare
    room while it grows) and the key, an int of 2 x cells bits."""
    return 100 + sys.getsizeof(1 << (2 * cells))


def memo_positions(cells: int) -> int:
    """How many positions one board's memo holds before it is emptied (MEMO_BYTES)."""
    return max(1024, MEMO_BYTES // entry_bytes(cells))


def _table_name(rows: int, cols: int, adjacency: str) -> str:
    return f"{rows}x{cols}-{adjacency}"


@lru_cache(maxsize=1)
def _shipped() -> dict[str, dict[str, bool]]:
    """The checked shipped table (see tables.py); empty when missing or refused."""
    import json

    from gridgames.solve import tables

    body = tables.load(_PACKAGE, TABLE_FILE, "noneighbour")
    if body is None:
        return {}
    try:
        raw = json.loads(body.decode("utf-8"))
        return {
            board: {**dict.fromkeys(map(str, v["wins"]), True), **dict.fromkeys(map(str, v["losses"]), False)}
            for board, v in raw.items()
        }
    except (ValueError, KeyError, TypeError, AttributeError):
        tables.refused["noneighbour"] = "The shipped table noneighbour is unreadable: search instead."
        return {}


class NoNeighbourSolver:
    """Win/loss of every position of one board size and adjacency, computed on demand."""

    def __init__(
        self, rows: int, cols: int, adjacency: str, use_table: bool = True, memo_limit: int | None = None
    ) -> None:
        self.rows, self.cols, self.adjacency = rows, cols, adjacency
        self.cells = rows * cols
        self.full = (1 << self.cells) - 1
        self.adj = king_masks(rows, cols) if adjacency == "king" else orthogonal_masks(rows, cols)
        self.shipped: dict[int, bool] = {}
        if use_table and (rows, cols, adjacency) in TABLE_BOARDS:
            stored = _shipped().get(_table_name(rows, cols, adjacency), {})
            self.shipped = {int(k): v for k, v in stored.items()}
        self.memo: dict[int, bool] = dict(self.shipped)
        self.memo_limit = memo_positions(self.cells) if memo_limit is None else memo_limit
        self.nodes = 0

    def key(self, occupied: int, forbidden: int) -> int:
        return occupied | forbidden << self.cells

    def wins(self, occupied: int, forbidden: int, deadline: Budget | float | None = None) -> bool:
        """Whether the player to move wins; raises SearchTimeout past `deadline`.

        Safe to call from several threads: the memo only ever gains true facts.
        """
        deadline = Budget.of(deadline)
        native = NATIVE()
        if native is not None and self.cells <= NATIVE_CELLS:
            known = self.shipped.get(self.key(occupied, forbidden))
            if known is not None:
                return known
            king = self.adjacency == "king"
            answer = native.nn_wins(self.rows, self.cols, king, occupied, forbidden,
                                    *core.budget_args(deadline))
            self.nodes += native.nodes()
            if answer is None:
                raise core.stopped(deadline)
            return bool(answer)
        memo, adj, full, n, limit = self.memo, self.adj, self.full, self.cells, self.memo_limit
        if len(memo) > limit:
            self._empty()
        count = [0]

        def search(occ: int, forb: int) -> bool:
            key = occ | forb << n
            known = memo.get(key)
            if known is not None:
                return known
            count[0] += 1
            if not count[0] & 1023:
                deadline.check()
                if len(memo) > limit:  # the cap holds within one long search too
                    self._empty()
            free = full & ~(occ | forb)
            result = False
            while free:
                low = free & -free
                free ^= low
                nocc = occ | low
                if not search(nocc, adj[low.bit_length() - 1] & ~nocc):
                    result = True
                    break
            memo[key] = result
            return result

        try:
            return search(occupied, forbidden)
        finally:
            self.nodes += count[0]

    def _empty(self) -> None:
        """Forget every searched value (in place: a search running now keeps its reference)."""
        self.memo.clear()
        self.memo.update(self.shipped)

    def child(self, occupied: int, index: int) -> tuple[int, int]:
        occ = occupied | 1 << index
        return occ, self.adj[index] & ~occ


@lru_cache(maxsize=SOLVERS_KEPT)
def board_solver(rows: int, cols: int, adjacency: str) -> NoNeighbourSolver:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * rows * cols + 1000))
    return NoNeighbourSolver(rows, cols, adjacency)


@caches.register
def clear_cache() -> None:
    """Forget every solved position but the shipped ones (benchmarks start cold)."""
    board_solver.cache_clear()


def _position(state: NoNeighbourState) -> tuple[NoNeighbourSolver, int, int]:
    solver = board_solver(state.rows, state.cols, state.adjacency)
    occ = state.occupied
    forb = 0 if state.last is None else solver.adj[state.last] & ~occ
    return solver, occ, forb


def _children_shipped(solver: NoNeighbourSolver, occupied: int) -> bool:
    """Whether the shipped table holds the positions every move leads to (then they are looked up)."""
    return bool(solver.shipped) and occupied.bit_count() < TABLE_MAX_MARKERS


def evaluate(state: NoNeighbourState, budget: Budget | float | None = None) -> Evaluation:
    """Every legal move's exact value; moves left unproven when `budget` runs out are UNKNOWN."""
    if state.rows * state.cols > EXACT_CELLS:
        budget = Budget.or_default(budget, DEFAULT_BUDGET)
    solver, occ, forb = _position(state)
    deadline = Budget.of(budget)
    start_nodes = solver.nodes
    values: dict[Move, Value] = {}
    exact = True
    free = list(bits(solver.full & ~(occ | forb)))
    native = NATIVE()
    if native is not None and solver.cells <= NATIVE_CELLS and not _children_shipped(solver, occ):
        # One C call values every move: the Python around a call per move cost more than small searches.
        answers = native.nn_values(state.rows, state.cols, state.adjacency == "king", occ, forb,
                                   *core.budget_args(deadline))
        solver.nodes += native.nodes()
        for i, wins in zip(free, answers, strict=True):
            values[Move((state.cell(i),))] = UNKNOWN if wins is None else WIN if wins else LOSS
        exact = None not in answers
        free = []  # every move is valued
    for i in free:
        move = Move((state.cell(i),))
        if not exact:
            values[move] = UNKNOWN
            continue
        try:
            values[move] = LOSS if solver.wins(*solver.child(occ, i), deadline) else WIN
        except SearchTimeout:
            exact = False
            values[move] = UNKNOWN
    if WIN in values.values():
        value = WIN
    elif not exact:
        value = UNKNOWN
    else:
        value = LOSS
    return Evaluation(value, values, exact=exact, nodes=solver.nodes - start_nodes + len(values) + 1)


def best_move(state: NoNeighbourState, rng: random.Random | None = None) -> Move | None:
    """A winning move if there is one (random among them with `rng`), else any legal move."""
    best = evaluate(state).best
    if not best:
        return None
    return rng.choice(best) if rng is not None else best[0]


def build_table(rows: int, cols: int, adjacency: str, max_markers: int) -> dict[str, list[int]]:
    """Search every position with at most `max_markers` markers (the shipped table's content)."""
    solver = NoNeighbourSolver(rows, cols, adjacency, use_table=False, memo_limit=50_000_000)
    wins: set[int] = set()
    losses: set[int] = set()
    frontier = {(0, 0)}
    for markers in range(max_markers + 1):
        following: set[tuple[int, int]] = set()
        for occ, forb in frontier:
            (wins if solver.wins(occ, forb) else losses).add(solver.key(occ, forb))
            if markers < max_markers:
                for i in bits(solver.full & ~(occ | forb)):
                    following.add(solver.child(occ, i))
        frontier = following
    return {"wins": sorted(wins), "losses": sorted(losses)}


