"""Every certificate a puzzle shows holds: checked here against the rules and independent computations.

Positions come from random legal play on small boards; `analyse` (exact there) says which moves win. For
each legal move, a certificate is only ever given for a winning one, and what it shows is true of the
position: a Grundy split's regions are disjoint, independent, cover the free cells and carry the values
that a plain mex search gives them, XOR 0; a mirror is a symmetry of the position; a matching is a
matching of the rook's graph as large as a brute-force maximum; a pairing covers the empty cells with
pairs that answer each other legally. Node Kayles' two rule books tell the same certificate in their
own words.
"""

from __future__ import annotations

import os
import random
from functools import cache, reduce
from operator import xor

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gridgames.engine import Game, Options
from gridgames.engine.cells import Cell
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.games import get_entry, native_cores
from gridgames.games.guard import Guard, GuardedSolver, forget, solver_off
from gridgames.games.rowcol.algorithm import max_matching
from gridgames.puzzles import proof
from gridgames.puzzles.data import line, shipped
from gridgames.puzzles.explain import explain
from gridgames.solve import core
from gridgames.solve.analysis import analyse
from gridgames.solve.certificates import GRUNDY_SPLIT, MATCHING, MIRROR, PAIRING, Certificate
from gridgames.solve.hooks import Solver, solver_for
from tests.puzzles import sampling

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _image(state: GridState, cell: Cell) -> Cell:
    return Cell(state.rows - 1 - cell.row, state.cols - 1 - cell.col)


def _image_move(state: GridState, move: Move) -> Move:
    return Move(tuple(sorted(_image(state, cell) for cell in move.cells)), move.kind)


@st.composite
def positions(draw, game_id: str, sizes: list[tuple[int, int]], adjacency: str = "king", mirrored=False):
    """A game after random legal play (with `mirrored`, each move mostly answered by its image)."""
    rows, cols = draw(st.sampled_from(sizes))
    entry = get_entry(game_id)
    chosen = entry.resolve_options({"adjacency": adjacency} if adjacency != "king" else {})
    game = Game.new(entry, Options(rows, cols, "1", chosen), first_player=1)
    for _ in range(draw(st.integers(0, 6))):
        if game.is_over:
            break
        legal = game.legal_moves()
        move = legal[draw(st.integers(0, len(legal) - 1))]
        game = game.play(move)
        image = _image_move(game.state, move)
        if mirrored and not game.is_over and image in game.legal_moves() and draw(st.booleans()):
            game = game.play(image)
    assume(not game.is_over)
    return game


def _certified(game: Game) -> list[tuple[Move, Certificate]]:
    """Every legal move's certificate where the game gives one; asserts each such move is proven to win."""
    evaluation = analyse(game.entry, game.state)
    assert evaluation.exact
    out = []
    for move in game.legal_moves():
        certificate = solver_for(game.rules).certificate(game.entry, game.state, move)
        if certificate is not None:
            assert evaluation.move_values[move] == "win", game.entry.format_move(move)
            assert game.entry.format_move(move) in " ".join(certificate.lines)
            out.append((move, certificate))
    return out


def _mask(state: GridState, cells) -> int:
    return sum(1 << state.index(cell) for cell in cells)


def _disjoint_cover(state: GridState, groups, free: int) -> None:
    cells = [cell for group in groups for cell in group]
    assert len(cells) == len(set(cells)), "groups overlap"
    assert _mask(state, cells) == free, "groups do not cover exactly the free cells"


def _touch(a: Cell, b: Cell, king: bool = False) -> bool:
    dr, dc = abs(a.row - b.row), abs(a.col - b.col)
    return (max(dr, dc) == 1) if king else (dr + dc == 1)


# -- what each theme must satisfy ----------------------------------------------------------------------


