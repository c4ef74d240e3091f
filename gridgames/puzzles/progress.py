"""The player's puzzle progress: their rating, the streak, each played puzzle's rating, the attempts.

One file in the data folder, `puzzles.json`, kept like the statistics (gridgames.storage.store): every
change is a read-modify-write under the folder's lock and an atomic replacement, so two windows never
lose an attempt, and a failure is a `StorageWarning` in the store's `warnings`, never an exception.
The file is read as hostile: at most `MAX_JSON_BYTES`, every number finite and in range, every name
short and plain, at most `MAX_ATTEMPTS` attempts and `MAX_RATED` puzzle ratings; a file that breaks
any of that is refused in one sentence and progress starts afresh.

Rating (see `glicko2` for what a rating period is): the player and the puzzle are rated against each
other, the player from `START`, each puzzle from its `Puzzle.rating` with deviation `PUZZLE_RD`. A
puzzle rates the player only the first time it is played (as on lichess; "first" among the
`MAX_RATED` puzzles played last): playing it again, retrying it, undoing after a miss or asking for
the solution after it never moves a rating again. Within one showing of a puzzle (a "visit", from
`new_visit`), only the first result counts: the caller may call `record` after every result with the
same visit, and the later calls change nothing. "Show solution" before any result is a miss.

The streak counts puzzles solved in a row in streak mode; a miss in streak mode ends it (to 0), and
puzzles played outside streak mode leave it as it is. A streak may skip one puzzle (`skip`); a second
skip ends it. As on lichess, streak puzzles are not rated, and neither are puzzles played casually
(`record(..., casual=True)`). While the player's rating is provisional, one result moves it at most
PROVISIONAL_SWING points (`damped`, outside the unchanged Glicko-2 function).

In a puzzle run:

    progress = ProgressStore(store)           # the app's Store: warnings go where the UI shows them
    progress.load()                           # Progress: .player, .rating_text, .streak, .best_streak
    visit = new_visit()                       # when a puzzle is shown; Retry and undo keep it
    change = progress.record(puzzle, solved, streak_mode, visit=visit)  # after each result
    change.counted, change.delta, change.streak   # False after the first result of the visit
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from gridgames.engine.glicko2 import DEFAULT_VOLATILITY, MAX_RD, Rating, idle, rate
from gridgames.engine.safetext import printable
from gridgames.puzzles.model import Puzzle
from gridgames.storage.store import Store

PROGRESS_FILE = "puzzles.json"
PROGRESS_VERSION = 1
WHAT = "your puzzle progress"
#: A newcomer: the paper's unrated player.
START = Rating(1500.0, MAX_RD, DEFAULT_VOLATILITY)
#: A puzzle's first deviation: its first rating is measured (proof size, length, legal moves), so it
#: is surer than a newcomer's 350, less sure than a settled rating.
PUZZLE_RD = 150.0
#: Ratings stay in this range and deviations above MIN_RD, so a rating never stops moving (lichess
#: keeps its puzzle ratings the same way); the volatility stays at most MAX_VOLATILITY.
MIN_RATING, MAX_RATING = 100.0, 4000.0
MIN_RD = 45.0
#: Above this deviation a rating is provisional and shown with a "?" (lichess's threshold).
PROVISIONAL_RD = 110.0
#: While the player's rating is provisional, one result moves it at most this far: Glicko-2 alone
#: (`glicko2.rate`, unchanged) takes 574 points for a newcomer's first miss on an 800 puzzle.
PROVISIONAL_SWING = 150.0
MAX_VOLATILITY = 0.1
#: Time away: each day without a puzzle is one rating period without games for the player.
SECONDS_PER_PERIOD = 86_400.0
#: Bounds that keep the file under MAX_JSON_BYTES whatever it holds (tests/puzzles check the worst).
MAX_ATTEMPTS = 2000  # the newest are kept
MAX_RATED = 5000  # puzzle ratings, the least recently played dropped first
MAX_STREAK = 1_000_000
MAX_TIME = 1e11  # seconds since 1970: year 5138
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_VISIT = re.compile(r"[A-Za-z0-9-]{1,32}")


def new_visit() -> str:
    """A fresh name for one showing of a puzzle (unique across windows)."""
    import secrets

    return f"{time.time_ns():x}-{secrets.token_hex(4)}"[-32:]


@dataclass(frozen=True)
class Attempt:
    """One result: `puzzle` (its id) solved or missed at `at` (Unix time) in one `visit`."""

    puzzle: str
    solved: bool
    at: float
    streak_mode: bool
    visit: str
    rated: bool  # whether it moved the ratings (the first time this puzzle was played)
    rating: float | None = None  # the player's rating after it (None in files written before)


def _kept_rating(value: float) -> float:
    return round(min(max(value, MIN_RATING), MAX_RATING), 4)


def _kept(rating: Rating) -> tuple[float, float, float]:
    """`rating`'s numbers within the kept ranges, rounded as the file keeps them."""
    return (
        _kept_rating(rating.rating),
        round(min(max(rating.rd, MIN_RD), MAX_RD), 4),
        max(round(min(rating.volatility, MAX_VOLATILITY), 8), 1e-8),
    )


