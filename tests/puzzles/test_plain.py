"""`gridgames puzzle --plain` as a person types it: moves, wrong tries, undo, the solution, next, quit."""

from __future__ import annotations

import io
import random
from pathlib import Path

from gridgames.commands.puzzle import solve_plain
from gridgames.engine.entry import Entry
from gridgames.games import get_entry
from gridgames.puzzles.model import Puzzle
from gridgames.puzzles.progress import ProgressStore
from gridgames.puzzles.run import PuzzleRun
from gridgames.puzzles.trainer import Trainer
from tests.puzzles.test_run import a_puzzle


def coach(tmp_path: Path, puzzle: Puzzle) -> Trainer:
    def puzzles(entry: Entry | None) -> tuple[Puzzle, ...]:
        return (puzzle,) if entry is None or entry.rules == get_entry("locked-duel").rules else ()

    return Trainer(ProgressStore(tmp_path), random.Random(0), puzzles=puzzles)


def session(tmp_path: Path, typed: list[str], game: str = "locked-duel") -> tuple[str, Puzzle]:
    puzzle = a_puzzle(seed=5)
    out = io.StringIO()
    assert solve_plain(coach(tmp_path, puzzle), game, False, io.StringIO("\n".join(typed) + "\n"), out) == 0
    return out.getvalue(), puzzle


def test_the_right_move_solves_it_and_the_rating_moves(tmp_path: Path) -> None:
    puzzle = a_puzzle(seed=5)
    text, _ = session(tmp_path, [puzzle.solution[0], "quit"])
    assert "to move and win: find the only winning move" in text
    assert "Solved!" in text and "Your puzzle rating:" in text and "(+" in text


def test_a_wrong_move_is_refuted_then_undone_and_solved(tmp_path: Path) -> None:
    puzzle = a_puzzle(seed=5)
    run = PuzzleRun.begin(puzzle, get_entry("locked-duel"))
    wrong = next(m for m in run.game.legal_moves() if m != run.solution[0])
    typed = [get_entry("locked-duel").format_move(wrong), "undo", puzzle.solution[0], "q"]
    text, _ = session(tmp_path, typed)
    assert "loses" in text and "(-" in text  # the miss is rated at once
    assert "Solved!" in text and text.count("Your puzzle rating:") == 1  # and only once


def test_nonsense_and_illegal_moves_get_one_sentence_each(tmp_path: Path) -> None:
    puzzle = a_puzzle(seed=5)
    text, _ = session(tmp_path, ["Z99", puzzle.moves[0], "quit"])
    lines = text.splitlines()
    assert sum("Z99" in line for line in lines) >= 1
    assert "Traceback" not in text


def test_the_other_book_shows_the_shared_puzzle_in_its_coordinates(tmp_path: Path) -> None:
    puzzle = a_puzzle(seed=5)
    run = PuzzleRun.begin(puzzle, get_entry("blocking"))
    shown = get_entry("blocking").format_move(run.solution[0])
    text, _ = session(tmp_path, [shown, "quit"], game="blocking")
    assert f"{shown} wins. Solved!" in text


def test_solution_counts_as_a_miss_and_next_moves_on(tmp_path: Path) -> None:
    text, _ = session(tmp_path, ["solution", "next", "quit"])
    assert "The solution:" in text and "(-" in text


def test_the_listing_is_one_json_object_with_every_puzzle(capsys) -> None:  # type: ignore[no-untyped-def]
    import json

    from gridgames.cli import main
    from gridgames.puzzles import data

    assert main(["puzzle", "--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["puzzles"]
    assert len(listed) == len(data.shipped()) and {"moves", "solution", "theme", "rating"} <= set(listed[0])


def test_bad_puzzle_options_are_one_sentence_and_exit_2(capsys) -> None:  # type: ignore[no-untyped-def]
    from gridgames.cli import main

    assert main(["puzzle", "--json"]) == 2
    assert capsys.readouterr().err.strip() == "gridgames: --json goes with --list or --stats."
    assert main(["puzzle", "--game", "chess", "--plain"]) == 2
    assert "chess" in capsys.readouterr().err


def test_a_streak_skips_one_puzzle_and_a_second_skip_ends_it(tmp_path: Path) -> None:
    puzzle = a_puzzle(seed=5)
    out = io.StringIO()
    typed = io.StringIO("next\nnext\nquit\n")
    assert solve_plain(coach(tmp_path, puzzle), "locked-duel", True, typed, out) == 0
    text = out.getvalue()
    assert "that was this streak's one skip" in text and "Streak over: a second skip" in text
    assert text.index("one skip") < text.index("Streak over")
