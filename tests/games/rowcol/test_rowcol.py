"""The rowcol closed form against a generic maximum matching and against plain negamax."""

from __future__ import annotations

import random
from functools import cache

import pytest

from gridgames.engine.options import Options
from gridgames.engine.rules import bits
from gridgames.games.rowcol import algorithm as rowcol
from gridgames.games.rowcol.rules import RULES, RowColState, line_masks
from gridgames.solve.base import LOSS, WIN


def _brute_matching(neighbours: dict[int, int], vertices: int) -> int:
    """Maximum matching of a small general graph by plain search (no theory involved)."""

    @cache
    def best(left: int) -> int:
        if not left:
            return 0
        v = (left & -left).bit_length() - 1
        rest = left & ~(1 << v)
        result = best(rest)  # v stays unmatched
        for u in bits(neighbours[v] & rest):
            result = max(result, 1 + best(rest & ~(1 << u)))
        return result

    return best(vertices)


def _rook_neighbours(rows: int, cols: int) -> dict[int, int]:
    lines = line_masks(rows, cols)
    return {i: lines[i] & ~(1 << i) for i in range(rows * cols)}


@pytest.mark.parametrize(("rows", "cols"), [(2, 3), (3, 3), (3, 4), (4, 4), (2, 6)])
def test_matching_formula_matches_a_generic_maximum_matching(rows: int, cols: int) -> None:
    rng = random.Random(rows * 10 + cols)
    neighbours = _rook_neighbours(rows, cols)
    full = (1 << (rows * cols)) - 1
    for _ in range(60):
        cells = rng.getrandbits(rows * cols) & full
        size = _brute_matching(neighbours, cells)
        assert rowcol.max_matching(rows, cols, cells) == size
        expected = 0
        for i in bits(cells):
            if _brute_matching(neighbours, cells & ~(1 << i)) < size:
                expected |= 1 << i
        assert rowcol.essential_cells(rows, cols, cells) == expected


def _reachable(rows: int, cols: int) -> list[tuple[int, int | None]]:
    """Every (claimed mask, last claim) reachable from the empty board."""
    seen: set[tuple[int, int | None]] = set()
    stack: list[tuple[int, int | None]] = [(0, None)]
    while stack:
        claimed, last = stack.pop()
        if (claimed, last) in seen:
            continue
        seen.add((claimed, last))
        state = RowColState(rows, cols, 1, 0, claims1=claimed, last=last)
        stack.extend((claimed | 1 << u, u) for u in bits(RULES.allowed(state)))
    return sorted(seen, key=lambda p: (p[0], -1 if p[1] is None else p[1]))


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 5), (3, 3), (3, 4)])
def test_solver_agrees_with_negamax_on_every_reachable_position(rows: int, cols: int) -> None:
    lines = line_masks(rows, cols)
    full = (1 << (rows * cols)) - 1

    @cache
    def wins(unclaimed: int, last: int | None) -> bool:
        allowed = unclaimed if last is None else unclaimed & lines[last]
        return any(not wins(unclaimed & ~(1 << u), u) for u in bits(allowed))

    for claimed, last in _reachable(rows, cols):
        state = RowColState(rows, cols, 1, len(bits(claimed)), claims1=claimed, last=last)
        evaluation = rowcol.evaluate(state)
        assert evaluation.exact
        assert evaluation.value == (WIN if wins(full & ~claimed, last) else LOSS)
        assert set(evaluation.move_values) == set(RULES.legal_moves(state))
        for move, value in evaluation.move_values.items():
            u = state.index(move.cells[0])
            opponent_wins = wins(full & ~claimed & ~(1 << u), u)
            assert value == (LOSS if opponent_wins else WIN)
        move = rowcol.best_move(state)
        if move is None:
            assert not evaluation.move_values
        else:
            assert evaluation.move_values[move] == evaluation.value


def test_first_player_loses_an_even_board_and_wins_an_odd_one() -> None:
    # An even number of cells: every cell is in every maximum matching, so every first move loses.
    even = rowcol.evaluate(RULES.start(Options(4, 4), 1))
    assert even.value == LOSS and set(even.move_values.values()) == {LOSS}
    odd = rowcol.evaluate(RULES.start(Options(5, 5), 1))
    assert odd.value == WIN and set(odd.move_values.values()) == {WIN}


def test_large_board_positions_are_solved_and_consistent() -> None:
    rng = random.Random(7)
    state = RULES.start(Options(30, 30), 1)
    for _ in range(120):
        evaluation = rowcol.evaluate(state)
        move = rowcol.best_move(state)
        if move is None:
            break
        assert evaluation.value == (WIN if WIN in evaluation.move_values.values() else LOSS)
        assert evaluation.move_values[move] == evaluation.value
        state = RULES.apply_unchecked(state, rng.choice(RULES.legal_moves(state)))
