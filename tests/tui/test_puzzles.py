"""Puzzles in the app as a person meets them: the card on the first screen, a puzzle solved by mouse,
one failed by keys (refuted on the board, explained), undo, retry, the solution shown, the next one,
the game chosen, and the streak mode ending at the first miss."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from gridgames.engine.cells import Cell
from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.puzzles import data
from gridgames.puzzles.model import Puzzle
from gridgames.puzzles.progress import ProgressStore
from gridgames.puzzles.run import PuzzleRun
from gridgames.solve.analysis import analyse
from gridgames.solve.budget import StopCheck
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.puzzle import PuzzleScreen
from gridgames.tui.themes import THEMES
from tests.puzzles.test_run import a_puzzle
from tests.tui.contrast import low_contrast
from tests.tui.helpers import cell_text, make_app, shown_text, text_of
from tests.tui.puzzles import ListSource, a_two_move_puzzle, puzzle_screen, settle
from tests.tui.test_newcomer import footer_keys
from tests.waiting import click, scaled, screen_becomes, until

SIZE = (100, 32)


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    """Two real one-move puzzles of two games, found by seeded play and proven by the solver."""
    return [a_puzzle("locked-duel", 4, 0), a_puzzle("rowcol", 4, 0)]


async def open_puzzles_by_mouse(pilot) -> PuzzleScreen:  # type: ignore[no-untyped-def]
    pilot.app.screen.query_one("#puzzles-card").scroll_visible(animate=False)  # the wheel, below the games
    await pilot.pause()
    await click(pilot, "#puzzles-card")
    return await puzzle_screen(pilot)


async def walk_to(pilot, target: Cell) -> None:  # type: ignore[no-untyped-def]
    board = pilot.app.screen.query_one("#board")
    while board.cursor != target:
        at = board.cursor
        if at.row != target.row:
            await pilot.press("down" if at.row < target.row else "up")
        else:
            await pilot.press("right" if at.col < target.col else "left")
        await until(pilot, lambda at=at: board.cursor != at, "the cursor to move")


def cell_classes(app, cell: Cell) -> set[str]:  # type: ignore[no-untyped-def]
    return set(app.screen.query_one(f"#cell-{cell.row}-{cell.col}").classes)


async def test_the_card_opens_the_puzzles_a_click_solves_one_a_game_is_chosen(puzzles: list[Puzzle]) -> None:
    source = ListSource(puzzles)
    app = make_app(puzzles=source)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_puzzles_by_mouse(pilot)
        run = screen.run
        assert run is not None
        assert shown_text(app, "#puzzle-task") == run.task
        assert "to move and win: find the only winning move." in run.task
        cell = run.solution[0].cells[0]
        await click(pilot, f"#cell-{cell.row}-{cell.col}")
        await until(pilot, lambda: "Solved!" in shown_text(app, "#puzzle-answer"), "the puzzle solved")
        await settle(pilot)
        why = screen.answer.explanation if screen.answer else None
        assert why is not None and why.groups  # the game's certificate (this one: a Grundy split)
        assert shown_text(app, "#puzzle-why").startswith(" ".join(why.lines[0].split()))
        for group, label in zip(why.groups, why.labels, strict=True):  # drawn on the board
            for cell in group:
                assert label in cell_text(app, cell) and "-group" in cell_classes(app, cell)
        assert source.results == [(puzzles[0].id, False, False)]
        assert "Solved 1 of 1" in shown_text(app, "#puzzle-standing")
        await click(pilot, "#next")  # the next puzzle, by mouse too
        await until(pilot, lambda: screen.run is not None and screen.run.puzzle == puzzles[1], "the next one")
        await settle(pilot)
        # the arrows move on the board again
        await until(pilot, lambda: app.focused is screen.query_one("#board"), "the board focused")
        assert shown_text(app, "#puzzle-answer") == "" and shown_text(app, "#puzzle-why") == ""
        await pilot.press("g")  # the game choice opens: All games, then each game with puzzles
        games = screen.query_one("#puzzle-game")
        await until(pilot, lambda: app.focused is games.query_one("SelectOverlay"), "the game choice")
        await pilot.press("down", "enter")  # the first puzzle's game only
        await until(pilot, lambda: screen.choice == puzzles[0].game, "the game chosen")
        await settle(pilot)
        for n in range(2):
            await until(pilot, lambda: screen.run is not None and screen.run.puzzle == puzzles[0], "one")
            offered = source.offered
            await pilot.press("n")
            await until(pilot, lambda offered=offered: source.offered > offered, f"puzzle {n + 2} asked for")
            await settle(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen.id == "select", "the first screen")
        # the card shows the standing
        await until(pilot, lambda: "Solved 1 of 1" in shown_text(app, "#puzzles-card"), "the standing")


async def test_a_wrong_try_by_keys_is_refuted_then_undo_retry_and_the_solution(puzzles: list[Puzzle]) -> None:
    source = ListSource(puzzles)
    app = make_app(puzzles=source)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(len(source.choices()) + 20):  # down to the last card, the puzzles'
            await pilot.press("down")
        await pilot.press("enter")
        screen = await puzzle_screen(pilot)
        run = screen.run
        wrong = next(m for m in run.game.legal_moves() if m != run.solution[0])
        await walk_to(pilot, wrong.cells[0])
        await pilot.press("enter")
        await until(pilot, lambda: screen.answer is not None, "the answer to the try")
        await settle(pilot)
        answer = screen.answer
        assert answer is not None and answer.kind == "wrong" and answer.reply is not None
        said = shown_text(app, "#puzzle-answer")
        reply = run.entry.format_move(answer.reply)
        assert said.startswith("✗") and "loses" in said and reply in said  # why it loses
        assert "-tried" in cell_classes(app, wrong.cells[0])  # refuted on the board
        assert {"-reply", "-last"} <= cell_classes(app, answer.reply.cells[0])  # the reply marked
        assert reply in shown_text(app, "#puzzle-why")  # why the reply wins
        assert source.results == [(puzzles[0].id, True, False)]  # a miss, counted at once
        await pilot.press("enter")  # the board refuses another try until the refuted move is undone
        await until(pilot, lambda: "u takes it back" in shown_text(app, "#puzzle-message"), "the refusal")
        assert shown_text(app, "#puzzle-answer") == said  # the verdict stays in view
        await pilot.press("u")
        await until(
            pilot, lambda: "Took back your refuted move" in shown_text(app, "#puzzle-message"), "the takeback"
        )
        assert screen.run is not None and screen.run.game.state == run.start.state
        await walk_to(pilot, wrong.cells[0])
        await pilot.press("enter")
        await until(pilot, lambda: screen.run.refuted, "the try refuted again")
        await settle(pilot)
        await pilot.press("r")  # retry: back to the puzzle's start
        await until(pilot, lambda: "the miss stays counted" in shown_text(app, "#puzzle-message"), "a retry")
        assert screen.run.game.state == run.start.state and not screen.run.refuted
        await pilot.press("s")  # show the solution
        solution = run.entry.format_move(run.solution[0])
        said = f"The solution: {solution}."
        await until(pilot, lambda: shown_text(app, "#puzzle-answer") == said, "the solution")
        await settle(pilot)
        assert solution in shown_text(app, "#puzzle-why")
        assert screen.run.over and source.results == [(puzzles[0].id, True, False)]  # counted once
        await pilot.press("n")
        await until(pilot, lambda: screen.run.puzzle == puzzles[1], "the next puzzle")


async def test_streak_mode_goes_on_until_the_first_miss(puzzles: list[Puzzle]) -> None:
    source = ListSource(puzzles)
    app = make_app(puzzles=source)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")  # the first screen's key for the puzzles
        screen = await puzzle_screen(pilot)
        await click(pilot, "#streak")
        await until(
            pilot, lambda: "Streak: 0 solved in a row" in shown_text(app, "#puzzle-standing"), "the streak"
        )
        await settle(pilot)
        assert screen.streak_on and "until the first miss" in shown_text(app, "#puzzle-message")
        await until(pilot, lambda: screen.run is not None and screen.query("Board"), "a puzzle")
        run = screen.run
        cell = run.solution[0].cells[0]
        await click(pilot, f"#cell-{cell.row}-{cell.col}")
        await until(
            pilot, lambda: "Streak: 1 solved in a row" in shown_text(app, "#puzzle-standing"), "one solved"
        )
        await settle(pilot)
        await pilot.press("n")
        await until(pilot, lambda: screen.run is not run, "the next puzzle")
        await settle(pilot)
        assert screen.streak_on
        await pilot.press("s")  # showing the solution is a miss: the streak ends
        said = "Streak over: 1 puzzle solved in a row."
        await until(pilot, lambda: said in shown_text(app, "#puzzle-answer"), "the streak to end")
        assert not screen.streak_on
        assert [streak for _, _, streak in source.results] == [True, True]
        assert [missed for _, missed, _ in source.results] == [False, True]


async def test_a_move_marked_as_a_mistake_is_replayed_as_a_puzzle() -> None:
    """After a game, the move the review marked ?! (it threw a proven win away) is replayed from the
    position before it, chosen in the log by mouse, or by keys; any winning move solves it. On a 3x3
    board of the no-neighbour game the first player wins only in the centre; a corner throws it away."""
    entry = get_entry("noneighbour")
    game = Game.new(entry, Options(3, 3, "1"), first_player=1).play("A1")
    while not game.is_over:
        game = game.play(analyse(entry, game.state).best[0])
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(app.choices.setup_for(entry), game)
        game_screen = await screen_becomes(pilot, GameScreen, "the finished game")
        await until(pilot, lambda: "p to replay it as a puzzle" in shown_text(app, "#message"), "the review")
        await click(pilot, "#log", offset=(4, 1))  # the log's line for move 1, marked ?!
        await until(pilot, lambda: game_screen.viewing == 1, "move 1 shown")
        await click(pilot, "#learn")
        screen = await puzzle_screen(pilot)
        assert screen.run.start.state == game.goto(0).state
        assert shown_text(app, "#puzzle-task").endswith("to move and win: find a winning move.")
        assert "Before move 1 of your game" in shown_text(app, "#puzzle-about")
        await click(pilot, "#cell-0-0")  # the mistake again: refuted
        refuted = f"✗ {entry.format_move(game.moves[0])} loses"
        await until(pilot, lambda: shown_text(app, "#puzzle-answer").startswith(refuted), "the refutation")
        await settle(pilot)
        await pilot.press("u")
        await until(pilot, lambda: not screen.run.refuted, "the try taken back")
        await click(pilot, "#cell-1-1")  # the centre wins
        said = f"{entry.format_cell(Cell(1, 1))} wins. Solved!"
        await until(pilot, lambda: said in shown_text(app, "#puzzle-answer"), "the puzzle solved")
        await until(pilot, lambda: "tab Log" not in footer_keys(app), "no log key")  # no move log here
        await pilot.press("escape")
        await screen_becomes(pilot, GameScreen, "the game again")
        await pilot.press("tab")  # from the log to the board
        # the game's board keeps its key (boards share bindings)
        await until(pilot, lambda: "tab Log" in footer_keys(app), "the log key on the game's board")
        await pilot.press("escape")  # by keys: back to the live game, then the first ?! move
        await until(pilot, lambda: game_screen.viewing is None, "the live game")
        await pilot.press("p")
        await puzzle_screen(pilot)
        await walk_to(pilot, Cell(1, 1))
        await pilot.press("space")
        await until(pilot, lambda: "Solved!" in shown_text(app, "#puzzle-answer"), "the puzzle solved")


class SlowSource(ListSource):
    """Finding a puzzle takes until the screen cancels it (as a long proof would): it notes the stop."""

    def __init__(self, puzzles: list[Puzzle]) -> None:
        super().__init__(puzzles)
        self.stopped = threading.Event()

    def next_run(self, game: str | None, streak: bool, stop: StopCheck = None) -> PuzzleRun | None:
        assert callable(stop)
        deadline = time.monotonic() + 10
        while not stop() and time.monotonic() < deadline:
            time.sleep(0.01)
        if stop():
            self.stopped.set()
        return None


async def test_the_work_shows_as_thinking_and_stops_when_the_player_leaves(puzzles: list[Puzzle]) -> None:
    source = SlowSource(puzzles)
    app = make_app(puzzles=source)
    async with app.run_test(size=SIZE) as pilot:
        app.open_puzzles()
        await screen_becomes(pilot, PuzzleScreen, "the puzzle screen")
        await until(pilot, lambda: shown_text(app, "#puzzle-thinking") == "⏳ Finding a puzzle…", "the work")
        await pilot.press("escape")
        assert await asyncio.to_thread(source.stopped.wait, scaled(5))
        await until(pilot, lambda: app.screen.id == "select", "the first screen")


async def test_a_refuted_try_and_its_reply_are_readable_in_each_theme(puzzles: list[Puzzle]) -> None:
    """Every text and mark of the puzzle screen at least 4.5:1, with a try refuted on the board and
    the groups of the reply's certificate drawn."""
    app = make_app(puzzles=ListSource(puzzles))
    async with app.run_test(size=SIZE) as pilot:
        app.open_puzzles()
        screen = await puzzle_screen(pilot)
        run = screen.run
        wrong = next(m for m in run.game.legal_moves() if m != run.solution[0])
        await click(pilot, f"#cell-{wrong.cells[0].row}-{wrong.cells[0].col}")
        await until(pilot, lambda: screen.answer is not None and screen.query(".-group"), "the refutation")
        await settle(pilot)
        assert screen.answer.kind == "wrong"
        lows = {}
        for theme in THEMES:
            app.theme = theme.name
            await pilot.pause()
            lows[theme.name] = sorted({str(low) for low in low_contrast(app)})[:6]
        assert not any(lows.values()), lows


