"""`join` and `host --server` to a server nobody answers give up after a bounded time (GIVE_UP_SECONDS
of failed tries, set near zero here so no test waits) with one sentence and exit 1; an address of
another scheme (http://) is refused in one sentence, not rewritten to ws://."""

from __future__ import annotations

import io
import socket
import sys

import pytest

from gridgames.cli import main
from gridgames.online import client

ROOM = "abcdefghijklmnopqrstuv"


@pytest.fixture
def closed_port() -> int:
    """A loopback port nothing listens on (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(autouse=True)
def quick_give_up(monkeypatch, tmp_path):
    monkeypatch.setattr(client, "GIVE_UP_SECONDS", 0.3)
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))


@pytest.mark.parametrize("command", ["join", "host"])
def test_an_unreachable_server_is_given_up_in_one_sentence_with_exit_1(capsys, closed_port, command):
    server = f"ws://127.0.0.1:{closed_port}"
    argv = ["join", f"{server}/{ROOM}"] if command == "join" else ["host", "rowcol", "--server", server]
    assert main([*argv, "--plain"]) == 1
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith(f"Gave up: the game server at {server} could not be reached for ")
    assert last.endswith("check the address and that the server is running, then try again.")


@pytest.mark.parametrize("command", ["join", "host"])
def test_an_http_address_is_refused_not_rewritten(capsys, command):
    argv = ["join", f"http://example/{ROOM}"] if command == "join" else ["host", "rowcol", "--server", "http://example"]
    assert main([*argv, "--plain"]) == 2
    err = capsys.readouterr().err
    assert "starts with http://, but game servers speak WebSocket: write ws://HOST:PORT" in err
    assert err.count("\n") == 1


async def test_the_app_offers_retry_and_cancel_when_it_gives_up(closed_port):
    from gridgames.online.address import parse_address
    from gridgames.tui.screens.confirm import ConfirmScreen
    from gridgames.tui.screens.online import OnlineGameScreen
    from tests.tui.helpers import make_app

    server = f"ws://127.0.0.1:{closed_port}"
    app = make_app(online={"join": parse_address(f"{server}/{ROOM}"), "watch": False})
    async with app.run_test(size=(100, 32)) as pilot:

        async def until(check, what: str) -> None:  # type: ignore[no-untyped-def]
            for _ in range(400):
                if check():
                    return
                await pilot.pause(0.05)
            raise AssertionError(f"the app never showed {what}")

        def asked() -> bool:
            return isinstance(app.screen, ConfirmScreen)

        await until(asked, "the Retry dialog")
        assert app.screen.question.startswith(f"Gave up: the game server at {server} could not be reached")
        online, first = app.screen_stack[-2], app.screen
        assert isinstance(online, OnlineGameScreen)
        await pilot.press("y")  # Retry: the link tries again, and gives up again
        await until(lambda: asked() and app.screen is not first, "the Retry dialog a second time")
        await pilot.press("n")  # Cancel: the online screen is left
        await until(lambda: online not in app.screen_stack, "the online screen closing")
