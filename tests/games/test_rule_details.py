"""The rule points CLARIFICATIONS.md settles, one family at a time, with the reason a player sees."""

from __future__ import annotations

import pytest

from gridgames.engine import IllegalMoveError


def refusal(game, text: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        game.play(text)
    return str(error.value)


# -- Node Kayles: books 000 and 002 ----------------------------------------------------------------
@pytest.mark.parametrize("variant", ["locked-duel", "blocking"])
def test_marked_and_locked_cells_are_refused_with_their_reason(variant, make_game) -> None:
    game = make_game(variant, "5x5").play("C3")
    assert "already marked" in refusal(game, "C3")
    assert "locked" in refusal(game, "C4")
    assert game.play("D4").state.ply == 2  # diagonal neighbours stay free


def test_locking_ignores_cells_already_marked_or_locked_and_the_board_edge(make_game) -> None:
    game = make_game("locked-duel", "2x2").play("A1")  # locks A1, A2, B1
    assert [game.rules.format_move(m) for m in game.legal_moves()] == ["B2"]
    game = game.play("B2")
    assert game.outcome is not None and game.outcome.winner == 2  # B made the last mark


# -- walls: book 001 ----------------------------------------------------------------------------------
@pytest.fixture
def walls_game(make_game):
    """3x3, X at A1, O at C3, X to move."""
    return make_game("walls", "3x3").play("A1").play("C3")


def test_set_up_is_two_placements_on_different_cells(make_game) -> None:
    game = make_game("walls", "3x3", first=2)
    assert "No walls during set-up" in refusal(game, "#B2")
    game = game.play("B2")  # O places first when Player 2 starts
    assert "already holds the other token" in refusal(game, "B2")
    game = game.play("A1")
    assert game.state.to_move == 2 and len(game.legal_moves()) > 0


def test_each_forbidden_step_or_wall_names_its_rule(walls_game) -> None:
    game = walls_game.play("#B1").play("#B3")
    assert "walls are permanent" in refusal(game, "#B1")
    assert "cannot move onto walls" in refusal(game, "B1")
    assert "walls cannot be built on tokens" in refusal(game, "#C3")
    assert "one cell up, down, left or right" in refusal(game, "B2")
    assert refusal(game, "A3").startswith("X cannot step from (1,1) to (1,3)")
    moved = game.play("A2").play("C2")
    assert "tokens cannot share a cell" in refusal(moved.play("#C1"), "C2")


def test_a_stuck_token_loses_even_if_a_wall_could_be_built(walls_game) -> None:
    game = walls_game.play("#B3").play("#A2").play("#C2")  # O at C3: B3 and C2 are walls
    assert game.state.to_move == 2
    assert game.outcome is not None and game.outcome.winner == 1
    assert game.legal_moves() == ()
    assert "cannot step to any empty cell" in game.entry.describe(game.outcome)


def test_walling_yourself_in_loses_at_your_next_turn(walls_game) -> None:
    game = walls_game.play("#A2").play("#A3").play("#B1")  # X walls its own last exit
    assert game.outcome is None and game.state.to_move == 2  # O still moves
    game = game.play("C2")
    assert game.outcome is not None and game.outcome.winner == 2


# -- rowcol: book 003 ---------------------------------------------------------------------------------
def test_rowcol_claims_at_any_distance_past_claimed_cells(make_game) -> None:
    game = make_game("rowcol", "5x5").play("A1").play("A5").play("A3")
    assert "already claimed" in refusal(game, "A5")
    assert game.play("E3").state.ply == 4  # column 3, past nothing; A1..A5 between do not block
    assert {game.rules.format_move(m) for m in game.legal_moves()} == {"A2", "A4", "B3", "C3", "D3", "E3"}


def test_rowcol_player_with_a_full_row_and_column_loses(make_game) -> None:
    game = make_game("rowcol", "2x2").play("A1").play("A2").play("B2").play("B1")
    assert game.outcome is not None and game.outcome.winner == 2 and game.legal_moves() == ()


# -- noneighbour: book 004 ----------------------------------------------------------------------------
def test_only_the_opponents_last_marker_restricts(make_game) -> None:
    game = make_game("noneighbour", "5x5").play("A1").play("E5")
    assert "touches your opponent's last marker at (5,5)" in refusal(game, "D4")
    assert game.play("B2").state.ply == 3  # next to X's own A1: allowed
    game = game.play("C3")
    assert "touches your opponent's last marker at (3,3)" in refusal(game, "B2")
    assert "is occupied" in refusal(game, "A1")


def test_orthogonal_house_rule_allows_diagonal_neighbours(make_game) -> None:
    king = make_game("noneighbour", "4x4").play("B2")
    orthogonal = make_game("noneighbour", "4x4", adjacency="orthogonal").play("B2")
    assert "diagonally or side by side" in refusal(king, "C3")
    assert orthogonal.play("C3").state.ply == 2
    assert refusal(orthogonal, "B3").endswith("(side by side): choose a cell that does not.")
    assert len(king.legal_moves()) == 16 - 9 and len(orthogonal.legal_moves()) == 16 - 5


# -- what limits the next move, as the status line and line mode say it ---------------------------


def test_restriction_names_the_row_and_column_or_the_cell_not_to_touch(make_game) -> None:
    rowcol = make_game("rowcol")
    assert rowcol.entry.restriction(rowcol.state) is None  # the first claim may be anywhere
    rowcol = rowcol.play("C3").play("E3")
    assert rowcol.entry.restriction(rowcol.state) == "in row E or column 3"

    noneighbour = make_game("noneighbour")
    assert noneighbour.entry.restriction(noneighbour.state) is None
    noneighbour = noneighbour.play("A1")
    assert noneighbour.entry.restriction(noneighbour.state) == "not touching (1,1), diagonals included"

    duel = make_game("locked-duel").play("C3")
    assert duel.entry.restriction(duel.state) is None  # only locked cells limit a move
