"""A game whose code fails is switched off for the run, with one sentence, and the others play on
(gridgames/games/guard.py). The broken games are tests/games/broken_plugin.py, registered through
the `gridgames.games` entry points as an installed plugin would be."""

from __future__ import annotations

import random

import pytest

from gridgames import games
from gridgames.engine import Cell, Game, IllegalMoveError, InvalidMoveError, Move, Options
from gridgames.games import guard
from gridgames.games.guard import GameFault
from gridgames.solve.analysis import analyse
from gridgames.solve.players import choose_move
from tests.games.broken_plugin import BROKEN


@pytest.fixture(autouse=True)
def broken(register_games) -> None:
    register_games(BROKEN)


@pytest.mark.parametrize(
    ("game_id", "what"),
    [
        ("broken-moves", "its legal moves raised RuntimeError: legal moves exploded"),
        ("garbage-moves", "its legal moves gave 'A1', not a move on this board"),
        ("broken-look", "its drawing raised KeyError"),
        ("broken-notation", "its notation raised ZeroDivisionError: division by zero"),
    ],
)
def test_a_failing_game_is_switched_off_with_one_sentence(game_id, what, one_sentence) -> None:
    entry = games.get_entry(game_id)
    reason = guard.probe(entry)
    assert reason is not None and what in reason and one_sentence(reason), reason
    assert guard.why_off(game_id) == reason
    assert guard.switched_off() == {game_id: reason}, "only the failing game is switched off"
    assert guard.probe(games.get_entry("rowcol")) is None


def test_a_guard_writes_what_it_finds_in_its_own_ledger() -> None:
    """The guard's state is an object: a guard given its own ledger leaves the run's alone."""
    from tests.games.broken_plugin import MOVES_RAISE

    own = guard.Ledger()
    watch = guard.Guard("broken-moves", "Broken Moves", own)
    rules = guard.GuardedRules(MOVES_RAISE.entry.rules, watch)
    with pytest.raises(GameFault):
        rules.legal_moves(rules.start(Options(3, 3, "1"), 1))
    assert "broken-moves" in own.off and guard.why_off("broken-moves") is None


def test_the_fault_comes_mid_game_and_names_the_game() -> None:
    entry = games.get_entry("late")
    assert guard.probe(entry) is None, "it plays its opening"
    game = Game.new(entry, Options(3, 3, "1"), first_player=1)
    for text in ("A1", "A3", "B1", "B3"):
        game = game.play(text)
    with pytest.raises(GameFault) as caught:
        game.legal_moves()
    assert caught.value.game_id == "late" and "Late Break (late)" in str(caught.value)
    assert "lost track of the board" in str(caught.value) and guard.why_off("late") is not None


def test_illegal_and_invalid_moves_are_the_games_contract_not_a_fault() -> None:
    entry = games.get_entry("late")
    game = Game.new(entry, Options(3, 3, "1"), first_player=1).play("A1")
    with pytest.raises(IllegalMoveError):
        game.play(Move.at(Cell(0, 1)))
    with pytest.raises(InvalidMoveError):
        game.play("Z9 and more")
    assert guard.switched_off() == {}


def test_a_failing_solver_is_switched_off_and_its_game_plays_on_searched(one_sentence) -> None:
    entry = games.get_entry("broken-solver")
    state = Game.new(entry, Options(3, 3, "1"), first_player=1).state
    evaluation = analyse(entry, state, 0.5)  # the generic search's, which proves this small board
    assert set(evaluation.move_values) == set(entry.rules.legal_moves(state))
    reason = guard.solver_off("broken-solver")
    assert reason is not None and "its evaluate raised AssertionError: solver table missing" in reason
    assert one_sentence(reason) and guard.take_warnings() == [reason] and guard.take_warnings() == []
    assert guard.why_off("broken-solver") is None, "the game itself plays on"
    move = choose_move(entry, state, "perfect", random.Random(1), 0.1)  # no longer asks its search_move
    assert move in entry.rules.legal_moves(state)


def test_the_built_in_games_pass_the_probe() -> None:
    for entry in games.catalogue():
        if entry.id not in BROKEN:
            assert guard.probe(entry) is None, entry.id
    assert set(guard.switched_off()) <= set(BROKEN)


def test_the_perfect_seat_of_a_failing_solver_plays_the_searched_best_move() -> None:
    entry = games.get_entry("broken-solver")  # it plays by its own search_move, which raises
    state = Game.new(entry, Options(3, 3, "1"), first_player=1).play("A1").play("B3").state  # 1 win of 6
    move = choose_move(entry, state, "perfect", random.Random(1), 1.0)
    assert "its search_move raised AssertionError" in (guard.solver_off("broken-solver") or "")
    best = analyse(entry, state, 1.0).best
    assert len(best) == 1 and move in best, "a best move of the search over its rules, not a random one"


@pytest.mark.parametrize(
    ("hook", "answer", "said"),
    [
        ("parse_move", RuntimeError("no"), "reading its notation raised RuntimeError: no"),
        ("parse_move", "A1", "reading its notation gave 'A1'"),
        ("apply_move", KeyError(3), "playing a move raised KeyError: 3"),
        ("apply_move", None, "playing a move gave None, not a position on this board"),
        ("outcome", ValueError("odd"), "its result raised ValueError: odd"),
        ("outcome", "won", "its result is not an outcome"),
        ("format_move", "A\x1b1", "its notation gave 'A\\x1b1', not one line of text"),
        ("format_move", " ", "its notation gave ' ', not one line of text"),
    ],
)
def test_the_hooks_of_every_move_catch_a_fault_as_the_others_do(hook, answer, said, one_sentence) -> None:
    """A server's four hooks a move (written out in the guard, for speed) switch the game off with the
    same sentences: for what the game's code raises and for an answer the contract forbids."""
    own = games.get_entry("rowcol").rules.wrapped

    class Faulty(type(own)):  # type: ignore[misc]
        pass

    def faulty(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(answer, Exception):
            raise answer
        return answer

    setattr(Faulty, hook, faulty)
    rules = guard.GuardedRules(Faulty(), guard.Guard("faulty", "Faulty", guard.Ledger()))
    state = rules.start(Options(3, 3, "1"), 1)
    move = rules.legal_moves(state)[0]
    call = {
        "parse_move": lambda: rules.parse_move(state, "A1"),
        "apply_move": lambda: rules.apply_move(state, move),
        "outcome": lambda: rules.outcome(state),
        "format_move": lambda: rules.format_move(move),
    }[hook]
    with pytest.raises(GameFault) as fault:
        call()
    assert said in fault.value.reason and one_sentence(fault.value.reason), fault.value.reason
    assert rules.guard.ledger.off == {"faulty": fault.value.reason}


def test_the_notation_a_guard_keeps_is_the_games_own_in_each_style() -> None:
    """A guard keeps the notation it has checked (a server writes every move played), per style; a
    move that cannot be a key is written all the same, without being kept."""
    rules = games.get_entry("walls").rules
    assert isinstance(rules, guard.GuardedRules)
    wall = Move.at(Cell(2, 2), kind="wall")
    for _ in range(2):
        assert rules.format_move(wall) == rules.wrapped.format_move(wall) == "#C3"
        assert rules.format_move(wall, "pair") == "#(3,3)"
    assert rules.written[wall, "letter"] == "#C3"
    odd = Move([Cell(0, 0)])  # type: ignore[arg-type]  # a list of cells: no key
    assert rules.format_move(odd) == "A1" and all(move is not odd for move, _ in rules.written)
