"""Solver for book 001 (tokens and walls), where positions can cycle: win, loss or draw.

Positions are seen from the player to move: (my token, the other token, walls). Who is
who does not matter, and history does not either (the game, not the solver, counts
repetitions). Walls only ever grow, so small boards are solved exactly by retrograde
analysis one wall set at a time, fullest first: building a wall leads to a solved wall
set, stepping stays inside the current one, where the standard retrograde fixed point
runs (a stuck mover loses; a position with a move to a loss wins; one whose moves all
lead to wins loses; whatever is left is a draw). Boards up to 12 cells are solved on
first use (20 with the C core, and the open part of a larger board once it is
that small); 4x4 ships as `walls-4x4.bin` for the Python core (`make tables`
rebuilds it). Larger boards use iterative-deepening alpha-beta with a liberties and
territory evaluation; there only forced wins and losses within the horizon are exact.
"""

from __future__ import annotations

import random
import sys
from array import array
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gridgames.engine.cells import Cell
from gridgames.engine.moves import Move
from gridgames.engine.rules import bits, orthogonal_masks
from gridgames.games.walls.rules import WALL, WallsState
from gridgames.solve import caches, core
from gridgames.solve.base import DRAW, LOSS, RANK, UNKNOWN, WIN, Evaluation, Value, after_move
from gridgames.solve.budget import Budget, SearchTimeout
from gridgames.solve.search import MATE, MATE_BOUND, Searcher, SearchResult, iterate

_PACKAGE = __name__.rpartition(".")[0]  # this game's package: its tables ship there
#: This game's optional C core (`_native.c` here); NATIVE() is the module while in use, else None.
NATIVE = core.load(f"{_PACKAGE}._native")

#: Table codes (0 = not a position).
CODE = {LOSS: 1, DRAW: 2, WIN: 3}
VALUE: dict[int, Value] = {1: LOSS, 2: DRAW, 3: WIN}
RUNTIME_CELLS = 12  # boards (or open parts of boards) this small are solved on first use
#: With the C core: open parts this small are solved within a reply's budget (16 cells: ~0.2 s)...
NATIVE_CELLS = 16
#: ...and whole boards this small too, given the time (20 cells, 4x5: ~4.5 s, 105 MB).
NATIVE_BOARD_CELLS = 20
SHIPPED = {(4, 4): "walls-4x4.bin"}
#: Boards whose few-wall positions ship (the rest is solved live once the open part is small).
LAYERED = {(5, 5): "walls-5x5.bin"}

Pos = tuple[Any, ...]  # (me: int | None, opp: int | None, walls: int)


def _index(n: int, walls: int, me: int, opp: int) -> int:
    return (walls * n + me) * n + opp


def retrograde(rows: int, cols: int) -> bytearray:
    """The value code of every position (mover's token, other token, walls) of the board."""
    return retrograde_graph(orthogonal_masks(rows, cols))


def retrograde_graph(nbr: Sequence[int], budget: Budget | None = None) -> bytearray:
    """The value code of every position of the game played on a graph of `len(nbr)` cells
    (`nbr[i]`: mask of cell i's neighbours), indexed `(walls * n + me) * n + opp`."""
    n = len(nbr)
    full = (1 << n) - 1
    table = bytearray((1 << n) * n * n)
    for walls in range(full, -1, -1):
        free = full & ~walls
        cells = bits(free)
        if len(cells) < 2:
            continue
        if budget is not None:
            budget.check()
        base = walls * n
        value: dict[tuple[int, int], int] = {}
        pending: dict[tuple[int, int], int] = {}  # unresolved: steps not yet known to lose
        drawish: set[tuple[int, int]] = set()  # unresolved with a wall move that draws
        queue: list[tuple[int, int]] = []
        for me in cells:
            for opp in cells:
                if me == opp:
                    continue
                empty = free & ~(1 << me | 1 << opp)
                steps = nbr[me] & empty
                if not steps:
                    value[me, opp] = 1
                    queue.append((me, opp))
                    continue
                opp_libs = nbr[opp] & empty
                if opp_libs & (opp_libs - 1) == 0:  # one liberty: wall it (none: it is stuck)
                    value[me, opp] = 3
                    queue.append((me, opp))
                    continue
                draws = False
                won = False
                for c in bits(empty):
                    code = table[((walls | 1 << c) * n + opp) * n + me]
                    if code == 1:
                        won = True
                        break
                    if code == 2:
                        draws = True
                if won:
                    value[me, opp] = 3
                    queue.append((me, opp))
                    continue
                pending[me, opp] = steps.bit_count()
                if draws:
                    drawish.add((me, opp))
        while queue:
            a, b = queue.pop()
            code = value[a, b]
            for x in bits(nbr[b] & free & ~(1 << a)):
                pred = (x, a)
                if pred not in pending:
                    continue
                if code == 1:
                    del pending[pred]
                    value[pred] = 3
                    queue.append(pred)
                elif code == 3:
                    pending[pred] -= 1
                    if not pending[pred] and pred not in drawish:
                        del pending[pred]
                        value[pred] = 1
                        queue.append(pred)
        for pos in pending:
            value[pos] = 2
        for (me, opp), code in value.items():
            table[(base + me) * n + opp] = code
    return table


