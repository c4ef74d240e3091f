"""The rest of what a player notices: history, rules, quitting, small terminals, records, the palette."""

from __future__ import annotations

from pathlib import Path

from gridgames.engine.cells import Cell
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.engine.record import dumps, loads
from gridgames.games import get_entry
from gridgames.tui.screens.confirm import ConfirmScreen
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.new_game import NewGamePanel
from gridgames.tui.screens.rules import RulesScreen
from gridgames.tui.screens.select import SelectScreen
from gridgames.tui.widgets.too_small import TooSmall
from tests.tui.helpers import SIZE, cell_text, make_app, text_of
from tests.waiting import click, screen_becomes, until


def rowcol_game(*moves: str) -> Game:
    game = Game.new(get_entry("rowcol"), Options(5, 5, "1"), first_player=1)
    for move in moves:
        game = game.play(move)
    return game


async def open_game(app, pilot, game: Game) -> GameScreen:  # type: ignore[no-untyped-def]
    app.start_game(app.choices.setup_for(game.entry), game)
    return await screen_becomes(pilot, GameScreen, "the game to open")


async def test_history_is_read_only_with_a_way_back() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(app, pilot, rowcol_game("C3", "C1", "E1"))
        await pilot.press("tab")  # focus the move log
        await pilot.press("home", "down", "enter")  # the position after move 1
        await until(pilot, lambda: screen.viewing == 1, "the position after move 1")
        await until(pilot, lambda: cell_text(app, Cell(2, 0)) == ".", "C1 empty in that position")
        assert "read-only" in text_of(app, "#status")
        await click(pilot, "#cell-4-4")
        await until(pilot, lambda: "read-only" in text_of(app, "#message"), "the read-only note")
        assert screen.game.cursor == 3
        await click(pilot, "#live")
        await until(pilot, lambda: screen.viewing is None, "the live position")
        await until(pilot, lambda: cell_text(app, Cell(2, 0)) == "O", "C1 claimed again")
        # Retry from an earlier move: the later moves stay for redo.
        await pilot.press("tab", "home", "down", "enter", "t")
        await until(pilot, lambda: screen.game.cursor == 1, "the game taken back to move 1")
        assert screen.game.can_redo


async def test_undo_and_redo_are_greyed_out_when_impossible() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(app, pilot, rowcol_game())
        assert screen.check_action("undo", ()) is None and screen.check_action("redo", ()) is None
        await click(pilot, "#cell-2-2")
        await until(pilot, lambda: screen.check_action("undo", ()) is True, "undo to be offered")
        assert screen.check_action("redo", ()) is None
        await pilot.press("u")
        await until(pilot, lambda: screen.check_action("redo", ()) is True, "redo to be offered")
        assert screen.check_action("undo", ()) is None


async def test_quit_asks_during_a_game() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(app, pilot, rowcol_game("C3"))
        await pilot.press("q")
        await screen_becomes(pilot, ConfirmScreen, "the question before quitting")
        await pilot.press("n")
        await until(pilot, lambda: app.screen is screen, "the game again")
        await pilot.press("escape")  # leaving the game asks too
        await screen_becomes(pilot, ConfirmScreen, "the question before leaving")
        await pilot.press("y")
        await screen_becomes(pilot, SelectScreen, "the first screen")
        await pilot.press("q")  # no game in progress: quits at once
    assert app.return_code == 0


async def test_rules_pane_shows_the_variant_and_the_keys() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(app, pilot, rowcol_game())
        await pilot.press("question_mark")
        rules = await screen_becomes(pilot, RulesScreen, "the rules")
        text = rules.query_one("#rules-text").source  # type: ignore[attr-defined]
        assert "row or the same column" in text.replace("\n", " ") and "Ctrl+Y" in text
        await pilot.press("escape")
        await screen_becomes(pilot, GameScreen, "the game again")


async def test_small_terminal_says_how_large_and_recovers() -> None:
    app = make_app()
    async with app.run_test(size=(40, 12)) as pilot:
        await until(pilot, lambda: app.screen.query_one(TooSmall).display, "the too-small message")
        assert "at least 60x20" in str(app.screen.query_one(TooSmall).render())
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: not app.screen.query_one(TooSmall).display, "the message to go")
        assert app.screen.query_one("#variants").display


