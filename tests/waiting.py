"""Waiting for what a test names, never for a fixed time: the one way every test folder waits.

A screen pushed, a worker's answer, a network message or a timer lands a moment after the click or
key that caused it; on a loaded machine that moment can be seconds. So a test awaits the condition
(`await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen to open")`), which
returns as soon as it holds and fails, at a generous deadline, with one sentence naming what never
came. A slow machine raises every deadline at once with `GRIDGAMES_TEST_WAIT_SCALE` (e.g. 3).
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

#: Multiplies every deadline below (and those of the helpers built on them).
SCALE = max(1.0, float(os.environ.get("GRIDGAMES_TEST_WAIT_SCALE", "1") or 1))

#: Seconds a test waits for anything at all before giving up; never reached when things work.
WAIT = 30.0 * SCALE

POLL = 0.02


def scaled(seconds: float) -> float:
    """`seconds` stretched by `GRIDGAMES_TEST_WAIT_SCALE`, for helpers with their own deadline."""
    return seconds * SCALE


def holds(check: Callable[[], object]) -> tuple[bool, BaseException | None]:
    """Whether `check()` is true; an error (a widget not mounted yet, a view still None) is 'not yet'."""
    try:
        return bool(check()), None
    except Exception as error:  # noqa: BLE001 - the condition is not met yet; reported at the deadline
        return False, error


def _gave_up(what: str, seconds: float, error: BaseException | None) -> AssertionError:
    because = f" (the check last raised {type(error).__name__}: {error})" if error else ""
    return AssertionError(f"Gave up after {seconds:.0f} s waiting for {what}{because}.")


async def until(pilot: Any, check: Callable[[], object], what: str, seconds: float = WAIT) -> None:
    """Let the app (and the loop's other tasks) run until `check()` is true; `what` completes
    "waiting for ..." in the failure's sentence. `pilot` may be None outside an app (it is only
    named so a call reads as what it waits for)."""
    deadline = time.monotonic() + seconds
    while True:
        ok, error = holds(check)
        if ok:
            return
        if time.monotonic() > deadline:
            raise _gave_up(what, seconds, error)
        # Not `pilot.pause()`: it waits for every widget of the screen to take a message first, which
        # never happens for a widget removed meanwhile (a screen switched away): it times out after
        # 30 s. Sleeping lets the app, on this same loop, go on.
        await asyncio.sleep(POLL)


async def passes(pilot: Any, assertion: Callable[[], object], what: str, seconds: float = WAIT) -> None:
    """`until` for a block of asserts: runs `assertion()` until it raises nothing; at the deadline
    the sentence says what never came and quotes the last failure."""

    def holds() -> bool:
        assertion()
        return True

    await until(pilot, holds, what, seconds)


def wait_until(check: Callable[[], object], what: str, seconds: float = WAIT) -> None:
    """`until` for code outside an event loop (processes, threads, files): polls `check()`."""
    deadline = time.monotonic() + seconds
    while True:
        ok, error = holds(check)
        if ok:
            return
        if time.monotonic() > deadline:
            raise _gave_up(what, seconds, error)
        time.sleep(POLL)


async def screen_becomes(pilot: Any, kind: type[T], what: str = "") -> T:
    """The app's screen once it is a mounted `kind` (pushed or popped after an action)."""
    app = pilot.app

    def shown() -> bool:
        return isinstance(app.screen, kind) and app.screen.is_mounted

    await until(pilot, shown, what or f"the {kind.__name__} to show")
    return app.screen  # type: ignore[no-any-return]


async def click(pilot: Any, selector: Any, **kwargs: Any) -> bool:
    """`pilot.click(selector, ...)` once that widget is laid out on the current screen: a screen
    pushed a moment ago may not have it yet, and a click at an empty region lands elsewhere."""
    await until(pilot, lambda: pilot.app.screen.query_one(selector).region.area > 0, f"{selector} to show")
    return bool(await pilot.click(selector, **kwargs))
