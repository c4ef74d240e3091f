"""`gridgames serve` against hostile pages and requests, over loopback only.

Another web site open in the browser must not drive a session (Origin), a forged Host header must
not reach the page, sessions are capped, /static/ lists nothing, the tabs' processes die with the
server even when it is SIGKILLed, and Ctrl+C stops everything within its stated time.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")

from gridgames.commands.serve import SHUTDOWN_SECONDS  # noqa: E402
from tests.waiting import scaled, wait_until  # noqa: E402

START_SECONDS = scaled(15)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(tmp_path: Path, max_sessions: int = 2) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    port = _free_port()
    env = dict(os.environ, HOME=str(tmp_path), GRIDGAMES_DATA_DIR=str(tmp_path / "data"))
    process = subprocess.Popen(
        [sys.executable, "-m", "gridgames", "serve", "--port", str(port),
         "--max-sessions", str(max_sessions)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1):
                    break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, "serve did not start"
                time.sleep(0.1)
        yield process, port
    finally:
        with_children = [process.pid, *children(process.pid)]
        for pid in with_children:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        process.wait(10)


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def open_sessions(port: int, count: int, origin: str | None = None) -> tuple[list, list[int]]:
    """Try `count` websockets; the open ones (kept open) and the refused ones' HTTP statuses."""
    session = aiohttp.ClientSession()
    opened, refused = [], []
    headers = {"Origin": origin or f"http://127.0.0.1:{port}"}
    for _ in range(count):
        try:
            url = f"ws://127.0.0.1:{port}/ws?width=80&height=24"
            opened.append(await session.ws_connect(url, headers=headers))
        except aiohttp.WSServerHandshakeError as error:
            refused.append(error.status)
    return [session, *opened], refused


def test_pages_origins_hosts_listings_and_the_session_cap(tmp_path):
    with serving(tmp_path, max_sessions=2) as (_server, port):
        page = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Host": f"evil.example:{port}"})
        with urllib.request.urlopen(page, timeout=5) as response:
            html = response.read().decode()
        assert "evil.example" not in html and f"ws://127.0.0.1:{port}/ws" in html
        with pytest.raises(urllib.error.HTTPError) as listing:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/static/", timeout=5)
        assert listing.value.code in (403, 404)

        async def scenario() -> None:
            for origin in ("http://evil.example", f"http://evil.example:{port}", "null"):
                handles, refused = await open_sessions(port, 1, origin)
                assert refused == [403]
                await handles[0].close()
            handles, refused = await open_sessions(port, 3)
            assert len(handles) == 3 and refused == [503]  # two sessions, the third refused
            for handle in handles[::-1]:
                await handle.close()

        asyncio.run(asyncio.wait_for(scenario(), 60))


def test_the_tabs_processes_die_with_the_server_even_on_sigkill(tmp_path):
    with serving(tmp_path) as (server, port):

        async def scenario() -> list[int]:
            handles, _ = await open_sessions(port, 2)
            wait_until(lambda: len(children(server.pid)) == 2, "an app process per tab", scaled(20))
            apps = children(server.pid)
            server.kill()
            return apps

        apps = asyncio.run(asyncio.wait_for(scenario(), 60))
        wait_until(lambda: not any(alive(pid) for pid in apps), "the orphaned apps to end", scaled(10))


def test_ctrl_c_stops_the_server_and_its_tabs_within_the_stated_time(tmp_path):
    with serving(tmp_path, max_sessions=4) as (server, port):

        async def scenario() -> tuple[list[int], float]:
            handles, _ = await open_sessions(port, 4)
            wait_until(lambda: len(children(server.pid)) == 4, "an app process per tab", scaled(30))
            apps = children(server.pid)
            started = time.monotonic()
            server.send_signal(signal.SIGINT)
            await asyncio.get_running_loop().run_in_executor(None, server.wait, 30)
            return apps, time.monotonic() - started

        apps, took = asyncio.run(asyncio.wait_for(scenario(), 90))
        assert server.returncode == 0
        assert took < SHUTDOWN_SECONDS, f"Ctrl+C took {took:.1f} s"
        wait_until(lambda: not any(alive(pid) for pid in apps), "the tabs' processes to end", scaled(5))
