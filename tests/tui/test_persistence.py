"""Never lose a game: autosave and resume, save as / open, statistics, last choices, an unwritable folder.

Each test has its own `$GRIDGAMES_DATA_DIR` and current folder (see conftest.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button, Input, Select

from gridgames.engine.game import Game
from gridgames.engine.match import Match
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.session import PlaySession
from gridgames.play.setup import Setup
from gridgames.storage import ENV_DATA_DIR, Store, load_record
from gridgames.tui.app import GridGamesApp
from gridgames.tui.screens.confirm import ConfirmScreen
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.new_game import NewGamePanel
from gridgames.tui.screens.record_file import OpenRecordScreen, SaveRecordScreen
from gridgames.tui.screens.select import SelectScreen
from gridgames.tui.widgets.keys_footer import KeysFooter
from tests.tui.helpers import SIZE, card_results, log_lines, make_app, scripted_game, text_of, without_review
from tests.waiting import click, screen_becomes, until

ROWCOL = get_entry("rowcol")


@pytest.fixture(autouse=True)
def people_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two people (the set-up's seats): no computer turns or background review to wait for."""
    without_review(monkeypatch)


def rowcol(*moves: str) -> Game:
    game = Game.new(ROWCOL, Options(5, 5, "1"), first_player=1)
    for move in moves:
        game = game.play(move)
    return game


