"""The server's rooms in memory: the live ones (someone is in them), a few idle ones, and loads in flight.

Loading a room reads its snapshot (`Room.from_snapshot`: the game checks the stored position, no
move is applied); only when that is missing or damaged are its stored moves replayed through the
engine (`Room.from_row`), milliseconds a move on a large board. Either way the work never runs on
the event loop nor under the registry lock: it runs on the loader pool (`LOADERS` threads; a
takeback past what a room keeps and a cluster's catch-up replay there too), and everyone joining
a room that is being loaded waits for that one load instead of starting another. A room everyone
has left stays in memory among the last `resting` idle ones, so a client that joins and leaves in
a loop costs a dictionary lookup, not a load. The registry lock is held only for dictionary work.

A thread is not enough alone for a replay, for two reasons, so while any replay runs (`_replaying`):
- a replay allocates (and frees) objects by the hundred thousand, which sets off the collector's
  full passes, and each pass stops every thread, the event loop too (measured: 70-120 ms each,
  several per second of replay, in a process of 60,000 objects). The collector is paused; what a
  replay keeps holds no reference cycles, and the collector runs again once no replay is under way;
- the event loop gives up the interpreter lock at every socket call and must then wait for the
  replay's thread to hand it back, 5 ms by default each time: with 500 rooms playing, a move's
  round trip went from 13 to 300 ms. The hand-over interval is cut to 0.5 ms.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from gridgames.engine.errors import GameError
from gridgames.games.guard import GameFault
from gridgames.online.room import Room
from gridgames.online.store import RoomRow

log = logging.getLogger("gridgames.online")

RESTING_ROOMS = 1000  # idle rooms kept in memory (a room is a few KB on the app's boards)
RESTING_MOVES = 200_000  # ... holding at most this many positions in all (`Room.held`: about one a move)
LOADERS = 2  # threads replaying rooms
SNAPSHOT_WRITERS = 1  # threads writing snapshots (the room's lock keeps each room's in order)
INLINE_CELLS = 81  # snapshots of boards up to this many cells (the app's 9x9) are written on the loop
T = TypeVar("T")


class Rooms:
    """Which room object is *the* room for an id: one at a time, so no change is made to a stale copy."""

    def __init__(
        self, store: Any, resting: int = RESTING_ROOMS, resting_moves: int = RESTING_MOVES,
        on_live: Callable[[Room], None] | None = None,
    ) -> None:
        self.store = store
        self.live: dict[str, Room] = {}
        self.resting: OrderedDict[str, Room] = OrderedDict()
        self.loading: dict[str, asyncio.Future[Room | None]] = {}
        self.lock = asyncio.Lock()
        self.capacity = resting
        self.on_live = on_live  # told of each room that comes into use (a cluster asks who holds it)
        self.moves_capacity = resting_moves
        self.resting_moves: dict[str, int] = {}  # room -> moves it holds, for the idle rooms
        self.moves_held = 0  # their sum
        self.loads = 0  # rooms rebuilt from the store so far
        self._executor = ThreadPoolExecutor(max_workers=LOADERS, thread_name_prefix="gridgames-room-load")
        self._writer = ThreadPoolExecutor(SNAPSHOT_WRITERS, thread_name_prefix="gridgames-snapshot")

    async def replayed(self, replay: Callable[..., T], *args: Any) -> T:
        """`replay(*args)` (a room's game replayed: a load, a takeback past what a room keeps, a
        cluster's catch-up) on the loader pool, with the collector paused as a replay needs."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, _paused, replay, args)

    async def rebuilt(self, row: RoomRow) -> Room | None:
        """The room from its stored row (`rebuild`) on the loader pool."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, rebuild, row)

    async def snapshot(self, write: Callable[[], str | None], cells: int = INLINE_CELLS + 1) -> str | None:
        """A snapshot written (`Room.snapshot_job`) of a game on a board of `cells` cells: on a
        thread of its own, so that encoding large positions and their digest never runs on the event
        loop; on a board the app draws (at most INLINE_CELLS cells) here and now, since that costs
        about 25 us, less than the hop to the thread and back (two wake-ups and the interpreter lock
        handed over twice)."""
        if cells <= INLINE_CELLS:
            return write()
        return await asyncio.get_running_loop().run_in_executor(self._writer, write)

    def _known(self, room_id: str) -> Room | None:
        """The room if it is in memory (call with the lock held); an idle one comes into use."""
        room = self.live.get(room_id)
        if room is None:
            room = self.resting.pop(room_id, None)
            if room is not None:
                self.moves_held -= self.resting_moves.pop(room_id)
                self._use(room)
        return room

    def _use(self, room: Room) -> None:
        self.live[room.id] = room
        if self.on_live is not None:
            self.on_live(room)

    async def enter(self, conn: Any, room_id: str) -> Room | None:
        """The room, with `conn` among its connections; None when there is no such room (or it is damaged)."""
        async with self.lock:
            room = self._known(room_id)
            if room is not None:
                return _join(room, conn)
            loading = self.loading.get(room_id)
            if loading is None:
                loading = asyncio.ensure_future(self._load(room_id))
                self.loading[room_id] = loading
        loaded = await asyncio.shield(loading)
        if loaded is None:
            return None
        async with self.lock:
            room = self._known(room_id)
            if room is None:  # the first of those waiting for this load puts it in use
                room = loaded
                self._use(room)
            return _join(room, conn)

    async def _load(self, room_id: str) -> Room | None:
        """Read and replay one room off the event loop (callers put it in use)."""
        room = None
        try:
            row = await self.store.load(room_id)
            if row is not None:
                room = await self.rebuilt(row)
        finally:
            async with self.lock:
                del self.loading[room_id]
                if room is not None:
                    self.loads += 1
        return room

    def _rest(self, room: Room) -> None:
        """Keep `room` among the idle ones, forgetting the longest idle beyond the ceilings."""
        self.moves_held -= self.resting_moves.get(room.id, 0)
        self.resting[room.id] = room
        self.resting.move_to_end(room.id)
        self.resting_moves[room.id] = room.held()  # the positions it keeps
        self.moves_held += self.resting_moves[room.id]
        while self.resting and (len(self.resting) > self.capacity or self.moves_held > self.moves_capacity):
            oldest, _ = self.resting.popitem(last=False)
            self.moves_held -= self.resting_moves.pop(oldest)

    async def leave(self, conn: Any) -> Room | None:
        """Take `conn` out of its room; the room if others are still in it, else None (it rests)."""
        room: Room | None = conn.room
        if room is None:
            return None
        async with self.lock:
            room.conns.discard(conn)
            if room.conns:
                return room
            if self.live.get(room.id) is room:
                del self.live[room.id]
                self._rest(room)
        return None

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._writer.shutdown(wait=False, cancel_futures=True)


REPLAY_SWITCH_INTERVAL = 0.0005  # seconds: how long the event loop may wait for the lock mid-replay


def _join(room: Room, conn: Any) -> Room:
    room.conns.add(conn)
    conn.room = room
    return room


class _ReplayMode:
    """While any replay runs (on any of the loader threads): the collector paused, the lock handed
    over often. Both are process-wide, so the first replay in sets them and the last one out restores."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = 0
        self.was_enabled = False
        self.interval = sys.getswitchinterval()

    def __enter__(self) -> None:
        with self.lock:
            if self.running == 0:
                self.was_enabled = gc.isenabled()
                self.interval = sys.getswitchinterval()
                gc.disable()
                sys.setswitchinterval(min(self.interval, REPLAY_SWITCH_INTERVAL))
            self.running += 1

    def __exit__(self, *exc: object) -> None:
        with self.lock:
            self.running -= 1
            if self.running == 0:
                sys.setswitchinterval(self.interval)
                if self.was_enabled:
                    gc.enable()


_replaying = _ReplayMode()


def _paused(replay: Callable[..., T], args: tuple[Any, ...]) -> T:
    with _replaying:
        return replay(*args)


def rebuild(row: RoomRow) -> Room | None:
    """The room from its snapshot, else by replaying its moves; None when neither works (a damaged
    database, or the game's own code failing). Slow on a long game without a snapshot: on a thread."""
    if row.snapshot is not None:
        try:
            return Room.from_snapshot(row)
        except (GameError, GameFault) as error:
            log.warning("room %s: its snapshot is refused (%s), so its moves are replayed", row.id, error)
    try:
        with _replaying:
            return Room.from_row(row)
    except (GameError, GameFault):
        log.error("room %s does not replay; refused", row.id)
        return None
