"""Which puzzle comes next: one near the player's rating, or the next, harder one of a streak.

Both are deterministic given the pool (in any order), the progress and `rng`, so a test or a replay
can pin them. The caller chooses the pool (one game, or all of them).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

from gridgames.puzzles.model import Puzzle
from gridgames.puzzles.progress import Progress

#: First offer puzzles within this many points of the player's rating; the window doubles while
#: nothing is in it.
WINDOW = 100.0
#: A puzzle played within the player's last RECENT attempts is offered again only if nothing else is.
RECENT = 100
#: A streak climbs the pool in this many steps, from its easiest puzzles to its hardest (then stays
#: among the hardest): step k offers a puzzle from the k-th of STREAK_STEPS bands of rising rating.
STREAK_STEPS = 30
#: Difficulty relative to the player's own rating, as lichess offers it: how far from it puzzles are
#: looked for (the player's rating moves, so the target does too).
DIFFICULTY_OFFSETS = {"easier": -300.0, "normal": 0.0, "harder": 300.0}
DIFFICULTIES = tuple(DIFFICULTY_OFFSETS)


def target_rating(progress: Progress, difficulty: str = "normal", near: float | None = None) -> float | None:
    """The rating to offer puzzles near: `near` when given (`--rating N`), else the player's own
    rating moved by the difficulty's offset; None for the player's own (normal)."""
    if near is not None:
        return near
    if difficulty not in DIFFICULTY_OFFSETS:
        raise ValueError(f"There is no difficulty {difficulty!r}; choose one of {', '.join(DIFFICULTIES)}.")
    offset = DIFFICULTY_OFFSETS[difficulty]
    return progress.player.rating + offset if offset else None


def next_puzzle(
    pool: Sequence[Puzzle], progress: Progress, rng: random.Random, *, near: float | None = None
) -> Puzzle | None:
    """A puzzle near the player's rating, or near `near` (`--rating N`, or easier and harder puzzles:
    the player's rating -/+ a few hundred); None for an empty pool.

    Freshest first: one never solved and not played lately, else one not played lately, else any but
    the last one played. Within those, the nearest window (WINDOW points, doubling) that holds any.
    """
    target = progress.player.rating if near is None else near
    if not math.isfinite(target):
        raise ValueError("A rating to choose puzzles near must be a finite number.")
    distance = {puzzle.id: abs(progress.rating_number(puzzle) - target) for puzzle in pool}
    for candidates in _freshest_first(sorted(pool, key=lambda puzzle: puzzle.id), progress):
        width = WINDOW
        while True:
            within = [puzzle for puzzle in candidates if distance[puzzle.id] <= width]
            if within:
                return rng.choice(within)
            width *= 2  # ends: every distance is finite
    return None


def _freshest_first(pool: list[Puzzle], progress: Progress) -> Iterator[list[Puzzle]]:
    recent = {attempt.puzzle for attempt in progress.attempts[-RECENT:]}
    solved = {attempt.puzzle for attempt in progress.attempts if attempt.solved}
    last = {progress.attempts[-1].puzzle} if progress.attempts else set()
    for avoided in (recent | solved, recent, last, set()):
        candidates = [puzzle for puzzle in pool if puzzle.id not in avoided]
        if candidates:
            yield candidates


def streak_run(progress: Progress) -> list[str]:
    """The puzzles of the streak going on (ids, in the order played): the last `progress.streak`
    puzzles played in streak mode. The streak's count is kept in the progress, so a streak left
    (the app closed, another mode played meanwhile) goes on where it was; only a miss ends it."""
    played = [attempt.puzzle for attempt in progress.attempts if attempt.streak_mode]
    return played[len(played) - progress.streak :] if progress.streak else []


def next_in_streak(pool: Sequence[Puzzle], progress: Progress, rng: random.Random) -> Puzzle | None:
    """The next puzzle of the streak going on (step `progress.streak`), harder than the ones before.

    It comes from the step's band of the pool sorted by measured difficulty, the puzzles' first
    ratings (fixed: this player's results, which move the ratings, never reorder a run), or a harder
    band when every puzzle
    of it is in the run), preferring one not solved lately; once the hardest are all in the run, the
    hardest left. None when every puzzle is in the run: the player solved the whole pool in one streak.
    """
    in_run = set(streak_run(progress))
    ordered = sorted(pool, key=lambda puzzle: (puzzle.rating, puzzle.id))
    count = len(ordered)
    step = min(progress.streak, STREAK_STEPS - 1)
    recently_solved = {a.puzzle for a in progress.attempts[-RECENT:] if a.solved}
    start = step * count // STREAK_STEPS
    while start < count:
        end = max((step + 1) * count // STREAK_STEPS, start + 1)
        band = [puzzle for puzzle in ordered[start:end] if puzzle.id not in in_run]
        fresh = [puzzle for puzzle in band if puzzle.id not in recently_solved]
        if fresh or band:
            return rng.choice(fresh or band)
        step, start = step + 1, end
    left = [puzzle for puzzle in ordered if puzzle.id not in in_run]
    return left[-1] if left else None
