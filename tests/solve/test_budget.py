"""Every search takes a Budget: validated seconds and a stop check that ends the search itself."""

from __future__ import annotations

import math
import random
import threading

import pytest

from gridgames.games.nodekayles import algorithm as nodekayles
from gridgames.solve.analysis import analyse
from gridgames.solve.base import UNKNOWN
from gridgames.solve.budget import MAX_SECONDS, Budget, SearchCancelled
from gridgames.solve.players import choose_move


@pytest.mark.parametrize("bad", [math.nan, math.inf, -1.0, 1e308, MAX_SECONDS * 2, "1", True])
def test_a_budget_that_is_not_a_usable_number_of_seconds_is_refused_in_one_sentence(bad, one_sentence):
    with pytest.raises(ValueError) as error:
        Budget(bad)
    assert one_sentence(str(error.value))


def test_a_set_event_cancels_and_a_fresh_budget_has_time():
    stop = threading.Event()
    budget = Budget(10.0, stop)
    budget.check()
    stop.set()
    with pytest.raises(SearchCancelled):
        budget.check()
    assert budget.within(1.0).cancelled and not Budget(0.5).expired()


# Searches that would run for minutes without a budget: each must end once its stop event is set.
LONG_SEARCHES = [
    ("walls", "7x7"),
    ("noneighbour", "7x7"),
    ("locked-duel", "9x9"),
    ("rowcol", "9x9"),
]


@pytest.mark.parametrize(("variant", "size"), LONG_SEARCHES)
def test_a_cancelled_analysis_leaves_no_thread_running(make_game, variant, size):
    game = make_game(variant, size)
    stop = threading.Event()
    answer: list = []
    nodekayles.use_table(False)
    try:
        budget = Budget(None, stop)
        worker = threading.Thread(target=lambda: answer.append(analyse(game.entry, game.state, budget)))
        worker.start()
        worker.join(0.2)
        stop.set()
        worker.join(5.0)
    finally:
        nodekayles.use_table(True)
    assert not worker.is_alive()
    # Whatever came back is honest: exact only when everything was proven.
    (evaluation,) = answer
    assert evaluation.exact == (UNKNOWN not in evaluation.move_values.values())


@pytest.mark.parametrize("level", ["medium", "perfect"])
def test_a_cancelled_move_search_returns_a_legal_move_at_once(make_game, level):
    game = make_game("walls", "9x9").play("A1").play("I9")
    stop = threading.Event()
    stop.set()
    move = choose_move(game.entry, game.state, level, random.Random(1), Budget(30.0, stop))
    assert move in game.rules.legal_moves(game.state)


def test_a_board_too_large_to_solve_is_unknown_not_a_crash(make_game):
    game = make_game("locked-duel", "30x30")
    evaluation = analyse(game.entry, game.state, 0.2)
    assert evaluation.value == UNKNOWN and not evaluation.exact
