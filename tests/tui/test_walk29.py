"""What the tmux walk of issue 29 (docs/walks/fourth-walk.md) found, as a player meets it."""

from __future__ import annotations

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.setup import Setup
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.widgets.board import Board
from tests.tui.helpers import make_app, text_of
from tests.waiting import screen_becomes, until


async def test_a_hint_after_the_first_cell_is_picked_points_at_the_move_s_other_cell() -> None:
    # Cram by keys: `i` puts the cursor on the hint's first cell and Enter picks it; `i` again must
    # bring the cursor to the cell that finishes the move (it went back to the picked cell, where
    # Enter does nothing, so a player following the hint was stuck).
    entry = get_entry("cram")
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        options = Options(3, 3, "1")
        app.start_game(Setup("cram", options, ("human", "human")), Game.new(entry, options))
        screen = await screen_becomes(pilot, GameScreen)
        board = screen.query_one(Board)
        await pilot.press("i")
        await until(pilot, lambda: "Hint:" in text_of(app, "#message"), "the hint")
        first = board.cursor
        await pilot.press("enter")
        await until(pilot, lambda: first in screen.picking.cells, "the hint's first cell to be picked")
        await pilot.press("i")
        await until(pilot, lambda: board.cursor != first, "the cursor to go to the move's other cell")
        await pilot.press("enter")
        await until(pilot, lambda: len(screen.session.game.played) == 1, "the hinted move to be played")
        assert first in screen.session.game.played[0].cells



async def test_hint_and_wall_mode_asked_for_after_the_game_ended_say_the_game_is_over() -> None:
    # On the walk, under a finished walls game's banner, `i` said "A hint needs the live game with a
    # person to move" (as if the game on screen were not live) and `w` said "Walls come after set-up:
    # first place your token" (a wrong reason). Both now say the game is over and how to play again.
    entry = get_entry("walls")
    game = Game.new(entry, Options(2, 2, "1"), first_player=1)
    for text in ("B2", "A2", "#A1"):
        game = game.play(text)
    assert game.is_over
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(Setup("walls", game.options, ("human", "human")), game)
        screen = await screen_becomes(pilot, GameScreen)
        for key in ("i", "w"):
            await pilot.press(key)
            await until(pilot, lambda: "game is over" in text_of(app, "#message").lower(), f"why not ({key})")
            message = text_of(app, "#message")
            assert "press n to play again" in message and "set-up" not in message, message
            screen.say("")  # the next key's answer, not this one's


def burst(app, *keys: str) -> None:  # type: ignore[no-untyped-def]
    """Keys that arrive in one read, as tmux sends `Tab Up Enter` or a fast typist types them: all
    queued before the app handles the first (`pilot.press` lets the app settle after each key)."""
    from textual import events

    chars = {"tab": "\t", "enter": "\r"}
    for key in keys:
        event = events.Key(key, chars.get(key))
        event.set_sender(app)
        app.post_message(event)


async def test_keys_in_one_burst_go_where_tab_put_the_focus() -> None:
    # Item 3's walk: Tab, Up and Enter sent at once went to the board, not to the move log that Tab
    # had just focused (the focus moved on a callback queued behind them).
    from tests.tui.test_screens import open_game, rowcol_game

    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, rowcol_game("C3", "C1", "E1"))
        board = screen.query_one(Board)
        at = board.cursor
        burst(app, "tab", "up", "enter")  # the log: from move 3 up to move 2, and show it
        await until(pilot, lambda: screen.viewing == 2, "the position after move 2")
        assert board.cursor == at and len(screen.game.played) == 3, "the board got none of them"
        burst(app, "t", "up")  # play on from there: the board takes the focus, and the key behind
        await until(pilot, lambda: board.cursor == at._replace(row=at.row - 1), "the board's cursor to go up")
        assert screen.game.cursor == 2 and screen.viewing is None
        burst(app, "tab", "tab", "down")  # to the log and back: the board's cursor again
        await until(pilot, lambda: board.cursor == at, "the board's cursor to go down")
