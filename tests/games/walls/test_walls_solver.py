"""The walls solver: retrograde values checked by an independent fixed point over the public rules."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gridgames.engine.rules import GridState
from gridgames.games.walls import algorithm as walls
from gridgames.games.walls.rules import RULES, WallsState
from gridgames.solve.base import DRAW, LOSS, UNKNOWN, WIN


def _key(state: WallsState) -> tuple:
    return (state.token1, state.token2, state.walls, state.to_move)


def fixed_point(start: WallsState) -> dict[GridState, str]:
    """Value of every position reachable from `start`, by plain value iteration over the rules."""
    index = {_key(start): 0}
    states = [start]
    edges: list[list[int]] = []
    for state in states:
        out = []
        for move in RULES.legal_moves(state):
            child = RULES.apply_unchecked(state, move)
            key = _key(child)
            if key not in index:
                index[key] = len(states)
                states.append(child)
            out.append(index[key])
        edges.append(out)
    parents: list[list[int]] = [[] for _ in states]
    for i, out in enumerate(edges):
        for j in out:
            parents[j].append(i)
    value: list[str | None] = [None] * len(states)
    todo = list(range(len(states)))
    while todo:  # re-examine a position whenever one of its children gets a value
        i = todo.pop()
        if value[i] is not None:
            continue
        children = [value[j] for j in edges[i]]
        if LOSS in children:
            value[i] = WIN
        elif all(v == WIN for v in children):  # also: no move at all
            value[i] = LOSS
        else:
            continue
        todo.extend(parents[i])
    return {replace(s, ply=0): v or DRAW for s, v in zip(states, value, strict=True)}


@pytest.fixture(scope="module")
def values_3x3(make_game) -> dict[GridState, str]:
    return fixed_point(make_game("walls", "3x3").state)


def test_every_3x3_position_matches_the_fixed_point(values_3x3):
    expected = values_3x3
    assert len(expected) > 5000
    for key, value in expected.items():
        assert walls.evaluate(key).value == value, key


def test_move_values_on_3x3_follow_the_children(values_3x3):
    expected = values_3x3
    rng = random.Random(1)
    for state in rng.sample(list(expected), 200):
        evaluation = walls.evaluate(state)
        for move, value in evaluation.move_values.items():
            child = replace(RULES.apply_unchecked(state, move), ply=0)
            assert value == {WIN: LOSS, LOSS: WIN, DRAW: DRAW}[expected[child]]


def _random_4x4(rng: random.Random, wall_count: int) -> WallsState:
    cells = rng.sample(range(16), wall_count + 2)
    state = WallsState(4, 4, rng.choice((1, 2)), 0, cells[0], cells[1], sum(1 << c for c in cells[2:]))
    return state


def test_4x4_table_matches_the_fixed_point_on_random_positions():
    assert walls.is_exact_board(4, 4), "walls-4x4.bin should ship"
    rng = random.Random(7)
    checked = 0
    values = set()
    while checked < 8:
        start = _random_4x4(rng, rng.choice((7, 8, 9)))
        if not RULES.legal_moves(start):
            continue
        expected = fixed_point(start)
        for key in rng.sample(list(expected), min(15, len(expected))):
            assert walls.evaluate(key).value == expected[key], key
            values.add(expected[key])
        checked += 1
    assert {WIN, LOSS} <= values


def test_setup_moves_are_analysed_too(make_game):
    evaluation = walls.evaluate(make_game("walls", "3x3").state)
    assert evaluation.exact
    assert len(evaluation.move_values) == 9
    assert all(m.kind != "wall" for m in evaluation.move_values)


def test_5x5_search_proves_a_trap(make_game):
    # O at A1 keeps one free neighbour, B1, and X is to move: a wall there wins at once.
    state = make_game("walls").play("C3").play("A1").play("#A2").play("#E5").state
    evaluation = walls.evaluate(state, budget=0.5)
    assert evaluation.value == WIN
    assert "#B1" in [RULES.format_move(m) for m in evaluation.best]


def test_5x5_without_proof_is_not_exact(make_game):
    evaluation = walls.evaluate(make_game("walls").play("C3").play("A1").state, budget=0.05)
    assert evaluation.value in (UNKNOWN, WIN, LOSS)
    if evaluation.value == UNKNOWN:
        assert not evaluation.exact
        assert evaluation.score is not None


def test_stuck_mover_has_lost(make_game):
    state = make_game("walls", "3x3").play("A1").play("C3").play("#A2").play("#B3").play("#B1").state
    # now O (to move) may move; X is stuck and loses whatever O does
    evaluation = walls.evaluate(state)
    assert evaluation.value == WIN
    assert set(evaluation.best) == set(RULES.legal_moves(state))


def test_a_board_solved_in_seconds_is_searched_until_prepared_then_proven(make_game):
    """3x6 (18 cells): a whole-board pass outlasts a reply, so the perfect seat searches until the pass
    is made once (the app makes it in a worker); a cancelled pass leaves the board to search."""
    from gridgames.games import registered_solver
    from gridgames.solve.analysis import analyse
    from gridgames.solve.budget import Budget
    from gridgames.solve.caches import clear_caches
    from gridgames.solve.players import choose_move

    if walls.NATIVE() is None:
        pytest.skip("boards of 17 to 20 cells are solved live by the C core only")
    clear_caches()
    state = make_game("walls", "3x6").state
    hooks = registered_solver(RULES)
    assert hooks.needs_preparing(state) and hooks.plays_by_search(state)
    assert not hooks.prepare(state, Budget(30.0, lambda: True))  # cancelled: nothing kept
    assert hooks.needs_preparing(state)
    assert hooks.prepare(state, Budget(30.0))
    assert not hooks.needs_preparing(state) and not hooks.plays_by_search(state)
    evaluation = analyse(RULES, state, Budget(1.0))
    assert evaluation.exact and evaluation.value == WIN
    for seed in range(4):
        assert choose_move(RULES, state, "perfect", random.Random(seed), budget=0.4) in evaluation.best
    clear_caches()
