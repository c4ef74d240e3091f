"""The app as `gridgames serve` runs it for one browser tab: it dies with the server.

`python -m gridgames.commands.served_app SERVER_PID` asks Linux to send SIGKILL to this
process when its parent dies (`PR_SET_PDEATHSIG`), checks the server is still its parent (it
may have died before the request), then runs the app. Elsewhere the app ends when its input
(the server's pipe) closes. The game is autosaved after every move, so nothing is lost.

SIGKILL, not SIGTERM: Textual answers SIGTERM by posting a message to the app's own event loop,
so an app busy with a flood of input (or stopped) never acted on it and outlived the server by
minutes, holding gigabytes.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Ask the kernel for SIGKILL when the parent process dies (Linux only; a no-op elsewhere)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def main(argv: list[str]) -> int:
    die_with_parent()
    if argv and argv[0].isdigit() and os.getppid() != int(argv[0]):
        return 1  # the server died before the signal was asked for: nobody is watching this tab
    from gridgames.cli import main as gridgames

    return gridgames([])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
