"""Who is connected through the other servers of a cluster, so "the other player is connected" stays true.

A room's state says which seats are connected. With one server that is its own connections; in a
cluster a player may be on another server. Each server tells the others, on the PostgreSQL channel
`gridgames_presence`, which seats of a room it holds connections for, whenever that changes, and
again for all its rooms every REFRESH_SECONDS; a server that loads a room asks who holds it. What
is heard expires after EXPIRE_SECONDS unless repeated, so the players of a server killed with
kill -9 stop showing as connected (most will have reconnected to another server by then).

Payload: "NODE ROOM=SEATS ROOM=SEATS ...", SEATS being "1", "2", "12", "-" (none) or "?" (who holds
this room?). Presence is only shown, never trusted: seats are still opened by their secrets.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable

from gridgames.online.room import Room
from gridgames.online.store import RoomStore, StoreError

log = logging.getLogger("gridgames.online")

REFRESH_SECONDS = 10.0
EXPIRE_SECONDS = 3 * REFRESH_SECONDS
PAYLOAD_LIMIT = 7000  # bytes; PostgreSQL's limit is 8000
STOP_SECONDS = 1.0
_ENTRY = re.compile(r"([A-Za-z0-9_-]{16,64})=(1|2|12|-|\?)")


def _seats_here(room: Room) -> str:
    held = sorted({conn.seat for conn in room.conns if conn.seat})
    return "".join(map(str, held)) or "-"


class Presence:
    """This server's side of the presence news: what it tells, what it heard, and when that expires."""

    def __init__(
        self, store: RoomStore, rooms: dict[str, Room], broadcast: Callable[[Room], Awaitable[None]]
    ) -> None:
        self.store, self.rooms, self.broadcast = store, rooms, broadcast
        self.node = secrets.token_hex(6)
        self.told: dict[str, str] = {}  # room -> seats last told
        self.heard: dict[str, dict[str, tuple[frozenset[int], float]]] = {}  # room -> node -> seats, until
        self._tasks: set[asyncio.Task[None]] = set()
        self._refresh: asyncio.Task[None] | None = None
        self._stopped = False

    def start(self) -> None:
        self._refresh = asyncio.get_running_loop().create_task(self._refresh_loop())

    async def stop(self) -> None:
        """Stop refreshing, let what is being told go out (at most STOP_SECONDS), then tell nothing more."""
        if self._refresh is not None:
            self._refresh.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=STOP_SECONDS)
        self._stopped = True
        for task in list(self._tasks):
            task.cancel()

    # -- telling ----------------------------------------------------------------------------
    def local_changed(self, room: Room) -> None:
        """Call after the room's connections changed here (a seat taken, someone left)."""
        seats = _seats_here(room) if room.id in self.rooms else "-"
        if room.id not in self.rooms:
            self.heard.pop(room.id, None)
        if self.told.get(room.id, "-") != seats:
            if seats == "-":
                self.told.pop(room.id, None)
            else:
                self.told[room.id] = seats
            self._send([f"{room.id}={seats}"])

    def ask(self, room: Room) -> None:
        """A room newly in memory here: who else holds its seats?"""
        self._send([f"{room.id}=?"])

    def _send(self, entries: list[str]) -> None:
        if self._stopped:
            return
        task = asyncio.get_running_loop().create_task(self._tell(entries))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _tell(self, entries: list[str]) -> None:
        payload = self.node
        for entry in entries:
            if len(payload) + len(entry) + 1 > PAYLOAD_LIMIT:
                await self._notify(payload)
                payload = self.node
            payload += " " + entry
        if payload != self.node:
            await self._notify(payload)

    async def _notify(self, payload: str) -> None:
        with contextlib.suppress(StoreError):  # presence is a courtesy: the next refresh repeats it
            await self.store.notify_presence(payload)

    # -- hearing ---------------------------------------------------------------------------------
    async def hear(self, payload: str) -> None:
        node, _, rest = payload.partition(" ")
        if node == self.node:
            return
        until, changed, asked = time.monotonic() + EXPIRE_SECONDS, [], []
        for found in _ENTRY.finditer(rest):
            room_id, seats = found.groups()
            if seats == "?":
                if room_id in self.told:
                    asked.append(f"{room_id}={self.told[room_id]}")
                continue
            if room_id not in self.rooms:
                continue  # kept only for rooms held here: a room loaded later asks (and is answered)
            held = frozenset() if seats == "-" else frozenset(int(seat) for seat in seats)
            nodes = self.heard.setdefault(room_id, {})
            before = nodes.get(node, (frozenset(), 0.0))[0]
            if held:
                nodes[node] = (held, until)
            else:
                nodes.pop(node, None)
            if before != held:
                changed.append(room_id)
        if asked:
            self._send(asked)
        for room_id in changed:  # in tasks: the listener must not wait for a room's lock
            task = asyncio.get_running_loop().create_task(self._show(room_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _show(self, room_id: str) -> None:
        room = self.rooms.get(room_id)
        if room is None:
            return
        now = time.monotonic()
        nodes = self.heard.get(room_id, {})
        elsewhere = {seat for held, until in nodes.values() if until > now for seat in held}
        if elsewhere != room.elsewhere:
            room.elsewhere = elsewhere
            async with room.lock:
                await self.broadcast(room)

    async def _refresh_loop(self) -> None:
        while True:
            await asyncio.sleep(REFRESH_SECONDS)
            await self._tell([f"{room_id}={seats}" for room_id, seats in self.told.items()])
            now = time.monotonic()
            for room_id, nodes in list(self.heard.items()):
                stale = [node for node, (_, until) in nodes.items() if until <= now]
                for node in stale:
                    del nodes[node]
                if not nodes:
                    del self.heard[room_id]
                if stale:
                    await self._show(room_id)
