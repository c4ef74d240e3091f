"""The app in a real pseudo-terminal, driven as a terminal drives it: the bytes of key presses and of
SGR mouse reports (`ESC [ < button ; x ; y M` on press, `... m` on release) go to its input, and what
it draws is read back through `pyte`, a terminal emulator.

Pilot hands the app ready-made events; this goes through Textual's input parser and driver, which is
where a click that works under Pilot can still fail in a terminal.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pyte

from tests.waiting import WAIT, holds, scaled


class Terminal:
    """`gridgames *args` in a `cols` x `rows` pseudo-terminal, its data folder `data`."""

    def __init__(
        self, args: list[str], data: Path, cols: int = 100, rows: int = 32, deaf_to_hangup: bool = False
    ) -> None:
        self.screen = pyte.Screen(cols, rows)
        self._stream = pyte.ByteStream(self.screen)
        self.output = bytearray()  # every byte the app wrote, escape sequences and all
        # COLUMNS and LINES would override the pseudo-terminal's own size, as they do in a shell (and
        # pytest-xdist's workers have them set: the app drew at 80x24 in a 60x20 terminal, and
        # ignored every resize)
        env = {
            key: value for key, value in os.environ.items()
            if not key.startswith("TEXTUAL") and key not in ("COLUMNS", "LINES")
        }
        env.update(TERM="xterm-256color", COLORTERM="truecolor", GRIDGAMES_DATA_DIR=str(data))
        pid, fd = pty.fork()
        if pid == 0:  # the child: the app, on the pseudo-terminal
            if deaf_to_hangup:  # as under `make run`, where no hang-up signal reaches the app
                signal.signal(signal.SIGHUP, signal.SIG_IGN)
            try:
                os.execve(sys.executable, [sys.executable, "-m", "gridgames", *args], env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.resize(cols, rows)

    def resize(self, cols: int, rows: int) -> None:
        """What a terminal window does when it is resized: a new size, then SIGWINCH."""
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.screen.resize(rows, cols)
        os.kill(self.pid, signal.SIGWINCH)

    def read(self, seconds: float) -> None:
        """Take in what the app draws for `seconds`."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:  # the app has ended
                    return
                self._take(data)

    def wait_for(self, text: str, timeout: float = WAIT) -> tuple[int, int]:
        """The (column, row) where `text` shows, waiting for it up to `timeout` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            found = self.find(text)
            if found is not None:
                return found
            self.read(0.1)
        raise AssertionError(f"{text!r} did not show; the screen was:\n{self.text}")

    def until(self, check: Callable[[], object], what: str, timeout: float = WAIT) -> None:
        """Read what the app draws until `check()` holds; fails in one sentence naming `what`."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if holds(check)[0]:
                return
            self.read(0.1)
        raise AssertionError(f"Gave up after {timeout:.0f} s waiting for {what}; the screen:\n{self.text}")

    def steady(self, text: str, timeout: float = WAIT) -> tuple[int, int]:
        """Where `text` shows once it stays there while the app pauses drawing (a list may be drawn
        and then moved to fit its dialog): the place to click."""
        end = time.monotonic() + timeout
        found = self.wait_for(text, timeout)
        while time.monotonic() < end:
            self.settle()
            again = self.wait_for(text, timeout)
            if again == found:
                return found
            found = again
        raise AssertionError(f"Gave up after {timeout:.0f} s waiting for {text!r} to stay in place.")

    def settle(self, quiet: float = 0.4, timeout: float = scaled(10.0)) -> None:
        """Read until the app has drawn nothing for `quiet` seconds (a pause in drawing, not a
        condition: a test then awaits what it means to see with `wait_for` or `until`)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                return
            try:
                self._take(os.read(self.fd, 65536))
            except OSError:
                return

    def _take(self, data: bytes) -> None:
        self.output += data
        self._stream.feed(data)

    def find(self, text: str) -> tuple[int, int] | None:
        for row, line in enumerate(self.screen.display):
            column = line.find(text)
            if column >= 0:
                return column, row
        return None

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def line(self, row: int) -> str:
        return self.screen.display[row]

    def keys(self, data: str) -> None:
        """Typed keys: "\\x1b[B" is Down, "\\r" Enter, "\\t" Tab."""
        os.write(self.fd, data.encode())
        self.settle()

    def click(self, column: int, row: int) -> None:
        """A left click on the cell at (column, row), 0-based: press, then release, as SGR reports."""
        os.write(self.fd, f"\x1b[<0;{column + 1};{row + 1}M".encode())
        time.sleep(0.05)  # a hand's click: the release comes a moment later
        os.write(self.fd, f"\x1b[<0;{column + 1};{row + 1}m".encode())
        self.settle()

    def hang_up(self, timeout: float = WAIT) -> bool:
        """Close the terminal as a closed window does; whether the app then ended within `timeout`."""
        os.close(self.fd)
        self.fd = -1
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.pid = 0
                return True
            time.sleep(0.05)
        return False

    def close(self) -> None:
        if not self.pid:  # ended already
            return
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        end = time.monotonic() + 5
        while time.monotonic() < end:
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.05)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        if self.fd >= 0:
            os.close(self.fd)
