"""Domineering solved by search: the solver with its speed-ups (table, counting bounds with safe moves,
move ordering, cut-offs) agrees with plain alpha-beta on random 5x5 positions; the C core matches the
Python reference; the outcome of small boards matches the published ones; budgets stop a search."""

from __future__ import annotations

import random
import threading
import time
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.games.domineering import reference, solver
from gridgames.solve import core
from gridgames.solve.budget import Budget, SearchCancelled
from tests.waiting import scaled

native = pytest.mark.skipif(not solver.built(), reason="the C core was not built")


def plain_wins(rows: int, cols: int, free: int, vertical: bool) -> bool:
    """Plain alpha-beta over won/lost, written here from the rules alone: the mover wins when some domino
    leaves the opponent lost (memoised so that whole 5x5 positions finish in a test)."""

    @cache
    def wins(cells: int, v: bool) -> bool:
        step = cols if v else 1
        for i in range(rows * cols):
            j = i + step
            if j >= rows * cols or (not v and i % cols == cols - 1):
                continue
            if cells >> i & 1 and cells >> j & 1 and not wins(cells & ~(1 << i) & ~(1 << j), not v):
                return True
        return False

    return wins(free, vertical)


def random_position(rng: random.Random, rows: int, cols: int, most: int, least: int = 0) -> tuple[int, bool]:
    """The position after `least` to `most` random moves from the empty board, either player first."""
    free, vertical = (1 << (rows * cols)) - 1, rng.random() < 0.5
    for _ in range(rng.randint(least, most)):
        moves = reference.dominoes(rows, cols, free, vertical)
        if not moves:
            break
        a, b = rng.choice(moves)
        free &= ~((1 << a) | (1 << b))
        vertical = not vertical
    return free, vertical


@native
def test_the_c_search_agrees_with_plain_alpha_beta_on_500_random_5x5_positions() -> None:
    rng = random.Random(18)
    mod = solver.native()
    assert mod is not None
    mod.clear()
    for _ in range(500):
        free, vertical = random_position(rng, 5, 5, 10, least=2)  # plain search of 5x5 from empty: seconds
        assert mod.wins(5, 5, free, vertical, -1.0, None) == mod.wins(5, 5, free, vertical, -1.0, None, True)


def test_the_python_search_agrees_with_plain_alpha_beta() -> None:
    rng = random.Random(17)
    for _ in range(80):
        free, vertical = random_position(rng, 5, 5, 12, least=3)
        reference.clear_cache()
        assert reference.wins(5, 5, free, vertical)[0] == plain_wins(5, 5, free, vertical)


@native
@settings(max_examples=150, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.integers(0, 2**25 - 1), st.booleans())
def test_the_c_core_matches_the_reference(rows: int, cols: int, seed: int, vertical: bool) -> None:
    free = seed & ((1 << (rows * cols)) - 1)
    mod = solver.native()
    assert mod is not None
    reference.clear_cache()
    assert mod.move_values(rows, cols, free, vertical, -1.0, None) == reference.move_values(
        rows, cols, free, vertical
    )[0]


def safe_moves_decide(rows: int, cols: int, free: int, vertical: bool) -> bool:
    """Whether safe moves alone (no protective or vulnerable areas) decide the position."""
    down, across = reference.areas_down(rows, cols, free), reference.areas_across(rows, cols, free)
    mine, theirs = (down, across) if vertical else (across, down)
    return 0 in (mine.most, theirs.most) or mine.safe > theirs.most or theirs.safe >= mine.most


@pytest.mark.parametrize(("rows", "cols"), [(4, 5), (5, 5), (4, 6), (6, 4)])
def test_counting_bounds_only_claim_what_search_confirms(rows: int, cols: int) -> None:
    rng = random.Random(5)
    claimed = by_areas = 0
    for _ in range(300):
        free, vertical = random_position(rng, rows, cols, 12, least=2)
        verdict = reference.bound(rows, cols, free, vertical)
        if verdict is not None:
            claimed += 1
            by_areas += not safe_moves_decide(rows, cols, free, vertical)
            assert verdict == plain_wins(rows, cols, free, vertical)
    assert claimed > 30
    assert by_areas > 5  # protective and vulnerable areas decide positions safe moves alone do not


# Square boards: 5x5 is a second-player win (Conway; Winning Ways, ch. 5), the others up to 8x8
# first-player wins (Breuker, Uiterwijk and van den Herik, "Solving 8x8 Domineering", 2000).
@pytest.mark.parametrize(("size", "expected"), [(2, "N"), (3, "N"), (4, "N"), (5, "P"), (6, "N")])
def test_square_boards_match_the_published_outcomes(size: int, expected: str) -> None:
    solver.clear_cache()
    assert solver.outcome(size, size) == expected


def test_a_transposed_position_swaps_the_players() -> None:
    rng = random.Random(3)
    for _ in range(40):
        free, vertical = random_position(rng, 3, 4, 4)
        flipped = solver.transpose(3, 4, free)
        assert solver.wins(3, 4, free, vertical) == solver.wins(4, 3, flipped, not vertical)


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
            solver.wins(9, 9, (1 << 81) - 1, True, Budget(None, stop))
        # The search checks the flag every few thousand nodes (milliseconds: make bench times it); on a
        # loaded machine the thread may wait for the CPU, so this bounds the stop loosely, not its speed.
        assert time.perf_counter() - stopped_at[0] < scaled(1.0)
    finally:
        core.use_native(previous)
        solver.clear_cache()


@native
@pytest.mark.parametrize(("rows", "cols"), [(3, 8), pytest.param(4, 8, marks=pytest.mark.soak), (8, 8)])
def test_the_c_core_matches_the_reference_on_eight_columns(rows: int, cols: int) -> None:
    """Eight columns take the C core's byte-swapping mirror images; late 8x8 positions stay quick."""
    rng = random.Random(rows)
    mod = solver.native()
    assert mod is not None
    for _ in range(15):
        moves = 18 if rows == 8 else 2
        free, vertical = random_position(rng, rows, cols, moves + 4, least=moves)
        mod.clear()
        reference.clear_cache()
        assert mod.move_values(rows, cols, free, vertical, -1.0, None) == reference.move_values(
            rows, cols, free, vertical
        )[0]


@native
def test_the_reference_searches_the_same_nodes_as_the_c_core_on_every_board_up_to_6x6() -> None:
    """The Python reference is the C core's specification node for node: the same ordering, bounds,
    cut-offs and table (each board from an empty table, both players first)."""
    mod = solver.native()
    assert mod is not None
    for rows in range(1, 7):
        for cols in range(1, 7):
            full = (1 << (rows * cols)) - 1
            for vertical in (True, False):
                mod.clear()
                reference.clear_cache()
                native_value = mod.wins(rows, cols, full, vertical, -1.0, None)
                assert reference.wins(rows, cols, full, vertical) == (native_value, mod.nodes()), (rows, cols)
    mod.clear()
    reference.clear_cache()
