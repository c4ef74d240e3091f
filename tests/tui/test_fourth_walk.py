"""What issue 29's fourth walk found in the app, as a player meets it (one test per item)."""

from __future__ import annotations

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.solve.analysis import analyse
from gridgames.tui.screens.game import GameScreen
from tests.tui.helpers import make_app, shown_text, text_of
from tests.waiting import screen_becomes, until


async def test_an_earlier_position_does_not_show_the_live_positions_analysis() -> None:
    # Item 3: Locked Duel 5x5 after A1 C1 C4 E1 is lost for the player to move; after A1 C1 C4 it is won.
    entry = get_entry("locked-duel")
    game = Game.new(entry, Options(5, 5, "1"), first_player=1)
    for text in ("A1", "C1", "C4", "E1"):
        game = game.play(text)
    assert analyse(entry, game.state).value == "loss"
    assert analyse(entry, game.goto(3).state).value == "win"
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(app.choices.setup_for(entry), game)
        screen = await screen_becomes(pilot, GameScreen)
        await pilot.press("a")
        await until(pilot, lambda: "To move: loss" in text_of(app, "#legend"), "the live position's analysis")
        assert "Grundy" in text_of(app, "#legend")
        screen.query_one("#log").focus()
        await until(pilot, lambda: screen.focused is screen.query_one("#log"), "the move log to take focus")
        await pilot.press("up", "enter")
        await until(pilot, lambda: screen.viewing == 3, "the position after move 3 to show")
        await until(pilot, lambda: "live game only" in text_of(app, "#legend"), "the legend to say so")
        legend = text_of(app, "#legend")
        assert "To move" not in legend and "Grundy" not in legend, legend
        await pilot.press("escape")  # back to the live game: its analysis comes back
        await until(pilot, lambda: "To move: loss" in text_of(app, "#legend"), "the live analysis again")


async def test_home_and_end_go_to_the_first_and_last_card_of_the_game_list() -> None:
    # Item 18.
    from textual.widgets import ListView

    from gridgames.tui.screens.select import PuzzleCard, SelectScreen

    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        select = await screen_becomes(pilot, SelectScreen)
        cards = select.query_one("#variants", ListView)
        await until(pilot, lambda: app.focused is cards, "the game list to take the focus")
        await pilot.press("end")
        last = "End to reach the last card"
        await until(pilot, lambda: isinstance(cards.highlighted_child, PuzzleCard), last)
        await pilot.press("home")
        await until(pilot, lambda: cards.index == 0, "Home to reach the first game")


async def test_the_review_offers_no_replay_of_the_computers_own_mistake() -> None:
    # Item 16: walls 2x2 against easy; the person's moves 1 and 3 keep the win, the computer's move 2
    # threw its own away. Only a person's mistakes are offered to learn from (PlaySession.own_blunders).
    from gridgames.play.setup import Setup
    from gridgames.tui.screens.puzzle import PuzzleScreen

    entry = get_entry("walls")
    game = Game.new(entry, Options(2, 2, "1"), first_player=1)
    for text in ("B2", "A2", "#A1"):
        game = game.play(text)
    assert game.is_over and game.outcome is not None and game.outcome.winner == 1
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(Setup("walls", game.options, ("human", "easy")), game)
        screen = await screen_becomes(pilot, GameScreen)
        await until(pilot, lambda: "Review:" in text_of(app, "#message"), "the review of the finished game")
        assert screen.session.blunders == {2}
        message = text_of(app, "#message")
        assert "the computer threw away a win" in message and "none of your moves did" in message, message
        assert "puzzle" not in message
        assert not screen.query_one("#learn").display
        offered = [b.binding.description for b in screen.active_bindings.values() if b.enabled]
        assert "Replay ?!" not in offered, offered  # neither the key nor the footer offers it
        await pilot.press("p")
        assert not isinstance(app.screen, PuzzleScreen)


async def test_the_puzzles_explanation_has_room_at_60x20() -> None:
    # Item 12: with the shipped puzzles (a game and a theme to choose) the "Why" text got 1-3 lines.
    from gridgames.tui.screens.puzzle import PuzzleScreen

    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        app.open_puzzles()
        screen = await screen_becomes(pilot, PuzzleScreen)
        await until(pilot, lambda: screen.run is not None and not screen.thinking, "a puzzle to show")
        await pilot.press("s")  # the solution, explained
        await until(pilot, lambda: shown_text(app, "#puzzle-why") != "", "the explanation")
        why = screen.query_one("#why-scroll")
        await until(pilot, lambda: why.region.height >= 6, "the explanation to get 6 rows")
        if why.virtual_size.height > why.region.height:  # the rest scrolls, and shows that it does
            assert why.show_vertical_scrollbar and why.scrollbar_size_vertical > 0


