"""The dispatcher: one call analyses any variant, exactly where a solver knows the board."""

from __future__ import annotations

import random

import pytest

from gridgames.games import catalogue
from gridgames.solve.analysis import analyse, generic_evaluation, needs_budget
from gridgames.solve.base import LOSS, UNKNOWN, WIN

CATALOGUE = catalogue()


EXACT_SIZES = {"walls": "4x4", "noneighbour": "4x4"}


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.id)
def test_every_variant_gets_a_value_for_every_legal_move(make_game, entry):
    rng = random.Random(11)
    game = make_game(entry.id, EXACT_SIZES.get(entry.id, "5x5"))
    for _ in range(3):
        evaluation = analyse(entry, game.state, budget=10.0)  # ample: exactness, not speed, is tested
        assert list(evaluation.move_values) == list(game.legal_moves())
        assert evaluation.exact and UNKNOWN not in evaluation.move_values.values()
        assert set(evaluation.best) <= set(game.legal_moves())
        game = game.play(rng.choice(game.legal_moves()))


def test_a_finished_game_is_a_loss_with_no_moves(make_game):
    game = make_game("noneighbour").play("B2")
    evaluation = analyse(game.entry.rules, game.state)
    assert evaluation.value == LOSS and evaluation.move_values == {} and evaluation.best == ()


def test_only_big_walls_boards_need_a_time_budget(make_game):
    assert needs_budget(make_game("walls", "7x7").entry, make_game("walls", "7x7").state)
    assert not needs_budget(make_game("walls", "4x4").entry, make_game("walls", "4x4").state)
    assert not needs_budget(make_game("walls").entry, make_game("walls").state)  # 5x5: table + live
    assert not needs_budget(make_game("rowcol").entry, make_game("rowcol").state)


def test_generic_search_proves_what_the_exact_solver_knows(make_game):
    game = make_game("noneighbour", "3x3", adjacency="orthogonal").play("A1")
    exact = analyse(game.entry, game.state)
    searched = generic_evaluation(game.rules, game.state, budget=5.0)
    assert searched.exact and searched.move_values == exact.move_values
    assert exact.value in (WIN, LOSS)
