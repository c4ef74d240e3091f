"""Domineering solved by search in plain Python: the specification the C core (`_native.c`) must match,
node for node (a test compares both on every board up to 6x6).

A position is `rows`, `cols`, `free` (the mask of empty cells, index row * cols + col) and who moves:
Vertical places (cell, cell + cols), Horizontal (cell, cell + 1) in one row. The player to move who
cannot place a domino loses. `dominoes` lists the mover's moves, lowest cell first.

Each player's dominoes lie along her *lines*: Horizontal's are the rows (bit c: column c), Vertical's the
columns (bit r: row r); a move clears two neighbouring bits of one of the mover's lines and one bit of two
neighbouring lines of the opponent's. Written over "my lines" and "their lines", the search is the same
for both players, so a board and its transpose with the other player first take the same nodes.

The search is negamax over win/loss (Bullock, "Domineering: solving large combinatorial search spaces",
ICGA Journal 25, 2002; Breuker, Uiterwijk and van den Herik, "Solving 8x8 Domineering", TCS 230, 2000):

- a transposition table keyed by the least of a position's four mirror images (dead cells, with no empty
  neighbour, left out), the side to move in bit 126, emulating the C core's table of two-slot buckets
  (`TABLE_LOG2`) so that both search the same nodes; emptied when it holds `TABLE_LIMIT` positions;
- move-counting bounds (`line_counts`, `line_bound`): for each player P, disjoint *areas* of empty cells
  the opponent Q spoils at most one a move: *safe* dominoes Q can never touch, *safe options* (three cells
  in a row, the middle one safe, so Q needs two moves to spoil both of P's dominoes there), *protective*
  2x2 squares closed on both sides in Q's direction (two moves to P) and *vulnerable* dominoes. P is sure
  of `Areas.sure_moves` moves however Q plays; Q can make at most `most` moves (half of each run of her
  free cells), two fewer for each protective square P plays; and (Bullock's "unused" cells) if Q made
  as many moves as P's sure ones, his dominoes and the cells P's moves cover (`Areas.covered`) are
  disjoint among the cells he can still use (`Areas.avail`). The mover wins when her sure moves exceed
  the opponent's most or twice them exceed his usable cells less those she covers, and loses when the
  opponent's sure moves (moving second) reach her most or the like holds for her usable cells. A *free
  move* (`Areas.free`, `Areas.free_tempo`), a domino on no cell of her areas, is one sure move more for
  the mover where her protective squares and vulnerable areas are both even in number: played first,
  it keeps each of her areas one and gives the opponent no more moves, and she is then second in
  their races with the same counts. The counts add up over the board's regions, the only way regions
  are combined: the outcome of a sum of partizan games does not follow from the outcomes of its parts;
- move ordering (`ordered_moves`): by a move's net change in both players' safe moves and the opponent's
  real moves, `SAFE_WEIGHT` * (my safe moves' change - theirs) - (their real moves' change) - `MOST_WEIGHT` *
  (the change in their most disjoint dominoes), doubled, less
  three times its distance from the board's edges; ties to the lowest cell;
- safe components: a run of the mover's free cells all out of the opponent's reach is an integer of its
  own; any move there lowers it by one or more and the run's first domino by exactly one, so only that
  one is searched, after every other move;
- enhanced transposition cut-off: the best move's child is looked up (table, then bound) and, if neither
  decides it, searched at once; only then is every other child the table or the bound already decides
  settled (one lost for the opponent wins at once), and only the rest are searched;
- the last winning moves: for each player and number of empty cells, the `KILLERS` moves that last won a
  node expanded there (`Search.won`, the latest first: its best move's child found lost, or a child
  searched and lost) are tried first where legal, on the table and the bound alone: one lost for the
  opponent wins before the node's moves are ordered, and goes to the front of its list; otherwise the
  search goes on as above.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from gridgames.solve.budget import Budget, SearchTimeout
from gridgames.solve.shapes import frame

#: The table is emptied when it holds this many positions (about 250 bytes each).
TABLE_LIMIT = 1_000_000
#: The C core's table: 2**TABLE_LOG2 buckets of two slots (`solver.NATIVE_TABLE_LOG2`).
TABLE_LOG2 = 21
#: The last winning moves kept per player and number of empty cells (the C core's `KILLERS`).
KILLERS = 4
#: The budget is checked every this many nodes (a node here can take milliseconds on a large board).
CHECK_EVERY = 4
#: Move ordering: a safe move gained or lost weighs this many real moves.
SAFE_WEIGHT = 4
#: Move ordering: one fewer of the opponent's most disjoint dominoes weighs this many real moves.
MOST_WEIGHT = 4

_SIDE = 1 << 126
_WIN = 1 << 127
_KEY = _SIDE - 1
_MASK64 = (1 << 64) - 1

Slot = tuple[int, bool]
_table: dict[int, list[Slot | None]] = {}
_table_board: tuple[int, int] | None = None
_used = 0


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


# ---- one line's cells --------------------------------------------------------------------------------


def _pairs(x: int) -> int:
    """The most disjoint dominoes in a line value: half of each run of its cells, rounded down."""
    return _pair_cells(x).bit_count() // 2


def _apart(x: int) -> int:
    """The cells of line value `x` taken greedily from the lowest one, no two side by side."""
    out = 0
    while x:
        low = x & -x
        out |= low
        x &= ~(low | (low << 1))
    return out


def _pair_cells(x: int) -> int:
    """The cells of disjoint side-by-side pairs in line value `x`, taken greedily from the lowest cell."""
    out = 0
    while x:
        low = x & -x
        if x & (low << 1):
            out |= low | (low << 1)
            x &= ~(low | (low << 1))
        else:
            x &= ~low
    return out


def _real(x: int) -> int:
    """The dominoes that fit in a line value (overlapping ones counted)."""
    return (x & (x >> 1)).bit_count()


def _near(lines: Sequence[int], x: int) -> int:
    """The cells of the lines beside line x."""
    return (lines[x - 1] if x > 0 else 0) | (lines[x + 1] if x + 1 < len(lines) else 0)


def _line_safe(lines: Sequence[int], x: int) -> int:
    """Line x's safe dominoes: half of each run of its cells with no empty neighbour in the lines beside."""
    if x < 0 or x >= len(lines):
        return 0
    return _pairs(lines[x] & ~_near(lines, x))


