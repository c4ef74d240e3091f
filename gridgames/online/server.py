"""The game server: an aiohttp application with one websocket per connection.

Authoritative: every move is parsed and checked by the engine against the room's game, and a
refusal carries the engine's sentence. A change is committed to the store before anyone hears
of it. Nothing a client sends can crash the server: frames are size-limited (aiohttp closes a
connection that sends a larger one), every message is parsed into a typed value or answered
with an error, each connection has a rate limit, and a handler failure costs only that message.

Nothing one client does can stall the others (`limits`, `rooms`): rooms load off the event loop,
an address's connections, joins and rooms are counted, watchers are capped and let go when idle,
and a change reaches each member as one small message (`moved`, `members`), so a join or a
move costs the server O(members), never the length of the game times the members.

A connection that stops answering is let go by the server's own heartbeat (`heartbeat`): one look at
every connection every few seconds, one timer for all, rather than aiohttp's, which moved a timer of
the connection's own with every frame read.

Clocks: a room's clock is read and pressed on the server's time source (`online.timesource`,
injectable: tests move it by hand), and a timer ends the game when the running player's time is up
(plus the lag cap), whether or not anyone sends anything. The lobby (`online.lobby`) shares the
websocket: a connection that opens with `lobby` names a player, seeks and pairs.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from aiohttp import WSMsgType, web

from gridgames.engine.clock import LAG_CAP, Clock
from gridgames.engine.errors import GameError
from gridgames.engine.options import parse_size
from gridgames.engine.outcome import Outcome
from gridgames.games.guard import GameFault, fault_in
from gridgames.online import cluster, frames, health, ratings
from gridgames.online import protocol as p
from gridgames.online import snapshot as snapshots
from gridgames.online.limits import AddressCounts, Bucket, Limits
from gridgames.online.lobby import Lobby
from gridgames.online.players import PlayerRefused, fold, identify
from gridgames.online.presence import Presence
from gridgames.online.room import TIME_REASON, Room, clock_from, new_row, new_secret
from gridgames.online.room import clock_text as _clock_text
from gridgames.online.rooms import RESTING_ROOMS, Rooms
from gridgames.online.store import Conflict, DbSpec, RoomRow, RoomStore, StoreError, hash_secret, open_store
from gridgames.online.store.base import GameRecord
from gridgames.online.timesource import RealTime, TimeSource
from gridgames.play.narration.words import not_your_turn

log = logging.getLogger("gridgames.online")
T = TypeVar("T")

SEND_TIMEOUT = 5.0  # a client that stops reading is dropped rather than stall its room
FANOUT_TURN = 50  # members told before the event loop has a turn (see `send_all`)
RATE_PER_SECOND = 20.0  # messages per connection, with bursts up to RATE_BURST
RATE_BURST = 40.0
STRIKES_LIMIT = 50  # messages over the limit before the connection is closed
HELLO_SECONDS = 10.0  # a connection that has not created or joined a room by then is closed
STORE_FAILED = "The server could not store that; try again in a moment."
TOO_BUSY = "Too many rooms joined or created from your address: wait a little."
CONFLICT_TRIES = 5  # decisions per message when other servers keep changing the room first
ROOM_GONE = "This room is no longer on the server (finished rooms are removed after a while)."
SWEEP_EVERY = 5.0  # seconds between looks for games out of time that no server holds
SWEEP_LIMIT = 500  # ... looking at this many clocked games in progress each time (the next ones next time)


class RoomGone(Exception):
    """The room was removed from the store (purged) while someone was in it."""


@dataclass(eq=False)
class _Visitor:
    """Who opens a room to end its game on time (`GameServer.sweep_flags`): in it, but never told anything."""

    seat: int = 0
    ready: bool = False
    room: Room | None = None


@dataclass(eq=False)
class Conn:
    ws: web.WebSocketResponse
    address: str
    transport: asyncio.WriteTransport | None = None
    seat: int = 0
    room: Room | None = None
    bucket: Bucket = field(default_factory=lambda: Bucket(RATE_PER_SECOND, RATE_BURST))
    strikes: int = 0
    active: float = field(default_factory=time.monotonic)  # when it last sent a message
    # welcomed into its room: only then does it hear the room's news (`send_all`), so its `welcome`
    # comes first even when a move lands between its entering the room and taking the room's lock
    ready: bool = False
    in_lobby: bool = False  # opened with `lobby` (online.lobby)
    player: str | None = None  # the player's name, once its key proved it
    bot: bool = False
    seeks: set[str] = field(default_factory=set)  # this connection's open seeks
    frames: frames.Filter | None = None  # its frame filter (`frames.watch`), which counts the reads
    heard: int = 0  # the filter's count of reads at the heartbeat's last look
    pinged: bool = False  # the heartbeat pinged it, having heard nothing since the look before

    def over_rate(self, now: float | None = None) -> bool:
        """Whether a message (or a ping) now is over the connection's rate: then it is a strike (`now`:
        time.monotonic() read already)."""
        if self.bucket.take(1, now):
            return False
        self.strikes += 1
        return True

    def ping_allowed(self) -> bool:
        """Pings count against the rate like messages; past STRIKES_LIMIT strikes the connection ends."""
        return not self.over_rate() or self.strikes <= STRIKES_LIMIT

    async def send(self, message: p.Message) -> None:
        await self.send_text(message.to_json())

    def write(self, frame: bytes) -> bool:
        """Write whole frames (`frames.text_frame`) straight to the socket, no task and no timer, when its
        buffer is under the high-water mark; False when not (the client has left much unread: it is hung up,
        or the slow way waits for it) or the connection is closing (nothing is written after a close)."""
        transport = self.transport
        if (self.ws.closed or transport is None or transport.is_closing()
                or (transport.get_write_buffer_size() and self.backlogged())):  # an empty buffer is not
            return False
        transport.write(frame)
        return True

    async def send_text(self, text: str) -> None:
        if self.ws.closed or self.write(frames.text_frame(text)):
            return
        try:
            if sys.version_info >= (3, 11):
                async with asyncio.timeout(SEND_TIMEOUT):  # a timer, not a task per message
                    await self.ws.send_str(text)
            else:
                await asyncio.wait_for(self.ws.send_str(text), SEND_TIMEOUT)
        except (ConnectionError, RuntimeError, asyncio.TimeoutError, TimeoutError):
            self.hang_up()

    def backlogged(self) -> bool:
        """Whether a send now would have to wait: the client has left so much unread that its
        socket's buffer is past the high-water mark (None: no transport, so no)."""
        transport = self.transport
        if transport is None:
            return False
        return transport.get_write_buffer_size() >= transport.get_write_buffer_limits()[1]

    def hang_up(self, code: int = 1000) -> None:
        """Close without waiting for the other side (never hold a room's lock on a dead client)."""
        task = asyncio.ensure_future(self.ws.close(code=code))
        _CLOSING.add(task)
        task.add_done_callback(_CLOSING.discard)


