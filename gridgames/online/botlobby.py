"""A bot in the lobby (issue 31): it claims its name as a bot, takes a compatible open seek or posts its
own, plays the game it is paired into under the server's clock, and goes on, one game after another.

Pairing, the way lichess's bots find games through seeks:
- A compatible seek is another player's, of a game the bot plays (`--variants`), with the bot's clock
  and rated-ness, of any size and options; the server checks its rating range when the bot accepts.
- With no compatible seek listed, the bot posts its own, one per game it plays (that game's default size
  and options, at most three, one after another), so quick pairing matches it with another bot's at once.
- A bot with a seek of its own open accepts another's only when its name sorts before that player's, so
  two bots never accept each other's seeks at the same moment.
- Once paired it withdraws its other seeks; a second pairing that crossed them (two of its seeks taken at
  once) is resigned before any move, which aborts that game: nobody's rating changes.

The lobby connection stays open while the bot plays, so it stays listed online, marked as a bot. A
dropped lobby connection is opened again with growing pauses; after `GIVE_UP_SECONDS` of failed tries
the bot stops with one sentence (`LobbyRefused`), as it does when the server refuses its name.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp

from gridgames.engine.clock import TimeControl
from gridgames.online import protocol as p
from gridgames.online.address import servers_of, unreachable
from gridgames.online.bot import BotSeat, Played, play_game
from gridgames.online.client import Link
from gridgames.online.players import fold

MAX_POSTED = 3  # the lobby keeps at most this many open seeks per player (`lobby.MAX_SEEKS_PER_PLAYER`)
OPEN_WAIT = 15.0  # seconds for the lobby to answer its opening
ABORT_WAIT = 15.0  # seconds to resign a crossed pairing before letting it go
BACKOFF_FIRST, BACKOFF_MAX = 0.25, 5.0
#: How long a run of failed tries to reopen the lobby may last before the bot stops.
GIVE_UP_SECONDS = 30.0
MAX_TRIED = 1000  # seek ids remembered as tried (forgotten beyond: ids are random and never come back)
RETRY_FIRST, RETRY_MAX = 1.0, 30.0  # seconds before a refused seek is posted again (seeks are rate-limited)


class LobbyRefused(Exception):
    """The lobby cannot be used (the name is refused, the server is gone); `str()` is one sentence."""


class NameRefused(LobbyRefused):
    """The server refused the bot's name (or its key): trying again cannot help."""


@dataclass(frozen=True)
class Wants:
    """The games the bot plays: game ids, the clock (None: untimed), rated or casual."""

    variants: tuple[str, ...]
    clock: TimeControl | None
    rated: bool

    def takes(self, seek: dict[str, Any], me: str) -> bool:
        """Whether the listed `seek` is one the bot (named `me`) may accept."""
        clock = None if self.clock is None else str(self.clock)
        return (fold(str(seek.get("player"))) != fold(me) and seek.get("variant") in self.variants
                and seek.get("clock") == clock and seek.get("rated") is self.rated)

    def seeks(self) -> list[p.Seek]:
        """The bot's own seeks: one per game, at its default size and options."""
        from gridgames.games import get_entry

        found = []
        for variant in self.variants[:MAX_POSTED]:
            options = get_entry(variant).default_options()
            clock = None if self.clock is None else str(self.clock)
            found.append(p.Seek(variant, options.size, options.option_dict(), clock, self.rated))
        return found


class PlayerLink(Link):
    """A room from the lobby, joined (and joined again after a drop) with the player's name and key."""

    def __init__(self, server: str, room: str, name: str, key: str) -> None:
        super().__init__(server, room=room)
        self.name, self.key = name, key

    def _hello(self) -> p.Message:
        return p.Join(p.VERSION, self.room or "", name=self.name, key=self.key)


async def play_room(server: str, paired: p.Paired, name: str, key: str, seat: BotSeat,
                    say: Callable[[str], None]) -> Played:
    """Join the room the lobby paired the bot into and play its game to the end."""
    link = PlayerLink(server, paired.room, name, key)
    running = asyncio.create_task(link.run())
    try:
        return await play_game(link, seat, say)
    finally:
        await link.close()
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)


async def abort_room(server: str, paired: p.Paired, name: str, key: str) -> None:
    """Resign a crossed pairing's game before any move (an aborted game: rated for nobody)."""
    link = PlayerLink(server, paired.room, name, key)
    running = asyncio.create_task(link.run())

    async def resign() -> None:
        resigned = False
        while True:
            event = await link.events.get()
            if event.kind in ("closed", "gave_up"):
                return
            if event.kind == "state":
                if event.value.outcome is not None:
                    return
                if not resigned:
                    resigned = await link.send(p.Resign())

    try:
        await asyncio.wait_for(resign(), ABORT_WAIT)
    except (asyncio.TimeoutError, TimeoutError):
        pass
    finally:
        await link.close()
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)


