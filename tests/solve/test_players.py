"""Every level of computer player makes legal moves in every variant, and plays to its level."""

from __future__ import annotations

import random
import zlib

import pytest

from gridgames.games import catalogue
from gridgames.solve import analysis
from gridgames.solve.base import WIN
from gridgames.solve.players import LEVELS, choose_move, get_player

CATALOGUE = catalogue()


SMALL = {"noneighbour": "3x3", "walls": "3x3"}


def _random_positions(game, rng, count):
    positions = [game]
    while len(positions) < count and game.legal_moves():
        game = game.play(rng.choice(game.legal_moves()))
        if game.legal_moves():
            positions.append(game)
    return positions


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.id)
@pytest.mark.parametrize("level", LEVELS)
def test_levels_play_legal_moves(make_game, entry, level):
    rng = random.Random(zlib.crc32(f"{entry.id}/{level}".encode()))  # the same on every run
    size = SMALL.get(entry.id, "4x4")
    for game in _random_positions(make_game(entry.id, size), rng, 4):
        move = choose_move(entry, game.state, level, rng, budget=0.05)
        assert move in game.legal_moves()


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.id)
def test_players_are_callables_on_default_boards(make_game, entry):
    player = get_player("medium", random.Random(2), budget=0.05)
    game = make_game(entry.id)
    for _ in range(3):
        if not game.legal_moves():
            break
        game = game.play(player(entry.rules, game.state))


def test_perfect_finds_the_only_winning_first_move(make_game):
    game = make_game("noneighbour")
    assert choose_move(game.entry, game.state, "perfect", random.Random(0)) == game.parse("B2")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_an_immediate_win(make_game, level):
    game = make_game("walls").play("C3").play("A1").play("#A2").play("#E5")
    move = choose_move(game.entry, game.state, level, random.Random(3), budget=0.05)
    assert not game.play(move).legal_moves()


def test_perfect_picks_among_all_best_moves(make_game):
    game = make_game("noneighbour", "3x3").play("A1")
    best = set(analysis.analyse(game.entry, game.state).best)
    seen = {choose_move(game.entry, game.state, "perfect", random.Random(seed)) for seed in range(30)}
    assert seen == best
    assert analysis.analyse(game.entry, game.state).value == WIN


def test_unknown_level_is_one_clear_error(make_game, one_sentence):
    game = make_game("rowcol")
    with pytest.raises(ValueError) as error:
        choose_move(game.entry, game.state, "expert")
    assert one_sentence(str(error.value))


@pytest.mark.parametrize(("variant", "size"), [("noneighbour", "7x7"), ("walls", "6x6")])
def test_boards_too_big_to_solve_still_get_a_legal_move(make_game, variant, size):
    game = make_game(variant, size).play("D4").play("A1")
    for level in ("hard", "perfect"):
        move = choose_move(game.entry, game.state, level, random.Random(5), budget=0.05)
        assert move in game.legal_moves()


class NoDraws(random.Random):
    """A generator that fails the test if a move is drawn at random."""

    def choice(self, seq):  # type: ignore[no-untyped-def]
        raise AssertionError("a move was drawn at random")

    def random(self) -> float:
        raise AssertionError("a random number was drawn")


def test_where_no_exact_answer_is_quick_the_exact_levels_search_and_never_play_at_random(make_game):
    """Node Kayles 9x9 after a move that leaves the mirror line: the hard and perfect seats play the
    deepest search their time allows (`search`), not medium's, which plays one move in five at random."""
    from gridgames.play.computer import SEARCH_LEVEL, Computer

    game = make_game("locked-duel", "9x9").play("A1")
    for level in ("hard", "perfect"):
        assert Computer(game.entry, level).playing_level(game.state) == SEARCH_LEVEL == "search"
    # half a second: 50 ms was too short for the first ply on a machine loaded to 15 (it then draws)
    move = choose_move(game.entry, game.state, SEARCH_LEVEL, NoDraws(), budget=0.5)
    assert move in game.legal_moves()
