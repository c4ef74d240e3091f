"""Where the puzzle screen's puzzles come from, so one screen serves both: the shipped, rated puzzles
(the trainer picks them and keeps the player's rating and streak), and the mistakes of a finished
game (each move the review marked `?!`, replayed from the position before it).

`next_run` may search (a game's position is proven before it is offered), so the screen calls it in
a thread worker with a stop check; everything else is quick and runs on the UI thread.
"""

from __future__ import annotations

import random
from typing import Protocol

from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.puzzles.run import PuzzleRun
from gridgames.solve.budget import StopCheck
from gridgames.storage import Store


def short_name(entry: Entry) -> str:
    """A game's name that tells the rule books apart in a narrow column: 'GridLock (002)'."""
    return f"{entry.title} ({entry.book})" if entry.book else entry.title


class PuzzleSource(Protocol):
    """What the puzzle screen asks of its puzzles' source."""

    #: Whether results count (a rating, a streak): the screen then offers the streak mode.
    rated: bool

    def choices(self) -> tuple[Entry, ...]:
        """The games whose puzzles the player may choose among (none: no choice is offered)."""

    def next_run(self, game: str | None, streak: bool, stop: StopCheck = None) -> PuzzleRun | None:
        """The next puzzle, of the game `game` (an entry id, shown in its words) or of any game (None);
        in streak mode, the streak's next one. None when there is none (see `none_left`)."""

    def none_left(self, game: str | None) -> str:
        """One sentence: why `next_run` gave nothing."""

    def about(self, run: PuzzleRun) -> str:
        """A short line about the puzzle being solved (its game and board, its rating)."""

    def record(self, run: PuzzleRun, streak: bool) -> str:
        """The puzzle's first result is known (`run.missed` says whether it was missed): count it, and
        say what it changed ("Your rating: 1512 (+12).") or ""."""

    def standing(self) -> str:
        """The player's standing, one line ("Puzzle rating 1512 · streak 4, best 6"), or ""."""

    def refusal(self) -> str | None:
        """Why there are no puzzles (one sentence), or None. May read the puzzle file: not on the
        UI thread the first time."""


class MistakeSource:
    """The moves of a finished game that threw a proven win away (`blunders`: 1-based move numbers),
    each replayed from the position before it, where any winning move is accepted; from move `first`
    on, then round to the earlier ones."""

    rated = False

    def __init__(self, game: Game, blunders: frozenset[int], first: int | None = None) -> None:
        order = sorted(blunders)
        start = order.index(first) if first in order else 0
        self.game = game
        self.moves = order[start:] + order[:start]
        self._next = 0
        self._numbers: dict[int, int] = {}  # id(run.start) -> the move number it replays

    def choices(self) -> tuple[Entry, ...]:
        return ()

    def next_run(self, game: str | None, streak: bool, stop: StopCheck = None) -> PuzzleRun | None:
        """The next marked move whose position is still proven a win (within the puzzle's budget)."""
        for _ in range(len(self.moves)):
            number = self.moves[self._next % len(self.moves)]
            self._next += 1
            run = PuzzleRun.from_position(self.game.goto(number - 1), stop)
            if run is not None:
                self._numbers[id(run.start)] = number
                return run
        return None

    def none_left(self, game: str | None) -> str:
        return "No position before a move marked ?! could be proven a win in time."

    def about(self, run: PuzzleRun) -> str:
        number = self._numbers.get(id(run.start))
        count = len(self.moves)
        more = f" ({count} marked ?!: n for the next)" if count > 1 else ""
        if number is None:
            return f"A position from your game{more}."
        return f"Before move {number} of your game, marked ?!{more}."

    def record(self, run: PuzzleRun, streak: bool) -> str:
        """A game's mistake is practice: nothing is rated."""
        return ""

    def standing(self) -> str:
        return ""

    def refusal(self) -> str | None:
        return None


class ShippedSource:
    """The puzzles shipped with gridgames, rated with Glicko-2, as the `Trainer` (gridgames.puzzles)
    gives them: the next one near the player's rating, or the streak's next, harder one; each
    showing's first result kept in the data folder. This adds what the app shows: the rating's change
    in a sentence, the puzzle's line naming its rule book (its theme only once it is over: the name of
    the strategy would give the answer away), and whether the puzzle file is refused."""

    rated = True

    def __init__(self, store: Store, rng: random.Random | None = None, rating: float | None = None,
                 difficulty: str = "normal") -> None:
        """`rating`: offer puzzles near it instead of the player's (`gridgames puzzle --rating N`);
        `difficulty`: easier, normal or harder than the player's rating (`--difficulty`)."""
        from gridgames.puzzles.progress import ProgressStore
        from gridgames.puzzles.trainer import Trainer

        self.trainer = Trainer(ProgressStore(store), rng, rating=rating, difficulty=difficulty)
        self._progress = self.trainer.progress.load()  # read again when a puzzle is picked or counted
        self._choices: tuple[Entry, ...] | None = None

    def refusal(self) -> str | None:
        from gridgames.puzzles import data

        data.shipped()
        return data.refusal()

    def choices(self) -> tuple[Entry, ...]:
        """The games with puzzles (worked out once: it goes through every puzzle)."""
        if self._choices is None:
            self._choices = self.trainer.choices()
        return self._choices

    def next_run(self, game: str | None, streak: bool, stop: StopCheck = None) -> PuzzleRun | None:
        run = self.trainer.next_run(game, streak, stop)
        self._progress = self.trainer.progress.load()  # another window may have played meanwhile
        return run

    def none_left(self, game: str | None) -> str:
        return self.trainer.none_left(game)

    def about(self, run: PuzzleRun) -> str:
        state, puzzle = run.start.state, run.puzzle
        text = f"{short_name(run.entry)} · {state.rows}x{state.cols}"
        if puzzle is not None:
            text += f" · rated {self._progress.rating_of(puzzle).rating:.0f}"
            if run.over and puzzle.themes:
                text += f" · {', '.join(puzzle.themes)}"
        return text

    def record(self, run: PuzzleRun, streak: bool) -> str:
        change = self.trainer.record(run, streak)
        if change is not None:
            self._progress = change.progress
        if change is None or not change.counted:
            return ""
        if not change.rated:
            if streak:
                return "(Streak puzzles are not rated.)"
            if self.trainer.casual:
                return "(Casual: your rating stays.)"
            return "(Played before: your rating stays.)"
        return f"Your rating: {change.progress.rating_text} ({change.delta:+.0f})."

    def skip(self) -> str:
        """Skip the streak's puzzle: its one skip, or the streak's end (one line)."""
        said = self.trainer.skip()
        self._progress = self.trainer.progress.load()
        return said

    def standing(self) -> str:
        progress = self._progress
        if not progress.attempts:
            return "Unrated: your first puzzles set your rating."
        return f"Puzzle rating {progress.rating_text} · streak {progress.streak}, best {progress.best_streak}"
