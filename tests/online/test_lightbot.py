"""The benches' light bots stand in for players: whatever shortcut makes them cheap must send the frames
the protocol defines and draw each legal move as `random.choice(game.legal_moves())` would."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from benchmarks.online.lightbot import _unguarded, choose, move_frame
from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.online import protocol as p


class Drawn(random.Random):
    """A random source whose draws (`randrange`, `choice`) are the number given: every draw can be named."""

    def __init__(self, k: int) -> None:
        super().__init__(0)
        self.k = k

    def randrange(self, *args: int, **kwargs: int) -> int:  # type: ignore[override]
        return self.k

    def choice(self, seq: Any) -> Any:
        return seq[self.k]


@given(st.integers(0, 10_000), st.text(max_size=12))
def test_a_move_frame_is_the_protocols_own(ply: int, text: str) -> None:
    assert move_frame(ply, text) == p.MoveMsg(ply, text).to_json()


def _games() -> list[Game]:
    """Positions of the games with a draw of their own (the domino games, both Node Kayles books) and one
    without: the start, and a few moves on (fewer places left)."""
    games = []
    for variant, rows, cols in (("domineering", 5, 6), ("cram", 4, 5), ("domineering", 2, 2),
                                ("locked-duel", 4, 4), ("blocking", 3, 5), ("walls", 4, 4)):
        entry = _unguarded(variant)
        game = Game.new(entry, Options(rows, cols, "1", entry.resolve_options({})), first_player=1)
        rng = random.Random(variant)
        for _ in range(4):
            games.append(game)
            if game.outcome is not None:
                break
            game = game.play(rng.choice(game.legal_moves()))
    return games


def test_each_legal_move_is_drawn_by_exactly_one_number() -> None:
    for game in _games():
        legal = game.legal_moves()
        drawn = [choose(game, Drawn(k)) for k in range(len(legal))]
        assert sorted(drawn) == sorted(legal)
