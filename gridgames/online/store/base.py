"""What every room store offers the server, whatever keeps the rows (SQLite or PostgreSQL).

Each room carries a sequence number, `seq`, raised by one with every change. A change names the
`seq` it was decided on and is committed only if the room is still at that number; otherwise it
raises `Conflict` and nothing is written. With several servers on one PostgreSQL this is how the
database, not any one server's memory, orders a room's moves, takebacks, resignations and rematch
offers: of two servers taking a move for the same ply, exactly one commits (the moves table's key,
room + game + ply, backs that up). The server then reloads the room and answers again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

#: The schema this gridgames writes. Older stored versions are migrated; newer ones are refused.
SCHEMA_VERSION = 4


class StoreError(Exception):
    """The store failed a read or write (disk full, database gone); `str()` is one sentence."""


class StoreRefused(StoreError):
    """A store the server must not start on: unwritable, another program's, locked, or unknown."""


class StoreLocked(StoreRefused):
    """Another server holds the SQLite file."""


class Conflict(StoreError):
    """The room changed since the change was decided (another server got there first)."""


def hash_secret(secret: str) -> str:
    """Seat secrets are long random tokens, so a fast hash is enough: a stolen database opens no seat."""
    return hashlib.sha256(secret.encode("ascii", "replace")).hexdigest()


def offer_text(seats: frozenset[int]) -> str:
    """The seats offering a rematch as stored: "", "1", "2" or "1,2"."""
    return ",".join(str(seat) for seat in sorted(seats))


def offers_from_text(text: str) -> frozenset[int]:
    return frozenset(int(part) for part in text.split(",") if part in ("1", "2"))


@dataclass(frozen=True)
class RoomRow:
    """A room as stored: its options, the current game's number and moves, the seats' hashes, and the
    offers pending (a takeback request, rematch offers) so that any server can answer them."""

    id: str
    variant: str
    size: str
    first: str
    options: dict[str, Any]  # the game's own options, {name: value}
    game_no: int
    first_player: int
    match: dict[str, Any]
    result: dict[str, Any] | None  # a result the rules did not decide (a resignation)
    seats: dict[int, str]
    moves: tuple[str, ...]
    seq: int = 0
    takeback_by: int | None = None
    rematch: frozenset[int] = field(default_factory=frozenset)
    snapshot: str | None = None  # the current game's position (`online.snapshot`), None: replay the moves


#: Called with (room id, seq, news) when a server (this one too) committed a change to a room; `news`
#: is the change itself when it is a move that did not end the game ("GAME PLY MOVE"), else "".
Changed = Callable[[str, int, str], Awaitable[None]]


class RoomStore(Protocol):
    """The server's whole use of its database. Every write returns the room's new `seq` once it is
    committed (or raises `Conflict` / `StoreError`); nothing is acknowledged before that."""

    #: Where the rooms are, fit to print (a URL without its password).
    where: str
    #: True when other servers may change the rooms (PostgreSQL): then `on_change` tells of it.
    shared: bool

    async def load(self, room_id: str) -> RoomRow | None: ...

    async def count_rooms(self) -> int: ...

    async def create(self, row: RoomRow) -> None: ...

    async def add_seat(self, room: str, seq: int, seat: int, digest: str) -> int: ...

    async def add_move(
        self, room: str, seq: int, game_no: int, ply: int, move: str, match: dict[str, Any] | None,
        snapshot: str | None = None,
    ) -> int:
        """Store move number `ply` (0-based); `match` is the new score when this move ended the game;
        `snapshot` the room's snapshot after it, written in the same transaction as the move."""
        ...

    async def take_back(
        self, room: str, seq: int, game_no: int, keep: int, snapshot: str | None = None
    ) -> int:
        """Forget the current game's moves from number `keep` (0-based) on; the request is answered;
        `snapshot` is the room's snapshot after that, written in the same transaction."""
        ...

    async def set_offers(self, room: str, seq: int, takeback_by: int | None, rematch: frozenset[int]) -> int:
        """A takeback request or rematch offer made, or declined."""
        ...

    async def finish(self, room: str, seq: int, result: dict[str, Any], match: dict[str, Any]) -> int:
        """End the current game with a result the rules did not decide (a resignation)."""
        ...

    async def next_game(self, room: str, seq: int, game_no: int, first_player: int) -> int: ...

    async def purge(self, older_than: float) -> int:
        """Delete rooms whose game ended before `older_than` (a time.time()) and did not go on."""
        ...

    async def healthy(self) -> bool:
        """Whether the database answers now (the health check a load balancer asks)."""
        ...

    def on_change(
        self, changed: Changed, lost: Callable[[], Awaitable[None]] | None = None,
        presence: Callable[[str], Awaitable[None]] | None = None,
    ) -> None:
        """Call `changed` for every committed change to any room (shared stores only), `lost` when
        news may have been missed (the listening connection dropped): reload every room then, and
        `presence` with what other servers say about who is connected (see online/presence.py)."""
        ...

    async def notify_presence(self, payload: str) -> None:
        """Tell every server (shared stores only) who is connected here; see online/presence.py."""
        ...

    async def close(self) -> None: ...
