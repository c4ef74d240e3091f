"""Line-mode sessions: bad input, end of input, commands, the computer, autosave and matches."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest

from gridgames.engine import Cell, Move
from gridgames.engine.match import Match
from gridgames.lineplay import EXIT_FINISHED, EXIT_INPUT_ENDED, LinePlay
from gridgames.play.setup import Setup, resume
from gridgames.storage import Store
from tests.notation import played


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "An empty line is not a move: type a move such as A3, or help."),
        ("   ", "An empty line is not a move"),
        ("F9", "'F9' is not on this 5x5 board: rows run A-E (1-5) and columns 1-5."),
        ("0 0", "'0 0' is not on this 5x5 board"),
        ("banana", "'banana' is not a cell: write a row letter and a column number such as C3"),
        ("#C3", "'#C3' is not a cell: write a row letter and a column number"),
        ("C3", "C3 is already claimed: choose an unclaimed cell."),
        ("A1", "A1 is not in row C or column 3"),
    ],
)
def test_a_refused_input_is_explained_and_asked_again(play_lines, make_game, typed, message):
    result = play_lines(make_game("rowcol"), ["C3", typed, "C1"])
    assert message in result.text
    assert "Player 2 (O) claims C1." in result.text  # the next line was still read and played


def test_end_of_input_mid_game_says_the_game_is_saved(play_lines, make_game, tmp_path):
    store = Store(tmp_path)
    result = play_lines(
        make_game("rowcol"), ["C3"], store=store, resume_hint="gridgames play rowcol --plain --resume"
    )
    assert result.code == EXIT_INPUT_ENDED
    assert result.text.rstrip().endswith(
        "Input ended before the game finished; the game is saved and can be resumed with: "
        "gridgames play rowcol --plain --resume"
    )
    assert played(store.load_current("rowcol").game) == ["C3"]


def test_every_move_is_autosaved_and_a_finished_game_clears_the_save(play_lines, make_game, tmp_path):
    store = Store(tmp_path)
    seen = []  # how many moves the save holds each time a prompt reads a line

    lines = iter(["A1", "A2", "B2", "B1"])

    def read_line():
        saved = store.load_current("rowcol")
        seen.append(len(saved.game.played) if saved else None)
        return next(lines, None)

    session = LinePlay(make_game("rowcol", "2x2"), io.StringIO(), read_line, store=store)
    assert session.run() == EXIT_FINISHED
    assert seen == [None, 1, 2, 3]
    assert store.load_current("rowcol") is None


def test_quit_help_and_undo(play_lines, make_game, tmp_path):
    store = Store(tmp_path)
    result = play_lines(make_game("rowcol"), ["undo", "C3", "E3", "help", "UNDO", "quit"], store=store)
    assert result.code == EXIT_FINISHED
    assert "There is no move to undo." in result.text
    assert "undo       take back the last move" in result.text
    assert "Took back the last move; Player 2 (O) to play." in result.text
    assert "Game saved; resume it later." in result.text
    assert played(store.load_current("rowcol").game) == ["C3"]


def test_walls_help_explains_walls_and_steps(play_lines, make_game):
    assert "#C3 builds a wall on C3" in play_lines(make_game("walls"), ["help"]).text


def test_the_computer_answers_and_undo_goes_back_to_the_humans_turn(play_lines, make_game, first_legal):
    game = make_game("rowcol")
    setup = Setup(game.entry.id, game.options, ("human", "easy"), games=1)
    result = play_lines(game, ["C3", "undo"], setup=setup, computer=first_legal)
    assert "Player 1 (X) claims C3.\n" in result.text
    assert "Player 2 (O) claims A3." in result.text  # the first legal move in row C / column 3
    assert result.session.game.played == ()
    assert "Took back the last move; Player 1 (X) to play." in result.text


def test_the_computer_can_move_first_and_win(play_lines, make_game):
    game = make_game("noneighbour", "3x3")
    setup = Setup(game.entry.id, game.options, ("easy", "human"), games=1)
    centre = Move.at(Cell(1, 1))  # wins at once on 3x3
    result = play_lines(game, [], setup=setup, computer=lambda *_: centre)
    assert result.code == EXIT_FINISHED
    assert "Player 1 (X) places X at (2,2)." in result.text
    assert "No valid moves remaining for Player 2. Player 1 wins!" in result.text


def test_a_match_alternates_the_first_player_and_keeps_score(play_lines, make_game, tmp_path):
    store = Store(tmp_path)
    game = make_game("locked-duel", "2x2")
    match = Match(game.entry, game.options, length=2)
    result = play_lines(
        game, ["1 1", "2 2", "1 1", "2 2"], match=match, store=store, rng=random.Random(1)
    )
    assert result.code == EXIT_FINISHED
    assert "Match score after 1 game of 2: Player A (A) 0, Player B (B) 1." in result.text
    assert "Game 2: Player B (B) moves first" in result.text
    assert "Match score after 2 games of 2: Player A (A) 1, Player B (B) 1." in result.text
    assert result.text.rstrip().endswith("The match is drawn, 1 to 1.")
    assert store.load_current("locked-duel") is None


def test_a_match_in_progress_is_saved_between_games(play_lines, make_game, tmp_path):
    store = Store(tmp_path)
    game = make_game("locked-duel", "2x2")
    match = Match(game.entry, replace(game.options, game_options={"cell_scoring": True}), length=3)
    result = play_lines(game, ["1 1", "2 2"], match=match, store=store)
    assert result.code == EXIT_INPUT_ENDED
    saved = store.load_current("locked-duel")
    assert saved.game.played == () and saved.game.first_player == 2
    resumed = resume(saved.game, saved.settings)
    assert resumed.match.games == 1 and resumed.match.score == (1, 1) and resumed.setup.games == 3