@cache
def _plain_grundy(cells: frozenset[Cell], domino: bool) -> int:
    """The Grundy value of a set of free cells by mex over the moves, from nothing but the rules of
    the move (Node Kayles: a cell and its neighbours go; Cram: two neighbouring cells go)."""
    seen = set()
    for a in cells:
        if domino:
            options = [cells - {a, b} for b in cells if b > a and _touch(a, b)]
        else:
            options = [frozenset(c for c in cells if c != a and not _touch(a, c))]
        seen.update(_plain_grundy(rest, domino) for rest in options)
    return next(g for g in range(len(seen) + 1) if g not in seen)


@cache
def _brute_matching(cells: frozenset[Cell]) -> int:
    """The size of a maximum matching of the rook's graph on `cells`, by plain search."""
    if not cells:
        return 0
    first = min(cells)
    rest = cells - {first}
    best = _brute_matching(rest)  # `first` left unmatched
    for other in rest:
        if other.row == first.row or other.col == first.col:
            best = max(best, 1 + _brute_matching(rest - {other}))
    return best


def _check_grundy_split(entry, state, move, certificate: Certificate, thorough: bool) -> None:
    after = entry.rules.apply_move(state, move)
    _disjoint_cover(state, certificate.groups, after.free)
    values = [int(label.lstrip("*")) for label in certificate.labels]
    assert reduce(xor, values, 0) == 0
    for one, other in ((g, h) for g in certificate.groups for h in certificate.groups if g is not h):
        assert not any(_touch(a, b) for a in one for b in other), "regions that touch are not independent"
    solver = {mask: value for mask, value in solver_for(entry.rules).regions(after)}
    domino = entry.rules.family == "cram"
    for group, value in zip(certificate.groups, values, strict=True):
        assert solver[_mask(state, group)] == value  # the solver's region and value
        if thorough and len(group) <= 12:
            assert _plain_grundy(frozenset(group), domino) == value  # and a plain search agrees
    if thorough:
        assert analyse(entry, after).value == "loss"


def _check_mirror(entry, state, move, certificate: Certificate, thorough: bool) -> None:
    after = entry.rules.apply_move(state, move)
    _disjoint_cover(state, certificate.groups, after.free)
    for a, b in certificate.groups:
        assert b == _image(state, a) and not _touch(a, b) and a != b
    free = {state.cell(i) for i in range(state.rows * state.cols) if after.free >> i & 1}
    assert {_image(state, cell) for cell in free} == free  # a symmetry of the position


def _check_matching(entry, state, move, certificate: Certificate, thorough: bool) -> None:
    after = entry.rules.apply_move(state, move)
    unclaimed_after = {c for c in (state.cell(i) for i in range(state.rows * state.cols))
                       if not after.claimed >> state.index(c) & 1}
    cells = [cell for pair in certificate.groups for cell in pair]
    assert len(cells) == len(set(cells)) and set(cells) <= unclaimed_after
    for a, b in certificate.groups:
        assert a != b and (a.row == b.row or a.col == b.col)
    claim = move.cells[0]
    assert claim not in cells
    # maximum even with the claimed cell counted: a brute-force maximum matching of the same graph (the
    # shipped boards are too large for it: there the closed form of `algorithm` gives the maximum)
    counted = frozenset(unclaimed_after | {claim})
    rows, cols = state.rows, state.cols
    most = _brute_matching(counted) if thorough else max_matching(rows, cols, _mask(state, counted))
    assert len(certificate.groups) == most


def _check_pairing(entry, state, move, certificate: Certificate, thorough: bool) -> None:
    rules = entry.rules
    after = rules.apply_move(state, move)
    _disjoint_cover(state, certificate.groups, after.full_mask & ~after.occupied)
    for a, b in certificate.groups:
        assert not _touch(a, b, king=state.adjacency == "king")
        for first, second in ((a, b), (b, a)):  # whichever the opponent takes, the other answers it
            reply = Move((first,))
            if rules.is_legal(after, reply):
                assert rules.is_legal(rules.apply_move(after, reply), Move((second,)))