def is_exact_board(rows: int, cols: int) -> bool:
    """Whether every position of this board has a retrograde value (computed or shipped)."""
    if rows * cols <= RUNTIME_CELLS or (NATIVE() is not None and rows * cols <= NATIVE_BOARD_CELLS):
        return True
    return (rows, cols) in SHIPPED and exact_table(rows, cols) is not None


def is_exact(rows: int, cols: int, walls: int) -> bool:
    """Whether positions with these walls get exact values (the whole board or its open part is
    small, or a shipped table covers them)."""
    open_cells = rows * cols - walls.bit_count()
    live = NATIVE_CELLS if NATIVE() is not None else RUNTIME_CELLS
    if is_exact_board(rows, cols) or open_cells <= live:
        return True
    layered = layered_table(rows, cols)
    return layered is not None and layered.covers(walls)


def awaits_board_pass(rows: int, cols: int, walls: int) -> bool:
    """Whether exact values here wait on a whole-board pass that takes seconds (17 to 20 cells, C core)
    and has not been made in this process. Until `prepare` has made it, play searches (not proven):
    a reply's budget is far too short for the pass, and a pass cut short is thrown away."""
    live = NATIVE_CELLS if NATIVE() is not None else RUNTIME_CELLS
    n = rows * cols
    if n <= live or (rows, cols) in SHIPPED or _boards.get((rows, cols)) is not None:
        return False
    if not is_exact_board(rows, cols) or n - walls.bit_count() <= live:
        return False
    layered = layered_table(rows, cols)
    if layered is not None and layered.covers(walls):
        return False
    return not any((r, c) == (rows, cols) and t.covers(walls) for (r, c, _), t in list(_recent.items()))


def prepare(rows: int, cols: int, budget: Budget | float | None = None) -> bool:
    """Make the whole-board pass now, kept for the rest of the process (the app does it in a worker as
    a game with a perfect or hard seat starts); True when the board's exact table is at hand."""
    return exact_table(rows, cols, budget) is not None


class Packed:
    """The C core's table: 2-bit codes, four a byte; indexed like the Python bytearray."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __getitem__(self, i: int) -> int:
        return (self.data[i >> 2] >> ((i & 3) * 2)) & 3


@dataclass(frozen=True)
class ExactTable:
    """Retrograde values of every position whose walls include `base`: the game on the open cells.

    `cells` are the board cells not in `base`, in order; the table is indexed by positions within
    them (walls as a mask over `cells`), so a board with enough walls is solved like a small board.
    """

    base: int
    cells: tuple[int, ...]
    data: Packed | bytearray

    def covers(self, walls: int) -> bool:
        return not self.base & ~walls

    def code(self, me: int, opp: int, walls: int) -> int:
        m = len(self.cells)
        if not self.base:
            return self.data[(walls * m + me) * m + opp]
        at = {cell: k for k, cell in enumerate(self.cells)}
        sub = 0
        for c in bits(walls & ~self.base):
            sub |= 1 << at[c]
        return self.data[(sub * m + at[me]) * m + at[opp]]


def _symmetries(side: int) -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of a square board as cell permutations (the identity first)."""
    e = side - 1
    out = []
    for s in range(8):
        perm = []
        for cell in range(side * side):
            r, c = divmod(cell, side)
            rr = (r, c, e - r, r, e - r, c, e - c, e - c)[s]
            cc = (c, r, c, e - c, e - c, e - r, r, e - r)[s]
            perm.append(rr * side + cc)
        out.append(tuple(perm))
    return tuple(out)


