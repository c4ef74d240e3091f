"""A local game under a clock (`--clock 3+2`, or the new-game panel's Clock row).

`GameClock` keeps the shared `engine.clock.Clock` in step with a game: after every change the player to
move has their time running (a move made presses the clock and adds the increment; an undo only hands
the running time over), and a finished game stops it. It reads the time through `now`, the caller's
time source (`time.monotonic` in play, a fake in tests), so no test waits on real time.

A save keeps the clock's reading (`reading`); a resumed game starts the running side's time again from
that reading (`GameClock(control, now, saved=...)`), so time spent away from the game is not charged.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gridgames.engine.clock import LOW_TIME, Clock, TimeControl, format_time, is_low
from gridgames.engine.errors import GameError, OptionsError
from gridgames.engine.game import Game
from gridgames.engine.outcome import Outcome
from gridgames.play.narration.words import low_time

#: A source of seconds on a monotonic scale.
Now = Callable[[], float]

#: The narrator's sentence for a flag fall (`Entry.describe` fills in the players).
TIME_REASON = "{loser} ran out of time, so {winner} wins."

#: The clocks offered on the new-game panel (the command line takes any: `--clock 2.5+1`).
CLOCK_CHOICES = ("1+0", "3+0", "3+2", "5+3", "10+5", "15+10")


class OutOfTime(GameError):
    """A move came after the mover's time had run out: the game is lost on time."""


def time_out(player: int) -> Outcome:
    """The end of a game whose `player` ran out of time."""
    return Outcome(3 - player, "time", TIME_REASON)


class GameClock:
    """Both players' time in one local game, read through `now` (see the module)."""

    def __init__(self, control: TimeControl, now: Now = time.monotonic, saved: Any = None) -> None:
        self.now = now
        self.clock = Clock.new(control)
        if saved is not None:
            try:
                clock = Clock.from_json(saved, now())
            except OptionsError:
                clock = None  # an unreadable reading: the game plays on with full time
            if clock is not None and clock.control == control:
                self.clock = clock
        self._cursor: int | None = None  # the game's cursor when last followed

    @property
    def control(self) -> TimeControl:
        return self.clock.control

    def fresh(self) -> GameClock:
        """Full time for the next game of a match, on the same time source."""
        return GameClock(self.control, self.now)

    def follow(self, game: Game) -> None:
        """Bring the clock in step with `game` after a change (see the module)."""
        now, clock = self.now(), self.clock
        if game.is_over:
            self.clock = clock.stop(now) if clock.running is not None else clock
        elif clock.running is None:
            self.clock = clock.start(game.state.to_move, now)
        elif clock.running != game.state.to_move:
            moved = self._cursor is not None and game.cursor == self._cursor + 1
            self.clock = clock.press(now) if moved else clock.start(game.state.to_move, now)
        self._cursor = game.cursor

    def stop(self) -> None:
        if self.clock.running is not None:
            self.clock = self.clock.stop(self.now())

    def flagged(self) -> int | None:
        """The player whose time has run out now, or None."""
        return self.clock.flagged(self.now())

    def left(self, player: int) -> float:
        return self.clock.left(player, self.now())

    def reading(self) -> dict[str, Any]:
        """The clock as read now, for a save (`engine.clock.Clock.to_json`)."""
        return self.clock.to_json(self.now())

    def faces(self) -> tuple[Face, Face]:
        """Both players' clock faces now."""
        return faces_of(self.clock, self.now())


@dataclass(frozen=True)
class Face:
    """One player's clock as shown: the time, whether it is in its last ten seconds, whether it runs."""

    player: int
    text: str
    low: bool
    running: bool

    def label(self, name: str) -> str:
        """'▶ Player 1 (X) 0:09.4 ⚠ low': the running clock marked by the arrow, the last ten seconds
        by the word (never by colour alone)."""
        return f"{'▶' if self.running else ' '} {name} {self.text}{' ⚠ low' if self.low else ''}"


def faces_of(clock: Clock, now: float) -> tuple[Face, Face]:
    """Both players' faces of `clock` read at `now`: a local game's, or a room's as the server last told
    it (`online.room_driver`)."""

    def face(player: int) -> Face:
        seconds = clock.left(player, now)
        return Face(player, format_time(seconds), is_low(seconds), clock.running == player)

    return (face(1), face(2))


def faces_line(faces: tuple[Face, Face], name: Callable[[int], str]) -> str:
    """Both clocks on one line, as line mode prints them with each prompt."""
    return "Clock: " + " · ".join(face.label(name(face.player)).strip() for face in faces)


def clocks_line(game_clock: GameClock, name: Callable[[int], str]) -> str:
    """A local game's clocks on one line (`faces_line`)."""
    return faces_line(game_clock.faces(), name)


class LowTimeWatch:
    """The warning a line front end prints when a player's own clock, running, falls into its last ten
    seconds (the app marks the face instead): said once, and again only after an increment has taken
    that clock back above ten seconds. Read on the caller's time source, so tests move it by hand."""

    def __init__(self) -> None:
        self.warned = False

    def due(self, clock: Clock | None, player: int, now: float) -> float | None:
        """Seconds from `now` until the warning is due (0 or less: it is), or None when it cannot come:
        no clock, not `player`'s time running, or already said."""
        if clock is None or not player:
            return None
        left = clock.left(player, now)
        if not is_low(left):
            self.warned = False  # back above ten seconds (an increment): it may be said again
        if self.warned or clock.running != player:
            return None
        return left - LOW_TIME

    def check(self, clock: Clock | None, player: int, now: float) -> str | None:
        """The warning when it is due now (then it is said: not again until `due` allows), else None."""
        due = self.due(clock, player, now)
        if due is None or due > 0 or clock is None:
            return None
        self.warned = True
        return low_time(format_time(clock.left(player, now)))