CHECKS = {
    GRUNDY_SPLIT: _check_grundy_split, MIRROR: _check_mirror, MATCHING: _check_matching,
    PAIRING: _check_pairing,
}


def _check(entry, state, move, certificate: Certificate, thorough: bool = True) -> None:
    """Assert that what `certificate` shows holds of `state` and `move`."""
    CHECKS[certificate.theme](entry, state, move, certificate, thorough)
    assert entry.format_move(move) in " ".join(certificate.lines)
    assert len(certificate.labels) == len(certificate.groups)


# -- Node Kayles and Cram: the Grundy split and the mirror ------------------------------------------


@SETTINGS
@given(st.data())
def test_node_kayles_certificates_hold(data) -> None:
    mirrored = data.draw(st.booleans())
    game = data.draw(positions("locked-duel", [(4, 4), (4, 5), (5, 5), (3, 6)], mirrored=mirrored))
    evaluation = analyse(game.entry, game.state)
    certified = dict(_certified(game))
    for move, value in evaluation.move_values.items():
        if value == "win" and game.rules.apply_move(game.state, move).free:
            assert move in certified  # the split (or the mirror) explains every winning move here
    for move, certificate in certified.items():
        assert certificate.theme in (MIRROR, GRUNDY_SPLIT)
        _check(game.entry, game.state, move, certificate)


@SETTINGS
@given(st.data())
def test_cram_certificates_hold(data) -> None:
    mirrored = data.draw(st.booleans())
    game = data.draw(positions("cram", [(4, 4), (3, 5), (4, 5), (5, 5)], mirrored=mirrored))
    for move, certificate in _certified(game):
        assert certificate.theme in (MIRROR, GRUNDY_SPLIT)
        _check(game.entry, game.state, move, certificate)


@pytest.mark.parametrize("game_id, size, moves, answer", [
    ("locked-duel", (5, 5), (), "C3"),  # the centre of an odd board, then mirror
    ("locked-duel", (4, 4), ("A1",), "D4"),
    ("cram", (4, 5), (), "B3-C3"),  # the central domino of an even x odd board
    ("cram", (4, 4), ("A1-A2",), "D3-D4"),
])
def test_the_mirror_is_preferred_where_it_holds(game_id, size, moves, answer) -> None:
    game = Game.new(get_entry(game_id), Options(*size, "1"), first_player=1)
    for move in moves:
        game = game.play(move)
    move = game.parse(answer)
    certificate = solver_for(game.rules).certificate(game.entry, game.state, move)
    assert certificate is not None and certificate.theme == MIRROR
    _check(game.entry, game.state, move, certificate)


def test_both_node_kayles_books_tell_the_same_certificate_in_their_own_words() -> None:
    told = {}
    for game_id in ("locked-duel", "blocking"):
        game = Game.new(get_entry(game_id), Options(4, 5, "1"), first_player=1).play("B2").play("D5")
        winning = [m for m, v in analyse(game.entry, game.state).move_values.items() if v == "win"]
        told[game_id] = solver_for(game.rules).certificate(game.entry, game.state, winning[0])
        assert game.entry.format_move(winning[0]).startswith("(")  # both books write cells as (row,col)
    duel, blocking = told["locked-duel"], told["blocking"]
    assert duel is not None and blocking is not None
    assert (duel.theme, duel.groups, duel.labels) == (blocking.theme, blocking.groups, blocking.labels)
    assert duel.lines[0] == blocking.lines[0]  # the regions before: the same words in both books
    duel_text, blocking_text = " ".join(duel.lines), " ".join(blocking.lines)
    assert "locked" in duel_text and "Player A" in duel_text and "Player 1" not in duel_text
    assert "blocked" in blocking_text and " locked" not in blocking_text and "Player 1" in blocking_text


# -- rowcol: a maximum matching ------------------------------------------------------------------------


