"""`gridgames serve`: the app in a web browser, through textual-serve.

Every browser tab that opens the page gets its own `python -m gridgames` process, driven over a
websocket. Anyone who can reach the port can start such a process, so the server listens on
127.0.0.1 (this computer only) unless `--host` says otherwise, and says so when it starts.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import shlex
import socket
import sys
from collections.abc import Callable

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
SHUTDOWN_SECONDS = 5  # how long Ctrl+C waits for open tabs' apps to quit
INSTALL_HINT = "gridgames serve needs textual-serve: pip install 'gridgames[serve]'."


def port_type(lowest: int = 1) -> Callable[[str], int]:
    """An argparse type for --port: a whole number from `lowest` (0 means any free port) to 65535."""

    def port_number(text: str) -> int:
        try:
            port = int(text)
        except ValueError:
            port = -1
        if not lowest <= port <= 65535:
            raise argparse.ArgumentTypeError(
                f"the port must be a whole number from {lowest} to 65535, not {text!r}"
            )
        return port

    return port_number


_port = port_type(1)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: this computer only; 0.0.0.0: your network too)",
    )
    parser.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})"
    )


def app_command() -> str:
    """The shell command textual-serve runs for each browser tab: this Python, this gridgames."""
    return f"{shlex.quote(sys.executable)} -m gridgames"


def url_for(host: str, port: int) -> str:
    """The address to open in a browser (an IPv6 host goes in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def why_cannot_listen(host: str, port: int) -> str | None:
    """One sentence saying why the server could not listen on host:port, or None if it can.

    Binds and releases every address the host resolves to, the way the server will (address reuse
    on, so a port in TIME_WAIT is still free), so a port in use is reported before anything starts.
    """
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        return f"Cannot serve on {host!r}: it is not an address or host name this computer can resolve."
    for family, kind, proto, _, address in addresses:
        with socket.socket(family, kind, proto) as probe:
            if sys.platform != "win32":
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as error:
                return _bind_error_sentence(error, host, port)
    return None


def _bind_error_sentence(error: OSError, host: str, port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return f"Port {port} is already in use on {host}; choose another with --port."
    if error.errno == errno.EACCES:
        return f"Port {port} needs administrator rights; choose one above 1023 with --port."
    if error.errno == errno.EADDRNOTAVAIL:
        return f"{host} is not an address of this computer; try --host {DEFAULT_HOST}."
    return f"Cannot listen on {host} port {port}: {error.strerror or error}."


WILDCARD_HOSTS = ("0.0.0.0", "::", "")


def _announce(host: str, port: int) -> str:
    if host in WILDCARD_HOSTS:
        return (
            f"gridgames is serving at {url_for('127.0.0.1', port)}  - open it in a web browser.\n"
            f"Listening on every network interface: other devices can open "
            f"http://{socket.gethostname()}:{port} (or this computer's IP address). Press Ctrl+C to stop."
        )
    who = (
        "this computer only; use --host 0.0.0.0 to let other devices connect"
        if host in ("127.0.0.1", "localhost", "::1")
        else "devices that can reach this address can open it too"
    )
    return (
        f"gridgames is serving at {url_for(host, port)}  - open it in a web browser.\n"
        f"Listening on {host} ({who}). Press Ctrl+C to stop."
    )


def _make_server(host: str, port: int):  # type: ignore[no-untyped-def]
    """A textual-serve Server for gridgames (imported here: only `serve` needs textual-serve)."""
    from textual_serve.server import Server

    class GridGamesServer(Server):
        """textual-serve's server, with three changes.

        - It prints gridgames' own start-up lines instead of textual-serve's banner.
        - The page is rendered for the address the browser actually used: textual-serve writes
          host:port into it as the websocket address, wrong for --host 0.0.0.0, IPv6 or an ssh tunnel.
        - Ctrl+C ends every open tab's session at once (its app is told to quit) instead of waiting
          for the browsers to hang up.
        """

        def __init__(self) -> None:
            super().__init__(app_command(), host=host, port=port, title="gridgames")
            self.sessions: set[asyncio.Task[object]] = set()

        async def on_startup(self, app: object) -> None:
            print(_announce(host, port), flush=True)

        async def handle_index(self, request):  # type: ignore[no-untyped-def]
            self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

        async def handle_websocket(self, request):  # type: ignore[no-untyped-def]
            session = asyncio.current_task()
            if session is not None:
                self.sessions.add(session)
            try:
                return await super().handle_websocket(request)
            finally:
                self.sessions.discard(session)  # type: ignore[arg-type]

        async def on_shutdown(self, app: object) -> None:
            open_sessions = [session for session in self.sessions if not session.done()]
            for session in open_sessions:
                session.cancel()  # textual-serve then sends the app "quit" and closes the websocket
            if open_sessions:
                await asyncio.wait(open_sessions, timeout=SHUTDOWN_SECONDS)

    return GridGamesServer()


def run(args: argparse.Namespace) -> int:
    try:
        server = _make_server(args.host, args.port)
    except ModuleNotFoundError:  # textual-serve (or its aiohttp) is not installed
        sys.stderr.write(INSTALL_HINT + "\n")
        return 1
    problem = why_cannot_listen(args.host, args.port)
    if problem is not None:
        sys.stderr.write(f"gridgames: {problem}\n")
        return 2
    try:
        server.serve()  # returns after Ctrl+C (SIGINT) or SIGTERM, once every tab's app has quit
    except OSError as error:  # lost a race for the port after the check above
        sys.stderr.write(f"gridgames: {_bind_error_sentence(error, args.host, args.port)}\n")
        return 2
    print("gridgames serve stopped.", flush=True)
    return 0
