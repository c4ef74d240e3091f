"""Solver for book 001 (tokens and walls), where positions can cycle: win, loss or draw.

Positions are seen from the player to move: (my token, the other token, walls). Who is
who does not matter, and history does not either (the game, not the solver, counts
repetitions). Walls only ever grow, so small boards are solved exactly by retrograde
analysis one wall set at a time, fullest first: building a wall leads to a solved wall
set, stepping stays inside the current one, where the standard retrograde fixed point
runs (a stuck mover loses; a position with a move to a loss wins; one whose moves all
lead to wins loses; whatever is left is a draw). Boards up to 12 cells are solved on
first use; 4x4 ships as `data/walls-4x4.bin` (`python -m gridgames.solve.walls`
regenerates it). Larger boards use iterative-deepening alpha-beta with a liberties and
territory evaluation; there only forced wins and losses within the horizon are exact.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from functools import lru_cache

from gridgames.engine.cells import Cell
from gridgames.engine.moves import Move
from gridgames.engine.rules import bits, orthogonal_masks
from gridgames.games.walls.rules import WallsState
from gridgames.solve.base import DRAW, LOSS, RANK, UNKNOWN, WIN, Evaluation, Value, after_move
from gridgames.solve.budget import Budget
from gridgames.solve.search import MATE, MATE_BOUND, Searcher, SearchResult, iterate

#: Table codes (0 = not a position).
CODE = {LOSS: 1, DRAW: 2, WIN: 3}
VALUE: dict[int, Value] = {1: LOSS, 2: DRAW, 3: WIN}
RUNTIME_CELLS = 12  # boards this small are solved on first use
SHIPPED = {(4, 4): "walls-4x4.bin"}

Pos = tuple  # (me: int | None, opp: int | None, walls: int)


def _index(n: int, walls: int, me: int, opp: int) -> int:
    return (walls * n + me) * n + opp


def retrograde(rows: int, cols: int) -> bytearray:
    """The value code of every position (mover's token, other token, walls) of the board."""
    n = rows * cols
    full = (1 << n) - 1
    nbr = orthogonal_masks(rows, cols)
    table = bytearray((1 << n) * n * n)
    for walls in range(full, -1, -1):
        free = full & ~walls
        cells = bits(free)
        if len(cells) < 2:
            continue
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


def _shipped_path(rows: int, cols: int):  # type: ignore[no-untyped-def]
    name = SHIPPED.get((rows, cols))
    if name is None:
        return None
    from importlib import resources  # only boards with a shipped table pay for the import

    return resources.files("gridgames.solve").joinpath("data").joinpath(name)


def is_exact_board(rows: int, cols: int) -> bool:
    """Whether every position of this board has a retrograde value (computed or shipped)."""
    if rows * cols <= RUNTIME_CELLS:
        return True
    path = _shipped_path(rows, cols)
    return path is not None and path.is_file()


@lru_cache(maxsize=4)
def exact_table(rows: int, cols: int) -> bytearray | None:
    """The retrograde table for this board if it is small enough or shipped, else None."""
    if rows * cols <= RUNTIME_CELLS:
        return retrograde(rows, cols)
    path = _shipped_path(rows, cols)
    if path is None:
        return None
    try:
        data = path.read_bytes()
    except (FileNotFoundError, OSError):
        return None
    import lzma

    return bytearray(lzma.decompress(data))


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
        self.step_moves = tuple(Move(Cell(*divmod(i, cols))) for i in range(self.n))
        self.wall_moves = tuple(Move(Cell(*divmod(i, cols)), True) for i in range(self.n))
        self.not_first_col = sum(1 << (r * cols) for r in range(rows)) ^ self.full
        self.not_last_col = sum(1 << (r * cols + cols - 1) for r in range(rows)) ^ self.full

    def empty(self, pos: Pos) -> int:
        me, opp, walls = pos
        taken = walls
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
        mine, theirs = 1 << me, 1 << opp
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


def table_value(table: bytearray, board: WallsBoard, pos: Pos) -> Value:
    """The exact value of a position for the mover, set-up positions included."""
    me, opp, walls = pos
    if me is not None and opp is not None:
        return VALUE[table[_index(board.n, walls, me, opp)]]
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
    table = exact_table(state.rows, state.cols)
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
    if exact_table(state.rows, state.cols) is not None:
        best = evaluate(state).best
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


def main() -> None:
    """Regenerate the shipped tables (4x4 takes a few minutes)."""
    import lzma
    from importlib import resources

    for (rows, cols) in SHIPPED:
        table = retrograde(rows, cols)
        with resources.as_file(_shipped_path(rows, cols)) as target:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(lzma.compress(bytes(table), preset=9))
            print(f"wrote {target}", file=sys.stderr)


if __name__ == "__main__":
    main()
