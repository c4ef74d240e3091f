"""A puzzle run as a player meets it: right moves answered, wrong ones refuted, misses counted once."""

from __future__ import annotations

import random

import pytest

from gridgames.engine.errors import MoveError
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.puzzles.model import Puzzle
from gridgames.puzzles.run import PuzzleRun
from gridgames.solve.analysis import analyse
from gridgames.solve.base import WIN


def only_win(game: Game) -> Move | None:
    """The single winning move of a position with at least 4 moves, else None."""
    if len(game.legal_moves()) < 4:
        return None
    evaluation = analyse(game.entry, game.state, 5.0)
    wins = [m for m, v in evaluation.move_values.items() if v == WIN]
    return wins[0] if evaluation.exact and len(wins) == 1 else None


def a_puzzle(game_id: str = "locked-duel", size: int = 4, seed: int = 0) -> Puzzle:
    """A one-move puzzle found by seeded random play (real positions, proven by the solver)."""
    entry = get_entry(game_id)
    rng = random.Random(seed)
    for _ in range(200):
        game = Game.new(entry, Options(size, size), first_player=1)
        while not game.is_over:
            win = only_win(game)
            if win is not None:
                moves = tuple(entry.format_move(m) for m in game.played)
                return Puzzle(f"{game_id}-test", game_id, size, size, 1, {}, moves,
                              (entry.format_move(win),), "", 1500.0, len(game.legal_moves()), 1)
            game = game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no puzzle found")


@pytest.fixture(scope="module")
def puzzle() -> Puzzle:
    return a_puzzle()


def test_the_task_says_who_moves_and_what_to_find(puzzle: Puzzle) -> None:
    run = PuzzleRun.begin(puzzle, get_entry("locked-duel"))
    assert run.task.endswith("to move and win: find the only winning move.")
    assert run.entry.player(run.player) in run.task


def test_the_solution_solves_it_and_is_explained(puzzle: Puzzle) -> None:
    entry = get_entry("locked-duel")
    run = PuzzleRun.begin(puzzle, entry)
    run, answer = run.attempt(run.game.parse(puzzle.solution[0]))
    assert answer.kind == "solved" and run.over and not run.missed
    assert answer.explanation is not None and answer.explanation.lines


def test_a_wrong_move_is_refuted_and_undo_takes_it_back(puzzle: Puzzle) -> None:
    entry = get_entry("locked-duel")
    run = PuzzleRun.begin(puzzle, entry)
    right = run.game.parse(puzzle.solution[0])
    wrong = next(m for m in run.game.legal_moves() if m != right)
    after, answer = run.attempt(wrong)
    assert answer.kind == "wrong" and after.missed and "loses" in answer.text
    if answer.reply is not None:  # the refutation wins for the opponent
        assert after.game.played[-1] == answer.reply
    with pytest.raises(MoveError):
        after.attempt(right)
    back = after.undo()
    assert back.game.state == run.start.state and back.missed  # the miss stays counted
    solved, answer = back.attempt(right)
    assert answer.kind == "solved" and solved.missed


def test_show_solution_counts_as_a_miss(puzzle: Puzzle) -> None:
    run, answer = PuzzleRun.begin(puzzle, get_entry("locked-duel")).show_solution()
    assert answer.kind == "shown" and run.missed and run.over
    assert run.retry().game.state == run.start.state


def test_an_illegal_try_gets_the_engines_sentence(puzzle: Puzzle) -> None:
    run = PuzzleRun.begin(puzzle, get_entry("locked-duel"))
    taken = run.start.played[0]
    with pytest.raises(MoveError) as caught:
        run.attempt(taken)
    assert str(caught.value)


def test_the_other_node_kayles_book_plays_the_same_puzzle_in_its_words(puzzle: Puzzle) -> None:
    run = PuzzleRun.begin(puzzle, get_entry("blocking"))
    solved, answer = run.attempt(run.solution[0])
    assert answer.kind == "solved"
    assert get_entry("blocking").format_move(run.solution[0]) in answer.text


def test_a_position_from_a_game_accepts_any_winning_move() -> None:
    puzzle = a_puzzle(seed=3)
    game = PuzzleRun.begin(puzzle, get_entry("locked-duel")).start
    run = PuzzleRun.from_position(game)
    assert run is not None and run.any_win and "a winning move" in run.task
    _, answer = run.attempt(run.solution[0])
    assert answer.kind == "solved"
