"""A game under a clock in the app: both clocks count down beside the board, the last ten seconds are
marked in words, and a flag fall ends the game with one sentence. The app's time source is a fake the
test moves forward, so no test waits on real time (only on the screen's own redraw timer)."""

from __future__ import annotations

from gridgames.engine.clock import TimeControl
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.setup import Setup
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.new_game import NewGamePanel
from tests.tui.helpers import SIZE, make_app, text_of
from tests.waiting import click, screen_becomes, until


class FakeTime:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


async def test_both_clocks_count_down_and_a_flag_fall_ends_the_game() -> None:
    app = make_app()
    time = FakeTime()
    app.now = time
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(Setup("noneighbour", Options(3, 3, "1"), clock=TimeControl.parse("0.5+2")))
        screen = await screen_becomes(pilot, GameScreen, "the game to start")

        def clocks() -> str:
            return text_of(app, "#clocks")

        await until(pilot, lambda: clocks() == "▶ Player 1 (X) 0:30\n  Player 2 (O) 0:30", "both clocks")
        time.now += 12
        await until(pilot, lambda: "▶ Player 1 (X) 0:18" in clocks(), "Player 1's clock counting down")
        await click(pilot, "#cell-0-0")
        await until(pilot, lambda: screen.game.cursor == 1, "the move")
        # 30 - 12 + 2 s increment; Player 2's clock runs now
        pressed = "  Player 1 (X) 0:20\n▶ Player 2 (O) 0:30"
        await until(pilot, lambda: clocks() == pressed, "the clock pressed")
        time.now += 21.5
        await until(pilot, lambda: "▶ Player 2 (O) 0:08.5 ⚠ low" in clocks(), "the last ten seconds marked")
        assert screen.query_one("#clocks").has_class("-low")
        time.now += 9
        sentence = "Player 2 (O) ran out of time, so Player 1 (X) wins."
        await until(pilot, lambda: text_of(app, "#reason") == sentence, "the flag fall's sentence")
        assert text_of(app, "#headline") == "Player 1 (X) wins!"
        assert screen.session.outcome is not None and screen.session.outcome.termination == "time"
        await click(pilot, "#cell-2-2")  # the game is over: no more moves
        assert screen.game.cursor == 1
        assert screen.check_action("undo", ()) is None  # a loss on time is not taken back


async def test_the_new_game_panel_offers_a_clock() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        chosen: list[Setup | None] = []
        noneighbour = get_entry("noneighbour")
        app.push_screen(NewGamePanel(noneighbour, app.choices.setup_for(noneighbour)), chosen.append)
        panel = await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        assert panel.chosen().clock is None
        panel.query_one("#clock").value = "3+2"
        assert panel.chosen().clock == TimeControl.parse("3+2")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: chosen and chosen[0] is not None, "the panel to close with the set-up")
        assert chosen[0] is not None and str(chosen[0].clock) == "3+2"


async def test_a_clocked_game_left_and_resumed_keeps_both_clocks() -> None:
    from gridgames.tui.screens.confirm import ConfirmScreen

    app = make_app()
    time = FakeTime()
    app.now = time
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(Setup("noneighbour", Options(3, 3, "1"), clock=TimeControl.parse("0.5+2")))
        screen = await screen_becomes(pilot, GameScreen, "the game to start")
        time.now += 5
        await click(pilot, "#cell-0-0")
        await until(pilot, lambda: screen.game.cursor == 1, "the move")
        time.now += 3  # Player 2 thinks 3 s, then the app is closed

    again = make_app()
    later = FakeTime()
    later.now = 9000.0  # another run: its own time scale, and time away is not charged
    again.now = later
    async with again.run_test(size=SIZE) as pilot:
        await screen_becomes(pilot, ConfirmScreen, "the offer to resume")
        await pilot.press("y")
        await screen_becomes(pilot, GameScreen, "the resumed game")
        resumed = "  Player 1 (X) 0:27\n▶ Player 2 (O) 0:27"  # 30 - 5 + 2, and 30 - 3
        await until(pilot, lambda: text_of(again, "#clocks") == resumed, "both clocks as they were left")
        later.now += 2
        running = "▶ Player 2 (O) 0:25"
        await until(pilot, lambda: running in text_of(again, "#clocks"), "Player 2's time running")
