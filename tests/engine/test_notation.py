"""Cell and move notation: `A1` top-left, spreadsheet rows past Z, and the other accepted spellings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.engine import (
    Cell,
    Game,
    GameError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveError,
    Options,
    format_cell,
    parse_cell,
    row_label,
)
from gridgames.engine.cells import parse_row_label
from gridgames.games import catalogue

CATALOGUE = catalogue()



def spellings(cell: Cell) -> list[str]:
    """Every way a player may type `cell`."""
    r, c = cell.row + 1, cell.col + 1
    letter = format_cell(cell)
    return [letter, letter.lower(), f" {letter} ", f"{r} {c}", f"{r},{c}", f"({r},{c})", f"( {r} , {c} )"]


def test_rows_go_on_as_spreadsheet_columns() -> None:
    assert [row_label(i) for i in (0, 2, 25, 26, 27, 29, 51, 52, 701, 702)] == [
        "A", "C", "Z", "AA", "AB", "AD", "AZ", "BA", "ZZ", "AAA"
    ]
    assert all(parse_row_label(row_label(i)) == i for i in range(800))
    assert format_cell(Cell(2, 2)) == "C3" and format_cell(Cell(2, 2), "pair") == "(3,3)"
    assert format_cell(Cell(0, 0)) == "A1" and format_cell(Cell(29, 29)) == "AD30"


def test_every_spelling_of_every_cell_on_a_30x30_board_round_trips() -> None:
    for r in range(30):
        for c in range(30):
            cell = Cell(r, c)
            for text in spellings(cell) + [format_cell(cell, "pair")]:
                assert parse_cell(text, 30, 30) == cell, text
                assert format_cell(parse_cell(text, 30, 30)) == format_cell(cell)


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.id)
def test_every_game_reads_every_spelling_on_its_largest_board(entry) -> None:
    game = Game.new(entry, Options(30, 30), first_player=1)
    for r in range(30):
        for c in range(30):
            move = Move.at(Cell(r, c))
            for text in spellings(move.cells[0]):
                assert game.parse(text) == move, text
            assert game.parse(entry.rules.format_move(move)) == move
            assert game.parse(entry.format_move(move)) == move
            other = entry.rules.alternate_kind
            if other:
                move = Move.at(Cell(r, c), kind=other)
                assert game.parse(entry.rules.format_move(move).lower()) == move
                assert game.parse(entry.format_move(move)) == move


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(2, 30), cols=st.integers(2, 30), data=st.data())
def test_parse_format_parse_on_any_board(rows: int, cols: int, data: st.DataObject) -> None:
    cell = Cell(data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    text = data.draw(st.sampled_from(spellings(cell)))
    parsed = parse_cell(text, rows, cols)
    assert parsed == cell and parse_cell(format_cell(parsed), rows, cols) == cell


NOT_CELLS_ON_5X5 = ["Z9", "F1", "A6", "A0", "6 1", "(0,3)", "AA1", "hello", "", "3", "C", "#", "3;3"] + [
    "(3,3",
    "3,3)",
    "((3,3))",
    "(C3)",
]


@pytest.mark.parametrize("text", NOT_CELLS_ON_5X5)
def test_text_that_is_not_a_cell_on_5x5_is_an_invalid_move(text: str, one_sentence) -> None:
    with pytest.raises(InvalidMoveError) as error:
        parse_cell(text, 5, 5)
    assert one_sentence(str(error.value)), str(error.value)


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.id)
@pytest.mark.parametrize("text", ["Z9", "hello", "", "C3C3", "up down"])
def test_every_game_refuses_non_moves_as_invalid(entry, text: str, make_game, one_sentence) -> None:
    game = make_game(entry.id, "5x5")
    with pytest.raises(InvalidMoveError) as error:
        game.play(text)
    assert one_sentence(str(error.value)), str(error.value)


def test_error_family_lets_callers_catch_one_class() -> None:
    assert issubclass(InvalidMoveError, MoveError) and issubclass(IllegalMoveError, MoveError)
    assert issubclass(MoveError, GameError) and issubclass(GameError, ValueError)
    assert not issubclass(InvalidMoveError, IllegalMoveError)


def test_move_notation_is_the_games_own(make_game) -> None:
    walls, rowcol = make_game("walls", "5x5").rules, make_game("rowcol", "5x5").rules
    assert rowcol.format_move(Move.at(Cell(2, 2))) == "C3"
    assert rowcol.format_move(Move.at(Cell(26, 0))) == "AA1"
    assert walls.format_move(Move.at(Cell(2, 2), kind="wall")) == "#C3"
    assert walls.format_move(Move.at(Cell(2, 2), kind="wall"), "pair") == "#(3,3)"
    assert hash(Move.at(Cell(0, 1))) == hash(Move((Cell(0, 1),), ""))


def test_walls_reads_placements_steps_walls_and_directions(make_game) -> None:
    game = make_game("walls", "5x5")
    assert game.parse("c3") == Move.at(Cell(2, 2))  # during set-up: a placement
    with pytest.raises(InvalidMoveError, match="not on the board yet"):
        game.parse("up")
    game = game.play("C3").play("(5,5)")
    for text in ("#C3", "#c3", "# C3", "wall C3", "#3 3", "#(3,3)"):
        assert game.parse(text) == Move.at(Cell(2, 2), kind="wall"), text
    expected = {"up": "B3", "down": "D3", "left": "C2", "right": "C4", "UP": "B3", " Right ": "C4"}
    for word, cell in expected.items():
        assert game.parse(word) == game.parse(cell), word
    with pytest.raises(InvalidMoveError, match="not a move"):
        game.parse("#up")
    corner = make_game("walls", "5x5").play("A1").play("E5")
    with pytest.raises(InvalidMoveError, match="on the top row: it cannot go up"):
        corner.play("up")
    assert corner.play("down").state == corner.play("B1").state


@pytest.mark.parametrize("variant", ["locked-duel", "blocking", "rowcol", "noneighbour"])
def test_walls_notation_is_invalid_in_games_without_walls(variant: str, make_game) -> None:
    game = make_game(variant, "5x5")
    with pytest.raises(InvalidMoveError, match="'#C3' is not a cell"):
        game.play("#C3")
    with pytest.raises(IllegalMoveError, match="one cell"):  # another game's move value
        game.play(Move.at(Cell(2, 2), kind="wall"))
    with pytest.raises(InvalidMoveError):
        game.play("up")


def test_a_move_off_the_board_is_invalid_even_as_a_move_value(make_game) -> None:
    game = make_game("rowcol", "3x3")
    with pytest.raises(InvalidMoveError, match="not on this 3x3 board"):
        game.play(Move.at(Cell(3, 0)))


def test_a_text_read_once_reads_the_same_again_and_by_its_board(make_game, one_sentence) -> None:
    """`read_cells` keeps the cells a text names on a board of a size (a server reads every move):
    read again it is the same move, on another board it is read for that board, and a text that
    names no cell is refused with the same sentence every time."""
    small, large = make_game("cram", "5x5"), make_game("cram", "10x10")
    assert small.parse("b2-b3") == small.parse("b2-b3") == Move.at(Cell(1, 1), Cell(1, 2))
    assert large.parse("J9-J10") == Move.at(Cell(9, 8), Cell(9, 9))
    said = set()
    for _ in range(2):
        with pytest.raises(InvalidMoveError) as error:
            small.parse("J9-J10")
        said.add(str(error.value))
    assert len(said) == 1 and one_sentence(said.pop())
