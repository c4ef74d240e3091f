"""One conformance suite for every catalogue entry, after OpenSpiel's games_sim_test.

Parametrised on CATALOGUE, so a new rule book is tested the moment it is registered; the
out-of-tree example plugin (tests/plugin_example, Twin Cells) is tested beside the built-in games.
Random games (driven by hypothesis) check the contracts every variant promises: states
never change, legal moves are unique and stable, everything else is refused with a reason,
finished games say who won, undo/redo and records reproduce the same states.
"""

from __future__ import annotations

import dataclasses
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridgames.engine import Cell, Content, Game, IllegalMoveError, Move, Options, record
from gridgames.engine.entry import Entry
from gridgames.engine.textboard import render
from gridgames.games import catalogue
from tests.conftest import PLUGINS

sys.path[:0] = [str(folder) for folder in PLUGINS]
from gridgames_example.book import BOOK as EXAMPLE  # noqa: E402 - the plugins live outside the package
from gridgames_hop.book import BOOK as MULTICELL  # noqa: E402

CATALOGUE = (*catalogue(), EXAMPLE.entry, MULTICELL.entry)
BY_ID = {entry.id: entry for entry in CATALOGUE}


SIZES = ((2, 2), (3, 3), (3, 4), (5, 5))
RANDOM_PLAY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cases() -> list:
    """(entry, rows, cols, adjacency) for every entry, size and adjacency it offers."""
    out = []
    for entry in CATALOGUE:
        adjacencies = ("king", "orthogonal") if entry.has_adjacency_option else ("king",)
        sizes = SIZES + ((4, 4),) if entry.has_adjacency_option else SIZES
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
    game = Game.new(entry, Options(rows, cols, str(first), adjacency), first_player=first)
    for pick in picks:
        if game.is_over:
            break
        legal = game.legal_moves()
        game = game.play(legal[pick % len(legal)])
    return game


def every_move(rules, rows: int, cols: int) -> list[Move]:  # type: ignore[no-untyped-def]
    """Moves of every shape a game here could mean: each cell as an ordinary move and as the game's
    other kind (if it has one), and each pair of side-by-side cells (a domino, a step)."""
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    kinds = ("", rules.alternate_kind or "")
    singles = [Move.at(cell, kind=kind) for cell in cells for kind in set(kinds)]
    pairs = [
        Move.at(a, b) for a in cells for b in cells
        if abs(a.row - b.row) + abs(a.col - b.col) == 1
    ]
    return singles + pairs


@pytest.mark.parametrize(("entry", "rows", "cols", "adjacency"), cases())
@RANDOM_PLAY
@given(data=st.data())
def test_every_position_keeps_the_rules_contract(entry, rows, cols, adjacency, data, one_sentence) -> None:
    game = random_game(entry, rows, cols, adjacency, data)
    rules = entry.rules
    for state in game.states:
        fingerprint = (hash(state), dataclasses.astuple(state))
        legal = rules.legal_moves(state)
        assert rules.legal_moves(state) == legal, "legal moves change between calls"
        assert len(set(legal)) == len(legal), "a legal move is listed twice"
        for move in legal:
            after = rules.apply_move(state, move)
            assert (after.to_move, after.ply) == (3 - state.to_move, state.ply + 1)
            assert rules.parse_move(state, entry.format_move(move)) == move
            assert rules.parse_move(state, rules.format_move(move)) == move
        for move in set(every_move(rules, rows, cols)) - set(legal):
            reason = rules.why_illegal(state, move)
            assert reason is not None and one_sentence(reason), (move, reason)
            try:  # not pytest.raises: this loop runs ~10^5 times per test
                rules.apply_move(state, move)
            except IllegalMoveError as refused:
                assert str(refused) == reason
            else:
                raise AssertionError(f"{rules.format_move(move)} was accepted although {reason!r}")
        assert (rules.outcome(state) is None) == bool(legal)
        assert (hash(state), dataclasses.astuple(state)) == fingerprint, "a state changed"
        with pytest.raises(dataclasses.FrozenInstanceError):
            state.to_move = 3 - state.to_move  # type: ignore[misc]


@pytest.mark.parametrize(("entry", "rows", "cols", "adjacency"), cases())
@RANDOM_PLAY
@given(data=st.data())
def test_clicks_and_boards_agree_with_the_legal_moves(entry, rows, cols, adjacency, data) -> None:
    game = random_game(entry, rows, cols, adjacency, data)
    rules = entry.rules
    state = game.states[data.draw(st.integers(0, game.cursor), label="position")]
    legal = rules.legal_moves(state)
    cells = [Cell(r, c) for r in range(rows) for c in range(cols)]
    other = rules.alternate_kind
    for cell in cells:
        ordinary = tuple(m for m in legal if cell in m.cells and (other is None or m.kind != other))
        assert rules.candidates(state, (cell,)) == ordinary
        alternate = tuple(m for m in legal if cell in m.cells and other is not None and m.kind == other)
        assert rules.candidates(state, (cell,), alternate=True) == alternate
    looks = [entry.look(state, cell) for cell in cells]
    assert all(look.role in ("empty", "p1", "p2", "blocked") for look in looks)
    board = render(entry, state)
    assert len(board.splitlines()) >= rows
    for role, content in (("p1", Content.P1), ("p2", Content.P2)):
        assert board.count(entry.symbol(content)) == [look.role for look in looks].count(role), board


@pytest.mark.parametrize(("entry", "rows", "cols", "adjacency"), cases())
@RANDOM_PLAY
@given(data=st.data())
def test_a_finished_game_has_no_moves_and_names_its_result(
    entry, rows, cols, adjacency, data, one_sentence
) -> None:
    game = random_game(entry, rows, cols, adjacency, data)
    if not entry.rules.can_repeat:
        assert game.is_over, f"no result after {game.cursor} moves on {rows}x{cols}"
    if not game.is_over:
        return
    outcome = game.outcome
    assert outcome is not None
    assert game.legal_moves() == ()
    if outcome.termination == "no-moves":
        assert entry.rules.legal_moves(game.state) == ()
        assert outcome.winner == 3 - game.state.to_move  # the player to move cannot move and loses
    else:
        assert outcome.termination == "repetition" and outcome.winner is None
    description = entry.describe(outcome)
    assert one_sentence(description) and "{" not in description
    if outcome.winner is not None:
        assert entry.player(outcome.winner) in description
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
    text = record.dumps(game)
    loaded = record.loads(text, BY_ID.__getitem__)
    assert loaded.entry is entry and loaded.options.size == f"{rows}x{cols}"
    assert loaded.first_player == game.first_player
    assert loaded.moves == game.played
    saved = game.states[: game.cursor + 1]
    assert [dataclasses.astuple(s) for s in loaded.states] == [dataclasses.astuple(s) for s in saved]
    assert loaded.outcome == game.outcome
    assert record.dumps(loaded) == text
    if entry.has_adjacency_option:
        assert loaded.options.adjacency == adjacency
