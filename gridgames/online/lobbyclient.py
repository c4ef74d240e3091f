"""Asking a game server's lobby from a script or the command line: its listing, or a player's profile.

One short connection each: open the lobby (as a named player when given, else only to look), read the
answer, close. Every failure is one sentence (`LobbyError`).
"""

from __future__ import annotations

import asyncio

import aiohttp

from gridgames.online import protocol as p

WAIT = 10.0  # seconds for the whole exchange


class LobbyError(Exception):
    """The lobby could not be asked; `str()` is one sentence."""


async def _ask(server: str, first: p.Message, then: p.Message | None, want: type[p.Message]) -> p.Message:
    try:
        return await asyncio.wait_for(_exchange(server, first, then, want), WAIT)
    except (aiohttp.ClientError, OSError) as error:
        raise LobbyError(f"Cannot reach the game server at {server} ({error.__class__.__name__}).") from None
    except (asyncio.TimeoutError, TimeoutError):
        raise LobbyError(f"The game server at {server} did not answer within {WAIT:g} s.") from None
    except p.ProtocolError as error:
        raise LobbyError(f"The game server at {server} sent something unexpected: {error}") from None


async def _exchange(
    server: str, first: p.Message, then: p.Message | None, want: type[p.Message]
) -> p.Message:
    url = server.split(",")[0].rstrip("/") + p.PATH
    async with aiohttp.ClientSession() as session, session.ws_connect(
        url, max_msg_size=p.MAX_SERVER_FRAME
    ) as ws:
        await ws.send_str(first.to_json())
        sent_then = False
        async for frame in ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            message = p.parse_server(frame.data)
            if isinstance(message, p.Error):
                raise LobbyError(p.clean_text(message.message))
            if then is not None and not sent_then and isinstance(message, p.Listing):
                await ws.send_str(then.to_json())
                sent_then = True
                continue
            if isinstance(message, want):
                return message
        raise LobbyError(f"The game server at {server} closed the connection before answering.")


async def listing(server: str, name: str | None = None, key: str | None = None) -> p.Listing:
    """The server's lobby: open seeks, games in progress, players online."""
    found = await _ask(server, p.Lobby(p.VERSION, name, key), None, p.Listing)
    assert isinstance(found, p.Listing)
    return found


async def profile(server: str, player: str) -> p.Profile:
    """A player's ratings and last games on the server."""
    found = await _ask(server, p.Lobby(p.VERSION), p.PlayerQuery(player), p.Profile)
    assert isinstance(found, p.Profile)
    return found
