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
from tests.waiting import click, passes, screen_becomes, until


def log_prompt(screen: GameScreen, index: int) -> object:
    return screen.query_one("#log").get_option_at_index(index).prompt


async def settle(pilot, screen: GameScreen) -> None:  # type: ignore[no-untyped-def]
    """Wait until the computer and the analysis have answered: no job left (one waiting to start
    counts), nobody thinking. Each test then awaits what the answer shows."""
    await until(
        pilot, lambda: screen.session.thinking is None and all(w.is_finished for w in screen.workers),
        "the computer to answer",
    )


async def started(app, pilot) -> GameScreen:  # type: ignore[no-untyped-def]
    return await screen_becomes(pilot, GameScreen, "the game to start")


async def test_computer_replies_and_undo_takes_back_both_moves() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(Setup("rowcol", Options(5, 5, "1"), ("human", "perfect")))
        screen = await started(app, pilot)
        await click(pilot, "#cell-2-2")
        await until(pilot, lambda: screen.game.cursor == 2, "the computer's reply")
        assert screen.game.state.to_move == 1
        reply = screen.game.played[1]
        shown = screen.entry.format_move(reply)
        await until(pilot, lambda: shown in str(log_prompt(screen, 2)), "the reply in the log")
        await pilot.press("u")
        # back to the person's turn, the computer's reply undone too
        await until(pilot, lambda: screen.game.cursor == 0, "both moves undone")


async def test_computer_against_computer_plays_to_the_end(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(GameScreen, "watch_delay", 0.0)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(Setup("noneighbour", Options(3, 3, "1"), ("easy", "perfect")))
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.game.is_over, "the end of the game")
        headline = screen.entry.headline(screen.game.outcome)
        await until(pilot, lambda: text_of(app, "#headline") == headline, "the headline")


async def test_hint_and_analysis_mark_the_moves() -> None:
    entry = get_entry("rowcol")
    game = Game.new(entry, Options(5, 5, "1"), first_player=1).play("C3")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(app.choices.setup_for(entry), game)
        screen = await started(app, pilot)
        await pilot.press("i")
        evaluation = analyse(entry, game.state)
        await until(pilot, lambda: text_of(app, "#message").startswith("Hint: "), "the hint")
        assert Move.at(screen.query_one("#board").cursor) in evaluation.best
        await pilot.press("a")
        await until(pilot, lambda: "To move: " + evaluation.value in text_of(app, "#legend"), "the analysis")

        def marked() -> None:
            for move, value in evaluation.move_values.items():
                assert cell_text(app, move.cells[0]) == VALUE_GLYPHS[value]

        await passes(pilot, marked, "every move marked with its value")


async def test_node_kayles_overlay_shows_region_values_and_their_xor() -> None:
    entry = get_entry("locked-duel")
    game = Game.new(entry, Options(5, 5, "1"), first_player=1).play("C1").play("C5")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(app.choices.setup_for(entry), game)
        screen = await started(app, pilot)
        await pilot.press("a")
        await settle(pilot, screen)
        await until(pilot, lambda: "To move: " in text_of(app, "#legend"), "the analysis")
        legend = text_of(app, "#legend")
        assert "Grundy " in legend and " = " in legend
        await until(pilot, lambda: cell_text(app, Cell(0, 0))[-1].isdigit(), "the region values")


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
        screen = await started(app, pilot)
        await until(pilot, lambda: "threw away a win" in text_of(app, "#message"), "the review")
        assert 1 in screen.session.blunders
        await until(pilot, lambda: "?!" in str(log_prompt(screen, 1)), "the blunder marked in the log")
        await pilot.press("u")  # undo past the end and redo back to it: the marks come back with it
        await until(pilot, lambda: "?!" not in str(log_prompt(screen, 1)), "the mark to go")
        await pilot.press("ctrl+y")
        await until(pilot, lambda: screen.game.is_over and 1 in screen.session.blunders, "the review again")
        await until(pilot, lambda: "?!" in str(log_prompt(screen, 1)), "the mark back in the log")


async def test_every_board_a_computer_plays_on_has_a_hint() -> None:
    """Locked Grid Duel 9x9 (issue 20): proven by the mirror strategy at the start; after a move that
    leaves no strategy, the best move a search found, labelled not proven (it said 'too large')."""
    entry = get_entry("locked-duel")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        options = Options(9, 9, "1")
        app.start_game(Setup(entry.id, options), Game.new(entry, options, first_player=1))
        screen = await started(app, pilot)
        await pilot.press("i")
        said = "Hint: (5,5) wins (proven: mirror strategy)."
        await until(pilot, lambda: text_of(app, "#message") == said, "the proven hint")
        await click(pilot, "#cell-0-0")
        await until(pilot, lambda: screen.game.cursor == 1, "the move played")
        await pilot.press("i")
        await until(pilot, lambda: text_of(app, "#message").endswith(" s; not proven)."), "the searched hint")
        message = text_of(app, "#message")
        assert message.startswith("Hint: (") and "the best move found in " in message


async def test_walls_4x5_analysis_is_exact_once_the_board_is_solved() -> None:
    """The whole-board pass made beside play reaches the analysis: what was searched before it (every
    cell '?', 'not proven') is asked again and comes back proven, in the set-up phase too."""
    from gridgames.play.seats import HUMAN

    entry = get_entry("walls")
    options = Options(4, 5, "2")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(Setup(entry.id, options, (HUMAN, "perfect")), Game.new(entry, options, first_player=2))
        screen = await started(app, pilot)
        await pilot.press("a")
        # the computer's placement, the pass, the analysis asked again
        await until(pilot, lambda: "(proven)" in text_of(app, "#legend"), "the proven analysis")
        await settle(pilot, screen)
        assert len(screen.game.played) == 1  # the computer placed its token; the person is setting up
        legend = text_of(app, "#legend")
        assert "(proven)" in legend and "not proven" not in legend, legend
