"""Computer opponents, hints, analysis and the review, as a player sees them."""

from __future__ import annotations

from gridgames.engine.cells import Cell
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.setup import Setup
from gridgames.solve.analysis import analyse
from gridgames.tui.marks import VALUE_GLYPHS
from gridgames.tui.screens.game import GameScreen
from tests.tui.helpers import SIZE, cell_text, make_app, text_of


async def settle(pilot, screen: GameScreen) -> None:  # type: ignore[no-untyped-def]
    """Wait until the computer and the analysis have answered."""
    for _ in range(200):
        await screen.workers.wait_for_complete()
        await pilot.pause()
        if screen.session.thinking is None and not any(w.is_running for w in screen.workers):
            return
    raise AssertionError("the computer never answered")


async def test_computer_replies_and_undo_takes_back_both_moves() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(Setup("rowcol", Options(5, 5, "1"), ("human", "perfect")))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.click("#cell-2-2")
        await settle(pilot, screen)
        assert screen.game.cursor == 2 and screen.game.state.to_move == 1
        reply = screen.game.played[1]
        assert screen.entry.format_move(reply) in str(screen.query_one("#log").get_option_at_index(2).prompt)
        await pilot.press("u")
        assert screen.game.cursor == 0  # back to the person's turn, the computer's reply undone too


async def test_computer_against_computer_plays_to_the_end(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(GameScreen, "watch_delay", 0.0)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(Setup("noneighbour", Options(3, 3, "1"), ("easy", "perfect")))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(20):
            await settle(pilot, screen)
            if screen.game.is_over:
                break
        assert screen.game.is_over
        assert text_of(app, "#headline") == screen.entry.headline(screen.game.outcome)


async def test_hint_and_analysis_mark_the_moves() -> None:
    entry = get_entry("rowcol")
    game = Game.new(entry, Options(5, 5, "1"), first_player=1).play("C3")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(app.choices.setup_for(entry), game)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("i")
        await settle(pilot, screen)
        evaluation = analyse(entry, game.state)
        assert text_of(app, "#message").startswith("Hint: ")
        assert Move.at(screen.query_one("#board").cursor) in evaluation.best
        await pilot.press("a")
        await settle(pilot, screen)
        for move, value in evaluation.move_values.items():
            assert cell_text(app, move.cells[0]) == VALUE_GLYPHS[value]
        assert "To move: " + evaluation.value in text_of(app, "#legend")


async def test_node_kayles_overlay_shows_region_values_and_their_xor() -> None:
    entry = get_entry("locked-duel")
    game = Game.new(entry, Options(5, 5, "1"), first_player=1).play("C1").play("C5")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(app.choices.setup_for(entry), game)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("a")
        await settle(pilot, screen)
        legend = text_of(app, "#legend")
        assert "To move: " in legend, text_of(app, "#message")
        assert "Grundy " in legend and " = " in legend
        assert cell_text(app, Cell(0, 0))[-1].isdigit()


async def test_review_marks_a_move_that_threw_away_a_win() -> None:
    # noneighbour 3x3: the first player wins at once in the centre; A1 gives the win away.
    entry = get_entry("noneighbour")
    game = Game.new(entry, Options(3, 3, "1"), first_player=1)
    assert analyse(entry, game.state).value == "win"
    moves = ["A1"]
    game = game.play("A1")
    while not game.is_over:
        best = analyse(entry, game.state).best[0]
        moves.append(game.rules.format_move(best))
        game = game.play(best)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(app.choices.setup_for(entry), game)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot, screen)
        assert 1 in screen.session.blunders
        assert "?!" in str(screen.query_one("#log").get_option_at_index(1).prompt)
        assert "threw away a win" in text_of(app, "#message")
        await pilot.press("u")  # undo past the end and redo back to it: the marks come back with it
        assert "?!" not in str(screen.query_one("#log").get_option_at_index(1).prompt)
        await pilot.press("ctrl+y")
        await settle(pilot, screen)
        assert screen.game.is_over and 1 in screen.session.blunders
        assert "?!" in str(screen.query_one("#log").get_option_at_index(1).prompt)


async def test_every_board_a_computer_plays_on_has_a_hint() -> None:
    """Locked Grid Duel 9x9 (issue 20): proven by the mirror strategy at the start; after a move that
    leaves no strategy, the best move a search found, labelled not proven (it said 'too large')."""
    entry = get_entry("locked-duel")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        options = Options(9, 9, "1")
        app.start_game(Setup(entry.id, options), Game.new(entry, options, first_player=1))
        await pilot.pause()
        screen = app.screen
        await pilot.press("i")
        await settle(pilot, screen)
        assert text_of(app, "#message") == "Hint: (5,5) wins (proven: mirror strategy)."
        await pilot.click("#cell-0-0")
        await pilot.press("i")
        await settle(pilot, screen)
        message = text_of(app, "#message")
        assert message.startswith("Hint: (") and message.endswith(" s; not proven).")
        assert "the best move found in " in message


async def test_walls_4x5_analysis_is_exact_once_the_board_is_solved() -> None:
    """The whole-board pass made beside play reaches the analysis: what was searched before it (every
    cell '?', 'not proven') is asked again and comes back proven, in the set-up phase too."""
    from gridgames.play.seats import HUMAN

    entry = get_entry("walls")
    options = Options(4, 5, "2")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(Setup(entry.id, options, (HUMAN, "perfect")), Game.new(entry, options, first_player=2))
        await pilot.pause()
        screen = app.screen
        await pilot.press("a")
        for _ in range(3):  # the computer's placement, the pass, the analysis asked again
            await settle(pilot, screen)
        assert len(screen.game.played) == 1  # the computer placed its token; the person is setting up
        legend = text_of(app, "#legend")
        assert "(proven)" in legend and "not proven" not in legend, legend
