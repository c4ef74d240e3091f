"""Ratings as on lichess: streak and casual puzzles are unrated, a streak may skip one puzzle, and a
newcomer's first results move the rating at most PROVISIONAL_SWING points (docs/puzzles.md gives the
cost of a first miss on an 800 puzzle), while Glicko-2 itself stays unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from gridgames.engine import glicko2
from gridgames.puzzles.progress import PROVISIONAL_SWING, START, Progress, ProgressStore, damped
from tests.puzzles.made import made_puzzle

DOCS = Path(__file__).resolve().parents[2] / "docs" / "puzzles.md"


def first_result(rating: float, solved: bool, **how: bool) -> float:
    change = Progress().after(made_puzzle(1, rating), solved, how.get("streak", False), "v1", 1000.0,
                              casual=how.get("casual", False))
    return change.delta


def test_a_newcomers_first_miss_on_an_800_puzzle_costs_what_the_docs_say():
    plain = glicko2.rate(START, [(glicko2.Rating(800.0, 150.0), 0.0)]).rating - START.rating
    assert round(plain) == -574  # Glicko-2 alone, unchanged
    cost = -first_result(800.0, solved=False)
    assert cost == PROVISIONAL_SWING == 150
    assert f"costs {cost:.0f} points" in DOCS.read_text()


def test_once_settled_a_result_moves_the_rating_as_glicko2_says():
    settled = glicko2.Rating(1500.0, 80.0)
    after = glicko2.rate(settled, [(glicko2.Rating(800.0, 150.0), 0.0)])
    assert damped(settled, after) == after


@pytest.mark.parametrize("how", [{"streak": True}, {"casual": True}])
def test_streak_and_casual_puzzles_are_not_rated(how):
    assert first_result(1500.0, solved=False, **how) == 0.0
    change = Progress().after(made_puzzle(1), False, how.get("streak", False), "v1", 1.0,
                              casual=how.get("casual", False))
    assert change.counted and not change.rated and change.progress.player == START


def test_a_streak_skips_one_puzzle_and_a_second_skip_ends_it(tmp_path: Path):
    store = ProgressStore(tmp_path)
    for number in range(3):
        store.record(made_puzzle(number), solved=True, streak_mode=True)
    assert store.load().streak == 3
    first = store.skip()
    assert first.streak == 3 and first.streak_skipped
    store.record(made_puzzle(5), solved=True, streak_mode=True)
    assert store.load().streak == 4 and store.load().streak_skipped  # the skip stays used
    second = store.skip()
    assert second.streak == 0 and not second.streak_skipped  # over; the next streak has its skip
    assert store.load() == second
