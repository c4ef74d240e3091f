"""Proven live play on Gardner's 8x8 board with the shipped tables switched off (issue 26, item 2):
the perfect seat proves each move it gives by its own search. How long that takes is `make bench`'s
business (benchmarks/games/domineering_live.py), not a test's."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.games.domineering import solver
from gridgames.play.computer import Computer
from gridgames.solve import tables

pytestmark = pytest.mark.skipif(not solver.built(), reason="8x8 from scratch needs the C core")

#: Time enough for any move; the test asserts proof, never time.
AMPLE_SECONDS = 3600.0


@pytest.fixture
def no_tables() -> Iterator[None]:
    tables.switch_off()
    solver.clear_cache()
    try:
        yield
    finally:
        tables.switch_off(False)
        solver.clear_cache()


@pytest.mark.usefixtures("no_tables")
def test_the_perfect_seat_proves_every_move_of_a_whole_8x8_game_with_the_tables_off() -> None:
    entry = get_entry("domineering")
    seat = Computer(entry, "perfect", seconds=AMPLE_SECONDS)
    game = Game.new(entry, Options(8, 8), first_player=1)  # Vertical first: the 8x8 winner, the seat
    rng, opponent = random.Random(8), random.Random(88)
    seat_moves = 0
    while game.legal_moves():
        if game.state.to_move == 1:
            choice = seat.decide(game.state, rng)
            played = entry.format_move(choice.move)
            assert choice.proven, f"move {game.state.ply + 1} ({played}) is not proven"
            # The proof is a win: the position after it is lost for Horizontal, by a search of its own.
            game = game.play(choice.move)
            assert not solver.wins(8, 8, game.state.free, False)
            seat_moves += 1
        else:
            game = game.play(opponent.choice(game.legal_moves()))
    assert game.state.to_move == 2, "Horizontal is left without a move: the seat won"
    assert seat_moves >= 10