def _bounded(rating: Rating) -> Rating:
    """`rating` as the file keeps it, so that a reread equals it."""
    return Rating(*_kept(rating))


@dataclass(frozen=True)
class Progress:
    """The player's progress as read from the data folder (or a fresh one)."""

    player: Rating = START
    streak: int = 0
    best_streak: int = 0
    #: The puzzles played so far, least recently played first: their ratings as they moved.
    puzzles: Mapping[str, Rating] = field(default_factory=lambda: MappingProxyType({}))
    attempts: tuple[Attempt, ...] = ()  # oldest first
    streak_skipped: bool = False  # the streak going on has used its one skip

    @property
    def rating_text(self) -> str:
        """The player's rating as shown: "1523", or "1500?" while it is provisional."""
        return f"{self.player.rating:.0f}{'?' if self.player.rd > PROVISIONAL_RD else ''}"

    def rating_of(self, puzzle: Puzzle) -> Rating:
        """`puzzle`'s rating now: as it moved, or its first rating if it has not been played."""
        moved = self.puzzles.get(puzzle.id)
        if moved is not None:
            return moved
        return _bounded(Rating(puzzle.rating if math.isfinite(puzzle.rating) else START.rating, PUZZLE_RD))

    def rating_number(self, puzzle: Puzzle) -> float:
        """`rating_of(puzzle).rating` without making a Rating (choosing looks at the whole pool)."""
        moved = self.puzzles.get(puzzle.id)
        if moved is not None:
            return moved.rating
        return _kept_rating(puzzle.rating if math.isfinite(puzzle.rating) else START.rating)

    def has_played(self, puzzle_id: str) -> bool:
        return puzzle_id in self.puzzles

    def result_of(self, puzzle_id: str, visit: str) -> Attempt | None:
        """The result already counted in this visit of the puzzle, if any."""
        for attempt in reversed(self.attempts):
            if attempt.visit == visit and attempt.puzzle == puzzle_id:
                return attempt
        return None

    def after(
        self, puzzle: Puzzle, solved: bool, streak_mode: bool, visit: str, now: float, casual: bool = False
    ) -> Change:
        """What recording this result at `now` (Unix time) changes, as a pure function:
        `Change.progress` is the new state. Streak mode and casual play (`casual`) are never rated."""
        now = round(min(max(now, 0.0), MAX_TIME), 3)  # to the millisecond, as the file keeps it
        if self.result_of(puzzle.id, visit) is not None:
            return Change(self, self, puzzle.id, visit, counted=False, rated=False, saved=True)
        rated = not self.has_played(puzzle.id) and not streak_mode and not casual
        puzzle_rating = self.rating_of(puzzle)
        player = self.player
        if rated:
            away = (now - self.attempts[-1].at) / SECONDS_PER_PERIOD if self.attempts else 0.0
            player = idle(player, max(0.0, away))
            puzzle_rating = _bounded(rate(puzzle_rating, [(player, 0.0 if solved else 1.0)]))
            rated_player = rate(player, [(self.rating_of(puzzle), 1.0 if solved else 0.0)])
            player = _bounded(damped(player, rated_player))
        streak, best, skipped = self.streak, self.best_streak, self.streak_skipped
        if streak_mode:
            streak = min(streak + 1, MAX_STREAK) if solved else 0
            best = max(best, streak)
            skipped = skipped and solved
        kept = dict(self.puzzles)
        kept.pop(puzzle.id, None)  # and back at the end: the most recently played
        kept[puzzle.id] = puzzle_rating
        for dropped in list(itertools.islice(kept, max(0, len(kept) - MAX_RATED))):
            del kept[dropped]
        attempt = Attempt(puzzle.id, solved, now, streak_mode, visit, rated, player.rating)
        attempts = (*self.attempts, attempt)[-MAX_ATTEMPTS:]
        new = Progress(player, streak, best, MappingProxyType(kept), attempts, skipped)
        return Change(self, new, puzzle.id, visit, counted=True, rated=rated, saved=True)

    def skipped(self) -> Progress:
        """After the player skips a streak's puzzle: the streak's one skip is used, or, when it was
        used already, the streak ends (and the next streak has its skip again)."""
        if not self.streak_skipped:
            return replace(self, streak_skipped=True)
        return replace(self, streak=0, streak_skipped=False)


