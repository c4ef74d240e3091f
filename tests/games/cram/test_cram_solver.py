"""Cram solved exactly: 1 x n is the octal game 0.07, the C core matches the Python reference (values,
and nodes on every board up to 5x5), budgets stop a search within milliseconds, and a table held small
still gives the right values."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.games.cram import reference, solver
from gridgames.solve import core, symmetry
from gridgames.solve.budget import Budget, SearchCancelled, SearchTimeout
from tests.waiting import scaled

native = pytest.mark.skipif(not solver.built(), reason="the C core was not built")


def octal_07(limit: int) -> list[int]:
    """Grundy values of the octal game 0.07 (Dawson's Kayles) from its definition: a move takes two
    adjacent tokens of a heap, leaving zero, one or two heaps."""
    values = [0] * (limit + 1)
    for n in range(2, limit + 1):
        reachable = {values[left] ^ values[n - 2 - left] for left in range(n - 1)}
        values[n] = min(set(range(len(reachable) + 1)) - reachable)
    return values


@pytest.mark.parametrize("use_native", [False, pytest.param(True, marks=native)])
def test_one_row_is_the_octal_game_0_07(use_native: bool) -> None:
    expected = octal_07(60)
    previous = core.use_native(use_native)
    try:
        solver.clear_cache()
        for n in range(1, 61):
            full = (1 << n) - 1
            assert solver.grundy(1, n, full) == expected[n], f"1 x {n}"
            assert solver.grundy(n, 1, full) == expected[n], f"{n} x 1"
    finally:
        core.use_native(previous)


def test_moves_are_the_adjacent_free_pairs() -> None:
    free = 0b0111_0110_1111  # a 3 x 4 board, row 0 first (lowest bits)
    cells = [i for i in range(12) if free >> i & 1]
    adjacent = {
        (a, b) for a in cells for b in cells if a < b and abs(a // 4 - b // 4) + abs(a % 4 - b % 4) == 1
    }
    assert reference.dominoes(3, 4, free) == sorted(adjacent)
    assert len(adjacent) == 10


@native
@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_the_c_core_matches_the_reference(rows: int, cols: int, data: st.DataObject) -> None:
    free = data.draw(st.integers(0, (1 << (rows * cols)) - 1))
    while free.bit_count() > 20:  # at most 20 empty cells: the Python reference answers within a second
        free &= free - 1
    reference.clear_cache()
    expected, _ = reference.grundy(rows, cols, free)
    mod = solver.native()
    assert mod is not None
    mod.clear()
    assert mod.grundy(rows, cols, free, -1.0, None) == expected
    mod.clear()
    assert mod.wins(rows, cols, free, -1.0, None) == (expected != 0)
    assert mod.move_values(rows, cols, free, -1.0, None) == reference.move_values(rows, cols, free)


def ring(rows: int, cols: int) -> int:
    """The border of a rows x cols board: a cycle of cells."""
    return sum(1 << (r * cols + c) for r in range(rows) for c in range(cols)
               if r in (0, rows - 1) or c in (0, cols - 1))


#: A snake on 5 x 5 (a path of 15 cells, no cell with three neighbours) and one with a cell that has.
SNAKE = int("11111" "00001" "11111" "10000" "11100"[::-1], 2)
NOT_A_SNAKE = int("11111" "00100" "11111" "10000" "11100"[::-1], 2)


@native
@pytest.mark.parametrize("rows, cols, free", [(3, 3, ring(3, 3)), (4, 6, ring(4, 6)), (5, 7, ring(5, 7)),
                                              (5, 5, SNAKE), (5, 5, NOT_A_SNAKE)])
def test_paths_and_cycles_valued_at_once_agree_with_a_search(rows: int, cols: int, free: int) -> None:
    """Paths and cycles are valued as Dawson's Kayles without a search; the search gives the same."""
    mod = solver.native()
    assert mod is not None
    reference.clear_cache()
    expected, _ = reference.grundy(rows, cols, free)
    try:
        mod.configure(True, True, 2, 14, False)  # paths and cycles searched like any region
        assert mod.grundy(rows, cols, free, -1.0, None) == expected
    finally:
        mod.configure(True, True, 2, 14, True)
    assert reference.path_value(free, rows, cols) == (-1 if free == NOT_A_SNAKE else expected)


_PLAIN: dict[tuple[int, int, int], int] = {}


def plain_grundy(rows: int, cols: int, free: int) -> int:
    """The Grundy value from the definition: the mex over every domino, no regions, shapes or rules."""
    key = (rows, cols, free)
    if key not in _PLAIN:
        dominoes = reference.dominoes(rows, cols, free)
        seen = {plain_grundy(rows, cols, free & ~(1 << a) & ~(1 << b)) for a, b in dominoes}
        _PLAIN[key] = min(set(range(len(seen) + 1)) - seen)
    return _PLAIN[key]


#: A plus on 3 x 3 (a cell with four leaves) and a T with a tail on 3 x 4 (a cell with two leaves).
PLUS = int("010" "111" "010"[::-1], 2)
T_TAIL = int("1110" "0100" "0111"[::-1], 2)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([(3, 3), (3, 4), (4, 4), (3, 5)]), st.data())
def test_twin_leaves_cut_keep_the_value(size: tuple[int, int], data: st.DataObject) -> None:
    """A region less one of two leaves on the same cell has its value: the searches (which cut them)
    agree with the definition on random positions, and the rule leaves a region's other cells alone."""
    rows, cols = size
    free = data.draw(st.integers(0, (1 << (rows * cols)) - 1))
    expected = plain_grundy(rows, cols, free)
    reference.clear_cache()
    assert reference.grundy(rows, cols, free)[0] == expected
    mod = solver.native()
    if mod is not None:
        assert mod.grundy(rows, cols, free, -1.0, None) == expected
    cut = reference.without_twin_leaves(free, rows, cols)
    assert cut & ~free == 0


