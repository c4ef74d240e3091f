"""Files the hostile way: atomic replacement, capped reads of regular files only, the data folder.

Every other storage module writes and reads through these, so a kill at any instant leaves the old
file or the new one, and no file (a device, a FIFO, a huge one) can block or exhaust a reader.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from gridgames.engine.safetext import printable

ENV_DATA_DIR = "GRIDGAMES_DATA_DIR"


class StorageError(OSError):
    """A file the player named could not be written; `str()` is one sentence."""


def default_data_dir() -> Path:
    """`$GRIDGAMES_DATA_DIR` if set, else the platform's user data folder for gridgames."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("gridgames", appauthor=False))


def fsync_dir(folder: Path) -> None:
    """Make a rename durable; not every platform can open a folder, which is harmless."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: Path, text: str) -> None:
    """Replace `path` with `text` so that readers see the old file or the new one, never a mix.

    Raises OSError; the temporary file is removed on failure.
    """
    path = Path(path)
    fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    fsync_dir(path.parent)


def describe_os_error(error: OSError) -> str:
    return printable(error.strerror or str(error))


def kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_capped_bytes(path: str | os.PathLike[str], limit: int, what: str = "a game record") -> bytes:
    """At most `limit` bytes of a regular file, or OSError/ValueError with a reason.

    Never trusts `st_size` (a device says 0 and never ends) and never blocks: a FIFO is
    refused before it is opened, and the open is non-blocking in case one appears between.
    Raises `ValueError(sentence)` for something that is not a regular file or is too large.
    """
    shown = printable(os.fspath(path))
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"'{shown}' is {kind_of(info.st_mode)}, not {what}.")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"'{shown}' is {kind_of(info.st_mode)}, not {what}.")
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(65536, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(fd)
    if total > limit:
        raise ValueError(f"the file is too large to be {what} (over {limit} bytes).")
    return b"".join(chunks)
