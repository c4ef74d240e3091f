"""Files on disk: games in progress, game records, statistics and last-used choices.

Guarantees (several processes may share one data folder: two terminals, browser tabs):

- Every write is atomic (temporary file in the same folder, flush, fsync, rename, fsync
  the folder): a kill at any instant, even `kill -9`, leaves the previous file or the new
  one, never a broken one.
- Every read-modify-write (statistics, choices) holds a lock on the data folder
  (`filelock`: an OS lock released by the kernel when a process dies, so a killed
  process never leaves it stuck), so no result and no choice is lost to a race.
- Each game in progress has its own autosave slot (`new_slot`), so two games of the same
  variant never overwrite or delete each other's save; `unfinished()` lists them all.
- Files are read with a hard byte cap whatever their size claims, regular files only (a
  device, a FIFO or a folder is refused in one sentence and never blocks).

Background storage (autosave, statistics, preferences) never stops play: a failure becomes
a `StorageWarning` in `Store.warnings` that the UI shows as one sentence. Records the user
names explicitly (open, save as, `--record`) fail loudly instead: `RecordError` with the
line and the reason, or `StorageError`.

The API a play session needs (small on purpose):

    store = Store()                       # the data folder
    slot = store.new_slot("rowcol")       # once per game in progress (a match keeps its slot)
    store.save_current(game, settings, slot=slot)   # after every change
    store.clear_current(slot)             # the game ended, or the player threw it away
    store.unfinished(variant=None)        # every resumable game, newest first (SavedGame.slot)
    slot = store.claim(saved)             # to resume one: its new slot, or None if another window took it
    store.record_game(game, opponent, human_player)   # statistics, locked
    LiveRecord(path, overwrite).write(game)           # `--record` after every move

The data folder is `platformdirs.user_data_dir("gridgames")`, or the folder in the
environment variable `GRIDGAMES_DATA_DIR` (tests and scripts isolate with it). Records are
parsed by `gridgames.engine.record` (strict, no eval); statistics and preferences are JSON.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gridgames.engine import record
from gridgames.engine.errors import RecordError
from gridgames.engine.game import Game
from gridgames.engine.safetext import printable
from gridgames.games import get_entry

ENV_DATA_DIR = "GRIDGAMES_DATA_DIR"
CURRENT_PREFIX = "current-"
CURRENT_SUFFIX = ".gridgames"
SESSION_PREFIX = "# session: "
STATS_FILE = "stats.json"
PREFS_FILE = "prefs.json"
LOCK_FILE = ".gridgames.lock"
LOCK_SECONDS = 10.0  # a read-modify-write takes milliseconds; longer means a stuck disk
STATS_VERSION = 1
STALE_TEMP_SECONDS = 600
MAX_JSON_BYTES = 1_000_000
MAX_SAVES_LISTED = 200  # a folder of thousands of saves is not read at every start-up
RESULTS = ("wins", "losses", "draws")
_SLOT = re.compile(r"[a-z0-9][a-z0-9-]{0,99}")


class StorageWarning(UserWarning):
    """A background save or load failed; play goes on. `str()` is one sentence for the player."""


class StorageError(OSError):
    """A file the player named could not be written; `str()` is one sentence."""


def default_data_dir() -> Path:
    """`$GRIDGAMES_DATA_DIR` if set, else the platform's user data folder for gridgames."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("gridgames", appauthor=False))


def _fsync_dir(folder: Path) -> None:
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
    _fsync_dir(path.parent)


def _describe_os_error(error: OSError) -> str:
    return printable(error.strerror or str(error))


def _kind_of(mode: int) -> str:
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
        raise ValueError(f"'{shown}' is {_kind_of(info.st_mode)}, not {what}.")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"'{shown}' is {_kind_of(info.st_mode)}, not {what}.")
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


def read_record_text(path: str | os.PathLike[str]) -> str:
    """The text of a record file, checked before parsing; raises RecordError (never changes the file)."""
    shown = printable(os.fspath(path))
    try:
        data = read_capped_bytes(path, record.MAX_BYTES)
    except FileNotFoundError:
        raise RecordError(f"there is no file called '{shown}'.") from None
    except ValueError as error:
        raise RecordError(str(error)) from None
    except OSError as error:
        raise RecordError(f"'{shown}' cannot be read: {_describe_os_error(error)}.") from None
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
        return f"'{shown}' cannot be checked: {_describe_os_error(error)}."
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            return f"'{shown}' is a folder: choose a file name for the record."
        if not stat.S_ISREG(info.st_mode):
            return f"'{shown}' is {_kind_of(info.st_mode)}: a record is only ever written to a regular file."
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
            f"Could not save the record to '{printable(str(path))}': {_describe_os_error(error)}."
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


