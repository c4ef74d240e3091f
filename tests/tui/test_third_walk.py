"""The newcomer's third walk (issue 20): the keyboard in the new-game panel, saving and opening records,
the footer at 60x20, the command palette, resizing a finished game, and readable contrast."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandList, CommandPalette

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.setup import Setup
from gridgames.tui.screens.confirm import ConfirmScreen
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.select import SelectScreen
from tests.tui.helpers import make_app, screen_lines
from tests.tui.test_newcomer import footer_keys
from tests.waiting import repainted, screen_becomes, until

SMALL = (60, 20)


def new_game(variant: str, rows: int, cols: int, *moves: str) -> Game:
    game = Game.new(get_entry(variant), Options(rows, cols, "1"), first_player=1)
    for move in moves:
        game = game.play(move)
    return game


async def open_game(app, pilot, game: Game, seats=("human", "human")) -> GameScreen:  # type: ignore[no-untyped-def]
    setup = app.choices.setup_for(game.entry)
    await repainted(pilot)  # as a person would: the screen on top is up before the game is asked for
    before = app.screen
    app.start_game(Setup(setup.variant, game.options, seats), game)
    await until(pilot, lambda: app.screen is not before, "the game to open")
    return await screen_becomes(pilot, GameScreen, "the game to open")


async def palette_titles(app, pilot, *needed: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The commands the palette lists before anything is typed, top to bottom, once the `needed`
    ones are among them (the palette adds what its providers found in batches)."""
    await pilot.press("ctrl+p")
    palette = await screen_becomes(pilot, CommandPalette, "the command palette")
    commands = palette.query_one(CommandList)

    def titles() -> list[str]:
        prompts = (commands.get_option_at_index(i).prompt for i in range(commands.option_count))
        return [str(prompt).split("\n")[0] for prompt in prompts]

    await until(
        pilot, lambda: not palette._show_busy and set(needed) <= set(titles()), f"the commands {needed}"
    )
    return titles()


async def test_the_palette_lists_the_games_commands_first_and_quit_once() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(app, pilot, new_game("rowcol", 5, 5, "C3"))
        titles = await palette_titles(app, pilot, "Play", "Quit", "Undo", "Theme", "Keys")
        assert titles.count("Quit") == 1
        assert titles[0] == "Play" and titles.index("Undo") < titles.index("Theme")
        assert max(titles.index(t) for t in titles if t.startswith("New game:")) < titles.index("Keys")
        await pilot.press("escape")
        await screen_becomes(pilot, GameScreen, "the game again")
        await pilot.press("escape")
        await screen_becomes(pilot, ConfirmScreen, "the question before leaving")
        await pilot.press("y")  # leave the game: the picker has its own Quit
        await screen_becomes(pilot, SelectScreen, "the first screen")
        titles = await palette_titles(app, pilot, "Quit", "Theme")
        assert titles.count("Quit") == 1 and titles.index("Quit") < titles.index("Theme")


async def test_the_new_game_panel_is_driven_by_arrows_and_enter_at_60x20() -> None:
    from gridgames.tui.screens.new_game import NewGamePanel

    app = make_app(variant="rowcol")
    async with app.run_test(size=SMALL) as pilot:
        panel = await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        await until(pilot, lambda: panel.focused is panel.query_one("#seat1"), "Player 1's row focused")
        await pilot.press("down")
        await until(pilot, lambda: panel.focused is panel.query_one("#seat2"), "Player 2's row focused")
        await pilot.press("enter")  # Player 2's list opens; no game starts
        seat2 = panel.query_one("#seat2")
        await until(pilot, lambda: app.focused is seat2.query_one("SelectOverlay"), "Player 2's list open")
        assert app.screen is panel and seat2.expanded
        # the open list takes the arrows
        await until(pilot, lambda: "tab/↑↓ Move" not in footer_keys(app), "the arrows to leave the footer")
        await pilot.press("down", "down", "enter")  # Human, Online friend, Computer (easy)
        await until(pilot, lambda: seat2.value == "easy" and not seat2.expanded, "Computer (easy) chosen")
        await until(pilot, lambda: panel.focused is seat2, "Player 2's row focused again")
        await pilot.press("down", "up", "up")
        await until(pilot, lambda: panel.focused is panel.query_one("#seat1"), "Player 1's row focused")
        await pilot.press("up")  # round to the last row: Cancel
        await until(pilot, lambda: panel.focused is panel.query_one("#cancel"), "Cancel focused")


async def test_the_60x20_footer_shows_the_keys_that_matter_most_first() -> None:
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await open_game(app, pilot, new_game("walls", 5, 5, "A1", "C3"))
        keys = ["? Rules", "⏎ Play", "tab Log", "i Hint", "a Analyse", "u Undo", "^p Commands"]
        await until(pilot, lambda: footer_keys(app) == keys, "the game's keys")
        await until(
            pilot, lambda: screen_lines(app)[-1].rstrip().endswith("u Undo ▏^p Commands"), "the footer drawn"
        )
        await pilot.press("tab", "home", "enter")  # an earlier position: t plays on from it
        keys = ["? Rules", "⏎ Show", "tab Board", "t Play here"]
        await until(pilot, lambda: footer_keys(app)[:4] == keys, "the earlier position's keys")
        await pilot.press("escape", "question_mark")
        await until(pilot, lambda: footer_keys(app) == ["esc Close"], "the rules' keys")
        await until(pilot, lambda: screen_lines(app)[-1].startswith("esc Close"), "the rules' footer drawn")
    async with make_app().run_test(size=(100, 32)) as pilot:  # wide: every key, in the same order
        app = pilot.app
        await open_game(app, pilot, new_game("walls", 5, 5, "A1", "C3"))
        keys = ["? Rules", "⏎ Play", "tab Log", "i Hint", "a Analyse", "u Undo", "esc Back", "w Walls"]
        await until(pilot, lambda: footer_keys(app)[:8] == keys, "every key")
        assert footer_keys(app)[-2:] == ["q Quit", "^p Commands"]


