"""Keeping a server's rooms in step with the database when other servers change them too.

With PostgreSQL several servers hold the same room in memory. The database orders every change
(the room's `seq`, see `store.base`); a server that loses a race (`Conflict`) or hears that a
room changed elsewhere (LISTEN/NOTIFY) calls `catch_up`, which reads the room and brings the
one in memory up to it: only the new moves go through the engine when the game merely went on,
the whole game is rebuilt otherwise (a takeback, a new game). With SQLite the server is alone and
none of this runs.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from gridgames.engine.errors import GameError
from gridgames.engine.match import Match
from gridgames.games import get_entry
from gridgames.online.room import Room
from gridgames.online.store import RoomStore, StoreError

log = logging.getLogger("gridgames.online")

PURGE_EVERY = 600.0  # seconds between sweeps for rooms past the retention period


async def catch_up(store: RoomStore, room: Room) -> bool:
    """Bring `room` up to what is stored (call with its lock held); False when the room is gone."""
    row = await store.load(room.id)
    if row is None:
        return False
    if row.seq == room.seq:
        return True
    if _continues(room, row.game_no, row.moves):
        game = room.game
        for move in row.moves[len(game.played):]:
            game = game.play(move)
        room.game = game
        room.resigned = None if row.result is None else room.resign_outcome(3 - _winner(row.result))
    else:
        fresh = Room.from_row(row)
        room.game, room.game_no, room.resigned = fresh.game, fresh.game_no, fresh.resigned
    room.match = Match.from_dict(row.match, get_entry)
    room.seats = dict(row.seats)
    room.takeback_by, room.rematch, room.seq = row.takeback_by, set(row.rematch), row.seq
    return True


def _continues(room: Room, game_no: int, moves: tuple[str, ...]) -> bool:
    """Whether the stored game is the one in memory with moves added (none taken back)."""
    played = room.game.played
    if game_no != room.game_no or len(moves) < len(played):
        return False
    text = room.game.rules.format_move
    return all(text(move) == stored for move, stored in zip(played, moves, strict=False))


def _winner(result: dict[str, object]) -> int:
    winner = result.get("winner")
    return winner if isinstance(winner, int) and winner in (1, 2) else 1


class Follower:
    """Hears of every committed change (LISTEN/NOTIFY) and brings the rooms in memory up to it, then
    tells the room's players and watchers on this server, as if the change had been made here."""

    def __init__(
        self, store: RoomStore, rooms: dict[str, Room], broadcast: Callable[[Room], Awaitable[None]]
    ) -> None:
        self.store, self.rooms, self.broadcast = store, rooms, broadcast
        self._following: dict[str, asyncio.Task[None]] = {}  # rooms being brought up to date
        self._again: set[str] = set()  # ... that changed again meanwhile
        self._telling: set[asyncio.Task[None]] = set()

    def start(self, presence: Callable[[str], Awaitable[None]] | None = None) -> None:
        self.store.on_change(self.changed, self.lost, presence)

    async def changed(self, room_id: str, seq: int, news: str = "") -> None:
        """Returns at once. The next move of a game goes through the engine straight from the news,
        with no read; anything else is read from the database by a task of the room's own (news of
        other rooms must not wait behind it), and news arriving meanwhile is folded into one more round."""
        room = self.rooms.get(room_id)
        if room is None or room.seq >= seq:
            return  # not in this server's memory, or the change was made here
        if room_id not in self._following and not room.lock.locked() and self._apply(room, seq, news):
            self._spawn(self._tell(room))  # the listener never waits on a client's socket
            return
        if room_id in self._following:
            self._again.add(room_id)
            return
        self._following[room_id] = self._spawn(self._follow(room))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work)
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)
        return task

    async def _tell(self, room: Room) -> None:
        async with room.lock:  # states go out in order
            await self.broadcast(room)

    def _apply(self, room: Room, seq: int, news: str) -> bool:
        """Play the move the news tells of, if it is the room's very next change; False: read instead."""
        parts = news.split(" ")
        if seq != room.seq + 1 or len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit():
            return False
        game_no, ply = int(parts[0]), int(parts[1])
        if game_no != room.game_no or ply != len(room.game.played) or room.outcome is not None:
            return False
        try:
            room.game = room.game.play(parts[2])
        except GameError:
            return False
        room.seq, room.takeback_by = seq, None
        return True

    async def _follow(self, room: Room) -> None:
        try:
            while True:
                async with room.lock:
                    await self._catch_up(room)
                if room.id not in self._again:
                    return
                self._again.discard(room.id)
        finally:
            self._following.pop(room.id, None)

    async def lost(self) -> None:
        """Notifications may have been missed while the listener was down: check every room."""
        for room in list(self.rooms.values()):
            async with room.lock:
                await self._catch_up(room)

    async def _catch_up(self, room: Room) -> None:
        before = room.seq
        try:
            if not await catch_up(self.store, room):
                return
        except (StoreError, GameError) as error:
            log.warning("room %s could not catch up: %s", room.id, error)
            return
        if room.seq != before:
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
