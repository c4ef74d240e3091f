"""`GET /health`: whether this server can take players now, for a load balancer's health check.

200 with `{"status": "ok", ...}` when the server's database answers, 503 with `"status":
"unavailable"` when it does not (a load balancer then sends new players to another server). The
body also says the protocol version and how many rooms and connections this server holds; it
names no room and no database.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from gridgames.online import protocol as p
from gridgames.online.store import RoomStore

PATH = "/health"


def handler(
    store: RoomStore, rooms: Callable[[], int], connections: Callable[[], int]
) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def health(request: web.Request) -> web.Response:
        ok = await store.healthy()
        body = {
            "status": "ok" if ok else "unavailable",
            "protocol": p.VERSION,
            "rooms": rooms(),
            "connections": connections(),
        }
        return web.json_response(body, status=200 if ok else 503)

    return health
