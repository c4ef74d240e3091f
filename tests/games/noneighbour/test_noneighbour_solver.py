"""The no-neighbour solver agrees with a plain negamax on every reachable position of small boards."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gridgames.engine.rules import GridState, Rules
from gridgames.games.noneighbour import algorithm as noneighbour
from gridgames.games.noneighbour.rules import RULES
from gridgames.solve.base import LOSS, WIN


def _key(state: GridState) -> tuple:
    return (state.marks1 | state.marks2, state.last)  # type: ignore[attr-defined]


def game_graph(rules: Rules, start: GridState) -> dict[tuple, tuple[GridState, dict]]:
    """Every position reachable from `start` through the public rules, with its moves' results."""
    graph: dict[tuple, tuple[GridState, dict]] = {}
    todo = [start]
    while todo:
        state = todo.pop()
        key = _key(state)
        if key in graph:
            continue
        children = {}
        for move in rules.legal_moves(state):
            child = rules.apply_unchecked(state, move)
            children[move] = _key(child)
            todo.append(child)
        graph[key] = (state, children)
    return graph


def plain_wins(graph: dict, key: tuple, cache: dict) -> bool:
    """Plain negamax over the graph: the mover wins if some move leaves the opponent lost."""
    if key not in cache:
        cache[key] = any(not plain_wins(graph, child, cache) for child in graph[key][1].values())
    return cache[key]


@pytest.mark.parametrize("size", ["3x3", pytest.param("3x4", marks=pytest.mark.soak)])  # 3x4: 12 s
@pytest.mark.parametrize("adjacency", ["king", "orthogonal"])
def test_every_reachable_position_matches_plain_negamax(make_game, size, adjacency):
    graph = game_graph(RULES, make_game("noneighbour", size, adjacency=adjacency).state)
    assert len(graph) > 100
    cache: dict = {}
    for key, (state, children) in graph.items():
        evaluation = noneighbour.evaluate(state)
        assert evaluation.exact
        assert evaluation.value == (WIN if plain_wins(graph, key, cache) else LOSS)
        assert evaluation.move_values == {
            move: LOSS if plain_wins(graph, child, cache) else WIN for move, child in children.items()
        }


def test_book_board_first_player_wins_only_in_the_centre(make_game):
    evaluation = noneighbour.evaluate(make_game("noneighbour").state)
    assert evaluation.value == WIN
    assert [RULES.format_move(m) for m in evaluation.best] == ["B2"]


def test_value_ignores_who_owns_the_markers(make_game):
    game = make_game("noneighbour", "4x4").play("A1").play("C3").play("A4")
    state = game.state
    swapped = replace(state, marks1=state.marks2, marks2=state.marks1, to_move=3 - state.to_move)
    assert noneighbour.evaluate(state).move_values == noneighbour.evaluate(swapped).move_values


@pytest.mark.parametrize("adjacency", ["king", "orthogonal"])
def test_shipped_5x5_table_agrees_with_search(adjacency):
    solver = noneighbour.board_solver(5, 5, adjacency)
    assert solver.shipped, "noneighbour.bin should hold the 5x5 openings"
    fresh = noneighbour.NoNeighbourSolver(5, 5, adjacency, use_table=False)
    rng = random.Random(4)
    n = fresh.cells
    deep = [k for k in solver.shipped if (k & fresh.full).bit_count() == noneighbour.TABLE_MAX_MARKERS]
    for key in rng.sample(deep, 1):
        assert fresh.wins(key & fresh.full, key >> n) == solver.shipped[key]


def test_budget_too_small_leaves_moves_unknown_not_wrong(make_game):
    state = make_game("noneighbour", "5x5").play("A1").play("C3").play("E5").state
    noneighbour.board_solver.cache_clear()
    evaluation = noneighbour.evaluate(state, budget=0.0)
    assert not evaluation.exact
    assert set(evaluation.move_values.values()) <= {WIN, LOSS, "unknown"}
    noneighbour.board_solver.cache_clear()
