"""Cram's and Domineering's rules on the move model: a domino is one move over two cells, written
`B2-B3` and read in either order; each piece is drawn joined; Vertical and Horizontal keep to their
directions; the solver hooks value every legal move as the exact solvers do."""

from __future__ import annotations

import random

import pytest

from gridgames.engine.cells import Cell
from gridgames.engine.errors import IllegalMoveError
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.engine.rules import Content
from gridgames.games.cram import reference as cram_reference
from gridgames.games.cram.hooks import CramSolver
from gridgames.games.cram.rules import RULES as CRAM
from gridgames.games.cram.rules import DominoRules, DominoState
from gridgames.games.domineering import reference as domineering_reference
from gridgames.games.domineering.hooks import DomineeringSolver
from gridgames.games.domineering.rules import RULES as DOMINEERING
from gridgames.solve.base import LOSS, WIN

SYMBOLS = {Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"}
SIDE = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
OPPOSITE = {"u": "d", "d": "u", "l": "r", "r": "l"}


def check_pieces_are_joined(rules: DominoRules, state: DominoState) -> None:
    for r in range(state.rows):
        for c in range(state.cols):
            look = rules.look(state, Cell(r, c), SYMBOLS)
            covered = not state.free >> state.index(Cell(r, c)) & 1
            assert len(look.joins) == (1 if covered else 0)
            for side in look.joins:
                dr, dc = SIDE[side]
                other = rules.look(state, Cell(r + dr, c + dc), SYMBOLS)
                assert other.joins == OPPOSITE[side] and other.role == look.role


@pytest.mark.parametrize("rules", [CRAM, DOMINEERING], ids=["cram", "domineering"])
def test_random_games_keep_the_rules(rules: DominoRules) -> None:
    rng = random.Random(11)
    for _ in range(40):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        state = rules.start(Options(rows, cols), rng.choice((1, 2)))
        while True:
            moves = rules.legal_moves(state)
            if not moves:
                outcome = rules.outcome(state)
                assert outcome is not None and outcome.winner == 3 - state.to_move
                break
            assert rules.outcome(state) is None  # told from the masks: on while a domino fits, and only then
            for move in moves:
                assert rules.why_illegal(state, move) is None
                text = rules.format_move(move)
                assert rules.parse_move(state, text) == move
                backwards = "-".join(reversed(text.split("-")))
                assert rules.parse_move(state, backwards) == move
            move = rng.choice(moves)
            state = rules.apply_move(state, move)
            check_pieces_are_joined(rules, state)


def test_cram_moves_are_every_domino_the_reference_lists() -> None:
    state = CRAM.start(Options(4, 5), 1)
    state = CRAM.apply_move(state, CRAM.parse_move(state, "B2-B3"))
    listed = [(state.index(m.cells[0]), state.index(m.cells[1])) for m in CRAM.legal_moves(state)]
    assert listed == cram_reference.dominoes(4, 5, state.free)


def test_each_domineering_player_keeps_to_one_direction() -> None:
    state = DOMINEERING.start(Options(4, 4), 1)  # Vertical first
    assert all(m.cells[0].col == m.cells[1].col for m in DOMINEERING.legal_moves(state))
    with pytest.raises(IllegalMoveError, match="Vertical places dominoes upright"):
        DOMINEERING.apply_move(state, DOMINEERING.parse_move(state, "A1-A2"))
    state = DOMINEERING.apply_move(state, DOMINEERING.parse_move(state, "A1-B1"))
    assert all(m.cells[0].row == m.cells[1].row for m in DOMINEERING.legal_moves(state))
    with pytest.raises(IllegalMoveError, match="Horizontal places dominoes across"):
        DOMINEERING.apply_move(state, DOMINEERING.parse_move(state, "C1-D1"))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("A1-C1", "not side by side"),
        ("A1", "A domino covers two cells: A1 and a neighbour"),
        ("A1-A2-A3", "two neighbouring cells"),
    ],
)
def test_a_malformed_domino_is_refused_in_one_sentence(text: str, reason: str) -> None:
    state = CRAM.start(Options(3, 3), 1)
    with pytest.raises(IllegalMoveError, match=reason):
        CRAM.apply_move(state, CRAM.parse_move(state, text))


def test_one_cell_alone_is_refused_with_what_fits_there() -> None:
    state = CRAM.start(Options(2, 2), 1)
    with pytest.raises(IllegalMoveError, match="two cells: A1 and a neighbour, such as A1-A2"):
        CRAM.apply_move(state, Move((Cell(0, 0),)))
    state = DOMINEERING.start(Options(2, 2), 2)  # Horizontal first takes row B ...
    state = DOMINEERING.apply_move(state, Move((Cell(1, 0), Cell(1, 1))))
    with pytest.raises(IllegalMoveError, match="No domino of yours fits through A1 now"):  # Vertical: none
        DOMINEERING.apply_move(state, Move((Cell(0, 0),)))


def test_a_covered_cell_is_refused() -> None:
    state = CRAM.start(Options(3, 3), 1)
    state = CRAM.apply_move(state, Move((Cell(0, 0), Cell(0, 1))))
    with pytest.raises(IllegalMoveError, match="already covered"):
        CRAM.apply_move(state, Move((Cell(0, 1), Cell(0, 2))))


def test_the_hooks_value_each_move_as_the_solvers_do() -> None:
    rng = random.Random(4)
    for rules, hooks in ((CRAM, CramSolver()), (DOMINEERING, DomineeringSolver())):
        for _ in range(15):
            state = rules.start(Options(4, 4), rng.choice((1, 2)))
            for _ in range(rng.randint(0, 4)):
                moves = rules.legal_moves(state)
                if not moves:
                    break
                state = rules.apply_move(state, rng.choice(moves))
            evaluation = hooks.evaluate(state, None)
            assert evaluation.exact and set(evaluation.move_values) == set(rules.legal_moves(state))
            for move, value in evaluation.move_values.items():
                after = rules.apply_move(state, move)
                if rules is CRAM:
                    lost = cram_reference.grundy(4, 4, after.free)[0] == 0
                else:
                    lost = not domineering_reference.wins(4, 4, after.free, after.to_move == 1)[0]
                assert value == (WIN if lost else LOSS)
