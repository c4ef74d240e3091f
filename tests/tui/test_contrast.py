"""Every text and mark at least 4.5:1 against its background, in each theme the app offers (issue 20),
measured on what the compositor draws (tests/tui/contrast.py), in true colour and in 256 colours."""

from __future__ import annotations

import pytest
from textual.command import CommandList, CommandPalette

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.setup import Setup
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.new_game import NewGamePanel
from gridgames.tui.screens.record_file import OpenRecordScreen
from gridgames.tui.screens.rules import RulesScreen
from gridgames.tui.screens.select import SelectScreen
from gridgames.tui.themes import THEMES
from tests.tui.contrast import low_contrast, ratio
from tests.tui.helpers import make_app, scripted_game
from tests.waiting import click, screen_becomes, until

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
    before = app.screen
    app.start_game(Setup(variant, game.options, ("human", "human")), game)
    await until(pilot, lambda: app.screen is not before, "the game to open")
    screen = await screen_becomes(pilot, GameScreen, "the game to open")
    if analysis:
        await pilot.press("a")
        await until(pilot, lambda: screen.evaluations.get(screen.game.state) is not None, "the analysis")
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
        first = await screen_becomes(pilot, SelectScreen, "the first screen")
        await pilot.pause()
        measure("the picker")
        app.notify("Could not save the statistics.", title="Not saved", severity="warning", timeout=30)
        await pilot.press("ctrl+p")
        palette = await screen_becomes(pilot, CommandPalette, "the command palette")
        commands = palette.query_one(CommandList)
        # the palette lists its commands in batches
        await until(pilot, lambda: commands.option_count > 5 and not palette._show_busy, "the commands")
        await pilot.pause()
        measure("the command palette and a warning")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is first, "the first screen")
        app.clear_notifications()
        await pilot.press("enter")
        panel = await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        await pilot.pause()
        measure("the new-game panel")
        await pilot.press("down", "enter")
        seat2 = panel.query_one("#seat2")
        await until(pilot, lambda: app.focused is seat2.query_one("SelectOverlay"), "a list to open")
        await pilot.pause()
        measure("the new-game panel with a list open")
        await pilot.press("escape")
        await until(pilot, lambda: not seat2.expanded, "the list to close")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is first, "the first screen")
        screen = await _game(app, pilot, "rowcol", "C3", "C1")  # winning ✓ and "not now" × marks
        measure("rowcol with analysis")
        await click(pilot, "#cell-4-4")  # refused: an error message
        await until(pilot, lambda: screen.message.startswith("✗"), "the refusal")
        await pilot.pause()
        measure("a refused move")
        screen = await _game(app, pilot, "locked-duel", "A1")  # losing ✗ marks and locked cells
        assert "✗" in str(screen.query_one("#cell-2-2").render())
        measure("locked-duel with analysis")
        await _game(app, pilot, "walls", "A1", "C3", "#B2")
        measure("walls with analysis")
        await pilot.press("question_mark")
        await screen_becomes(pilot, RulesScreen, "the rules")
        await pilot.pause()
        measure("the rules pane")
        await pilot.press("escape")
        await screen_becomes(pilot, GameScreen, "the game again")
        game, _ = scripted_game(get_entry("rowcol"))
        before = app.screen
        app.start_game(app.choices.setup_for(game.entry), game)
        await until(pilot, lambda: app.screen is not before, "the finished game")
        finished = await screen_becomes(pilot, GameScreen, "the finished game")
        # the review marks a thrown-away win
        await until(pilot, lambda: all(w.is_finished for w in app.workers), "the review")
        await until(pilot, lambda: finished.session.blunders is not None, "the review")
        await pilot.pause()
        measure("a finished game")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is first, "the first screen")
        await pilot.press("ctrl+o")
        await screen_becomes(pilot, OpenRecordScreen, "the open dialog")
        await pilot.pause()
        measure("the open dialog")
    assert not lows, "\n".join(f"{where}: {'; '.join(found)}" for where, found in lows.items())
