"""Whole games through the app, by mouse alone and by keyboard alone, for every variant."""

from __future__ import annotations

import pytest

from gridgames.engine.cells import Cell
from gridgames.games import catalogue
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.new_game import NewGamePanel
from tests.tui.helpers import (
    SIZE,
    board_symbols,
    expected_symbols,
    log_lines,
    make_app,
    scripted_game,
    text_of,
    without_review,
)
from tests.waiting import click, passes, screen_becomes, until

CATALOGUE = catalogue()

IDS = [entry.id for entry in CATALOGUE]
#: The games of one-cell moves, played here from their scripts to the end and read back cell by cell;
#: the domino games are played by mouse and by keys in tests/games/domino/test_domino_games.py.
ONE_CELL = [entry.id for entry in CATALOGUE if entry.id not in ("cram", "domineering")]


@pytest.fixture(autouse=True)
def people_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two people (the set-up's seats), no background review competing for the CPU."""
    without_review(monkeypatch)


def assert_finished(app, game, moves) -> None:  # type: ignore[no-untyped-def]
    entry = game.entry
    screen = app.screen
    assert isinstance(screen, GameScreen)
    assert screen.game.played == tuple(moves)
    assert [row.strip() for row in board_symbols(app, game.state.rows, game.state.cols)] == [
        row.strip() for row in expected_symbols(game)
    ]
    lines = log_lines(app)
    assert len(lines) == len(moves) + 1
    for n, move in enumerate(moves, start=1):
        assert f"{n}." in lines[n] and entry.format_move(move) in lines[n]
    assert text_of(app, "#headline") == entry.headline(game.outcome)
    assert text_of(app, "#reason") == entry.describe(game.outcome)
    assert screen.query_one("#banner").display
    winner = game.outcome.winner
    wins = screen.match.wins[winner - 1]
    assert wins >= 1 and f"{entry.player(winner)} {wins}" in text_of(app, "#score")


async def move_cursor(pilot, target: Cell) -> None:  # type: ignore[no-untyped-def]
    """Walk the board cursor to `target` with a mix of arrow keys and hjkl."""
    board = pilot.app.screen.query_one("#board")
    while board.cursor != target:
        at = board.cursor
        if at.row != target.row:
            await pilot.press(("down" if at.row % 2 else "j") if at.row < target.row else "k")
        else:
            await pilot.press("l" if at.col < target.col else "left")
        await until(pilot, lambda at=at: board.cursor != at, "the cursor to move")


@pytest.mark.parametrize("variant", ONE_CELL)
async def test_whole_game_by_mouse_then_again_by_keys(variant: str) -> None:
    entry = next(e for e in CATALOGUE if e.id == variant)
    game, moves = scripted_game(entry)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        # By mouse alone: pick the variant, start, click every cell (right-click builds a wall).
        await click(pilot, f"#variant-{variant}")
        await click(pilot, "#start")
        screen = await screen_becomes(pilot, GameScreen, "the game to start")
        for n, move in enumerate(moves):
            await click(
                pilot, f"#cell-{move.cells[0].row}-{move.cells[0].col}", offset=(1, 0),
                button=3 if move.kind else 1,
            )
            await until(pilot, lambda n=n: len(screen.game.played) == n + 1, f"move {n + 1} to be played")
        await passes(pilot, lambda: assert_finished(app, game, moves), "the finished game on screen")
        # Play again keeps the options and the match score; the players take turns to start.
        await click(pilot, "#again")
        await until(pilot, lambda: screen.game.cursor == 0, "a new game after Play again")
        assert screen.game.options == game.options
        assert screen.match.games == 1 and screen.game.first_player == 2
        game, _ = scripted_game(entry, first_player=2)
        # By keyboard alone, with undo and redo in the middle.
        for n, move in enumerate(moves):
            if move.kind:
                await pilot.press("w")
                await until(pilot, lambda: screen.alternate_mode, "the other kind of move")
            await move_cursor(pilot, move.cells[0])
            await pilot.press("enter" if n % 2 else "space")
            await until(pilot, lambda n=n: screen.game.cursor == n + 1, f"move {n + 1} to be played")
            if n == 1:  # undo twice, redo once, then replay the second move
                await pilot.press("u", "ctrl+z")
                await until(pilot, lambda: screen.game.cursor == 0, "both moves undone")
                await until(pilot, lambda: "(undone)" in log_lines(app)[1], "the log to mark them undone")
                await pilot.press("ctrl+y")
                await until(pilot, lambda: screen.game.cursor == 1, "one move redone")
                assert screen.game.played == tuple(moves[:1])
                await pilot.press("r")
                await until(pilot, lambda: screen.game.played == tuple(moves[:2]), "the second move replayed")
        await passes(pilot, lambda: assert_finished(app, game, moves), "the finished game on screen")
        assert screen.match.games == 2


@pytest.mark.parametrize(
    ("variant", "setup", "refused"),
    [
        ("locked-duel", ["C3"], "C3"),
        ("blocking", ["C3"], "C4"),
        ("walls", ["A1", "C3"], "E5"),
        ("rowcol", ["C3"], "A1"),
        ("noneighbour", ["A1"], "B2"),
    ],
)
async def test_refused_move_says_why(variant: str, setup: list[str], refused: str) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*["down"] * IDS.index(variant), "enter")  # pick and start by keys
        await screen_becomes(pilot, NewGamePanel, "the new-game panel to open")
        await pilot.press("ctrl+s")
        screen = await screen_becomes(pilot, GameScreen, "the game to start")
        assert screen.entry.id == variant
        for n, text in enumerate(setup):
            move = screen.game.parse(text)
            await click(pilot, f"#cell-{move.cells[0].row}-{move.cells[0].col}")
            await until(pilot, lambda n=n: len(screen.game.played) == n + 1, f"{text} to be played")
        before = screen.game
        target = before.parse(refused)
        board = screen.query_one("#board")
        await click(pilot, "#board", offset=tuple(board.cell_centre(target.cells[0])))
        reason = before.entry.why_illegal(before.state, target)
        assert reason is not None
        await until(pilot, lambda: text_of(app, "#message") == f"✗ {reason}", "the refusal's reason")
        assert screen.game is before
