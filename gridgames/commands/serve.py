"""`gridgames serve`: the app in a web browser, through textual-serve.

Every browser tab that opens the page gets its own `python -m gridgames` process, driven over a
websocket. Anyone who can reach the port can start such a process, so:

- the server listens on 127.0.0.1 (this computer only) unless `--host` says otherwise;
- a websocket is accepted only from a page this server served (its `Origin` is one of the
  server's own addresses), so another web site open in the browser cannot drive a session;
- the page is rendered with the server's own address: an unknown `Host` header (DNS rebinding,
  a forged request) is never written into it;
- at most `--max-sessions` tabs play at once (each is a process of about 40 MB), and every window
  size a tab sends, first or later, is capped (a 20000x20000 resize grew an app to 2.1 GB);
- `/static/` serves files, never a listing of its folder;
- input from a tab is capped: a message at STDIN_MAX bytes, a frame at BROWSER_FRAME_MAX, bytes
  and messages a second (`serve_internals.StdinGate`);
- each tab's process dies with its tab (asked to quit, killed after QUIT_GRACE) and with the
  server (Linux: a parent-death SIGKILL, which a busy or stopped app cannot put off; elsewhere
  its input closes), and Ctrl+C stops everything within SHUTDOWN_SECONDS.

What this needs of textual-serve beyond its public `Server` goes through `serve_internals`, which
checks the installed version against the range the tests ran on.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import ipaddress
import os
import shlex
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from gridgames.online.address import WILDCARD_HOSTS

DEFAULT_HOST = "127.0.0.1"
#: gridgames' own page (not textual-serve's, which loads a web font from an outside service).
PAGE_FOLDER = str(Path(__file__).with_name("serve_page"))
DEFAULT_PORT = 8000
SHUTDOWN_SECONDS = 5  # Ctrl+C stops the server and every tab's app within this time
QUIT_GRACE = 2.0  # how long the apps have to quit on their own before they are killed
DEFAULT_MAX_SESSIONS = 8
MAX_MAX_SESSIONS = 200
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
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


def _max_sessions(text: str) -> int:
    """argparse type for --max-sessions: a whole number from 1 to MAX_MAX_SESSIONS."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_MAX_SESSIONS:
        raise argparse.ArgumentTypeError(
            f"the number of sessions must be a whole number from 1 to {MAX_MAX_SESSIONS}, not {text[:20]!r}"
        )
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: this computer only; 0.0.0.0: your network too)",
    )
    parser.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--max-sessions",
        type=_max_sessions,
        default=DEFAULT_MAX_SESSIONS,
        metavar="N",
        help=f"browser tabs that may play at once (default {DEFAULT_MAX_SESSIONS}; each is a process)",
    )


def app_command() -> str:
    """The shell command textual-serve runs for each browser tab: this Python, this gridgames.

    `exec` makes the app the server's own child (not a shell's), so the parent-death signal set
    by `gridgames.commands.served_app` fires when the server dies, even by SIGKILL.
    """
    return f"exec {shlex.quote(sys.executable)} -m gridgames.commands.served_app {os.getpid()}"


def trusted_hosts(host: str, port: int) -> frozenset[str]:
    """The `Host` values (host:port) that name this server; anything else is untrusted.

    Loopback names always; the --host given; on a wildcard, this computer's name. IP literals
    of this computer are checked per request (`_is_own_address`); other names are not trusted,
    since a hostile name can resolve to 127.0.0.1 (DNS rebinding).
    """
    names = set(LOOPBACK_NAMES)
    if host in WILDCARD_HOSTS:
        hostname = socket.gethostname()
        names |= {hostname, hostname.lower()}
    else:
        names.add(f"[{host}]" if ":" in host else host)
    with_port = {f"{name}:{port}" for name in names}
    if port == 80:
        with_port |= names
    return frozenset(with_port)


def _is_own_address(netloc: str, port: int, wildcard: bool) -> bool:
    """Whether `netloc` is an IP literal of this computer with our port (only when serving on all)."""
    if not wildcard:
        return False
    address, _, given_port = netloc.rpartition(":")
    if given_port != str(port):
        return False
    address = address.strip("[]")
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    with socket.socket(family, socket.SOCK_DGRAM) as probe:
        try:
            probe.bind((address, 0))  # only an address of this computer can be bound
        except OSError:
            return False
    return True


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


