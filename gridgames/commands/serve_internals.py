"""Everything `gridgames serve` uses of textual-serve beyond `Server(command, ...).serve()`, in one place.

textual-serve offers no hooks for what `serve` needs: its own route table (no listing of /static/),
a cap on the window size of every message from the browser, and each tab's app ended when the
server stops. So `serve` reaches into its internals, only through this module. They are checked
against `SUPPORTED`, the range the tests ran against, which pyproject.toml pins too (a test keeps
the two equal); `incompatibility()` says in one sentence what does not fit, and `gridgames serve`
refuses to start rather than run on internals that may have changed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from importlib import metadata
from typing import Any

from gridgames.online.limits import Bucket

SUPPORTED = ">=1.1.3,<1.2"  # the same as pyproject.toml's `textual-serve` pins
LOWEST, BELOW = (1, 1, 3), (1, 2)
#: A browser window, in cells: a larger one would make its app allocate gigabytes (20000x20000: 2.1 GB).
MAX_WIDTH, MAX_HEIGHT = 1000, 500
MIN_WIDTH, MIN_HEIGHT = 10, 5
#: Keyboard and mouse input from one tab: one message (a key, a mouse event, a paste) is at most
#: STDIN_MAX bytes, and a tab sends at most STDIN_RATE bytes (bursts of two full messages) and
#: STDIN_MESSAGES messages a second (bursts of twice that). A 900 KB message ran its app at 100% CPU
#: and 1.5 GB in 40 s, and 16 KB a second of keys grew an app from 40 to 150 MB in 10 s; typing (a
#: byte or a few a key), the mouse (a dozen bytes an event) and pasting an invitation stay far
#: below. Anything over is dropped, unread.
STDIN_MAX = 4096
STDIN_RATE = 2048
STDIN_MESSAGES = 200
#: The largest websocket frame a tab may send: aiohttp closes the tab's connection on a larger one.
BROWSER_FRAME_MAX = 64 * 1024
#: Seconds an app may take no input (stopped, or too busy to read its pipe) before its tab ends.
APP_STALL_SECONDS = 10.0

# What serve uses, by owner: checked by `incompatibility()`.
SERVER_METHODS = ("handle_index", "handle_download", "initialize_logging")
SERVER_ATTRIBUTES = ("statics_path", "download_manager", "command", "debug")
SERVICE_METHODS = ("start", "stop", "send_bytes", "send_meta", "set_terminal_size", "blur", "focus")
SERVICE_ATTRIBUTES = ("_process", "_task")


def version_of(text: str) -> tuple[int, ...] | None:
    """`1.1.3` as (1, 1, 3); None for anything that is not dotted numbers (a pre-release counts as not)."""
    parts = text.strip().split(".")
    if not parts or not all(part.isdigit() for part in parts):
        return None
    return tuple(int(part) for part in parts)


def incompatibility(version: str | None = None) -> str | None:
    """One sentence when the installed textual-serve (or `version`) is not one serve was tested with."""
    if version is None:
        try:
            version = metadata.version("textual-serve")
        except metadata.PackageNotFoundError:
            return "gridgames serve needs textual-serve: pip install 'gridgames[serve]'."
    number = version_of(version)
    if number is None or not LOWEST <= number < BELOW:
        lowest, below = ".".join(map(str, LOWEST)), ".".join(map(str, BELOW))
        return (
            f"gridgames serve relies on internals of textual-serve {lowest} up to (not including) {below}, "
            f"and this is {version}: pip install 'textual-serve{SUPPORTED}'."
        )
    return _missing_parts()


def _missing_parts() -> str | None:
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    server = Server("true")
    service = AppService(
        "true", write_bytes=_ignore, write_str=_ignore, close=_ignore,
        download_manager=server.download_manager,
    )
    missing = [f"Server.{name}" for name in SERVER_METHODS if not callable(getattr(Server, name, None))]
    missing += [f"Server.{name}" for name in SERVER_ATTRIBUTES if not hasattr(server, name)]
    missing += [
        f"AppService.{name}" for name in SERVICE_METHODS if not callable(getattr(AppService, name, None))
    ]
    missing += [f"AppService.{name}" for name in SERVICE_ATTRIBUTES if not hasattr(service, name)]
    if missing:
        return f"This textual-serve lacks what gridgames serve relies on: {', '.join(missing)}."
    return None


async def _ignore(*args: object) -> None:
    return None


def capped_size(width: object, height: object) -> tuple[int, int]:
    """A window size from the browser (any JSON, or query text), within MIN..MAX cells."""

    def whole(value: object, default: int) -> int:
        if isinstance(value, bool):
            return default
        if isinstance(value, (int, float)) and value == value and abs(value) < 1e9:
            return int(value)
        if isinstance(value, str):
            with contextlib.suppress(ValueError):
                return int(float(value[:20]))
        return default

    return (
        min(max(whole(width, 80), MIN_WIDTH), MAX_WIDTH),
        min(max(whole(height, 24), MIN_HEIGHT), MAX_HEIGHT),
    )


# -- the parts of a session ----------------------------------------------------------------------
Writer = Callable[..., Awaitable[Any]]


def new_service(server: Any, write_bytes: Writer, write_str: Writer, close: Writer) -> Any:
    """textual-serve's AppService for one tab, running the server's command."""
    from textual_serve.app_service import AppService

    return AppService(
        server.command, write_bytes=write_bytes, write_str=write_str, close=close,
        download_manager=server.download_manager, debug=server.debug,
    )


def routes(server: Any, handle_index: Any, handle_websocket: Any) -> list[Any]:
    """The page, the websocket, downloads and /static/ (files only, never a listing)."""
    from aiohttp import web

    return [
        web.get("/", handle_index, name="index"),
        web.get("/ws", handle_websocket, name="websocket"),
        web.get("/download/{key}", server.handle_download, name="download"),
        web.static("/static", server.statics_path, show_index=False, name="static"),
    ]


class StdinGate:
    """What a tab may type: `admitted(text)` is the bytes to pass on, or None for a message over
    STDIN_MAX bytes or over the tab's rate (bytes and messages a second, token buckets): dropped."""

    def __init__(
        self, byte_rate: float = STDIN_RATE, byte_burst: float = 2 * STDIN_MAX,
        message_rate: float = STDIN_MESSAGES, message_burst: float = 2 * STDIN_MESSAGES,
    ) -> None:
        self.bytes = Bucket(byte_rate, byte_burst)
        self.messages = Bucket(message_rate, message_burst)
        self.dropped = 0

    def admitted(self, text: str) -> bytes | None:
        data = text[: STDIN_MAX + 1].encode("utf-8", "replace")  # a longer one is refused anyway
        if len(data) > STDIN_MAX or not self.messages.take() or not self.bytes.take(len(data)):
            self.dropped += 1
            return None
        return data