def lines(rows: int, cols: int, free: int) -> tuple[list[int], list[int]]:
    """(Horizontal's lines: the rows, bit c for column c; Vertical's: the columns, bit r for row r)."""
    across = [(free >> (r * cols)) & ((1 << cols) - 1) for r in range(rows)]
    down = [sum(((free >> (r * cols + c)) & 1) << r for r in range(rows)) for c in range(cols)]
    return across, down


# ---- counting bounds ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Areas:
    """One player's counts: the most moves she can still make, and her disjoint safe (with safe
    options), protective and vulnerable areas (see the module docstring)."""

    most: int
    safe: int
    protective: int
    vulnerable: int
    #: the cells she can still cover (an empty neighbour along her line)
    avail: int = 0
    #: her safe dominoes before safe options
    pure: int = 0
    #: her vulnerable areas of two open cells
    both_open: int = 0
    #: a domino of hers lies on no cell of her areas (a free move; found beside vulnerable areas only)
    free: bool = False

    def sure_moves(self, first: bool) -> int:
        """Moves she is sure of, playing protective areas first, then vulnerable, then safe ones, when
        the opponent spoils one area a move; `first`: she moves first."""
        p, v = self.protective, self.vulnerable
        taken = (p + 1) // 2 if first else p // 2
        first_among_vulnerable = (p % 2 == 0) == first
        return self.safe + 2 * taken + ((v + 1) // 2 if first_among_vulnerable else v // 2)

    def free_tempo(self) -> int:
        """1 where a free move is a sure move more to her, moving first: played first, it keeps each of her
        areas an area (a move only takes empty cells) and leaves the opponent no more moves, nor more
        usable cells less those her areas cover, so she wins where his loss tests hold with her second on
        the same counts; with her protective squares and vulnerable areas both even, those are her win
        tests with one sure move more (the cells covered counted for her sure moves alone). Else 0."""
        return int(self.free and not (self.protective | self.vulnerable) & 1)

    def covered(self, first: bool, sure: int) -> int:
        """The opponent's usable cells her first `sure` moves are sure to cover, playing protective
        squares first, then vulnerable areas, then the protective squares' second halves and safe options,
        other safe dominoes last: every move but a `pure` safe domino covers one or more, so `sure` until
        she plays one of those; once she has, four for each protective square taken, one for each
        vulnerable area taken (two for those of two open cells he did not spoil) and one for each option."""
        p, v = self.protective, self.vulnerable
        taken = (p + 1) // 2 if first else p // 2
        vulnerable = (v + 1) // 2 if (p % 2 == 0) == first else v // 2
        both = max(0, self.both_open - (v - vulnerable))
        return min(sure, 4 * taken + vulnerable + both + self.safe - self.pure)


def line_counts(mine: list[int]) -> Areas:
    """One player's counts on her lines (see `_line_counts`)."""
    return _line_counts(tuple(mine))


@lru_cache(maxsize=1 << 16)
def _line_counts(mine: tuple[int, ...]) -> Areas:
    """One player's counts on her lines (the opponent's moves run across them):
    - safe: her dominoes on cells with no empty neighbour in the lines beside (taken from the lowest);
    - safe options: three cells in a row of a line, the middle one safe and left over, the ends open: the
      opponent needs two moves to spoil both dominoes there, so she answers the first and is sure of one;
      the lines beside lose those two ends for other areas;
    - protective: a 2x2 square of open cells closed in the lines on either side (two moves to her);
    - vulnerable: a domino on open cells, or on an open cell and a left-over safe one, none beside another
      across the lines, so that one move of the opponent spoils at most one area;
    - free: she has a domino on no cell of her areas, found where one lies on the open cells of a line
      that a vulnerable area in the line before keeps out of that line's areas (the C core's one case)."""
    n = len(mine)
    most = safe = protective = vulnerable = both_open = avail = 0
    free = False
    open_, single = [], []
    for x in range(n):
        avail += (mine[x] & ((mine[x] << 1) | (mine[x] >> 1))).bit_count()
        near = _near(mine, x)
        sf = mine[x] & ~near
        most += _pairs(mine[x])
        safe += _pairs(sf)
        open_.append(mine[x] & near)
        single.append(sf & ~_pair_cells(sf))
    pure = safe
    for x in range(n):
        o = open_[x]
        mid = single[x] & (o >> 1) & (o << 1)
        while mid:
            m = mid & -mid
            ends = (m << 1) | (m >> 1)
            safe += 1
            open_[x] &= ~ends
            single[x] &= ~m
            if x > 0:
                open_[x - 1] &= ~ends
            if x + 1 < n:
                open_[x + 1] &= ~ends
            mid &= ~(m | (m << 2)) & (open_[x] >> 1) & (open_[x] << 1)
    for x in range(n - 1):  # protective squares: closed in the lines on either side
        both = open_[x] & open_[x + 1]
        up, down = mine[x - 1] if x > 0 else 0, mine[x + 2] if x + 2 < n else 0
        squares = _apart(both & (both >> 1) & ~(up | (up >> 1)) & ~(down | (down >> 1)))
        if not squares:
            continue
        protective += squares.bit_count()
        squares |= squares << 1
        open_[x] &= ~squares
        open_[x + 1] &= ~squares
    for x in range(n):  # vulnerable dominoes, none beside another across the lines
        taken = _pair_cells(open_[x] | single[x])
        vulnerable += taken.bit_count() // 2
        both_open += taken.bit_count() // 2 - (taken & single[x]).bit_count()
        if x + 1 < n:
            beside = taken & open_[x]
            kept_out = beside & open_[x + 1]  # in no area: a domino there is a free move
            free = free or (kept_out & (kept_out >> 1)) != 0
            open_[x + 1] &= ~beside
    return Areas(most, safe, protective, vulnerable, avail, pure, both_open, free)


def line_bound(mine: list[int], theirs: list[int]) -> bool | None:
    """True/False when move counting alone proves the mover (on her lines `mine`) wins/loses, else None."""
    me = line_counts(mine)
    if me.most == 0:
        return False
    them = line_counts(theirs)
    if them.most == 0:
        return True
    mine_sure, their_sure, more = me.sure_moves(True), them.sure_moves(False), me.free_tempo()
    if mine_sure + more > them.most - 2 * ((me.protective + 1) // 2):
        return True
    if 2 * (mine_sure + more) > them.avail - me.covered(True, mine_sure):
        return True
    if their_sure >= me.most - 2 * (them.protective // 2):
        return False
    if 2 * (their_sure + 1) > me.avail - them.covered(False, their_sure):
        return False
    return None


def areas_down(rows: int, cols: int, free: int) -> Areas:
    """Vertical's counts (her lines are the columns)."""
    return line_counts(lines(rows, cols, free)[1])


def areas_across(rows: int, cols: int, free: int) -> Areas:
    """Horizontal's counts (her lines are the rows)."""
    return line_counts(lines(rows, cols, free)[0])


def bound(rows: int, cols: int, free: int, vertical: bool) -> bool | None:
    """True/False when move counting alone proves the mover wins/loses, else None."""
    across, down = lines(rows, cols, free)
    return line_bound(down, across) if vertical else line_bound(across, down)


# ---- move ordering -----------------------------------------------------------------------------------


def ordered(rows: int, cols: int, free: int, vertical: bool) -> list[int]:
    """The mover's domino tops, those that take most of the opponent's moves first (then lowest cell
    first): the order the opening tables were built in (`opening.build`), kept so they rebuild alike."""
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


def move_score(mine: list[int], theirs: list[int], a: int, b: int) -> int:
    """The net change the move on bits b, b+1 of my line a makes: `SAFE_WEIGHT` * (my safe moves' change
    - theirs) - (their real moves' change) - `MOST_WEIGHT` * (the change in their most disjoint dominoes:
    a move that breaks the opponent's runs first). Only the lines it touches change: mine a-1..a+1 (safe)
    and a (real), theirs b-1..b+2 (safe) and b, b+1 (real and most)."""
    mine2, theirs2 = list(mine), list(theirs)
    mine2[a] &= ~(3 << b)
    theirs2[b] &= ~(1 << a)
    theirs2[b + 1] &= ~(1 << a)
    real_theirs = sum(_real(theirs2[k]) - _real(theirs[k]) for k in (b, b + 1))
    safe_mine = sum(_line_safe(mine2, x) - _line_safe(mine, x) for x in range(a - 1, a + 2))
    safe_theirs = sum(_line_safe(theirs2, x) - _line_safe(theirs, x) for x in range(b - 1, b + 3))
    most_theirs = sum(_pairs(theirs2[k]) - _pairs(theirs[k]) for k in (b, b + 1))
    return SAFE_WEIGHT * (safe_mine - safe_theirs) - real_theirs - MOST_WEIGHT * most_theirs


@cache
def _edge(rows: int, cols: int, vertical: bool) -> tuple[int, ...]:
    """For a domino from each cell: its distance from the nearer of the top and bottom edges plus that
    from the nearer side edge, its second cell counted in its direction (the ordering's positional term)."""
    low, right = (2, 1) if vertical else (1, 2)
    return tuple(
        min(r, rows - low - r) + min(c, cols - right - c) for r in range(rows) for c in range(cols)
    )


def ordered_moves(
    rows: int, cols: int, mine: list[int], theirs: list[int], vertical: bool
) -> list[tuple[int, int]]:
    """The mover's moves as (line, bit), in search order: highest 2 * `move_score` - 3 * the distance
    from the edges first (near the edges and corners first: without it 8x7 took twice the nodes, with it
    as the primary key fifty times), then lowest cell; moves in safe components left out but the first
    one's, put last."""
    edge = _edge(rows, cols, vertical)
    scored: list[tuple[int, int, int, int]] = []
    safe_move: tuple[int, int] | None = None
    for a, x in enumerate(mine):
        tops, near = x & (x >> 1), _near(mine, a)
        while tops:
            low = tops & -tops
            tops ^= low
            b = low.bit_length() - 1
            run = low
            while (grown := (run | (run << 1) | (run >> 1)) & x) != run:
                run = grown
            if not run & near:
                if safe_move is None and run & -run == low:
                    safe_move = (a, b)
                continue
            cell = b * cols + a if vertical else a * cols + b
            scored.append((3 * edge[cell] - 2 * move_score(mine, theirs, a, b), cell, a, b))
    scored.sort()
    out = [(a, b) for _, _, a, b in scored]
    if safe_move is not None:
        out.append(safe_move)
    return out


# ---- positions and the table -------------------------------------------------------------------------


@cache
def _images(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Each cell's bit under the board's four mirror images that keep each player's direction."""
    return tuple(
        tuple(
            1 << ((rows - 1 - r if flip & 2 else r) * cols + (cols - 1 - c if flip & 1 else c))
            for r in range(rows)
            for c in range(cols)
        )
        for flip in range(4)
    )


def _image(rows: int, cols: int, cells: int, flip: int) -> int:
    images, out = _images(rows, cols)[flip], 0
    while cells:
        low = cells & -cells
        cells ^= low
        out |= images[low.bit_length() - 1]
    return out


def key(rows: int, cols: int, free: int, vertical: bool) -> int:
    """The table's key: the least of the four mirror images of the live cells, and the side to move."""
    _, not_first, not_last = frame(rows, cols)
    near = ((free << 1) & not_first) | ((free >> 1) & not_last) | (free << cols) | (free >> cols)
    live = free & near
    least = min(_image(rows, cols, live, flip) for flip in range(4))
    return least | (_SIDE if vertical else 0)


def _bucket(k: int) -> int:
    lo, hi = k & _MASK64, k >> 64
    h = ((lo * 0x9E3779B97F4A7C15) & _MASK64) ^ (((hi + 0x632BE59BD9B4E019) * 0xC2B2AE3D27D4EB4F) & _MASK64)
    h ^= h >> 31
    h = (h * 0xFF51AFD7ED558CCD) & _MASK64
    h ^= h >> 33
    return h & ((1 << TABLE_LOG2) - 1)


def _get(k: int) -> bool | None:
    for slot in _table.get(_bucket(k), ()):
        if slot is not None and slot[0] == k:
            return slot[1]
    return None


def _put(k: int, win: bool, cells: int) -> None:
    """Slot 0 keeps the position with more empty cells, slot 1 the newest (the C core's policy)."""
    global _used
    if _used >= TABLE_LIMIT:
        clear_cache()
    bucket = _table.setdefault(_bucket(k), [None, None])
    fresh = (k, win)
    if bucket[0] is None:
        bucket[0] = fresh
        _used += 1
    elif cells >= (bucket[0][0] & _KEY).bit_count():
        bucket[1] = bucket[0]
        bucket[0] = fresh
    else:
        if bucket[1] is None:
            _used += 1
        bucket[1] = fresh


def _use_board(rows: int, cols: int) -> None:
    """The table holds one board's positions: another board's search starts it empty."""
    global _table_board
    if _table_board != (rows, cols):
        clear_cache()
        _table_board = (rows, cols)


# ---- the search --------------------------------------------------------------------------------------


class Search:
    """One public call: the budget it runs under and the nodes it visited."""

    def __init__(self, rows: int, cols: int, budget: Budget | None) -> None:
        self.rows, self.cols, self.budget = rows, cols, budget
        self.nodes = 0
        #: (Vertical to move, empty cells) -> the KILLERS distinct moves (line, bit) that last won
        #: searched nodes there, the latest first
        self.won: dict[tuple[bool, int], list[tuple[int, int]]] = {}
        _use_board(rows, cols)

    def _play(self, free: int, vertical: bool, a: int, b: int) -> int:
        cell = b * self.cols + a if vertical else a * self.cols + b
        return free & ~((1 << cell) | (1 << (cell + (self.cols if vertical else 1))))

    def wins(self, free: int, vertical: bool) -> bool:
        """Whether the player to move (Vertical if `vertical`) wins."""
        self.nodes += 1
        if self.budget is not None and self.nodes % CHECK_EVERY == 0:
            self.budget.check()
        rows, cols = self.rows, self.cols
        k = key(rows, cols, free, vertical)
        known = _get(k)
        if known is not None:
            return known
        across, down = lines(rows, cols, free)
        mine, theirs = (down, across) if vertical else (across, down)
        result = line_bound(mine, theirs)
        if result is None:
            result = self._some_move_wins(free, vertical, mine, theirs)
        _put(k, result, free.bit_count())
        return result

    def _known(self, child: int, vertical: bool) -> bool | None:
        """Whether the opponent (to move in `child`) wins there, from the table or the bound alone."""
        rows, cols = self.rows, self.cols
        known = _get(key(rows, cols, child, not vertical))
        if known is None:
            across, down = lines(rows, cols, child)
            known = line_bound(across, down) if vertical else line_bound(down, across)
        return known

    def _won_with(self, here: tuple[bool, int], move: tuple[int, int]) -> None:
        won = self.won.setdefault(here, [])
        if move in won:
            won.remove(move)
        won.insert(0, move)
        del won[KILLERS:]

    def _some_move_wins(self, free: int, vertical: bool, mine: list[int], theirs: list[int]) -> bool:
        rows, cols = self.rows, self.cols
        here = (vertical, free.bit_count())
        # the moves that won the last nodes with as many empty cells: one lost for the opponent wins
        for move in self.won.get(here, ()):
            if (mine[move[0]] >> move[1]) & 3 == 3:
                if self._known(self._play(free, vertical, *move), vertical) is False:
                    self._won_with(here, move)  # to the front of its list
                    return True
        moves = ordered_moves(rows, cols, mine, theirs, vertical)
        children = [self._play(free, vertical, a, b) for a, b in moves]
        left = []
        for k, child in enumerate(children):  # enhanced transposition cut-off
            known = self._known(child, vertical)
            if known is False:
                if k == 0:
                    self._won_with(here, moves[0])
                return True
            if known is None:
                if k == 0:  # the best move is searched before the cut-off looks at the others
                    if not self.wins(child, not vertical):
                        self._won_with(here, moves[0])
                        return True
                else:
                    left.append(k)
        for k in left:
            if not self.wins(children[k], not vertical):
                self._won_with(here, moves[k])
                return True
        return False


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
        search.won.clear()  # as the C core, which starts each move's search afresh
        try:
            out.append(not search.wins(free & ~((1 << a) | (1 << b)), not vertical))
        except SearchTimeout:
            out.append(None)
    return out, search.nodes


def clear_cache() -> None:
    """Forget every position in the transposition table."""
    global _used
    _table.clear()
    _used = 0


def table_size() -> int:
    return _used
