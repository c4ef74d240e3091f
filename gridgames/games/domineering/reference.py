"""Domineering solved by search in plain Python: the specification the C core (`_native.c`) must match.

A position is `rows`, `cols`, `free` (the mask of empty cells, index row * cols + col) and who moves:
Vertical places (cell, cell + cols), Horizontal (cell, cell + 1) in one row. The player to move who
cannot place a domino loses. `dominoes` lists the mover's moves, lowest cell first.

The search is negamax over win/loss (alpha-beta with the window of a won/lost game) with:

- a transposition table, bounded (`TABLE_LIMIT` positions, about 150 bytes each; emptied when full);
- move-counting bounds with safe moves (Breuker, Uiterwijk and van den Herik, "Solving 8x8 Domineering",
  Theoretical Computer Science 230, 2000; Bullock, "Domineering: solving large combinatorial search
  spaces", ICGA Journal 25, 2002). A cell whose two horizontal neighbours are filled or off the board can
  never be covered by Horizontal, so two such cells one above the other are a *safe move* for Vertical:
  no later move can take it from her. Let S be the mover's safe moves (disjoint ones, counted per column
  run) and U the most moves the opponent could ever make (runs of empty cells in the opponent's direction,
  half of each, rounded down: moves only ever remove cells). If S > U the mover wins by playing safe moves
  only: she has a reply to each of the opponent's at most U moves and one to begin with. If the opponent's
  S is at least the mover's U, the mover loses the same way. Both counts add up over the independent
  regions of the board, which is the only way regions are combined here: the outcome of a sum of partizan
  games does not follow from the outcomes of its parts, so no region is ever solved on its own;
- move ordering: first the moves that take away most of the opponent's moves and fewest of one's own.
"""

from __future__ import annotations

from functools import lru_cache

from gridgames.solve.budget import Budget, SearchTimeout

#: The transposition table is emptied when it holds this many positions (about 150 bytes each).
TABLE_LIMIT = 1_000_000
#: The budget is checked every this many nodes.
CHECK_EVERY = 256

_table: dict[tuple[int, bool], bool] = {}


@lru_cache(maxsize=512)
def frame(rows: int, cols: int) -> tuple[int, int, int]:
    """(all cells, all but the first column, all but the last column) of the board."""
    full = (1 << (rows * cols)) - 1
    first_col = sum(1 << (r * cols) for r in range(rows))
    return full, full & ~first_col, full & ~(first_col << (cols - 1))


def move_tops(rows: int, cols: int, free: int, vertical: bool) -> int:
    """The mask of the first (lower-index) cell of each legal domino of the given player."""
    _, _, not_last = frame(rows, cols)
    return free & (free >> cols) if vertical else free & (free >> 1) & not_last


def dominoes(rows: int, cols: int, free: int, vertical: bool) -> list[tuple[int, int]]:
    """The legal dominoes of Vertical (`vertical`) or Horizontal, lowest cell first."""
    step = cols if vertical else 1
    tops = move_tops(rows, cols, free, vertical)
    out = []
    while tops:
        low = tops & -tops
        tops ^= low
        i = low.bit_length() - 1
        out.append((i, i + step))
    return out


def _pairs_down(rows: int, cols: int, cells: int) -> int:
    """The most disjoint vertical dominoes on `cells`: half of each column run, rounded down."""
    row_mask = (1 << cols) - 1
    pending = total = 0
    for r in range(rows):
        row = (cells >> (r * cols)) & row_mask
        paired = pending & row
        total += paired.bit_count()
        pending = row & ~paired
    return total


def _pairs_across(rows: int, cols: int, cells: int) -> int:
    """The most disjoint horizontal dominoes on `cells`: half of each row run, rounded down."""
    total = 0
    for r in range(rows):
        row = (cells >> (r * cols)) & ((1 << cols) - 1)
        while row:
            low = row & -row
            if row & (low << 1):
                total += 1
                row &= ~(low | (low << 1))
            else:
                row &= ~low
    return total


