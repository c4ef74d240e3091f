"""The next puzzle: near the player's rating, fresh, deterministic; a streak climbs until the first miss."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.engine.glicko2 import Rating
from gridgames.puzzles.choice import RECENT, STREAK_STEPS, WINDOW, next_in_streak, next_puzzle, streak_run
from gridgames.puzzles.progress import Progress, new_visit
from tests.puzzles.made import made_puzzle

POOL = [made_puzzle(number, 800.0 + 10.0 * number) for number in range(150)]  # 800 .. 2290


def player_at(rating: float) -> Progress:
    return Progress(player=Rating(rating, 80.0))


def played(progress: Progress, puzzle, solved: bool = True, streak_mode: bool = False) -> Progress:
    return progress.after(puzzle, solved, streak_mode, new_visit(), 1_700_000_000.0).progress


def test_no_pool_no_puzzle():
    assert next_puzzle([], Progress(), random.Random(1)) is None
    assert next_in_streak([], Progress(), random.Random(1)) is None


def test_the_next_puzzle_is_near_the_players_rating():
    for seed in range(20):
        chosen = next_puzzle(POOL, player_at(1500.0), random.Random(seed))
        assert chosen is not None and abs(chosen.rating - 1500.0) <= WINDOW


def test_a_rating_asked_for_replaces_the_players():
    easier = next_puzzle(POOL, player_at(1500.0), random.Random(3), near=1200.0)
    harder = next_puzzle(POOL, player_at(1500.0), random.Random(3), near=1800.0)
    assert easier is not None and harder is not None
    assert abs(easier.rating - 1200.0) <= WINDOW and abs(harder.rating - 1800.0) <= WINDOW


@pytest.mark.parametrize("near", [float("nan"), float("inf")])
def test_a_rating_that_is_not_a_number_is_refused_in_one_sentence(near, one_sentence):
    with pytest.raises(ValueError) as raised:
        next_puzzle(POOL, Progress(), random.Random(0), near=near)
    assert one_sentence(str(raised.value))


def test_a_rating_far_outside_the_pool_still_gets_a_puzzle_from_the_nearest_end():
    assert next_puzzle(POOL, Progress(), random.Random(0), near=1e300) in POOL
    chosen = next_puzzle(POOL, Progress(), random.Random(0), near=2700.0)  # 410 above the hardest
    assert chosen is not None and chosen.rating >= 2700.0 - 800.0


def test_the_window_widens_when_nothing_is_near():
    far = [made_puzzle(1, 2400.0), made_puzzle(2, 2700.0), made_puzzle(3, 900.0)]
    assert next_puzzle(far, player_at(1500.0), random.Random(0)) == far[2]  # 600 away beats 900 away


def test_the_choice_depends_on_the_seed_not_on_the_pools_order():
    shuffled = list(POOL)
    random.Random(7).shuffle(shuffled)
    for seed in range(10):
        assert next_puzzle(shuffled, player_at(1700.0), random.Random(seed)) == next_puzzle(
            POOL, player_at(1700.0), random.Random(seed)
        )
    assert len({next_puzzle(POOL, player_at(1700.0), random.Random(seed)) for seed in range(30)}) > 5


def test_solved_and_recent_puzzles_are_offered_again_only_when_nothing_else_is():
    pool = [made_puzzle(number, 1500.0) for number in range(3)]
    progress = played(played(Progress(), pool[0]), pool[1], solved=False)
    for seed in range(10):
        assert next_puzzle(pool, progress, random.Random(seed)) == pool[2]  # never played
    progress = played(progress, pool[2])
    # every one played lately: any but the last one
    assert {next_puzzle(pool, progress, random.Random(seed)) for seed in range(20)} <= {pool[0], pool[1]}
    assert next_puzzle(pool[2:], progress, random.Random(0)) == pool[2]  # the only one: offered anyway


def test_a_puzzle_missed_long_ago_comes_back_before_one_solved_long_ago():
    pool = [made_puzzle(0, 1500.0), made_puzzle(1, 1500.0)]
    progress = played(played(Progress(), pool[0], solved=True), pool[1], solved=False)
    for number in range(RECENT):
        progress = played(progress, made_puzzle(1000 + number, 3000.0))  # elsewhere, meanwhile
    assert next_puzzle(pool, progress, random.Random(0)) == pool[1]


@given(st.lists(st.floats(100.0, 4000.0), min_size=1, max_size=40), st.floats(100.0, 4000.0), st.integers())
def test_the_chosen_puzzle_is_in_the_narrowest_window_that_holds_any(ratings, player, seed):
    pool = [made_puzzle(number, rating) for number, rating in enumerate(ratings)]
    chosen = next_puzzle(pool, player_at(player), random.Random(seed))
    nearest = min(abs(rating - player) for rating in ratings)
    width = WINDOW
    while width < nearest:
        width *= 2
    assert chosen is not None and abs(chosen.rating - player) <= width


# -- streak --------------------------------------------------------------------------------
def run_streak(pool, progress: Progress, rng: random.Random, misses_at: int | None = None, length: int = 60):
    """Play a streak: solve every puzzle offered (miss the `misses_at`-th); their first ratings."""
    offered = []
    for step in range(length):
        puzzle = next_in_streak(pool, progress, rng)
        if puzzle is None:
            break
        offered.append((puzzle.id, puzzle.rating))
        progress = played(progress, puzzle, solved=step != misses_at, streak_mode=True)
    return offered, progress


def test_a_streak_climbs_from_the_easiest_puzzles_and_never_repeats_one():
    offered, progress = run_streak(POOL, Progress(), random.Random(5))
    ratings = [rating for _id, rating in offered]
    climb = ratings[:STREAK_STEPS]
    assert climb == sorted(climb) and ratings[0] < 800.0 + 10.0 * len(POOL) / STREAK_STEPS
    assert climb[-1] >= 800.0 + 10.0 * (len(POOL) - len(POOL) / STREAK_STEPS)  # among the hardest
    hardest_left = ratings[STREAK_STEPS + len(POOL) // STREAK_STEPS :]  # the hardest band is used up
    assert hardest_left == sorted(hardest_left, reverse=True)
    assert len({key for key, _rating in offered}) == len(offered) == 60
    assert progress.streak == progress.best_streak == 60
    assert streak_run(progress) == [key for key, _rating in offered]


def test_a_miss_ends_the_streak_and_the_next_one_starts_easy_again():
    offered, progress = run_streak(POOL, Progress(), random.Random(5), misses_at=10, length=12)
    assert (progress.streak, progress.best_streak) == (1, 10)
    assert offered[11][1] < offered[10][1]  # after the miss: back to the easiest band
    assert streak_run(progress) == [offered[11][0]]


def test_a_streak_through_the_whole_pool_ends_when_every_puzzle_is_in_it():
    pool = POOL[:40]
    offered, progress = run_streak(pool, Progress(), random.Random(2), length=100)
    assert len(offered) == len(pool) and progress.streak == len(pool)
    assert next_in_streak(pool, progress, random.Random(0)) is None


@settings(deadline=None)  # a busy machine must not fail it
@given(st.lists(st.floats(100.0, 4000.0), min_size=1, max_size=60), st.integers(0, 99))
def test_any_pool_gives_a_streak_of_rising_difficulty_until_it_runs_out(ratings, seed):
    pool = [made_puzzle(number, rating) for number, rating in enumerate(ratings)]
    offered, _progress = run_streak(pool, Progress(), random.Random(seed), length=len(pool))
    climbing = [rating for _id, rating in offered]
    top = len(pool) - len(pool) // STREAK_STEPS  # once the hardest band is used up, the hardest left
    assert climbing[: max(1, min(top, STREAK_STEPS))] == sorted(climbing[: max(1, min(top, STREAK_STEPS))])
    assert len(offered) == len(pool) and len({key for key, _r in offered}) == len(pool)
