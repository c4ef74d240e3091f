"""Asking a game server's lobby from a script or the command line: its listing, or a player's profile.

One short connection each: open the lobby (as a named player when given, else only to look), read the
answer, close. Every failure is one sentence (`LobbyError`).
"""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp

from gridgames.online import protocol as p
from gridgames.online.address import unreachable

WAIT = 10.0  # seconds for the whole exchange


class LobbyError(Exception):
    """The lobby could not be asked; `str()` is one sentence."""


async def _ask(server: str, first: p.Message, then: p.Message | None, want: type[p.Message]) -> p.Message:
    try:
        return await asyncio.wait_for(_exchange(server, first, then, want), WAIT)
    except (aiohttp.ClientError, OSError) as error:
        raise LobbyError(unreachable(server, error)) from None
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


def _rating(item: dict[str, Any]) -> str:
    return f"{item.get('rating')}{'?' if item.get('provisional') else ''}"


def _who(item: dict[str, Any]) -> str:
    return f"{item.get('name') or item.get('player')}{' (bot)' if item.get('bot') else ''} {_rating(item)}"


def seek_line(seek: dict[str, Any]) -> str:
    """One open seek as text: who, their rating, the game, size, clock, rated or casual, range, its id."""
    span = f" range {seek['range'][0]}-{seek['range'][1]}" if seek.get("range") else ""
    return (
        f"{_who(seek)}  {seek['variant']} {seek['size']} {seek.get('clock') or 'no clock'} "
        f"{'rated' if seek['rated'] else 'casual'}{span}  [{seek['seek']}]"
    )


def listing_text(data: dict[str, Any], server: str, seeks: bool = True) -> str:
    """The lobby as text: seeks (unless `seeks` is False: the app lists them to pick from), games to watch
    (with the command that watches), players online."""
    lines = [f"Open seeks ({len(data['seeks'])}):", *(f"  {seek_line(seek)}" for seek in data["seeks"])]
    lines = lines if seeks else []
    lines.append(f"Games in progress ({len(data['games'])}):")
    for game in data["games"]:
        players = " vs ".join(_who(player) for player in game["players"])
        lines.append(
            f"  {players}  {game['variant']} {game['size']} {game.get('clock') or 'no clock'} "
            f"{'rated' if game['rated'] else 'casual'}  watch: gridgames join --watch {server}/{game['room']}"
        )
    names = [f"{p['name']}{' (bot)' if p.get('bot') else ''}" for p in data["players"]]
    lines.append(f"Players online ({len(names)}): {', '.join(names) if names else 'none'}")
    return "\n".join(lines)


def profile_text(data: dict[str, Any]) -> str:
    """A player's ratings (`1500?`: provisional) and last games as text."""
    lines = [f"{data['name']}{' (bot)' if data['bot'] else ''}"]
    for variant, rating in data["ratings"].items():
        lines.append(f"  {variant}: {_rating(rating)} (deviation {rating['rd']}, {rating['games']} games)")
    if not data["ratings"]:
        lines.append("  no rated games yet")
    lines.append("Last games:")
    for game in data["games"]:
        change = "" if game.get("change") is None else f", {game['rating']} ({game['change']:+d})"
        kind = "rated" if game["rated"] else "casual"
        lines.append(f"  {game['result']} against {game['opponent']}, {game['variant']}, {kind}{change}")
    if not data["games"]:
        lines.append("  none")
    return "\n".join(lines)