async def test_the_60x20_online_footer_shows_resign_and_leave_then_rematch(tmp_path: Path) -> None:
    from gridgames.online import protocol as p
    from gridgames.online.address import parse_address
    from gridgames.tui.online import plan_to_join
    from gridgames.tui.screens.online import OnlineGameScreen
    from tests.online.friend import friends_room

    async with friends_room(tmp_path, "noneighbour", "3x3") as (url, friend):
        app = make_app()
        async with app.run_test(size=SMALL) as pilot:
            app.start_online(plan_to_join(parse_address(f"{url}/{friend.room}")))
            screen = await screen_becomes(pilot, OnlineGameScreen, "the online game to open")
            await until(
                pilot, lambda: screen.view is not None and screen.seat == 2 and screen.board_ready, "a board"
            )
            keys = ["? Rules", "⏎ Play", "R Resign", "esc Leave"]
            await until(pilot, lambda: footer_keys(app)[:4] == keys, "the playing keys")
            assert footer_keys(app)[-1] == "^p Commands"
            await friend.send(p.MoveMsg(0, "B2"))  # the centre: on 3x3 nothing is left for O
            await until(pilot, lambda: screen.view.outcome is not None, "the end of the game")
            keys = ["? Rules", "⏎ Play", "esc Leave", "n Rematch"]
            await until(pilot, lambda: footer_keys(app)[:4] == keys, "the keys after the game")
            await pilot.press("escape")


async def test_a_finished_5x5_game_regrows_from_60x20_to_100x32() -> None:
    from tests.tui.helpers import scripted_game

    game, _ = scripted_game(get_entry("rowcol"))
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_game(app, pilot, game)
        # the review of the finished game
        await until(pilot, lambda: all(w.is_finished for w in screen.workers), "the review")
        await until(pilot, lambda: screen.query_one("#cell-0-0").region.area, "the board laid out")
        await pilot.pause()
        small = screen.query_one("#cell-0-0").region.size
        await pilot.resize_terminal(100, 32)

        def regrown() -> bool:
            large = screen.query_one("#cell-0-0").region.size
            return large.width > small.width and large.height > small.height

        await until(pilot, regrown, "larger cells")
        banner = screen.query_one("#banner")
        await until(
            pilot, lambda: screen.query_one("#cell-4-4").region.bottom <= banner.region.y, "row 5 on top"
        )


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
        await screen_becomes(pilot, SaveRecordScreen, "the save dialog")
        await pilot.press("enter")
        await screen_becomes(pilot, GameScreen, "the game again")
        await until(pilot, lambda: any((data_dir / "records").iterdir()), "the record saved")
        saved = next((data_dir / "records").iterdir())
        await leave_game(pilot)
        await pilot.press("ctrl+o")
        dialog = await screen_becomes(pilot, OpenRecordScreen, "the open dialog")
        recent = dialog.query_one("#recent", OptionList)
        await until(pilot, lambda: dialog.focused is recent, "the recent records focused")
        assert str(recent.get_option_at_index(0).prompt) == saved.name
        tree = dialog.query_one("#files", DirectoryTree)
        assert Path(tree.path) == data_dir / "records"
        await pilot.press("enter")  # the newest recent record
        opened = await screen_becomes(pilot, GameScreen, "the recent record")
        assert opened.game.played == load_record(saved).played
        await leave_game(pilot)
        await pilot.press("ctrl+o")
        dialog = await screen_becomes(pilot, OpenRecordScreen, "the open dialog")
        path_box = dialog.query_one("#path", Input)
        path_box.value = str(elsewhere)  # a folder: the tree shows it
        path_box.focus()
        await until(pilot, lambda: path_box.has_focus, "the name field to take keys")
        await pilot.press("enter")
        tree = dialog.query_one("#files", DirectoryTree)
        await until(pilot, lambda: Path(tree.path) == elsewhere, "the tree to show the folder")
        assert app.screen is dialog
        tree.focus()
        await until(pilot, lambda: tree.has_focus and tree.cursor_node is not None, "the tree to take keys")
        await until(pilot, lambda: tree.root.children, "the folder's files listed")
        await pilot.press("down", "enter")  # the tree's first file
        opened = await screen_becomes(pilot, GameScreen, "the file chosen in the tree")
        assert opened.game.played == load_record(other).played
        assert app.store.recent_records()[:2] == [other, saved]


async def leave_game(pilot) -> None:  # type: ignore[no-untyped-def]
    """Escape, then yes to the question: back on the first screen."""
    await pilot.press("escape")
    await screen_becomes(pilot, ConfirmScreen, "the question before leaving")
    await pilot.press("y")
    await screen_becomes(pilot, SelectScreen, "the first screen")


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
