"""A solver that lies or fails is contained: each answer is checked before anything uses it, a bad one
switches that game's solver off for the run in one sentence, the game plays on by search and nothing
the solver said is called proven; `gridgames check` fails on every lie (gridgames/games/guard.py).
The liar is tests/games/lying_plugin.py, registered as an installed plugin would be."""

from __future__ import annotations

import random

import pytest

from gridgames import games
from gridgames.cli import main
from gridgames.engine import Game, Options
from gridgames.games import guard
from gridgames.solve.analysis import analyse
from gridgames.solve.players import choose_move
from tests.games.lying_plugin import GAMES, LIES, VARIABLE
from tests.games.test_check import check_lines


@pytest.fixture(autouse=True)
def liar(register_games) -> None:
    register_games(GAMES)


@pytest.mark.parametrize("lie", LIES)
def test_check_fails_on_each_lie(lie, monkeypatch, capsys) -> None:
    monkeypatch.setenv(VARIABLE, lie)
    assert main(["check", "liar", "--quick"]) == 1
    lines = check_lines(capsys)
    failed = [line for line in lines if line.startswith("✗ solver agrees with a plain exhaustive search")]
    assert failed and LIES[lie] in failed[0], "\n".join(lines)


@pytest.mark.parametrize("lie", LIES)
def test_each_lie_switches_the_solver_off_in_one_sentence_and_the_game_plays_on(
    lie, monkeypatch, one_sentence
) -> None:
    monkeypatch.setenv(VARIABLE, lie)
    entry = games.get_entry("liar")
    state = Game.new(entry, Options(6, 6, "1"), first_player=1).state  # too big to prove in the budget
    evaluation = analyse(entry, state, 0.2)
    legal = set(entry.rules.legal_moves(state))
    assert set(evaluation.move_values) == legal and not evaluation.exact and evaluation.value == "unknown"
    reason = guard.solver_off("liar")
    assert reason is not None and LIES[lie] in reason and one_sentence(reason), reason
    assert guard.take_warnings() == [reason], "said once"
    assert guard.why_off("liar") is None, "the game plays on"
    assert choose_move(entry, state, "perfect", random.Random(1), 0.05) in legal  # by search
    small = Game.new(entry, Options(3, 3, "1"), first_player=1).state
    # a budget it never needs (3x3 is proved in milliseconds; 1 s ran out on a machine loaded to 15)
    assert analyse(entry, small, 60.0).value == "loss", "the search proves what it proves"
    assert guard.take_warnings() == []


def test_solvers_are_registered_per_game_not_per_rules_class(monkeypatch) -> None:
    monkeypatch.setenv(VARIABLE, "win")
    liar, twin = games.get_entry("liar"), games.get_entry("liar-twin")
    assert liar.rules == twin.rules, "one rules class, one rules object"
    assert games.registered_solver(liar.rules) is not games.registered_solver(twin.rules)
    assert liar.solver is not twin.solver, "each entry carries its own game's solver"
    assert liar.solver is games.registered_solver(liar.rules)
    state = Game.new(twin, Options(3, 3, "1"), first_player=1).state
    evaluation = analyse(twin, state, 1.0)
    assert evaluation.value == "loss" and evaluation.exact, "the twin's own (generic) solver, not the liar's"
    assert guard.solver_off("liar-twin") is None and guard.solver_off("liar") is None
    analyse(liar, state, 1.0)
    assert guard.solver_off("liar") is not None and guard.solver_off("liar-twin") is None


def test_the_truthful_liar_and_its_twin_pass_check(monkeypatch, capsys) -> None:
    monkeypatch.setenv(VARIABLE, "win")
    assert main(["check", "liar-twin", "--quick"]) == 0, "\n".join(check_lines(capsys))
    monkeypatch.delenv(VARIABLE)
    assert main(["check", "liar", "--quick"]) == 0, "\n".join(check_lines(capsys))
