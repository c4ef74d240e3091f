"""The quality rules hold over the shipped puzzles (gridgames/puzzles/quality.py says why each matters):
none ends at once, no position repeats up to the board's symmetries, no two come from one random game,
the medium level misses enough of them, enough are longer than one move and rated near where a new
player starts, and the cursor's first cell gives nothing away."""

from __future__ import annotations

from collections import defaultdict
from functools import cache

from gridgames.games import get_entry
from gridgames.puzzles import data, quality
from gridgames.puzzles.model import Puzzle


@cache
def by_game() -> dict[str, list[tuple[Puzzle, data.Line]]]:
    pools: dict[str, list[tuple[Puzzle, data.Line]]] = defaultdict(list)
    for puzzle in data.shipped():
        pools[puzzle.game].append((puzzle, data.line(puzzle)))
    return dict(pools)


def test_every_game_keeps_at_least_300_puzzles_but_the_one_random_play_cannot_fill():
    assert set(by_game()) >= {"locked-duel", "walls", "rowcol", "noneighbour", "cram", "domineering"}
    for game, pool in by_game().items():
        assert len(pool) >= quality.min_puzzles(game), game
    # the one game random play cannot fill
    assert [game for game in by_game() if quality.scarce(game)] == ["noneighbour"]


def test_no_solution_simply_leaves_the_opponent_no_move():
    for game, pool in by_game().items():
        rules = get_entry(game).rules
        for puzzle, line in pool:
            assert not quality.ends_at_once(rules, line.start, line.solution[0]), puzzle.id


def test_no_position_repeats_up_to_the_boards_symmetries_across_puzzles_and_steps():
    for game, pool in by_game().items():
        rules = get_entry(game).rules
        seen: dict[object, str] = {}
        for puzzle, line in pool:
            begin = rules.start(data.options(puzzle), puzzle.first)
            perms = quality.game_symmetries(rules, begin)
            for step in quality.steps(rules, line.start, line.solution):
                key = quality.key(rules, step, perms)
                assert key not in seen, f"{puzzle.id} repeats {seen.get(key)}"
                seen[key] = puzzle.id


def test_no_two_puzzles_come_from_one_random_game():
    # a random game's later position extends an earlier one's moves: no puzzle's moves extend another's
    for pool in by_game().values():
        boards: dict[tuple[int, int, object], set[tuple[str, ...]]] = defaultdict(set)
        for puzzle, _ in pool:
            boards[puzzle.rows, puzzle.cols, puzzle.options].add(puzzle.moves)
        for moves in boards.values():
            for one in moves:
                assert not any(one[:k] in moves for k in range(len(one))), one


def test_the_medium_level_seeded_from_the_id_misses_enough_first_moves():
    misses_all = total = 0
    for game, pool in by_game().items():
        rules = get_entry(game).rules
        misses = sum(quality.medium_misses(rules, line.start, line.solution[0], p.id) for p, line in pool)
        assert misses >= quality.min_medium_misses(game) * len(pool), game
        misses_all, total = misses_all + misses, total + len(pool)
    assert misses_all >= quality.MIN_MEDIUM_MISSES_ALL * total


def test_enough_puzzles_are_two_or_more_moves_long():
    puzzles = [p for pool in by_game().values() for p, _ in pool]
    assert sum(p.player_moves > 1 for p in puzzles) >= quality.MIN_LONGER * len(puzzles)


def test_a_quarter_of_each_games_puzzles_are_rated_near_where_a_new_player_starts():
    for game, pool in by_game().items():
        assert sum(quality.in_middle(p.rating) for p, _ in pool) >= quality.MIN_MIDDLE * len(pool), game


def test_the_cursor_starts_on_the_answer_no_more_often_than_chance_allows():
    for game, pool in by_game().items():
        on_answer = sum(quality.cursor_start(line.moves) == line.solution[0].cells[0] for _, line in pool)
        chance = sum(1 / p.legal for p, _ in pool)
        assert on_answer <= quality.MAX_CURSOR_ODDS * chance, game


def test_the_no_neighbour_pool_holds_every_kind_of_position_and_no_kind_crowds_it():
    # What play depends on (the empty cells, which touch, which the last marker forbids) up to renaming
    # cells: the pool holds every kind its boards give (14: an exhaustive search of 4x4, 4x5, 3x6 and
    # 5x5 finds no other), none more than MOST_OF_A_KIND times (before, two kinds were 149 and 111 of 400)
    from gridgames.games.noneighbour.kinds import MOST_OF_A_KIND, kind
    from gridgames.games.noneighbour.rules import RULES, neighbour_masks

    overall: dict[object, int] = defaultdict(int)
    for _, line in by_game()["noneighbour"]:
        state = line.start
        overall[kind(neighbour_masks(state), state.full_mask & ~state.occupied, RULES.forbidden(state))] += 1
    assert len(overall) >= 14
    assert max(overall.values()) <= MOST_OF_A_KIND
