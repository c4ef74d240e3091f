"""Game records: the versioned plain-text format, and a battery of broken files that must fail cleanly."""

from __future__ import annotations

import pytest

from gridgames.engine import Game, Options, RecordError, record
from gridgames.games import get_entry
from tests.notation import played

ROWCOL = """\
gridgames-record 2
# Gridlock (rule book 003)
variant: rowcol
size: 5x5
first: 1
result: in progress
moves:
1. C3
2. E3
3. E5
"""


def rowcol_game() -> Game:
    game = Game.new(get_entry("rowcol"), Options(5, 5), first_player=1)
    return game.play("C3").play("E3").play("E5")


#: A walls game as the release before game-owned notation (record version 1) wrote it.
WALLS_V1 = """\
gridgames-record 1
# Grid Lock (rule book 001)
variant: walls
size: 5x5
first: 1
result: in progress
moves:
1. C3
2. A1
3. #B3
4. A2
5. D3
"""


def test_records_of_the_last_release_still_load() -> None:
    game = record.loads(WALLS_V1, get_entry)
    assert played(game) == ["C3", "A1", "#B3", "A2", "D3"]
    assert game.played[2].kind == game.rules.alternate_kind
    assert record.loads(ROWCOL.replace("record 2", "record 1"), get_entry).played == rowcol_game().played
    assert record.dumps(game).startswith("gridgames-record 3\n")


def test_dumps_writes_the_documented_format() -> None:
    assert record.dumps(rowcol_game()) == ROWCOL.replace("record 2", "record 3")  # no options: as before
    options = Options(3, 3, game_options={"adjacency": "orthogonal"})
    game = Game.new(get_entry("noneighbour"), options, first_player=2)
    lines = record.dumps(game.play("B2")).splitlines()
    assert lines[2:] == ["variant: noneighbour", "size: 3x3", "first: 2", "options: adjacency=orthogonal"] + [
        "result: in progress",
        "moves:",
        "1. (2,2)",  # the book's notation; A1-style moves read back too
    ]


def test_a_finished_game_records_its_winner() -> None:
    game = Game.new(get_entry("noneighbour"), first_player=1).play("B2")  # the centre wins at once
    text = record.dumps(game)
    assert "result: player 1 wins" in text
    assert record.loads(text, get_entry).outcome == game.outcome


def test_loads_is_forgiving_about_layout_but_not_content() -> None:
    relaxed = (
        "\r\n\r\n  gridgames-record 1  \r\n# a comment\r\nfirst: 1\r\nSIZE: 5 x 5\r\nvariant: RowCol\r\n"
        "result: In Progress\r\n\r\nmoves:\r\n1. c3\r\n# a note between moves\r\n2.E3\r\n3. (5,5)\r\n"
    )
    loaded = record.loads(relaxed, get_entry)
    assert loaded.moves == rowcol_game().moves and loaded.states == rowcol_game().states


def broken(old: str, new: str) -> str:
    assert old in ROWCOL
    return ROWCOL.replace(old, new, 1)


def v3(line: str) -> str:
    """The rowcol record as version 3, with `line` before its result."""
    return broken("record 2", "record 3").replace("result:", f"{line}\nresult:")