def _make_server(host: str, port: int, max_sessions: int = DEFAULT_MAX_SESSIONS):  # type: ignore[no-untyped-def]
    """A textual-serve Server for gridgames (imported here: only `serve` needs textual-serve)."""
    import aiohttp_jinja2
    import jinja2
    from aiohttp import web
    from textual_serve.server import Server

    from gridgames.commands import serve_internals as internals

    trusted = trusted_hosts(host, port)
    wildcard = host in WILDCARD_HOSTS
    own_url = url_for("127.0.0.1" if wildcard else host, port)

    class GridGamesServer(Server):
        """textual-serve's server, hardened (see the module docstring) and with gridgames' own banner."""

        def __init__(self) -> None:
            super().__init__(app_command(), host=host, port=port, title="gridgames", public_url=own_url)
            self.sessions: set[asyncio.Task[object]] = set()
            self.services: set[object] = set()

        def is_trusted(self, netloc: str) -> bool:
            return netloc.lower() in trusted or _is_own_address(netloc.lower(), port, wildcard)

        async def _make_app(self) -> web.Application:
            app = web.Application()
            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(PAGE_FOLDER))
            app.add_routes(internals.routes(self, self.handle_index, self.handle_websocket))
            app.on_startup.append(self.on_startup)
            app.on_shutdown.append(self.on_shutdown)
            return app

        def serve(self, debug: bool = False) -> None:
            """textual-serve's `serve`, with a short grace for handlers after on_shutdown has run."""
            import signal

            from aiohttp.web_runner import GracefulExit

            def request_exit() -> None:
                raise GracefulExit()

            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(signal.SIGINT, request_exit)
                loop.add_signal_handler(signal.SIGTERM, request_exit)
            web.run_app(
                self._make_app(),
                host=self.host,
                port=self.port,
                handle_signals=False,
                loop=loop,
                print=lambda *args: None,
                shutdown_timeout=0.5,
            )

        async def on_startup(self, app: object) -> None:
            print(_announce(host, port), flush=True)

        async def handle_index(self, request):  # type: ignore[no-untyped-def]
            # the browser's own address only when it is one of ours; never an arbitrary Host header
            netloc = request.host or ""
            self.public_url = f"http://{netloc}" if self.is_trusted(netloc) else own_url
            return await super().handle_index(request)

        def refusal(self, request: web.Request) -> web.Response | None:
            """Why this websocket may not open a session (a response to send), or None."""
            origin = request.headers.get("Origin", "")
            parts = urlsplit(origin)
            if parts.scheme not in ("http", "https") or not self.is_trusted(parts.netloc):
                return web.Response(
                    status=403,
                    text="Only pages served by this gridgames server may open a game session.\n",
                )
            if len(self.sessions) >= max_sessions:
                return web.Response(
                    status=503,
                    text=f"All {max_sessions} game sessions are in use; close a tab and try again.\n",
                )
            return None

        async def handle_websocket(self, request):  # type: ignore[no-untyped-def]
            refused = self.refusal(request)
            if refused is not None:
                return refused
            session = asyncio.current_task()
            if session is not None:
                self.sessions.add(session)
            try:
                return await self._run_session(request)
            finally:
                self.sessions.discard(session)

        async def _run_session(self, request: web.Request) -> web.WebSocketResponse:
            """textual-serve's websocket handler, keeping each session's app so shutdown can end it."""
            # timeout: how long closing waits for the browser's reply (a silent one cannot stall Ctrl+C)
            websocket = web.WebSocketResponse(
                heartbeat=15, max_msg_size=internals.BROWSER_FRAME_MAX, timeout=1.0
            )
            width, height = internals.capped_size(request.query.get("width"), request.query.get("height"))
            service = None
            try:
                await websocket.prepare(request)
                service = internals.new_service(
                    self, websocket.send_bytes, websocket.send_str, websocket.close
                )
                self.services.add(service)
                await service.start(width, height)
                try:
                    await internals.relay_browser(websocket, service)
                finally:  # an app too busy to quit (or stopped) is killed: it may not keep its slot
                    with contextlib.suppress(asyncio.TimeoutError):
                        await asyncio.wait_for(service.stop(), QUIT_GRACE)
            except asyncio.CancelledError:
                await websocket.close()
            except Exception:  # noqa: BLE001 - one broken session must not stop the server
                pass
            finally:
                if service is not None:
                    self.services.discard(service)
                    _kill(service)
            return websocket

        async def on_shutdown(self, app: object) -> None:
            """Every app is told to quit at once; those still running after QUIT_GRACE are killed."""
            started = asyncio.get_running_loop().time()
            services = list(self.services)
            await asyncio.gather(*(internals.ask_to_quit(service, 0.5) for service in services))
            processes = [process for process in map(internals.process_of, services) if process is not None]
            waits = [asyncio.ensure_future(process.wait()) for process in processes]
            if waits:
                await asyncio.wait(waits, timeout=QUIT_GRACE)
            for service in services:  # still running after the grace: ended now, and so is the task
                _kill(service)  # relaying its output (a browser that stopped reading cannot hold it)
                task = internals.task_of(service)
                if task is not None:
                    task.cancel()
            open_sessions = [session for session in self.sessions if not session.done()]
            for session in open_sessions:
                session.cancel()
            left = SHUTDOWN_SECONDS - 2 - (asyncio.get_running_loop().time() - started)
            if open_sessions and left > 0:
                await asyncio.wait(open_sessions, timeout=left)

    return GridGamesServer()


def _kill(service: object) -> None:
    """End a session's app process if it is still running (it has had its chance to quit)."""
    from gridgames.commands.serve_internals import process_of

    process = process_of(service)
    if process is not None and process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.kill()


def run(args: argparse.Namespace) -> int:
    try:
        from gridgames.commands.serve_internals import incompatibility

        server = _make_server(args.host, args.port, args.max_sessions)
    except ModuleNotFoundError:  # textual-serve (or its aiohttp) is not installed
        sys.stderr.write(INSTALL_HINT + "\n")
        return 1
    unfit = incompatibility()
    if unfit is not None:
        sys.stderr.write(f"gridgames: {unfit}\n")
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
