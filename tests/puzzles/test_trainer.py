"""The trainer as a player meets it: a puzzle near their rating, each showing counted once, streaks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gridgames.engine.entry import Entry
from gridgames.games import get_entry
from gridgames.puzzles.model import Puzzle
from gridgames.puzzles.progress import ProgressStore
from gridgames.puzzles.trainer import Trainer
from tests.puzzles.test_run import a_puzzle


@pytest.fixture(scope="module")
def pool() -> tuple[Puzzle, ...]:
    from dataclasses import replace

    return tuple(replace(a_puzzle(seed=seed), id=f"locked-duel-test-{seed}") for seed in range(3))


def trainer(tmp_path: Path, pool: tuple[Puzzle, ...]) -> Trainer:
    def puzzles(entry: Entry | None) -> tuple[Puzzle, ...]:
        return pool if entry is None or entry.rules == get_entry("locked-duel").rules else ()

    return Trainer(ProgressStore(tmp_path), random.Random(1), puzzles=puzzles)


def test_both_node_kayles_books_offer_the_pool_in_their_own_words(tmp_path: Path, pool) -> None:
    coach = trainer(tmp_path, pool)
    ids = {entry.id for entry in coach.choices()}
    assert {"locked-duel", "blocking"} <= ids and "walls" not in ids
    run = coach.next_run("blocking", streak=False)
    assert run is not None and run.entry.id == "blocking"
    assert get_entry("blocking").title in coach.about(run)


def test_a_showing_counts_its_first_result_only(tmp_path: Path, pool) -> None:
    coach = trainer(tmp_path, pool)
    run = coach.next_run(None, streak=False)
    assert run is not None
    missed, _ = run.show_solution()
    first = coach.record(missed, streak=False)
    assert first is not None and first.counted and first.delta < 0
    solved, _ = missed.retry().attempt(run.solution[0])
    again = coach.record(solved, streak=False)
    assert again is not None and not again.counted
    assert coach.progress.load().player.rating == first.rating_after.rating


def test_a_streak_grows_with_each_solve_and_ends_at_a_miss(tmp_path: Path, pool) -> None:
    coach = trainer(tmp_path, pool)
    for expected in (1, 2):
        run = coach.next_run(None, streak=True)
        assert run is not None
        solved, answer = run.attempt(run.solution[0])
        assert answer.kind == "solved"
        change = coach.record(solved, streak=True)
        assert change is not None and change.streak == expected
    run = coach.next_run(None, streak=True)
    assert run is not None
    missed, _ = run.show_solution()
    change = coach.record(missed, streak=True)
    assert change is not None and change.streak == 0 and change.best_streak == 2
    assert "best streak 2" in coach.standing()


def test_no_pool_is_said_in_one_sentence(tmp_path: Path, pool) -> None:
    coach = trainer(tmp_path, pool)
    assert coach.next_run("walls", streak=False) is None
    assert coach.none_left("walls").endswith(".")


def test_a_puzzle_is_offered_near_the_players_rating_or_the_rating_asked_for(tmp_path: Path, pool) -> None:
    from dataclasses import replace

    ratings = (600.0, 1500.0, 2400.0)
    rated = tuple(replace(puzzle, rating=rating) for puzzle, rating in zip(pool, ratings, strict=True))
    coach = trainer(tmp_path, rated)  # a new player: 1500
    for _ in range(3):
        run = coach.next_run(None, streak=False)
        assert run is not None and run.puzzle == rated[1]
    asked = Trainer(ProgressStore(tmp_path), random.Random(1), rating=2400.0, puzzles=lambda entry: rated)
    run = asked.next_run(None, streak=False)  # gridgames puzzle --rating 2400
    assert run is not None and run.puzzle == rated[2]
