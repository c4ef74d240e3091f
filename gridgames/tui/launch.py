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
import os
import sys
from typing import Any, TextIO

#: The exit code when the app cannot run here (as for a usage error).
EXIT_NO_TERMINAL = 2


def available() -> bool:
    """Whether the full-screen app can run here (Textual is installed), found without importing it."""
    return importlib.util.find_spec("textual") is not None


def _is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):  # closed
        return False


def no_terminal(start: dict[str, Any]) -> str | None:
    """One sentence when the app would have no terminal, else None.

    With standard input or output a pipe or a file, a full-screen app cannot read keys nor draw: it
    spun a core and wrote screen codes into the pipe until killed. `gridgames serve` runs the app
    with Textual's web driver (it sets TEXTUAL_DRIVER), which needs no terminal.
    """
    if os.environ.get("TEXTUAL_DRIVER"):
        return None
    streams = (("input", sys.stdin), ("output", sys.stdout))
    missing = [name for name, stream in streams if not _is_terminal(stream)]
    if not missing:
        return None
    on_a_command = {"variant", "online", "open_puzzles"} & set(start)  # play, host, join, puzzle
    plain = "add --plain" if on_a_command else "use gridgames play VARIANT --plain"
    return (
        f"The full-screen app needs a terminal, and standard {' and '.join(missing)} "
        f"{'is' if len(missing) == 1 else 'are'} not one: {plain} to play in plain text."
    )


def run_app(start: dict[str, Any] | None = None, **run_options: Any) -> int:
    """The app made with `start` (GridGamesApp's keyword arguments) and run with `run_options`
    (`App.run`'s: headless, size, auto_pilot); its exit code. Run in a terminal (no `run_options`)
    without one, it says so in one sentence on stderr and returns EXIT_NO_TERMINAL."""
    if not run_options:
        problem = no_terminal(start or {})
        if problem:
            sys.stderr.write(f"gridgames: {problem}\n")
            return EXIT_NO_TERMINAL
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