class LayeredTable:
    """The shipped 5x5 table (`make_table.c`, `make_table.py`): every position with
    fewer than `max_walls` walls. Per wall count, the wall sets least among their 8 symmetric images,
    ascending, and the 2-bit codes of their positions (mover on the i-th open cell, other on the j-th
    open cell but the mover's), in blocks of BLOCK_SETS sets, each decompressed when first needed."""

    BLOCK_SETS = 1024

    def __init__(self, side: int, body: bytes) -> None:
        self.side, self.n = side, side * side
        self.perms = _symmetries(side)
        view = memoryview(body)
        layers = []
        at = 1
        for _ in range(body[0]):
            count = int.from_bytes(view[at : at + 4], "little")
            at += 4
            sets_chunk, at = self._chunk(view, at)
            count_blocks = int.from_bytes(view[at : at + 4], "little")
            at += 4
            blocks = []
            for _ in range(count_blocks):
                block, at = self._chunk(view, at)
                blocks.append(block)
            layers.append((count, sets_chunk, blocks))
        if at != len(body):
            raise ValueError("trailing bytes")
        self.raw_layers = layers
        self.sets: dict[int, array[int]] = {}
        self.blocks: dict[tuple[int, int], bytes] = {}

    @staticmethod
    def _chunk(view: memoryview, at: int) -> tuple[bytes, int]:
        size = int.from_bytes(view[at : at + 4], "little")
        end = at + 4 + size
        if end > len(view):
            raise ValueError("a chunk past the end")
        return bytes(view[at + 4 : end]), end

    @property
    def max_walls(self) -> int:
        return len(self.raw_layers) - 1

    def covers(self, walls: int) -> bool:
        """Positions with these walls, and their children (one wall more), are in the table."""
        return walls.bit_count() < self.max_walls

    def _sets(self, k: int) -> array[int]:
        sets = self.sets.get(k)
        if sets is None:
            import lzma

            count, chunk, _ = self.raw_layers[k]
            sets = array("I")
            sets.frombytes(lzma.decompress(chunk))
            if sys.byteorder != "little":
                sets.byteswap()
            if len(sets) != count:
                raise ValueError("a layer's wall sets of the wrong size")
            self.sets[k] = sets
        return sets

    def _block(self, k: int, b: int) -> bytes:
        block = self.blocks.get((k, b))
        if block is None:
            import lzma

            block = self.blocks[k, b] = lzma.decompress(self.raw_layers[k][2][b])
        return block

    def code(self, me: int, opp: int, walls: int) -> int:
        least, perm = walls, self.perms[0]
        for p in self.perms[1:]:
            image = 0
            for c in bits(walls):
                image |= 1 << p[c]
            if image < least:
                least, perm = image, p
        me, opp = perm[me], perm[opp]
        k = walls.bit_count()
        sets = self._sets(k)
        i = bisect_left(sets, least)
        if i == len(sets) or sets[i] != least:
            raise ValueError("a wall set missing from its layer")
        f = self.n - k
        free = ((1 << self.n) - 1) & ~least
        ri = (free & ((1 << me) - 1)).bit_count()
        rj = (free & ~(1 << me) & ((1 << opp) - 1)).bit_count()
        block, i = divmod(i, self.BLOCK_SETS)
        codes = self._block(k, block)
        at = ((i * f + ri) * (f - 1) + rj) * 2
        return (codes[at >> 3] >> (at & 7)) & 3


def _load_layered(rows: int, cols: int) -> LayeredTable | None:
    """The checked 5x5 table (its header: tables.py), or None: then those positions are searched."""
    if (rows, cols) not in LAYERED:
        return None
    from gridgames.solve import tables

    name = _table_name(rows, cols)
    body = tables.load(_PACKAGE, LAYERED[rows, cols], name)
    if body is None:
        return None
    try:
        return LayeredTable(rows, body)
    except (ValueError, IndexError):
        tables.refused[name] = f"The shipped table {name} is unreadable: search instead."
        return None


_layered: dict[tuple[int, int], LayeredTable | None] = {}


