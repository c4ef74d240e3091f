"""The one object every search takes: a time budget and a way to be told to stop.

A `Budget` ends a search for either of two reasons: its time is up (`seconds` after it was made), or
its `stop` check says so (a `threading.Event`, or any callable such as a Textual worker's
`lambda: worker.is_cancelled`). Searches call `check()` often enough (every few thousand nodes at
most, about a millisecond of work) that a cancelled search ends within 50 ms; `check()` raises
`SearchTimeout` (or its subclass `SearchCancelled`), and an anytime search answers with the best move
it had found. Time budgets are validated: finite, positive and at most `MAX_SECONDS`.

    stop = threading.Event()
    evaluation = analyse(entry, state, Budget(2.0, stop))   # another thread may stop.set()
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

#: The longest time budget any search accepts (seconds).
MAX_SECONDS = 3600.0
#: Seconds a computer reply thinks (then it plays the best move found), in the app and `play --vs`.
REPLY_SECONDS = 0.4
#: Seconds a solver's one-off preparation of a board may take (walls 4x5, the largest, takes 2 to 5 s).
PREPARE_SECONDS = 60.0
#: The shortest: below this a search could not finish even its first step.
MIN_SECONDS = 0.001


class SearchTimeout(Exception):
    """Raised inside a search when its budget is spent; the caller keeps its last answer."""


class SearchCancelled(SearchTimeout):
    """Raised inside a search when its stop check fires: nobody wants the answer any more."""


StopCheck = threading.Event | Callable[[], bool] | None


def validate_seconds(seconds: object) -> float:
    """`seconds` as a float, or ValueError with one sentence when it is not a usable budget."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise ValueError(f"A time budget is a number of seconds, not {seconds!r}.")
    value = float(seconds)
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"A time budget must be a positive number of seconds (at most {MAX_SECONDS:g}).")
    if value > MAX_SECONDS:
        raise ValueError(f"A time budget of {value:g} s is too long: at most {MAX_SECONDS:g} s.")
    return value


def _as_callable(stop: StopCheck) -> Callable[[], bool] | None:
    if stop is None:
        return None
    if isinstance(stop, threading.Event):
        return stop.is_set
    if callable(stop):
        return stop
    raise TypeError("A stop check is a threading.Event or a callable returning True to stop.")


class Budget:
    """Time left for a search (none: `seconds=None`) and a stop check; see the module docstring.

    A zero budget is allowed (it expires at once: tests and "no time" callers); anything else outside
    (0, MAX_SECONDS] is refused with ValueError.
    """

    __slots__ = ("at", "seconds", "_stop")

    def __init__(self, seconds: float | None = None, stop: StopCheck = None) -> None:
        self.seconds = None if seconds is None else validate_seconds(seconds)
        self.at = None if self.seconds is None else time.perf_counter() + self.seconds
        self._stop = _as_callable(stop)

    @classmethod
    def of(cls, budget: Budget | float | None) -> Budget:
        """A Budget from what callers pass: a Budget (kept), seconds, or None (no time limit)."""
        return budget if isinstance(budget, Budget) else cls(budget)

    @classmethod
    def or_default(cls, budget: Budget | float | None, default: float) -> Budget:
        """Like `of`, but `default` seconds when no time is given (a Budget without time keeps its stop)."""
        if budget is None:
            return cls(default)
        if isinstance(budget, Budget) and budget.at is None:
            return budget.within(default)
        return cls.of(budget)

    def within(self, seconds: float | None) -> Budget:
        """A budget ending at the earlier of this one's end and `seconds` from now, same stop check."""
        child = Budget(seconds, self._stop)
        if self.at is not None and (child.at is None or self.at < child.at):
            child.at = self.at
            child.seconds = self.remaining()
        return child

    def share(self, fraction: float) -> Budget:
        """A budget for `fraction` of the time left (untimed stays untimed), same stop check."""
        if self.at is None:
            return self
        return self.within(max(MIN_SECONDS, (self.at - time.perf_counter()) * fraction))

    def untimed(self) -> Budget:
        """The same stop check without the time limit: for work that is bounded by itself."""
        return Budget(None, self._stop)

    def at_least(self, seconds: float) -> Budget:
        """This budget, or one ending `seconds` from now if it ends sooner (a move must be found)."""
        if self.at is None or self.at - time.perf_counter() >= seconds:
            return self
        return Budget(seconds, self._stop)

    @property
    def cancelled(self) -> bool:
        """Whether the stop check has fired (the answer is no longer wanted)."""
        return self._stop is not None and bool(self._stop())

    @property
    def timed(self) -> bool:
        return self.at is not None

    def expired(self) -> bool:
        """Out of time or cancelled."""
        return (self.at is not None and time.perf_counter() >= self.at) or self.cancelled

    def remaining(self) -> float | None:
        """Seconds left (a little at least), or None without a time limit."""
        return None if self.at is None else max(0.001, self.at - time.perf_counter())

    def check(self) -> None:
        """Raise SearchCancelled or SearchTimeout if the search must stop now."""
        if self.cancelled:
            raise SearchCancelled
        if self.at is not None and time.perf_counter() >= self.at:
            raise SearchTimeout

    def __repr__(self) -> str:
        return f"Budget(seconds={self.seconds!r}, stop={'yes' if self._stop else 'no'})"


#: Older name: a Budget made from seconds alone.
Deadline = Budget
