"""Shape checks take the whole text: a final newline (which `$` lets through) is not part of any field."""

from __future__ import annotations

import json

import pytest

from gridgames.online import protocol as p
from gridgames.online import seats
from gridgames.online.address import AddressError, parse_address

ROOM = "A" * 22
SECRET = "s" * 32


@pytest.mark.parametrize("frame", [
    {"t": "move", "ply": 0, "move": "C3\n"},
    {"t": "join", "v": p.VERSION, "room": ROOM + "\n"},
    {"t": "join", "v": p.VERSION, "room": ROOM, "secret": SECRET + "\n"},
    {"t": "create", "v": p.VERSION, "variant": "rowcol\n", "size": "5x5", "first": "1", "options": {}},
    {"t": "create", "v": p.VERSION, "variant": "rowcol", "size": "5x5\n", "first": "1", "options": {}},
])
def test_a_field_with_a_final_newline_is_refused(frame):
    with pytest.raises(p.ProtocolError, match="missing or malformed"):
        p.parse_client(json.dumps(frame))
    frame = {k: v.rstrip("\n") if isinstance(v, str) else v for k, v in frame.items()}
    assert p.parse_client(json.dumps(frame)).TYPE == frame["t"]  # without it, the same frame passes


def test_a_room_address_or_saved_seat_with_a_newline_in_the_room_is_refused(tmp_path):
    with pytest.raises(AddressError):
        parse_address(f"ws://127.0.0.1:8765/{ROOM}\n/")
    seat = seats.SavedSeat("join", "ws://127.0.0.1:8765", ROOM + "\n", SECRET, "rowcol")
    path = seats.folder(tmp_path) / f"{ROOM}.join.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(seat.__dict__))
    assert seats.load(ROOM, "join", tmp_path) is None
    path.write_text(json.dumps(seat.__dict__ | {"room": ROOM}))
    assert seats.load(ROOM, "join", tmp_path) is not None
