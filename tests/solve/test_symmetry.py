"""The mirror strategy as a proof: which cells touch their image, and the strategy's owner winning every
game against random play in Cram and Node Kayles, each reply legal and restoring the symmetry."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.games.cram import reference as cram
from gridgames.solve import symmetry


def cram_options(rows: int, cols: int, free: int) -> list[tuple[tuple[int, int], int]]:
    return [((a, b), free & ~((1 << a) | (1 << b))) for a, b in cram.dominoes(rows, cols, free)]


def closed(rows: int, cols: int, cell: int) -> int:
    r, c = divmod(cell, cols)
    out = 1 << cell
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= rr < rows and 0 <= cc < cols:
            out |= 1 << (rr * cols + cc)
    return out


def kayles_options(rows: int, cols: int, free: int) -> list[tuple[int, int]]:
    return [(i, free & ~closed(rows, cols, i)) for i in range(rows * cols) if free >> i & 1]


SIZES = [(r, c) for r in range(1, 10) for c in range(1, 10)]


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_which_cells_touch_their_own_image(rows: int, cols: int) -> None:
    touching = symmetry.touching_own_image(rows, cols)
    centre_r, centre_c = (rows - 1) / 2, (cols - 1) / 2
    if rows % 2 == 0 and cols % 2 == 0:
        assert touching == 0  # even x even: no cell is next to its image, so a mirrored move never clashes
    elif rows % 2 and cols % 2:
        assert touching == 1 << int(centre_r * cols + centre_c)  # odd x odd: the centre alone
    else:  # even x odd: the two central cells, a domino across the centre
        cells = [i for i in range(rows * cols) if touching >> i & 1]
        assert len(cells) == 2
        (r1, c1), (r2, c2) = (divmod(i, cols) for i in cells)
        assert abs(r1 - r2) + abs(c1 - c2) == 1
        assert (r1 + r2) / 2 == centre_r and (c1 + c2) / 2 == centre_c


Options = Callable[[int, int, int], list[tuple[Any, int]]]


def play_out(rows: int, cols: int, options: Options, owner_moves_first: bool, rng: random.Random) -> None:
    """The owner follows mirror_reply against random moves: every reply exists, is legal, leaves the
    position mirror-lost, and the owner makes the last move."""
    free = (1 << (rows * cols)) - 1
    owner_to_move = owner_moves_first
    last = None
    while True:
        moves = options(rows, cols, free)
        if not moves:
            break
        if owner_to_move:
            reply = symmetry.mirror_reply(rows, cols, moves)
            assert reply is not None, "the owner always has the mirror reply"
            after = dict(moves)[reply]  # a legal move: one of the options
            assert symmetry.is_symmetric(rows, cols, after)
            assert symmetry.mirror_lost(rows, cols, after)
        else:
            assert symmetry.mirror_lost(rows, cols, free)
            reply, after = rng.choice(moves)
        free = after
        last = owner_to_move
        owner_to_move = not owner_to_move
    assert last is True, "the owner made the last move"


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 4), (4, 4), (4, 6), (6, 6), (8, 8)])
def test_second_player_mirrors_on_even_by_even(rows: int, cols: int) -> None:
    rng = random.Random(rows * 100 + cols)
    assert symmetry.mirror_lost(rows, cols, (1 << (rows * cols)) - 1)
    for _ in range(10):
        play_out(rows, cols, cram_options, owner_moves_first=False, rng=rng)
        play_out(rows, cols, kayles_options, owner_moves_first=False, rng=rng)


@pytest.mark.parametrize(("rows", "cols"), [(2, 3), (3, 2), (4, 5), (5, 4), (2, 7), (6, 7)])
def test_cram_first_player_takes_the_central_domino_on_even_by_odd(rows: int, cols: int) -> None:
    rng = random.Random(rows * 100 + cols)
    free = (1 << (rows * cols)) - 1
    opening = symmetry.mirror_reply(rows, cols, cram_options(rows, cols, free))
    assert opening is not None
    assert (1 << opening[0]) | (1 << opening[1]) == symmetry.touching_own_image(rows, cols)
    for _ in range(10):
        play_out(rows, cols, cram_options, owner_moves_first=True, rng=rng)


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (3, 3), (3, 5), (5, 5), (7, 7), (9, 9)])
def test_kayles_first_player_takes_the_centre_on_odd_by_odd(rows: int, cols: int) -> None:
    rng = random.Random(rows * 100 + cols)
    free = (1 << (rows * cols)) - 1
    assert symmetry.mirror_reply(rows, cols, kayles_options(rows, cols, free)) == (rows * cols) // 2
    assert symmetry.mirror_reply(rows, cols, cram_options(rows, cols, free)) is None  # Cram: not decided
    for _ in range(10):
        play_out(rows, cols, kayles_options, owner_moves_first=True, rng=rng)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.integers(0, 2**25 - 1))
def test_a_mirror_lost_cram_position_is_worth_zero(rows: int, cols: int, seed: int) -> None:
    """The theorem against the exact solver: symmetric safe positions have Grundy value 0, and a position
    one mirror reply away has a move to 0."""
    n = rows * cols
    half = seed & ((1 << n) - 1)
    free = (half | symmetry.image(rows, cols, half)) & ~symmetry.touching_own_image(rows, cols)
    assert symmetry.mirror_lost(rows, cols, free)
    assert cram.grundy(rows, cols, free)[0] == 0
    for _move, after in cram_options(rows, cols, free):
        assert symmetry.mirror_reply(rows, cols, cram_options(rows, cols, after)) is not None
        assert cram.grundy(rows, cols, after)[0] != 0
