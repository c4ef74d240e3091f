"""The `gridgames` command's launcher: the garbage collector is paused while the app starts (imports,
first screen) and collects again once the first screen is up; a caller's own setting is kept."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path
from typing import Any

import pytest

from gridgames.tui import launch
from gridgames.tui.app import GridGamesApp
from gridgames.tui.screens.select import SelectScreen
from tests.waiting import screen_becomes, until


def run_headless(seen: dict[str, bool], monkeypatch: pytest.MonkeyPatch, data: Path) -> None:
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(data))
    mount = GridGamesApp.on_mount

    def on_mount(self: GridGamesApp) -> None:
        seen["while starting"] = gc.isenabled()
        mount(self)

    monkeypatch.setattr(GridGamesApp, "on_mount", on_mount)

    async def after_first_screen(pilot: Any) -> None:
        await screen_becomes(pilot, SelectScreen, "the first screen")
        painted = asyncio.Event()
        pilot.app.call_after_refresh(painted.set)  # after the app's own "once painted" callback
        await until(pilot, painted.is_set, "the first screen painted")
        seen["first screen up"] = gc.isenabled()
        pilot.app.exit()

    launch.run_app(headless=True, size=(100, 32), auto_pilot=after_first_screen)


def test_the_collector_pauses_for_the_start_and_collects_once_the_first_screen_is_up(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert gc.isenabled()
    seen: dict[str, bool] = {}
    run_headless(seen, monkeypatch, tmp_path)
    assert seen == {"while starting": False, "first screen up": True}
    assert gc.isenabled()


def test_a_caller_that_turned_the_collector_off_keeps_it_off(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: dict[str, bool] = {}
    gc.disable()
    try:
        run_headless(seen, monkeypatch, tmp_path)
        assert seen == {"while starting": False, "first screen up": False}
        assert not gc.isenabled()
    finally:
        gc.enable()
