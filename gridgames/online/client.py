"""The client side of a room: a connection that comes back by itself, and the room as the engine sees it.

`Link` connects, creates or joins the room, and turns every frame from the server into an event
on `events`; when the connection drops it reconnects with growing pauses (0.25 s up to 5 s) and
rejoins with the seat's secret, so the player carries on where they were. Frames from the server
are parsed like any other untrusted input, and every `state` is replayed through the engine
(`View`): a move the rules forbid is refused here too.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from typing import Any

import aiohttp

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.options import Options, parse_size
from gridgames.engine.outcome import Outcome
from gridgames.games import get_entry
from gridgames.online import protocol as p
from gridgames.online.address import servers_of

BACKOFF_FIRST = 0.25
BACKOFF_MAX = 5.0
HEARTBEAT_SECONDS = 10.0
CONNECT_TIMEOUT = 5.0


@dataclass(frozen=True)
class View:
    """A room's state, checked: the game rebuilt by the engine, and who is seated and connected."""

    entry: Entry
    game: Game
    state: p.State

    @classmethod
    def from_state(cls, state: p.State) -> View:
        """Raises ProtocolError when the server's game does not replay under the rules."""
        try:
            entry = get_entry(state.variant)
            rows, cols = parse_size(state.size)
            options = Options(rows, cols, str(state.first), state.adjacency)
            game = Game.new(entry, options, first_player=state.first)
            for move in state.moves:
                game = game.play(move)
        except GameError as error:
            raise p.ProtocolError(f"The server sent a game the rules refuse: {error}") from None
        return cls(entry, game, state)

    @property
    def outcome(self) -> Outcome | None:
        """The rules' verdict, or the server's (a resignation) with its sentence."""
        result = self.state.result
        if result is not None and self.game.outcome is None:
            return Outcome(result.winner, "resignation", result.reason)
        return self.game.outcome

    def describe_outcome(self) -> str:
        outcome = self.outcome
        assert outcome is not None
        if outcome.termination == "resignation":
            return outcome.reason  # already worded by the server
        return self.entry.describe(outcome)

    @property
    def to_move(self) -> int:
        return self.game.state.to_move


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


@dataclass(frozen=True)
class Event:
    """`kind`: welcome, state (a View), ack, error, link (connected / lost), closed (stop for good)."""

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
        async with aiohttp.ClientSession(timeout=timeout) as session:
            while not self._stop:
                target, turn = servers[turn % len(servers)], turn + 1
                try:
                    async with session.ws_connect(
                        target + p.PATH, heartbeat=HEARTBEAT_SECONDS, max_msg_size=p.MAX_SERVER_FRAME,
                        autoclose=True,
                    ) as ws:
                        self._ws = ws
                        await ws.send_str(self._hello().to_json())
                        if await self._read(ws):
                            pause = BACKOFF_FIRST
                except (aiohttp.ClientError, OSError, asyncio.TimeoutError):
                    pass
                finally:
                    self._ws = None
                if self.connected:
                    self.connected = False
                if self._stop:
                    break
                pause = min(BACKOFF_MAX, pause * 2) * random.uniform(0.8, 1.2)
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
            if message.secret is not None:
                self.secret = message.secret
            return Event("welcome", message)
        if isinstance(message, p.State):
            return Event("state", View.from_state(message))
        if isinstance(message, p.Ack):
            return Event("ack", message.ply)
        if isinstance(message, p.Error):
            return Event("error", message.message)
        if isinstance(message, p.Closed):
            return Event("closed", message.message)
        return None

    async def send(self, message: p.Message) -> bool:
        """Send now; False when the connection is down (the caller says so; nothing is queued)."""
        ws = self._ws
        if ws is None or ws.closed or not self.connected:
            return False
        try:
            await ws.send_str(message.to_json())
        except (ConnectionError, RuntimeError, aiohttp.ClientError):
            return False
        return True

    async def close(self) -> None:
        self._stop = True
        if self._ws is not None:
            await self._ws.close()