def layered_table(rows: int, cols: int) -> LayeredTable | None:
    if (rows, cols) not in _layered:
        _layered[rows, cols] = _load_layered(rows, cols)
    return _layered[rows, cols]


def _graph(rows: int, cols: int, cells: tuple[int, ...]) -> list[int]:
    nbr = orthogonal_masks(rows, cols)
    at = {cell: k for k, cell in enumerate(cells)}
    return [sum(1 << at[c] for c in bits(nbr[cell]) if c in at) for cell in cells]


def _solve_graph(nbr: Sequence[int], budget: Budget | None) -> Packed | bytearray:
    native = NATIVE()
    if native is None:
        return retrograde_graph(nbr, budget)
    data = native.walls_retrograde(nbr, *core.budget_args(budget))
    if data is None:
        raise core.stopped(budget)
    return Packed(data)


def _bounded(budget: Budget | float | None, cells: int) -> Budget | None:
    """The budget for solving `cells` cells: a small graph (bounded work, a fraction of a second
    with the C core) keeps only the stop check, so its answer does not depend on the machine's load."""
    if budget is None:
        return None
    budget = Budget.of(budget)
    small = cells <= (NATIVE_CELLS if NATIVE() is not None else RUNTIME_CELLS - 3)
    return budget.untimed() if small else budget


_recent: dict[tuple[int, int, int], ExactTable] = {}  # (rows, cols, base walls) -> table; few kept
RECENT_TABLES = 4


def exact_for(
    rows: int, cols: int, walls: int, budget: Budget | float | None = None
) -> ExactTable | LayeredTable | None:
    """A table that holds the exact value of positions with these walls, if one can be had in time.

    Whole boards up to RUNTIME_CELLS (NATIVE_BOARD_CELLS with the C core) and the shipped 4x4; on
    larger boards, the open part once it is small enough (NATIVE_CELLS with the C core).
    """
    whole = exact_table(rows, cols, budget)
    if whole is not None:
        return whole
    layered = layered_table(rows, cols)
    if layered is not None and layered.covers(walls):
        return layered
    for (r, c, _base), table in list(_recent.items()):
        if (r, c) == (rows, cols) and table.covers(walls):
            return table
    full = (1 << (rows * cols)) - 1
    cells = tuple(bits(full & ~walls))
    if len(cells) > (NATIVE_CELLS if NATIVE() is not None else RUNTIME_CELLS):
        return None
    try:
        data = _solve_graph(_graph(rows, cols, cells), _bounded(budget, len(cells)))
    except SearchTimeout:
        return None
    table = ExactTable(walls, cells, data)
    if len(_recent) >= RECENT_TABLES:
        _recent.pop(next(iter(_recent)))
    _recent[rows, cols, walls] = table
    return table


_boards: dict[tuple[int, int], ExactTable | None] = {}
#: Whole-board tables kept at once: a 20-cell board's is 105 MB (2 bits for each of 2**20 x 20 x 20
#: positions), so at most two are held, and room is made before the next is built.
BOARDS_KEPT = 2


def exact_table(rows: int, cols: int, budget: Budget | float | None = None) -> ExactTable | None:
    """The retrograde table of the whole board if it is small enough or shipped, else None."""
    key = (rows, cols)
    if key in _boards:
        return _boards[key]
    n = rows * cols
    table: ExactTable | None = None
    while len(_boards) >= BOARDS_KEPT:
        _boards.pop(next(iter(_boards)))
    shipped = _load_shipped(rows, cols) if (rows, cols) in SHIPPED else None
    if shipped is not None:
        table = ExactTable(0, tuple(range(n)), shipped)
    elif n <= RUNTIME_CELLS or (NATIVE() is not None and n <= NATIVE_BOARD_CELLS):
        try:
            data = _solve_graph(orthogonal_masks(rows, cols), _bounded(budget, n))
        except SearchTimeout:
            return None
        table = ExactTable(0, tuple(range(n)), data)
    _boards[key] = table
    return table


