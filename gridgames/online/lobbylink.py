"""A person's lobby connection, held open (no Textual): the app's lobby screen lists through it as the
listing changes, accepts a seek and posts one; `paired` (the server started the game) ends it, and the
front end then joins the room as that player (`paired_plan`).

A seek lives as long as the connection that made it (`online.lobby`), so the link stays open while the
player waits for someone to take theirs. Every failure is one sentence (`lobbyclient.LobbyError`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import aiohttp

from gridgames.engine.clock import TimeControl
from gridgames.engine.errors import OptionsError
from gridgames.engine.options import parse_size
from gridgames.online import protocol as p
from gridgames.online.address import Address, unreachable
from gridgames.online.client import send_message
from gridgames.online.lobbyclient import WAIT, LobbyError

if TYPE_CHECKING:
    from gridgames.online.launch import Plan

#: What a seek is typed as: the game's id, then any of its size, its clock, and `rated` or `casual`.
SEEK_FORM = "GAME [SIZE] [CLOCK] [rated|casual]"
#: Said once the server lists the player's seek (the app's lobby and `gridgames lobby --seek`).
LISTED = "Your seek is listed; the game starts when someone accepts it."


def _seek_form() -> str:
    """`SEEK_FORM` with an example made of the first game listed (no game is named here)."""
    from gridgames.games import catalogue

    games = catalogue()
    if not games:
        return SEEK_FORM
    entry = games[0]
    return f"{SEEK_FORM}, for example: {entry.id} {entry.default_rows}x{entry.default_cols} 3+2 rated"


def parse_seek(text: str) -> p.Seek:
    """A seek typed on one line (`SEEK_FORM`): the game's default size, no clock and casual unless said."""
    from gridgames.games import get_entry

    words = text.split()
    if not words or len(text) > 80:
        raise OptionsError(f"Type a seek as {_seek_form()}.")
    entry = get_entry(words[0].lower())  # an unknown game: the sentence listing those that exist
    size, clock, rated = f"{entry.default_rows}x{entry.default_cols}", None, False
    for word in words[1:]:
        lowered = word.lower()
        if lowered in ("rated", "casual"):
            rated = lowered == "rated"
        elif "+" in word:
            clock = str(TimeControl.parse(word))
        elif lowered[:1].isdigit():
            rows, cols = parse_size(lowered)
            size = f"{rows}x{cols}"
        else:
            raise OptionsError(f"'{word[:20]}' is not a size, a clock, rated or casual: type {_seek_form()}.")
    return p.Seek(entry.id, size, {}, clock, rated)


class LobbyLink:
    """One lobby connection opened as a named player (`open`), read message by message (`receive`)."""

    def __init__(self, server: str, name: str, key: str) -> None:
        self.server, self.name, self.key = server, name, key
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse[bool] | None = None

    async def open(self) -> p.Listing:
        """Open the lobby as the player; its first listing. Raises LobbyError (the name refused, too)."""
        url = self.server.split(",")[0].rstrip("/") + p.PATH
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None, sock_connect=WAIT))
        try:
            self._ws = await self._session.ws_connect(url, heartbeat=10.0, max_msg_size=p.MAX_SERVER_FRAME)
            await self._ws.send_str(p.Lobby(p.VERSION, self.name, self.key).to_json())
            first = await asyncio.wait_for(self.receive(), WAIT)
        except (aiohttp.ClientError, OSError) as error:
            await self.close()
            raise LobbyError(unreachable(self.server, error)) from None
        except (asyncio.TimeoutError, TimeoutError):
            await self.close()
            raise LobbyError(f"The game server at {self.server} did not answer within {WAIT:g} s.") from None
        if isinstance(first, p.Error):
            await self.close()
            raise LobbyError(p.clean_text(first.message))
        if not isinstance(first, p.Listing):
            await self.close()
            raise LobbyError(f"The lobby of {self.server} closed before it listed anything.")
        return first

    async def receive(self) -> p.Message | None:
        """The lobby's next message (a listing, `seeking`, `paired`, an error); None when it closed.
        A message that cannot be read is reported as an error, never trusted."""
        ws = self._ws
        if ws is None:
            return None
        frame = await ws.receive()
        if frame.type != aiohttp.WSMsgType.TEXT:
            return None
        try:
            return p.parse_server(frame.data)
        except p.ProtocolError as error:
            return p.Error(f"The lobby sent something unreadable: {error}")

    async def send(self, message: p.Message) -> bool:
        """Send `message` (a seek, an accept); False when the connection is gone."""
        return await send_message(self._ws, message)

    async def close(self) -> None:
        """Close the connection (its open seeks go with it)."""
        ws, session, self._ws, self._session = self._ws, self._session, None, None
        with contextlib.suppress(aiohttp.ClientError, OSError, RuntimeError):
            if ws is not None:
                await ws.close()
        if session is not None:
            await session.close()


async def paired_by(link: LobbyLink, message: p.Message, say: Callable[[str], None]) -> p.Paired:
    """Send `message` (an accept, or a seek) on the open `link` and wait until the server pairs the player:
    its `paired`. A seek listed meanwhile is said (`say`, `LISTED`); raises LobbyError with the server's
    own sentence when it refuses (the seek is gone, the player's own, ...) or when the lobby closes."""
    if not await link.send(message):
        raise LobbyError(f"The lobby of {link.server} closed the connection.")
    while (heard := await link.receive()) is not None:
        if isinstance(heard, p.Paired):
            return heard
        if isinstance(heard, p.Seeking):
            say(LISTED)
        elif isinstance(heard, p.Error):
            raise LobbyError(p.clean_text(heard.message))
    raise LobbyError(f"The lobby of {link.server} closed the connection.")


def paired_plan(server: str, paired: p.Paired, name: str, key: str) -> Plan:
    """The plan that joins the room the lobby paired the player into, as that player (name and key)."""
    from gridgames.online.botlobby import PlayerLink
    from gridgames.online.invite import invite_line
    from gridgames.online.launch import Plan

    link = PlayerLink(server, paired.room, name, key)
    return Plan(link, "join", None, invite_line(Address(server, paired.room)))
