"""Opening and saving record files: a malformed file gets its line and reason; nothing on disk changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from gridgames.engine import RecordError, record
from gridgames.storage import StorageError, load_record, save_record

GOOD = "gridgames-record 1\nvariant: rowcol\nsize: 5x5\nfirst: 1\nresult: in progress\nmoves:\n1. C3\n2. E3\n"

# name -> (file contents, or a callable making the path; expected line; words the reason contains)
MALFORMED = {
    "empty": (b"", None, "empty"),
    "binary": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", None, "binary"),
    "truncated": (GOOD.split("moves:")[0].encode(), None, "truncated"),
    "unknown version": (GOOD.replace("record 1", "record 7").encode(), 1, "version '7'"),
    "wrong variant": (GOOD.replace("rowcol", "chess").encode(), 2, "no game called 'chess'"),
    "illegal move": (GOOD.replace("2. E3", "2. A1").encode(), 8, "move 2 (A1)"),
    "huge": (b"gridgames-record 1\n" + b"#" * (record.MAX_BYTES + 10), None, "too large"),
    "not utf-8": (GOOD.replace("1. C3", "1. C3 caf\xe9").encode("latin-1"), 7, "not UTF-8"),
}


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every path under `folder` with its size and modification time."""
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*")}


@pytest.mark.parametrize("name", MALFORMED)
def test_a_malformed_record_is_refused_with_line_and_reason(tmp_path, name):
    contents, line, words = MALFORMED[name]
    path = tmp_path / "game.txt"
    path.write_bytes(contents)
    before = snapshot(tmp_path)
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert caught.value.line == line
    assert words in caught.value.reason
    assert snapshot(tmp_path) == before


def test_a_folder_and_a_missing_file_are_refused(tmp_path):
    (tmp_path / "folder").mkdir()
    before = snapshot(tmp_path)
    with pytest.raises(RecordError, match="is a folder, not a game record"):
        load_record(tmp_path / "folder")
    with pytest.raises(RecordError, match="there is no file called"):
        load_record(tmp_path / "missing.txt")
    assert snapshot(tmp_path) == before


def test_a_saved_record_loads_back_the_same_game(tmp_path, make_game):
    game = make_game("walls", "4x4").play("A1").play("D4").play("#B1").play("left")
    path = save_record(game, tmp_path / "walls.txt")
    loaded = load_record(path)
    assert loaded.played == game.played and loaded.options == game.options


def test_saving_over_a_file_needs_an_explicit_overwrite(tmp_path, make_game):
    path = tmp_path / "game.txt"
    path.write_text("precious")
    game = make_game("rowcol").play("C3")
    with pytest.raises(StorageError, match="already exists"):
        save_record(game, path)
    assert path.read_text() == "precious"
    save_record(game, path, overwrite=True)
    assert load_record(path).played == game.played


def test_saving_into_a_missing_folder_or_onto_a_folder_is_one_sentence(tmp_path, make_game):
    game = make_game("rowcol")
    with pytest.raises(StorageError, match="does not exist"):
        save_record(game, tmp_path / "nowhere" / "game.txt")
    with pytest.raises(StorageError, match="is a folder"):
        save_record(game, tmp_path)
    assert list(tmp_path.iterdir()) == []
