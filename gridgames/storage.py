"""Files on disk: the autosaved game, game records, statistics and last-used choices.

Every write is atomic (temporary file in the same folder, flush, fsync, rename,
fsync the folder), so a kill at any instant leaves the previous file or the new
one, never a broken one. Background storage (autosave, statistics, preferences)
never stops play: a failure becomes a `StorageWarning` in `Store.warnings` that
the UI shows as one sentence. Records the user names explicitly (open, save as)
fail loudly instead: `RecordError` with the line and the reason, or
`StorageError`.

The data folder is `platformdirs.user_data_dir("gridgames")`, or the folder in
the environment variable `GRIDGAMES_DATA_DIR` (tests and scripts isolate with it).
Records are parsed by `gridgames.engine.record` (strict, no eval); statistics and
preferences are JSON.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gridgames.engine import record
from gridgames.engine.errors import RecordError
from gridgames.engine.game import Game

ENV_DATA_DIR = "GRIDGAMES_DATA_DIR"
CURRENT_SUFFIX = ".gridgames"
SESSION_PREFIX = "# session: "
STATS_FILE = "stats.json"
PREFS_FILE = "prefs.json"
STATS_VERSION = 1
STALE_TEMP_SECONDS = 600
RESULTS = ("wins", "losses", "draws")


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
    return error.strerror or str(error)


def read_record_text(path: str | os.PathLike[str]) -> str:
    """The text of a record file, checked before parsing; raises RecordError (never changes the file)."""
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise RecordError(f"there is no file called '{path}'.") from None
    except OSError as error:
        raise RecordError(f"'{path}' cannot be read: {_describe_os_error(error)}.") from None
    if path.is_dir():
        raise RecordError(f"'{path}' is a folder, not a game record.")
    if info.st_size > record.MAX_BYTES:
        raise RecordError(
            f"the file is too large to be a game record ({info.st_size} bytes; records are far smaller)."
        )
    try:
        data = path.read_bytes()
    except OSError as error:
        raise RecordError(f"'{path}' cannot be read: {_describe_os_error(error)}.") from None
    if b"\x00" in data:
        raise RecordError("the file is binary, not a game record.")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise RecordError("the file is not UTF-8 text, so it is not a game record.", line) from None


def load_record(path: str | os.PathLike[str]) -> Game:
    """Read, parse and replay a record file; raises RecordError with the line and the reason."""
    return record.loads(read_record_text(path))


@dataclass(frozen=True)
class SavedGame:
    """An unfinished game from the autosave, with the settings needed to carry on.

    `settings` is whatever the caller passed to `save_current` (JSON values: the
    opponent, the match score, ...); `saved_at` is a Unix time.
    """

    game: Game
    settings: dict[str, Any]
    saved_at: float
    path: Path


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

    def _write(self, name: str, text: str, what: str) -> bool:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.root / name, text)
        except OSError as error:
            reason = _describe_os_error(error)
            self._warn(f"Could not save {what} in {self.root} ({reason}); play goes on without it.")
            return False
        return True

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

    # -- the game in progress ------------------------------------------------------
    def current_path(self, variant: str) -> Path:
        return self.root / f"current-{variant}{CURRENT_SUFFIX}"

    def save_current(self, game: Game, settings: dict[str, Any] | None = None) -> bool:
        """Autosave `game` (one slot per variant) with `settings`; False (and a warning) on failure.

        The file is a valid game record: the settings ride in a `# session:` comment line.
        """
        try:
            session = json.dumps(settings or {}, sort_keys=True)
        except (TypeError, ValueError):
            self._warn("The game settings could not be saved with the game; only the moves were saved.")
            session = "{}"
        lines = record.dumps(game).splitlines()
        text = "\n".join([lines[0], SESSION_PREFIX + session, *lines[1:]]) + "\n"
        return self._write(self.current_path(game.entry.id).name, text, "the game in progress")

    def load_current(self, variant: str | None = None) -> SavedGame | None:
        """The autosaved unfinished game of `variant` (any variant: the latest), or None.

        A broken or finished save gives None; a broken one also adds a warning.
        """
        if variant is not None:
            paths = [self.current_path(variant)]
        else:
            try:
                paths = sorted(
                    self.root.glob(f"current-*{CURRENT_SUFFIX}"),
                    key=lambda p: p.stat().st_mtime,
                    reverse=True,
                )
            except OSError:
                paths = []
        for path in paths:
            saved = self._load_saved(path)
            if saved is not None:
                return saved
        return None

    def _load_saved(self, path: Path) -> SavedGame | None:
        if not path.exists():
            return None
        try:
            text = read_record_text(path)
            game = record.loads(text)
            saved_at = path.stat().st_mtime
        except (RecordError, OSError) as error:
            self._warn(f"The saved game in {path} could not be resumed ({error}); a new game starts.")
            return None
        if game.is_over:
            return None
        return SavedGame(game, self._session(text, path), saved_at, path)

    def _session(self, text: str, path: Path) -> dict[str, Any]:
        for line in text.splitlines():
            if line.startswith(SESSION_PREFIX):
                try:
                    settings = json.loads(line[len(SESSION_PREFIX) :])
                except ValueError:
                    settings = None
                if isinstance(settings, dict):
                    return settings
                self._warn(f"The settings saved with the game in {path} are unreadable; the moves resume.")
                return {}
        return {}

    def clear_current(self, variant: str) -> None:
        """Forget the autosave of `variant` (the game ended or the player started afresh)."""
        path = self.current_path(variant)
        try:
            path.unlink(missing_ok=True)
        except OSError as error:
            self._warn(f"Could not remove the finished game's save {path} ({_describe_os_error(error)}).")
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
        data = self._read_json(STATS_FILE, "the statistics")
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
                        key: int(tally[key]) if isinstance(tally.get(key), int) else 0 for key in RESULTS
                    }
        return clean

    def record_result(self, variant: str, opponent: str, result: str) -> bool:
        """Count a finished game: `result` is "win", "loss" or "draw" for the human (or Player 1)."""
        key = {"win": "wins", "loss": "losses", "draw": "draws"}.get(result)
        if key is None:
            raise ValueError(f"A result is win, loss or draw, not '{result}'.")
        tallies = self.stats()
        tally = tallies.setdefault(variant, {}).setdefault(opponent, empty_tally())
        tally[key] += 1
        text = json.dumps({"version": STATS_VERSION, "variants": tallies}, indent=1, sort_keys=True)
        return self._write(STATS_FILE, text + "\n", "the statistics")

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
        try:
            text = json.dumps(prefs, indent=1, sort_keys=True)
        except (TypeError, ValueError):
            self._warn("The choices could not be saved: they are not plain values.")
            return False
        return self._write(PREFS_FILE, text + "\n", "your choices")

    def _read_json(self, name: str, what: str) -> dict[str, Any]:
        path = self.root / name
        try:
            text = path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            return {}  # nothing saved yet (or no data folder: writing says so)
        except (OSError, UnicodeDecodeError) as error:
            self._warn(f"Could not read {what} from {path} ({error}); starting afresh.")
            return {}
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            self._warn(f"The file {path} with {what} is damaged; starting afresh.")
            return {}
        return data


def open_record_or_reason(path: str | os.PathLike[str]) -> Game | str:
    """The game in a record, or the one sentence that says why it cannot be opened."""
    try:
        return load_record(path)
    except RecordError as error:
        return f"Could not open {os.fspath(path)}: {error}"


def save_record(game: Game, path: str | os.PathLike[str], overwrite: bool = False) -> Path:
    """Write the record of `game` to `path` atomically; raises StorageError with one sentence."""
    path = Path(path)
    if path.is_dir():
        raise StorageError(f"'{path}' is a folder: choose a file name for the record.")
    if path.exists() and not overwrite:
        raise StorageError(f"'{path}' already exists: choose another name, or confirm replacing it.")
    if not path.parent.is_dir():
        raise StorageError(f"The folder '{path.parent}' does not exist, so the record cannot be saved there.")
    try:
        atomic_write_text(path, record.dumps(game))
    except OSError as error:
        raise StorageError(f"Could not save the record to '{path}': {_describe_os_error(error)}.") from None
    return path
