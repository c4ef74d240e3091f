"""Every text and mark at least 4.5:1 against its background, in each theme the app offers (issue 20),
measured on what the compositor draws (tests/tui/contrast.py), in true colour and in 256 colours."""

from __future__ import annotations

import pytest

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.setup import Setup
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.themes import THEMES
from tests.tui.contrast import low_contrast, ratio
from tests.tui.helpers import make_app, scripted_game

SIZE = (100, 32)


def test_the_measure_is_the_wcag_one() -> None:
    assert ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert ratio((175, 95, 95), (0, 0, 95)) == pytest.approx(3.97, abs=0.01)  # xterm 131 on 17
    assert ratio((215, 255, 255), (0, 135, 215)) == pytest.approx(3.61, abs=0.01)  # 195 on 32


def test_the_app_offers_only_the_measured_themes() -> None:
    app = make_app()
    assert set(app.available_themes) == {theme.name for theme in THEMES}
    assert app.theme == THEMES[0].name


async def _game(app, pilot, variant: str, *moves: str, analysis: bool = True) -> GameScreen:  # type: ignore[no-untyped-def]
    game = Game.new(get_entry(variant), Options(5, 5, "1"), first_player=1)
    for move in moves:
        game = game.play(move)
    app.start_game(Setup(variant, game.options, ("human", "human")), game)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    if analysis:
        await pilot.press("a")
        for _ in range(100):
            await pilot.pause(0.05)
            if screen.evaluations.get(screen.game.state) is not None:
                break
        await pilot.pause()
    return screen


@pytest.mark.parametrize("theme", [theme.name for theme in THEMES])
async def test_every_text_and_mark_is_readable(theme: str) -> None:
    app = make_app()
    lows: dict[str, list[str]] = {}

    def measure(where: str) -> None:
        found = low_contrast(app)
        if found:
            lows[where] = sorted({str(low) for low in found})[:6]

    async with app.run_test(size=SIZE) as pilot:
        app.theme = theme
        await pilot.pause()
        measure("the picker")
        app.notify("Could not save the statistics.", title="Not saved", severity="warning", timeout=30)
        await pilot.press("ctrl+p")
        await pilot.pause(0.5)  # the palette lists its commands in batches
        measure("the command palette and a warning")
        await pilot.press("escape")
        app.clear_notifications()
        await pilot.press("enter")
        await pilot.pause()
        measure("the new-game panel")
        await pilot.press("down", "enter")
        await pilot.pause()
        measure("the new-game panel with a list open")
        await pilot.press("escape", "escape")
        await _game(app, pilot, "rowcol", "C3", "C1")  # winning ✓ and "not now" × marks
        measure("rowcol with analysis")
        await pilot.click("#cell-4-4")  # refused: an error message
        measure("a refused move")
        screen = await _game(app, pilot, "locked-duel", "A1")  # losing ✗ marks and locked cells
        assert "✗" in str(screen.query_one("#cell-2-2").render())
        measure("locked-duel with analysis")
        await _game(app, pilot, "walls", "A1", "C3", "#B2")
        measure("walls with analysis")
        await pilot.press("question_mark")
        await pilot.pause()
        measure("the rules pane")
        await pilot.press("escape")
        game, _ = scripted_game(get_entry("rowcol"))
        app.start_game(app.choices.setup_for(game.entry), game)
        await pilot.pause()
        await app.screen.workers.wait_for_complete()  # the review marks a thrown-away win
        await pilot.pause()
        measure("a finished game")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        measure("the open dialog")
    assert not lows, "\n".join(f"{where}: {'; '.join(found)}" for where, found in lows.items())