async def test_a_puzzle_of_two_moves_answers_the_first_then_is_solved() -> None:
    puzzle = a_two_move_puzzle()
    app = make_app(puzzles=ListSource([puzzle]))
    async with app.run_test(size=SIZE) as pilot:
        app.open_puzzles()
        screen = await puzzle_screen(pilot)
        run = screen.run
        assert "(2 moves to find)" in shown_text(app, "#puzzle-task")
        first, reply, second = run.solution
        await click(pilot, f"#cell-{first.cells[0].row}-{first.cells[0].col}")
        await until(pilot, lambda: "is right" in shown_text(app, "#puzzle-answer"), "the first move right")
        await settle(pilot)
        said = shown_text(app, "#puzzle-answer")
        assert run.entry.format_move(reply) in said
        # the reply is on the board
        await until(pilot, lambda: "-last" in cell_classes(app, reply.cells[0]), "the reply on the board")
        await pilot.press("u")  # undo takes back the move and its reply
        await until(pilot, lambda: screen.run.game.state == run.start.state, "both taken back")
        for n, move in enumerate((first, second)):
            await click(pilot, f"#cell-{move.cells[0].row}-{move.cells[0].col}")
            await until(pilot, lambda n=n: len(screen.run.game.played) > len(run.start.played) + 2 * n,
                        "the move played")
            await settle(pilot)
        await until(pilot, lambda: "Solved!" in shown_text(app, "#puzzle-answer"), "the puzzle solved")
        assert screen.run.over
        why = screen.answer.explanation if screen.answer else None
        assert why is not None and run.entry.format_move(first) in shown_text(app, "#puzzle-why")


