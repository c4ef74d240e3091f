"""Symmetry as a proof in Node Kayles: the mirror strategy decides the even x even boards (the second
player wins) and the odd x odd ones once the first player takes the centre, at once and labelled so."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.cli import main
from gridgames.engine import Game, Options
from gridgames.games import get_entry
from gridgames.games.nodekayles import algorithm
from gridgames.games.nodekayles.solver import MIRROR, mirror_evaluation
from gridgames.play.computer import Computer, analyse


def test_analyse_answers_8x8_exactly_at_once(capsys) -> None:
    assert main(["analyse", "locked-duel", "--size", "8x8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["value"], data["exact"], data["proof"]) == ("loss", True, MIRROR)
    assert data["seconds"] < 5  # a 10 s search that found nothing, before


def test_9x9_the_first_player_takes_the_centre_then_mirrors() -> None:
    game = Game.new(get_entry("locked-duel"), Options(9, 9, "1"), first_player=1)
    evaluation = analyse(game.entry, game.state)
    assert evaluation.value == "win" and evaluation.proof == MIRROR
    assert [game.rules.format_move(m) for m in evaluation.best] == ["E5"]
    game = game.play("E5").play("A2")
    evaluation = analyse(game.entry, game.state)
    assert [game.rules.format_move(m) for m in evaluation.best] == ["I8"]  # A2's image through E5


def test_the_perfect_seat_mirrors_every_move_as_second_player_on_8x8() -> None:
    rng = random.Random(3)
    game = Game.new(get_entry("locked-duel"), Options(8, 8, "1"), first_player=1)
    seat = Computer(game.entry, "perfect")
    while not game.is_over:
        game = game.play(rng.choice(game.legal_moves()))
        if game.is_over:
            break
        assert seat.proof_note(game.state) is None  # its moves are proven: the status says nothing more
        game = game.play(seat.choose(game.state, rng))
    assert game.outcome.winner == 2


def test_leaving_the_symmetric_line_goes_back_to_what_can_be_proven() -> None:
    game = Game.new(get_entry("locked-duel"), Options(8, 8, "1"), first_player=1).play("A1").play("B2")
    assert mirror_evaluation(game.state) is None  # B2 is not A1's image: no strategy claims this


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_mirror_values_agree_with_the_exact_solver_on_small_boards(data) -> None:
    """On 4x4 and 4x6 (exactly solvable), every position the mirror decides has the exact value."""
    rows, cols = data.draw(st.sampled_from([(4, 4), (4, 6), (2, 6)]))
    game = Game.new(get_entry("locked-duel"), Options(rows, cols, "1"), first_player=1)
    for _ in range(data.draw(st.integers(0, 4))):
        if game.is_over:
            break
        legal = game.legal_moves()
        move = legal[data.draw(st.integers(0, len(legal) - 1))]
        image = type(move.cells[0])(rows - 1 - move.cells[0].row, cols - 1 - move.cells[0].col)
        game = game.play(move)
        if not game.is_over and data.draw(st.booleans()):
            mirrored = type(move)((image,))
            if mirrored in game.legal_moves():
                game = game.play(mirrored)
    mirrored = mirror_evaluation(game.state)
    if mirrored is None or game.is_over:
        return
    exact = algorithm.evaluate(game.state)
    assert mirrored.value == exact.value
    for move, value in mirrored.move_values.items():
        if value != "unknown":
            assert exact.move_values[move] == value