def test_twin_leaves_keep_the_first_leaf() -> None:
    """The plus keeps its centre and its left leaf (a domino: value 1, as the plus's); the T its left one."""
    assert reference.without_twin_leaves(PLUS, 3, 3) == 0b000_011_000 and plain_grundy(3, 3, PLUS) == 1
    assert reference.without_twin_leaves(T_TAIL, 3, 4) == T_TAIL & ~(1 << 2)


@native
def test_the_c_core_searches_as_the_reference_does_on_every_board_up_to_5x5() -> None:
    """The same method node for node: equal values and equal node counts from an empty memo."""
    mod = solver.native()
    assert mod is not None
    for rows in range(1, 6):
        for cols in range(1, 6):
            full = (1 << (rows * cols)) - 1
            reference.clear_cache()
            mod.clear()
            expected = reference.grundy(rows, cols, full)
            assert (mod.grundy(rows, cols, full, -1.0, None), mod.nodes()) == expected, f"{rows}x{cols}"
    mod.clear()
    reference.clear_cache()


def test_region_values_xor_to_the_position_value() -> None:
    free = 0b11011_11011_00000_11111_11011  # 5 x 5 with a gap row: several regions
    parts = solver.region_values(5, 5, free)
    assert len(parts) > 1
    total = 0
    for _comp, value in parts:
        total ^= value
    assert total == solver.grundy(5, 5, free)


@pytest.mark.parametrize("use_native", [False, pytest.param(True, marks=native)])
def test_a_cancelled_search_stops_within_milliseconds(use_native: bool) -> None:
    previous = core.use_native(use_native)
    stop = threading.Event()
    try:
        solver.clear_cache()
        stopped_at: list[float] = []

        def cancel() -> None:
            stopped_at.append(time.perf_counter())
            stop.set()

        timer = threading.Timer(0.2, cancel)
        timer.start()
        with pytest.raises(SearchCancelled):
            solver.grundy(7, 8, (1 << 56) - 1, Budget(None, stop))
        # The search checks the flag every few thousand nodes (milliseconds: make bench times it); on a
        # loaded machine the thread may wait for the CPU, so this bounds the stop loosely, not its speed.
        assert time.perf_counter() - stopped_at[0] < scaled(1.0)
        with pytest.raises(SearchTimeout):
            solver.grundy(7, 8, (1 << 56) - 1, Budget(0.05))
    finally:
        core.use_native(previous)
        solver.clear_cache()


@native
def test_a_small_table_replaces_shapes_and_the_value_stays_right() -> None:
    mod = solver.native()
    assert mod is not None
    full = (1 << 30) - 1
    mod.clear()
    expected = mod.grundy(5, 6, full, -1.0, None)  # with room for every shape (cross-checked above)
    held = mod.memo_size()
    try:
        mod.set_memo_limit(14)  # 16,384 entries of 16 bytes (256 KB): 5 x 6 keeps 27,035 shapes
        mod.clear()
        assert mod.grundy(5, 6, full, -1.0, None) == expected
        assert mod.memo_size() < held  # shapes were replaced on the way
        assert mod.memo_bytes() <= (1 << 14) * 16
    finally:
        mod.set_memo_limit(solver.NATIVE_MEMO_LOG2)
        mod.clear()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (2, 5), (4, 5)]), st.data())
def test_the_mirror_shortcut_agrees_with_search(size: tuple[int, int], data: st.DataObject) -> None:
    """Near-symmetric positions (a symmetric one, perhaps after one domino): where `by_symmetry` answers,
    the exact value agrees, and `wins` with the shortcut equals `wins` without it."""
    rows, cols = size
    half = data.draw(st.integers(0, (1 << (rows * cols)) - 1))
    free = half | symmetry.image(rows, cols, half)
    moves = reference.dominoes(rows, cols, free)
    if moves and data.draw(st.booleans()):
        a, b = data.draw(st.sampled_from(moves))
        free &= ~((1 << a) | (1 << b))
    proven = solver.by_symmetry(rows, cols, free)
    value, _ = reference.grundy(rows, cols, free)
    if proven is not None:
        assert proven == (value != 0)
    assert solver.wins(rows, cols, free) == solver.wins(rows, cols, free, use_symmetry=False) == (value != 0)


@pytest.mark.parametrize("use_native", [False, pytest.param(True, marks=native)])
def test_move_wins_says_which_dominoes_leave_zero(use_native: bool) -> None:
    previous = core.use_native(use_native)
    try:
        for free in (0b11111_11111_11111_11111, 0b10111_11101_11011_01111, (1 << 20) - 1 - (1 << 7)):
            solver.clear_cache()
            wins = solver.move_wins(4, 5, free)
            moves, left = reference.dominoes(4, 5, free), reference.move_values(4, 5, free)
            assert wins == {move: value == 0 for move, value in zip(moves, left, strict=True)}
    finally:
        core.use_native(previous)
