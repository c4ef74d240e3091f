"""The event loop `gridgames server` runs on: uvloop's when it is installed (`pip install
gridgames[fast]`), else asyncio's own.

uvloop is asyncio's API over libuv, written in C: the server's code is the same on both (it uses only
asyncio's API), and the tests run it on asyncio's loop. Measured on the lobby bench's moves (callgrind,
docs/benchmarks.md), uvloop takes some of the loop's own share of a move's instructions away.
`GRIDGAMES_LOOP=asyncio` keeps asyncio's loop with uvloop installed (to compare the two).
"""

from __future__ import annotations

import asyncio
import importlib
import os
import sys
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop maker when installed and not turned off; None: asyncio's own."""
    if os.environ.get("GRIDGAMES_LOOP", "").strip().lower() == "asyncio":
        return None
    try:
        uvloop = importlib.import_module("uvloop")  # optional: typed the same with or without it
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def run(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)` on the loop `loop_factory` names (asyncio's own before Python 3.11)."""
    factory = loop_factory()
    if factory is None or sys.version_info < (3, 11):
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(main)


def name() -> str:
    """Which loop `run` uses: 'uvloop' or 'asyncio'."""
    return "uvloop" if loop_factory() is not None and sys.version_info >= (3, 11) else "asyncio"
