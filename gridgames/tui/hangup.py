"""Leave when the terminal is gone.

A closed terminal window or a dropped ssh link hangs up the app's terminal. Where the hang-up signal
reaches the app, it ends it. Under a parent that keeps the process alive, it does not: `make run`'s
make waits for its child rather than pass the signal on. The app was then left running with no
terminal, its input thread spinning on end-of-file at a full core. So the app looks at its terminal
once a second, and leaves (saving as on any exit) once the terminal reports a hang-up. Textual's own
exit writes to the terminal to put it back as it was, and with the terminal gone that can stall (seen
in a test: its writes waiting for ever on an output queue that nothing empties); so if the app has not
ended a few seconds later, what it has to save is written and the process ends.
"""

from __future__ import annotations

import os
import select
import sys
import threading
from typing import Any

#: How often the app looks at its terminal (a look is one `poll` with no wait).
CHECK_SECONDS = 1.0
#: How long the app's own exit may take once its terminal is gone, before the process is ended.
GRACE_SECONDS = 3.0
#: How long the saves still queued may take to reach the disk then.
SAVE_SECONDS = 5.0
_GONE = getattr(select, "POLLHUP", 0) | getattr(select, "POLLERR", 0) | getattr(select, "POLLNVAL", 0)


def terminal_gone(fd: int) -> bool:
    """Whether the terminal on `fd` has hung up (or the descriptor is no longer valid)."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)  # a hang-up, an error and a bad descriptor are reported anyway
    return any(events & _GONE for _, events in poller.poll(0))


def watch(app: Any) -> None:
    """Have `app` exit once its terminal (standard input) hangs up; nothing where there is no
    terminal to watch (a headless app, a pipe) or no `poll` (Windows)."""
    stream = sys.__stdin__
    if app.is_headless or not hasattr(select, "poll") or stream is None:
        return
    try:
        fd = stream.fileno()
    except (OSError, ValueError):
        return
    if not os.isatty(fd):
        return

    def look() -> None:
        if terminal_gone(fd):
            looking.stop()  # one exit
            app.exit()
            end = threading.Timer(GRACE_SECONDS, _end_process, (app,))
            end.daemon = True  # an exit that finishes ends the process before it
            end.start()

    looking = app.set_interval(CHECK_SECONDS, look, name="terminal hang-up")


def _end_process(app: Any) -> None:
    """The app's exit stalled with its terminal gone: write what is queued to be saved, and end."""
    writer = getattr(app, "writer", None)
    if writer is not None:
        writer.flush(SAVE_SECONDS)
    os._exit(0)
