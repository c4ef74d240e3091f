"""Shipped puzzles re-proved by the solvers: its position is reached by its moves, its first move is
the only one that wins, each reply is the opponent's most stubborn and each later move the only win
after it (the reply that loses slowest against best play, ties to the fewest winning answers), and the
line stops where the proof says it does. With the C cores, `make test` re-proves a seeded sample of
every game's puzzles (`sampling.PER_GAME`) and the soak every puzzle; without them (and without
GRIDGAMES_REQUIRE_NATIVE=1), a seeded sample of 60 either way."""

from __future__ import annotations

import os
import random

import pytest

from gridgames.games import get_entry, native_cores
from gridgames.puzzles import data, proof, quality
from gridgames.puzzles.model import MAX_PLAYER_MOVES
from gridgames.solve import core
from tests.puzzles import sampling

ALL_CORES = all(core.load(name).built for name in native_cores()) and core.enabled()
REQUIRED = os.environ.get("GRIDGAMES_REQUIRE_NATIVE") == "1"
#: Puzzles re-proved by the Python reference when the C cores are missing.
SAMPLE = 60


def to_reprove(every: bool):
    puzzles = data.shipped()
    if not (ALL_CORES or REQUIRED):
        return tuple(random.Random(21).sample(puzzles, min(SAMPLE, len(puzzles))))
    return puzzles if every else sampling.per_game(puzzles)


def reprove(puzzle) -> None:
    entry = get_entry(puzzle.game)
    rules = entry.rules
    line = data.line(puzzle)
    evaluation = proof.proven(rules, line.start)
    assert len(evaluation.move_values) == puzzle.legal >= proof.MIN_LEGAL, puzzle.id
    assert proof.winning(evaluation) == line.solution[:1], f"{puzzle.id}: the first move is not the only win"
    here = rules.apply_unchecked(line.start, line.solution[0])
    distances = proof.Distances(rules)
    for reply, move in zip(line.solution[1::2], line.solution[2::2], strict=True):
        stubborn = proof.stubborn_reply(rules, here, distances)
        assert stubborn.move == reply, f"{puzzle.id}: {entry.format_move(reply)} not the stubbornest"
        only = proof.winning(stubborn.evaluation)
        assert only == (move,), f"{puzzle.id}: {entry.format_move(move)} is not the only win"
        here = rules.apply_unchecked(stubborn.after, move)
    # the line stops where the proof does: at the longest, at the game's end, or where the most
    # stubborn reply leaves the player more than one winning move
    if len(line.solution) < 2 * MAX_PLAYER_MOVES - 1 and rules.legal_moves(here):
        stubborn = proof.stubborn_reply(rules, here, distances)
        again = proof.only_win(rules, stubborn.after, stubborn.evaluation, 2)
        assert again is None, f"{puzzle.id} stops early"


def test_the_shipped_puzzles_are_read_with_at_least_300_per_game():
    assert data.refusal() is None
    for game in ("locked-duel", "walls", "rowcol", "noneighbour", "cram", "domineering"):
        assert len(data.pool(get_entry(game))) >= quality.min_puzzles(game), game


def test_shipped_puzzles_of_every_game_are_reproved():
    if REQUIRED:
        assert ALL_CORES, "GRIDGAMES_REQUIRE_NATIVE=1 but a C core is missing"
    for puzzle in to_reprove(every=False):
        reprove(puzzle)


@pytest.mark.soak
def test_every_shipped_puzzle_is_reproved():
    for puzzle in to_reprove(every=True):
        reprove(puzzle)