@SETTINGS
@given(positions("rowcol", [(3, 3), (3, 4), (4, 4)]))
def test_rowcol_matching_is_a_maximum_matching_leaving_the_claim_out(game) -> None:
    evaluation = analyse(game.entry, game.state)
    certified = dict(_certified(game))
    for move, value in evaluation.move_values.items():
        after = game.rules.apply_move(game.state, move)
        if value == "win" and game.rules.legal_moves(after):  # (a last claim may have nothing to pair)
            assert move in certified
    for move, certificate in certified.items():
        assert certificate.theme == MATCHING
        _check(game.entry, game.state, move, certificate)


# -- noneighbour: a pairing ------------------------------------------------------------------------------


@SETTINGS
@given(st.data())
def test_noneighbour_pairing_answers_every_reply(data) -> None:
    adjacency = data.draw(st.sampled_from(["king", "orthogonal"]))
    game = data.draw(positions("noneighbour", [(3, 3), (3, 4), (4, 4)], adjacency))
    for move, certificate in _certified(game):
        assert certificate.theme == PAIRING
        _check(game.entry, game.state, move, certificate)


def test_noneighbour_3x3_centre_is_answered_by_pairing_the_ring() -> None:
    game = Game.new(get_entry("noneighbour"), Options(3, 3, "1"), first_player=1)
    centre = game.parse("(2,2)")
    certificate = solver_for(game.rules).certificate(game.entry, game.state, centre)
    assert certificate is not None and certificate.theme == PAIRING and len(certificate.groups) == 4
    _check(game.entry, game.state, centre, certificate)
    assert "(2,2)" in certificate.lines[0]


# -- the shipped puzzles ------------------------------------------------------------------------------


#: Puzzles whose certificates are checked when a C core is missing (with them all: every one).
SAMPLE = 60


def test_shipped_puzzles_of_every_game_show_a_certificate_that_holds_and_has_their_theme() -> None:
    """What the puzzle screens show after each solution (and the theme each puzzle is listed under),
    for a seeded sample of every game's puzzles (`tests.puzzles.sampling`); the soak checks them all."""
    certificates_hold(every=False)


@pytest.mark.soak
def test_every_shipped_puzzle_shows_a_certificate_that_holds_and_has_its_theme() -> None:
    certificates_hold(every=True)


def certificates_hold(every: bool) -> None:
    puzzles = shipped()
    assert puzzles
    cores = all(core.load(name).built for name in native_cores()) and core.enabled()
    if not cores and os.environ.get("GRIDGAMES_REQUIRE_NATIVE") != "1":
        puzzles = tuple(random.Random(21).sample(puzzles, min(SAMPLE, len(puzzles))))
    elif not every:
        puzzles = sampling.per_game(puzzles)
    for puzzle in puzzles:
        entry = get_entry(puzzle.game)
        read = line(puzzle)
        shown = explain(entry, read.start, read.solution[0], read.solution)
        assert shown.theme == puzzle.theme, puzzle.id
        if shown.theme:
            _check(entry, read.start, read.solution[0], shown, thorough=False)
        else:
            assert shown.groups == tuple(move.cells for move in read.solution)


# -- no certificate: the line of play ---------------------------------------------------------------------


def _last_move_position(game_id: str, seed: int) -> tuple[Game, Move]:
    """A position of random play on 3x3 with a move after which the opponent has no legal move."""
    rng = random.Random(seed)
    game = Game.new(get_entry(game_id), Options(3, 3, "1"), first_player=1)
    for _ in range(200):
        for move in game.legal_moves():
            if not game.rules.legal_moves(game.rules.apply_move(game.state, move)):
                return game, move
        game = game.play(rng.choice(game.legal_moves()))
    raise AssertionError("random play found no last move")


