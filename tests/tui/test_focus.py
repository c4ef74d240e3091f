"""Where the focus is shows at a glance (issue 29, item 4): the focused row, button or list entry
stands out at least 3:1 from what surrounds it, measured on the rendered screen in both themes and
in 256 colours (tests/tui/contrast.py), and nothing without the focus looks focused."""

from __future__ import annotations

import pytest
from rich.color import ColorSystem

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.setup import Setup
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.new_game import NewGamePanel
from gridgames.tui.themes import THEMES
from tests.tui.contrast import RING, ring
from tests.tui.helpers import make_app
from tests.waiting import passes, repainted, screen_becomes, until

SYSTEMS = (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT)


def rings(app, widgets) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Each widget's least ring over both colour systems (its id or kind: the contrast)."""
    return {f"{type(w).__name__}#{w.id}": round(min(ring(app, w, s) for s in SYSTEMS), 2) for w in widgets}


@pytest.mark.parametrize("theme", [theme.name for theme in THEMES])
async def test_focus_stands_out_in_the_panel_and_nothing_else_looks_focused(theme: str) -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.theme = theme
        await pilot.press("enter")
        panel = await screen_becomes(pilot, NewGamePanel)
        chain = list(panel.focus_chain)
        assert any(w.id == "start" for w in chain)
        for _ in chain:
            focused = app.focused
            name = f"{type(focused).__name__}#{focused.id}"

            def stands_out_alone(name: str = name) -> None:
                shown = rings(app, chain)
                assert shown[name] >= RING, f"the focused {name} is only {shown[name]}:1 ({theme})"
                lookalikes = [n for n, value in shown.items() if n != name and value >= RING]
                assert not lookalikes, f"{lookalikes} look focused beside {name} ({theme}): {shown}"

            await passes(pilot, stands_out_alone, f"the focused {name} to stand out alone")
            await pilot.press("tab")
            await until(pilot, lambda focused=focused: app.focused is not focused, "the focus to move on")


@pytest.mark.parametrize("theme", [theme.name for theme in THEMES])
async def test_focus_stands_out_in_the_move_log_and_on_the_banner_buttons(theme: str) -> None:
    entry = get_entry("rowcol")
    game = Game.new(entry, Options(5, 5, "1"), first_player=1).play("C3").play("C1")
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.theme = theme
        app.start_game(Setup("rowcol", game.options, ("human", "human")), game)
        screen = await screen_becomes(pilot, GameScreen)
        log = screen.query_one("#log")
        log.focus()
        await until(pilot, lambda: app.focused is log, "the move log to take the focus")
        await until(pilot, lambda: rings(app, [log])["MoveLog#log"] >= RING, "the focused log to stand out")
        button = screen.query_one("#live")
        await pilot.press("up", "enter")  # an earlier position: "Back to live game" shows
        await until(pilot, lambda: button.region.area > 0, "the Back to live game button")
        await repainted(pilot)
        assert rings(app, [button])["Button#live"] < RING, "the button looks focused without the focus"
        button.focus()
        await until(pilot, lambda: app.focused is button, "the button to take the focus")
        await until(pilot, lambda: rings(app, [button])["Button#live"] >= RING, "the button to stand out")


@pytest.mark.parametrize("theme", [theme.name for theme in THEMES])
async def test_focus_stands_out_in_the_open_dialog(theme: str) -> None:
    from gridgames.tui.screens.record_file import OpenRecordScreen

    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.theme = theme
        await pilot.press("ctrl+o")
        dialog = await screen_becomes(pilot, OpenRecordScreen)
        for _ in range(3):  # the name, the files, the buttons
            focused = app.focused
            name = f"{type(focused).__name__}#{focused.id}"
            await until(
                pilot,
                lambda focused=focused, name=name: rings(app, [focused])[name] >= RING,
                f"the focused {name} to stand out ({theme})",
            )
            await pilot.press("tab")
            await until(pilot, lambda focused=focused: app.focused is not focused, "the focus to move on")
        assert dialog.is_mounted
