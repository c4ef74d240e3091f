"""The real app in a pseudo-terminal, killed with SIGKILL between moves, resumes at the last completed move.

The app runs as `python -m gridgames` on an 80x24 pty with its own `$GRIDGAMES_DATA_DIR`. Keys go in
as a person types them; the test waits by polling the autosave file (or the screen output), never by
sleeping a fixed time, and every wait is bounded.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pty = pytest.importorskip("pty", reason="pseudo-terminals are not available on this platform")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")
import struct  # noqa: E402

from tests.waiting import scaled  # noqa: E402

WAIT_SECONDS = scaled(40)
SAVE = "current-locked-duel-*.gridgames"  # the first card on the picker of a fresh data folder


class Terminal:
    """A running app on a pty: `send` types, `output` is everything it has drawn so far."""

    def __init__(self, data_dir: Path) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24")
        env["GRIDGAMES_DATA_DIR"] = str(data_dir)
        env.pop("TEXTUAL", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gridgames"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self._output = bytearray()
        self._lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            with self._lock:
                self._output += chunk

    @property
    def output(self) -> bytes:
        with self._lock:
            return bytes(self._output)

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def kill(self) -> None:
        """SIGKILL the app (its whole process group) and close the pty; safe to call twice."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=WAIT_SECONDS)
        if self.master >= 0:
            os.close(self.master)
            self.master = -1


@contextmanager
def running_app(data_dir: Path) -> Iterator[Terminal]:
    terminal = Terminal(data_dir)
    try:
        yield terminal
    finally:
        terminal.kill()


def wait_for(what: str, check: Callable[[], bool], terminal: Terminal) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not check():
        if terminal.process.poll() is not None:
            pytest.fail(f"The app exited ({terminal.process.returncode}) while waiting for {what}.")
        if time.monotonic() > deadline:
            tail = terminal.output[-600:].decode(errors="replace")
            pytest.fail(
                f"Timed out after {WAIT_SECONDS} s waiting for {what}; the screen ended with {tail!r}"
            )
        time.sleep(0.05)


def saved_moves(data_dir: Path) -> list[str]:
    """The move lines of the autosave (`1. C3`, ...), [] when there is none."""
    saves = sorted(data_dir.glob(SAVE))
    assert len(saves) <= 1, "one game in progress has one autosave slot"
    try:
        text = saves[0].read_text(encoding="utf-8") if saves else ""
    except FileNotFoundError:
        return []
    lines = text.splitlines()
    return lines[lines.index("moves:") + 1 :] if "moves:" in lines else []


def test_killed_between_moves_the_app_resumes_at_the_last_completed_move(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with running_app(data_dir) as app:
        wait_for("the picker", lambda: b"Pick a game" in app.output, app)
        app.send("\r")  # Locked Grid Duel
        wait_for("the new-game panel", lambda: b"New game:" in app.output, app)
        app.send("\x13")  # Ctrl+S: Start (Enter opens the focused row's list)
        wait_for("the board", lambda: b"Moves" in app.output, app)
        app.send("\r")  # mark the centre, C3
        wait_for("the first move saved", lambda: len(saved_moves(data_dir)) == 1, app)
        app.send("ll\r")  # two to the right: C5
        wait_for("the second move saved", lambda: len(saved_moves(data_dir)) == 2, app)
        app.kill()  # SIGKILL: no chance to save anything more
    before = saved_moves(data_dir)
    assert before == ["1. (3,3)", "2. (3,5)"]

    with running_app(data_dir) as app:
        wait_for("the offer to resume", lambda: b"Resume your unfinished game" in app.output, app)
        assert b"2 moves" in app.output
        app.send("y")
        wait_for("the resumed board", lambda: b"Moves" in app.output, app)
        app.send("jj\r")  # two down from the centre: (5,3), a legal third move only after C3 and C5
        wait_for("the third move saved", lambda: len(saved_moves(data_dir)) == 3, app)
        assert saved_moves(data_dir) == [*before, "3. (5,3)"]


def test_a_move_shown_reaches_the_disk_with_no_more_input(tmp_path: Path) -> None:
    """The autosave is written behind the screen (never on the UI thread), and reaches the disk on its
    own: once the move is drawn, nothing more is typed, and kill -9 after the file has it loses nothing.
    (How soon is a speed, for a benchmark: a fixed 150 ms here failed on a loaded machine.)"""
    data_dir = tmp_path / "data"
    with running_app(data_dir) as app:
        wait_for("the picker", lambda: b"Pick a game" in app.output, app)
        app.send("\r")
        wait_for("the new-game panel", lambda: b"New game:" in app.output, app)
        app.send("\x13")  # Ctrl+S: Start
        wait_for("the board", lambda: b"Moves" in app.output, app)
        drawn = len(app.output)
        app.send("\r")  # mark the centre, C3: the move log shows it in the book's (3,3)
        wait_for("the move on screen", lambda: b"(3,3)" in app.output[drawn:], app)
        wait_for("the move on disk", lambda: saved_moves(data_dir) == ["1. (3,3)"], app)
        app.kill()
    assert saved_moves(data_dir) == ["1. (3,3)"]