_CLOSING: set[asyncio.Future[bool]] = set()
_WARNED: list[bool] = []


def _warn_unwatched() -> None:
    if not _WARNED:
        _WARNED.append(True)
        log.warning(
            "cannot watch this aiohttp's websocket frames: unmasked frames, pings and silent connections "
            "go unchecked"
        )


class GameServer:
    """Rooms in memory while someone is in them; everything else in the store."""

    def __init__(
        self, store: RoomStore, limits: Limits | None = None, time: TimeSource | None = None
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.time: TimeSource = time or RealTime()
        self.lobby = Lobby(store, self.time.now, self.limits)
        self._timed: set[asyncio.Task[None]] = set()
        # idle rooms are kept only when this server is the store's one writer: with others
        # (a cluster) a room nobody here is in would go stale
        self.rooms = Rooms(store, resting=0 if store.shared else RESTING_ROOMS, on_live=self._now_live)
        self.conns: set[Conn] = set()
        self.addresses = AddressCounts(self.limits)
        self._sweeper: asyncio.Task[None] | None = None
        self._flag_sweeper: asyncio.Task[None] | None = None
        self._beating: asyncio.Task[None] | None = None
        self._swept_after = ""  # the last room id the previous sweep read (the next one reads on from it)
        self.follower = cluster.Follower(
            store, self.rooms.live, self.broadcast, self.send_all, self.rooms.rebuilt, self.arm
        )
        self.presence = Presence(store, self.rooms.live, self.tell_members) if store.shared else None

    # -- the application -------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get(p.PATH, self.handle)
        app.router.add_get("/", self.index)
        app.on_startup.append(self._on_startup)
        check = health.handler(
            self.store, lambda: len(self.rooms.live), lambda: len(self.conns), self.addresses.health_check
        )
        app.router.add_get(health.PATH, check)
        app.on_shutdown.append(self._on_shutdown)
        return app

    async def index(self, request: web.Request) -> web.Response:
        return web.Response(text="gridgames game server: play with `gridgames join ADDRESS`.\n")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if len(self.conns) >= self.limits.max_connections:
            return web.Response(status=503, text="The server is full; try again later.\n")
        if "Origin" in request.headers:  # browsers always send one: no web page may use this server
            return web.Response(status=403, text="The game server does not accept web pages.\n")
        address = request.remote or "?"
        if not self.addresses.connect(address):
            text = "Too many connections from your address; close some first.\n"
            return web.Response(status=503, text=text)
        try:
            return await self._serve(request, address)
        finally:
            self.addresses.disconnect(address)

    async def _serve(self, request: web.Request, address: str) -> web.StreamResponse:
        own_heartbeat = frames.watchable(request)  # else aiohttp's, which a frame filter is not needed for
        ws = web.WebSocketResponse(  # aiohttp refuses a message of max_msg_size bytes, not only longer
            max_msg_size=p.MAX_CLIENT_FRAME + 1, heartbeat=None if own_heartbeat else self.limits.heartbeat,
            compress=False,
        )
        await ws.prepare(request)
        conn = Conn(ws, address, request.transport)
        conn.frames = frames.watch(ws, request, conn.ping_allowed)
        if conn.frames is None:
            _warn_unwatched()
        self.conns.add(conn)

        def silent() -> None:
            if conn.room is None and not conn.in_lobby:
                conn.hang_up(1008)

        idle = asyncio.get_running_loop().call_later(HELLO_SECONDS, silent)
        try:
            while True:  # `async for frame in ws` without its __anext__ call (it ends on the same kinds)
                frame = await ws.receive()
                if frame.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    break
                conn.active = now = time.monotonic()
                if conn.over_rate(now):
                    if conn.strikes > STRIKES_LIMIT:
                        await ws.close(code=1008, message=b"too many messages")
                        break
                    await conn.send(p.Error("Too many messages: slow down."))
                    continue
                try:
                    message = p.parse_client(frame.data)
                except p.ProtocolError as error:
                    await conn.send(p.Error(str(error)))
                    continue
                try:
                    await self.dispatch(conn, message)
                except RoomGone:
                    await conn.send(p.Error(ROOM_GONE))
                except StoreError as error:
                    log.error("store failure: %s", error)
                    await conn.send(p.Error(STORE_FAILED))
                except Exception as error:  # a bug must cost one message, never the server
                    fault = fault_in(error)
                    if fault is not None:  # a game's own code failed: that game is switched off
                        log.error("%s", fault.reason)
                        await self.game_failed(conn, fault.reason)
                        continue
                    log.exception("message handler failed")
                    await conn.send(p.Error("The server could not handle that message."))
        finally:
            idle.cancel()
            self.conns.discard(conn)
            if conn.in_lobby:
                await self.lobby.left(conn)
            await self.leave(conn)
        return ws

    async def _on_startup(self, app: web.Application) -> None:
        self._sweeper = asyncio.create_task(self._let_idle_watchers_go())
        self._flag_sweeper = asyncio.create_task(self._sweep_loop())
        self._beating = asyncio.create_task(self._heartbeat_loop())
        self.lobby.start()

    async def _on_shutdown(self, app: web.Application) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._flag_sweeper is not None:
            self._flag_sweeper.cancel()
        if self._beating is not None:
            self._beating.cancel()
        self.lobby.stop()
        for room in list(self.rooms.live.values()) + list(self.rooms.resting.values()):
            if room.flag_timer is not None:
                room.flag_timer.cancel()
        for conn in list(self.conns):
            await conn.ws.close(code=1001, message=b"server shutting down")
        self.rooms.close()

    async def _let_idle_watchers_go(self) -> None:
        """Close watchers of rooms where nothing happened, and who said nothing, for `watcher_idle` s."""
        while True:
            idle = self.limits.watcher_idle
            await asyncio.sleep(max(0.05, idle / 4))
            now = time.monotonic()
            watching = [(c, c.room) for c in self.conns if c.room is not None and c.seat == 0]
            for conn, room in watching:
                if now - max(conn.active, room.changed) > idle and conn.room is room and not conn.seat:
                    minutes = max(1, round(idle / 60))
                    await conn.send(p.Closed(
                        f"Nothing happened in this room for {minutes} minute{'s' if minutes != 1 else ''}, "
                        "so watching stopped; join again to watch."
                    ))
                    conn.hang_up()

    async def _heartbeat_loop(self) -> None:
        while True:
            await asyncio.sleep(self.limits.heartbeat / 2)
            self.heartbeat()

    def heartbeat(self) -> None:
        """One look at every connection (every `Limits.heartbeat` / 2 seconds): one that read nothing
        since the look before is pinged, and one that read nothing since it was pinged either (its
        client is gone, or stuck) is hung up. So a silent connection is pinged after 10 to 20 s and let
        go 10 s later, at a cost of one timer for all, not one moved with every frame read."""
        for conn in list(self.conns):
            counted = conn.frames
            if counted is None:  # not watched: aiohttp's own heartbeat, or none (`_warn_unwatched`)
                continue
            if counted.reads != conn.heard:
                conn.heard, conn.pinged = counted.reads, False
            elif conn.pinged:
                conn.hang_up(1001)
            else:
                conn.pinged = True
                conn.write(frames.PING_FRAME)

    async def game_failed(self, conn: Conn, reason: str) -> None:
        """A room's game failed (its code raised or lied): everyone in the room is told in one
        sentence and hung up, so no one waits on a game that cannot go on; outside a room, the
        sender alone hears why."""
        room = conn.room
        if room is None:
            await conn.send(p.Error(reason))
            return
        closed = p.Closed(f"This room is closed: {reason}")
        for member in list(room.conns):
            await member.send(closed)
            member.hang_up(1000)

    async def close_all(self, message: str, to_watchers: str | None = None) -> None:
        """Tell everyone the server is going away on purpose (the host quit), then hang up;
        watchers hear `to_watchers` if given (a player's message may speak of their seat)."""
        for conn in list(self.conns):
            await conn.send(p.Closed(message if conn.seat or to_watchers is None else to_watchers))
            await conn.ws.close(code=1001)

    # -- rooms in memory ---------------------------------------------------------------------
    def _now_live(self, room: Room) -> None:
        room.now = self.time.now
        if self.presence is not None:
            self.presence.ask(room)  # who holds its seats through other servers
        self.arm(room)

    # -- clocks --------------------------------------------------------------------------------
    def arm(self, room: Room) -> None:
        """Set (or move) the timer that ends the room's game when the running player's time is up."""
        if room.flag_timer is not None:
            room.flag_timer.cancel()
            room.flag_timer = None
        due = room.flag_due()
        if due is not None and due <= self.time.now():
            self._spawn(self._flag(room))  # already out of time (a room opened late)
        elif due is not None:
            room.flag_timer = self.time.call_at(due, lambda: self._spawn(self._flag(room)))

    async def sweep_flags(self) -> int:
        """End on time the games under a clock whose running player's time is up though no server holds
        the room (a hosted room its players left, a lobby game nobody joined): each is opened here, which
        ends it (the result recorded, and rated when rated), and let go. How many were opened. Each sweep
        reads the next `SWEEP_LIMIT` such rooms in id order, so however many there are, each is looked at
        within a few sweeps. Every server sweeps; the store's `seq` lets one of them end each game."""
        now, opened = self.time.now(), 0
        rows = await self.store.clocked_games(self._swept_after, SWEEP_LIMIT)
        self._swept_after = rows[-1][0] if len(rows) == SWEEP_LIMIT else ""
        for room_id, clock in rows:
            stored = clock_from(clock)
            flag = None if stored is None else stored.flag_time()
            if flag is None or flag + LAG_CAP > now or room_id in self.rooms.live:
                continue
            visitor = _Visitor()
            try:
                room = await self._enter(visitor, room_id)  # type: ignore[arg-type]  # a Conn told nothing
                if room is not None:
                    opened += 1
                    await self._flag(room)
            finally:
                await self.rooms.leave(visitor)
        return opened

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.sweep_flags()
            except Exception:  # a failed sweep costs one sweep, never the server
                log.exception("looking for games out of time failed")

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._timed.add(task)
        task.add_done_callback(self._timed.discard)

    async def _flag(self, room: Room) -> None:
        """The timer fired: end the game on time if the clock still says so (else set it again)."""
        try:
            async with room.lock:
                await self.in_order(room, lambda: self._time_up(room))
        except (RoomGone, StoreError) as error:
            log.warning("room %s: ending a game on time failed: %s", room.id, error)

    async def _time_up(self, room: Room, loser: int | None = None) -> bool:
        """End the game with `loser` (by default the running player, if their time and the lag cap
        are up) out of time; whether it ended. Call with the room's lock held."""
        clock, due = room.clock, room.flag_due()
        if clock is None or due is None or room.outcome is not None:
            return False
        if loser is None:
            if self.time.now() < due:
                self.arm(room)
                return False
            loser = clock.running
        assert loser in (1, 2)
        flag = clock.flag_time() or self.time.now()
        left = list(clock.remaining)
        left[loser - 1] = 0.0
        stopped = Clock(clock.control, (left[0], left[1]), running=None, since=flag)
        outcome = Outcome(3 - loser, "time", TIME_REASON)
        match = room.match.record(room.game, outcome)
        room.seq = await self.store.finish(
            room.id, room.seq, {"winner": outcome.winner, "reason": "time"}, match.to_dict(),
            clock=_clock_text(stopped),
        )
        room.resigned, room.match, room.takeback_by, room.clock = outcome, match, None, stopped
        await self.ended(room, outcome.winner, "time")
        await self.broadcast(room)
        return True

    async def ended(self, room: Room, winner: int | None, reason: str) -> bool:
        """A game of a room from the lobby ended (with the room's lock held, before anyone is told):
        record it, rate it when rated (not when aborted: a resignation before each side moved), and
        tell the lobby. Whether ratings changed (the players' shown ratings are then new)."""
        self.arm(room)  # stops the timer
        if room.players is None:
            return False
        rated = False
        if not (reason == "resignation" and room.ply < 2):
            now = self.time.now()
            record = GameRecord(room.id, room.game_no, room.entry.id, room.players, winner, reason,
                                room.rated, now)
            rate = ratings.rate_game(winner, now) if room.rated else None
            rated = await self.store.record_game(record, rate) is not None
            if rated:
                await self._show_players(room)
        await self.lobby.tell("changed")
        return rated

    async def _show_players(self, room: Room) -> None:
        """The room's players as `state` shows them, with their ratings now."""
        if room.players is None:
            return
        now, shown = self.time.now(), []
        for name in room.players:
            found = await self.store.player(fold(name))
            row = (await self.store.ratings(name)).get(room.entry.id)
            shown.append({"name": name, **ratings.shown(row, now), "bot": bool(found and found.bot)})
        room.shown = (shown[0], shown[1])

    async def _enter(self, conn: Conn, room_id: str, known: bool = False) -> Room | None:
        """The room, loaded if need be (off the event loop), with `conn` in it as a watcher for now.

        With other servers (a cluster), a room just loaded is read once more before anyone here is
        told of it: news of a change committed while it was loading reached no room of this server
        (only rooms in use follow the news), so the room would show it one change late. `known`:
        the room was just created here, so nobody else can have changed it."""
        room = await self.rooms.enter(conn, room_id)
        if room is None or not room.unchecked:
            return room
        async with room.lock:
            if room.unchecked:
                if self.store.shared and not known and not await cluster.catch_up(
                    self.store, room, self.rooms.rebuilt
                ):
                    raise RoomGone
                room.unchecked = False
                await self._show_players(room)
                self.arm(room)
        return room

    async def leave(self, conn: Conn) -> None:
        room = conn.room
        if room is None:
            return
        self.addresses.left_room(conn.address)
        if await self.rooms.leave(conn) is None:  # the last one out: the room rests
            if self.presence is not None:
                self.presence.local_changed(room)
            return
        if conn.seat and not room.connected(conn.seat):
            async with room.lock:
                await self.tell_members(room)

    async def broadcast(self, room: Room) -> None:
        """Send the room's whole state to everyone in it (call with the room's lock held: states stay
        in order); for takebacks, resignations and rematches, rarer than moves, and for what other
        servers changed."""
        if self.presence is not None:
            self.presence.local_changed(room)  # who is connected here may be what changed
        room.touch()
        await self.send_all(room, room.state().to_json())

    async def tell_members(self, room: Room) -> None:
        """Tell everyone who is seated and connected now (with the room's lock held)."""
        if self.presence is not None:
            self.presence.local_changed(room)
        seated, connected = room.presence()
        await self.send_all(room, p.Members(seated, connected).to_json())

    async def tell_moved(self, room: Room, last: str | None = None, mover: Conn | None = None) -> None:
        """Tell everyone the game's last move (`last`: its text, when known) with the room's lock
        held: one small message each, encoded and framed once for them all; the `mover` gets its `ack`
        first, in the same write (one system call for both)."""
        room.touch()
        ply = room.ply
        text = room.moved_text(room.last_move_text() if last is None else last, ply)
        frame = frames.text_frame(text)
        if mover is not None:
            ack = p.ack_json(ply)
            if not mover.write(frames.text_frame(ack) + frame):
                await mover.send_text(ack)
                await mover.send_text(text)
        await self.send_all(room, text, mover, frame)

    async def send_all(
        self, room: Room, text: str, told: Conn | None = None, frame: bytes | None = None
    ) -> None:
        """Send `text` to everyone in the room who has been welcomed into it (but `told`), in one pass
        with no task per member (200 watchers of a move cost 400 tasks and timers before), framed once:
        a send is one write unless the member's socket is backed up, and such a member, who has stopped
        reading, is hung up rather than let hold up the others (it reconnects and gets the whole room).
        The players first, then the watchers, with a turn of the event loop every FANOUT_TURN members:
        a write is a system call (10-20 us on loopback), so 200 watchers held every other room for
        several milliseconds at each move. The room's lock stays held: its members' news stays in order.
        `frame`: `text` framed already (`frames.text_frame`)."""
        if frame is None:
            frame = frames.text_frame(text)
        conns = list(room.conns)
        ordered = [conn for conn in conns if conn.seat] + [conn for conn in conns if not conn.seat]
        for done, conn in enumerate(ordered):
            if done and done % FANOUT_TURN == 0:
                await asyncio.sleep(0)  # the other rooms' messages between two slices of a long fan-out
            if not conn.ready or conn is told or conn.write(frame):
                continue
            if conn.ws.closed:
                continue
            if conn.backlogged():
                conn.hang_up()
            else:
                await conn.send_text(text)

    # -- messages ------------------------------------------------------------------------------
    async def dispatch(self, conn: Conn, message: p.Message) -> None:
        room = conn.room
        if type(message) is p.MoveMsg and room is not None and conn.seat:  # the most frequent: at once
            async with room.lock:  # `in_order`'s first try written out: no closure and no call a move
                try:
                    await self.move(conn, room, message)
                except Conflict:
                    await self.caught_up(room)
                    await self.in_order(room, lambda: self.move(conn, room, message), CONFLICT_TRIES - 1)
            return
        if isinstance(message, p.Ping):
            await conn.send(p.Pong(message.n))
            return
        if isinstance(message, p.Lobby):
            if conn.room is not None or conn.in_lobby:
                await conn.send(p.Error("This connection is already in a room or the lobby."))
            elif (refusal := p.version_refusal(message.v)) is not None:
                await conn.send(p.Error(refusal))
            else:
                await self.lobby.open(conn, message)
            return
        if isinstance(message, (p.Seek, p.Cancel, p.Accept, p.PlayerQuery)):
            if not conn.in_lobby:
                await conn.send(p.Error("Open the lobby first (a 'lobby' message)."))
            else:
                await self.lobby.dispatch(conn, message, self.make_room)
            return
        if isinstance(message, (p.Create, p.Join)):
            if conn.room is not None or conn.in_lobby:
                await conn.send(p.Error("This connection is already in a room or the lobby."))
            elif (refusal := p.version_refusal(message.v)) is not None:
                await conn.send(p.Error(refusal))
            elif isinstance(message, p.Create):
                await self.create(conn, message)
            else:
                await self.join(conn, message)
            return
        if room is None:
            await conn.send(p.Error("Create or join a room first."))
            return
        if conn.seat == 0:
            await conn.send(p.Error("Spectators can watch but cannot play."))
            return
        async with room.lock:
            await self.in_order(room, lambda: self.act(conn, room, message))

    async def act(self, conn: Conn, room: Room, message: p.Message) -> None:
        if isinstance(message, p.MoveMsg):
            await self.move(conn, room, message)
        elif isinstance(message, p.Takeback):
            await self.takeback(conn, room, message.answer)
        elif isinstance(message, p.Resign):
            await self.resign(conn, room)
        elif isinstance(message, p.Rematch):
            await self.rematch(conn, room, message.answer)

    async def in_order(self, room: Room, act: Callable[[], Awaitable[T]], tries: int = CONFLICT_TRIES) -> T:
        """Run `act` (with the room's lock held). When another server changed the room first, the
        store refuses the change (`Conflict`): catch up with what it has, tell this server's
        clients, and decide again on the room as it now is (a move for a ply already taken is then
        refused as one for an earlier position). Each conflict means another change committed, so a
        few tries (`tries`) are enough; past them the client is told to try again."""
        for _ in range(tries - 1):
            try:
                return await act()
            except Conflict:
                await self.caught_up(room)
        return await act()

    async def caught_up(self, room: Room) -> None:
        """Another server changed `room` first: read what it has and tell this server's clients."""
        if not await cluster.catch_up(self.store, room, self.rooms.rebuilt):
            raise RoomGone from None
        await self.broadcast(room)

    async def create(self, conn: Conn, message: p.Create) -> None:
        if not self.addresses.room_op(conn.address):
            await conn.send(p.Error(TOO_BUSY))
            return
        secret = new_secret()
        try:
            refusal = self.limits.size_refusal(*parse_size(message.size))
            if refusal is not None:
                await conn.send(p.Error(refusal))
                return
            row = new_row(message, secret)
        except (GameError, GameFault) as error:
            await conn.send(p.Error(str(error)))
            return
        await self.store.create(row)
        room = await self._enter(conn, row.id, known=True)
        assert room is not None
        async with room.lock:
            conn.seat = 1
            await conn.send(p.Welcome(room.id, 1, secret))
            await conn.send(room.state())
            conn.ready = True

    async def make_room(self, row: RoomRow) -> str:
        """Store a room the lobby paired (both seats named); its id."""
        await self.store.create(row)
        return row.id

    async def join(self, conn: Conn, message: p.Join) -> None:
        if not self.addresses.room_op(conn.address):
            await conn.send(p.Error(TOO_BUSY))
            return
        room = await self._enter(conn, message.room)
        if room is None:
            await conn.send(p.Error("There is no game room with that address on this server."))
            return
        async with room.lock:
            refusal = await self.in_order(room, lambda: self._seat(conn, room, message))
        if refusal is not None:
            await self.leave(conn)
            conn.room = None
            await conn.send(p.Error(refusal))

    async def _seat(self, conn: Conn, room: Room, message: p.Join) -> str | None:
        """Give `conn` the seat its secret opens, a free seat, or a place to watch; else why not."""
        secret, starts = None, False
        if message.name is not None or message.key is not None:
            if message.name is None or message.key is None or room.players is None:
                return "Join a room from the lobby with both your name and your key."
            try:
                name = await identify(
                    self.store, message.name, message.key, False, self.time.now(), register=False
                )
            except PlayerRefused as error:
                return str(error)
            if name not in room.players:
                return "You are not one of this room's players: join it to watch instead."
            seat = 1 if room.players[0] == name else 2
        elif message.secret is not None:
            seat = room.seat_for(message.secret)
            if seat == 0:
                return "That seat secret does not belong to this room."
        else:
            seat = 0 if message.watch else room.free_seat()
            if not seat and room.watchers() > self.limits.watchers_per_room:  # itself counted
                return f"This room already has {self.limits.watchers_per_room} watchers: try again later."
            if seat:
                secret = new_secret()
                clock = room.clock
                # the second player arrives: the time of the first to move starts running
                starts = (clock is not None and clock.running is None and room.ply == 0
                          and room.outcome is None and len(room.seats) == 1)
                if starts:
                    assert clock is not None
                    clock = clock.start(room.game.state.to_move, self.time.now())
                room.seq = await self.store.add_seat(
                    room.id, room.seq, seat, hash_secret(secret), clock=_clock_text(clock) if starts else None
                )
                room.seats[seat] = hash_secret(secret)
                if starts:
                    room.clock = clock
                    self.arm(room)
        for other in [c for c in room.conns if seat and c.seat == seat and c is not conn]:
            other.seat = 0  # the seat was opened elsewhere: the newest connection holds it
            await other.send(p.Closed("Your seat was opened from another window; this one has stopped."))
            other.hang_up()
        conn.seat = seat
        await conn.send(p.Welcome(room.id, seat, secret))
        await conn.send(room.state())
        if starts:  # the others hear the clock start with the seat taken (their clocks count down too)
            await self.broadcast(room)
        conn.ready = True
        if seat and not starts:  # a watcher arriving changes nothing the others see
            await self.tell_members(room)
        return None

    async def move(self, conn: Conn, room: Room, message: p.MoveMsg) -> None:
        game, entry, ply = room.game, room.entry, room.ply
        outcome = room.outcome
        if outcome is not None:
            await conn.send(p.Error(f"The game is over: {entry.describe(outcome)}"))
            return
        if ply >= p.MAX_MOVES:
            await conn.send(p.Error(f"This game has reached the server's limit of {p.MAX_MOVES} moves."))
            return
        if message.ply != ply:
            await conn.send(p.Error(f"That move was for an earlier position: the game has {ply} moves now."))
            return
        if game.state.to_move != conn.seat:
            await conn.send(p.Error(not_your_turn(entry.player(game.state.to_move))))
            return
        now = self.time.now()
        clock = room.clock
        if clock is not None:
            if clock.running != conn.seat:  # not started yet (a hosted room before its second player)
                clock = clock.start(conn.seat, now)
            clock = clock.press(now, message.lag / 1000)
            if clock.remaining[conn.seat - 1] <= 0:  # the move came too late, lag allowed
                await self._time_up(room, conn.seat)
                await conn.send(p.Error("Your time ran out before that move arrived."))
                return
        try:
            after = game.play(game.parse(message.move))
        except GameError as error:
            await conn.send(p.Error(str(error)))
            return
        match = room.match.record(after) if after.outcome is not None else None
        if clock is not None and after.outcome is not None:
            clock = clock.stop(now)
        text = after.rules.format_move(after.moves[after.cursor - 1])  # the move played (no copy of `played`)
        score = match.to_dict() if match else None
        snapshot, kept = None, not snapshots.due(ply + 1, after.outcome is not None)
        if not kept:
            snapshot = await self.rooms.snapshot(room.snapshot_job(after, last=text), room.cells)
        room.seq = await self.store.add_move(
            room.id, room.seq, room.game_no, ply, text, score, snapshot, clock=_clock_text(clock),
            keep_snapshot=kept,
        )
        room.advance(after)
        if match is not None:
            room.match = match
        room.takeback_by = None
        room.clock = clock
        if clock is not None:
            self.arm(room)
        rated = after.outcome is not None and await self.ended(
            room, after.outcome.winner, after.outcome.termination
        )
        await self.tell_moved(room, text, mover=conn)
        if rated:
            await self.broadcast(room)  # the players' new ratings

    async def takeback(self, conn: Conn, room: Room, answer: str) -> None:
        if room.outcome is not None:
            await conn.send(p.Error("The game is over: offer a rematch instead."))
            return
        if room.rated:
            await conn.send(p.Error("Takebacks are off in rated games."))
            return
        if answer == "request":
            if room.takeback_target(conn.seat) is None:
                await conn.send(p.Error("You have no move to take back."))
                return
            room.seq = await self.store.set_offers(room.id, room.seq, conn.seat, frozenset(room.rematch))
            room.takeback_by = conn.seat
        elif room.takeback_by is None or room.takeback_by == conn.seat:
            await conn.send(p.Error("There is no takeback request from the other player to answer."))
            return
        elif answer == "accept":
            keep = room.takeback_target(room.takeback_by)
            if keep is not None:
                kept, marks = room.cut_back(keep), None
                if kept is None:  # before the positions the room holds: replayed from its last mark
                    game, base, marks, _ = await self.rooms.replayed(room.rewound, keep)  # on the loader pool
                else:
                    game, base = kept
                snapshot = await self.rooms.snapshot(room.snapshot_job(game, base), room.cells)
                clock = room.clock
                if clock is not None and clock.running is not None:  # the time used stays used
                    clock = clock.start(game.state.to_move, self.time.now())
                room.seq = await self.store.take_back(
                    room.id, room.seq, room.game_no, keep, snapshot, clock=_clock_text(clock)
                )
                room.set_game(game, base, marks)
                room.clock = clock
                self.arm(room)
            else:
                room.seq = await self.store.set_offers(room.id, room.seq, None, frozenset(room.rematch))
            room.takeback_by = None
        else:
            room.seq = await self.store.set_offers(room.id, room.seq, None, frozenset(room.rematch))
            room.takeback_by = None
        await self.broadcast(room)

    async def resign(self, conn: Conn, room: Room) -> None:
        if room.outcome is not None:
            await conn.send(p.Error("The game is already over."))
            return
        outcome = room.resign_outcome(conn.seat)
        match = room.match.record(room.game, outcome)
        clock = None if room.clock is None else room.clock.stop(self.time.now())
        room.seq = await self.store.finish(
            room.id, room.seq, {"winner": outcome.winner}, match.to_dict(), clock=_clock_text(clock)
        )
        room.resigned, room.match, room.takeback_by, room.clock = outcome, match, None, clock
        await self.ended(room, outcome.winner, "resignation")
        await self.broadcast(room)

    async def rematch(self, conn: Conn, room: Room, answer: str) -> None:
        if room.outcome is None:
            await conn.send(p.Error("A rematch can be offered once the game is over."))
            return
        offers = set() if answer == "decline" else room.rematch | {conn.seat}
        if offers == {1, 2}:
            game = room.next_game()
            clock = None if room.clock is None else Clock.new(room.clock.control).start(
                game.first_player, self.time.now()
            )
            room.seq = await self.store.next_game(
                room.id, room.seq, room.game_no + 1, game.first_player, clock=_clock_text(clock)
            )
            room.game_no, room.resigned = room.game_no + 1, None
            room.start_game(game)
            room.rematch = set()
            room.clock = clock
            self.arm(room)
            if room.players is not None:
                await self.lobby.tell("changed")
        else:
            room.seq = await self.store.set_offers(room.id, room.seq, room.takeback_by, frozenset(offers))
            room.rematch = offers
        await self.broadcast(room)


# -- running it ---------------------------------------------------------------------------------
@dataclass
class Running:
    """A server listening in this process: `port` is the one it got (ask for 0: any free port)."""

    server: GameServer
    runner: web.AppRunner
    host: str
    port: int
    purging: asyncio.Task[None] | None = None  # the sweep for rooms past the retention period

    async def stop(self, message: str | None = None, to_watchers: str | None = None) -> None:
        if message is not None:
            await self.server.close_all(message, to_watchers)
        if self.purging is not None:
            self.purging.cancel()
        await self.runner.cleanup()
        if self.server.presence is not None:
            await self.server.presence.stop()  # after the connections closed: their leaving is told
        await self.server.store.close()


async def start(
    host: str, port: int, db: str | Path | DbSpec, retention: float | None = None,
    limits: Limits | None = None, time_source: TimeSource | None = None,
) -> Running:
    """Open the store and listen on host:port; raises StoreRefused (a `--db` it cannot use, one
    sentence) or OSError (port in use, bad address). `retention`: seconds a finished room is kept."""
    store = await open_store(db)
    server = GameServer(store, limits, time_source)
    runner = web.AppRunner(server.app(), handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port, reuse_address=True)
    try:
        await site.start()
    except BaseException:
        await runner.cleanup()
        await store.close()
        raise
    if server.presence is not None:
        server.follower.start(server.presence.hear)
        server.presence.start()
    bound = runner.addresses[0][1] if runner.addresses else port
    running = Running(server, runner, host, bound)
    if retention is not None:
        running.purging = asyncio.get_running_loop().create_task(cluster.purge_loop(store, retention))
    return running
