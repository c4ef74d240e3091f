"""The shipped puzzles for one player: the next one near their rating (or the streak's next, harder one),
and the first result of each showing counted in their progress. Plain Python, driven alike by the app's
puzzle screen and by `gridgames puzzle --plain`.

The puzzles themselves come from `gridgames.puzzles.data` (checked when first asked for); rule books that
play the same rules share a pool, each showing it in its own words.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gridgames.engine.entry import Entry
from gridgames.games import catalogue, get_entry
from gridgames.puzzles import data
from gridgames.puzzles.choice import next_in_streak, next_puzzle, target_rating
from gridgames.puzzles.model import Puzzle
from gridgames.puzzles.progress import Change, ProgressStore, new_visit
from gridgames.puzzles.run import PuzzleError, PuzzleRun
from gridgames.solve.budget import StopCheck


class Trainer:
    """Rated puzzles: `next_run` picks and sets one up, `record` counts its first result once."""

    rated = True

    def __init__(
        self,
        progress: ProgressStore,
        rng: random.Random | None = None,
        rating: float | None = None,
        puzzles: Callable[[Entry | None], tuple[Puzzle, ...]] | None = None,
        theme: str | None = None,
        casual: bool = False,
        difficulty: str = "normal",
    ) -> None:
        self.progress = progress
        self.rng = rng or random.Random()
        #: Offer puzzles near this rating instead of the player's (`gridgames puzzle --rating N`).
        self.rating = rating
        self._pool = puzzles or _shipped
        #: Only puzzles with this theme (`gridgames puzzle --theme T`); None for every puzzle.
        self.theme = theme
        #: Casual play: results are kept, ratings never move (`gridgames puzzle --casual`).
        self.casual = casual
        #: Puzzles easier, normal or harder than the player's rating (`choice.DIFFICULTY_OFFSETS`).
        self.difficulty = difficulty
        self._visits: dict[int, str] = {}  # id(run.start) -> the visit its results count under

    # -- what there is ---------------------------------------------------------------------------
    def choices(self) -> tuple[Entry, ...]:
        """The catalogue's games that have puzzles (each Node Kayles book, in its own words)."""
        return tuple(entry for entry in catalogue() if self._pool(entry))

    def none_left(self, game: str | None) -> str:
        """Why there is no puzzle to give, in one sentence."""
        refused = data.refusal()
        if refused:
            return refused
        if self.theme is not None:
            where = "any game" if game is None else get_entry(game).title
            return f"There are no puzzles of {where} with the theme {self.theme}."
        if game is None:
            return "No puzzles are installed."
        return f"There are no puzzles of {get_entry(game).title}."

    # -- the next one ----------------------------------------------------------------------------
    def next_run(self, game: str | None, streak: bool, stop: StopCheck = None) -> PuzzleRun | None:
        """The next puzzle of `game` (an entry id) or of any game, set up in that game's words."""
        entry = get_entry(game) if game is not None else None
        pool = self._pool(entry)
        if self.theme is not None:
            pool = tuple(p for p in pool if self.theme in p.themes)
        progress = self.progress.load()
        for _ in range(8):  # a puzzle that does not play here (a foreign pool) is skipped
            if streak:
                puzzle = next_in_streak(pool, progress, self.rng)
            else:
                near = target_rating(progress, self.difficulty, self.rating)
                puzzle = next_puzzle(pool, progress, self.rng, near=near)
            if puzzle is None:
                return None
            try:
                run = PuzzleRun.begin(puzzle, entry or get_entry(puzzle.game))
            except PuzzleError:
                pool = tuple(p for p in pool if p.id != puzzle.id)
                continue
            self._visits[id(run.start)] = new_visit()
            return run
        return None

    # -- what the screen shows -------------------------------------------------------------------
    def about(self, run: PuzzleRun) -> str:
        """The puzzle's game, board and rating, one line; its themes once it is over (before, they would
        give the answer away)."""
        puzzle = run.puzzle
        if puzzle is None:
            return run.entry.title
        rating = self.progress.load().rating_of(puzzle).rating
        themes = f" · themes: {', '.join(puzzle.themes)}" if run.over and puzzle.themes else ""
        return f"{run.entry.title}, {puzzle.rows}x{puzzle.cols} · puzzle rated {rating:.0f}{themes}"

    def standing(self) -> str:
        """The player's rating and streaks, one line."""
        progress = self.progress.load()
        return (f"Your puzzle rating {progress.rating_text} · streak {progress.streak} "
                f"· best streak {progress.best_streak}")

    # -- counting --------------------------------------------------------------------------------
    def record(self, run: PuzzleRun, streak: bool) -> Change | None:
        """Count `run`'s first result (solved without a miss, or missed) once per showing: later
        results of the same showing (a retry, an undo after a miss) change nothing."""
        if run.puzzle is None:
            return None
        visit = self._visits.setdefault(id(run.start), new_visit())
        return self.progress.record(
            run.puzzle, solved=not run.missed, streak_mode=streak, visit=visit, casual=self.casual
        )

    def skip(self) -> str:
        """Skip the streak's puzzle: the one skip of the streak, or its end; what happened, one line."""
        before = self.progress.load().streak
        after = self.progress.skip()
        if after.streak_skipped:
            return "Skipped: that was this streak's one skip; the next skip ends the streak."
        return f"Streak over: a second skip ({before} solved in a row)."


def _shipped(entry: Entry | None) -> tuple[Puzzle, ...]:
    """The pool of `entry`'s rules, or every puzzle: the shipped ones and the games' own."""
    from gridgames.puzzles import plugins

    return plugins.every() if entry is None else plugins.pool(entry)
