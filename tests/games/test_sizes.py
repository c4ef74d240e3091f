"""A game declares the board sizes it allows: the new-game panel offers only those, every other way
in (the command line, a record, a saved set-up, an online room) refuses another in one sentence, and
`gridgames check` plays only allowed sizes and refuses a default size the game does not allow."""

from __future__ import annotations

import re

import pytest

from gridgames.cli import main
from gridgames.engine import Game, Options, OptionsError, RecordError, record
from gridgames.engine.board import Sizes
from gridgames.games import get_entry
from gridgames.online import protocol as p
from gridgames.online.room import new_row
from gridgames.play.setup import Setup, default_setup
from tests.games.sized_plugin import GAMES


@pytest.fixture
def sized(register_games) -> None:
    register_games(GAMES)


def test_sizes_say_what_they_allow_in_words():
    assert Sizes(listed=((3, 3), (4, 4), (5, 5))).describe() == "3x3, 4x4 or 5x5"
    assert Sizes(rows=(3, 4), cols=(3, 6)).describe() == "3 to 4 rows and 3 to 6 columns"
    assert Sizes().is_every_size and Sizes().allows(2, 30) and not Sizes(rows=(3, 4)).allows(5, 5)
    assert Sizes(rows=(5, 3)).problems((5, 5)) == ["The sizes 5 to 3 are not a range within 2 to 30."]


@pytest.mark.usefixtures("sized")
def test_every_way_into_a_game_refuses_a_size_it_does_not_allow(one_sentence):
    squares = get_entry("squares")
    plain = "Squares (squares) is played on 3x3, 4x4 or 5x5, not on 3x4."
    said = re.escape(plain)
    with pytest.raises(OptionsError, match=said):
        Game.new(squares, Options(3, 4))
    with pytest.raises(OptionsError, match=said):
        default_setup(squares).chosen(squares, size="3x4")
    with pytest.raises(OptionsError, match=said):
        Setup.from_dict(default_setup(squares).to_dict() | {"cols": 4, "rows": 3})
    text = record.dumps(Game.new(squares, Options(5, 5))).replace("size: 5x5", "size: 3x4")
    with pytest.raises(RecordError) as refused:
        record.loads(text, get_entry)
    assert refused.value.line == 4 and plain in str(refused.value)
    with pytest.raises(OptionsError, match=said):
        new_row(p.Create(p.VERSION, "squares", "3x4", "1", {}), "s" * 24)
    assert one_sentence(plain)
    assert Game.new(squares).options.size == "4x4"  # its default


@pytest.mark.usefixtures("sized")
def test_the_command_line_refuses_it_in_one_sentence(capsys):
    assert main(["play", "narrow", "--plain", "--size", "5x5"]) == 2
    said = "Narrow (narrow) is played on 3 to 4 rows and 3 to 6 columns, not on 5x5."
    assert capsys.readouterr().err == f"gridgames: {said}\n"
    assert main(["analyse", "narrow", "--size", "5x5"]) == 2
    assert said in capsys.readouterr().err
    assert main(["host", "narrow", "--plain", "--size", "5x5"]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.usefixtures("sized")
def test_check_plays_only_allowed_sizes_and_refuses_a_default_it_does_not_allow(capsys):
    assert main(["check", "squares", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "✓ declared sizes and options (sizes: 3x3, 4x4 or 5x5;" in out
    assert "games on 3x3, 4x4)" in out  # of the quick plan's 2x2, 3x3 and 4x4
    assert main(["check", "bad-size", "--quick"]) == 1
    out = capsys.readouterr().out
    assert "✗ declared sizes and options: The default size 2x2 is not one it allows" in out
