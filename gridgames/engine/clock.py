"""Time controls and chess clocks: a base time and an increment per move, written as lichess writes them.

A `TimeControl` is what players agree on (`3+2`: three minutes each, two seconds added after every move
they make). A `Clock` is an immutable reading of both players' time at one moment. Nothing here reads the
time itself: every function takes `now` (seconds on any monotonic scale), so the server, a local game and a
test all drive the same code with their own time source, and a test never waits on real time.

Who moves is the caller's business: `press` ends the running player's turn and starts the other's.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Any

from gridgames.engine.errors import OptionsError

#: The longest base time and increment accepted (minutes, seconds): bounds what a seek or a file can ask.
MAX_BASE_MINUTES = 180.0
MAX_INCREMENT_SECONDS = 180.0

#: Seconds at or below which a clock is shown as running low (marked by the front ends).
LOW_TIME = 10.0

#: The most a reported network round trip may take off a move's measured time (seconds).
LAG_CAP = 0.5

_CONTROL = re.compile(r"^\s*(\d{1,3}(?:\.\d{1,3})?)\s*\+\s*(\d{1,3}(?:\.\d{1,3})?)\s*$")


@dataclass(frozen=True)
class TimeControl:
    """Base time and increment, in seconds. `str()` gives the lichess spelling back (`3+2`, `0.5+1`)."""

    base: float
    increment: float

    def __post_init__(self) -> None:
        if not (math.isfinite(self.base) and math.isfinite(self.increment)):
            raise OptionsError("A clock's base time and increment must be finite numbers.")
        if not 0 < self.base <= MAX_BASE_MINUTES * 60:
            raise OptionsError(
                f"A clock's base time must be more than 0 and at most {MAX_BASE_MINUTES:g} minutes."
            )
        if not 0 <= self.increment <= MAX_INCREMENT_SECONDS:
            raise OptionsError(f"A clock's increment must be 0 to {MAX_INCREMENT_SECONDS:g} seconds.")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read `MINUTES+SECONDS` (fractions allowed: `0.5+1` is 30 s and 1 s a move)."""
        match = _CONTROL.match(text) if len(text) <= 32 else None
        if match is None:
            raise OptionsError(
                "A clock is written MINUTES+SECONDS, for example 3+2 or 0.5+1 "
                f"(base minutes, seconds added a move), not '{text[:32]}'."
            )
        return cls(base=float(match.group(1)) * 60, increment=float(match.group(2)))

    def __str__(self) -> str:
        return f"{_number(self.base / 60)}+{_number(self.increment)}"

    def to_json(self) -> dict[str, float]:
        return {"base": self.base, "increment": self.increment}

    @classmethod
    def from_json(cls, data: Any) -> TimeControl:
        """The control from a file or a peer, checked (one-sentence `OptionsError` if it is not one)."""
        if not isinstance(data, dict) or set(data) != {"base", "increment"}:
            raise OptionsError("A clock must give exactly its base time and increment.")
        base, increment = data["base"], data["increment"]
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (base, increment)):
            raise OptionsError("A clock's base time and increment must be numbers.")
        return cls(base=float(base), increment=float(increment))


def _number(value: float) -> str:
    """`3.0` as `3`, `0.5` as `0.5`: the shortest spelling that reads back the same."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Clock:
    """Both players' time at the moment `since`; `running` is the player whose time is going (or None).

    `remaining[0]` is player 1's time, `remaining[1]` player 2's, both as read at `since`.
    """

    control: TimeControl
    remaining: tuple[float, float]
    running: int | None = None
    since: float = 0.0

    @classmethod
    def new(cls, control: TimeControl) -> Clock:
        """Both players at the base time, nobody's clock running yet."""
        return cls(control=control, remaining=(control.base, control.base))

    def start(self, player: int, now: float) -> Clock:
        """Start `player`'s time at `now` (the first move of a game, or after a pause)."""
        _check_player(player)
        return replace(self, remaining=self._read(now), running=player, since=now)

    def stop(self, now: float) -> Clock:
        """Stop the clock at `now` (the game ended), keeping both players' time as it was then."""
        return replace(self, remaining=self._read(now), running=None, since=now)

    def left(self, player: int, now: float) -> float:
        """`player`'s time at `now`, never below zero."""
        _check_player(player)
        return max(0.0, self._read(now)[player - 1])

    def flagged(self, now: float) -> int | None:
        """The player whose time has run out at `now`, or None."""
        if self.running is None:
            return next((p for p in (1, 2) if self.remaining[p - 1] <= 0), None)
        return self.running if self._read(now)[self.running - 1] <= 0 else None

    def flag_time(self) -> float | None:
        """When the running player's time runs out if nothing happens (None when no clock runs)."""
        return None if self.running is None else self.since + self.remaining[self.running - 1]

    def press(self, now: float, lag: float = 0.0) -> Clock:
        """The running player moved at `now`: charge the time used, add the increment, start the other.

        `lag` is the round trip the mover's client reports; up to `LAG_CAP` of it is not charged, and never
        more than the move took. A player whose time had already run out stays flagged (no increment).
        """
        if self.running is None:
            raise ValueError("No clock is running, so there is no move to time.")
        mover = self.running
        used = max(0.0, now - self.since)
        used -= min(max(0.0, lag if math.isfinite(lag) else 0.0), LAG_CAP, used)
        times = list(self.remaining)
        times[mover - 1] -= used
        if times[mover - 1] > 0:
            times[mover - 1] += self.control.increment
        return Clock(self.control, (times[0], times[1]), running=3 - mover, since=now)

    def _read(self, now: float) -> tuple[float, float]:
        if self.running is None:
            return self.remaining
        times = list(self.remaining)
        times[self.running - 1] -= max(0.0, now - self.since)
        return (times[0], times[1])

    def to_json(self, now: float) -> dict[str, Any]:
        """The clock as read at `now`, for a save, a snapshot or a message (no time scale leaks out)."""
        left = self._read(now)
        return {"control": self.control.to_json(), "left": [left[0], left[1]], "running": self.running}

    @classmethod
    def from_json(cls, data: Any, now: float) -> Clock:
        """A clock read back at `now` on the reader's own time scale; hostile input gets one sentence."""
        if not isinstance(data, dict) or set(data) != {"control", "left", "running"}:
            raise OptionsError("A clock must give its control, both players' time and who is running.")
        control = TimeControl.from_json(data["control"])
        left, running = data["left"], data["running"]
        if (
            not isinstance(left, list)
            or len(left) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in left)
            or not all(math.isfinite(v) and -1e9 < v <= 1e9 for v in left)
        ):
            raise OptionsError("A clock's times must be two numbers of seconds.")
        if running not in (None, 1, 2) or isinstance(running, bool):
            raise OptionsError("A clock's running player must be 1, 2 or none.")
        return cls(control, (float(left[0]), float(left[1])), running=running, since=now)


def _check_player(player: int) -> None:
    if player not in (1, 2):
        raise ValueError(f"A clock has players 1 and 2, not {player}.")


def format_time(seconds: float) -> str:
    """A clock face: `2:59` from a minute up, then `0:09.4` with tenths for the last ten seconds."""
    seconds = max(0.0, seconds)
    if seconds < LOW_TIME:
        tenths = math.floor(seconds * 10)
        return f"0:{tenths // 10:02d}.{tenths % 10}"
    whole = math.floor(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def is_low(seconds: float) -> bool:
    """Whether a clock showing `seconds` is in its last ten seconds (the front ends mark it)."""
    return seconds <= LOW_TIME
