"""The game history: immutable, undo/redo to any point, and repetition draws in `walls`."""

from __future__ import annotations

import dataclasses

import pytest

from gridgames.engine import Game, IllegalMoveError, record
from gridgames.games import get_entry

SHUFFLE = ["A2", "E4", "A1", "E5"]  # X and O step out and back: the position after set-up recurs


@pytest.fixture
def shuffled(make_game) -> list[Game]:
    """A `walls` game after set-up (X at A1, O at E5), then the shuffle twice: one Game per ply."""
    games = [make_game("walls", "5x5").play("A1").play("E5")]
    for move in SHUFFLE * 2:
        games.append(games[-1].play(move))
    return games


def test_a_position_arising_a_third_time_draws(shuffled: list[Game]) -> None:
    first, again = shuffled[0].state, shuffled[4].state
    assert first == again and hash(first) == hash(again) and (first.ply, again.ply) == (2, 6)
    counts = [g.repetitions() for g in shuffled]
    assert counts == [1, 1, 1, 1, 2, 2, 2, 2, 3]
    assert all(g.outcome is None for g in shuffled[:-1]), "drawn before the third occurrence"
    drawn = shuffled[-1]
    assert drawn.outcome is not None and drawn.outcome.termination == "repetition"
    assert drawn.outcome.winner is None and drawn.entry.headline(drawn.outcome) == "Draw."
    assert "third time" in drawn.entry.describe(drawn.outcome)
    assert drawn.legal_moves() == ()
    with pytest.raises(IllegalMoveError, match="The game is over"):
        drawn.play("A2")


def test_undo_removes_positions_from_the_repetition_count(shuffled: list[Game]) -> None:
    drawn = shuffled[-1]
    back = drawn.undo()
    assert back.outcome is None and back.repetitions() == 2
    assert back.redo().outcome == drawn.outcome
    second = drawn.goto(6)  # after one shuffle the set-up position has occurred twice
    assert second.repetitions() == 2 and second.outcome is None
    # Stepping back into the shuffle's first move replays it (future kept); a wall drops it.
    assert second.play("A2").can_redo
    detour = second.play("#C3")
    assert not detour.can_redo and detour.repetitions() == 1 and detour.outcome is None
    assert len(detour.moves) == 7


def test_a_repetition_draw_survives_a_record(shuffled: list[Game]) -> None:
    drawn = shuffled[-1]
    text = record.dumps(drawn)
    assert "result: draw" in text
    loaded = record.loads(text, get_entry)
    assert loaded.outcome == drawn.outcome and loaded.states == drawn.states


def test_only_games_where_positions_can_repeat_count_them(make_game) -> None:
    from gridgames.games import catalogue
    CATALOGUE = catalogue()

    assert [e.id for e in CATALOGUE if e.rules.can_repeat] == ["walls"]
    game = make_game("rowcol", "3x3").play("A1")
    assert game.repetitions() == 1


def test_playing_returns_a_new_game_and_leaves_the_old_one_alone(make_game) -> None:
    start = make_game("blocking", "5x5")
    after = start.play("C3")
    assert start.cursor == 0 and start.moves == () and start.state.ply == 0
    assert after.cursor == 1 and after.played == (start.parse("C3"),)
    assert hash(start) == hash(make_game("blocking", "5x5"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        start.cursor = 1  # type: ignore[misc]


def test_undo_redo_and_goto_refuse_to_leave_the_history(make_game) -> None:
    game = make_game("rowcol", "5x5")
    with pytest.raises(IllegalMoveError, match="no move to undo"):
        game.undo()
    game = game.play("C3").play("E3")
    with pytest.raises(IllegalMoveError, match="no move to redo"):
        game.redo()
    with pytest.raises(IllegalMoveError, match="no position after 3 moves"):
        game.goto(3)
    with pytest.raises(IllegalMoveError):
        game.goto(-1)
    assert game.goto(0).state == game.states[0] and game.goto(0).can_redo


def test_history_knows_who_played_each_move(make_game) -> None:
    game = make_game("noneighbour", "4x4", first=2).play("A1").play("D4").play("A4")
    assert [game.player_of_move(i) for i in range(3)] == [2, 1, 2]
    assert game.state.to_move == 1
    kept = game.goto(1).truncated()
    assert kept.moves == game.moves[:1] and not kept.can_redo and kept.state is game.states[1]


def test_restart_keeps_the_options(make_game) -> None:
    game = make_game("noneighbour", "4x4", adjacency="orthogonal").play("B2")
    fresh = game.restart(first_player=2)
    assert fresh.options == game.options and fresh.moves == () and fresh.state.to_move == 2


def test_a_position_after_a_move_is_the_one_replace_makes(make_game) -> None:
    """`GridState.after` (every game's `apply_unchecked`) builds what `dataclasses.replace` would, keeps a
    subclass's own fields, and refuses a name that is not a field as `replace` does."""
    state = make_game("walls", "5x5").play("A1").play("E5").state

    @dataclasses.dataclass(frozen=True)
    class Marked(type(state)):  # type: ignore[misc]
        mark: int = 7

    for before in (state, Marked(**dataclasses.asdict(state))):
        after = before.after(walls=1)
        assert after == dataclasses.replace(before, walls=1, to_move=3 - before.to_move, ply=before.ply + 1)
        assert type(after) is type(before) and after.ply == before.ply + 1
        assert hash(after) == hash(dataclasses.replace(after))
    assert Marked(**dataclasses.asdict(state)).after(walls=1).mark == 7
    with pytest.raises(TypeError):
        state.after(wals=1)


def test_a_state_class_that_checks_itself_or_moves_its_own_way_keeps_doing_so(make_game) -> None:
    """`after` is written for each state class at its first use; a class with a `__post_init__` is
    still made through it (by `replace`), and a class's own `after` is left as it is."""
    state = make_game("cram", "4x4").play("A1-A2").state
    checked: list[int] = []

    @dataclasses.dataclass(frozen=True)
    class Checked(type(state)):  # type: ignore[misc]
        def __post_init__(self) -> None:
            checked.append(self.ply)

    @dataclasses.dataclass(frozen=True)
    class Own(type(state)):  # type: ignore[misc]
        def after(self, **changes):  # type: ignore[no-untyped-def]
            return "its own"

    assert Checked(**dataclasses.asdict(state)).after(marks1=1).marks1 == 1 and checked == [1, 2]
    assert Own(**dataclasses.asdict(state)).after(marks1=1) == "its own"
    assert state.after(marks2=3).marks2 == 3 and type(state.after()) is type(state)
