"""Node Kayles Grundy values against plain search, published sequences and mirror strategies."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

import pytest

from gridgames.engine.options import Options
from gridgames.engine.rules import bits, orthogonal_masks
from gridgames.games.nodekayles import algorithm as nodekayles
from gridgames.games.nodekayles.rules import RULES, NodeKaylesState
from gridgames.solve.base import LOSS, WIN


@pytest.fixture
def searched() -> Iterator[None]:
    """Values found by search alone: the shipped table off, nothing cached."""
    nodekayles.use_table(False)
    yield
    nodekayles.use_table(True)


def _plain_grundy(rows: int, cols: int):  # type: ignore[no-untyped-def]
    """Grundy values of whole positions by mex over moves, with no regions and no symmetry."""
    closed = [m | 1 << i for i, m in enumerate(orthogonal_masks(rows, cols))]

    @cache
    def value(free: int) -> int:
        options = {value(free & ~closed[i]) for i in bits(free)}
        g = 0
        while g in options:
            g += 1
        return g

    return value


def _reachable_free(rows: int, cols: int) -> list[int]:
    closed = [m | 1 << i for i, m in enumerate(orthogonal_masks(rows, cols))]
    seen: set[int] = set()
    stack = [(1 << (rows * cols)) - 1]
    while stack:
        free = stack.pop()
        if free not in seen:
            seen.add(free)
            stack.extend(free & ~closed[i] for i in bits(free))
    return sorted(seen)


def _state(rows: int, cols: int, free: int) -> NodeKaylesState:
    full = (1 << (rows * cols)) - 1
    return NodeKaylesState(rows, cols, 1, 0, locked=full & ~free)


@pytest.mark.parametrize(("rows", "cols"), [(2, 5), (3, 3), (3, 4), (4, 4)])
def test_every_reachable_position_matches_plain_search(rows: int, cols: int, searched: None) -> None:
    plain = _plain_grundy(rows, cols)
    for free in _reachable_free(rows, cols):
        state = _state(rows, cols, free)
        assert nodekayles.grundy(state) == plain(free)
        evaluation = nodekayles.evaluate(state)
        assert evaluation.exact
        assert evaluation.value == (WIN if plain(free) else LOSS)
        assert set(evaluation.move_values) == set(RULES.legal_moves(state))
        for move, value in evaluation.move_values.items():
            after = RULES.apply_unchecked(state, move)
            assert value == (LOSS if plain(after.free) else WIN)
        move = nodekayles.best_move(state)
        if move is None:
            assert free == 0
        else:
            assert evaluation.move_values[move] == evaluation.value


def test_random_positions_of_the_book_board_match_plain_search() -> None:
    rng = random.Random(5)
    plain = _plain_grundy(5, 5)
    for _ in range(40):
        state = RULES.start(Options(5, 5), 1)
        for _ in range(rng.randrange(0, 4)):
            state = RULES.apply_unchecked(state, rng.choice(RULES.legal_moves(state)))
        assert nodekayles.grundy(state) == plain(state.free)


def test_three_by_n_follows_the_published_sequence(searched: None) -> None:
    # OEIS A316632: Node Kayles on the 3 x n grid.
    published = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5]
    assert [nodekayles.grundy_of_board(3, n) for n in range(1, 13)] == published


def test_one_by_n_is_dawsons_chess(searched: None) -> None:
    # A path: OEIS A002187 (Dawson's Chess), from n = 1; period 34 after n = 51.
    published = [
        1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7,
        4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
    ]  # fmt: skip
    assert [nodekayles.grundy_of_board(1, n) for n in range(1, len(published) + 1)] == published


def test_two_by_n_is_n_mod_2(searched: None) -> None:
    assert [nodekayles.grundy_of_board(2, n) for n in range(1, 15)] == [n % 2 for n in range(1, 15)]


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 4), (4, 4), (4, 6), (3, 3), (3, 5), (5, 5), (1, 7)])
def test_mirror_strategies(rows: int, cols: int, searched: None) -> None:
    """Even x even: the second player mirrors through the centre; odd x odd: the first takes it."""
    value = nodekayles.grundy_of_board(rows, cols)
    if rows % 2 == 0 and cols % 2 == 0:
        assert value == 0
    else:
        assert value != 0


def test_symmetric_shapes_share_one_canonical_key() -> None:
    rng = random.Random(3)
    for _ in range(200):
        h, w = rng.randrange(1, 6), rng.randrange(1, 6)
        grid = [[rng.random() < 0.6 for _ in range(w)] for _ in range(h)]
        variants = []
        for g in (grid, [list(col) for col in zip(*grid, strict=True)]):
            for rows in (g, g[::-1]):
                for flipped in (rows, [row[::-1] for row in rows]):
                    height, width = len(flipped), len(flipped[0])
                    cells = sum(
                        1 << (r * width + c) for r in range(height) for c in range(width) if flipped[r][c]
                    )
                    variants.append(nodekayles.canonical_key(height, width, cells))
        assert len(set(variants)) == 1
        h2, w2, cells = nodekayles.decode_key(variants[0])
        assert bin(cells).count("1") == sum(map(sum, grid))


def test_regions_split_the_free_cells_and_xor_to_the_value() -> None:
    state = RULES.start(Options(5, 5), 1)
    for cell in ("C1", "C3", "C5", "A3", "E3"):
        state = RULES.apply_unchecked(state, RULES.parse_move(state, cell))
    parts = nodekayles.regions(state)
    # Row C and column 3 are locked; each quadrant keeps two diagonal cells, each its own region.
    assert len(parts) == 8 and all(value == 1 for _, value in parts)
    union = 0
    total = 0
    for mask, value in parts:
        assert union & mask == 0
        union |= mask
        total ^= value
    assert union == state.free
    assert total == nodekayles.grundy(state)


def test_shipped_table_agrees_with_search(searched: None) -> None:
    from gridgames.solve import tables

    body = tables.load("gridgames.games.nodekayles", nodekayles.TABLE_RESOURCE, nodekayles.TABLE_NAME)
    assert body is not None
    table = nodekayles.decode_table(body)
    rng = random.Random(11)
    # Small shapes from both key lengths: the 7x7 boards' and the long 3 x n strips'.
    for words, wanted, max_cells in ((1, 200, 16), (2, 8, 32)):
        keys, values = table[words]
        checked = 0
        for _ in range(200_000):
            i = rng.randrange(len(keys))
            h, w, cells = nodekayles.decode_key(keys[i])
            if bin(cells).count("1") > max_cells:
                continue
            assert nodekayles.canonical_key(h, w, cells) == keys[i]
            assert nodekayles._shape_value(h, w, cells) == values[i]
            checked += 1
            if checked == wanted:
                break
        assert checked == wanted


@pytest.mark.parametrize(("rows", "cols", "value"), [(7, 7, 1), (6, 7, 3), (3, 20, 1)])
def test_the_table_answers_big_boards_without_search(rows: int, cols: int, value: int) -> None:
    nodekayles.clear_cache()
    assert nodekayles.grundy_of_board(rows, cols) == value
    nodekayles.evaluate(RULES.start(Options(rows, cols), 1))
    assert not nodekayles._canonical  # every region was found in the table


def test_best_move_leaves_a_zero_position_when_winning_and_none_when_over() -> None:
    rng = random.Random(2)
    for _ in range(30):
        state = RULES.start(Options(6, 6), 1)
        for _ in range(rng.randrange(1, 8)):
            moves = RULES.legal_moves(state)
            if not moves:
                break
            state = RULES.apply_unchecked(state, rng.choice(moves))
        move = nodekayles.best_move(state)
        if move is None:
            assert state.free == 0
        elif nodekayles.grundy(state):
            assert nodekayles.grundy(RULES.apply_unchecked(state, move)) == 0


def test_is_quick_accepts_known_or_small_regions_only() -> None:
    assert nodekayles.is_quick(RULES.start(Options(7, 7), 1))  # in the shipped table
    assert nodekayles.is_quick(RULES.start(Options(5, 6), 1), max_cells=0)
    assert not nodekayles.is_quick(RULES.start(Options(8, 8), 1))
    state = RULES.start(Options(8, 8), 1)
    for cell in ("D1", "D3", "D5", "D7", "A4", "C4", "F4", "H4"):
        state = RULES.apply_unchecked(state, RULES.parse_move(state, cell))
    assert nodekayles.is_quick(state)
    assert nodekayles.evaluate(state).exact
