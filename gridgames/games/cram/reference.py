"""Cram's Sprague-Grundy values in plain Python: the specification the C core (`_native.c`) must match,
node for node.

A position is `rows`, `cols` and `free`, a bitmask of the empty cells (cell index = row * cols + col).
A domino is the pair (cell, cell + 1) for a horizontal one (same row) or (cell, cell + cols) for a
vertical one; `dominoes` lists them lowest cell first, the horizontal one before the vertical.

Placing a domino can split the empty cells into regions that no later move joins, so a position's value
is the XOR of its regions' values, and a region's value depends only on its shape up to translation and
the 8 rotations and reflections of the square: what is known of a region is kept under its canonical
shape (in its bounding box, the least key of those no taller than wide).

The search asks a shape "which of these values is yours, if any?" (`Solver.shape_value`, the values a
bitmask). The value is the mex of the options' values; an option is the regions a domino leaves, all
but the largest valued exactly and the largest asked only about values that matter. The values the
shape can still be (`still_possible`) shrink as options are answered, and the search stops as soon as
none is left: the mex counterpart of an alpha-beta cut (Beling and Rogalski, "On pruning search trees
of impartial games", Artificial Intelligence 283, 2020). Each option is asked only about those values;
then, if some are left, the missing values under them are looked for one by one, the first one no
option has being the value. Asking one value g is Lemoine and Viennot's "is the position plus a
nim-heap *g lost?" ("Nimbers are inevitable", Theoretical Computer Science 462, 2012); an exact value is
asked for as "0? 1? 2? ..." on a large region, at once on a small one. Before searching any option,
every option is first answered from what is known (an enhanced transposition cutoff; the dominoes from
the centre of the box out, those that split the shape first, as the C core lists them), every value
known counting, asked or not. The bounds: a mex over n options is at most n, and a game on c cells
lasts at most c / 2 moves, so its value is at most that. What a search learns is kept: the exact value,
or values the shape cannot have.

The memo holds at most `MEMO_LIMIT` shapes (about 100 bytes each: 100 MB at most); past that it is
emptied, which costs time, never correctness.
"""

from __future__ import annotations

import sys

from gridgames.solve.budget import Budget, SearchTimeout
from gridgames.solve.shapes import boxed, components, frame, symmetries

#: The memo is emptied when it holds this many shapes (about 100 bytes each in CPython).
MEMO_LIMIT = 1_000_000
#: Regions of at most this many cells are valued exactly by one search asking every value; larger
#: ones by asking 0, 1, 2, ... in turn (as the C core's EXACT_CELLS).
EXACT_CELLS = 14
#: "Not this value" is kept for values under this (a value is at most half the cells: 32 at most).
NOT_VALUES = 40

#: Every value, as a mask; answers besides values: not among those asked, not known without a search.
ALL = (1 << 64) - 1
NOT_AMONG = -1
UNKNOWN = -2

# A region of n cells recurses about 3n frames deep at most (boards up to 128 cells here).
if sys.getrecursionlimit() < 10_000:
    sys.setrecursionlimit(10_000)

_memo: dict[int, tuple[int, int]] = {}  # canonical shape key -> (exact value or -1, mask of values it is not)
_canonical: dict[int, int] = {}  # shape key -> its canonical key


def shape_key(height: int, width: int, bits: int) -> int:
    """One int for a shape: its cells row-major in a `height` x `width` box, then the box size."""
    return (bits << 16) | (height << 8) | width


def canonical_key(height: int, width: int, bits: int) -> int:
    """The least `shape_key` over the shape's 8 rotations and reflections that leave it no taller than
    wide (the C core then turns a shape only when it is not wide)."""
    key = shape_key(height, width, bits)
    least = _canonical.get(key)
    if least is None:
        least = min(shape_key(h, w, b) for h, w, b in symmetries(height, width, bits) if h <= w)
        if len(_canonical) >= MEMO_LIMIT:
            _canonical.clear()
        _canonical[key] = least
    return least


def dominoes(rows: int, cols: int, free: int) -> list[tuple[int, int]]:
    """Every legal domino on the empty cells `free`, lowest cell first, horizontal before vertical."""
    _, _, not_last = frame(rows, cols)
    right = free & (free >> 1) & not_last
    down = free & (free >> cols)
    out = []
    cells = right | down
    while cells:
        low = cells & -cells
        cells ^= low
        i = low.bit_length() - 1
        if right & low:
            out.append((i, i + 1))
        if down & low:
            out.append((i, i + cols))
    return out


