"""Options and board sizes: the ranges every game offers, and one-sentence errors outside them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridgames.engine import Game, Options, OptionsError
from gridgames.engine.options import parse_size
from gridgames.games import catalogue, get_entry

CATALOGUE = catalogue()



@pytest.mark.parametrize(
    ("text", "size"),
    [("5x5", (5, 5)), ("5X4", (5, 4)), ("3", (3, 3)), (" 3 x 4 ", (3, 4)), ("9×9", (9, 9))]
    + [("2x30", (2, 30))],
)
def test_parse_size_reads_rows_by_columns(text: str, size: tuple[int, int]) -> None:
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["", "x5", "5x", "five", "5x5x5", "1x5", "5x1", "31x2", "0", "-3x3"])
def test_parse_size_refuses_with_one_sentence(text: str, one_sentence) -> None:
    with pytest.raises(OptionsError) as error:
        parse_size(text)
    message = str(error.value)
    assert one_sentence(message) and f"'{text}'" in message, message


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        ({"rows": 1}, "rows"),
        ({"cols": 31}, "columns"),
        ({"rows": "5"}, "rows"),
        ({"first": "3"}, "first"),
        ({"first": "X"}, "first"),
        ({"game_options": "diagonal"}, "table of names"),
    ],
)
def test_options_out_of_range_are_refused(kwargs: dict, word: str, one_sentence) -> None:
    with pytest.raises(OptionsError) as error:
        Options(**kwargs)
    message = str(error.value)
    assert one_sentence(message) and word in message, message


def test_coin_toss_picks_either_player_and_follows_the_rng() -> None:
    toss = Options(first="toss")
    picks = {toss.resolve_first(random.Random(seed)) for seed in range(20)}
    assert picks == {1, 2}
    assert toss.resolve_first(random.Random(7)) == toss.resolve_first(random.Random(7))
    assert Options(first="2").resolve_first() == 2
    entry = get_entry("blocking")
    firsts = {Game.new(entry, toss, rng=random.Random(seed)).state.to_move for seed in range(20)}
    assert firsts == {1, 2}


def test_with_size_keeps_the_other_options() -> None:
    options = Options(first="2", game_options={"adjacency": "orthogonal"}).with_size("4x6")
    assert (options.rows, options.cols, options.first, dict(options.game_options)) == (
        4, 6, "2", {"adjacency": "orthogonal"}
    )
    assert options.size == "4x6"


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.id)
def test_every_game_plays_on_every_size_from_2x2_to_9x9(entry) -> None:
    for rows in range(2, 10):
        for cols in range(2, 10):
            game = Game.new(entry, Options(rows, cols), first_player=2)
            assert game.state.to_move == 2 and (game.state.rows, game.state.cols) == (rows, cols)
            covered = {cell for move in game.legal_moves() for cell in move.cells}
            assert len(covered) == rows * cols  # an empty board: a move may start from any cell


def test_defaults_follow_each_rule_book() -> None:
    defaults = {e.id: (e.default_rows, e.default_cols, e.default_first) for e in CATALOGUE}
    assert defaults == {
        "locked-duel": (5, 5, "toss"),
        "walls": (5, 5, "1"),
        "blocking": (5, 5, "toss"),
        "rowcol": (5, 5, "1"),
        "noneighbour": (3, 3, "1"),
        "cram": (5, 5, "1"),
        "domineering": (8, 8, "1"),  # Gardner's board
    }
    game = Game.new(get_entry("noneighbour"))
    assert (game.state.rows, game.state.cols, game.state.to_move) == (3, 3, 1)
    assert [e.id for e in CATALOGUE if any(s.name == "adjacency" for s in e.option_specs)] == ["noneighbour"]


def test_unknown_game_lists_the_ones_that_exist(one_sentence) -> None:
    assert get_entry(" RowCol ").id == "rowcol"
    with pytest.raises(OptionsError) as error:
        get_entry("chess")
    message = str(error.value)
    assert one_sentence(message) and "'chess'" in message and all(e.id in message for e in CATALOGUE)


def test_a_game_starts_with_player_1_or_2_only(one_sentence) -> None:
    with pytest.raises(OptionsError) as error:
        Game.new(get_entry("rowcol"), first_player=3)
    assert one_sentence(str(error.value))


def test_a_declared_option_checks_parses_and_words_its_values(one_sentence) -> None:
    from gridgames.engine.options import OptionSpec, resolve

    reach = OptionSpec("reach", "Hop reach", 1, low=1, high=3)
    fast = OptionSpec("fast", "Fast", False, words=("Slow (book)", "Fast"))
    colour = OptionSpec("colour", "Colour", "red", choices=("red", "blue"), flag="--colour")
    assert (reach.kind, fast.kind, colour.kind) == ("number", "yes/no", "word")
    assert reach.parse(" 3 ") == 3 and fast.parse("YES") is True and fast.parse("off") is False
    assert fast.word(True) == "Fast" and fast.text(True) == "yes" and colour.flag_value("blue") == "blue"
    for spec, bad, said in (
        (reach, "4", "The option reach must be 1 to 3, not 4."),
        (reach, "x", "The option reach must be 1 to 3, not 'x'."),
        (fast, "maybe", "The option fast must be yes or no, not 'maybe'."),
        (colour, "green", "The option colour must be red or blue, not 'green'."),
    ):
        with pytest.raises(OptionsError) as refused:
            spec.parse(bad)
        assert str(refused.value) == said and one_sentence(said)
    with pytest.raises(OptionsError, match="must be yes or no"):
        fast.check(1)  # JSON's 1 is not true
    specs = (reach, fast, colour)
    assert resolve(specs, {"reach": 1, "colour": "blue"}, "hop") == {"colour": "blue"}  # defaults left out
    with pytest.raises(OptionsError, match="hop has no size option: its options are reach, fast, colour."):
        resolve(specs, {"size": 3}, "hop")
    assert all(not spec.problems() for spec in specs)
    assert OptionSpec("Bad Name", "", 2, choices=(1, 1)).problems() == [
        "The option name 'Bad Name' is not lower case letters, digits and _.",
        "The option Bad Name has no label for the new-game panel.",
        "The option Bad Name lists a choice twice.",
        "The option Bad Name's default 2 is not a choice.",
    ]


VALUES = st.integers(-5, 5) | st.booleans() | st.sampled_from(["x", "y-1"])


@given(st.dictionaries(st.sampled_from(["a", "b_2"]), VALUES))
def test_game_options_are_a_hashable_value(values) -> None:
    from gridgames.engine.options import GameOptions

    options = Options(game_options=values)
    assert options == Options(game_options=dict(reversed(list(values.items()))))
    assert hash(options) == hash(Options(game_options=GameOptions(values)))
    assert dict(options.game_options) == values
