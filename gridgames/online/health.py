"""`GET /health`: whether this server can take players now, for a load balancer's health check.

200 with `{"status": "ok", ...}` when the server's database answers, 503 with `"status":
"unavailable"` when it does not (a load balancer then sends new players to another server). The
body also says the protocol version and how many rooms and connections this server holds; it
names no room and no database. Each address may ask `Limits.health_per_second` times a second
(bursts of `health_burst`), far more than a load balancer does; past that it gets 429 without the
database being asked (5,214 checks a second from one address had slowed every room).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from gridgames.online import protocol as p
from gridgames.online.store import RoomStore

PATH = "/health"


TOO_OFTEN = "Too many health checks from your address: at most a few a second.\n"


def handler(
    store: RoomStore, rooms: Callable[[], int], connections: Callable[[], int],
    allow: Callable[[str], bool] = lambda address: True,
) -> Callable[[web.Request], Awaitable[web.Response]]:
    """The handler; `allow(address)` says whether that address may ask now."""

    async def health(request: web.Request) -> web.Response:
        if not allow(request.remote or "?"):
            return web.Response(status=429, text=TOO_OFTEN, headers={"Retry-After": "1"})
        ok = await store.healthy()
        body = {
            "status": "ok" if ok else "unavailable",
            "protocol": p.VERSION,
            "rooms": rooms(),
            "connections": connections(),
        }
        return web.json_response(body, status=200 if ok else 503)

    return health


#: Seconds to wait for a server on this computer to answer `GET /health` (loopback answers in ms).
PROBE_SECONDS = 1.0
MAX_BODY = 4096


async def running_here(port: int) -> str | None:
    """The ws:// URL of a game server of this protocol already answering on this computer's `port`
    (`gridgames server`, or another window's), or None for nothing there, something else, or no
    answer within PROBE_SECONDS: hosting then offers it instead of starting a second server."""
    import asyncio
    import json

    import aiohttp

    url = f"http://127.0.0.1:{port}{PATH}"
    try:
        timeout = aiohttp.ClientTimeout(total=PROBE_SECONDS)
        async with aiohttp.ClientSession(timeout=timeout) as session, session.get(url) as response:
            if response.status != 200:
                return None
            body = json.loads((await response.content.read(MAX_BODY)).decode("utf-8"))
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError, ValueError):
        return None
    if not isinstance(body, dict) or body.get("status") != "ok" or body.get("protocol") != p.VERSION:
        return None
    return f"ws://127.0.0.1:{port}"