def _path_values(most: int) -> list[int]:
    """Dawson's Kayles (the octal game 0.07): the value of a path of n cells, for n up to `most`. A
    domino on a path of n cells leaves paths of a and n - 2 - a cells."""
    values: list[int] = []
    for n in range(most + 1):
        seen = {values[a] ^ values[n - 2 - a] for a in range(n - 1)}
        values.append(min(set(range(len(seen) + 1)) - seen))
    return values


#: The values of paths of up to 128 cells (the largest board the reference walks).
PATH_VALUES = _path_values(128)


def path_value(comp: int, height: int, width: int) -> int:
    """The value of a connected region of at least 4 cells if it is a path or a cycle, else -1.

    A domino covers two neighbouring cells, so a region's game depends only on the graph of its cells; a
    connected region no cell of which has three neighbours is a path (Dawson's Kayles: `PATH_VALUES`) or a
    cycle (every domino leaves a path of n - 2 cells). Such regions are never searched nor memoised."""
    _, _, not_last = frame(height, width)
    right = comp & (comp >> 1) & not_last
    down = comp & (comp >> width)
    n, edges = comp.bit_count(), right.bit_count() + down.bit_count()
    if edges > n:
        return -1
    left, up = right << 1, down << width  # the cells with a neighbour on that side
    if (right & left & (down | up)) | (down & up & (right | left)):
        return -1  # a cell with three neighbours
    if edges == n - 1:
        return PATH_VALUES[n]
    return 0 if PATH_VALUES[n - 2] else 1


def without_twin_leaves(comp: int, height: int, width: int) -> int:
    """The region less redundant twin leaves, of the same value: of two leaves (cells with one
    neighbour) on the same cell, either domino on them takes that cell and leaves the other leaf alone,
    so the two options are one game, and every other domino takes the cell (both leaves then alone) or
    leaves both as they were; by induction one of them can go. Of a cell's leaves the first in the
    order left, right, above, below stays."""
    _, _, not_last = frame(height, width)
    right = comp & (comp >> 1) & not_last
    down = comp & (comp >> width)
    left, up = right << 1, down << width  # the cells with a neighbour on that side
    leaves = (right ^ left ^ down ^ up) & ~((right & left) | (down & up) | ((right | left) & (down | up)))
    if not leaves:
        return comp
    on_left, on_right = (leaves & right) << 1, (leaves & left) >> 1  # cells with a leaf on that side
    above, below = (leaves & down) << width, (leaves & up) >> width
    extra = ((on_right & on_left) << 1) | ((above & (on_left | on_right)) >> width)
    extra |= (below & (on_left | on_right | above)) << width
    return comp & ~extra


def _below(v: int) -> int:
    """The values under v, as a mask."""
    return (1 << min(v, 64)) - 1


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _shifted(values: int, by: int) -> int:
    """{x ^ by : x in values}."""
    if values == ALL:
        return ALL  # (by < 64)
    out = 0
    while values:
        low = values & -values
        values ^= low
        x = (low.bit_length() - 1) ^ by
        if x < 64:
            out |= 1 << x
    return out


def still_possible(asked: int, found: int, left: int) -> int:
    """The values of `asked` the mex can still come to, given the options' values `found` so far and
    `left` options to look at: not found, not under the least value missing, and with at most `left`
    values missing below them (each option fills one at most)."""
    missing = ~found & ALL
    for _ in range(min(left, 64)):
        if not missing:
            break
        missing &= missing - 1
    limit = _lowest(missing) if missing else 64  # the (left + 1)-th missing value
    return asked & ~found & ~_below(_lowest(~found & ALL)) & _below(limit + 1)


class Option:
    """What a domino leaves: the cells, their largest region (the first of the largest) and its size;
    the XOR of the other regions' values once worked out."""

    __slots__ = (
        "left_over",
        "largest",
        "size",
        "rank",
        "off_centre",
        "others",
        "simple",
        "reduced",
        "answered",
    )

    def __init__(self, left_over: int, largest: int, size: int, rank: int, off_centre: int) -> None:
        self.left_over, self.largest, self.size, self.rank = left_over, largest, size, rank
        self.off_centre = off_centre  # the domino's distance from the centre of the box, in half cells
        self.others: int | None = None
        self.simple: int | None = None  # the largest region's value if a path or a cycle, else -1
        self.reduced = largest  # the largest region less redundant twin leaves
        self.answered = False  # its value is one found by the search of the shape that lists it