def damped(before: Rating, after: Rating) -> Rating:
    """`after`, the Glicko-2 rating after one result, with the move from `before` held within
    PROVISIONAL_SWING points while `before` is provisional (the first results of a newcomer, whose
    deviation of 350 lets Glicko-2 swing hundreds of points on one puzzle)."""
    if before.rd <= PROVISIONAL_RD:
        return after
    move = min(max(after.rating - before.rating, -PROVISIONAL_SWING), PROVISIONAL_SWING)
    return replace(after, rating=before.rating + move)


@dataclass(frozen=True)
class Change:
    """What one `record` did: the progress before and after, and whether it was counted and saved."""

    before: Progress
    progress: Progress  # after
    puzzle: str
    visit: str  # pass it to `record` again for later results of the same showing
    counted: bool  # False: this visit had already counted its result, nothing changed
    rated: bool  # the ratings moved (the puzzle's first play)
    saved: bool  # False: the data folder could not be written (the store has a warning)

    @property
    def rating_before(self) -> Rating:
        return self.before.player

    @property
    def rating_after(self) -> Rating:
        return self.progress.player

    @property
    def delta(self) -> float:
        """How much the player's rating moved (shown rounded: "+12")."""
        return self.progress.player.rating - self.before.player.rating

    @property
    def streak(self) -> int:
        return self.progress.streak

    @property
    def best_streak(self) -> int:
        return self.progress.best_streak


