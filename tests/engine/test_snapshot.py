"""A position read back from text is one the game could be in: the generic reading refuses text of the
wrong shape, board or ply for every game (the example plugins too), and each built-in game refuses
positions no game of it reaches. (That every real position reads back is checked for every game by
tests/games/test_conformance.py.)"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace

import pytest

from gridgames.engine import Game, Options
from gridgames.engine.rules import bits
from gridgames.engine.snapshot import SnapshotError, encode_fields
from gridgames.games import catalogue, get_entry
from tests.conftest import PLUGINS

sys.path[:0] = [str(folder) for folder in PLUGINS]
from gridgames_example.book import BOOK as EXAMPLE  # noqa: E402 - the plugins live outside the package
from gridgames_hop.book import BOOK as MULTICELL  # noqa: E402

ENTRIES = (*catalogue(), EXAMPLE.entry, MULTICELL.entry)


def played(entry, moves: int = 6, side: int = 5) -> Game:  # type: ignore[no-untyped-def]
    """A seeded random game of `entry`, up to `moves` moves long."""
    rng = random.Random(3)
    game = Game.new(entry, Options(side, side, "1"), first_player=1)
    while len(game.played) < moves and not game.is_over:
        game = game.play(rng.choice(game.legal_moves()))
    return game


def read(game: Game, text: str, ply: int | None = None):  # type: ignore[no-untyped-def]
    ply = game.state.ply if ply is None else ply
    return game.rules.decode_state(text, game.options, game.first_player, ply)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda entry: entry.id)
def test_text_of_another_shape_board_or_ply_is_refused_for_every_game(entry) -> None:
    game = played(entry)
    text = game.rules.encode_state(game.state)
    assert read(game, text) == game.state
    fields = json.loads(text)
    numbers = [name for name, value in fields.items()
               if type(value) is int and name not in ("rows", "cols", "to_move", "ply")]
    wrong = [
        text[:-1],  # cut short
        json.dumps({**fields, "extra": 1}),
        json.dumps({name: value for name, value in fields.items() if name != "to_move"}),
        json.dumps({**fields, "rows": fields["rows"] + 1}),
        json.dumps({**fields, "to_move": 3 - fields["to_move"]}),
        *(json.dumps({**fields, name: 1 << 25}) for name in numbers),  # off the 5x5 board
        *(json.dumps({**fields, name: -1}) for name in numbers),
        *(json.dumps({**fields, name: str(fields[name])}) for name in numbers),
        "[]", "null", "x" * 70_000,
    ]
    for bad in wrong:
        with pytest.raises(SnapshotError):
            read(game, bad)
    with pytest.raises(SnapshotError):
        read(game, text, game.state.ply + 2)


def _swap_one(state, first: str, second: str):  # type: ignore[no-untyped-def]
    """`state` with one cell of each player's given to the other (counts kept, owners wrong)."""
    a, b = getattr(state, first), getattr(state, second)
    one, other = a & -a, b & -b
    return replace(state, **{first: a ^ one | other, second: b ^ other | one})


def _overlap(state, first: str, second: str):  # type: ignore[no-untyped-def]
    a, b = getattr(state, first), getattr(state, second)
    return replace(state, **{first: a ^ (a & -a) | (b & -b)})


def _extra(state, name: str):  # type: ignore[no-untyped-def]
    """`state` with one more marker of one player's than the moves played give."""
    free = state.full_mask & ~(state.marks1 | state.marks2)
    return replace(state, **{name: getattr(state, name) | free & -free})


#: For each built-in rules family, positions no game of it reaches, made from a real one.
UNREACHABLE = {
    "walls": lambda s: [replace(s, token2=s.token1), replace(s, walls=s.walls | 1 << s.token1),
                        replace(s, token2=None)],
    "noneighbour": lambda s: [_overlap(s, "marks1", "marks2"), replace(s, last=None), _extra(s, "marks1")],
    "rowcol": lambda s: [_overlap(s, "claims1", "claims2"), replace(s, last=None)],
    "nodekayles": lambda s: [replace(s, locked=s.marks1 | s.marks2), _overlap(s, "marks1", "marks2")],
    "cram": lambda s: [_swap_one(s, "marks1", "marks2"), replace(s, across=0, upright=0)],
    "domineering": lambda s: [_swap_one(s, "marks1", "marks2"),
                              replace(s, across=s.upright, upright=s.across)],
}


@pytest.mark.parametrize("entry", catalogue(), ids=lambda entry: entry.id)
def test_each_built_in_game_refuses_positions_it_never_reaches(entry) -> None:
    game = played(entry)
    assert game.state.ply >= 4
    for state in UNREACHABLE[entry.rules.family](game.state):
        assert state != game.state
        with pytest.raises(SnapshotError, match="not one this game reaches"):
            read(game, encode_fields(state))


def test_walls_keeps_for_repetitions_only_positions_with_the_same_walls() -> None:
    rules = get_entry("walls").rules
    game = Game.new(get_entry("walls"), Options(4, 4, "1"), first_player=1)
    for text in ("A1", "D4", "#B2", "C4", "A2"):
        game = game.play(text)
    same = [s for s in game.states if rules.may_recur(s, game.state)]
    assert [s.ply for s in same] == [3, 4, 5] and bits(game.state.walls) == [5]
