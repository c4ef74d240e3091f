"""The new-game panel builds its rows from what the game declares: one row per option of its own,
in its words, and only the board sizes it allows."""

from __future__ import annotations

from textual.widgets import Select

from gridgames.games import get_entry
from gridgames.tui.app import GridGamesApp
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.new_game import NewGamePanel
from tests.games.sized_plugin import GAMES
from tests.tui.helpers import SIZE
from tests.waiting import click, screen_becomes, until


def offered(panel: NewGamePanel, selector: str) -> list[object]:
    return [value for _, value in panel.query_one(selector, Select)._options]


async def open_panel(app: GridGamesApp, pilot, game_id: str) -> NewGamePanel:  # type: ignore[no-untyped-def]
    app.open_new_game(get_entry(game_id))
    return await screen_becomes(pilot, NewGamePanel, f"{game_id}'s new-game panel")


async def start(pilot) -> GameScreen:  # type: ignore[no-untyped-def]
    """Start, clicked as a person does; the game's screen once it is up with its title."""
    await click(pilot, "#start")
    screen = await screen_becomes(pilot, GameScreen, "the game to start")
    await until(pilot, lambda: screen.sub_title, "the game's title")
    return screen


async def test_a_games_option_is_a_row_in_its_words_and_starts_the_game_with_it() -> None:
    app = GridGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        panel = await open_panel(app, pilot, "noneighbour")
        row = panel.query_one("#option-adjacency", Select)
        labels = [str(label) for label, _ in row._options]
        assert labels == ["Touching incl. diagonals (book)", "House rule: orthogonal only"]
        assert not panel.query("#option-cell_scoring")  # another game's option
        row.value = 1
        screen = await start(pilot)
        assert screen.game.options.game_options == {"adjacency": "orthogonal"}
        assert "house rule: orthogonal only" in str(screen.sub_title)


async def test_only_the_sizes_a_game_allows_are_offered(register_games) -> None:
    register_games(GAMES)
    app = GridGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        panel = await open_panel(app, pilot, "squares")
        assert offered(panel, "#size") == ["3x3", "4x4", "5x5"] and not panel.query("#rows")
        panel.query_one("#size", Select).value = "5x5"
        assert (await start(pilot)).game.options.size == "5x5"
    app = GridGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        panel = await open_panel(app, pilot, "narrow")
        assert offered(panel, "#rows") == [3, 4] and offered(panel, "#cols") == [3, 4, 5, 6]