def _toasts(app) -> list:  # type: ignore[no-untyped-def]
    from textual.widgets._toast import Toast

    return [t for t in app.screen.query(Toast) if t.region.area > 0 and t.display]


def _covered(app, selector: str) -> list:  # type: ignore[no-untyped-def]
    """The toasts that lie over the widget `selector` of the screen."""
    region = app.screen.query_one(selector).region
    return [t.region for t in _toasts(app) if t.region.overlaps(region)]


async def test_notices_cover_neither_the_status_line_nor_the_end_banner_nor_the_too_small_message() -> None:
    # Item 15: "Your last choices" at 60x20, "the record is saved" at 100x32 and at 45x15.
    from gridgames.play.setup import Setup
    from gridgames.tui.widgets.too_small import TooSmall
    from tests.tui.helpers import scripted_game

    entry = get_entry("rowcol")
    app = make_app()
    async with app.run_test(size=(60, 20), notifications=True) as pilot:
        app.start_game(Setup("rowcol", Options(5, 5, "1"), ("human", "human")))
        await screen_becomes(pilot, GameScreen)
        app.notify("Player 2 is the computer (easy), as last time; n changes it.", title="Your last choices")
        await until(pilot, lambda: _toasts(app), "the notice to show")
        assert not _covered(app, "#status") and not _covered(app, "#message"), _covered(app, "#status")
        app.clear_notifications()
        await pilot.resize_terminal(100, 32)
        game, _ = scripted_game(entry)
        app.start_game(Setup("rowcol", game.options, ("human", "human")), game)
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.game.is_over, "the end")
        await until(pilot, lambda: app.screen.query_one("#banner").region.area > 0, "the end banner")
        app.notify("The game record is saved in ~/games/rowcol-2026-11-27.gridgames.")
        await until(pilot, lambda: _toasts(app), "the notice to show")
        assert not _covered(app, "#banner") and not _covered(app, "#message")
        await pilot.resize_terminal(45, 15)
        await until(pilot, lambda: app.screen.query_one(TooSmall).region.area > 0, "the too-small message")
        await until(pilot, lambda: not _toasts(app), "the notice to hide behind the too-small message")


async def test_an_unproven_analysis_says_which_cells_it_values() -> None:
    # Item 13: Locked Duel 9x9 after four moves is not proven; the search values its best move only.
    from gridgames.play.setup import Setup
    from gridgames.tui.marks import VALUE_GLYPHS

    entry = get_entry("locked-duel")
    game = Game.new(entry, Options(9, 9, "1"), first_player=1)
    for text in ("A1", "C1", "C4", "E1"):
        game = game.play(text)
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.start_game(Setup("locked-duel", game.options, ("human", "human")), game)
        screen = await screen_becomes(pilot, GameScreen)
        await pilot.press("a")
        assert "every playable cell" not in text_of(app, "#message")
        await until(pilot, lambda: game.state in screen.evaluations, "the analysis")
        evaluation = screen.evaluations[game.state]
        assert len(evaluation.move_values) < len(game.legal_moves())  # the search valued only some moves
        words = "the analysis's words"
        await until(pilot, lambda: "Not proven on this board" in text_of(app, "#message"), words)
        message = text_of(app, "#message")
        assert "the other cells have no value" in message, message
        unsure = VALUE_GLYPHS["unknown"]
        marked = [c for c in screen.query(".cell") if str(c.render()).strip().startswith(unsure)]
        assert len(marked) == len(evaluation.move_values)


def test_the_analysis_words_promise_no_more_than_it_holds() -> None:
    from gridgames.play.narration import analysis_summary

    assert analysis_summary(["win", "loss"], 2) == ""  # all proven: the marks say it
    assert "cells marked ? show the search's estimate" in analysis_summary(["unknown", "win"], 2)
    assert "only the search's best move" in analysis_summary(["unknown"], 67)
    assert "valued 3 of 9 moves" in analysis_summary(["unknown"] * 3, 9)


