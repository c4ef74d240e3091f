"""The newcomer's third walk (issue 20): the keyboard in the new-game panel, saving and opening records,
the footer at 60x20, the command palette, resizing a finished game, and readable contrast."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.command import CommandList, CommandPalette

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.setup import Setup
from gridgames.tui.screens.game import GameScreen
from tests.tui.helpers import make_app, screen_lines
from tests.tui.test_newcomer import footer_keys

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
        assert "tab/↑↓ Move" not in footer_keys(app)  # the open list takes the arrows
        await pilot.press("down", "down", "enter")  # Human, Online friend, Computer (easy)
        await pilot.pause()
        assert panel.query_one("#seat2").value == "easy" and not panel.query_one("#seat2").expanded
        await pilot.press("down", "up", "up")
        assert panel.focused is panel.query_one("#seat1")
        await pilot.press("up")  # round to the last row: Cancel
        assert panel.focused is panel.query_one("#cancel")


async def test_the_60x20_footer_shows_the_keys_that_matter_most_first() -> None:
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await open_game(app, pilot, new_game("walls", 5, 5, "A1", "C3"))
        assert footer_keys(app) == [
            "? Rules", "⏎ Play", "tab Log", "i Hint", "a Analyse", "u Undo", "^p Commands"
        ]
        assert screen_lines(app)[-1].rstrip().endswith("u Undo ▏^p Commands")
        await pilot.press("tab", "home", "enter")  # an earlier position: t plays on from it
        await pilot.pause()
        assert footer_keys(app)[:4] == ["? Rules", "⏎ Show", "tab Board", "t Play here"]
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert footer_keys(app) == ["esc Close"] and screen_lines(app)[-1].startswith("esc Close")
    async with make_app().run_test(size=(100, 32)) as pilot:  # wide: every key, in the same order
        app = pilot.app
        await open_game(app, pilot, new_game("walls", 5, 5, "A1", "C3"))
        assert footer_keys(app)[:8] == [
            "? Rules", "⏎ Play", "tab Log", "i Hint", "a Analyse", "u Undo", "esc Back", "w Walls"
        ]
        assert footer_keys(app)[-2:] == ["q Quit", "^p Commands"]


async def test_the_60x20_online_footer_shows_resign_and_leave_then_rematch(tmp_path: Path) -> None:
    from gridgames.online import protocol as p
    from gridgames.online import server
    from gridgames.online.address import parse_address
    from gridgames.online.client import Link
    from gridgames.tui.online import plan_to_join
    from gridgames.tui.screens.online import OnlineGameScreen

    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    url = f"ws://127.0.0.1:{running.port}"
    friend = Link(url, create=p.Create(p.VERSION, "noneighbour", "3x3", "1", {}))
    friend_task = asyncio.create_task(friend.run())
    try:
        app = make_app()
        async with app.run_test(size=SMALL) as pilot:
            while friend.room is None:
                await pilot.pause(0.05)
            app.start_online(plan_to_join(parse_address(f"{url}/{friend.room}")))
            screen = app.screen
            assert isinstance(screen, OnlineGameScreen)
            for _ in range(400):
                if screen.view is not None and screen.seat == 2 and screen.board_ready:
                    break
                await pilot.pause(0.05)
            await pilot.pause()
            assert footer_keys(app)[:4] == ["? Rules", "⏎ Play", "R Resign", "esc Leave"]
            assert footer_keys(app)[-1] == "^p Commands"
            await friend.send(p.MoveMsg(0, "B2"))  # the centre: on 3x3 nothing is left for O
            for _ in range(400):
                if screen.view.outcome is not None:
                    break
                await pilot.pause(0.05)
            await pilot.pause()
            assert screen.view.outcome is not None, screen.message
            assert footer_keys(app)[:4] == ["? Rules", "⏎ Play", "esc Leave", "n Rematch"]
            await pilot.press("escape")
    finally:
        await friend.close()
        friend_task.cancel()
        await running.stop()


async def test_a_finished_5x5_game_regrows_from_60x20_to_100x32() -> None:
    from tests.tui.helpers import scripted_game

    game, _ = scripted_game(get_entry("rowcol"))
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_game(app, pilot, game)
        await screen.workers.wait_for_complete()  # the review of the finished game
        await pilot.pause()
        small = screen.query_one("#cell-0-0").region.size
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        large = screen.query_one("#cell-0-0").region.size
        assert large.width > small.width and large.height > small.height
        assert screen.query_one("#cell-4-4").region.bottom <= screen.query_one("#banner").region.y


async def test_open_offers_recent_records_and_a_file_tree(tmp_path: Path, data_dir: Path) -> None:
    from textual.widgets import DirectoryTree, Input, OptionList

    from gridgames.storage import load_record, save_record
    from gridgames.tui.screens.record_file import OpenRecordScreen, SaveRecordScreen

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    other = save_record(new_game("rowcol", 5, 5, "A1"), elsewhere / "other.gridgames")
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await open_game(app, pilot, new_game("rowcol", 5, 5, "C3", "C1"))
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SaveRecordScreen)
        await pilot.press("enter")
        saved = next((data_dir / "records").iterdir())
        await pilot.press("escape", "y")  # leave the game
        await pilot.press("ctrl+o")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, OpenRecordScreen)
        recent = dialog.query_one("#recent", OptionList)
        assert dialog.focused is recent and str(recent.get_option_at_index(0).prompt) == saved.name
        tree = dialog.query_one("#files", DirectoryTree)
        assert Path(tree.path) == data_dir / "records"
        await pilot.press("enter")  # the newest recent record
        assert isinstance(app.screen, GameScreen) and app.screen.game.played == load_record(saved).played
        await pilot.press("escape", "y", "ctrl+o")
        await pilot.pause()
        dialog = app.screen
        path_box = dialog.query_one("#path", Input)
        path_box.value = str(elsewhere)  # a folder: the tree shows it
        path_box.focus()
        await pilot.press("enter")
        await pilot.pause(0.3)
        tree = dialog.query_one("#files", DirectoryTree)
        assert Path(tree.path) == elsewhere and app.screen is dialog
        tree.focus()
        await pilot.press("down", "enter")  # the tree's first file
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game.played == load_record(other).played
        assert app.store.recent_records()[:2] == [other, saved]


def test_the_recent_list_in_prefs_is_read_as_hostile(tmp_path: Path, data_dir: Path) -> None:
    from gridgames.storage import Store, save_record

    good = save_record(new_game("rowcol", 5, 5), tmp_path / "good.gridgames")
    save_record(new_game("rowcol", 5, 5), tmp_path / "bad\x1b[2J.gridgames")  # a name that clears a screen
    store = Store()
    junk = [
        42, None, "relative.gridgames", str(tmp_path / "missing.gridgames"), str(tmp_path),
        str(tmp_path / "bad\x1b[2J.gridgames"), "/" + "x" * 5000, str(good), str(good),
    ]
    store.save_prefs({"recent_records": junk + [str(good)] * 100})
    assert store.recent_records() == [good]
    store.remember_record(good)
    assert store.recent_records() == [good]
