"""The generator is deterministic, and what it makes are puzzles: the same seeds give the same bytes,
and each position has at least four moves of which exactly one wins."""

from __future__ import annotations

import pytest

from gridgames.games import get_entry, native_cores
from gridgames.puzzles import codec, data, difficulty, generate, proof, quality
from gridgames.solve import core
from gridgames.solve.caches import clear_caches

SMALL = (
    generate.Plan("cram", (generate.Board(4, 4, games=40), generate.Board(4, 5, games=40))),
    generate.Plan("walls", (generate.Board(3, 4, games=60),), cold=False),
)


def test_the_same_seeds_give_the_same_puzzles_byte_for_byte():
    first = codec.encode(generate.every_puzzle(per_game=6, plans=SMALL))
    again = codec.encode(generate.every_puzzle(per_game=6, plans=SMALL))
    assert first == again


def test_what_it_makes_are_puzzles_with_their_measures():
    puzzles = generate.every_puzzle(per_game=6, plans=SMALL)
    assert [p.game for p in puzzles].count("cram") == 6 and [p.game for p in puzzles].count("walls") == 6
    measured = {}
    for puzzle in puzzles:
        entry = get_entry(puzzle.game)
        line = data.line(puzzle)
        evaluation = proof.proven(entry.rules, line.start)
        assert proof.winning(evaluation) == line.solution[:1] and puzzle.legal >= 4
        assert not quality.ends_at_once(entry.rules, line.start, line.solution[0])
        misses = quality.medium_misses(entry.rules, line.start, line.solution[0], puzzle.id)
        measured[puzzle.id] = difficulty.rating(puzzle.nodes, puzzle.player_moves, puzzle.legal, not misses)
    # the ratings spread each game's puzzles over the normal curve in the order their measures give
    for game in ("cram", "walls"):
        pool = sorted((p for p in puzzles if p.game == game), key=lambda p: (measured[p.id], p.id))
        assert [p.rating for p in pool] == [difficulty.spread(k, len(pool)) for k in range(len(pool))]
    # at most one puzzle from one random game: no puzzle's moves extend another's
    moves = {p.moves for p in puzzles}
    assert not any(one[:k] in moves for one in moves for k in range(len(one)))


def test_ratings_grow_with_each_measure_of_difficulty_and_stay_in_range():
    base = difficulty.rating(10, 1, 8, True)
    assert difficulty.rating(1000, 1, 8, True) > base
    assert difficulty.rating(10, 3, 8, True) > base
    assert difficulty.rating(10, 1, 30, True) > base
    assert difficulty.rating(10, 1, 8, False) > base
    assert difficulty.rating(0, 1, 4, True) == difficulty.LOWEST
    assert difficulty.rating(10**9, 5, 400, False) == difficulty.HIGHEST


def test_each_game_names_its_own_puzzle_boards_and_shared_rules_are_planned_once():
    plans = {plan.game: plan for plan in generate.every_plan()}
    assert "locked-duel" in plans and "blocking" not in plans  # one pool for the two Node Kayles books
    assert {"walls", "rowcol", "noneighbour", "cram", "domineering"} <= set(plans)
    assert not plans["walls"].cold and plans["cram"].cold
    for plan in plans.values():
        assert all(board.rows * board.cols <= 64 for board in plan.boards)


CORES = (
    generate.Plan("cram", (generate.Board(4, 4, games=30), generate.Board(4, 5, games=30))),
    generate.Plan("domineering", (generate.Board(4, 4, games=30), generate.Board(4, 5, games=30))),
)


@pytest.mark.skipif(not all(core.load(name).built for name in native_cores()), reason="no C cores built")
def test_the_c_cores_and_the_python_references_make_the_same_bytes():
    # the generator reads values only, never a solver's node counts: a core that visits other
    # positions (the C cores are reworked often) gives the same file
    made = generate.every_puzzle(per_game=6, plans=CORES)
    assert len(made) == 12
    with_c = codec.encode(made)
    previous = core.use_native(False)
    try:
        clear_caches()
        references = codec.encode(generate.every_puzzle(per_game=6, plans=CORES))
    finally:
        core.use_native(previous)
        clear_caches()
    assert with_c == references


def test_no_neighbour_puzzles_come_from_a_search_aimed_at_them_and_stay_byte_for_byte():
    # random play almost never meets a no-neighbour position with a single winning move; the game's
    # own search draws such endgames and a legal game that reaches each (`puzzle_search`)
    plan = generate.Plan("noneighbour", (generate.Board(4, 5, games=4),))
    made = generate.every_puzzle(per_game=3, plans=(plan,))
    assert len(made) == 3
    assert codec.encode(made) == codec.encode(generate.every_puzzle(per_game=3, plans=(plan,)))
    rules = get_entry("noneighbour").rules
    for puzzle in made:
        line = data.line(puzzle)  # replays the moves from the start, each one checked legal
        evaluation = proof.proven(rules, line.start)
        assert proof.winning(evaluation) == line.solution[:1] and puzzle.legal >= 4
        assert not quality.ends_at_once(rules, line.start, line.solution[0])
    moves = {p.moves for p in made}
    assert not any(one[:k] in moves for one in moves for k in range(len(one)))