async def test_online_the_hint_and_analysis_keys_say_why_they_do_nothing() -> None:
    # Item 10: `i` and `a` did nothing, silently, in an online game. The connection here never
    # comes (no network in this test): the keys answer before it, as they would during the game.
    import asyncio

    from gridgames.play.narration import ONLINE_NO_HELP
    from gridgames.tui.screens.online import OnlineGameScreen

    never = asyncio.Event()

    async def no_plan(out):  # type: ignore[no-untyped-def]
        await never.wait()

    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(OnlineGameScreen(no_plan))
        screen = await screen_becomes(pilot, OnlineGameScreen)
        for key in ("i", "a"):
            screen.say("")
            await pilot.press(key)
            await until(pilot, lambda: ONLINE_NO_HELP in text_of(app, "#message"), f"{key} to say why")


async def test_online_footers_offer_only_what_applies_now() -> None:
    # Item 11 (the footers): a watcher was offered Resign, Rematch and Accept; players Accept and
    # Rematch with nothing to accept. The room's state is set as the connection would set it.
    import asyncio

    from gridgames.online import protocol as p
    from gridgames.online.client import Link
    from gridgames.online.follow import View
    from gridgames.online.launch import Plan
    from gridgames.online.room_driver import RoomDriver
    from gridgames.play.narration import KEY_ANSWERS
    from gridgames.tui.screens.online import OnlineGameScreen
    from tests.tui.test_newcomer import footer_keys

    never = asyncio.Event()

    async def no_plan(out):  # type: ignore[no-untyped-def]
        await never.wait()

    def state(**changes: object) -> View:
        room = dict(variant="rowcol", size="5x5", options={}, first=1, game=1, moves=("C3",), result=None,
                    seated=(True, True), connected=(True, True), takeback=None, rematch=(False, False),
                    score=(0, 0), draws=0)
        return View.from_state(p.State(**{**room, **changes}))  # type: ignore[arg-type]

    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(OnlineGameScreen(no_plan))
        screen = await screen_becomes(pilot, OnlineGameScreen)

        async def shows(view: View, seat: int, wanted: set[str], unwanted: set[str]) -> None:
            def fits() -> bool:
                shown = " ".join(footer_keys(app))
                return all(w in shown for w in wanted) and not any(u in shown for u in unwanted)

            if screen.room is None:  # the room driver the connection would make
                link = Link("ws://127.0.0.1:9", room="abcdefghijklmnopqrstuv")
                screen.room = RoomDriver(Plan(link, "join", "rowcol", ""), KEY_ANSWERS)
            screen.room.view, screen.room.seat = view, seat
            screen.refresh_view()
            await until(pilot, fits, f"the footer of seat {seat} to offer {wanted} and not {unwanted}")

        playing = state()
        await shows(playing, 0, set(), {"Resign", "Rematch", "Accept", "Decline", "Takeback"})  # a watcher
        await shows(playing, 2, {"Resign", "Takeback"}, {"Rematch", "Accept", "Decline"})
        await shows(state(takeback=1), 2, {"Accept", "Decline"}, {"Rematch"})


async def test_a_game_left_mid_way_is_on_its_card_when_the_first_screen_comes_back() -> None:
    # Found on the walk of 27 November: the game was released (and its clock kept) only once its screen
    # had gone, after the first screen had read the unfinished games, so its card said nothing of it
    # until the next visit.
    from gridgames.play.setup import Setup
    from gridgames.tui.screens.confirm import ConfirmScreen
    from gridgames.tui.screens.select import SelectScreen

    entry, options = get_entry("rowcol"), Options(5, 5, "1")
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        first = await screen_becomes(pilot, SelectScreen, "the first screen")
        card = first.query_one("#variant-rowcol")
        assert "Unfinished" not in card.render().plain
        app.start_game(Setup("rowcol", options, ("human", "human")), Game.new(entry, options, 1))
        screen = await screen_becomes(pilot, GameScreen, "the game")
        await pilot.press("enter")  # a move at the cursor
        await until(pilot, lambda: screen.game.cursor == 1, "the move to be played")
        await pilot.press("escape")
        question = await screen_becomes(pilot, ConfirmScreen, "the question whether to leave")
        assert question.question.startswith("Leave this game?")
        await pilot.press("y")
        await screen_becomes(pilot, SelectScreen, "the first screen again")
        offered = "rowcol's card to offer the game"
        await until(pilot, lambda: "▶ Unfinished: 5x5, 1 move" in card.render().plain, offered)