class BotLobby:
    """The bot's lobby connection and where its pairing stands; `next_game()` waits for the next game.

    Every message from the lobby goes through `_handle`, one at a time, whether the bot is between games
    (it pairs) or playing (it withdraws seeks that come in and aborts crossed pairings)."""

    def __init__(self, server: str, name: str, key: str, wants: Wants, say: Callable[[str], None]) -> None:
        self.server, self.name, self.key, self.wants, self.say = server, name, key, wants, say
        self.listing: p.Listing | None = None
        self.mine: set[str] = set()  # its open seeks
        self.to_post: list[p.Seek] = []
        self.posting: p.Seek | None = None  # a seek sent and not yet answered
        self.retry = RETRY_FIRST  # the pause before a refused seek is posted again
        self.accepting: str | None = None  # the seek it asked to accept, not yet answered
        self.tried: set[str] = set()
        self.busy = True  # playing (or not yet asking for a game)
        self.paired: asyncio.Queue[p.Paired | LobbyRefused] = asyncio.Queue()
        self.said: set[str] = set()
        self._ws: aiohttp.ClientWebSocketResponse[bool] | None = None
        self._lock = asyncio.Lock()
        self._aborts: set[asyncio.Task[None]] = set()  # crossed pairings being resigned
        self._retries: set[asyncio.Task[None]] = set()  # refused seeks waiting to be posted again
        self._runner: asyncio.Task[None] | None = None
        self._session: aiohttp.ClientSession | None = None
        self._turn = 0  # the next of the address's servers to try

    async def __aenter__(self) -> BotLobby:
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None, sock_connect=5.0))
        try:
            ws = await self._open()
        except BaseException:
            await self._session.close()
            raise
        self._runner = asyncio.create_task(self._run(ws))
        return self

    async def __aexit__(self, *exc: object) -> None:
        tasks = [t for t in (self._runner, *self._aborts, *self._retries) if t is not None]
        for task in (self._runner, *self._retries):
            if task is not None:
                task.cancel()
        if self._ws is not None:
            await self._ws.close()
        await asyncio.gather(*self._aborts, return_exceptions=True)  # crossed pairings finish resigning
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._session is not None:
            await self._session.close()

    async def _open(self) -> aiohttp.ClientWebSocketResponse[bool]:
        """A lobby connection opened as the bot, its first listing read; raises LobbyRefused."""
        assert self._session is not None
        servers = servers_of(self.server)  # several servers of one cluster: tried in turn
        url, self._turn = servers[self._turn % len(servers)] + p.PATH, self._turn + 1
        try:
            ws = await self._session.ws_connect(url, heartbeat=10.0, max_msg_size=p.MAX_SERVER_FRAME)
        except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as error:
            raise LobbyRefused(unreachable(self.server, error)) from None
        try:
            await ws.send_str(p.Lobby(p.VERSION, self.name, self.key, bot=True).to_json())
            first = await asyncio.wait_for(self._receive(ws), OPEN_WAIT)
        except (aiohttp.ClientError, OSError, asyncio.TimeoutError, TimeoutError, p.ProtocolError) as error:
            await ws.close()
            why = error.__class__.__name__
            raise LobbyRefused(f"The lobby of {self.server} did not open ({why}).") from None
        if isinstance(first, p.Error):
            await ws.close()
            raise NameRefused(f"The lobby of {self.server} refused the bot: {p.clean_text(first.message)}")
        if not isinstance(first, p.Listing):
            await ws.close()
            raise LobbyRefused(f"The lobby of {self.server} closed before it listed anything.")
        self._ws, self.listing = ws, first
        return ws

    @staticmethod
    async def _receive(ws: aiohttp.ClientWebSocketResponse[bool]) -> p.Message | None:
        frame = await ws.receive()
        if frame.type != aiohttp.WSMsgType.TEXT:
            return None
        return p.parse_server(frame.data)

    async def _run(self, ws: aiohttp.ClientWebSocketResponse[bool]) -> None:
        """Read the lobby until told to stop; reopen it after a drop, or give up with one sentence."""
        while True:
            await self._read(ws)
            self._ws = None
            try:
                ws = await self._reopen()
            except LobbyRefused as error:
                await self.paired.put(error)
                return

    async def _read(self, ws: aiohttp.ClientWebSocketResponse[bool]) -> None:
        async for frame in ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            try:
                message = p.parse_server(frame.data)
            except p.ProtocolError as error:
                self._say_once(f"The lobby sent something unreadable: {error}")
                continue
            async with self._lock:
                await self._handle(message)

    async def _reopen(self) -> aiohttp.ClientWebSocketResponse[bool]:
        """The lobby again after a drop (its seeks went with the old connection)."""
        pause, since = BACKOFF_FIRST, time.monotonic()
        while True:
            await asyncio.sleep(pause)
            try:
                ws = await self._open()
            except LobbyRefused as error:
                if isinstance(error, NameRefused) or time.monotonic() - since > GIVE_UP_SECONDS:
                    raise
                pause = min(BACKOFF_MAX, pause * 2) * random.uniform(0.8, 1.2)
                continue
            async with self._lock:
                self.mine.clear()
                self.posting, self.accepting = None, None
                if not self.busy:
                    self.to_post = self.wants.seeks()
                    await self._step()
            return ws

    async def _send(self, message: p.Message) -> None:
        ws = self._ws
        if ws is not None and not ws.closed:
            with contextlib.suppress(ConnectionError, RuntimeError, aiohttp.ClientError):
                await ws.send_str(message.to_json())

    def _say_once(self, line: str) -> None:
        if line not in self.said and len(self.said) < 100:
            self.said.add(line)
            self.say(line)

    async def next_game(self) -> p.Paired:
        """Pair: accept a compatible seek or post its own, until the lobby pairs the bot into a game."""
        async with self._lock:
            if len(self.tried) > MAX_TRIED:
                self.tried.clear()
            self.busy = False
            self.to_post = self.wants.seeks()
            await self._step()
        found = await self.paired.get()
        if isinstance(found, LobbyRefused):
            raise found
        return found

    async def _handle(self, message: p.Message) -> None:
        if isinstance(message, p.Listing):
            self.listing = message
        elif isinstance(message, p.Seeking):
            self.posting, self.retry = None, RETRY_FIRST
            if self.busy:  # posted just before a pairing: withdrawn
                await self._send(p.Cancel(message.seek))
            else:
                self.mine.add(message.seek)
        elif isinstance(message, p.Paired):
            await self._paired(message)
        elif isinstance(message, p.Error):
            if self.accepting is not None:  # taken by someone else first, or its range excludes the bot
                self.accepting = None
            elif self.posting is not None:  # too many seeks for now, or one this server cannot hold
                self._say_once(f"The server refused a seek: {p.clean_text(message.message)}")
                self._later(self.posting)
                self.posting = None
            elif not self.busy:
                self._say_once(f"The server said: {p.clean_text(message.message)}")
        if not self.busy:
            await self._step()

    async def _paired(self, paired: p.Paired) -> None:
        if paired.seek in self.mine:
            self.mine.discard(paired.seek)
        elif paired.seek == self.accepting:
            self.accepting = None
        else:  # quick pairing: the seek just posted matched another's
            self.posting = None
        if self.busy:  # a crossed pairing (two seeks taken at once): resigned before any move
            task = asyncio.create_task(abort_room(self.server, paired, self.name, self.key))
            self._aborts.add(task)
            task.add_done_callback(self._aborts.discard)
            return
        self.busy = True
        self.to_post.clear()
        for seek in sorted(self.mine):
            await self._send(p.Cancel(seek))
        self.mine.clear()
        await self.paired.put(paired)

    async def _step(self) -> None:
        """The next pairing move: accept a compatible listed seek, else post the next of its own."""
        if self.accepting is not None or self.posting is not None:
            return  # one request at a time: each answer is then known to be its own
        for seek in self.listing.seeks if self.listing is not None else []:
            seek_id = seek.get("seek")
            if not isinstance(seek_id, str) or seek_id in self.tried or not self.wants.takes(seek, self.name):
                continue
            if self.mine and not fold(self.name) < fold(str(seek.get("player"))):
                continue  # the other bot accepts this one's seek instead
            self.tried.add(seek_id)
            self.accepting = seek_id
            await self._send(p.Accept(seek_id))
            return
        if self.to_post and len(self.mine) < MAX_POSTED:
            self.posting = self.to_post.pop(0)
            await self._send(self.posting)

    def _later(self, seek: p.Seek) -> None:
        """Post a refused seek again after a pause that doubles with each refusal in a row."""
        pause, self.retry = self.retry, min(RETRY_MAX, self.retry * 2)

        async def again() -> None:
            await asyncio.sleep(pause)
            async with self._lock:
                if not self.busy and seek not in self.to_post:
                    self.to_post.append(seek)
                    await self._step()

        task = asyncio.create_task(again())
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)


async def play_lobby(
    server: str, name: str, key: str, seat: BotSeat, wants: Wants, say: Callable[[str], None],
    games: int | None = None,
) -> int:
    """Play `games` games (None: one after another until stopped) paired through `server`'s lobby as
    the bot `name`; how many were finished. Raises LobbyRefused with one sentence when the lobby cannot
    be opened (or reopened) as `name`."""
    finished = 0
    async with BotLobby(server, name, key, wants, say) as lobby:
        say(f"In the lobby of {server} as {name} (a bot), playing as {seat.label}.")
        while games is None or finished < games:
            paired = await lobby.next_game()
            say(f"Paired: room {paired.room}, Player {paired.seat}.")
            played = await play_room(server, paired, name, key, seat, say)
            say(played.result)
            finished += 0 if played.left else 1  # a room closed or lost: the lobby pairs it again
    return finished