async def click_move(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    """Click a legal move's cell and wait until it is played."""
    screen = pilot.app.screen
    move, before = screen.game.parse(text), screen.game.cursor
    await click(pilot, f"#cell-{move.cells[0].row}-{move.cells[0].col}")
    await until(pilot, lambda: screen.game.cursor == before + 1, f"{text} to be played")


async def open_game(app, pilot, game: Game, match: Match | None = None) -> GameScreen:  # type: ignore[no-untyped-def]
    app.start_game(Setup(game.entry.id, game.options), game, match)
    return await screen_becomes(pilot, GameScreen, "the game to open")


async def test_autosave_then_a_new_app_offers_to_resume_board_log_and_score() -> None:
    finished, _ = scripted_game(ROWCOL)
    earlier = Setup("rowcol", Options(5, 5, "1")).new_match(ROWCOL).record(finished)  # 1 game won by A
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(app, pilot, rowcol("C3"), earlier)
        await click_move(pilot, "C1")
        await click_move(pilot, "E1")
        await until(pilot, lambda: len(log_lines(app)) == 4, "the log of 3 moves")
        board = [text_of(app, f"#cell-{r}-{c}") for r in range(5) for c in range(5)]
        log = log_lines(app)
        played = screen.game.played
    assert Store().load_current("rowcol") is not None

    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        offer = await screen_becomes(pilot, ConfirmScreen, "the offer to resume")
        assert offer.question.startswith(
            "Resume your unfinished game of Gridlock (rule book 003), 5x5, 3 moves, saved "
        )
        await pilot.press("y")
        screen = await screen_becomes(pilot, GameScreen, "the resumed game")
        assert screen.game.played == played
        await until(pilot, lambda: log_lines(again) == log, "the resumed log")
        assert [text_of(again, f"#cell-{r}-{c}") for r in range(5) for c in range(5)] == board
        assert screen.session.match_base == earlier
        assert text_of(again, "#score").startswith(earlier.describe())
        # Declining is possible too: the picker stays, and the save is kept for next time.
    declined = make_app()
    async with declined.run_test(size=SIZE) as pilot:
        offer = await screen_becomes(pilot, ConfirmScreen, "the offer to resume")
        # at start-up, no is the game list: buttons and footer say "Not now", both the same words
        assert str(offer.query_one("#no", Button).label) == "Not now (n)"
        footer = [key.label for key in offer.query_one(KeysFooter).shown()]
        assert footer == ["y Resume", "n/esc Not now"], footer
        await pilot.press("n")
        await screen_becomes(pilot, SelectScreen, "the first screen")
    assert Store().load_current("rowcol") is not None


async def test_a_finished_game_counts_once_and_undo_takes_it_out_of_the_score() -> None:
    game, moves = scripted_game(ROWCOL)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(app, pilot, game.undo())
        await click_move(pilot, game.rules.format_move(moves[-1]))
        assert screen.game.is_over and screen.match.games == 1
        # the save of a finished game is dropped
        await until(pilot, lambda: Store().load_current("rowcol") is None, "the save to be dropped")
        await pilot.press("u")  # take the last move back: its result leaves the score
        await until(pilot, lambda: screen.match.games == 0 and text_of(app, "#score") == "", "no score")
        await until(pilot, lambda: Store().load_current("rowcol") is not None, "the game saved again")
        await click_move(pilot, game.rules.format_move(moves[-1]))
        winner = game.outcome.winner
        assert screen.match.games == 1
        await until(pilot, lambda: f"{ROWCOL.player(winner)} 1" in text_of(app, "#score"), "the score")
        await pilot.press("escape")
        await screen_becomes(pilot, SelectScreen, "the first screen")
        await until(pilot, lambda: card_results(app, "rowcol"), "rowcol's results")
        card = card_results(app, "rowcol")
    tally = {"wins": int(winner == 1), "losses": int(winner == 2), "draws": 0}  # Player 1's results
    assert Store().stats() == {"rowcol": {"human": tally}}
    assert card == f"Won–lost: two players {tally['wins']}–{tally['losses']}"  # player 1's results


async def test_results_against_the_computer_show_on_the_picker() -> None:
    store = Store()
    finished, _ = scripted_game(ROWCOL)
    winner = finished.outcome.winner
    store.record_game(finished, "perfect", human_player=winner)
    store.record_game(finished, "perfect", human_player=3 - winner)
    store.record_game(finished, "easy", human_player=winner)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await screen_becomes(pilot, SelectScreen, "the first screen")
        said = "Won–lost: easy 1–0 · perfect 1–1"
        await until(pilot, lambda: card_results(app, "rowcol") == said, "rowcol's results")
        assert card_results(app, "walls") == ""


async def test_save_as_then_open_round_trips_and_replacing_asks(tmp_path: Path, data_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(app, pilot, rowcol("C3", "C1"))
        await pilot.press("ctrl+s")
        dialog = await screen_becomes(pilot, SaveRecordScreen, "the save dialog")
        await until(pilot, lambda: dialog.query_one("#path", Input).value, "a suggested name")
        suggested = dialog.query_one("#path", Input).value
        saved = Path(suggested)  # in full, in the data folder's records folder (issue 20)
        assert saved.parent == data_dir / "records" and saved.is_absolute()
        assert saved.name.startswith("rowcol-") and saved.name.endswith(".gridgames")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen, "the game again")
        await until(pilot, lambda: f"saved in {saved}." in list(app._notifications)[-1].message, "the note")
        assert load_record(saved).played == screen.game.played
        # Same name again: it asks before replacing.
        await click_move(pilot, "E1")
        await pilot.press("ctrl+s")
        dialog = await screen_becomes(pilot, SaveRecordScreen, "the save dialog")
        dialog.query_one("#path", Input).value = suggested
        await pilot.press("enter")
        question = await screen_becomes(pilot, ConfirmScreen, "the question before replacing")
        assert "already exists" in question.question
        await pilot.press("y")
        await until(pilot, lambda: app.screen is screen, "the game again")
        await until(pilot, lambda: len(load_record(saved).played) == 3, "the file replaced")
        # Open it from the picker.
        await pilot.press("escape")
        await screen_becomes(pilot, ConfirmScreen, "the question before leaving")
        await pilot.press("y")
        await screen_becomes(pilot, SelectScreen, "the first screen")
        await pilot.press("ctrl+o")
        dialog = await screen_becomes(pilot, OpenRecordScreen, "the open dialog")
        dialog.query_one("#path", Input).value = suggested
        dialog.query_one("#path", Input).focus()
        await until(pilot, lambda: dialog.query_one("#path", Input).has_focus, "the name field to take keys")
        await pilot.press("enter")
        opened = await screen_becomes(pilot, GameScreen, "the game from the file")
        assert opened.game.played == rowcol("C3", "C1", "E1").played


async def test_a_bad_record_is_refused_with_line_and_reason_and_nothing_changes(tmp_path: Path) -> None:
    bad = tmp_path / "bad.gridgames"
    text = "gridgames-record 1\nvariant: rowcol\nsize: 5x5\nfirst: 1\nresult: in progress\n"
    text += "moves:\n1. C3\n2. D4\n"  # D4 is in neither row C nor column 3
    bad.write_text(text, encoding="utf-8")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await screen_becomes(pilot, SelectScreen, "the first screen")
        await pilot.press("ctrl+o")
        dialog = await screen_becomes(pilot, OpenRecordScreen, "the open dialog")
        field = dialog.query_one("#path", Input)
        await until(pilot, lambda: field.has_focus, "the name field to take keys")
        field.value = "bad.gridgames"
        await pilot.press("enter")
        said = "Could not open bad.gridgames: line 8: "
        await until(pilot, lambda: text_of(app, "#file-message").startswith(said), "the reason")
        assert app.screen is dialog and "D4" in text_of(app, "#file-message")
        field.value = "missing.gridgames"
        await pilot.press("enter")
        await until(
            pilot, lambda: "there is no file called 'missing.gridgames'" in text_of(app, "#file-message"),
            "the missing file named",
        )
        await pilot.press("escape")
        await screen_becomes(pilot, SelectScreen, "the first screen")
    assert bad.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


async def test_match_rules_and_last_choices_are_kept_for_the_next_run() -> None:
    entry = get_entry("locked-duel")
    app = GridGamesApp()  # choices from the (empty) data folder
    async with app.run_test(size=SIZE) as pilot:
        app.open_new_game(entry)
        panel = await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        panel.query_one("#first", Select).value = "1"
        panel.query_one("#starts", Select).value = "winner"
        scoring = panel.query_one("#option-cell_scoring", Select)  # the game's own option, as it declares it
        labels = [str(label) for label, _ in scoring._options]
        assert labels == ["1 point per game won", "1 point per cell marked"]
        scoring.value = 1
        await click(pilot, "#start")
        screen = await screen_becomes(pilot, GameScreen, "the game to start")
        assert (screen.match.starts, screen.match.scoring) == ("winner", "cells")
        game, moves = scripted_game(entry)
        for move in moves:
            await click_move(pilot, game.rules.format_move(move))

        def scored() -> bool:
            return screen.match.describe() in text_of(app, "#score") and " cells" in text_of(app, "#score")

        await until(pilot, scored, "the score in cells")
        await pilot.press("n")  # the winner starts the next game
        await until(pilot, lambda: screen.game.cursor == 0, "the next game")
        assert screen.game.first_player == game.outcome.winner
    later = GridGamesApp()
    setup = later.choices.setup_for(entry)
    assert (setup.starts, later.choices.variant) == ("winner", "locked-duel")
    assert setup.options.game_options == {"cell_scoring": True}


async def test_an_unwritable_data_folder_warns_once_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n", encoding="utf-8")
    monkeypatch.setenv(ENV_DATA_DIR, str(blocker / "data"))
    app = make_app()
    toasts: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: (toasts.append(message), notify(message, **kw))[1]  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(app, pilot, rowcol())
        await click_move(pilot, "C3")
        await click_move(pilot, "C1")
        assert screen.game.played == rowcol("C3", "C1").played
        await until(pilot, lambda: any("game in progress" in t for t in toasts), "the warning")
        await pilot.pause()
        warnings = [t for t in toasts if "game in progress" in t]
        assert len(warnings) == 1
        assert warnings[0].startswith(f"Could not save the game in progress in {blocker / 'data'}")
        assert warnings[0].endswith("play goes on without it.")


def test_the_app_and_line_mode_resume_each_others_saves(tmp_path: Path) -> None:
    from gridgames.play.setup import resume

    store = Store(tmp_path / "app")
    entry = get_entry("locked-duel")
    setup = Setup("locked-duel", Options(5, 5, "toss", {"cell_scoring": True}), ("perfect", "human"), "loser")
    game = Game.new(entry, setup.options, first_player=2).play("C3")
    session = PlaySession(setup.new_match(entry), setup.seats, game, store, slot="a")
    session.play(session.game.parse("C1"))  # the app's session saves; line mode reads the same settings
    saved = store.load_current("locked-duel")
    assert saved is not None
    line = resume(saved.game, saved.settings)
    assert line.setup == setup and not line.note

    line_match = Match(entry, Options(5, 5, "1"), starts="winner", length=3).record(scripted_game(entry)[0])
    store = Store(tmp_path / "line")
    line_session = PlaySession(line_match, ("human", "easy"), game, store, slot="b")
    line_session.play(line_session.game.parse("C1"))
    saved = store.load_current("locked-duel")
    assert saved is not None
    resumed = resume(saved.game, saved.settings, levels=("easy", "perfect"))
    assert resumed.setup.seats == ("human", "easy") and resumed.match == line_match and not resumed.note
    gone = resume(saved.game, saved.settings, levels=())  # no solvers here: people play on, and are told so
    assert gone.setup.seats == ("human", "human") and "not available" in gone.note


def test_many_results_fall_back_to_a_short_form() -> None:
    from gridgames.play.narration.cards import RESULTS_WIDTH, results_line

    tally = {"wins": 3, "losses": 1, "draws": 0}
    tallies = {level: tally for level in ("easy", "medium", "hard", "perfect", "human")}
    line = results_line(tallies, ("easy", "medium", "hard", "perfect"), ("Player A", "Player B"))
    assert line == "Won–lost: easy 3–1 · medium 3–1 · hard 3–1 · perfect 3–1 · two players 3–1"
    assert len(results_line({"perfect": tally}, ("perfect",))) <= RESULTS_WIDTH


@pytest.mark.parametrize(
    "prefs",
    [
        '{"setups": 5}',
        '{"variant": 7, "setups": {"rowcol": [1, 2]}}',
        '{"setups": {"rowcol": {"variant": "rowcol", "rows": 1e999, "cols": 5, "first": "1", '
        '"adjacency": "king"}}}',
        "[]",
    ],
)
async def test_damaged_data_files_never_stop_the_app_starting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, prefs: str
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "prefs.json").write_text(prefs, encoding="utf-8")
    (data / "stats.json").write_text('{"version": 1, "variants": {"rowcol": {"human": 3}}}', encoding="utf-8")
    (data / "current-rowcol-x.gridgames").write_text("gridgames-record 1\nvariant: rowcol\n¹. C3\n")
    monkeypatch.setenv(ENV_DATA_DIR, str(data))
    app = GridGamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await screen_becomes(pilot, SelectScreen, "the first screen")
        assert app.choices.variant is None