@pytest.fixture
def refused_file(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The shipped puzzle file replaced by bytes that are not one (read afresh, and again after)."""
    monkeypatch.setattr(data, "_blob", lambda: b"not a puzzle file")
    data.shipped.cache_clear()
    yield data.refusal()
    monkeypatch.undo()
    data.shipped.cache_clear()


async def test_a_refused_puzzle_file_is_said_on_the_card_and_the_screen(refused_file: str) -> None:
    assert refused_file.endswith("so there are no puzzles.")
    app = make_app()  # the shipped puzzles, rated in the test's own data folder
    async with app.run_test(size=SIZE) as pilot:
        # the card reads the file a moment after start-up
        await until(pilot, lambda: f"✗ {refused_file}" in text_of(app, "#puzzles-card"), "the refusal")
        await pilot.press("p")
        await screen_becomes(pilot, PuzzleScreen, "the puzzle screen")
        await until(pilot, lambda: shown_text(app, "#puzzle-message") == f"✗ {refused_file}", "the refusal")
        await settle(pilot)
        assert app.screen.run is None
        assert not app.screen.query("Board")  # no board without a puzzle


async def test_the_shipped_puzzles_are_rated_and_the_card_shows_the_rating() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        # the card learns the standing after start-up
        said = "Unrated: your first puzzles set your rating."
        await until(pilot, lambda: said in text_of(app, "#puzzles-card"), "the standing on the card")
        await pilot.press("p")
        screen = await puzzle_screen(pilot)
        assert screen.run.puzzle
        await pilot.press("s")  # the solution shown: a miss, rated
        await until(pilot, lambda: "Your rating: " in shown_text(app, "#puzzle-answer"), "the rating")
        await settle(pilot)
        assert shown_text(app, "#puzzle-answer").startswith("The solution: ")
        rating = round(ProgressStore(app.store).load().player.rating)
        assert rating < 1500 and f"Puzzle rating {rating}?" in shown_text(app, "#puzzle-standing")
        await pilot.press("escape")
        await until(pilot, lambda: f"Puzzle rating {rating}?" in text_of(app, "#puzzles-card"), "the card")


async def test_gridgames_puzzle_opens_the_app_on_that_games_puzzles_in_streak_mode(puzzles) -> None:
    """`gridgames puzzle --game rowcol --streak`: the app starts on the puzzle screen, not the cards."""
    app = make_app(puzzles=ListSource(puzzles), open_puzzles="rowcol", streak=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await puzzle_screen(pilot)
        assert screen.run.entry.id == "rowcol" and screen.streak_on
