"""The newcomer's third walk (issue 20): the keyboard in the new-game panel, saving and opening records,
the footer at 60x20, the command palette, resizing a finished game, and readable contrast."""

from __future__ import annotations

from textual.command import CommandList, CommandPalette

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.tui.choices import Setup
from gridgames.tui.screens.game import GameScreen
from tests.tui.helpers import make_app

SMALL = (60, 20)


def new_game(variant: str, rows: int, cols: int, *moves: str) -> Game:
    game = Game.new(get_entry(variant), Options(rows, cols, "1"), first_player=1)
    for move in moves:
        game = game.play(move)
    return game


async def open_game(app, pilot, game: Game, seats=("human", "human")) -> GameScreen:  # type: ignore[no-untyped-def]
    setup = app.choices.setup_for(game.entry)
    app.start_game(Setup(setup.variant, game.options, seats), game)
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def palette_titles(app, pilot) -> list[str]:  # type: ignore[no-untyped-def]
    """The commands the palette lists before anything is typed, top to bottom."""
    await pilot.press("ctrl+p")
    palette = app.screen
    assert isinstance(palette, CommandPalette)
    commands = palette.query_one(CommandList)
    for _ in range(50):  # the palette adds what its providers found in batches
        await pilot.pause(0.05)
        if commands.option_count and not palette._show_busy:
            break
    await pilot.pause(0.3)
    return [str(commands.get_option_at_index(i).prompt).split("\n")[0] for i in range(commands.option_count)]


async def test_the_palette_lists_the_games_commands_first_and_quit_once() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(app, pilot, new_game("rowcol", 5, 5, "C3"))
        titles = await palette_titles(app, pilot)
        assert titles.count("Quit") == 1
        assert titles[0] == "Play" and titles.index("Undo") < titles.index("Theme")
        assert max(titles.index(t) for t in titles if t.startswith("New game:")) < titles.index("Keys")
        await pilot.press("escape")
        await pilot.press("escape", "y")  # leave the game: the picker has its own Quit
        await pilot.pause()
        titles = await palette_titles(app, pilot)
        assert titles.count("Quit") == 1 and titles.index("Quit") < titles.index("Theme")


async def test_the_new_game_panel_is_driven_by_arrows_and_enter_at_60x20() -> None:
    from gridgames.tui.screens.new_game import NewGamePanel

    app = make_app(variant="rowcol")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        panel = app.screen
        assert isinstance(panel, NewGamePanel) and panel.focused is panel.query_one("#seat1")
        await pilot.press("down", "enter")  # Player 2's list opens; no game starts
        await pilot.pause()
        assert app.screen is panel and panel.query_one("#seat2").expanded
        await pilot.press("down", "down", "enter")  # Human, Online friend, Computer (easy)
        await pilot.pause()
        assert panel.query_one("#seat2").value == "easy" and not panel.query_one("#seat2").expanded
        await pilot.press("down", "up", "up")
        assert panel.focused is panel.query_one("#seat1")
        await pilot.press("up")  # round to the last row: Cancel
        assert panel.focused is panel.query_one("#cancel")
