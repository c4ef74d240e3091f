"""Game records the player names (open, save as, `--record`): checked targets, loud failures.

Unlike the background autosave, a record the player asked for fails with one sentence
(`RecordError` with the line and the reason, or `StorageError`), and never replaces anything but
a regular file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from gridgames.engine import record
from gridgames.engine.errors import RecordError
from gridgames.engine.game import Game
from gridgames.engine.safetext import printable
from gridgames.games import get_entry
from gridgames.storage.files import (
    StorageError,
    atomic_write_text,
    describe_os_error,
    kind_of,
    read_capped_bytes,
)


class MissingRecord(RecordError):
    """The file is not there. For an autosave that is news, not damage: another process finished
    the game and cleared it (and may already have saved its next game under the same name)."""


def read_record_text(path: str | os.PathLike[str]) -> str:
    """The text of a record file, checked before parsing; raises RecordError (never changes the file)."""
    shown = printable(os.fspath(path))
    try:
        data = read_capped_bytes(path, record.MAX_BYTES)
    except FileNotFoundError:
        raise MissingRecord(f"there is no file called '{shown}'.") from None
    except ValueError as error:
        raise RecordError(str(error)) from None
    except OSError as error:
        raise RecordError(f"'{shown}' cannot be read: {describe_os_error(error)}.") from None
    if b"\x00" in data:
        raise RecordError("the file is binary, not a game record.")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = len(record.split_lines(data[: error.start].decode("utf-8", "replace")))
        raise RecordError("the file is not UTF-8 text, so it is not a game record.", line) from None


def load_record(path: str | os.PathLike[str]) -> Game:
    """Read, parse and replay a record file; raises RecordError with the line and the reason."""
    return record.loads(read_record_text(path), get_entry)


def check_record_target(path: str | os.PathLike[str], overwrite: bool) -> str | None:
    """Why a record cannot be written to `path` (one sentence), or None when it can.

    Only a regular file is ever replaced, and only with `overwrite`: never a device, a
    pipe, a socket or a folder, even as root.
    """
    path = Path(path)
    shown = printable(str(path))
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    except OSError as error:
        return f"'{shown}' cannot be checked: {describe_os_error(error)}."
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            return f"'{shown}' is a folder: choose a file name for the record."
        if not stat.S_ISREG(info.st_mode):
            return f"'{shown}' is {kind_of(info.st_mode)}: a record is only ever written to a regular file."
        if not overwrite:
            return f"'{shown}' already exists: choose another name, or confirm replacing it."
    if not path.parent.is_dir():
        folder = printable(str(path.parent))
        return f"The folder '{folder}' does not exist, so the record cannot be saved there."
    return None


def save_record(game: Game, path: str | os.PathLike[str], overwrite: bool = False) -> Path:
    """Write the record of `game` to `path` atomically; raises StorageError with one sentence."""
    path = Path(path)
    problem = check_record_target(path, overwrite)
    if problem:
        raise StorageError(problem)
    try:
        atomic_write_text(path, record.dumps(game))
    except OSError as error:
        raise StorageError(
            f"Could not save the record to '{printable(str(path))}': {describe_os_error(error)}."
        ) from None
    return path


class LiveRecord:
    """`--record FILE` written as the game goes: the whole record, atomically, after every move.

    The first write checks the target (regular file; an existing one only with `overwrite`);
    later writes replace the file this record wrote. `write` returns None, or the sentence
    saying why the record could not be written this time (the caller reports it at once).
    `safe` is whether the last write succeeded: the autosave must not be dropped unless it is.
    """

    def __init__(self, path: str | os.PathLike[str], overwrite: bool = False, started: bool = False) -> None:
        self.path = Path(path)
        self.overwrite = overwrite
        self.started = started  # True once this record has written the file (survives a resume)
        self.safe = False

    def write(self, game: Game) -> str | None:
        try:
            save_record(game, self.path, overwrite=self.overwrite or self.started)
        except StorageError as error:
            self.safe = False
            return str(error)
        self.started = True
        self.safe = True
        return None


def open_record_or_reason(path: str | os.PathLike[str]) -> Game | str:
    """The game in a record, or the one sentence that says why it cannot be opened."""
    try:
        return load_record(path)
    except RecordError as error:
        return f"Could not open {printable(os.fspath(path))}: {error}"
