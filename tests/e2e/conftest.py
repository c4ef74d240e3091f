"""End-to-end fixtures: `gridgames serve` on a free local port, and Debian's Chromium driven by Playwright.

The browser is the system's `/usr/bin/chromium` (never a Playwright-downloaded build), headless,
with a fresh profile and every request that is not to our own server refused, so the test needs no
network. Under CI (`CI=true`) a missing browser fails the run; elsewhere the tests skip and say why.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.waiting import scaled

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_SECONDS = scaled(15)
SERVER_STOP_SECONDS = scaled(10)
STEP_TIMEOUT_MS = int(scaled(10_000))

# textual-serve keeps its xterm.js Terminal in a local variable; it stores it as `this.terminal` on
# its session object, so a setter on Object.prototype sees the assignment and keeps a handle on
# `window.__gridgamesTerminal` (the property itself behaves exactly as before).
EXPOSE_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
    if (value && value.buffer && typeof value.onData === "function") window.__gridgamesTerminal = value;
  },
});
"""


def _on_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def _missing(reason: str) -> None:
    """Fail loudly on CI (the browser test must run there), skip with the reason elsewhere."""
    if _on_ci():
        pytest.fail(f"CI=true but {reason}; install it (see .ci/run).", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    url: str
    process: subprocess.Popen[str]
    log: Path  # what the server printed


@pytest.fixture
def served_app(tmp_path: Path) -> Iterator[Served]:
    """`gridgames serve` on 127.0.0.1 and a free port; always stopped with Ctrl+C (SIGINT) afterwards.

    The app processes get empty config/data directories, so no saved choice of the user's changes the test.
    """
    port = _free_port()
    home = tmp_path / "home"
    env = dict(os.environ, HOME=str(home))
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(home / name.lower())
    log = tmp_path / "serve.log"
    with log.open("w") as output:  # a file, not a pipe: nobody has to keep reading the access log
        process = subprocess.Popen(
            [sys.executable, "-m", "gridgames", "serve", "--host", "127.0.0.1", "--port", str(port)],
            stdout=output,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            start_new_session=True,  # its app processes go in one group we can clean up
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_SECONDS
        while True:
            if process.poll() is not None:
                pytest.fail(f"gridgames serve exited early:\n{log.read_text()}")
            try:
                with urllib.request.urlopen(url, timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"gridgames serve did not answer on {url} within {SERVER_START_SECONDS} s")
                time.sleep(0.1)
        yield Served(url, process, log)
    finally:
        _stop(process)


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(SERVER_STOP_SECONDS)
        except subprocess.TimeoutExpired:
            pass
    try:  # whatever is left of the server or its app processes
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    process.wait(SERVER_STOP_SECONDS)


@pytest.fixture
def browser_page(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A page in headless Debian Chromium with a fresh profile that can only reach 127.0.0.1."""
    if not CHROMIUM.exists():
        _missing(f"no browser at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed (pip install -e '.[dev]')")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 960, "height": 600},
        )
        try:
            context.set_default_timeout(STEP_TIMEOUT_MS)
            refused: list[str] = []
            context.route("**/*", lambda route: _local_only(route, refused))
            context.add_init_script(EXPOSE_TERMINAL)
            page = context.pages[0] if context.pages else context.new_page()
            page.refused_urls = refused  # every address the page asked for that was not our server's
            yield page
        finally:
            context.close()


def _local_only(route, refused: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Let the page reach our server only; anything else is refused and noted in `refused`."""
    if route.request.url.startswith("http://127.0.0.1:"):
        route.continue_()
    else:
        refused.append(route.request.url)
        route.abort()


class TerminalPage:
    """The served app as a user sees it: screen text read from xterm.js, clicks on character cells."""

    def __init__(self, page) -> None:  # type: ignore[no-untyped-def]
        self.page = page

    def open(self, url: str) -> None:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        self.page.goto(url)
        try:
            self.page.wait_for_function("() => window.__gridgamesTerminal !== undefined")
        except PlaywrightTimeout:
            raise AssertionError(
                "no xterm.js terminal on the page for EXPOSE_TERMINAL to catch (did textual-serve change?)"
            ) from None

    def lines(self) -> list[str]:
        return list(
            self.page.evaluate(
                """() => {
                  const t = window.__gridgamesTerminal, b = t.buffer.active, out = [];
                  for (let y = 0; y < t.rows; y++) {
                    const line = b.getLine(b.viewportY + y);
                    out.push(line ? line.translateToString(true) : "");
                  }
                  return out;
                }"""
            )
        )

    def text(self) -> str:
        return "\n".join(self.lines())

    def wait_for_text(self, *needles: str, timeout_ms: int = STEP_TIMEOUT_MS) -> str:
        """Wait (bounded) until every needle is on screen; return the screen text."""
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            screen = self.text()
            if all(needle in screen for needle in needles):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"{needles!r} not on screen after {timeout_ms} ms:\n{screen}")
            self.page.wait_for_timeout(50)

    def wait_for_change(self, before: str, timeout_ms: int = STEP_TIMEOUT_MS) -> str:
        """Wait (bounded) until the screen differs from `before` and has stopped changing."""
        deadline = time.monotonic() + timeout_ms / 1000
        screen = self.text()
        while screen == before:
            if time.monotonic() > deadline:
                raise AssertionError(f"screen did not change within {timeout_ms} ms:\n{screen}")
            self.page.wait_for_timeout(50)
            screen = self.text()
        return self.wait_until_still(timeout_ms=timeout_ms)

    def wait_until_still(self, quiet_ms: int = 250, timeout_ms: int = STEP_TIMEOUT_MS) -> str:
        """Wait (bounded) until the screen text has not changed for `quiet_ms`."""
        deadline = time.monotonic() + timeout_ms / 1000
        screen, still_since = self.text(), time.monotonic()
        while time.monotonic() - still_since < quiet_ms / 1000:
            if time.monotonic() > deadline:
                raise AssertionError(f"screen kept changing for {timeout_ms} ms:\n{screen}")
            self.page.wait_for_timeout(50)
            now = self.text()
            if now != screen:
                screen, still_since = now, time.monotonic()
        return screen

    def find(self, needle: str) -> tuple[int, int]:
        """(column, row) of the first character of `needle` on screen."""
        for row, line in enumerate(self.lines()):
            column = line.find(needle)
            if column >= 0:
                return column, row
        raise AssertionError(f"{needle!r} not on screen:\n{self.text()}")

    def cell_centre(self, column: int, row: int) -> tuple[float, float]:
        """Page pixel position of the middle of a character cell: `.xterm-screen` size / (cols, rows)."""
        box = self.page.evaluate(
            """() => {
              const t = window.__gridgamesTerminal;
              const r = t.element.querySelector(".xterm-screen").getBoundingClientRect();
              return {x: r.left, y: r.top, w: r.width, h: r.height, cols: t.cols, rows: t.rows};
            }"""
        )
        width, height = box["w"] / box["cols"], box["h"] / box["rows"]
        return box["x"] + (column + 0.5) * width, box["y"] + (row + 0.5) * height

    def click(self, column: int, row: int) -> None:
        self.page.mouse.click(*self.cell_centre(column, row))

    def click_text(self, needle: str) -> None:
        column, row = self.find(needle)
        self.click(column + len(needle) // 2, row)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)


@pytest.fixture
def terminal(browser_page) -> TerminalPage:  # type: ignore[no-untyped-def]
    return TerminalPage(browser_page)
