"""Puzzle progress in the data folder: rated, counted once per showing, checked when read, never lost."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.engine.glicko2 import Rating
from gridgames.puzzles.progress import (
    MAX_ATTEMPTS,
    MAX_RATED,
    PROGRESS_FILE,
    PUZZLE_RD,
    START,
    Attempt,
    Progress,
    ProgressStore,
    _from_data,
    new_visit,
    progress_text,
)
from gridgames.storage.store import MAX_JSON_BYTES, Store, parse_json
from tests.puzzles.made import made_puzzle

DAY = 86_400.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_new_player_starts_unrated_and_reading_writes_nothing(tmp_path):
    progress = ProgressStore(tmp_path).load()
    assert progress.player == START and (progress.streak, progress.best_streak) == (0, 0)
    assert progress.attempts == () and not (tmp_path / PROGRESS_FILE).exists()


def test_a_solve_raises_the_player_lowers_the_puzzle_and_is_kept_on_disk(tmp_path):
    store = ProgressStore(tmp_path, clock=Clock())
    puzzle = made_puzzle(1, 1400.0)
    assert store.load().rating_of(puzzle) == Rating(1400.0, PUZZLE_RD)
    assert store.load().rating_number(made_puzzle(2, 99_999.0)) == 4000.0  # within the kept range
    change = store.record(puzzle, solved=True)
    assert change.counted and change.rated and change.saved
    assert change.rating_before == START and change.delta > 0
    reread = ProgressStore(tmp_path).load()
    assert reread == change.progress
    assert reread.rating_of(puzzle).rating < 1400.0
    (attempt,) = reread.attempts
    assert (attempt.puzzle, attempt.solved, attempt.at) == (puzzle.id, True, Clock().now)
    assert attempt.visit == change.visit


def test_a_rating_is_shown_with_a_question_mark_until_it_settles(tmp_path):
    store = ProgressStore(tmp_path)
    assert store.load().rating_text == "1500?"
    for number in range(15):
        store.record(made_puzzle(number, 1500.0 + 20 * number), number % 3 != 0)
    progress = store.load()
    assert progress.rating_text == f"{progress.player.rating:.0f}" and progress.player.rd <= 110.0


def test_a_miss_lowers_the_player_and_raises_the_puzzle(tmp_path):
    store = ProgressStore(tmp_path)
    change = store.record(made_puzzle(1, 1600.0), solved=False)
    assert change.delta < 0
    assert change.progress.rating_of(made_puzzle(1, 1600.0)).rating > 1600.0


def test_only_the_first_result_of_a_showing_counts(tmp_path):
    """A miss, then "Show solution", undo and a retry that solves: the rating moves once, for the miss."""
    store = ProgressStore(tmp_path)
    puzzle, visit = made_puzzle(1), new_visit()
    missed = store.record(puzzle, False, visit=visit)
    for solved in (False, True, True):
        again = store.record(puzzle, solved, visit=visit)
        assert not again.counted and not again.rated and again.delta == 0
        assert again.progress == again.before
    progress = store.load()
    assert len(progress.attempts) == 1 and not progress.attempts[0].solved
    assert progress == missed.progress


def test_a_puzzle_played_again_later_is_logged_but_never_rated_again(tmp_path):
    store = ProgressStore(tmp_path)
    puzzle = made_puzzle(1)
    first = store.record(puzzle, False)
    second = store.record(puzzle, True)  # a new showing: the player has seen the solution
    assert second.counted and not second.rated and second.delta == 0
    assert [a.rated for a in store.load().attempts] == [True, False]
    assert store.load().rating_of(puzzle) == first.progress.rating_of(puzzle)


def test_the_streak_counts_solves_in_streak_mode_until_the_first_miss(tmp_path):
    store = ProgressStore(tmp_path)
    streaks = []
    for number, (solved, streak_mode) in enumerate(
        [(True, True), (True, True), (True, False), (False, False), (True, True), (False, True), (True, True)]
    ):
        change = store.record(made_puzzle(number), solved, streak_mode)
        streaks.append((change.streak, change.best_streak))
    assert streaks == [(1, 1), (2, 2), (2, 2), (2, 2), (3, 3), (0, 3), (1, 3)]
    assert (store.load().streak, store.load().best_streak) == (1, 3)


def test_time_away_makes_the_players_rating_less_certain(tmp_path):
    clock = Clock()
    store = ProgressStore(tmp_path, clock=clock)
    for number in range(12):
        store.record(made_puzzle(number), number % 2 == 0)
    settled = store.load().player
    twin = ProgressStore(tmp_path / "twin", clock=clock)  # the same player, in another folder
    twin.store.root.mkdir()
    twin.path.write_text(store.path.read_text())
    now = store.record(made_puzzle(100), True)  # solving straight on
    clock.now += 365 * DAY
    later = twin.record(made_puzzle(100), True)  # solving the same puzzle after a year away
    assert later.rating_before == now.rating_before  # the same player...
    assert later.delta > now.delta > 0 and settled.rd < 200  # ... less certain after a year: moves more


def test_an_unwritable_folder_keeps_the_change_in_this_window_with_a_warning(tmp_path, one_sentence):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = ProgressStore(blocker / "data")
    change = store.record(made_puzzle(1), True)
    assert change.counted and not change.saved and change.delta > 0
    (warning,) = store.store.take_warnings()
    assert one_sentence(str(warning))


def test_a_puzzle_id_progress_cannot_keep_is_refused_in_one_sentence(tmp_path, one_sentence):
    with pytest.raises(ValueError) as raised:
        ProgressStore(tmp_path).record(made_puzzle(1, prefix="bad\x1b[2Jid"), True)
    assert one_sentence(str(raised.value)) and "\x1b" not in str(raised.value)


# -- hostile files ---------------------------------------------------------------------------
def good_data() -> dict:
    return json.loads(progress_text(Progress(player=Rating(1600.0, 80.0), streak=1, best_streak=2)))


def with_change(path: tuple, value: object) -> dict:
    data = good_data()
    if path == ("attempts",):
        data["attempts"] = value
        return data
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


ATTEMPT = ["test-0001", True, 1_700_000_000.0, False, "abc", True]
HOSTILE = {
    "not JSON": "{",
    "a list": "[]",
    "a newer version": json.dumps({**good_data(), "version": 2}),
    "no player": json.dumps({k: v for k, v in good_data().items() if k != "player"}),
    "NaN rating": json.dumps(good_data()).replace("1600.0", "NaN"),
    "huge number": json.dumps(good_data()).replace("1600.0", "1e999"),
    "rating out of range": json.dumps(with_change(("player",), [1e9, 80.0, 0.06])),
    "zero deviation": json.dumps(with_change(("player",), [1500.0, 0.0, 0.06])),
    "rating as text": json.dumps(with_change(("player",), ["1500", 80.0, 0.06])),
    "negative streak": json.dumps(with_change(("streak",), -1)),
    "streak above best": json.dumps(with_change(("streak",), 5)),
    "streak as true": json.dumps(with_change(("best_streak",), True)),
    "id with escapes": json.dumps(with_change(("puzzles",), {"x\x1b[2J": [1500.0, 80.0, 0.06]})),
    "long id": json.dumps(with_change(("puzzles",), {"x" * 65: [1500.0, 80.0, 0.06]})),
    "attempt too short": json.dumps(with_change(("attempts",), [ATTEMPT[:5]])),
    "result as 1": json.dumps(with_change(("attempts",), [[*ATTEMPT[:1], 1, *ATTEMPT[2:]]])),
    "time before 1970": json.dumps(with_change(("attempts",), [[*ATTEMPT[:2], -5.0, *ATTEMPT[3:]]])),
    "too many attempts": json.dumps(with_change(("attempts",), [ATTEMPT] * (MAX_ATTEMPTS + 1))),
    "not UTF-8": b"\xff\xfe{}",
    "too large": " " * (MAX_JSON_BYTES + 1),
}


@pytest.mark.parametrize("content", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_damaged_or_hostile_file_is_refused_in_one_sentence_and_progress_starts_afresh(
    tmp_path, content, one_sentence
):
    path = tmp_path / PROGRESS_FILE
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    store = ProgressStore(tmp_path)
    assert store.load() == Progress()
    (warning,) = store.store.take_warnings()
    assert one_sentence(str(warning)) and "\x1b" not in str(warning)
    change = store.record(made_puzzle(1), True)  # and play goes on, from a fresh start
    assert change.saved and change.rating_before == START and len(store.load().attempts) == 1


def test_a_good_file_is_read_back_as_written(tmp_path):
    (tmp_path / PROGRESS_FILE).write_text(json.dumps(good_data()))
    store = ProgressStore(tmp_path)
    assert store.load() == Progress(player=Rating(1600.0, 80.0), streak=1, best_streak=2)
    assert store.store.take_warnings() == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_or_folder_in_its_place_is_refused_without_blocking(tmp_path, one_sentence):
    os.mkfifo(tmp_path / PROGRESS_FILE)
    other = tmp_path / "other"
    (other / PROGRESS_FILE).mkdir(parents=True)
    for root in (tmp_path, other):
        store = ProgressStore(root)
        assert store.load() == Progress()
        (warning,) = store.store.take_warnings()
        assert one_sentence(str(warning))


def test_the_fullest_progress_file_stays_under_the_read_limit():
    longest = Rating(3999.1234, 349.1234, 0.09999999)
    ids = [f"{number:05d}".ljust(64, "x") for number in range(MAX_RATED)]
    attempt = Attempt(ids[0], True, 99_999_999_999.123, True, "v" * 32, True)
    full = Progress(longest, 10**6, 10**6, {key: longest for key in ids}, (attempt,) * MAX_ATTEMPTS)
    size = len(progress_text(full).encode())
    assert size < MAX_JSON_BYTES, size
    assert _from_data(parse_json(progress_text(full))) == full


def test_the_oldest_attempts_and_least_recently_played_ratings_make_room():
    ids = [made_puzzle(number).id for number in range(MAX_RATED)]
    oldest = ids[:MAX_ATTEMPTS]
    attempts = tuple(Attempt(key, True, float(n), False, "v", True) for n, key in enumerate(oldest))
    progress = Progress(START, 0, 0, {key: START for key in ids}, attempts)
    progress = progress.after(made_puzzle(3), False, False, "w", 1e9).progress  # played again: kept
    for number in range(MAX_RATED, MAX_RATED + 10):
        progress = progress.after(made_puzzle(number), True, False, "w", 1e9).progress
    assert len(progress.attempts) == MAX_ATTEMPTS
    assert progress.attempts[-1].puzzle == made_puzzle(MAX_RATED + 9).id
    assert progress.attempts[0] == attempts[11]
    assert len(progress.puzzles) == MAX_RATED
    kept = [progress.has_played(made_puzzle(n).id) for n in range(12)]
    assert kept == [False] * 3 + [True] + [False] * 7 + [True]


# -- properties ----------------------------------------------------------------------------
results = st.lists(
    st.tuples(st.integers(0, 5), st.booleans(), st.booleans(), st.floats(0, 30 * DAY)), max_size=25
)


@settings(deadline=None)  # a busy machine must not fail it
@given(results, st.floats(100.0, 4000.0))
def test_every_result_moves_the_ratings_the_right_way_and_round_trips_through_the_file(results, first):
    progress, now = Progress(), 1_700_000_000.0
    for number, solved, streak_mode, pause in results:
        now += pause
        puzzle = made_puzzle(number, first)
        change = progress.after(puzzle, solved, streak_mode, new_visit(), now)
        if change.rated:
            assert (change.delta >= 0) if solved else (change.delta <= 0)
        else:
            assert change.delta == 0
        progress = change.progress
        assert 0 <= progress.streak <= progress.best_streak
        assert progress.rating_number(puzzle) == progress.rating_of(puzzle).rating
        for rating in (progress.player, *progress.puzzles.values()):
            assert 100.0 <= rating.rating <= 4000.0 and 45.0 <= rating.rd <= 350.0
        assert all(math.isfinite(value) for value in (progress.player.rating, progress.player.rd))
    assert _from_data(parse_json(progress_text(progress))) == progress


# -- two windows ---------------------------------------------------------------------------
def test_two_windows_recording_at_once_lose_no_attempt(tmp_path):
    per_window = 25
    errors: list[BaseException] = []

    def window(name: str) -> None:
        try:
            store = ProgressStore(Store(tmp_path))  # each window its own Store, as two processes have
            for number in range(per_window):
                assert store.record(made_puzzle(number, prefix=name), number % 3 != 0).saved
        except BaseException as error:  # noqa: BLE001 - reported below, on the test's thread
            errors.append(error)

    threads = [threading.Thread(target=window, args=(name,)) for name in ("left", "right")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    attempts = ProgressStore(tmp_path).load().attempts
    assert sorted(a.puzzle for a in attempts) == sorted(
        made_puzzle(n, prefix=name).id for name in ("left", "right") for n in range(per_window)
    )


RECORDER = """
import sys, time
from pathlib import Path
from gridgames.puzzles.progress import ProgressStore
from tests.puzzles.made import made_puzzle
root, name, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
(root / f"ready-{name}").touch()
give_up = time.monotonic() + 60
while not (root / "go").exists():  # both start recording together
    if time.monotonic() > give_up:
        sys.exit(2)
    time.sleep(0.005)
store = ProgressStore(root)
for number in range(count):
    if not store.record(made_puzzle(number, prefix=name), True, streak_mode=True).saved:
        sys.exit(1)
"""


def test_two_processes_recording_at_once_lose_no_attempt_and_no_streak(tmp_path):
    per_process, names = 20, ("one", "two")
    root = Path(__file__).resolve().parents[2]
    processes = [
        subprocess.Popen([sys.executable, "-c", RECORDER, str(tmp_path), name, str(per_process)], cwd=root)
        for name in names
    ]
    try:
        give_up = time.monotonic() + 60
        while not all((tmp_path / f"ready-{name}").exists() for name in names) and time.monotonic() < give_up:
            time.sleep(0.005)
        (tmp_path / "go").touch()
        assert [process.wait(timeout=120) for process in processes] == [0, 0]
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
    progress = ProgressStore(tmp_path).load()
    assert len(progress.attempts) == 2 * per_process
    assert progress.streak == progress.best_streak == 2 * per_process  # every solve counted, none lost
