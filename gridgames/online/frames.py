"""The game server's websocket frames, both ways: what aiohttp's reader lets through and the server must
not (client frames sent unmasked, pings past the connection's rate), and the server's own text frames
written whole (`text_frame`).

A client must mask every frame it sends (RFC 6455, 5.1: the server closes the connection on an
unmasked one), and aiohttp reads them either way. aiohttp also answers pings by itself, before a
handler sees them, so a flood of pings cost the server a pong each outside every rate limit. So
`watch` puts a thin filter in front of the connection's reader: it reads only the frame headers (2
to 14 bytes a frame; the payload goes straight through to aiohttp's reader), refuses an unmasked
frame (close 1002) and asks the connection's limit before each ping (close 1008 when it says no).

It reaches into aiohttp's request protocol (`_payload_parser`) and the response's message queue
(`_reader`), which aiohttp does not promise to keep: when they are missing, `watch` returns None
and the server runs without the filter (a test runs against the installed aiohttp and fails if it
cannot watch). Frames that came in with the upgrade request itself are read before the filter.

The filter also counts the reads (`Filter.reads`): the server's heartbeat (`GameServer`) looks at each
connection's count every few seconds, one timer for all of them, instead of aiohttp's heartbeat, which
moved a timer of the connection's own with every frame read.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

from aiohttp import WSCloseCode
from aiohttp.helpers import set_exception
from aiohttp.http_websocket import WebSocketError

OP_PING = 0x9
FIN_TEXT = 0x81  # the last (and only) frame of a text message
PING_FRAME = bytes((0x80 | OP_PING, 0))  # a server's ping, empty: the client answers with a pong


def text_frame(text: str) -> bytes:
    """`text` as one whole websocket frame from a server (RFC 6455, 5.2: final, text, unmasked, not
    compressed). Written straight to a connection's socket it costs one call and no task; a move's news
    is framed once for everyone in the room. aiohttp writes each of its own frames whole too (the
    heartbeat's pings, the closing frame), so frames from both never interleave."""
    data = text.encode()
    size = len(data)
    if size < 126:
        return bytes((FIN_TEXT, size)) + data
    if size < 65536:
        return struct.pack("!BBH", FIN_TEXT, 126, size) + data
    return struct.pack("!BBQ", FIN_TEXT, 127, size) + data


class Filter:
    """The connection's frame reader with every frame header checked first; `reads` counts the reads
    (anything heard, a pong included)."""

    def __init__(self, inner: Any, queue: Any, allow_ping: Callable[[], bool]) -> None:
        self.inner, self.queue = inner, queue
        self.allow_ping = allow_ping
        self.header = b""  # the start of a frame header, while it is split between reads
        self.skip = 0  # payload bytes of the current frame still to come
        self.refused = False
        self.reads = 0

    def feed_eof(self) -> None:
        self.inner.feed_eof()

    def feed_data(self, data: bytes) -> tuple[bool, bytes]:
        self.reads += 1
        if self.refused:
            return False, b""
        if not self.header and not self.skip and len(data) >= 6:
            # what nearly every read holds: one whole small frame, masked, not a ping (a move, a ping of
            # the app's own): passed on after a look at its two first bytes
            second, length = data[1], data[1] & 0x7F
            if second & 0x80 and length < 126 and len(data) == 6 + length and data[0] & 0x0F != OP_PING:
                return self.inner.feed_data(data)  # type: ignore[no-any-return]
        refusal = self._check(bytes(data))
        if refusal is not None:
            self.refused = True
            set_exception(self.queue, WebSocketError(*refusal))
            return False, b""
        return self.inner.feed_data(data)  # type: ignore[no-any-return]

    def _check(self, data: bytes) -> tuple[int, str] | None:
        at, size = 0, len(data)
        while at < size:
            if self.skip:
                taken = min(self.skip, size - at)
                self.skip -= taken
                at += taken
                continue
            wanted = _header_size(self.header) - len(self.header)
            self.header += data[at : at + wanted]
            at += min(wanted, size - at)
            if len(self.header) < _header_size(self.header):
                continue  # the header goes on in the next read (or its length is not known yet)
            first, second = self.header[0], self.header[1]
            if not second & 0x80:
                return WSCloseCode.PROTOCOL_ERROR, "Client frames must be masked."
            if first & 0x0F == OP_PING and not self.allow_ping():
                return WSCloseCode.POLICY_VIOLATION, "Too many pings."
            self.skip = _payload_size(self.header)
            self.header = b""
        return None


def _header_size(header: bytes) -> int:
    """Bytes in a frame header that starts with `header` (2 until its second byte is known)."""
    if len(header) < 2:
        return 2
    length = header[1] & 0x7F
    extended = 2 if length == 126 else 8 if length == 127 else 0
    return 2 + extended + (4 if header[1] & 0x80 else 0)


def _payload_size(header: bytes) -> int:
    length = header[1] & 0x7F
    if length == 126:
        return int.from_bytes(header[2:4], "big")
    if length == 127:
        return int.from_bytes(header[2:10], "big")
    return length


def watchable(request: Any) -> bool:
    """Whether `watch` can expect to filter the connection of `request` once upgraded (asked before
    `prepare`: a connection that cannot be watched keeps aiohttp's own heartbeat)."""
    return hasattr(getattr(request, "protocol", None), "_payload_parser")


def watch(ws: Any, request: Any, allow_ping: Callable[[], bool]) -> Filter | None:
    """Filter the frames of the websocket `ws` that `request` was upgraded to (call right after
    `prepare`): the filter; None when this aiohttp's internals are not as expected (nothing is then
    changed)."""
    protocol = getattr(request, "protocol", None)
    inner = getattr(protocol, "_payload_parser", None)
    queue = getattr(ws, "_reader", None)
    if inner is None or queue is None or not callable(getattr(inner, "feed_data", None)):
        return None
    found = protocol._payload_parser = Filter(inner, queue, allow_ping)  # type: ignore[union-attr]
    return found