class ProgressStore:
    """The progress file of a data folder: `load()` it, `record()` each result.

    `store_or_root` is a `Store` (its warnings collect this file's too) or a folder; `clock` gives the
    time of an attempt (tests pass their own).
    """

    def __init__(
        self,
        store_or_root: Store | str | os.PathLike[str] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store_or_root if isinstance(store_or_root, Store) else Store(store_or_root)
        self.clock = clock

    @property
    def path(self) -> Path:
        return self.store.root / PROGRESS_FILE

    def load(self) -> Progress:
        """The progress on disk; a fresh one when there is none or it is refused (with a warning)."""
        return self._parse(self.store._read_json(PROGRESS_FILE, WHAT))

    def record(
        self, puzzle: Puzzle, solved: bool, streak_mode: bool = False, visit: str | None = None,
        casual: bool = False,
    ) -> Change:
        """Count the first result of a showing of `puzzle` (`visit`; a new one when None) and save it.

        Locked read-modify-write: a result recorded by another window meanwhile is kept. When the
        folder cannot be written, the change is still returned (`saved=False`), for this window only.
        """
        if not _ID.fullmatch(puzzle.id):
            raise ValueError(f"'{printable(puzzle.id, 80)}' is not a puzzle id progress can keep.")
        visit = new_visit() if visit is None else visit
        if not _VISIT.fullmatch(visit):
            raise ValueError(f"'{printable(visit, 80)}' is not a visit from new_visit().")
        now = self.clock()
        # The store's lock, reader and atomic writer, so this file is kept exactly as the statistics are.
        with self.store._locked(WHAT) as locked:
            change = self.load().after(puzzle, solved, streak_mode, visit, now, casual)
            if not locked:
                return replace(change, saved=False)
            if change.counted and not self.store._write(PROGRESS_FILE, progress_text(change.progress), WHAT):
                return replace(change, saved=False)
        return change

    def skip(self) -> Progress:
        """Skip the streak's puzzle (see `Progress.skipped`) and save it; the progress after."""
        with self.store._locked(WHAT) as locked:
            progress = self.load().skipped()
            if locked:
                self.store._write(PROGRESS_FILE, progress_text(progress), WHAT)
        return progress

    # -- the file ------------------------------------------------------------------------
    def _parse(self, data: dict[str, Any]) -> Progress:
        if not data:
            return Progress()
        try:
            return _from_data(data)
        except ValueError as error:
            shown = printable(str(self.path))
            self.store._warn(f"The file {shown} with {WHAT} is refused ({error}); starting afresh.")
            return Progress()


def progress_text(progress: Progress) -> str:
    """The file's text: compact JSON (lists, not objects, for the many entries; see `_from_data`)."""
    data = {
        "version": PROGRESS_VERSION,
        "player": _rating_data(progress.player),
        "streak": progress.streak,
        "best_streak": progress.best_streak,
        "streak_skipped": progress.streak_skipped,
        "puzzles": {key: _rating_data(value) for key, value in progress.puzzles.items()},
        "attempts": [
            [a.puzzle, a.solved, a.at, a.streak_mode, a.visit, a.rated]
            + ([] if a.rating is None else [a.rating]) for a in progress.attempts
        ],
    }
    return json.dumps(data, separators=(",", ":")) + "\n"


def _rating_data(rating: Rating) -> list[float]:
    return list(_kept(rating))


def _number(value: Any, low: float, high: float, what: str) -> float:
    if type(value) not in (int, float) or not low <= value <= high:
        raise ValueError(f"{what} is not a number from {low:g} to {high:g}")
    return float(value)


def _count(value: Any, high: int, what: str) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise ValueError(f"{what} is not a count from 0 to {high}")
    return value


def _flag(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{what} is not true or false")
    return value


def _name(value: Any, pattern: re.Pattern[str], what: str) -> str:
    if type(value) is not str or not pattern.fullmatch(value):
        raise ValueError(f"{what} is not a plain name")
    return value


def _rating(value: Any, what: str) -> Rating:
    if type(value) is not list or len(value) != 3:
        raise ValueError(f"{what} is not a rating")
    return Rating(
        _number(value[0], MIN_RATING, MAX_RATING, f"{what}'s rating"),
        _number(value[1], MIN_RD, MAX_RD, f"{what}'s deviation"),
        _number(value[2], 1e-8, MAX_VOLATILITY, f"{what}'s volatility"),
    )


def _field(data: dict[str, Any], key: str) -> Any:
    if key not in data:
        raise ValueError(f"it has no {key}")
    return data[key]


def _from_data(data: dict[str, Any]) -> Progress:
    """The progress in a parsed file; ValueError (a short reason) for anything out of shape or range."""
    if data.get("version") != PROGRESS_VERSION:
        raise ValueError("it is not version 1 progress")
    puzzles, attempts = _field(data, "puzzles"), _field(data, "attempts")
    if type(puzzles) is not dict or len(puzzles) > MAX_RATED:
        raise ValueError(f"the puzzle ratings are not a table of at most {MAX_RATED}")
    if type(attempts) is not list or len(attempts) > MAX_ATTEMPTS:
        raise ValueError(f"the attempts are not a list of at most {MAX_ATTEMPTS}")
    streak = _count(_field(data, "streak"), MAX_STREAK, "the streak")
    best = _count(_field(data, "best_streak"), MAX_STREAK, "the best streak")
    if streak > best:
        raise ValueError("the streak is above the best streak")
    ratings = {_name(key, _ID, "a puzzle id"): _rating(value, "a puzzle") for key, value in puzzles.items()}
    kept = []
    for item in attempts:
        if type(item) is not list or len(item) not in (6, 7):
            raise ValueError("an attempt is not a list of six or seven values")
        attempt = Attempt(
            _name(item[0], _ID, "an attempt's puzzle"),
            _flag(item[1], "an attempt's result"),
            _number(item[2], 0.0, MAX_TIME, "an attempt's time"),
            _flag(item[3], "an attempt's mode"),
            _name(item[4], _VISIT, "an attempt's visit"),
            _flag(item[5], "whether an attempt was rated"),
            _number(item[6], MIN_RATING, MAX_RATING, "a rating after an attempt") if len(item) == 7 else None,
        )
        kept.append(attempt)
    player = _rating(_field(data, "player"), "the player")
    skipped = _flag(data.get("streak_skipped", False), "whether the streak's skip is used")  # newer files
    return Progress(player, streak, best, MappingProxyType(ratings), tuple(kept), skipped)

