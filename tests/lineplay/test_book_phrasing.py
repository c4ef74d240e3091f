"""Line mode speaks like each rule book's "Command-Line Interaction" section."""

from __future__ import annotations

import pytest

from gridgames.games import catalogue
from gridgames.lineplay import EXIT_FINISHED

CATALOGUE = catalogue()


# variant, size, moves to the end of a short game, the book's game-over lines
SHORT_GAMES = [
    (
        "locked-duel",
        "2x2",
        ["1 1", "2 2"],
        "Player A's turn.\nNo valid moves available.\nPlayer B wins the game!",
    ),
    ("walls", "2x2", ["A1", "B2", "#A2", "#B1"], "Player 1 cannot move. Player 2 wins!"),
    (
        "blocking",
        "2x2",
        ["1 1", "2 2"],
        "No valid moves remaining for Player 1 (X).\nPlayer 2 (O) wins the game!",
    ),
    (
        "rowcol",
        "2x2",
        ["A1", "A2", "B2", "B1"],
        "Player 1 (X), it's your turn.\nYou have no valid moves. You lose!\n"
        "Congratulations Player 2 (O), you win!",
    ),
    ("noneighbour", "3x3", ["2 2"], "No valid moves remaining for Player 2. Player 1 wins!"),
]


def test_every_catalogue_entry_has_its_phrasing():
    from gridgames.games import rule_books

    assert all(book.phrases.prompt for book in rule_books())
    assert {book.entry.id for book in rule_books()} == {entry.id for entry in CATALOGUE}


@pytest.mark.parametrize(("variant", "size", "moves", "ending"), SHORT_GAMES, ids=[g[0] for g in SHORT_GAMES])
def test_the_winner_is_announced_as_the_book_does(play_lines, make_game, variant, size, moves, ending):
    result = play_lines(make_game(variant, size), moves)
    assert result.code == EXIT_FINISHED
    assert result.text.rstrip().endswith(ending)


def test_locked_duel_lists_the_cells_each_mark_locks(play_lines, make_game):
    text = play_lines(make_game("locked-duel"), ["3 3", "1 3"]).text
    assert "Player A's turn.\nAvailable cells: (1,1), (1,2)," in text
    assert "You placed 'A' at (3,3).\nCells locked: (3,3), (2,3), (3,2), (3,4), (4,3)" in text
    assert "You placed 'B' at (1,3).\nCells locked: (1,3), (1,2), (1,4), (2,3)" in text
    assert "3 [ ] [L] [A] [L] [ ]" in text  # the book's bracket board


def test_walls_reports_placements_steps_and_walls_in_the_books_words(play_lines, make_game):
    text = play_lines(make_game("walls"), ["2 2", "4 4", "right", "#3 3"]).text
    assert "Player 1, place your token (X):" in text
    assert "Placed X at position (2, 2)." in text
    assert "Placed O at position (4, 4).\n\nThe game begins!" in text
    assert "Moved X to position (2, 3)." in text
    assert "Placed wall at position (3, 3)." in text
    assert (
        "Player 1 (X), choose your action:\nMove token: up (1,2), left (2,1), right (2,3), down (3,2); "
        in text
    )
    assert "or build a wall on any empty cell, e.g. #(1,1)." in text
    assert "Current Grid:\n  1 2 3 4 5\n1 . . . . .\n2 . . X . .\n3 . . # . ." in text


def test_rowcol_names_the_row_and_column_to_choose_from(play_lines, make_game):
    text = play_lines(make_game("rowcol"), ["C3", "E3"]).text
    assert (
        "Player 2 (O), it's your turn.\nYou must choose a cell in row C or column 3.\nEnter your move: E3"
        in text
    )
    assert "Player 1 (X), it's your turn.\nYou must choose a cell in row E or column 3." in text


def test_blocking_and_noneighbour_prompt_for_row_and_column(play_lines, make_game):
    text = play_lines(make_game("blocking"), ["3 3", "3 3"]).text
    assert "Player 1 (X), enter your move (row and column): 3 3" in text
    assert "Cells blocked: (3,3), (2,3), (3,2), (3,4), (4,3)" in text
    assert "(3,3) is already marked: choose a free cell. Please choose a different cell." in text
    text = play_lines(make_game("noneighbour", "4x4"), ["2 2", "1 1"]).text
    assert "Player 2 (O), enter your move (row and column): 1 1" in text
    assert "Invalid move. (1,1) touches your opponent's last marker at (2,2)" in text


def test_a_draw_by_repetition_is_explained(play_lines, make_game):
    shuffle = ["A1", "C3", "right", "left", "left", "right", "right", "left", "left", "right"]
    result = play_lines(make_game("walls", "3x3"), shuffle)
    assert result.code == EXIT_FINISHED
    assert result.text.rstrip().endswith(
        "The same position arose for the third time, so the game is drawn by repetition."
    )
