"""Server URLs and invites: `ws://HOST:PORT/ROOM` names a room (its id is 128 random bits).

A room served by several servers sharing one database (see docs/servers.md) is named by all of
them, comma-separated as in libpq's multi-host URLs: `ws://HOST1:PORT1,HOST2:PORT2/ROOM`. A client
connects to the first and, whenever its connection drops, tries the next in turn.

A friend can paste the address with or without `ws://` (`wss://`: a server behind a TLS proxy).
Any other scheme, `http://` too, is refused in one sentence rather than silently rewritten (a web
page's address is not a game server's), as is anything else: the whole text must have this shape
(no path, query, user or stray characters).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gridgames.online.protocol import ROOM_ID

DEFAULT_PORT = 8765
#: Host names that mean "every network interface" to a listening server.
WILDCARD_HOSTS = ("0.0.0.0", "::", "")
SCHEMES = ("ws", "wss")
MAX_SERVERS = 16

_HOST = r"\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,251}[A-Za-z0-9_])?"
_ENTRY = re.compile(rf"(?P<host>{_HOST})(?::(?P<port>[0-9]{{1,5}}))?")
_URL = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]{0,15})://(?P<hosts>[^/?#@\s]*)")


def reach(host: str) -> str:
    """Who can connect to a server listening on `host`, in words."""
    if host in WILDCARD_HOSTS:
        return "every network interface: players on your network can join"
    if host in ("127.0.0.1", "localhost", "::1"):
        return "this computer only; --host 0.0.0.0 lets players on your network join"
    return "players who can reach this address can join"


class AddressError(ValueError):
    """An address that names no server or room; `str()` is one sentence."""


@dataclass(frozen=True)
class Address:
    server: str  # ws://host:port, or ws://host1:port1,host2:port2 for several servers
    room: str

    def __str__(self) -> str:
        return f"{self.server}/{self.room}"

    @property
    def servers(self) -> tuple[str, ...]:
        return servers_of(self.server)


def server_url(text: str) -> str:
    """`ws://host:port[,host:port...]` from `host`, `host:port`, a list of them, or a ws/http(s) URL;
    raises AddressError with one sentence."""
    cleaned = text.strip()
    if "://" not in cleaned:
        cleaned = "ws://" + cleaned
    found = _URL.fullmatch(cleaned)
    if found is None:
        raise AddressError(f"'{text.strip()}' is not a game server address: write it as ws://HOST:PORT.")
    scheme = found.group("scheme").lower()
    if scheme not in SCHEMES:
        raise AddressError(
            f"'{text.strip()}' starts with {found.group('scheme')}://, but game servers speak WebSocket: "
            "write ws://HOST:PORT (wss:// behind TLS)."
        )
    entries = found.group("hosts").split(",")
    if len(entries) > MAX_SERVERS:
        raise AddressError(f"'{text.strip()}' names more than {MAX_SERVERS} servers.")
    hosts = []
    for entry in entries:
        part = _ENTRY.fullmatch(entry)
        port = int(part.group("port")) if part and part.group("port") else DEFAULT_PORT
        if part is None or not 1 <= port <= 65535:
            raise AddressError(
                f"'{entry}' in '{text.strip()}' is not a server: write HOST:PORT (several: comma between)."
            )
        hosts.append(f"{part.group('host')}:{port}")
    return format_servers(scheme, hosts)


def format_servers(scheme: str, hosts: list[str]) -> str:
    """`ws://h1:p1,h2:p2` from the scheme and the servers' `host:port` (IPv6 hosts in brackets)."""
    return f"{scheme}://{','.join(hosts)}"


def servers_of(server: str) -> tuple[str, ...]:
    """Each server of a (possibly multi-host) server URL as its own `ws://host:port`, in order."""
    scheme, _, hosts = server_url(server).partition("://")
    return tuple(f"{scheme}://{host}" for host in hosts.split(","))


def parse_address(text: str) -> Address:
    """A room address, as an invite prints it; raises AddressError with one sentence."""
    cleaned = text.strip().rstrip("/")
    server, _, room = cleaned.rpartition("/")
    if not server.rstrip("/") or not ROOM_ID.fullmatch(room):
        raise AddressError(
            f"'{text.strip()}' is not a game address: copy the whole address from the invite, "
            "e.g. ws://192.168.1.5:8765/Zq3..."
        )
    return Address(server_url(server.rstrip("/")), room)


def unreachable(server: str, error: BaseException) -> str:
    """The sentence for a server that cannot be reached, with why in words (never a class name)."""
    import socket

    cause = getattr(error, "os_error", None) or error  # aiohttp's connector error wraps the OS's
    if isinstance(cause, ConnectionRefusedError):
        why = "nothing is listening there"
    elif isinstance(cause, socket.gaierror):
        why = "that host name is not known"
    elif isinstance(cause, TimeoutError):
        why = "it did not answer"
    elif isinstance(cause, OSError) and cause.strerror:
        why = cause.strerror[:1].lower() + cause.strerror[1:80]
    else:
        why = "the connection failed"
    return f"Cannot reach the game server at {server}: {why}."