def counts(rows: int, cols: int, free: int) -> tuple[int, int, int, int]:
    """(Vertical's safe moves, the most moves Vertical can make, the same two for Horizontal)."""
    _, not_first, not_last = frame(rows, cols)
    across = ((free << 1) & not_first) | ((free >> 1) & not_last)  # cells with an empty left or right
    updown = (free << cols) | (free >> cols)
    v_safe = _pairs_down(rows, cols, free & ~across)
    h_safe = _pairs_across(rows, cols, free & ~updown)
    return v_safe, _pairs_down(rows, cols, free), h_safe, _pairs_across(rows, cols, free)


def bound(rows: int, cols: int, free: int, vertical: bool) -> bool | None:
    """True/False when move counting alone proves the mover wins/loses, else None."""
    v_safe, v_most, h_safe, h_most = counts(rows, cols, free)
    mine_safe, mine_most, theirs_safe, theirs_most = (
        (v_safe, v_most, h_safe, h_most) if vertical else (h_safe, h_most, v_safe, v_most)
    )
    if mine_most == 0:
        return False
    if mine_safe > theirs_most or theirs_most == 0:
        return True
    if theirs_safe >= mine_most:
        return False
    return None


def ordered(rows: int, cols: int, free: int, vertical: bool) -> list[int]:
    """The mover's domino tops, those that take most opponent moves and fewest of one's own first."""
    mine = move_tops(rows, cols, free, vertical)
    theirs = move_tops(rows, cols, free, not vertical)
    step, other = (cols, 1) if vertical else (1, cols)
    scored = []
    tops = mine
    while tops:
        low = tops & -tops
        tops ^= low
        cells = low | (low << step)
        # an opponent domino starting on a cell of ours, or one cell before it in its direction
        taken = (theirs & (cells | (cells >> other))).bit_count()
        lost = (mine & ((low >> step) | (low << step))).bit_count()
        scored.append((lost - 2 * taken, low.bit_length() - 1))
    scored.sort()
    return [i for _, i in scored]


class Search:
    """One public call: the budget it runs under and the nodes it visited."""

    def __init__(self, rows: int, cols: int, budget: Budget | None) -> None:
        self.rows, self.cols, self.budget = rows, cols, budget
        self.nodes = 0

    def wins(self, free: int, vertical: bool) -> bool:
        """Whether the player to move (Vertical if `vertical`) wins."""
        self.nodes += 1
        if self.budget is not None and self.nodes % CHECK_EVERY == 0:
            self.budget.check()
        key = (free, vertical)
        known = _table.get(key)
        if known is not None:
            return known
        result = bound(self.rows, self.cols, free, vertical)
        if result is None:
            step = self.cols if vertical else 1
            result = False
            for i in ordered(self.rows, self.cols, free, vertical):
                if not self.wins(free & ~((1 << i) | (1 << (i + step))), not vertical):
                    result = True
                    break
        if len(_table) >= TABLE_LIMIT:
            _table.clear()
        _table[key] = result
        return result


def wins(rows: int, cols: int, free: int, vertical: bool, budget: Budget | None = None) -> tuple[bool, int]:
    """(whether the player to move wins, nodes visited). Raises SearchTimeout when stopped."""
    search = Search(rows, cols, budget)
    if budget is not None:
        budget.check()
    return search.wins(free, vertical), search.nodes


def move_values(
    rows: int, cols: int, free: int, vertical: bool, budget: Budget | None = None
) -> tuple[list[bool | None], int]:
    """(for each of `dominoes(...)`, whether it wins for the mover, None once stopped; nodes visited)."""
    search = Search(rows, cols, budget)
    out: list[bool | None] = []
    for a, b in dominoes(rows, cols, free, vertical):
        if out and out[-1] is None:
            out.append(None)
            continue
        try:
            out.append(not search.wins(free & ~((1 << a) | (1 << b)), not vertical))
        except SearchTimeout:
            out.append(None)
    return out, search.nodes


def clear_cache() -> None:
    """Forget every position in the transposition table."""
    _table.clear()


def table_size() -> int:
    return len(_table)
