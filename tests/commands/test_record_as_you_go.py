"""`play --plain --record FILE` writes the record after every move and reports a failure at once.

The autosave is dropped only when the record is safely written: a game is never only in memory.
"""

from __future__ import annotations

import errno
from pathlib import Path

from gridgames import storage
from gridgames.storage import Store, load_record
from tests.commands.test_play import play
from tests.notation import played

WHOLE_GAME_2X2 = "A1\nA2\nB2\nB1\n"  # rowcol 2x2: Player 2 wins


def test_the_record_holds_every_move_before_the_game_ends(monkeypatch, capsys, tmp_path):
    record = tmp_path / "game.txt"
    code, out, _ = play(monkeypatch, capsys, ["rowcol", "--plain", "--record", str(record)], "C3\nC1\n")
    assert code == 1  # input ended mid-game
    assert played(load_record(record)) == ["C3", "C1"]
    # resuming carries on writing the same file (it is this game's, so no --overwrite is needed)
    code, out, _ = play(monkeypatch, capsys, ["rowcol", "--plain", "--resume"], "A1\n")
    assert played(load_record(record)) == ["C3", "C1", "A1"]


def test_a_record_that_cannot_be_written_is_reported_at_once_and_the_moves_are_kept(
    monkeypatch, capsys, tmp_path, data_dir
):
    record = tmp_path / "game.txt"
    real_write = storage.records.atomic_write_text

    def disk_full_for_the_record(path, text):  # type: ignore[no-untyped-def]
        if Path(path) == record:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(path, text)

    monkeypatch.setattr(storage.records, "atomic_write_text", disk_full_for_the_record)
    argv = ["rowcol", "--plain", "--size", "2x2", "--record", str(record)]
    code, out, _ = play(monkeypatch, capsys, argv, WHOLE_GAME_2X2)
    first_warning = out.index("Warning: Could not save the record")
    assert first_warning < out.index("Player 2 (O) claims A2.")  # after move 1, not at the end
    assert "The game goes on and is autosaved" in out
    assert code == 3 and "The game record is saved" not in out
    assert "The finished game is kept in " in out
    (kept,) = data_dir.glob("current-rowcol-*.gridgames")
    assert played(load_record(kept)) == ["A1", "A2", "B2", "B1"]
    assert not record.exists()


def test_a_record_written_to_the_end_drops_the_autosave(monkeypatch, capsys, tmp_path, data_dir):
    record = tmp_path / "game.txt"
    argv = ["rowcol", "--plain", "--size", "2x2", "--record", str(record)]
    code, out, _ = play(monkeypatch, capsys, argv, WHOLE_GAME_2X2)
    assert code == 0 and f"The game record is saved in {record}." in out
    assert list(data_dir.glob("current-*")) == [] and Store(data_dir).unfinished() == []

