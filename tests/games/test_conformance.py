"""One conformance suite for every catalogue entry, after OpenSpiel's games_sim_test.

Parametrised on CATALOGUE, so a new rule book is tested the moment it is registered; the
out-of-tree example plugin (tests/plugin_example, Twin Cells) is tested beside the built-in games.
Random games (driven by hypothesis) check the contracts every variant promises: states
never change, legal moves are unique and stable, everything else is refused with a reason,
finished games say who won, undo/redo and records reproduce the same states. The checks of one
position, one record and one finished game are the ones `gridgames check` runs on any installed
game (gridgames/check/conformance.py): one piece of code for each.
"""

from __future__ import annotations

import dataclasses
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridgames.check import conformance
from gridgames.engine import Cell, Game, IllegalMoveError, Move, Options, record
from gridgames.engine.entry import Entry
from gridgames.games import catalogue
from tests.conftest import PLUGINS

sys.path[:0] = [str(folder) for folder in PLUGINS]
from gridgames_example.book import BOOK as EXAMPLE  # noqa: E402 - the plugins live outside the package
from gridgames_hop.book import BOOK as MULTICELL  # noqa: E402

CATALOGUE = (*catalogue(), EXAMPLE.entry, MULTICELL.entry)
BY_ID = {entry.id: entry for entry in CATALOGUE}


SIZES = ((2, 2), (3, 3), (3, 4), (5, 5))
RANDOM_PLAY = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cases() -> list:
    """(entry, rows, cols, adjacency) for every entry, size and adjacency it offers."""
    out = []
    for entry in CATALOGUE:
        adjacencies = ("king", "orthogonal") if "adjacency" in entry.option_names else ("king",)
        sizes = SIZES + ((4, 4),) if "adjacency" in entry.option_names else SIZES
        for rows, cols in sizes:
            for adjacency in adjacencies:
                case = (entry, rows, cols, adjacency)
                out.append(pytest.param(*case, id=f"{entry.id}-{rows}x{cols}-{adjacency}"))
    return out


def move_cap(entry: Entry, rows: int, cols: int) -> int:
    """Games without repetition fill at most every cell; `walls` play is capped instead."""
    return 3 * rows * cols if entry.rules.can_repeat else rows * cols


def random_game(entry: Entry, rows: int, cols: int, adjacency: str, data: st.DataObject) -> Game:
    """A game played by random legal moves until it ends or reaches the cap."""
    first = data.draw(st.sampled_from((1, 2)), label="first player")
    cap = move_cap(entry, rows, cols)
    picks = data.draw(st.lists(st.integers(0, 2**16), min_size=cap, max_size=cap), label="moves")
    chosen = entry.resolve_options({"adjacency": adjacency} if adjacency != "king" else {})
    game = Game.new(entry, Options(rows, cols, str(first), chosen), first_player=first)
    for pick in picks:
        if game.is_over:
            break
        legal = game.legal_moves()
        game = game.play(legal[pick % len(legal)])
    return game


@pytest.mark.parametrize(("entry", "rows", "cols", "adjacency"), cases())
@RANDOM_PLAY
@given(data=st.data())
def test_every_position_keeps_the_rules_contract(entry, rows, cols, adjacency, data) -> None:
    game = random_game(entry, rows, cols, adjacency, data)
    for state in game.states:
        legal = entry.rules.legal_moves(state)
        failures = (
            conformance.position_failures(entry, state)
            + conformance.notation_failures(entry, state, legal)
            + conformance.refusal_failures(entry, state, legal)
        )
        assert failures == [], entry.rules.format_move(game.moves[state.ply - 1]) if state.ply else "start"
        with pytest.raises(dataclasses.FrozenInstanceError):
            state.to_move = 3 - state.to_move  # type: ignore[misc]


@pytest.mark.parametrize(("entry", "rows", "cols", "adjacency"), cases())
@RANDOM_PLAY
@given(data=st.data())
def test_clicks_and_boards_agree_with_the_legal_moves(entry, rows, cols, adjacency, data) -> None:
    game = random_game(entry, rows, cols, adjacency, data)
    state = game.states[data.draw(st.integers(0, game.cursor), label="position")]
    legal = entry.rules.legal_moves(state)
    found = conformance.click_failures(entry, state, legal) + conformance.hole_failures(entry, state, legal)
    assert found + conformance.look_failures(entry, state) == []


@pytest.mark.parametrize(("entry", "rows", "cols", "adjacency"), cases())
@RANDOM_PLAY
@given(data=st.data())
def test_a_finished_game_has_no_moves_and_names_its_result(entry, rows, cols, adjacency, data) -> None:
    game = random_game(entry, rows, cols, adjacency, data)
    if not entry.rules.can_repeat:
        assert game.is_over, f"no result after {game.cursor} moves on {rows}x{cols}"
    if not game.is_over:
        return
    assert conformance.ending_failures(game) == []
    outcome = game.outcome
    assert outcome is not None
    if outcome.termination != "no-moves":
        assert outcome.termination == "repetition" and outcome.winner is None
    if outcome.winner is not None:
        assert entry.player(outcome.winner) in entry.describe(outcome)
    with pytest.raises(IllegalMoveError, match="The game is over"):
        game.play(Move.at(Cell(0, 0)))


@pytest.mark.parametrize(("entry", "rows", "cols", "adjacency"), cases())
@RANDOM_PLAY
@given(data=st.data())
def test_undo_and_redo_walk_the_same_states(entry, rows, cols, adjacency, data) -> None:
    game = random_game(entry, rows, cols, adjacency, data)
    end = game
    back = game
    while back.can_undo:
        back = back.undo()
        assert back.state is end.states[back.cursor]
    assert back.state == Game.new(entry, end.options, first_player=end.first_player).state
    forward = back
    while forward.can_redo:
        forward = forward.redo()
        assert forward.state is end.states[forward.cursor]
    assert forward == end and forward.outcome == end.outcome
    middle = data.draw(st.integers(0, len(end.moves)), label="goto")
    jumped = end.goto(middle)
    assert jumped.state is end.states[middle] and jumped.played == end.moves[:middle]
    assert end.cursor == len(end.moves), "undo changed the original game"
    # Replaying the same move after an undo keeps the future; a different move drops it.
    if middle < len(end.moves):
        assert jumped.play(end.moves[middle]).moves == end.moves
        others = [m for m in jumped.legal_moves() if m != end.moves[middle]]
        if others:
            branched = jumped.play(others[0])
            assert branched.moves == end.moves[:middle] + (others[0],) and not branched.can_redo


@pytest.mark.parametrize(("entry", "rows", "cols", "adjacency"), cases())
@RANDOM_PLAY
@given(data=st.data())
def test_records_round_trip(entry, rows, cols, adjacency, data) -> None:
    game = random_game(entry, rows, cols, adjacency, data)
    game = game.goto(data.draw(st.integers(0, len(game.moves)), label="save at"))
    assert conformance.record_failures(game) == []
    assert conformance.snapshot_failures(game) == []
    loaded = record.loads(record.dumps(game), BY_ID.__getitem__)
    assert loaded.entry is entry and loaded.options.size == f"{rows}x{cols}"
    assert loaded.outcome == game.outcome
    if "adjacency" in entry.option_names:
        assert loaded.options.game_options.get("adjacency", "king") == adjacency
