"""The server's time: what it reads (`now`, seconds on the wall-clock scale every server of a cluster
shares) and how it waits (`call_at`). Injectable, so that a test moves time forward by hand
(`ManualTime.advance`) and never waits on real time; the server runs on `RealTime`.

Wall-clock seconds, not the event loop's monotonic ones: a clock stored by one server is read by
another (a cluster) or by the same one after a restart, and only the wall clock is common to them.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Protocol


class Timer(Protocol):
    def cancel(self) -> None: ...


class TimeSource(Protocol):
    def now(self) -> float: ...

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer: ...


class RealTime:
    """The wall clock, and the running event loop's timers."""

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        return asyncio.get_running_loop().call_later(max(0.0, when - time.time()), callback)


class _ManualTimer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualTime:
    """Time that moves only when told (`advance`): timers due by then run, in order of their time."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self._now = start
        self._timers: list[tuple[float, int, _ManualTimer, Callable[[], None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        timer = _ManualTimer()
        heapq.heappush(self._timers, (when, next(self._order), timer, callback))
        return timer

    def advance(self, seconds: float) -> None:
        """Move time on by `seconds`, running each timer that falls due on the way."""
        target = self._now + seconds
        while self._timers and self._timers[0][0] <= target:
            when, _, timer, callback = heapq.heappop(self._timers)
            self._now = max(self._now, when)
            if not timer.cancelled:
                callback()
        self._now = target
