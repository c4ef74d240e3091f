"""Saved seats are read like any hostile file: a FIFO, a huge file or junk never blocks or crashes."""

from __future__ import annotations

import os
from pathlib import Path

from gridgames.online import seats

ROOM = "r" * 22


def _seat() -> seats.SavedSeat:
    return seats.SavedSeat(
        role="host", server="ws://127.0.0.1:1", room=ROOM, secret="s" * 43, variant="rowcol"
    )


def test_a_saved_seat_comes_back(tmp_path: Path) -> None:
    seat = _seat()
    assert seats.save(seat, tmp_path) is None
    back = seats.load(ROOM, "host", tmp_path)
    assert back is not None and (back.room, back.secret, back.variant) == (seat.room, seat.secret, "rowcol")


def test_a_fifo_in_place_of_a_seat_is_ignored_without_blocking(tmp_path: Path) -> None:
    folder = seats.folder(tmp_path)
    folder.mkdir(parents=True)
    os.mkfifo(folder / f"{ROOM}.host.json")
    assert seats.load(ROOM, "host", tmp_path) is None


def test_an_oversized_or_junk_seat_is_ignored(tmp_path: Path) -> None:
    folder = seats.folder(tmp_path)
    folder.mkdir(parents=True)
    (folder / f"{ROOM}.host.json").write_bytes(b"{" + b" " * (seats.MAX_BYTES + 10) + b"}")
    (folder / f"{ROOM}.join.json").write_bytes(b"\xff\xfe not json")
    assert seats.load(ROOM, "host", tmp_path) is None
    assert seats.load(ROOM, "join", tmp_path) is None
