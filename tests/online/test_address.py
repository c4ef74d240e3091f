"""Invites naming one server or several (`ws://HOST1:PORT1,HOST2:PORT2/ROOM`): parsed strictly, printed
back the same, and refused in one sentence when they are anything else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridgames.online.address import AddressError, parse_address, server_url, servers_of

ROOM = "Zq3aB-_9xYzQ1234567890"

hosts = st.one_of(
    st.from_regex(r"[a-z0-9]([a-z0-9.-]{0,20}[a-z0-9])?", fullmatch=True),
    st.ip_addresses(v=4).map(str),
    st.ip_addresses(v=6).map(lambda ip: f"[{ip}]"),
)
servers = st.lists(st.tuples(hosts, st.integers(1, 65535)), min_size=1, max_size=5)


@given(servers)
def test_an_invite_of_several_servers_reads_back_as_written(pairs):
    text = "ws://" + ",".join(f"{host}:{port}" for host, port in pairs) + "/" + ROOM
    address = parse_address(text)
    assert str(address) == text
    assert address.servers == tuple(f"ws://{host}:{port}" for host, port in pairs)
    assert parse_address(str(address)) == address


def test_missing_ports_and_schemes_are_filled_in():
    assert str(parse_address(f"a.example,b.example:9000/{ROOM}")) == f"ws://a.example:8765,b.example:9000/{ROOM}"
    assert servers_of(server_url("wss://game.example")) == ("wss://game.example:8765",)


@pytest.mark.parametrize("scheme", ["http", "https", "HTTP", "ftp"])
def test_a_scheme_other_than_ws_is_refused_not_rewritten(scheme):
    with pytest.raises(AddressError) as refused:
        server_url(f"{scheme}://example")
    assert str(refused.value) == (
        f"'{scheme}://example' starts with {scheme}://, but game servers speak WebSocket: "
        "write ws://HOST:PORT (wss:// behind TLS)."
    )


@pytest.mark.parametrize("text", [
    f"ws://a:1,/{ROOM}",  # an empty server
    f"ws://a:0/{ROOM}",
    f"ws://a:70000/{ROOM}",
    f"ws://a b:1/{ROOM}",
    f"ws://user@a:1/{ROOM}",
    f"ftp://a:1/{ROOM}",
    f"ws://a:1/{ROOM}\x00",
    f"ws://a:1/{ROOM}?x=1",
    "ws://a:1/short",
    "ws://" + ",".join(f"h{n}:1" for n in range(17)) + f"/{ROOM}",
])
def test_anything_else_is_refused_in_one_sentence(text):
    with pytest.raises(AddressError) as refused:
        parse_address(text)
    message = str(refused.value)
    assert message.endswith(".") and "\n" not in message.strip()


def test_a_pasted_invite_line_naming_several_servers_is_read_whole():
    from gridgames.online.invite import parse_invite

    address = parse_invite(f"Invite: gridgames join `ws://a.example:1,b.example:2/{ROOM}`")
    assert address.servers == ("ws://a.example:1", "ws://b.example:2") and address.room == ROOM
