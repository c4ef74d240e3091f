"""Server URLs and invites: `ws://HOST:PORT/ROOM` names a room (its id is 128 random bits).

A friend can paste the address with or without `ws://`; `http://` is taken to mean `ws://`
and `https://` to mean `wss://` (a server behind a TLS proxy).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from gridgames.online.protocol import ROOM_ID

DEFAULT_PORT = 8765
SCHEMES = {"ws": "ws", "http": "ws", "wss": "wss", "https": "wss"}


class AddressError(ValueError):
    """An address that names no server or room; `str()` is one sentence."""


@dataclass(frozen=True)
class Address:
    server: str  # ws://host:port
    room: str

    def __str__(self) -> str:
        return f"{self.server}/{self.room}"


def server_url(text: str) -> str:
    """`ws://host:port` from `host`, `host:port`, or a ws/http(s) URL; raises AddressError."""
    text = text.strip()
    if "://" not in text:
        text = "ws://" + text
    parts = urlsplit(text)
    scheme = SCHEMES.get(parts.scheme.lower())
    try:
        port = parts.port
        host = parts.hostname
    except ValueError:
        host, port = None, None
    if scheme is None or not host:
        raise AddressError(f"'{text}' is not a game server address: write it as ws://HOST:PORT.")
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port or DEFAULT_PORT}"


def parse_address(text: str) -> Address:
    """A room address, as an invite prints it; raises AddressError with one sentence."""
    cleaned = text.strip().rstrip("/")
    server, _, room = cleaned.rpartition("/")
    if not server or not ROOM_ID.fullmatch(room):
        raise AddressError(
            f"'{text}' is not a game address: copy the whole address from the invite, "
            "e.g. ws://192.168.1.5:8765/Zq3..."
        )
    return Address(server_url(server.rstrip("/")), room)

