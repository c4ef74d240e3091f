"""The data folder's own files: one autosave per game in progress, statistics and choices, locked.

Background storage never stops play: a failure becomes a `StorageWarning` that the UI shows as one
sentence. Every read-modify-write holds the folder's lock (see the package docstring).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gridgames.engine import jsontext, record
from gridgames.engine.errors import RecordError
from gridgames.engine.game import Game
from gridgames.engine.safetext import printable
from gridgames.games import get_entry
from gridgames.games.guard import fault_in, why_off
from gridgames.storage.files import (
    atomic_write_text,
    default_data_dir,
    describe_os_error,
    fsync_dir,
    read_capped_bytes,
)
from gridgames.storage.records import MissingRecord, load_record, read_record_text, save_record

CURRENT_PREFIX = "current-"
CURRENT_SUFFIX = ".gridgames"
SESSION_PREFIX = "# session: "
STATS_FILE = "stats.json"
PREFS_FILE = "prefs.json"
LOCK_FILE = ".gridgames.lock"
#: While a window plays a saved game, it holds `OPEN_FOLDER/<slot>.lock` (released by the OS when the
#: process dies), so no other window offers that game.
OPEN_FOLDER = ".open"
LOCK_SECONDS = 10.0  # a read-modify-write takes milliseconds; longer means a stuck disk
STATS_VERSION = 1
STALE_TEMP_SECONDS = 600
MAX_JSON_BYTES = 1_000_000
MAX_SAVES_LISTED = 200  # a folder of thousands of saves is not read at every start-up
RECORDS_FOLDER = "records"  # where Save as puts records unless told otherwise
RECENT_KEY = "recent_records"  # in prefs.json: the records saved or opened lately, newest first
MAX_RECENT = 8
MAX_PATH_CHARS = 4096
RESULTS = ("wins", "losses", "draws")
_SLOT = re.compile(r"[a-z0-9][a-z0-9-]{0,99}")



class StorageWarning(UserWarning):
    """A background save or load failed; play goes on. `str()` is one sentence for the player."""


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
    """JSON from a data file: numbers must be finite (1e999, NaN and Infinity raise ValueError), and
    nesting is bounded (100,000 `[` raise ValueError, not RecursionError)."""
    return jsontext.loads(text, parse_float=_finite, parse_constant=_refuse_constant)


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
            reason = describe_os_error(error)
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
            reason = describe_os_error(error)
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
        import secrets  # here, not at the top: it loads hashlib/OpenSSL (~3 ms) the first screen never needs

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

    def unfinished(self, variant: str | None = None, *, open_elsewhere: bool = False) -> list[SavedGame]:
        """Every resumable game (of `variant`, or of all), newest first.

        A broken save is skipped with a warning (it never stops start-up); finished games
        are not listed, nor the saves of a game switched off for this run (`games.guard`: its
        card says why, once; the save stays on disk for a fixed version of the game), nor a game
        open in another window (`hold`) unless `open_elsewhere` asks for those too.
        """
        try:
            found = []
            for path in self.root.glob(f"{CURRENT_PREFIX}*{CURRENT_SUFFIX}"):
                with contextlib.suppress(OSError):
                    found.append((path.stat().st_mtime, path))
        except OSError as error:
            if not isinstance(error, (FileNotFoundError, NotADirectoryError)):
                reason = describe_os_error(error)
                self._warn(f"The saved games in {self._shown_root} cannot be read ({reason}).")
            return []
        found.sort(key=lambda pair: (pair[0], pair[1].name), reverse=True)
        games = []
        for _mtime, path in found[:MAX_SAVES_LISTED]:
            saved = self._load_saved(path)
            if saved is None or why_off(saved.game.entry.id) is not None:
                continue  # not offered while its game is switched off: the save waits for a fixed game
            if not open_elsewhere and self.is_open_elsewhere(saved.slot):
                continue  # being played in another window: one game is never played in two
            if variant is None or saved.game.entry.id == variant:
                games.append(saved)
        return games

    def _open_lock(self, slot: str) -> Any:
        from filelock import FileLock

        return FileLock(str(self.root / OPEN_FOLDER / f"{slot}.lock"), timeout=0)

    def hold(self, slot: str) -> Any | None:
        """Mark the game in `slot` as open in this process (a lock the OS drops when the process dies,
        kill -9 included); None when it is open elsewhere or the folder cannot be written. Release it
        with `let_go`."""
        from filelock import Timeout

        try:
            (self.root / OPEN_FOLDER).mkdir(parents=True, exist_ok=True)
            lock = self._open_lock(slot)
            lock.acquire()
        except (Timeout, OSError):
            return None
        return lock

    def let_go(self, held: Any) -> None:
        """The game is no longer open here: other windows may offer it again."""
        with contextlib.suppress(OSError):
            held.release()
            Path(held.lock_file).unlink(missing_ok=True)

    def is_open_elsewhere(self, slot: str) -> bool:
        """Whether another process (or window) holds the game in `slot` open."""
        from filelock import Timeout

        path = self.root / OPEN_FOLDER / f"{slot}.lock"
        if not path.exists():
            return False
        lock = self._open_lock(slot)
        try:
            lock.acquire()
        except Timeout:
            return True
        except OSError:
            return False
        lock.release()
        return False

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
            reason = describe_os_error(error)
            self._warn(f"The saved game in {printable(str(saved.path))} could not be taken over ({reason}).")
            return saved.slot  # play on in its slot: better than refusing to resume
        fsync_dir(self.root)
        return slot

    def load_current(self, variant: str | None = None) -> SavedGame | None:
        """The newest unfinished game (of `variant`) on disk, open in a window or not; None if none.
        See `unfinished` for what may be offered."""
        games = self.unfinished(variant, open_elsewhere=True)
        return games[0] if games else None

    def _load_saved(self, path: Path) -> SavedGame | None:
        shown = printable(str(path))
        try:
            text = read_record_text(path)
            game = record.loads(text, get_entry)
            saved_at = path.stat().st_mtime
        except (FileNotFoundError, MissingRecord):
            # Finished and cleared by another process since the listing. Whether the name is there
            # again is no matter: that is the other process's next game, saved under the same slot.
            return None
        except (RecordError, OSError) as error:
            if not os.path.lexists(path):
                return None  # finished and cleared by another process while being read
            reason = printable(str(error))
        except Exception as error:  # noqa: BLE001 - a bad autosave must never stop start-up
            if fault_in(error) is not None:
                return None  # its game is switched off for this run and says why itself; the save stays
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
            reason = describe_os_error(error)
            self._warn(f"Could not remove the finished game's save {printable(str(path))} ({reason}).")
            return
        fsync_dir(self.root)

    # -- records the player names ----------------------------------------------------
    def save_record(self, game: Game, path: str | os.PathLike[str], overwrite: bool = False) -> Path:
        """Write `game`'s record to `path` atomically; raises StorageError (replacing needs `overwrite`)."""
        return save_record(game, path, overwrite)

    def load_record(self, path: str | os.PathLike[str]) -> Game:
        """See `load_record`; raises RecordError."""
        return load_record(path)

    @property
    def records_dir(self) -> Path:
        """`records` in the data folder: where Save as suggests a record goes (made when first used)."""
        return self.root / RECORDS_FOLDER

    def recent_records(self) -> list[Path]:
        """The records saved or opened lately, newest first, those still regular files only.

        The list comes from prefs.json, so it is read as hostile: at most MAX_RECENT absolute
        paths, each a string of bounded length with no control characters; anything else is skipped."""
        raw = self.load_prefs().get(RECENT_KEY)
        found: list[Path] = []
        for text in raw[: MAX_RECENT * 2] if isinstance(raw, list) else ():
            if not isinstance(text, str) or printable(text, MAX_PATH_CHARS) != text:  # too long or unsafe
                continue
            path = Path(text)
            try:
                usable = path.is_absolute() and path.is_file() and path not in found
            except OSError:
                usable = False
            if usable:
                found.append(path)
        return found[:MAX_RECENT]

    def remember_record(self, path: str | os.PathLike[str]) -> None:
        """Put `path` first among the recent records (it was just saved or opened)."""
        path = Path(path).absolute()
        recent = [path] + [known for known in self.recent_records() if known != path]
        self.save_prefs({RECENT_KEY: [str(known) for known in recent[:MAX_RECENT]]})

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
            self._warn(f"Could not read {what} from {shown} ({describe_os_error(error)}); starting afresh.")
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
