"""Games are found through the `gridgames.games` entry points; a broken plugin is skipped and reported."""

from __future__ import annotations

import pytest

from gridgames import games
from gridgames.cli import main
from gridgames.engine import OptionsError

BUILT_IN = ["locked-duel", "walls", "blocking", "rowcol", "noneighbour"]


def test_the_built_in_games_register_through_the_entry_point_group():
    assert [entry.id for entry in games.catalogue()] == BUILT_IN
    assert games.problems() == ()


def test_an_unknown_game_is_refused_in_one_sentence(one_sentence):
    with pytest.raises(OptionsError) as error:
        games.get_entry("chess")
    assert one_sentence(str(error.value)) and "locked-duel" in str(error.value)


@pytest.mark.parametrize(
    ("target", "why"),
    [
        ("no_such_module_anywhere:BOOK", "No module named"),
        ("gridgames.games.api:Phrases", "not a gridgames RuleBook"),
        ("gridgames.games.walls.books:WALLS", "its id is 'walls'"),
    ],
)
def test_a_broken_plugin_is_reported_in_one_sentence_and_skipped(register_games, one_sentence, target, why):
    register_games({"broken": target})
    assert [entry.id for entry in games.catalogue()] == BUILT_IN
    (problem,) = games.problems()
    assert one_sentence(problem) and "'broken'" in problem and why in problem


def test_the_command_line_goes_on_past_a_broken_plugin(register_games, capsys):
    register_games({"broken": "no_such_module_anywhere:BOOK"})
    assert main(["analyse", "rowcol", "--moves", "C3"]) == 0
    captured = capsys.readouterr()
    assert "'broken'" in captured.err and captured.err.count("\n") == 1
    assert "rowcol" in captured.out.lower() or "Gridlock" in captured.out
