"""Match play: the running score, who starts each game, and book 000's scoring by marked cells."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gridgames.engine import OptionsError
from gridgames.engine.match import Match
from gridgames.games import get_entry


def by_cells(options):  # type: ignore[no-untyped-def]
    """Book 000's options with its match scoring by marked cells."""
    return replace(options, game_options={"cell_scoring": True})


def finished(make_game, variant, size, moves, first=1):  # type: ignore[no-untyped-def]
    game = make_game(variant, size, first=first)
    for move in moves:
        game = game.play(move)
    assert game.is_over
    return game


def test_wins_are_counted_and_the_match_ends_after_its_length(make_game):
    win_for_1 = finished(make_game, "noneighbour", "3x3", ["B2"])
    match = Match(win_for_1.entry, win_for_1.options, length=2)
    match = match.record(win_for_1)
    assert (match.score, match.games, match.is_over, match.leader) == ((1, 0), 1, False, 1)
    match = match.record(win_for_1)
    assert match.is_over and match.verdict() == "Player 1 (X) wins the match, 2 to 0."
    with pytest.raises(OptionsError, match="already over"):
        match.record(win_for_1)


def test_the_first_player_alternates_and_the_first_game_follows_the_options(make_game):
    game = make_game("rowcol")
    match = Match(game.entry, game.options)
    assert match.next_first_player() == 1  # rowcol's book: Player 1 starts
    done = finished(make_game, "rowcol", "2x2", ["A1", "A2", "B2", "B1"])
    match = Match(done.entry, done.options).record(done)
    assert match.next_first_player() == 2
    assert match.new_game().first_player == 2


def test_a_coin_toss_is_fair_and_follows_the_rng(make_game):
    done = finished(make_game, "rowcol", "2x2", ["A1", "A2", "B2", "B1"])
    match = Match(done.entry, done.options, starts="toss").record(done)
    rng = random.Random(7)
    firsts = [match.next_first_player(rng) for _ in range(200)]
    assert 60 < firsts.count(1) < 140
    assert firsts == [match.next_first_player(r) for r in [random.Random(7)] for _ in range(200)]


def test_winner_or_loser_starts_the_next_game(make_game):
    done = finished(make_game, "noneighbour", "3x3", ["B2"])  # player 1 started and won
    assert Match(done.entry, done.options, starts="winner").record(done).next_first_player() == 1
    assert Match(done.entry, done.options, starts="loser").record(done).next_first_player() == 2


def test_book_000_can_score_the_cells_each_player_marked(make_game):
    done = finished(make_game, "locked-duel", "3x3", ["A1", "C3", "A3", "C1", "B2"])
    match = Match(done.entry, by_cells(done.options)).record(done)
    assert match.score == (3, 2) and match.wins == (1, 0)
    assert match.describe() == "Match score after 1 game: Player A (A) 3 cells, Player B (B) 2 cells."
    assert Match(done.entry, done.options).scoring == "wins"  # the book's option, off by default


def test_only_finished_games_of_the_same_variant_count(make_game):
    game = make_game("rowcol")
    match = Match(game.entry, game.options)
    with pytest.raises(OptionsError, match="Only a finished game"):
        match.record(game)
    with pytest.raises(OptionsError, match="does not count in a match of rowcol"):
        match.record(finished(make_game, "noneighbour", "3x3", ["B2"]))


def test_a_match_survives_a_round_trip_through_json_values(make_game):
    done = finished(make_game, "locked-duel", "3x3", ["A1", "C3", "A3", "C1", "B2"])
    match = Match(done.entry, by_cells(done.options), starts="loser", length=5).record(done)
    assert Match.from_dict(match.to_dict(), get_entry) == match
    broken = match.to_dict() | {"score": "lots"}
    with pytest.raises(OptionsError, match="unreadable"):
        Match.from_dict(broken, get_entry)


def test_bad_match_options_are_one_sentence(make_game):
    entry = make_game("rowcol").entry
    options = make_game("rowcol").options
    with pytest.raises(OptionsError, match="at least one game"):
        Match(entry, options, length=0)
    with pytest.raises(OptionsError, match="must be one of alternate, toss, winner, loser"):
        Match(entry, options, starts="never")
