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
SCHEMA_VERSION = 6


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
    clock: str | None = None  # the room's clock as stored (`Room.stored_clock`), None: no clock
    players: tuple[str, str] | None = None  # the named players in seats 1 and 2 (a room from the lobby)
    rated: bool = False


@dataclass(frozen=True)
class PlayerRow:
    """A player: the name as registered, the hash of the key that proves it, whether a bot."""

    name: str
    key_hash: str
    bot: bool


@dataclass(frozen=True)
class RatingRow:
    """A player's rating in one game as stored, with the games it counts and when the last one ended."""

    rating: float
    rd: float
    volatility: float
    games: int
    last: float


@dataclass(frozen=True)
class SeekRow:
    id: str
    player: str
    variant: str
    size: str
    options: dict[str, Any]
    clock: str | None
    rated: bool
    low: int | None
    high: int | None
    created: float


@dataclass(frozen=True)
class GameRecord:
    """A finished game between named players, as the server decided it."""

    room: str
    game_no: int
    variant: str
    players: tuple[str, str]
    winner: int | None
    reason: str
    rated: bool
    ended: float


#: A game in progress from the lobby: (room, variant, size, clock as stored, rated, players).
LobbyGame = tuple[str, str, str, "str | None", bool, tuple[str, str]]
#: Computes both players' ratings after a rated game from theirs before (None: never rated in that game).
RateGame = Callable[[RatingRow | None, RatingRow | None], tuple[RatingRow, RatingRow]]
#: What `record_game` did: both ratings before and after (None for a casual game).
Rated = tuple[tuple[RatingRow | None, RatingRow | None], tuple[RatingRow, RatingRow]]


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

    async def add_seat(
        self, room: str, seq: int, seat: int, digest: str, clock: str | None = None
    ) -> int: ...

    async def add_move(
        self, room: str, seq: int, game_no: int, ply: int, move: str, match: dict[str, Any] | None,
        snapshot: str | None = None, clock: str | None = None, keep_snapshot: bool = False,
    ) -> int:
        """Store move number `ply` (0-based); `match` is the new score when this move ended the game;
        `snapshot` the room's snapshot after it, written in the same transaction as the move, or, with
        `keep_snapshot`, the stored one left as it is (a snapshot is written every few moves, and the
        moves after it replayed on loading: `online.snapshot`); `clock` the room's clock after it (every
        change below takes one too: None leaves it as it is)."""
        ...

    async def take_back(
        self, room: str, seq: int, game_no: int, keep: int, snapshot: str | None = None,
        clock: str | None = None,
    ) -> int:
        """Forget the current game's moves from number `keep` (0-based) on; the request is answered;
        `snapshot` is the room's snapshot after that, written in the same transaction."""
        ...

    async def set_offers(self, room: str, seq: int, takeback_by: int | None, rematch: frozenset[int]) -> int:
        """A takeback request or rematch offer made, or declined."""
        ...

    async def finish(
        self, room: str, seq: int, result: dict[str, Any], match: dict[str, Any], clock: str | None = None
    ) -> int:
        """End the current game with a result the rules did not decide (a resignation, a loss on time)."""
        ...

    async def next_game(
        self, room: str, seq: int, game_no: int, first_player: int, clock: str | None = None
    ) -> int: ...

    # -- the game site: players, ratings, games, seeks (docs/online.md) --------------------------
    async def player(self, folded: str) -> PlayerRow | None:
        """The player whose name folds to `folded` (`online.players.fold`)."""
        ...

    async def add_player(self, name: str, folded: str, key_hash: str, bot: bool, now: float) -> bool:
        """Register a name; False when one folding the same way is taken (a concurrent registration too)."""
        ...

    async def seen(self, names: list[str], now: float) -> None:
        """These players are online now (a server says so for its lobby connections, now and then)."""
        ...

    async def online(self, since: float, limit: int) -> list[tuple[str, bool]]:
        """Players seen since `since`: (name, bot), at most `limit`."""
        ...

    async def ratings(self, name: str) -> dict[str, RatingRow]:
        """`name`'s rating in each game it was rated in."""
        ...

    async def record_game(self, record: GameRecord, rate: RateGame | None) -> Rated | None:
        """Record a finished game once (a second record of the same room and game does nothing and
        returns None); a rated one (`rate` given) also replaces both players' ratings by `rate`'s, in
        the same transaction as the ratings it read."""
        ...

    async def last_games(self, name: str, limit: int) -> list[dict[str, Any]]:
        """`name`'s last finished games, newest first, as stored (a `games` row as a dictionary)."""
        ...

    async def add_seek(self, seek: SeekRow) -> None: ...

    async def take_seek(self, seek_id: str) -> SeekRow | None:
        """Remove a seek and return it; None when it is gone (taken or withdrawn): only one taker wins."""
        ...

    async def seeks(self, limit: int) -> list[SeekRow]: ...

    async def lobby_games(self, limit: int) -> list[LobbyGame]:
        """Rooms from the lobby whose game is in progress: (room, variant, size, clock, rated, players)."""
        ...

    async def clocked_games(self, after: str, limit: int) -> list[tuple[str, str]]:
        """Rooms whose game under a clock is in progress, hosted or from the lobby: (room, stored clock),
        the first `limit` whose id sorts after `after`, in id order (a sweep pages through them all)."""
        ...

    def on_lobby(self, heard: Callable[[str], Awaitable[None]]) -> None:
        """Call `heard` with every lobby note any server sends (shared stores only)."""
        ...

    async def notify_lobby(self, payload: str) -> None:
        """Tell every server (shared stores only) that the lobby changed (`online.lobby`)."""
        ...

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
