"""The protocol's encoder (CPython's C encoder, made once) writes what `json.dumps` with the protocol's
options writes, for any text, number or nested result a message may hold."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from gridgames.online import protocol as p

REFERENCE = json.JSONEncoder(separators=(",", ":"), default=p._plain).encode
values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@given(values, st.text(), st.integers(0, 10**6), st.none() | st.integers(1, 2))
def test_a_message_encodes_as_json_dumps_would(extra, text, ply, winner):
    for message in (
        {"t": "moved", "game": 1, "ply": ply, "move": text, "score": [0, ply], "draws": 0, "clock": extra},
        {"t": "state", "result": p.Result(winner, text), "moves": [text, text]},
    ):
        assert p._ENCODE(message) == REFERENCE(message)
    assert json.loads(p.Error(text).to_json()) == {"t": "error", "message": text}


clocks = st.none() | st.fixed_dictionaries({
    "control": st.text(max_size=8), "left": st.lists(st.floats(0, 1e6), min_size=2, max_size=2),
    "running": st.none() | st.integers(1, 2),
})


@given(st.integers(1, 10**9), st.integers(1, p.MAX_MOVES), st.text(max_size=p.MOVE_MAX),
       st.tuples(st.integers(0, 10**9), st.integers(0, 10**9)), st.integers(0, 10**9), clocks)
def test_the_move_templates_write_what_the_messages_write(game, ply, move, score, draws, clock):
    assert p.moved_json(game, ply, move, score, draws, clock) == p.Moved(game, ply, move, score, draws,
                                                                         clock).to_json()
    assert p.ack_json(ply) == p.Ack(ply).to_json()


fields = st.one_of(st.none(), st.booleans(), st.integers(-5, p.MAX_MOVES + 5), st.floats(allow_nan=False),
                   st.text(max_size=p.MOVE_MAX + 2), st.from_regex(p.MOVE_TEXT),
                   st.integers(0, p.MAX_LAG_MS + 1), st.lists(st.integers(), max_size=2))


@given(st.dictionaries(st.sampled_from(["ply", "move", "lag", "v", "x"]), fields))
def test_a_move_read_quickly_is_read_as_the_general_reader_reads_it(given_fields):
    """The usual `move` is read by a shortcut (`protocol._move`): every frame of the kind gives the same
    message, or the same refusal, as the general reader's, which the shortcut passes what it does not take."""
    frame = json.dumps({"t": "move", **given_fields})
    try:
        expected: object = p._parse(frame, {"move": p.MoveMsg}, p.MAX_CLIENT_FRAME)
    except p.ProtocolError as error:
        expected = str(error)
    try:
        found: object = p.parse_client(frame)
    except p.ProtocolError as error:
        found = str(error)
    assert found == expected
    if isinstance(found, p.MoveMsg):
        assert found.__dict__ == expected.__dict__  # type: ignore[union-attr]
