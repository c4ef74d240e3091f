"""Keeping a server's rooms in step with the database when other servers change them too.

With PostgreSQL several servers hold the same room in memory. The database orders every change
(the room's `seq`, see `store.base`); a server that loses a race (`Conflict`) or hears that a
room changed elsewhere (LISTEN/NOTIFY) takes a move, the offers or the next game from the
news itself (`Follower`), and for anything else calls `catch_up`, which reads the room and brings the
one in memory up to it: only the new moves go through the engine when the game merely went on or
was taken back (the game is cut back to what both agree on, then goes on, if that is a few moves);
otherwise (another game, a room far behind) it is rebuilt from the stored snapshot on a thread. A
move heard of reaches this server's clients as one `moved` message, anything else as the room's
whole state. With SQLite the server is alone and none of this runs.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from gridgames.engine.errors import GameError
from gridgames.engine.match import Match
from gridgames.games import get_entry
from gridgames.games.guard import GameFault
from gridgames.online.room import Room, clock_from, outcome_from_result
from gridgames.online.rooms import rebuild
from gridgames.online.store import RoomRow, RoomStore, StoreError
from gridgames.online.store.base import offer_text, offers_from_text

log = logging.getLogger("gridgames.online")

PURGE_EVERY = 600.0  # seconds between sweeps for rooms past the retention period
PLAYED_HERE = 8  # moves a catch-up plays on the event loop; a room further behind is read from its snapshot


async def catch_up(
    store: RoomStore, room: Room, rebuilt: Callable[[RoomRow], Awaitable[Room | None]] | None = None,
) -> bool:
    """Bring `room` up to what is stored (call with its lock held); False when the room is gone.
    `rebuilt`: how a room far behind is rebuilt off the event loop (the server's loader pool,
    `Rooms.rebuilt`; by default a thread of asyncio's own)."""
    row = await store.load(room.id)
    if row is None:
        return False
    if row.seq == room.seq:
        return True
    agreed = _agreed(room, row.game_no, row.moves)
    kept = None if agreed is None or len(row.moves) - agreed > PLAYED_HERE else room.cut_back(agreed)
    if kept is not None:
        game, base = kept
        for move in row.moves[agreed:]:
            game = game.play(move)
        room.set_game(game, base)
        room.resigned = outcome_from_result(row.result)
    else:  # another game, or far behind: the stored room, from its snapshot (else replayed), on a thread
        if rebuilt is None:
            fresh = await asyncio.get_running_loop().run_in_executor(None, rebuild, row)
        else:
            fresh = await rebuilt(row)
        if fresh is None:
            raise GameError(f"The stored room {room.id} does not replay.")
        room.game, room.game_no, room.resigned = fresh.game, fresh.game_no, fresh.resigned
        room.base, room.before, room.marks = fresh.base, fresh.before, fresh.marks
    room.match = Match.from_dict(row.match, get_entry)
    room.clock = clock_from(row.clock)
    room.seats = dict(row.seats)
    room.takeback_by, room.rematch, room.seq = row.takeback_by, set(row.rematch), row.seq
    return True


def _agreed(room: Room, game_no: int, moves: tuple[str, ...]) -> int | None:
    """How many of the game's first moves memory and store agree on; None: another game altogether."""
    if game_no != room.game_no:
        return None
    agreed = 0
    for mine, stored in zip(room.move_texts(), moves, strict=False):
        if mine != stored:
            break
        agreed += 1
    return agreed


class Follower:
    """Hears of every committed change (LISTEN/NOTIFY) and brings the rooms in memory up to it, then
    tells the room's players and watchers on this server, as if the change had been made here: one
    `moved` message for a move, the whole room (`broadcast`) for anything else. A move, the offers
    and the next game are taken from the news; anything else is read from the store. A room's news
    is handled in the order heard, by a task of the room's own under the room's lock (news of other
    rooms must not wait behind it, and what clients are told stays in order with the changes made
    here). Only rooms someone is in here are followed: a cluster's servers keep no idle rooms."""

    def __init__(
        self, store: RoomStore, rooms: dict[str, Room], broadcast: Callable[[Room], Awaitable[None]],
        send_all: Callable[[Room, str], Awaitable[None]],
        rebuilt: Callable[[RoomRow], Awaitable[Room | None]] | None = None,
        timed: Callable[[Room], None] | None = None,
    ) -> None:
        self.store, self.rooms, self.broadcast, self.send_all = store, rooms, broadcast, send_all
        self.rebuilt = rebuilt
        self.timed = timed  # told of a room whose clock a move heard of changed (its flag timer moves)
        self._news: dict[str, list[tuple[int, str]]] = {}  # room -> news not handled yet, in order
        self._tasks: set[asyncio.Task[None]] = set()

    def start(self, presence: Callable[[str], Awaitable[None]] | None = None) -> None:
        self.store.on_change(self.changed, self.lost, presence)

    async def changed(self, room_id: str, seq: int, news: str = "") -> None:
        """Returns at once: the listener never waits on a room's lock or a client's socket."""
        room = self.rooms.get(room_id)
        if room is None or room.seq >= seq:
            return  # not in this server's memory, or the change was made here
        waiting = self._news.get(room_id)
        if waiting is not None:
            waiting.append((seq, news))  # the room's task takes it next
            return
        self._news[room_id] = [(seq, news)]
        task = asyncio.get_running_loop().create_task(self._follow(room))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _follow(self, room: Room) -> None:
        try:
            while waiting := self._news.get(room.id):
                batch = list(waiting)
                waiting.clear()
                async with room.lock:
                    await self._bring(room, batch)
        finally:
            self._news.pop(room.id, None)

    async def _bring(self, room: Room, batch: list[tuple[int, str]]) -> None:
        """Play the moves the news tells of, and take the offers and next games it tells of, if each is
        the room's very next change; else read the room."""
        told, whole = [], False
        for seq, news in batch:
            if room.seq >= seq:
                continue
            if self._apply(room, seq, news):
                told.append(room.moved(news.split(" ", 3)[2]).to_json())  # the move's text as stored
                continue
            if self._take(room, seq, news):
                whole = True
                continue
            await self._catch_up(room)  # the room as read has every change heard so far
            return
        if told or whole:
            room.touch()
            if self.timed is not None:
                self.timed(room)
        for text in told:
            await self.send_all(room, text)
        if whole:
            await self.broadcast(room)

    def _take(self, room: Room, seq: int, news: str) -> bool:
        """Offers changed ('offers BY REMATCH') or the next game begun ('next GAME FIRST [CLOCK]'), told
        by the news of the room's very next change: taken as the room's own change would be, without
        reading the room. False (read it) for anything else or anything that does not fit."""
        parts = news.split(" ", 3)
        if seq != room.seq + 1 or len(parts) < 3:
            return False
        if parts[0] == "offers" and len(parts) == 3 and parts[1] in ("-", "1", "2"):
            rematch = offers_from_text(parts[2])
            if offer_text(rematch) != parts[2].replace("-", ""):
                return False
            room.takeback_by = None if parts[1] == "-" else int(parts[1])
            room.rematch, room.seq = set(rematch), seq
            return True
        if parts[0] != "next" or room.outcome is None or parts[1] != str(room.game_no + 1):
            return False
        clock = clock_from(parts[3]) if len(parts) == 4 else None
        if (clock is None) != (room.clock is None):
            return False
        game = room.next_game()
        if parts[2] != str(game.first_player):
            return False
        room.game_no, room.resigned = room.game_no + 1, None
        room.start_game(game)
        room.rematch, room.clock, room.seq = set(), clock, seq
        return True

    def _apply(self, room: Room, seq: int, news: str) -> bool:
        parts = news.split(" ", 3)  # GAME PLY MOVE [CLOCK]
        if seq != room.seq + 1 or len(parts) < 3 or not parts[0].isdigit() or not parts[1].isdigit():
            return False
        clock = clock_from(parts[3]) if len(parts) == 4 else None
        if (clock is None) != (room.clock is None):
            return False
        game_no, ply = int(parts[0]), int(parts[1])
        if game_no != room.game_no or ply != room.ply or room.outcome is not None:
            return False
        try:
            after = room.game.play(parts[2])
            match = None if after.outcome is None else room.match.record(after)  # as the mover's server did
        except (GameError, GameFault):
            return False
        room.advance(after)
        if match is not None:
            room.match = match
        room.seq, room.takeback_by = seq, None
        room.clock = clock
        return True

    async def lost(self) -> None:
        """Notifications may have been missed while the listener was down: read every room again."""
        for room in list(self.rooms.values()):
            async with room.lock:
                await self._catch_up(room)

    async def _catch_up(self, room: Room) -> None:
        before = room.seq
        try:
            if not await catch_up(self.store, room, self.rebuilt):
                return
        except (StoreError, GameError, GameFault) as error:
            log.warning("room %s could not catch up: %s", room.id, error)
            return
        if room.seq != before:
            if self.timed is not None:
                self.timed(room)
            await self.broadcast(room)


async def purge_loop(store: RoomStore, retention: float, every: float = PURGE_EVERY) -> None:
    """Delete rooms whose game ended more than `retention` seconds ago, now and every `every` seconds."""
    while True:
        try:
            purged = await store.purge(time.time() - retention)
            if purged:
                log.info("purged %d finished rooms older than the retention period", purged)
        except StoreError as error:
            log.warning("purging finished rooms failed: %s", error)
        await asyncio.sleep(every)
