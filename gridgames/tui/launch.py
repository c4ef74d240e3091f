"""Starting the full-screen app the way the `gridgames` command does, with the garbage collector paused
until the first screen is shown.

Importing Textual and the games and composing the first screen allocate a few hundred thousand objects
and almost no garbage cycles, yet they set off about 120 collections (about 25 ms of a 300 ms start,
measured with `gc.callbacks`). With the collector off until then, and the start-up's objects frozen
out of its way after (`gc.freeze`), those collections are not paid; what start-up leaves behind stays
bounded (it is the same each run). `make bench`'s start-up line times this function.
"""

from __future__ import annotations

import gc
import importlib.util
from typing import Any


def available() -> bool:
    """Whether the full-screen app can run here (Textual is installed), found without importing it."""
    return importlib.util.find_spec("textual") is not None


def run_app(start: dict[str, Any] | None = None, **run_options: Any) -> int:
    """The app made with `start` (GridGamesApp's keyword arguments) and run with `run_options`
    (`App.run`'s: headless, size, auto_pilot); its exit code."""
    paused = gc.isenabled()
    gc.disable()
    try:
        from gridgames.tui.app import GridGamesApp

        app = GridGamesApp(**(start or {}))
        app.resume_collector = paused
        app.run(**run_options)
    finally:
        if paused:
            gc.enable()
    return int(app.return_code or 0)
