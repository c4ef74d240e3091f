"""The client side of a room: a connection that comes back by itself, and the room as the engine sees it.

`Link` connects, creates or joins the room, and turns every frame from the server into an event
on `events`; when the connection drops it reconnects with growing pauses (0.25 s up to 5 s) and
rejoins with the seat's secret, so the player carries on where they were. After GIVE_UP_SECONDS
of nothing but failed tries (an unreachable server, a wrong address) it stops with a `gave_up`
event instead of trying for ever. Frames from the server
are parsed like any other untrusted input, and every move they carry is checked by the engine as
it comes (`follow.View`): a move the rules forbid is refused here too, and a long game is never
replayed from its start more than once per connection.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from typing import Any

import aiohttp

from gridgames.online import protocol as p
from gridgames.online.address import servers_of
from gridgames.online.follow import View

__all__ = ["Event", "Link", "View", "answer_offer", "gave_up_sentence"]

BACKOFF_FIRST = 0.25
BACKOFF_MAX = 5.0
HEARTBEAT_SECONDS = 10.0
CONNECT_TIMEOUT = 5.0
#: How long a run of failed tries may last before the link gives up (tests set it near zero).
GIVE_UP_SECONDS = 30.0


def answer_offer(view: View, seat: int, yes: bool) -> p.Message | None:
    """The reply to what the other player offers: their takeback request if one is pending, else a
    rematch (accepting after a game offers one too); None when there is nothing to answer."""
    state = view.state
    if state.takeback not in (None, seat):
        return p.Takeback("accept" if yes else "decline")
    if yes and view.outcome is not None:
        return p.Rematch("offer")
    if not yes and any(state.rematch):
        return p.Rematch("decline")
    return None


def gave_up_sentence(server: str, seconds: float) -> str:
    """What a front end says when its link gave up on `server` after `seconds` of failed tries."""
    return (
        f"Gave up: the game server at {server} could not be reached for {seconds:.0f} s; "
        "check the address and that the server is running, then try again."
    )


async def send_message(ws: aiohttp.ClientWebSocketResponse[bool] | None, message: p.Message) -> bool:
    """Send `message` on `ws` now; False when the connection is gone (nothing is queued)."""
    if ws is None or ws.closed:
        return False
    try:
        await ws.send_str(message.to_json())
    except (ConnectionError, RuntimeError, aiohttp.ClientError):
        return False
    return True

@dataclass(frozen=True)
class Event:
    """`kind`: welcome, state (a View), ack, error, link (lost; the pause before the next try),
    closed (stop for good), gave_up (stopped after the seconds of failed tries it carries)."""

    kind: str
    value: Any = None


class Link:
    """One player's (or watcher's) connection to one room, kept alive until `close()`."""

    def __init__(
        self,
        server: str,
        *,
        create: p.Create | None = None,
        room: str | None = None,
        secret: str | None = None,
        watch: bool = False,
    ) -> None:
        if create is None and room is None:
            raise ValueError("a Link needs a room to join or one to create")
        self.server = server
        self.create = create
        self.room = room
        self.secret = secret
        self.watch = watch
        self.seat: int | None = None
        self.view: View | None = None  # the room as last heard, checked by the engine
        self.fresh = True  # a whole new history may be replayed (once after each welcome)
        self.events: asyncio.Queue[Event] = asyncio.Queue()
        self.connected = False
        self._ws: aiohttp.ClientWebSocketResponse[bool] | None = None
        self._stop = False

    def _hello(self) -> p.Message:
        if self.room is None:
            assert self.create is not None
            return self.create
        return p.Join(p.VERSION, self.room, self.secret, self.watch and self.secret is None)

    async def run(self) -> None:
        """Connect, and reconnect after every drop, until `close()` or the server ends the room. An
        address naming several servers is tried server after server, one per attempt."""
        pause = BACKOFF_FIRST
        timeout = aiohttp.ClientTimeout(total=None, sock_connect=CONNECT_TIMEOUT)
        servers, turn = servers_of(self.server), 0
        failing_since: float | None = None  # when the present run of failed tries began
        async with aiohttp.ClientSession(timeout=timeout) as session:
            while not self._stop:
                target, turn = servers[turn % len(servers)], turn + 1
                tried_at = time.monotonic()  # a run of failures counts from its first try's start
                try:
                    async with session.ws_connect(
                        target + p.PATH, heartbeat=HEARTBEAT_SECONDS, max_msg_size=p.MAX_SERVER_FRAME,
                        autoclose=True,
                    ) as ws:
                        self._ws = ws
                        await ws.send_str(self._hello().to_json())
                        if await self._read(ws):
                            pause, failing_since = BACKOFF_FIRST, None
                            tried_at = time.monotonic()  # the connection served: a new run starts now
                except (aiohttp.ClientError, OSError, asyncio.TimeoutError):
                    pass
                finally:
                    self._ws = None
                if self.connected:
                    self.connected = False
                if self._stop:
                    break
                pause = min(BACKOFF_MAX, pause * 2) * random.uniform(0.8, 1.2)
                now = time.monotonic()
                failing_since = tried_at if failing_since is None else failing_since
                late = now - failing_since + pause + CONNECT_TIMEOUT  # when the next try could end, at worst
                if late > GIVE_UP_SECONDS:
                    self._stop = True
                    await self.events.put(Event("gave_up", now - failing_since))
                    break
                await self.events.put(Event("link", pause))
                await asyncio.sleep(pause)

    async def _read(self, ws: aiohttp.ClientWebSocketResponse[bool]) -> bool:
        """Handle frames until the connection ends; True if it got as far as a seat."""
        welcomed = False
        async for frame in ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            try:
                message = p.parse_server(frame.data)
                if isinstance(message, p.Welcome) and welcomed:  # each would allow one more full replay
                    raise p.ProtocolError("The server welcomed this connection a second time.")
                event = self._event(message)
            except p.ProtocolError as error:
                await self.events.put(Event("error", f"The server sent something unreadable: {error}"))
                continue
            if isinstance(message, p.Welcome):
                welcomed = True
                self.connected = True
            if event is not None:
                await self.events.put(event)
            if isinstance(message, p.Closed):
                self._stop = True
                break
            if isinstance(message, p.Error) and not welcomed and self.room is not None:
                self._stop = True  # no such room, or a wrong secret: retrying cannot help
                await self.events.put(Event("closed", message.message))
                break
        return welcomed

    def _event(self, message: p.Message) -> Event | None:
        if isinstance(message, p.Welcome):
            self.room = message.room
            self.seat = message.seat
            self.fresh = True
            if message.secret is not None:
                self.secret = message.secret
            return Event("welcome", message)
        if isinstance(message, p.State):
            self.view = self._follow(message)
            self.fresh = False
            return Event("state", self.view)
        if isinstance(message, (p.Moved, p.Members)):
            if self.view is None:
                raise p.ProtocolError("The server sent a change before the room itself.")
            view = self.view
            self.view = view.moved(message) if isinstance(message, p.Moved) else view.members(message)
            return Event("state", self.view)
        if isinstance(message, p.Ack):
            return Event("ack", message.ply)
        if isinstance(message, p.Error):  # a refused `create` may be an older server's
            return Event("error", p.server_refusal(message.message) if self.room is None else message.message)
        if isinstance(message, p.Closed):
            return Event("closed", message.message)
        return None

    def _follow(self, state: p.State) -> View:
        view = self.view
        if view is not None:
            try:
                return view.follow(state)
            except p.ProtocolError:
                if not self.fresh:
                    raise
        return View.from_state(state)

    async def send(self, message: p.Message) -> bool:
        """Send now; False when the connection is down (the caller says so; nothing is queued)."""
        return self.connected and await send_message(self._ws, message)

    def retry(self) -> None:
        """After `gave_up`: let `run()` be started again (a player chose Retry)."""
        self._stop = False

    async def close(self) -> None:
        self._stop = True
        if self._ws is not None:
            await self._ws.close()
