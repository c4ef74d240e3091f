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