@dataclass(frozen=True)
class SavedGame:
    """An unfinished game from the autosave, with the settings needed to carry on.

    `settings` is whatever the caller passed to `save_current` (JSON values: the
    opponent, the match score, ...); `saved_at` is a Unix time; `slot` is where it lives
    (pass it to `save_current`/`clear_current` to play on in the same slot).
    """

    game: Game
    settings: dict[str, Any]
    saved_at: float
    path: Path

    @property
    def slot(self) -> str:
        return self.path.name[len(CURRENT_PREFIX) : -len(CURRENT_SUFFIX)]


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text[:20]} is not a finite number")
    return value


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a saved file may hold")


def parse_json(text: str) -> Any:
    """JSON from a data file: numbers must be finite (1e999, NaN and Infinity raise ValueError)."""
    return json.loads(text, parse_float=_finite, parse_constant=_refuse_constant)


def empty_tally() -> dict[str, int]:
    return dict.fromkeys(RESULTS, 0)


class Store:
    """The player's data folder (`root`, default `default_data_dir()`).

    Methods never raise for disk trouble: they add a `StorageWarning` to `warnings`.
    """

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        self.root = Path(root) if root is not None else default_data_dir()
        self.warnings: list[StorageWarning] = []
        self._sweep_stale_temps()

    # -- warnings ----------------------------------------------------------------
    def _warn(self, message: str) -> None:
        self.warnings.append(StorageWarning(message))

    def take_warnings(self) -> list[StorageWarning]:
        """The warnings since the last call, oldest first (the UI shows them, then they are gone)."""
        taken, self.warnings = self.warnings, []
        return taken

    @property
    def _shown_root(self) -> str:
        return printable(str(self.root))

    def _write(self, name: str, text: str, what: str) -> bool:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.root / name, text)
        except OSError as error:
            reason = _describe_os_error(error)
            self._warn(f"Could not save {what} in {self._shown_root} ({reason}); play goes on without it.")
            return False
        return True

    @contextlib.contextmanager
    def _locked(self, what: str) -> Iterator[bool]:
        """Hold the data folder's lock; yields False (with a warning) when it cannot be taken."""
        from filelock import FileLock, Timeout

        try:
            self.root.mkdir(parents=True, exist_ok=True)
            lock = FileLock(str(self.root / LOCK_FILE), timeout=LOCK_SECONDS)
            lock.acquire()
        except Timeout:
            self._warn(f"The data folder {self._shown_root} stayed locked, so {what} could not be saved.")
            yield False
            return
        except OSError as error:
            reason = _describe_os_error(error)
            self._warn(f"Could not save {what} in {self._shown_root} ({reason}); play goes on without it.")
            yield False
            return
        try:
            yield True
        finally:
            lock.release()

    def _update_json(self, name: str, what: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> bool:
        """Read `name`, apply `change`, write it back, all under the lock; False on failure."""
        with self._locked(what) as locked:
            if not locked:
                return False
            try:
                text = json.dumps(change(self._read_json(name, what)), indent=1, sort_keys=True)
            except (TypeError, ValueError):
                self._warn(f"{what[0].upper()}{what[1:]} could not be saved: they are not plain values.")
                return False
            return self._write(name, text + "\n", what)

    def _sweep_stale_temps(self) -> None:
        """Remove temporary files left by a process killed mid-save (old ones only: never a live save)."""
        try:
            temps = list(self.root.glob(".*.tmp"))
        except OSError:
            return
        now = time.time()
        for temp in temps:
            with contextlib.suppress(OSError):
                if now - temp.stat().st_mtime > STALE_TEMP_SECONDS:
                    temp.unlink()

    # -- games in progress -----------------------------------------------------------
    def new_slot(self, variant: str) -> str:
        """A fresh autosave slot for one game in progress (unique across processes)."""
        stamp = f"{time.time_ns():x}{os.getpid():x}{secrets.token_hex(3)}"
        return f"{variant}-{stamp}"

    def current_path(self, slot: str) -> Path:
        """The autosave file of `slot` (a slot is a name from `new_slot` or `SavedGame.slot`)."""
        if not _SLOT.fullmatch(slot):
            raise ValueError(f"'{printable(slot)}' is not an autosave slot.")
        return self.root / f"{CURRENT_PREFIX}{slot}{CURRENT_SUFFIX}"

    def save_current(self, game: Game, settings: dict[str, Any] | None = None, *, slot: str) -> bool:
        """Autosave `game` in `slot` (from `new_slot`, or `SavedGame.slot` to carry on a resumed game).

        The file is a valid game record: the settings ride in a `# session:` comment line.
        False (and a warning) on failure.
        """
        try:
            session = json.dumps(settings or {}, sort_keys=True)
        except (TypeError, ValueError):
            self._warn("The game settings could not be saved with the game; only the moves were saved.")
            session = "{}"
        lines = record.dumps(game).splitlines()
        text = "\n".join([lines[0], SESSION_PREFIX + session, *lines[1:]]) + "\n"
        path = self.current_path(slot)
        return self._write(path.name, text, "the game in progress")

    def unfinished(self, variant: str | None = None) -> list[SavedGame]:
        """Every resumable game (of `variant`, or of all), newest first.

        A broken save is skipped with a warning (it never stops start-up); finished games
        are not listed.
        """
        try:
            found = []
            for path in self.root.glob(f"{CURRENT_PREFIX}*{CURRENT_SUFFIX}"):
                with contextlib.suppress(OSError):
                    found.append((path.stat().st_mtime, path))
        except OSError as error:
            if not isinstance(error, (FileNotFoundError, NotADirectoryError)):
                reason = _describe_os_error(error)
                self._warn(f"The saved games in {self._shown_root} cannot be read ({reason}).")
            return []
        found.sort(key=lambda pair: (pair[0], pair[1].name), reverse=True)
        games = []
        for _mtime, path in found[:MAX_SAVES_LISTED]:
            saved = self._load_saved(path)
            if saved is not None and (variant is None or saved.game.entry.id == variant):
                games.append(saved)
        return games

    def claim(self, saved: SavedGame) -> str | None:
        """Take `saved` over to play it on: its new slot, or None when another process took it first.

        The save is renamed to a fresh slot (atomic: of two windows resuming the same game, exactly
        one wins), so two games never share a slot even when both started from one save.
        """
        slot = self.new_slot(saved.game.entry.id)
        try:
            os.rename(saved.path, self.current_path(slot))
        except FileNotFoundError:
            return None
        except OSError as error:
            reason = _describe_os_error(error)
            self._warn(f"The saved game in {printable(str(saved.path))} could not be taken over ({reason}).")
            return saved.slot  # play on in its slot: better than refusing to resume
        _fsync_dir(self.root)
        return slot

    def load_current(self, variant: str | None = None) -> SavedGame | None:
        """The newest unfinished game (of `variant`), or None. See `unfinished` for all of them."""
        games = self.unfinished(variant)
        return games[0] if games else None

    def _load_saved(self, path: Path) -> SavedGame | None:
        shown = printable(str(path))
        try:
            text = read_record_text(path)
            game = record.loads(text, get_entry)
            saved_at = path.stat().st_mtime
        except FileNotFoundError:
            return None  # finished and cleared by another process meanwhile
        except (RecordError, OSError) as error:
            if not os.path.lexists(path):
                return None  # finished and cleared by another process while being read
            reason = printable(str(error))
        except Exception as error:  # noqa: BLE001 - a bad autosave must never stop start-up
            reason = type(error).__name__
        else:
            reason = ""
        if reason:
            self._warn(f"The saved game in {shown} could not be resumed ({reason}); it is skipped.")
            return None
        if game.is_over:
            return None
        return SavedGame(game, self._session(text, path), saved_at, path)

    def _session(self, text: str, path: Path) -> dict[str, Any]:
        for line in record.split_lines(text):
            if line.startswith(SESSION_PREFIX):
                try:
                    settings = parse_json(line[len(SESSION_PREFIX) :])
                except ValueError:
                    settings = None
                if isinstance(settings, dict):
                    return settings
                shown = printable(str(path))
                self._warn(f"The settings saved with the game in {shown} are unreadable; the moves resume.")
                return {}
        return {}

    def clear_current(self, slot: str) -> None:
        """Forget the autosave in `slot` (the game ended or the player threw it away)."""
        path = self.current_path(slot)
        try:
            path.unlink(missing_ok=True)
        except OSError as error:
            reason = _describe_os_error(error)
            self._warn(f"Could not remove the finished game's save {printable(str(path))} ({reason}).")
            return
        _fsync_dir(self.root)

    # -- records the player names ----------------------------------------------------
    def save_record(self, game: Game, path: str | os.PathLike[str], overwrite: bool = False) -> Path:
        """Write `game`'s record to `path` atomically; raises StorageError (replacing needs `overwrite`)."""
        return save_record(game, path, overwrite)

    def load_record(self, path: str | os.PathLike[str]) -> Game:
        """See `load_record`; raises RecordError."""
        return load_record(path)

    # -- statistics --------------------------------------------------------------------
    def stats(self) -> dict[str, dict[str, dict[str, int]]]:
        """`{variant: {opponent: {"wins", "losses", "draws"}}}`; opponent is "human" or a computer level.

        Against the computer, results are the human's; between humans, Player 1's.
        """
        return _clean_tallies(self._read_json(STATS_FILE, "the statistics"))

    def record_result(self, variant: str, opponent: str, result: str, change: int = 1) -> bool:
        """Count a finished game: `result` is "win", "loss" or "draw" for the human (or Player 1).
        `change=-1` takes a count back (a game undone past its end; see `PlaySession`)."""
        key = {"win": "wins", "loss": "losses", "draw": "draws"}.get(result)
        if key is None:
            raise ValueError(f"A result is win, loss or draw, not '{result}'.")

        def count(data: dict[str, Any]) -> dict[str, Any]:
            tallies = _clean_tallies(data)
            tally = tallies.setdefault(variant, {}).setdefault(opponent, empty_tally())
            tally[key] = max(0, tally[key] + change)
            return {"version": STATS_VERSION, "variants": tallies}

        return self._update_json(STATS_FILE, "the statistics", count)

    def record_game(self, game: Game, opponent: str = "human", human_player: int = 1) -> bool:
        """Count a finished game from `human_player`'s side; unfinished games are not counted."""
        outcome = game.outcome
        if outcome is None:
            return False
        if outcome.winner is None:
            result = "draw"
        else:
            result = "win" if outcome.winner == human_player else "loss"
        return self.record_result(game.entry.id, opponent, result)

    # -- last-used choices ------------------------------------------------------------
    def load_prefs(self) -> dict[str, Any]:
        """The last-used choices (any JSON object the UI saved), or {}."""
        return self._read_json(PREFS_FILE, "the saved choices")

    def save_prefs(self, prefs: dict[str, Any]) -> bool:
        """Merge `prefs` into the saved choices under the lock.

        Top-level keys are replaced; a key whose old and new values are both objects is
        merged one level down, so a process saving its setup for one variant keeps another
        process's setup for another variant.
        """

        def merge(old: dict[str, Any]) -> dict[str, Any]:
            merged = dict(old)
            for key, value in prefs.items():
                if isinstance(value, dict) and isinstance(old.get(key), dict):
                    merged[key] = {**old[key], **value}
                else:
                    merged[key] = value
            return merged

        return self._update_json(PREFS_FILE, "your choices", merge)

    def _read_json(self, name: str, what: str) -> dict[str, Any]:
        path = self.root / name
        shown = printable(str(path))
        try:
            data_bytes = read_capped_bytes(path, MAX_JSON_BYTES, what)
        except (FileNotFoundError, NotADirectoryError):
            return {}  # nothing saved yet (or no data folder: writing says so)
        except ValueError as error:
            self._warn(f"Could not read {what} from {shown} ({error}); starting afresh.")
            return {}
        except OSError as error:
            self._warn(f"Could not read {what} from {shown} ({_describe_os_error(error)}); starting afresh.")
            return {}
        try:
            data = parse_json(data_bytes.decode("utf-8"))
        except ValueError:  # UnicodeDecodeError is a ValueError too
            data = None
        if not isinstance(data, dict):
            self._warn(f"The file {shown} with {what} is damaged; starting afresh.")
            return {}
        return data


def _clean_tallies(data: dict[str, Any]) -> dict[str, dict[str, dict[str, int]]]:
    """The statistics from a parsed `stats.json`, keeping only well-formed counts."""
    tallies = data.get("variants") if data.get("version") == STATS_VERSION else None
    if not isinstance(tallies, dict):
        return {}
    clean: dict[str, dict[str, dict[str, int]]] = {}
    for variant, by_opponent in tallies.items():
        if not isinstance(by_opponent, dict):
            continue
        for opponent, tally in by_opponent.items():
            if isinstance(tally, dict):
                clean.setdefault(variant, {})[opponent] = {
                    key: tally[key] if type(tally.get(key)) is int and tally[key] >= 0 else 0
                    for key in RESULTS
                }
    return clean
