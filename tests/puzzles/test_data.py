"""The puzzle file is trusted only once checked: a damaged or foreign file, or a record with a bad field,
is refused in one sentence and the app carries on with no puzzles."""

from __future__ import annotations

import dataclasses

import pytest

from gridgames.games import get_entry
from gridgames.puzzles import codec, data
from gridgames.puzzles.model import Puzzle
from gridgames.solve import tables

GOOD = Puzzle(
    id="cram-4x4-0001", game="cram", rows=4, cols=4, first=1, options={},
    moves=("A1-A2",), solution=("C3-D3",), theme="", rating=1200.0, legal=20, nodes=12,
)


def blob_of(*puzzles: Puzzle, name: str = codec.TABLE_NAME) -> bytes:
    return tables.pack(name, codec.encode(puzzles))


def one_sentence(text: str) -> bool:
    return text.endswith(".") and text.count(". ") == 0 and "\n" not in text


@pytest.fixture
def shipped_file(monkeypatch):
    """Replace the shipped file's bytes for one test (the cache is emptied before and after)."""

    def use(blob: bytes | None) -> None:
        monkeypatch.setattr(data, "_blob", lambda: blob)
        data.shipped.cache_clear()

    yield use
    data.shipped.cache_clear()


def test_a_sound_file_is_read_back_field_for_field():
    assert data.read(blob_of(GOOD)) == (GOOD,)


@pytest.mark.parametrize("damage", [
    lambda b: b[:-1] + bytes([b[-1] ^ 1]),  # a flipped bit in the body
    lambda b: b[:-10],  # cut short
    lambda b: b"PK\x03\x04" + b[4:],  # a zip file, not ours
    lambda b: b"",
])
def test_a_damaged_or_foreign_file_is_refused_in_one_sentence(shipped_file, damage):
    shipped_file(damage(blob_of(GOOD)))
    assert data.shipped() == ()
    reason = data.refusal()
    assert reason is not None and reason.startswith("The puzzle file is") and one_sentence(reason)
    assert "searched" not in reason  # said in the puzzles' words, not the solver tables'



def test_another_table_is_refused(shipped_file):
    shipped_file(blob_of(GOOD, name="walls-4x4"))
    assert data.shipped() == ()
    assert data.refusal() == (
        "The puzzle file is another gridgames table, not the puzzles, so there are no puzzles."
    )


def test_a_missing_file_means_no_puzzles_and_says_so(shipped_file):
    shipped_file(None)
    assert data.shipped() == () and "missing" in (data.refusal() or "")


@pytest.mark.parametrize("change, field", [
    ({"rows": 1}, "rows"), ({"cols": 31}, "cols"), ({"rows": True}, "rows"), ({"first": 3}, "first"),
    ({"options": {"adjacency": "diagonal"}}, "options"),
    ({"options": {"adjacency": "orthogonal"}}, "options"),
    ({"options": {"Bad Name": 1}}, "options"), ({"options": {"x": "a b"}}, "options"),
    ({"game": "chess"}, "game"), ({"id": "Bad Id"}, "id"),
    ({"moves": ("A1-A2\x1b[2J",)}, "moves"), ({"solution": ("C3-D3", "A1-B1")}, "solution"),
    ({"solution": ()}, "solution"), ({"theme": "luck"}, "theme"), ({"rating": -5.0}, "rating"),
    ({"rating": 1e9}, "rating"), ({"legal": -1}, "legal"), ({"nodes": "12"}, "nodes"),
])
def test_every_field_is_checked(change, field):
    reason = data.read(blob_of(dataclasses.replace(GOOD, **change)))
    assert isinstance(reason, str) and f"invalid {field}" in reason and one_sentence(reason)


def test_ids_are_unique():
    reason = data.read(blob_of(GOOD, GOOD))
    assert isinstance(reason, str) and "two puzzles are called cram-4x4-0001" in reason


def test_records_that_are_not_puzzles_are_refused():
    import json
    import zlib

    for body in (b"[1, 2]\n", b'{"id": "x"}\n', b"\xff\xfe\n", b'{"rating": NaN}\n'):
        reason = data.read(tables.pack(codec.TABLE_NAME, zlib.compress(body)))
        assert isinstance(reason, str) and one_sentence(reason), body
    huge = zlib.compress(b" " * (codec.MAX_TEXT + 10))  # a small file that inflates past the limit
    assert "too large" in str(data.read(tables.pack(codec.TABLE_NAME, huge)))
    assert json  # the records are JSON, never pickle or eval


def test_a_move_that_does_not_play_is_refused_when_the_puzzle_is_opened():
    for moves in (("A1-A2", "A1-B1"), ("Z9",)):
        bad = dataclasses.replace(GOOD, moves=moves)
        with pytest.raises(data.PuzzleError, match=r"^Puzzle cram-4x4-0001 has a move that cannot be played"):
            data.line(bad)
    with pytest.raises(data.PuzzleError, match="does not reach the position it describes"):
        data.line(dataclasses.replace(GOOD, legal=5))


def test_nothing_is_read_until_puzzles_are_asked_for():
    import subprocess
    import sys

    code = (
        "import sys, gridgames.cli, gridgames.puzzles.data as d; "
        "print(d.shipped.cache_info().currsize)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"


def test_both_node_kayles_books_share_one_pool_shown_in_each_books_notation():
    duel, gridlock = get_entry("locked-duel"), get_entry("blocking")
    assert data.pool(duel) == data.pool(gridlock) and data.pool(duel)
    puzzle = data.pool(gridlock)[0]
    line = data.line(puzzle)
    assert data.notation(gridlock, line.solution) == data.notation(duel, line.solution) == puzzle.solution
    assert all(p.game == "locked-duel" for p in data.pool(gridlock))


def test_the_data_file_is_package_data_so_pip_install_ships_it():
    from fnmatch import fnmatch
    from pathlib import Path

    tomllib = pytest.importorskip("tomllib")
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    patterns = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]["*"]
    assert data.PACKAGE == "gridgames.puzzles" and any(fnmatch(data.FILENAME, p) for p in patterns)


def test_puzzles_written_before_games_declared_options_are_read_with_their_options():
    """The shipped puzzles.bin may still be in the last release's form: `adjacency` where `options` is."""
    import json
    import zlib

    def old_record(puzzle: Puzzle, adjacency: str) -> str:
        fields = dataclasses.asdict(puzzle) | {"options": adjacency}
        return json.dumps({name.replace("options", "adjacency"): value for name, value in fields.items()})

    king = old_record(GOOD, "king")
    orthogonal = old_record(dataclasses.replace(GOOD, id="noneighbour-4x4-0001", game="noneighbour",
                                                moves=(), solution=("(1,1)",)), "orthogonal")
    assert list(json.loads(king)) == list(codec.OLD_FIELDS)
    body = zlib.compress((king + "\n" + orthogonal + "\n").encode("ascii"))
    read = data.read(tables.pack(codec.TABLE_NAME, body))
    assert not isinstance(read, str), read
    assert [dict(puzzle.options) for puzzle in read] == [{}, {"adjacency": "orthogonal"}]
    assert data.options(read[1]).game_options == {"adjacency": "orthogonal"}
    written = codec.decode(codec.encode(read), lambda game: True)  # and written in today's form
    assert written == read