def options(height: int, width: int, cells: int) -> list[Option]:
    """A shape's dominoes, horizontal ones then vertical ones, each lowest cell first, each with the score
    that orders the search (`Solver.shape_value` sorts them by it, stably, least first): twice the size
    of the largest region left (its search is the cheaper, the smaller it is), plus the neighbours the
    domino's two cells have in the shape (each counting the other: dominoes in thin parts and corners
    first), plus twice the domino's distance from the centre of the box in half cells (central dominoes
    first), less the leaves (cells with one neighbour) of what is left, those of the largest region
    counted twice."""
    _, _, not_last = frame(height, width)
    all_edges = (cells & (cells >> 1) & not_last).bit_count() + (cells & (cells >> width)).bit_count()
    out = []
    for step, starts in ((1, cells & (cells >> 1) & not_last), (width, cells & (cells >> width))):
        while starts:
            low = starts & -starts
            starts ^= low
            rest = cells & ~(low | low << step)
            largest, size = 0, 0
            for comp in components(rest, height, width):
                n = comp.bit_count()
                if n > size:
                    largest, size = comp, n
            right, down = rest & (rest >> 1) & not_last, rest & (rest >> width)
            neighbours = all_edges - right.bit_count() - down.bit_count() + 1  # its own edge counted twice
            left, up = right << 1, down << width
            pairs = (right & left) | (down & up) | ((right | left) & (down | up))
            ones = (right ^ left ^ down ^ up) & ~pairs  # the cells of `rest` with one neighbour
            leaves = ones.bit_count() + (ones & largest).bit_count()
            row, col = divmod(low.bit_length() - 1, width)
            vertical = int(step != 1)
            off_centre = abs(2 * row + vertical - (height - 1)) + abs(2 * col + 1 - vertical - (width - 1))
            rank = 2 * size + neighbours + 2 * off_centre - leaves
            out.append(Option(rest, largest, size, rank, off_centre))
    return out


