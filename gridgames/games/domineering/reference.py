"""Domineering solved by search in plain Python: the specification the C core (`_native.c`) must match.

A position is `rows`, `cols`, `free` (the mask of empty cells, index row * cols + col) and who moves:
Vertical places (cell, cell + cols), Horizontal (cell, cell + 1) in one row. The player to move who
cannot place a domino loses. `dominoes` lists the mover's moves, lowest cell first.

The search is negamax over win/loss (alpha-beta with the window of a won/lost game) with:

- a transposition table, bounded (`TABLE_LIMIT` positions, about 150 bytes each; emptied when full);
- move-counting bounds (Breuker, Uiterwijk and van den Herik, "Solving 8x8 Domineering", Theoretical
  Computer Science 230, 2000; Bullock, "Domineering: solving large combinatorial search spaces", ICGA
  Journal 25, 2002). For each player P, disjoint *areas* of empty cells are counted (see `Areas`): *safe*
  dominoes the opponent Q can never touch (a cell whose two neighbours across Q's direction are filled or
  off the board), *protective* 2x2 squares closed on both sides in Q's direction (P playing one half makes
  the other half safe: two moves, and both of Q's dominoes there gone; Q playing in it spoils it) and
  *vulnerable* dominoes, no two side by side in Q's direction, so that one move of Q spoils at most one
  area. P plays protective areas first, then vulnerable ones, then safe ones, and so is sure of
  `sure_moves` moves however Q plays; Q can make at most `most` moves (half of each run of empty cells in
  Q's direction, rounded down: moves only remove cells), two fewer for each protective square P plays.
  The mover wins when her sure moves exceed the opponent's most, and loses when the opponent's sure moves
  (moving second) reach her most. The counts add up over the independent regions of the board, which is
  the only way regions are combined here: the outcome of a sum of partizan games does not follow from the
  outcomes of its parts, so no region is ever solved on its own;
- move ordering: first the moves that take away most of the opponent's moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from gridgames.solve.budget import Budget, SearchTimeout
from gridgames.solve.shapes import frame

#: The transposition table is emptied when it holds this many positions (about 150 bytes each).
TABLE_LIMIT = 1_000_000
#: The budget is checked every this many nodes.
CHECK_EVERY = 256

_table: dict[tuple[int, bool], bool] = {}


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


@dataclass(frozen=True)
class Areas:
    """One player's counts: the most moves she can still make, and her disjoint safe, protective and
    vulnerable areas (see the module docstring)."""

    most: int
    safe: int
    protective: int
    vulnerable: int

    def sure_moves(self, first: bool) -> int:
        """Moves she is sure of, playing protective areas first, then vulnerable, then safe ones, when
        the opponent spoils one area a move; `first`: she moves first."""
        p, v = self.protective, self.vulnerable
        taken = (p + 1) // 2 if first else p // 2
        first_among_vulnerable = (p % 2 == 0) == first
        return self.safe + 2 * taken + ((v + 1) // 2 if first_among_vulnerable else v // 2)


def _apart(x: int) -> int:
    """The cells of row value `x` taken greedily from the lowest one, no two side by side."""
    out = 0
    while x:
        low = x & -x
        out |= low
        x &= ~(low | (low << 1))
    return out


def _pair_cells(x: int) -> int:
    """The cells of disjoint side-by-side pairs in row value `x`, taken greedily from the lowest cell."""
    out = 0
    while x:
        low = x & -x
        if x & (low << 1):
            out |= low | (low << 1)
            x &= ~(low | (low << 1))
        else:
            x &= ~low
    return out


def _rows(rows: int, cols: int, free: int) -> list[int]:
    mask = (1 << cols) - 1
    return [(free >> (r * cols)) & mask for r in range(rows)]


def areas_down(rows: int, cols: int, free: int) -> Areas:
    """Vertical's counts: her areas are closed on the left and right."""
    row, mask = _rows(rows, cols, free), (1 << cols) - 1
    side = [((x << 1) | (x >> 1)) & x & mask for x in row]  # cells with an empty left or right
    open_ = list(side)
    protective = vulnerable = 0
    for r in range(rows - 1):
        both, either = open_[r] & open_[r + 1], row[r] | row[r + 1]
        squares = both & (both >> 1) & ~(either << 1) & ~(either >> 2) & mask
        protective += squares.bit_count()
        squares |= squares << 1
        open_[r] &= ~squares
        open_[r + 1] &= ~squares
    for r in range(rows - 1):
        pick = _apart(open_[r] & open_[r + 1])
        vulnerable += pick.bit_count()
        open_[r + 1] &= ~((pick | (pick << 1) | (pick >> 1)) & mask)
    safe = _pairs_down(rows, cols, free & ~sum(s << (r * cols) for r, s in enumerate(side)))
    return Areas(_pairs_down(rows, cols, free), safe, protective, vulnerable)


def areas_across(rows: int, cols: int, free: int) -> Areas:
    """Horizontal's counts: her areas are closed above and below."""
    row = _rows(rows, cols, free)
    near = [(row[r - 1] if r else 0) | (row[r + 1] if r + 1 < rows else 0) for r in range(rows)]
    open_ = [x & n for x, n in zip(row, near, strict=True)]
    safe = sum(_pairs_across(1, cols, x & ~n) for x, n in zip(row, near, strict=True))
    protective = vulnerable = 0
    for r in range(rows - 1):
        both = open_[r] & open_[r + 1]
        up, down = row[r - 1] if r else 0, row[r + 2] if r + 2 < rows else 0
        squares = _apart(both & (both >> 1) & ~(up | (up >> 1)) & ~(down | (down >> 1)))
        protective += squares.bit_count()
        squares |= squares << 1
        open_[r] &= ~squares
        open_[r + 1] &= ~squares
    for r in range(rows):
        taken = _pair_cells(open_[r])
        vulnerable += taken.bit_count() // 2
        if r + 1 < rows:
            open_[r + 1] &= ~taken
    return Areas(_pairs_across(rows, cols, free), safe, protective, vulnerable)


def bound(rows: int, cols: int, free: int, vertical: bool) -> bool | None:
    """True/False when move counting alone proves the mover wins/loses, else None."""
    down, across = areas_down(rows, cols, free), areas_across(rows, cols, free)
    mine, theirs = (down, across) if vertical else (across, down)
    if mine.most == 0:
        return False
    if theirs.most == 0:
        return True
    if mine.sure_moves(True) > theirs.most - 2 * ((mine.protective + 1) // 2):
        return True
    if theirs.sure_moves(False) >= mine.most - 2 * (theirs.protective // 2):
        return False
    return None


def ordered(rows: int, cols: int, free: int, vertical: bool) -> list[int]:
    """The mover's domino tops, those that take most of the opponent's moves first (then lowest cell
    first). Weighing also the mover's own moves each takes away made 7x7 two to four times slower."""
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
        scored.append((-taken, low.bit_length() - 1))
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
