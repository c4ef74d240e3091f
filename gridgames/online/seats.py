"""Seat secrets on disk, in the data folder beside the autosaves: how `host`/`join` get a seat back.

One small JSON file per room and role (`online/ROOM.host.json`, `online/ROOM.join.json`), written
atomically and readable only by its owner (the secret is what lets anyone play that seat). One
file per room and role means two processes never read-modify-write the same file.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from gridgames.engine import jsontext
from gridgames.online import SEATS_FOLDER
from gridgames.storage import atomic_write_text, default_data_dir, read_capped_bytes

FOLDER = SEATS_FOLDER
MAX_BYTES = 4096
HOST_DB = "host.sqlite"  # rooms of servers that `gridgames host` starts in-process
HOST_DBS = 9  # host.sqlite, host-2.sqlite, ...: one per game hosted at the same time (each is locked)


@dataclass(frozen=True)
class SavedSeat:
    role: str  # "host" or "join"
    server: str  # ws://host:port
    room: str
    secret: str
    variant: str
    in_process: bool = False  # the host's own server: `host` starts it again on `bind`:`port`
    bind: str = "127.0.0.1"
    port: int = 0
    saved_at: float = 0.0
    db: str = ""  # the in-process server's database file name (seats saved before it: host.sqlite)


def folder(root: Path | None = None) -> Path:
    return (root or default_data_dir()) / FOLDER


def host_db(root: Path | None = None, name: str = "") -> Path:
    return folder(root) / (name or HOST_DB)


def host_dbs(root: Path | None = None) -> list[Path]:
    """The files an in-process server may use, in the order to try them: each holds one server's
    rooms and is locked while it runs, so a second game hosted at once uses the next one."""
    return [host_db(root)] + [folder(root) / f"host-{n}.sqlite" for n in range(2, HOST_DBS + 1)]


def _path(room: str, role: str, root: Path | None) -> Path:
    return folder(root) / f"{room}.{role}.json"


def save(seat: SavedSeat, root: Path | None = None) -> str | None:
    """Keep the seat; None, or one sentence saying why it could not be kept (play goes on)."""
    path = _path(seat.room, seat.role, root)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(asdict(seat) | {"saved_at": time.time()}) + "\n")
    except OSError as error:
        reason = error.strerror or error
        return f"Your seat could not be saved in {path.parent} ({reason}); do not close this window."
    return None


def load(room: str, role: str, root: Path | None = None) -> SavedSeat | None:
    return _read(_path(room, role, root))


def latest_host(variant: str, root: Path | None = None) -> SavedSeat | None:
    """The most recently saved seat this machine hosted for `variant`, or None."""
    try:
        paths = list(folder(root).glob("*.host.json"))
    except OSError:
        return None
    seats = [s for s in map(_read, paths) if s is not None and s.variant == variant]
    return max(seats, key=lambda s: s.saved_at, default=None)


def unfinished(variant: str | None = None, root: Path | None = None) -> list[SavedSeat]:
    """Every seat kept on this machine (of `variant`, or of all), newest first: a seat is forgotten
    when its game ends here, so each one is a game to go back to (after a crash too)."""
    try:
        paths = sorted(folder(root).glob("*.json"))
    except OSError:
        return []
    kept = [s for s in map(_read, paths) if s is not None and variant in (None, s.variant)]
    return sorted(kept, key=lambda s: s.saved_at, reverse=True)


def forget(room: str, role: str, root: Path | None = None) -> None:
    with contextlib.suppress(OSError):
        _path(room, role, root).unlink(missing_ok=True)


def _read(path: Path) -> SavedSeat | None:
    """A saved seat, or None for anything missing, odd or damaged (it is only a convenience)."""
    from gridgames.online.protocol import ROOM_ID, SECRET  # here: the first screen lists seats, if any

    try:
        data = jsontext.loads(read_capped_bytes(path, MAX_BYTES, "a saved seat").decode("utf-8"))
        seat = SavedSeat(**data)
    except (OSError, ValueError, TypeError):
        return None
    if seat.role not in ("host", "join"):
        return None
    if not ROOM_ID.fullmatch(seat.room) or not SECRET.fullmatch(seat.secret):
        return None
    if not isinstance(seat.port, int) or not isinstance(seat.server, str) or not isinstance(seat.bind, str):
        return None
    if seat.db and seat.db not in {path.name for path in host_dbs()}:
        return None
    return seat
