"""`gridgames serve` as a user meets it on the command line (no browser needed)."""

from __future__ import annotations

import signal
import socket
import sys
import urllib.request

import pytest

from gridgames.cli import main


@pytest.mark.parametrize("port", ["0", "70000", "eighty"])
def test_a_bad_port_is_one_sentence_and_exit_2(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--port", port])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "1 to 65535" in error


def test_a_port_in_use_is_one_sentence_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    error = capsys.readouterr().err
    assert error == f"gridgames: Port {port} is already in use on 127.0.0.1; choose another with --port.\n"


def test_without_textual_serve_it_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for module in ("textual_serve", "textual_serve.server"):  # as if it were not installed
        monkeypatch.setitem(sys.modules, module, None)
    with socket.socket() as taken:  # should the hint not come, the command stops at the busy port
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        assert main(["serve", "--port", str(taken.getsockname()[1])]) == 1
    assert "pip install 'gridgames[serve]'" in capsys.readouterr().err


def test_it_serves_on_localhost_says_where_and_stops_on_ctrl_c(served_app) -> None:  # type: ignore[no-untyped-def]
    with urllib.request.urlopen(served_app.url, timeout=5) as page:
        assert "gridgames" in page.read().decode()
    served_app.process.send_signal(signal.SIGINT)
    assert served_app.process.wait(10) == 0
    output = served_app.log.read_text()
    assert f"serving at {served_app.url}" in output
    assert "this computer only" in output and "Ctrl+C" in output
    assert "stopped" in output
