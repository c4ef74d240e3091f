"""One server per SQLite file, whatever name reaches it: an OS lock on the file itself.

A lock file beside the path as given (`DB.lock`) let a second server in through a symlink or a
hard link (another name, another lock file), and the room split between them. `flock` locks the
open file, that is its device and inode, so every name of the file meets the same lock; the OS
lets it go when the process dies, even by kill -9. SQLite's own locks are POSIX record locks,
which `flock` does not touch; the descriptor stays open until the database is closed, since
closing any descriptor of a file drops the process's record locks on it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # not POSIX: a lock file beside the resolved path (a hard link still escapes)
    fcntl = None  # type: ignore[assignment]


class Busy(Exception):
    """Another process holds the lock."""


class NotAFile(Exception):
    """The path names something other than a regular file (a folder, a device, a FIFO)."""


class InodeLock:
    """An exclusive lock on the file at `path` (created empty if missing), taken without waiting."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._fallback: Any = None

    def acquire(self) -> None:
        """Raises Busy, NotAFile, or OSError (the file cannot be opened or created)."""
        if fcntl is None:
            self._acquire_fallback()
            return
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except FileNotFoundError:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise NotAFile(str(self.path))
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise Busy(str(self.path)) from None
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def _acquire_fallback(self) -> None:
        from filelock import FileLock, Timeout

        resolved = self.path.resolve()
        lock = FileLock(resolved.with_name(resolved.name + ".lock"), timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise Busy(str(self.path)) from None
        self._fallback = lock

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # the OS lets go of the lock with the last descriptor
            self._fd = None
        if self._fallback is not None:
            self._fallback.release()
            self._fallback = None