@pytest.mark.parametrize("game_id", ["walls", "domineering"])
@pytest.mark.parametrize("seed", [1, 2])
def test_games_without_a_strategy_show_the_line_of_play(game_id, seed) -> None:
    game, move = _last_move_position(game_id, seed)
    assert solver_for(game.rules).certificate(game.entry, game.state, move) is None
    shown = explain(game.entry, game.state, move, (move,))
    assert shown.theme == "" and shown.groups == (move.cells,) and shown.labels == ("1",)
    mover = game.entry.player_names[game.state.to_move - 1]
    opponent = game.entry.player_names[2 - game.state.to_move]
    assert shown.lines[0].startswith(f"After {game.entry.format_move(move)}, {opponent} has no move left")
    assert shown.lines[1] == f"The winning line: {mover} {game.entry.format_move(move)}."
    after = game.rules.apply_move(game.state, move)
    assert shown.lines[-1] == game.entry.describe(game.rules.outcome(after))


def test_a_line_that_stops_before_the_end_says_the_opponent_is_lost_as_proven() -> None:
    game = Game.new(get_entry("domineering"), Options(4, 4, "1"), first_player=1)
    rules, state = game.rules, game.state
    line = []
    for ply in range(3):  # a winning move, the first reply, a winning move again
        evaluation = analyse(game.entry, state)
        move = evaluation.best[0] if ply % 2 == 0 else rules.legal_moves(state)[0]
        assert ply % 2 or evaluation.move_values[move] == "win"
        line.append(move)
        state = rules.apply_move(state, move)
    assert rules.legal_moves(state)  # the game goes on after the line
    shown = explain(game.entry, game.state, line[0], tuple(line[1:]))  # the rest of the line, as given
    assert shown.groups == tuple(move.cells for move in line)
    winning_line = next(text for text in shown.lines if text.startswith("The winning line:"))
    assert all(game.entry.format_move(move) in winning_line for move in line)
    loser = game.entry.player_names[state.to_move - 1]
    # the opponent's best try, never a bare "the solver proves it"
    assert shown.lines[-1].startswith(f"Then {loser} is to move, and ")
    stubborn = proof.stubborn_reply(rules, state)
    assert f"the longest try, {game.entry.format_move(stubborn.move)}," in shown.lines[-1]


def test_explain_gives_the_game_certificate_where_there_is_one() -> None:
    game = Game.new(get_entry("locked-duel"), Options(5, 5, "1"), first_player=1)
    move = game.parse("(3,3)")
    assert explain(game.entry, game.state, move, (move,)).theme == MIRROR


class _Broken(Solver):
    def __init__(self, certificate: object) -> None:
        self.given = certificate

    def certificate(self, entry, state, move):  # type: ignore[no-untyped-def]
        return self.given


@pytest.mark.parametrize("given", [
    Certificate(MATCHING, ("ok",), ((Cell(9, 9),),)),  # a cell off the board
    Certificate("luck", ("ok",)),  # a theme puzzles cannot be tagged with
    Certificate(MATCHING, ("two\nlines",)),
    "a sentence",
])
def test_a_broken_certificate_switches_the_solver_off(given) -> None:
    game = Game.new(get_entry("rowcol"), Options(3, 3, "1"), first_player=1)
    guarded = GuardedSolver(_Broken(given), Guard("broken", "Broken"))
    try:
        assert guarded.certificate(game.entry, game.state, game.legal_moves()[0]) is None  # no strategy
        reason = solver_off("broken")
        assert reason is not None and "its certificate" in reason
    finally:
        forget()


def test_a_sound_certificate_passes_the_guard() -> None:
    game = Game.new(get_entry("rowcol"), Options(3, 3, "1"), first_player=1)
    sound = Certificate(MATCHING, ("ok",), ((Cell(0, 0), Cell(0, 1)),), ("a",))
    guarded = GuardedSolver(_Broken(sound), Guard("fine", "Fine"))
    assert guarded.certificate(game.entry, game.state, game.legal_moves()[0]) is sound
