"""Where the puzzle screen's puzzles come from, so one screen serves both: the shipped, rated puzzles
(the trainer picks them and keeps the player's rating and streak), and the mistakes of a finished
game (each move the review marked `?!`, replayed from the position before it).

`next_run` may search (a game's position is proven before it is offered), so the screen calls it in
a thread worker with a stop check; everything else is quick and runs on the UI thread.
"""

from __future__ import annotations

from typing import Protocol

from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.puzzles.run import PuzzleRun
from gridgames.solve.budget import StopCheck


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

    def record(self, run: PuzzleRun, streak: bool) -> None:
        """The puzzle's first result is known (`run.missed` says whether it was missed)."""

    def standing(self) -> str:
        """The player's standing, one line ("Your rating 1512 · best streak 4"), or ""."""


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

    def record(self, run: PuzzleRun, streak: bool) -> None:
        """A game's mistake is practice: nothing is rated."""

    def standing(self) -> str:
        return ""
