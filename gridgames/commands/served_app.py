"""The app as `gridgames serve` runs it for one browser tab: it dies with the server.

`python -m gridgames.commands.served_app SERVER_PID` asks Linux to send SIGKILL to this
process when its parent dies (`PR_SET_PDEATHSIG`), checks the server is still its parent (it
may have died before the request), then runs the app. Elsewhere the app ends when its input
(the server's pipe) closes. The game is autosaved after every move, so nothing is lost.

SIGKILL, not SIGTERM: Textual answers SIGTERM by posting a message to the app's own event loop,
so an app busy with a flood of input (or stopped) never acted on it and outlived the server by
minutes, holding gigabytes.

The app's data may not grow past MEMORY_LIMIT (`RLIMIT_DATA`; the app uses about 60 MB): input is
capped per tab (`serve_internals.StdinGate`), but an app that keeps something for each key it is sent
still grew by a few MB a second under a tab sending keys at the cap; past the limit it fails and its
tab ends, instead of taking the computer's memory.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

PR_SET_PDEATHSIG = 1
MEMORY_LIMIT = 1024 * 1024 * 1024  # bytes of data (heap and other private writable memory)


def limit_memory(limit: int = MEMORY_LIMIT) -> None:
    """Cap the process's data at `limit` bytes, or lower its cap if it has one (where the OS has it)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        capped = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
        if soft == resource.RLIM_INFINITY or soft > capped:
            resource.setrlimit(resource.RLIMIT_DATA, (capped, hard))
    except (ImportError, AttributeError, OSError, ValueError):
        pass


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
    limit_memory()
    if argv and argv[0].isdigit() and os.getppid() != int(argv[0]):
        return 1  # the server died before the signal was asked for: nobody is watching this tab
    from gridgames.cli import main as gridgames

    return gridgames([])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