BATTERY = [
    # (id, text, line, words the reason must contain)
    ("empty", "", None, "empty"),
    ("blank-and-comments-only", "\n  \n# nothing\n", None, "empty"),
    ("binary", "\x00\x01\x02gridgames", None, "binary"),
    ("not-a-record", "hello world\n", 1, "not a gridgames record"),
    ("unknown-version", broken("record 2", "record 4"), 1, "version '4' is not supported"),
    ("version-not-a-number", broken("record 2", "record one"), 1, "version 'one'"),
    ("unknown-variant", broken("rowcol", "chess"), 3, "no game called 'chess'"),
    ("bad-size", broken("5x5", "5y5"), 4, "'5y5' is not a board size"),
    ("size-too-small", broken("5x5", "1x5"), 4, "not a board size this game supports"),
    ("first-not-1-or-2", broken("first: 1", "first: toss"), 5, "'first' must be 1 or 2"),
    ("adjacency-on-wrong-game", broken("result:", "adjacency: king\nresult:"), 6, "no adjacency option"),
    ("v3-options-on-wrong-game", v3("options: adjacency=king"), 6, "rowcol has no adjacency option"),
    ("v3-old-option-line", v3("adjacency: king"), 6, "unknown field 'adjacency'"),
    ("v3-option-not-name-value", v3("options: king"), 6, "NAME=VALUE"),
    ("unknown-field", broken("result:", "colour: blue\nresult:"), 6, "unknown field 'colour'"),
    ("duplicate-field", broken("first: 1\n", "first: 1\nsize: 4x4\n"), 6, "'size' appears twice"),
    ("header-line-without-colon", broken("first: 1", "first 1"), 5, "expected 'key: value'"),
    ("missing-field", broken("first: 1\n", ""), None, "no 'first:' line"),
    ("truncated-no-moves-line", ROWCOL.split("moves:")[0], None, "no 'moves:' line"),
    ("moves-line-not-alone", broken("moves:\n1. C3", "moves: 1. C3"), 7, "stands alone"),
    ("illegal-move-at-3", broken("3. E5", "3. B2"), 10, "move 3 (B2): B2 is not in row E or column 3"),
    ("claimed-cell-at-2", broken("2. E3", "2. C3"), 9, "move 2 (C3): C3 is already claimed"),
    ("not-a-move-at-2", broken("2. E3", "2. Z9"), 9, "move 2 (Z9): 'Z9' is not on this 5x5 board"),
    ("out-of-order", broken("2. E3", "3. E3"), 9, "move 3 is out of order: expected move 2"),
    ("unnumbered-move", broken("2. E3", "E3"), 9, "expected a numbered move such as '2. C3'"),
    ("result-mismatch", broken("in progress", "player 2 wins"), 6, "replaying the moves gives 'in progress'"),
    ("truncated-moves", ROWCOL.replace("3. E5\n", "").replace("in progress", "player 1 wins"), 6, "result"),
]


@pytest.mark.parametrize(("text", "line", "words"), [pytest.param(*c[1:], id=c[0]) for c in BATTERY])
def test_broken_records_fail_with_the_line_and_the_reason(text: str, line: int | None, words: str) -> None:
    with pytest.raises(RecordError) as error:
        record.loads(text, get_entry)
    assert error.value.line == line
    assert words in error.value.reason
    assert "\n" not in str(error.value) and str(error.value).endswith(".")
    if line is not None:
        assert str(error.value).startswith(f"line {line}: ")


def test_a_move_after_the_game_ended_is_refused_on_its_line() -> None:
    text = record.dumps(Game.new(get_entry("noneighbour"), first_player=1).play("B2")) + "2. A1\n"
    with pytest.raises(RecordError) as error:
        record.loads(text, get_entry)
    assert error.value.line == 10 and "game is over" in error.value.reason


def test_a_bad_adjacency_value_names_its_line() -> None:
    text = record.dumps(Game.new(get_entry("noneighbour"), first_player=1)).replace("king", "diagonal")
    with pytest.raises(RecordError) as error:
        record.loads(text, get_entry)
    assert error.value.line == 6 and "'diagonal'" in error.value.reason


def test_files_above_the_size_guard_are_refused_before_parsing() -> None:
    padding = "#" * (record.MAX_BYTES + 1 - len(ROWCOL)) + "\n"
    with pytest.raises(RecordError, match="too large") as error:
        record.loads(ROWCOL + padding, get_entry)
    assert error.value.line is None
    comment = "#" * (record.MAX_BYTES - len(ROWCOL) - 1) + "\n"
    loaded = record.loads(ROWCOL + comment, get_entry)  # just under the guard loads
    assert loaded.moves == rowcol_game().moves
