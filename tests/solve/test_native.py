"""The C core against the Python reference: the same random positions, identical values and best moves.

`rowcol` has no search loop to port (its solver is a linear-time theorem), so it has no native twin.
Skipped when the C core is not built, unless GRIDGAMES_REQUIRE_NATIVE=1 (CI sets it), when that fails.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from gridgames.engine.rules import orthogonal_masks
from gridgames.games import native_cores
from gridgames.games.nodekayles import algorithm as nodekayles
from gridgames.games.walls import algorithm as walls
from gridgames.solve import core
from gridgames.solve.analysis import analyse
from gridgames.solve.caches import clear_caches

#: Every game's C core, found as setup.py finds them: one per gridgames/games/<family>/_native.c.
SOURCES = sorted(Path(__file__).resolve().parents[2].glob("gridgames/games/*/_native.c"))
CORES = [core.load(f"gridgames.games.{source.parent.name}._native") for source in SOURCES]

if os.environ.get("GRIDGAMES_REQUIRE_NATIVE") == "1":

    @pytest.mark.parametrize("native", CORES, ids=lambda c: c.module_name)
    def test_every_games_c_core_is_built_and_in_use(native):
        assert native.built and native() is not None, core.name(c.module_name for c in CORES)

elif not all(native.built for native in CORES):
    pytest.skip("the C cores are not all built here", allow_module_level=True)


def test_the_c_cores_are_found_by_the_same_glob_as_setup_py():
    assert {"nodekayles", "noneighbour", "walls"} <= {source.parent.name for source in SOURCES}
    assert {c.module_name for c in CORES} <= set(native_cores())


@pytest.fixture
def both_cores() -> Iterator[None]:
    previous = core.use_native(True)
    nodekayles.use_table(False)
    yield
    nodekayles.use_table(True)
    core.use_native(previous)
    clear_caches()


def _both(entry, state):
    """(Python's, C's) evaluation of `state`, each from a cold start."""
    answers = []
    for native in (False, True):
        core.use_native(native)
        clear_caches()
        answers.append(analyse(entry, state))
    return answers


def _random_positions(make_game, variant, size, count, rng, min_moves=0, **options):
    for _ in range(count):
        game = make_game(variant, size, **options)
        for _ in range(rng.randrange(min_moves, min_moves + 8)):
            moves = game.rules.legal_moves(game.state)
            if not moves:
                break
            game = game.play(rng.choice(moves))
        if game.rules.legal_moves(game.state):
            yield game


@pytest.mark.parametrize("size", ["3x3", "4x4", "4x5", "5x5"])
def test_node_kayles_native_equals_python(make_game, both_cores, size):
    rng = random.Random(size)
    for game in _random_positions(make_game, "locked-duel", size, 6, rng):
        python, native = _both(game.entry, game.state)
        assert python.exact and native.exact
        assert (python.value, python.best) == (native.value, native.best)
        assert python.move_values == native.move_values


def test_node_kayles_native_move_values_equal_python_grundy_values(make_game, both_cores):
    """The one-call valuation gives the Grundy value after each move, not only win or loss: all compared."""
    rng = random.Random(56)
    native = nodekayles.NATIVE()
    for game in _random_positions(make_game, "locked-duel", "5x6", 4, rng):
        state = game.state
        clear_caches()
        answers = native.nk_move_values(state.rows, state.cols, state.free, -1.0, None)  # type: ignore[union-attr]
        core.use_native(False)
        clear_caches()
        moves = game.rules.legal_moves(state)
        expected = [nodekayles.grundy(game.play(move).state) for move in moves]
        core.use_native(True)
        assert answers == expected
    clear_caches()
    assert native.nk_move_values(6, 6, (1 << 36) - 1, -1.0, lambda: True) == [None] * 36  # type: ignore[union-attr]


@pytest.mark.parametrize(("size", "adjacency", "min_moves"), [("3x3", "king", 0), ("4x4", "orthogonal", 1),
                                                                ("5x5", "king", 4), ("5x5", "orthogonal", 6),
                                                                ("4x5", "king", 2), ("3x6", "orthogonal", 1)])
def test_noneighbour_native_equals_python(make_game, both_cores, size, adjacency, min_moves):
    rng = random.Random(size + adjacency)
    for game in _random_positions(make_game, "noneighbour", size, 5, rng, min_moves, adjacency=adjacency):
        python, native = _both(game.entry, game.state)
        assert python.exact and native.exact
        assert python.move_values == native.move_values


def test_noneighbour_native_shares_move_values_across_forbidden_sets(both_cores):
    """The C memo keeps, per set of occupied cells, which moves win and lose whatever was forbidden when
    it learnt them: the same cells reached after different last markers, asked one after the other on a
    warm memo, must still get the reference's answer for each forbidden set."""
    from gridgames.engine.rules import bits, king_masks
    from gridgames.games.noneighbour import algorithm as noneighbour

    native = noneighbour.NATIVE()
    rng = random.Random(45)
    for adjacency in ("king", "orthogonal"):
        adj = king_masks(5, 5) if adjacency == "king" else orthogonal_masks(5, 5)
        reference = noneighbour.NoNeighbourSolver(5, 5, adjacency, use_table=False)
        core.use_native(False)
        clear_caches()
        for markers in (8, 13, 16, 17, 18, 19, 20):
            occupied = sum(1 << i for i in rng.sample(range(25), markers))
            for last in bits(occupied):
                forbidden = adj[last] & ~occupied
                free = bits(reference.full & ~(occupied | forbidden))
                expected = [not reference.wins(*reference.child(occupied, i)) for i in free]
                answers = native.nn_values(5, 5, adjacency == "king", occupied, forbidden, -1.0, None)  # type: ignore[union-attr]
                assert answers == expected


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (2, 4), (3, 4), (4, 4)])
def test_noneighbour_native_symmetric_twins_equal_python(both_cores, rows, cols):
    """With few markers down the C memo holds a position under its least symmetric image (rotations and
    reflections; a rectangle has no quarter turns) and maps the moves to and from it: twins asked one
    after the other on a warm memo must get the reference's answers."""
    from gridgames.engine.rules import bits, king_masks
    from gridgames.games.noneighbour import algorithm as noneighbour

    native = noneighbour.NATIVE()
    rng = random.Random(rows * cols)
    cells = rows * cols
    for adjacency in ("king", "orthogonal"):
        adj = king_masks(rows, cols) if adjacency == "king" else orthogonal_masks(rows, cols)
        reference = noneighbour.NoNeighbourSolver(rows, cols, adjacency, use_table=False)
        core.use_native(False)
        clear_caches()
        for _ in range(12):
            occupied = sum(1 << i for i in rng.sample(range(cells), rng.randrange(1, 5)))
            forbidden = adj[rng.choice(list(bits(occupied)))] & ~occupied
            free = bits(reference.full & ~(occupied | forbidden))
            expected = [not reference.wins(*reference.child(occupied, i)) for i in free]
            answers = native.nn_values(rows, cols, adjacency == "king", occupied, forbidden, -1.0, None)  # type: ignore[union-attr]
            assert answers == expected