async def test_loads_a_game_record(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(dumps(rowcol_game("C3", "C1")), encoding="utf-8")
    app = make_app(load=str(record))
    async with app.run_test(size=SIZE) as pilot:
        await screen_becomes(pilot, GameScreen, "the recorded game")
        assert app.screen.game.played == rowcol_game("C3", "C1").played
        assert cell_text(app, Cell(2, 0)) == "[O]"


async def test_a_bad_record_says_why_on_the_picker(tmp_path: Path) -> None:
    record = tmp_path / "bad.txt"
    record.write_text("gridgames-record 1\nvariant: chess\n", encoding="utf-8")
    app = make_app(load=str(record))
    async with app.run_test(size=SIZE) as pilot:
        await screen_becomes(pilot, SelectScreen, "the first screen")
        try:
            loads(record.read_text(encoding="utf-8"), get_entry)
        except GameError as error:
            expected = f"Could not open {record}: {error}"
        await until(pilot, lambda: text_of(app, "#select-message") == expected, "the reason on the picker")


async def test_command_palette_runs_the_games_commands() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(app, pilot, rowcol_game("C3"))
        await pilot.press("ctrl+p")
        await until(pilot, lambda: app.screen is not screen, "the command palette")
        palette = app.screen
        await until(pilot, lambda: app.focused is palette.query_one("Input"), "the palette to take keys")
        await pilot.press(*"undo")
        await until(
            pilot, lambda: "Undo" in str(palette.query_one("CommandList").get_option_at_index(0).prompt),
            "undo to be found",
        )
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen and screen.game.cursor == 0, "the move undone")


async def test_opens_on_a_variants_new_game_panel() -> None:
    app = make_app(variant="walls")
    async with app.run_test(size=SIZE) as pilot:
        panel = await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        assert panel.entry.id == "walls"
        await pilot.press("ctrl+s")  # Enter opens the focused row's list (issue 20)
        game = await screen_becomes(pilot, GameScreen, "the game to start")
        assert game.entry.id == "walls"


async def test_the_new_game_panel_says_where_the_perfect_seat_cannot_prove_its_moves() -> None:
    app = make_app(variant="walls")
    async with app.run_test(size=SIZE) as pilot:
        panel = await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        note = panel.query_one("#proof-note")
        panel.query_one("#seat2").value = "perfect"  # type: ignore[attr-defined]
        await pilot.pause()
        assert not note.display  # the book's 5x5 is solved
        panel.query_one("#rows").value = 9  # type: ignore[attr-defined]
        panel.query_one("#cols").value = 9  # type: ignore[attr-defined]
        await until(pilot, lambda: note.display and "not proven on 9x9" in str(note.render()), "the note")


async def _perfect_seat_note(app, pilot, rows: int, cols: int):  # type: ignore[no-untyped-def]
    """On the new-game panel on top: a perfect second seat on a rows x cols board; its proof note."""
    panel = await screen_becomes(pilot, NewGamePanel, "the new-game panel")
    panel.query_one("#seat2").value = "perfect"
    panel.query_one("#rows").value = rows
    panel.query_one("#cols").value = cols
    await pilot.pause()
    return panel.query_one("#proof-note")


async def test_a_board_solved_in_seconds_is_solved_beside_play_and_the_note_goes() -> None:
    """Walls 3x6 (18 cells) takes a whole-board pass longer than a reply: the perfect seat says it plays
    by search until the board is solved, the game screen solves it in a worker, and the note goes."""
    import pytest

    from gridgames.games.walls import algorithm as walls
    from gridgames.solve.caches import clear_caches

    if walls.NATIVE() is None:
        pytest.skip("boards of 17 to 20 cells are solved live by the C core only")
    clear_caches()
    app = make_app(variant="walls")
    async with app.run_test(size=SIZE) as pilot:
        note = await _perfect_seat_note(app, pilot, 3, 6)
        said = "strongest search until the 3x6 board is solved"
        await until(pilot, lambda: note.display and said in str(note.render()), "the note")
        await pilot.press("ctrl+s")
        await screen_becomes(pilot, GameScreen, "the game to start")
        # the pass takes about half a second; the worker runs beside play
        await until(
            pilot, lambda: not any(w.group == "prepare" and not w.is_finished for w in app.workers),
            "the board to be solved",
        )
        await pilot.press("escape")  # back to the picker, and the same game's panel again
        await screen_becomes(pilot, SelectScreen, "the first screen")
        app.open_new_game(get_entry("walls"))
        note = await _perfect_seat_note(app, pilot, 3, 6)
        assert not note.display  # solved: the perfect seat proves its moves
    clear_caches()


async def test_the_remembered_choices_are_said_when_the_app_opens_on_a_game() -> None:
    from gridgames.tui.app import GridGamesApp

    app = GridGamesApp(variant="noneighbour", note="As last time: orthogonal adjacency.")
    async with app.run_test(size=(100, 32)) as pilot:
        await until(
            pilot, lambda: "As last time: orthogonal adjacency." in [n.message for n in app._notifications],
            "the remembered choices said",
        )
