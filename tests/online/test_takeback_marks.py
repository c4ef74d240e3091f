"""A takeback never replays a long game from its start (issue 29, item 26): a room keeps a mark at each
fold of its history (`online.history`), and a takeback past the positions it holds replays from the last
mark before it, at most `MARK_EVERY - 1` moves however long the game and however many takebacks follow
one another. The position it reaches, and its repetition counts, are those of the whole game replayed
afresh. Nothing here is timed: the answer's p99 is measured by the online bench (`make bench-online`)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from gridgames.engine.game import Game
from gridgames.online import protocol as p
from gridgames.online.history import FOLD_AT, MARK_EVERY
from gridgames.online.room import Room, new_row, replay

from .test_long_rooms import HOST_SECRET, placed, wander


def take_back(room: Room, seat: int) -> int:
    """What the server does when `seat`'s takeback is accepted; how many moves that replayed."""
    keep = room.takeback_target(seat)
    assert keep is not None
    kept = room.cut_back(keep)
    if kept is not None:
        room.set_game(*kept)
        return 0
    game, base, marks, replayed = room.rewound(keep)
    room.set_game(game, base, marks)
    return replayed


def same_as_afresh(room: Room) -> None:
    """The room's game is the one its moves give replayed from the start: the position, and the
    repetition count of it and of every position one move on (the draw by repetition)."""
    fresh, _ = replay(room.entry, room.options, room.game.first_player, room.move_texts())
    game = room.game
    assert game.state == fresh.state and game.repetitions() == fresh.repetitions()
    assert game.outcome == fresh.outcome
    for move in fresh.legal_moves():
        assert game.play(move).repetitions() == fresh.play(move).repetitions()


def with_wall(game: Game, rng: random.Random) -> Game:
    """`game` with a wall that does not end it, if there is one."""
    walls = [m for m in game.legal_moves() if m.kind == "wall" and game.play(m).outcome is None]
    return game.play(rng.choice(walls)) if walls else game


def room_of(game: Game, size: str) -> Room:
    """A room that played `game` move by move, folding as a server's does."""
    row = new_row(p.Create(p.VERSION, "walls", size, "1", {}), HOST_SECRET)
    room = Room.from_row(replace(row, first_player=1))
    for move in game.played:
        room.advance(room.game.play(move))
    return room


def test_takebacks_in_a_row_on_a_long_game_each_replay_a_bounded_number_of_moves():
    """300 token steps on 9x9, then 100 takebacks in a row, two plies each (back to ply 102):
    before the marks, every takeback past the 16 positions kept replayed the game from its start."""
    game = wander(placed(9, 9), 300, random.Random(26))
    room = room_of(game, "9x9")
    assert room.ply == 302 and len(room.game.states) < FOLD_AT
    replayed = []
    for _ in range(100):
        replayed.append(take_back(room, room.game.state.to_move))
    assert room.ply == 102
    assert max(replayed) < MARK_EVERY  # never the whole game
    assert sum(1 for n in replayed if n) >= 200 // FOLD_AT  # past the positions kept, again and again
    same_as_afresh(room)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_walls_steps_and_takebacks_in_any_order_keep_the_repetition_count_exact(seed):
    """On 4x4, where positions repeat often: a long game of steps and walls, then the bench's attack (a
    wall, a step, three takebacks) and runs of takebacks, in any order. Each takeback replays fewer
    than MARK_EVERY moves, and the room's game is always the one a fresh replay gives, including its
    repetition counts after taking back a wall (folds count what may recur after the oldest position
    they keep, not after the current one)."""
    rng = random.Random(seed)
    game = wander(placed(4, 4), rng.randrange(60, 160), rng, fresh_first=False)  # steps: positions repeat
    game = wander(with_wall(game, rng), rng.randrange(0, 16), rng, fresh_first=False)  # a fold keeps the wall
    room = room_of(game, "4x4")
    for _ in range(8):
        if rng.random() < 0.5 and room.outcome is None:  # the bench's cycle, its moves first
            game = wander(with_wall(room.game, rng), 1, rng, fresh_first=False)
            for move in game.played[len(room.game.played):]:
                room.advance(room.game.play(move))
        for _ in range(rng.randrange(1, 8)):
            if room.takeback_target(room.game.state.to_move) is None:
                break
            assert take_back(room, room.game.state.to_move) < MARK_EVERY
        same_as_afresh(room)
    if room.outcome is None:  # a wall and a step: the snapshot keeps a position before the wall
        game = wander(with_wall(room.game, rng), 1, rng, fresh_first=False)
        for move in game.played[len(room.game.played):]:
            room.advance(room.game.play(move))
    loaded = reloaded(room)  # its snapshot, written now, loads back as exact, even two plies back
    same_as_afresh(loaded)
    if loaded.takeback_target(loaded.game.state.to_move) is not None:
        take_back(loaded, loaded.game.state.to_move)
        same_as_afresh(loaded)


def reloaded(room: Room) -> Room:
    """`room` as a server loads it from the snapshot it stores now."""
    size = f"{room.options.rows}x{room.options.cols}"
    row = new_row(p.Create(p.VERSION, "walls", size, "1", {}), HOST_SECRET)
    stored = replace(row, id=room.id, first_player=1, moves=room.move_texts(), snapshot=room.snapshot())
    return Room.from_snapshot(stored)


def test_a_room_loaded_from_its_snapshot_takes_back_from_marks_too():
    """The attacker's room of the bench, loaded from its snapshot (which replays the steps since the
    last wall, here the whole game, folding and leaving marks): takebacks far past what it holds."""
    game = wander(placed(9, 9), 240, random.Random(7))
    loaded = reloaded(room_of(game, "9x9"))
    assert loaded.ply == 242 and loaded.marks[0].ply == 0
    replayed = [take_back(loaded, loaded.game.state.to_move) for _ in range(80)]
    assert loaded.ply == 82 and max(replayed) < MARK_EVERY
    same_as_afresh(loaded)


def test_a_rematch_forgets_the_marks_of_the_game_before():
    room = room_of(wander(placed(5, 5), 120, random.Random(3)), "5x5")
    room.start_game(room.next_game())
    assert [mark.ply for mark in room.marks] == [0]
    assert room.marks[0].game.state == room.game.state