def test_noneighbour_native_equals_python_on_a_board_over_32_cells(make_game, both_cores):
    """Boards over 32 cells take the C core's other memo (wide keys); late 6x6 positions stay quick."""
    rng = random.Random(66)
    for adjacency in ("king", "orthogonal"):
        for game in _random_positions(make_game, "noneighbour", "6x6", 3, rng, 18, adjacency=adjacency):
            python, native = _both(game.entry, game.state)
            assert python.exact and native.exact
            assert python.move_values == native.move_values


def test_node_kayles_native_equals_python_on_a_board_over_64_cells(make_game, both_cores):
    """A 9x9 board is over 64 cells (the wide memo keys), its regions after many moves are not."""
    rng = random.Random(99)
    for game in _random_positions(make_game, "locked-duel", "9x9", 3, rng, 16):
        python, native = _both(game.entry, game.state)
        assert python.exact and native.exact
        assert python.move_values == native.move_values


def test_noneighbour_native_move_values_stop_as_unsolved_when_cancelled(both_cores):
    """A stopped search leaves every move it did not finish as None, never as a guessed win or loss."""
    from gridgames.games.noneighbour import algorithm as noneighbour

    native = noneighbour.NATIVE()
    answers = native.nn_values(5, 5, True, 0, 0, -1.0, lambda: True)  # type: ignore[union-attr]
    assert answers == [None] * 25


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 5), (3, 3), (3, 4)])
def test_walls_native_retrograde_equals_python_on_whole_boards(rows, cols):
    nbr = orthogonal_masks(rows, cols)
    python = walls.retrograde_graph(nbr)
    native = walls.Packed(walls.NATIVE.module.walls_retrograde(nbr, -1.0, None))  # type: ignore[union-attr]
    assert all(python[i] == native[i] for i in range(len(python)))


