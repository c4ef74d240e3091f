"""`gridgames serve` and textual-serve's internals: the version pinned is the version tested, another
one is refused in one sentence, and every window size a tab sends is capped, not only the first."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")

from gridgames.commands import serve_internals as internals  # noqa: E402
from tests.waiting import scaled  # noqa: E402

from .test_serve_security import serving  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CURSOR = re.compile(rb"\x1b\[(\d+);(\d+)H")


def test_the_installed_textual_serve_is_in_the_tested_range_and_has_everything_serve_uses():
    assert internals.incompatibility() is None


def test_pyproject_pins_textual_serve_to_the_range_serve_checks():
    pins = re.findall(r'"(textual-serve[^"]*)"', (ROOT / "pyproject.toml").read_text())
    assert len(pins) == 3 and set(pins) == {f"textual-serve{internals.SUPPORTED}"}  # app, [serve], [dev]


@pytest.mark.parametrize("version", ["1.2.0", "1.1.2", "2.0", "1.0.9", "1.1.3rc1"])
def test_a_version_outside_the_tested_range_is_refused_in_one_sentence(version):
    sentence = internals.incompatibility(version)
    assert sentence is not None and sentence.count(".") >= 1 and "\n" not in sentence
    assert f"this is {version}:" in sentence and "pip install 'textual-serve>=1.1.3,<1.2'" in sentence


@pytest.mark.parametrize("version", ["1.1.3", "1.1.9"])
def test_versions_inside_the_range_pass(version):
    assert internals.incompatibility(version) is None


@pytest.mark.parametrize(("width", "height", "capped"), [
    (20000, 20000, (1000, 500)), (-5, 3, (10, 5)), ("120", "40", (120, 40)), (None, True, (80, 24)),
    (float("nan"), 1e400, (80, 24)), ([1], {"a": 1}, (80, 24)),
])
def test_any_window_size_is_capped(width, height, capped):
    assert internals.capped_size(width, height) == capped


async def _largest_cursor(ws, seconds: float, quiet: float = 1.0, beyond: int = 0) -> tuple[int, int]:
    """The largest row and column the app moves its cursor to, until its output pauses for `quiet`
    seconds once it has drawn a row past `beyond` (at most `seconds` in all: a loaded machine may
    pause longer than `quiet` before it draws at all)."""
    rows = cols = 0
    loop = asyncio.get_running_loop()
    end = loop.time() + scaled(seconds)
    while (left := end - loop.time()) > 0:
        try:
            frame = await asyncio.wait_for(ws.receive(), min(left, quiet))
        except asyncio.TimeoutError:
            if rows > beyond:
                break
            continue
        if frame.type == aiohttp.WSMsgType.BINARY:
            for row, col in CURSOR.findall(frame.data):
                rows, cols = max(rows, int(row)), max(cols, int(col))
        elif frame.type != aiohttp.WSMsgType.TEXT:
            break
    return rows, cols


def test_a_resize_after_the_first_is_capped_too(tmp_path):
    async def resize() -> tuple[int, int]:
        with serving(tmp_path) as (_, port):
            async with aiohttp.ClientSession() as session:
                headers = {"Origin": f"http://127.0.0.1:{port}"}
                async with session.ws_connect(
                    f"ws://127.0.0.1:{port}/ws?width=80&height=24", headers=headers, max_msg_size=0
                ) as ws:
                    await _largest_cursor(ws, 30.0)  # the first screen, at 80x24
                    await ws.send_json(["resize", {"width": 1300, "height": 700}])
                    return await _largest_cursor(ws, 30.0, quiet=2.0, beyond=24)

    rows, cols = asyncio.run(resize())
    assert 24 < rows <= internals.MAX_HEIGHT and cols <= internals.MAX_WIDTH
