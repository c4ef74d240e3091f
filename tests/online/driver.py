"""Drive `gridgames server|host|join --plain` processes like a person at a terminal, on loopback only.

Every wait has a deadline; every process is killed when the test ends (see `Procs`).
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.waiting import scaled

WAIT = scaled(20.0)  # seconds: generous for a loaded 2-core CI machine, never reached when things work
STATUS = re.compile(r"^\[(.*)\]$")


class Proc:
    """One `gridgames` process with piped stdin/stdout; output lines are collected by a thread."""

    def __init__(self, args: list[str], data_dir: Path) -> None:
        env = dict(os.environ, GRIDGAMES_DATA_DIR=str(data_dir), PYTHONUNBUFFERED="1")
        self.args = args
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "gridgames", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, errors="replace", env=env, bufsize=1,  # output in any encoding is read
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.popen.stdout is not None
        try:
            for line in self.popen.stdout:
                self.lines.put(line.rstrip("\n"))
        except ValueError:  # `stop` closed the pipe before this thread read its end
            pass
        self.lines.put(None)

    def expect(self, pattern: str, wait: float = WAIT) -> re.Match[str]:
        """The first new output line matching `pattern` (a regex searched in the line)."""
        deadline = time.monotonic() + wait
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.01))
            except queue.Empty:
                line = ""
                if left <= 0:
                    recent = "\n".join(self.seen[-25:])
                    who = self.args[0]
                    raise AssertionError(f"{who}: no line matching {pattern!r}; last:\n{recent}") from None
                continue
            if line is None:
                raise AssertionError(
                    f"{self.args[0]} ended before {pattern!r}; last lines:\n" + "\n".join(self.seen[-25:])
                )
            self.seen.append(line)
            found = re.search(pattern, line)
            if found:
                return found

    def status(self, wait: float = WAIT) -> str:
        """The next status line's text: '[You: Player 1 (X) · ... · your turn]'."""
        return self.expect(STATUS.pattern, wait).group(1)

    def send(self, line: str) -> None:
        assert self.popen.stdin is not None
        self.popen.stdin.write(line + "\n")
        self.popen.stdin.flush()

    def close_input(self) -> None:
        assert self.popen.stdin is not None
        self.popen.stdin.close()

    def wait(self, wait: float = WAIT) -> int:
        return self.popen.wait(timeout=wait)

    def kill9(self) -> None:
        self.popen.send_signal(signal.SIGKILL)
        self.popen.wait(timeout=WAIT)

    def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(timeout=WAIT)
        for pipe in (self.popen.stdin, self.popen.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:
                    pass


class Procs:
    """Starts processes and kills whatever is left of them at the end of the test."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.started: list[Proc] = []

    def start(self, *args: str, person: str = "a") -> Proc:
        proc = Proc(list(args), self.tmp / f"data-{person}")
        self.started.append(proc)
        return proc

    def server(self, db: Path) -> tuple[Proc, str]:
        """`gridgames server` on a free loopback port; returns it and its ws:// URL."""
        proc = self.start("server", "--port", "0", "--db", str(db), person="server")
        url = proc.expect(r"game server on (ws://127\.0\.0\.1:\d+)").group(1)
        return proc, url

    def stop_all(self) -> None:
        for proc in self.started:
            proc.stop()


def invite(proc: Proc) -> str:
    return proc.expect(r"^Invite: gridgames join (\S+)$").group(1)