class Solver:
    """One public call's solving: the budget it runs under and how many nodes (searches) it made."""

    def __init__(self, budget: Budget | None) -> None:
        self.budget = budget
        self.solved = 0
        self.probing = False  # answer from the memo only (UNKNOWN where a search is needed)

    def value(self, free: int, rows: int, cols: int) -> int:
        """Grundy value of the empty cells `free` of a `rows` x `cols` board: the XOR of its regions'."""
        total = 0
        for comp in components(free, rows, cols):
            value = self.region(comp, rows, cols)
            assert value >= 0
            total ^= value
        return total

    def region(self, comp: int, height: int, width: int, asked: int = ALL) -> int:
        """One connected region's value if it is among `asked`, else NOT_AMONG (or UNKNOWN)."""
        n = comp.bit_count()
        if n >= 4:
            comp = without_twin_leaves(comp, height, width)
            n = comp.bit_count()
        if n < 4:  # two or three cells: one move, to nothing or one cell
            v = int(n >= 2)
            return v if asked >> v & 1 else NOT_AMONG
        simple = path_value(comp, height, width)
        if simple >= 0:
            return simple if asked >> simple & 1 else NOT_AMONG
        return self.shape(*boxed(comp, height, width), asked=asked)

    def shape(self, height: int, width: int, cells: int, asked: int = ALL) -> int:
        """`region` for a shape that touches every side of its `height` x `width` box."""
        ckey = canonical_key(height, width, cells)
        h, w, bits = (ckey >> 8) & 0xFF, ckey & 0xFF, ckey >> 16
        if asked != ALL or cells.bit_count() <= EXACT_CELLS:
            return self.shape_value(h, w, bits, asked)
        for g in range(64):
            r = self.shape_value(h, w, bits, 1 << g)
            if r != NOT_AMONG:
                return r
            if g > NOT_VALUES:
                break
        return UNKNOWN

    def sum_value(self, height: int, width: int, option: Option, asked: int) -> int:
        """An option's value (its regions' XOR) if among `asked`, else NOT_AMONG (or UNKNOWN)."""
        if option.others is None:
            others = 0
            for comp in components(option.left_over & ~option.largest, height, width):
                v = self.region(comp, height, width)
                if v < 0:
                    return v
                others ^= v
            option.others = others
        others = option.others
        if option.size < 4:
            v = others ^ int(option.size >= 2)
            return v if asked >> v & 1 else NOT_AMONG
        if option.simple is None:
            option.reduced = reduced = without_twin_leaves(option.largest, height, width)
            n = reduced.bit_count()
            option.simple = int(n >= 2) if n < 4 else path_value(reduced, height, width)
        if option.simple >= 0:
            v = others ^ option.simple
            return v if asked >> v & 1 else NOT_AMONG
        v = self.shape(*boxed(option.reduced, height, width), asked=_shifted(asked, others))
        return v if v < 0 else v ^ others

    def shape_value(self, height: int, width: int, bits: int, asked: int) -> int:
        """A canonical connected shape's value if it is among `asked` (a mask), else NOT_AMONG."""
        key = shape_key(height, width, bits)
        exact, excluded = _memo.get(key, (-1, 0))
        if exact >= 0:
            return exact if asked >> exact & 1 else NOT_AMONG
        _, not_first, not_last = frame(height, width)
        moves = (bits & (bits >> 1) & not_last).bit_count() + (bits & (bits >> width)).bit_count()
        asked &= _below(min(moves, bits.bit_count() // 2) + 1) & ~excluded
        if not asked:
            return NOT_AMONG
        if self.probing:
            return UNKNOWN
        self.solved += 1
        if self.budget is not None:  # every node: one on a large region costs up to 30 ms here
            self.budget.check()
        board = options(height, width, bits)
        listed = sorted(board, key=lambda option: option.rank)
        found, left = 0, len(listed)
        possible = still_possible(asked, found, left)
        # First what the memo knows of each option (an enhanced transposition cutoff), the dominoes from
        # the centre of the box out, those that split the shape first (the C core asks the table of each
        # as it lists it, and stops listing at a cut), then a search in the order of the scores: each
        # option asked only about the values the mex can still be (a value found rules one out) ...
        out = sorted(board, key=lambda option: option.off_centre)
        whole = bits.bit_count() - 2  # the size of what a domino leaves when it does not split the shape
        probe = [o for o in out if o.size != whole] + [o for o in out if o.size == whole]
        for probing, order in ((True, probe), (False, listed)):
            self.probing = probing
            try:
                for option in order:
                    if not possible:
                        break
                    if option.answered:
                        continue
                    # the memo's answers all count, a value asked or not: the shape is not worth that
                    r = self.sum_value(height, width, option, ALL if probing else possible)
                    if r < 0:
                        continue
                    option.answered = True
                    found |= 1 << r
                    left -= 1
                    possible = still_possible(asked, found, left)
            finally:
                self.probing = False
        if not possible:
            return self._not(key, excluded, asked | found | _below(_lowest(~found & ALL)))
        # ... then, no option having any of them, each missing value under them looked for in turn: the
        # first not found is the value.
        least = _lowest(possible)
        j = _lowest(~found & ALL)
        while j < least:
            for option in listed:
                if not option.answered and self.sum_value(height, width, option, 1 << j) == j:
                    break
            else:  # no option is worth j, every smaller value is reached: the value is j
                _remember(key, j, excluded)
                return j if asked >> j & 1 else NOT_AMONG
            option.answered = True
            found |= 1 << j
            left -= 1
            possible = still_possible(asked, found, left)
            if not possible:
                return self._not(key, excluded, asked | found | _below(_lowest(~found & ALL)))
            least = _lowest(possible)
            j = _lowest(~found & ALL)
        _remember(key, least, excluded)
        return least if asked >> least & 1 else NOT_AMONG

    @staticmethod
    def _not(key: int, excluded: int, values: int) -> int:
        """Records that the shape's value is none of `values`; NOT_AMONG."""
        _remember(key, -1, excluded | (values & _below(NOT_VALUES)))
        return NOT_AMONG


def _remember(key: int, exact: int, excluded: int) -> None:
    if len(_memo) >= MEMO_LIMIT:
        _memo.clear()  # values already computed are returned up the stack, so nothing is lost but time
    _memo[key] = (exact, excluded)


def clear_cache() -> None:
    """Forget every memoised shape."""
    _memo.clear()
    _canonical.clear()


def memo_size() -> int:
    return len(_memo)


def grundy(rows: int, cols: int, free: int, budget: Budget | None = None) -> tuple[int, int]:
    """(Grundy value of the empty cells `free`, nodes searched). Raises SearchTimeout when stopped."""
    solver = Solver(budget)
    if budget is not None:
        budget.check()
    return solver.value(free, rows, cols), solver.solved


def region_values(rows: int, cols: int, free: int, budget: Budget | None = None) -> list[tuple[int, int]]:
    """[(mask of a region's empty cells, its Grundy value)] for each region, lowest cell first."""
    solver = Solver(budget)
    return [(comp, solver.region(comp, rows, cols)) for comp in components(free, rows, cols)]


def move_values(rows: int, cols: int, free: int, budget: Budget | None = None) -> list[int | None]:
    """The Grundy value left by each domino of `dominoes(rows, cols, free)`; None once the budget ran out."""
    solver = Solver(budget)
    out: list[int | None] = []
    for a, b in dominoes(rows, cols, free):
        if out and out[-1] is None:
            out.append(None)
            continue
        try:
            out.append(solver.value(free & ~((1 << a) | (1 << b)), rows, cols))
        except SearchTimeout:
            out.append(None)
    return out