async def relay_browser(websocket: Any, service: Any, gate: StdinGate | None = None) -> None:
    """Pass the browser's messages to its app until the websocket closes, every resize capped
    (textual-serve's own loop caps none of them, and trusts their shape) and input within the
    tab's `StdinGate`."""
    from aiohttp import WSMsgType

    gate = gate or StdinGate()

    async def to_app(sending: Awaitable[Any]) -> None:
        """An app that takes nothing for APP_STALL_SECONDS (stopped, or its pipe full) ends its tab."""
        await asyncio.wait_for(sending, APP_STALL_SECONDS)

    async for message in websocket:
        if message.type != WSMsgType.TEXT:
            continue
        try:
            envelope = message.json()
        except ValueError:
            continue
        if not isinstance(envelope, list) or not envelope:
            continue
        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
        try:
            if kind == "stdin" and isinstance(data, str):
                raw = gate.admitted(data)
                if raw is not None:
                    await to_app(service.send_bytes(raw))
            elif kind == "resize" and isinstance(data, dict):
                await to_app(service.set_terminal_size(*capped_size(data.get("width"), data.get("height"))))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await to_app(service.blur())
            elif kind == "focus":
                await to_app(service.focus())
        except asyncio.TimeoutError:
            return


def process_of(service: Any) -> Any:
    """The app process of a session (None before it started)."""
    return getattr(service, "_process", None)


def task_of(service: Any) -> Any:
    """The task relaying a session's app output (None when there is none)."""
    return getattr(service, "_task", None)


async def ask_to_quit(service: Any, seconds: float) -> None:
    """Send the app textual-serve's "quit" message; a session whose pipe is gone is killed later."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(service.send_meta({"type": "quit"}), seconds)