def _load_shipped(rows: int, cols: int) -> bytearray | None:
    """The checked shipped table of this board (see tables.py), or None: then positions are searched."""
    name = SHIPPED.get((rows, cols))
    if name is None:
        return None
    from gridgames.solve import tables

    body = tables.load(_PACKAGE, name, _table_name(rows, cols))
    if body is None:
        return None
    import lzma

    try:
        data = bytearray(lzma.decompress(body))
    except lzma.LZMAError:
        data = bytearray()
    n = rows * cols
    if len(data) != (1 << n) * n * n or max(data, default=0) > 3:
        tables.refused[_table_name(rows, cols)] = (
            f"The shipped table {_table_name(rows, cols)} does not hold one value per position, "
            "so positions are searched instead."
        )
        return None
    return data


def _table_name(rows: int, cols: int) -> str:
    return f"walls-{rows}x{cols}"


@caches.register
def clear_cache() -> None:
    """Forget every computed table (benchmarks start cold)."""
    _boards.clear()
    _recent.clear()


# -- positions seen from the mover -----------------------------------------------------


def perspective(state: WallsState) -> Pos:
    return (state.token(state.to_move), state.token(3 - state.to_move), state.walls)


class WallsBoard:
    """Bitboard geometry and move generation for one board size (the search `Position`)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.n = rows * cols
        self.full = (1 << self.n) - 1
        self.nbr = orthogonal_masks(rows, cols)
        self.step_moves = tuple(Move((Cell(*divmod(i, cols)),)) for i in range(self.n))
        self.wall_moves = tuple(Move((Cell(*divmod(i, cols)),), WALL) for i in range(self.n))
        self.not_first_col = sum(1 << (r * cols) for r in range(rows)) ^ self.full
        self.not_last_col = sum(1 << (r * cols + cols - 1) for r in range(rows)) ^ self.full

    def empty(self, pos: Pos) -> int:
        me, opp, walls = pos
        taken: int = walls
        if me is not None:
            taken |= 1 << me
        if opp is not None:
            taken |= 1 << opp
        return self.full & ~taken

    def moves(self, pos: Pos) -> Iterator[tuple[Move, Pos]]:
        """Every legal move and the position after it (from the opponent's side)."""
        me, opp, walls = pos
        empty = self.empty(pos)
        if me is None:
            for i in bits(empty):
                yield self.step_moves[i], (opp, i, walls)
            return
        steps = self.nbr[me] & empty
        if not steps:
            return
        for i in bits(steps):
            yield self.step_moves[i], (opp, i, walls)
        for i in bits(empty):
            yield self.wall_moves[i], (opp, me, walls | 1 << i)

    # -- the search Position protocol ------------------------------------------------
    def key(self, pos: Pos) -> Pos:
        return pos

    def children(self, pos: Pos) -> list[tuple[Move, Pos]]:
        me, opp, walls = pos
        if me is None:  # set-up: roomy cells first
            empty = self.empty(pos)
            return sorted(self.moves(pos), key=lambda mc: -(self.nbr[mc[1][1]] & empty).bit_count())
        empty = self.empty(pos)
        nbr = self.nbr
        opp_libs = nbr[opp] & empty if opp is not None else 0
        steps = [
            (self.step_moves[i], (opp, i, walls)) for i in bits(nbr[me] & empty)
        ]
        steps.sort(key=lambda mc: -(nbr[mc[1][1]] & empty).bit_count())
        near = [(self.wall_moves[i], (opp, me, walls | 1 << i)) for i in bits(opp_libs)]
        rest = [(self.wall_moves[i], (opp, me, walls | 1 << i)) for i in bits(empty & ~opp_libs)]
        return near + steps + rest

    def terminal(self, pos: Pos) -> int | None:
        me, opp, walls = pos
        if me is None or opp is None:
            return None
        empty = self.empty(pos)
        if not self.nbr[me] & empty:
            return -MATE
        libs = self.nbr[opp] & empty
        if libs & (libs - 1) == 0:
            return MATE - 1  # wall the last liberty (or just move on, if there is none)
        return None

    def grow(self, mask: int, empty: int) -> int:
        cols = self.cols
        return (
            mask
            | ((mask << 1) & self.not_first_col)
            | ((mask >> 1) & self.not_last_col)
            | (mask << cols)
            | (mask >> cols)
        ) & (empty | mask)

    def evaluate(self, pos: Pos) -> int:
        """Liberties count most; then the cells each token reaches first (its territory)."""
        me, opp, walls = pos
        empty = self.empty(pos)
        nbr = self.nbr
        if me is None:  # set-up: the other token's room counts against me
            return 0 if opp is None else -8 * (nbr[opp] & empty).bit_count()
        if opp is None:
            return 8 * (nbr[me] & empty).bit_count()
        mine: int = 1 << me
        theirs: int = 1 << opp
        seen = mine | theirs
        while True:
            grow_mine = self.grow(mine, empty) & ~seen
            grow_theirs = self.grow(theirs, empty) & ~seen
            if not grow_mine and not grow_theirs:
                break
            both = grow_mine & grow_theirs
            mine |= grow_mine & ~both
            theirs |= grow_theirs & ~both
            seen |= grow_mine | grow_theirs
        libs = (nbr[me] & empty).bit_count() - (nbr[opp] & empty).bit_count()
        return 8 * libs + mine.bit_count() - theirs.bit_count()


@lru_cache(maxsize=8)
def board_for(rows: int, cols: int) -> WallsBoard:
    return WallsBoard(rows, cols)


# -- exact values from the table -------------------------------------------------------


def table_value(table: ExactTable | LayeredTable, board: WallsBoard, pos: Pos) -> Value:
    """The exact value of a position for the mover, set-up positions included."""
    me, opp, walls = pos
    if me is not None and opp is not None:
        return VALUE[table.code(me, opp, walls)]
    values = [after_move(table_value(table, board, child)) for _, child in board.moves(pos)]
    return max(values, key=RANK.__getitem__, default=LOSS)


def _score_value(score: int) -> Value:
    if score >= MATE_BOUND:
        return WIN
    if score <= -MATE_BOUND:
        return LOSS
    return UNKNOWN


def evaluate(state: WallsState, budget: Budget | float | None = None) -> Evaluation:
    """Exact on boards with a table; elsewhere a search that proves only forced wins/losses.

    Without a budget a search board gets one second.
    """
    board = board_for(state.rows, state.cols)
    pos = perspective(state)
    if board.terminal(pos) == -MATE:
        return Evaluation(LOSS, {}, exact=True, nodes=1)
    table = exact_for(state.rows, state.cols, state.walls, budget)
    if table is not None:
        values = {
            move: after_move(table_value(table, board, child)) for move, child in board.moves(pos)
        }
        value = max(values.values(), key=RANK.__getitem__, default=LOSS)
        return Evaluation(value, values, exact=True, nodes=len(values) + 1)
    return search_evaluation(board, pos, Budget.or_default(budget, 1.0))


def search_evaluation(board: WallsBoard, pos: Pos, budget: Budget | float) -> Evaluation:
    searcher = Searcher(board)
    result: SearchResult | None = None
    for result in iterate(board, pos, budget=budget, every_move=True, searcher=searcher):  # noqa: B007
        pass
    if result is None:  # not even depth 1 in time: every move unknown
        values = {move: UNKNOWN for move, _ in board.moves(pos)}
        return Evaluation(UNKNOWN, values, exact=False, nodes=searcher.nodes, score=0.0)
    values = {move: _score_value(result.move_scores[move]) for move, _ in board.moves(pos)}
    exact = all(v != UNKNOWN for v in values.values())
    value = max(values.values(), key=RANK.__getitem__, default=LOSS)
    score = None if exact else float(result.score)
    return Evaluation(value, values, exact=exact, nodes=searcher.nodes, score=score)


def best_move(
    state: WallsState, rng: random.Random | None = None, budget: Budget | float = 1.0
) -> Move | None:
    """An exact best move where the table knows the board, else the deepest search's choice."""
    board = board_for(state.rows, state.cols)
    pos = perspective(state)
    if board.terminal(pos) == -MATE:
        return None
    if exact_for(state.rows, state.cols, state.walls, budget) is not None:
        best = evaluate(state, budget).best
        if not best:
            return None
        return rng.choice(best) if rng is not None else best[0]
    return search_move(board, pos, budget)


def search_move(board: WallsBoard, pos: Pos, budget: Budget | float, max_depth: int = 64) -> Move | None:
    """The move of the deepest completed alpha-beta iteration (depth 1 at least)."""
    chosen = None
    for result in iterate(board, pos, budget=budget, max_depth=max_depth):
        chosen = result.move
    if chosen is None:
        moves = list(board.moves(pos))
        return moves[0][0] if moves else None
    return chosen


