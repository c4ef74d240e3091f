"""`gridgames serve` against a tab that floods its app, or an app that stops answering (issue 29,
item 27): input is capped per message and per second, a frame over the limit ends the tab, and no
app outlives its tab or its server, even one that cannot act on a signal (stopped: SIGSTOP). Over
loopback only; every wait is bounded and ends as soon as its condition holds."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from gridgames.commands import serve_internals as internals
from tests.waiting import scaled, wait_until

from .test_serve_security import alive, children, open_sessions, serving

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")


def test_stdin_messages_are_capped_in_size_and_rate():
    gate = internals.StdinGate(byte_rate=1, byte_burst=3 * 4096, message_rate=1, message_burst=5)
    assert gate.admitted("x" * (internals.STDIN_MAX + 1)) is None  # one message: at most STDIN_MAX bytes
    assert gate.admitted("é" * (internals.STDIN_MAX // 2 + 1)) is None  # counted in bytes, not characters
    assert gate.admitted("x" * internals.STDIN_MAX) == b"x" * internals.STDIN_MAX  # exactly the limit
    assert gate.admitted("y" * internals.STDIN_MAX) is not None
    assert gate.admitted("z" * internals.STDIN_MAX) is not None
    assert gate.admitted("w" * 100) is None  # the bytes a second are spent
    assert gate.admitted("a") is None  # and so are the messages a second (5: 3 passed, 3 refused)
    assert gate.dropped == 4


def test_a_flood_of_single_keys_is_cut_at_the_messages_rate():
    gate = internals.StdinGate(message_rate=1, message_burst=50)
    passed = sum(gate.admitted("k") is not None for _ in range(1000))
    assert passed == 50 and gate.dropped == 950


def _app_of(server_pid: int) -> int:
    wait_until(lambda: len(children(server_pid)) == 1, "an app process to start", scaled(20))
    return children(server_pid)[0]


async def _running_app(server_pid: int, ws) -> int:  # type: ignore[no-untyped-def]
    """The tab's app process, once it has drawn something (so it is past its start-up)."""
    while True:
        frame = await asyncio.wait_for(ws.receive(), 30)
        assert frame.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), frame
        if frame.type == aiohttp.WSMsgType.BINARY:
            return await asyncio.to_thread(_app_of, server_pid)


def test_a_tabs_app_has_its_memory_capped(tmp_path):
    from gridgames.commands.served_app import MEMORY_LIMIT

    with serving(tmp_path, max_sessions=1) as (server, port):

        async def scenario() -> str:
            handles, _ = await open_sessions(port, 1)
            app = await _running_app(server.pid, handles[1])
            limits = Path(f"/proc/{app}/limits").read_text()
            for handle in handles[::-1]:
                await handle.close()
            return limits

        limits = asyncio.run(asyncio.wait_for(scenario(), 60))
    line = next(line for line in limits.splitlines() if line.startswith("Max data size"))
    assert line.split()[3] == str(MEMORY_LIMIT)


def test_a_900_kb_stdin_message_ends_its_tab_and_its_app(tmp_path):
    with serving(tmp_path, max_sessions=1) as (server, port):

        async def scenario() -> tuple[int, object]:
            handles, _ = await open_sessions(port, 1)
            app = await asyncio.to_thread(_app_of, server.pid)
            ws = handles[1]
            await ws.send_str('["stdin", "' + "x" * 900_000 + '"]')
            closed = await asyncio.wait_for(ws.receive(), 20)  # the server closes it: the frame is too large
            await handles[0].close()
            return app, closed.type

        app, kind = asyncio.run(asyncio.wait_for(scenario(), 60))
        assert kind in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
        wait_until(lambda: not alive(app), "the app to end with its tab", scaled(15))


def test_a_stopped_app_is_killed_when_its_tab_closes_and_frees_its_slot(tmp_path):
    with serving(tmp_path, max_sessions=1) as (server, port):

        async def scenario() -> tuple[int, list[int]]:
            handles, _ = await open_sessions(port, 1)
            app = await _running_app(server.pid, handles[1])
            os.kill(app, signal.SIGSTOP)  # it can no longer quit when asked
            for handle in handles[::-1]:
                await handle.close()
            await asyncio.to_thread(wait_until, lambda: not alive(app), "the stopped app to end with its tab",
                                    scaled(15))
            again, refused = await open_sessions(port, 1)  # the slot is free again
            for handle in again[::-1]:
                await handle.close()
            return app, refused

        _, refused = asyncio.run(asyncio.wait_for(scenario(), 60))
        assert refused == []


def test_a_stopped_app_dies_when_serve_is_killed(tmp_path):
    with serving(tmp_path) as (server, port):

        async def scenario() -> int:
            handles, _ = await open_sessions(port, 1)
            app = await _running_app(server.pid, handles[1])
            os.kill(app, signal.SIGSTOP)  # a SIGTERM would wait, pending, until it runs again
            server.kill()
            for handle in handles[::-1]:
                await handle.close()
            return app

        app = asyncio.run(asyncio.wait_for(scenario(), 60))
        wait_until(lambda: not alive(app), "the app to end with serve", scaled(10))