def test_walls_native_equals_python_on_5x5_positions_with_many_walls(make_game, both_cores):
    rng = random.Random(5)
    checked = 0
    for _ in range(6):
        game = make_game("walls", "5x5").play("A1").play("E5")
        while game.state.walls.bit_count() < 13 and game.rules.legal_moves(game.state):
            walls_left = [m for m in game.rules.legal_moves(game.state) if m.kind == "wall"]
            game = game.play(rng.choice(walls_left))
        if not game.rules.legal_moves(game.state):
            continue
        python, native = _both(game.entry, game.state)
        assert python.exact and native.exact
        assert python.move_values == native.move_values
        checked += 1
    assert checked


def test_the_shipped_5x5_walls_table_agrees_with_the_live_solver(make_game):
    """Two independent passes: the whole-board layered table (games/walls/make_table.c) and the live
    retrograde of the open cells, on positions with as many walls as the table holds."""
    table = walls.layered_table(5, 5)
    assert table is not None, "walls-5x5.bin should ship"
    rng = random.Random(8)
    k = table.max_walls - 1
    for _ in range(2):
        game = make_game("walls", "5x5").play("C3").play("A1")
        while game.state.walls.bit_count() < k:
            game = game.play(rng.choice([m for m in game.rules.legal_moves(game.state) if m.kind == "wall"]))
        state = game.state
        cells = tuple(i for i in range(25) if not state.walls >> i & 1)
        live = walls.ExactTable(state.walls, cells, walls._solve_graph(walls._graph(5, 5, cells), None))
        for me in cells:
            for opp in cells:
                if me != opp:
                    assert table.code(me, opp, state.walls) == live.code(me, opp, state.walls)


def test_noneighbour_native_searches_in_two_threads_at_once_agree_with_one_at_a_time(both_cores):
    """A search lets other threads run while it checks its budget; a second search meanwhile (another
    board and adjacency) must not change the first one's board, adjacency or memo keys."""
    import threading

    from gridgames.games.noneighbour import algorithm as noneighbour

    native = noneighbour.NATIVE()
    jobs = [(5, 5, True, 0b1000000000001, 0), (4, 5, False, 0b10, 0b101)]
    clear_caches()
    alone = [native.nn_values(*job, -1.0, None) for job in jobs]  # type: ignore[union-attr]
    clear_caches()
    together: list[object] = [None, None]

    def run(k: int) -> None:
        together[k] = native.nn_values(*jobs[k], -1.0, lambda: False)  # type: ignore[union-attr]

    threads = [threading.Thread(target=run, args=(k,)) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert together == alone


def test_the_c_core_proves_noneighbour_beyond_5x5_at_once(make_game):
    """Its pairing proof settles big boards in milliseconds, so they need no budget and no "not proven"
    note with the C core; the Python reference still searches them within a budget."""
    from gridgames.solve.analysis import needs_budget

    game = make_game("noneighbour", "9x9").play("E5").play("A1").play("I9")
    previous = core.use_native(True)
    try:
        assert not needs_budget(game.entry, game.state)
        evaluation = analyse(game.entry, game.state)
        assert evaluation.exact and evaluation.value in ("win", "loss")
        core.use_native(False)
        assert needs_budget(game.entry, game.state)
    finally:
        core.use_native(previous)
        clear_caches()


def test_a_memo_held_small_is_emptied_as_it_fills_and_the_values_stay_right(both_cores):
    """set_memo_limit bounds the memos (scripts/nodekayles_values.py raises it for long runs); a memo
    emptied again and again mid-search must still give the reference's values."""
    native = nodekayles.NATIVE()
    assert native is not None
    with pytest.raises(ValueError, match="2\\*\\*16 to 2\\*\\*30"):
        native.set_memo_limit(40)
    native.set_memo_limit(16)  # 65,536 slots: 5x7 from scratch holds 56,699 values, so it is emptied
    try:
        clear_caches()
        assert nodekayles.grundy_of_board(5, 7) == 2
        assert native.memo_size() < 56_699
    finally:
        native.set_memo_limit(22)
        clear_caches()
