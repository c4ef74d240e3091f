"""The invite line a host hands out is what a friend pastes, whole: into the join dialog that `o`
opens, and after `gridgames join` (issue 20, item 1). The cleaning is `online.invite.address_in`;
the address itself is read by `online.address`."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual import events

from gridgames.cli import main
from gridgames.online.address import Address, AddressError, parse_address
from gridgames.online.invite import address_in, invite_line, parse_invite
from gridgames.tui import online as tui_online
from gridgames.tui.online import JoinScreen
from gridgames.tui.screens.new_game import NewGamePanel
from gridgames.tui.screens.online import OnlineGameScreen
from tests.tui.helpers import make_app
from tests.waiting import screen_becomes, until

from .driver import Procs
from .test_app_online import choose_online_friend

ROOM = "Zq3vN0xk1Lr8TpYw2Jc7Hs"
ADDRESS = f"ws://127.0.0.1:8765/{ROOM}"


@pytest.mark.parametrize("pasted", [
    ADDRESS,
    f"gridgames join {ADDRESS}",
    f"  gridgames join  {ADDRESS}  \n",
    f"Invite: gridgames join {ADDRESS}",
    f"Invite: gridgames join {ADDRESS} (this computer only; your network: gridgames host --bind 0.0.0.0)",
    f'"gridgames join {ADDRESS}"',
    f"'{ADDRESS}'",
    f"gridgames join '{ADDRESS}'",
    f"`gridgames join {ADDRESS}`",
    f"\u201cgridgames join {ADDRESS}\u201d",
    f"GRIDGAMES JOIN {ADDRESS}",
])
def test_every_way_of_pasting_the_invite_names_its_room(pasted):
    assert parse_invite(pasted) == Address("ws://127.0.0.1:8765", ROOM)


def test_a_several_server_invite_keeps_all_its_servers_for_the_address_parser():
    line = f"Invite: gridgames join ws://10.0.0.1:8765,10.0.0.2:8765/{ROOM}"
    assert address_in(line) == f"ws://10.0.0.1:8765,10.0.0.2:8765/{ROOM}"


@pytest.mark.parametrize("pasted", ["", "gridgames join", "gridgames join ws://127.0.0.1:8765", "nowhere"])
def test_an_invite_without_a_room_is_refused_in_one_sentence(pasted, one_sentence):
    with pytest.raises(AddressError) as refused:
        parse_invite(pasted)
    assert one_sentence(str(refused.value)) and "is not a game address" in str(refused.value)


def test_gridgames_join_shows_a_pasted_escape_sequence_escaped(capsys):
    assert main(["join", "gridgames join \x1bc"]) == 2  # ESC c resets a terminal
    err = capsys.readouterr().err
    assert "\x1b" not in err and "'\\x1bc' is not a game address" in err


hosts = st.sampled_from(["127.0.0.1", "localhost", "192.168.1.5", "[::1]", "games.example.org"])
rooms = st.text(string.ascii_letters + string.digits + "_-", min_size=22, max_size=22)
around = st.sampled_from(["", " ", "  \t", "\n"])
quotes = st.sampled_from(["", '"', "'", "`"])


@given(hosts, st.integers(1, 65535), rooms, around, quotes, st.booleans())
def test_an_invite_line_round_trips_however_it_is_wrapped(host, port, room, space, quote, shown):
    address = parse_address(f"ws://{host}:{port}/{room}")
    line = ("Invite: " if shown else "") + invite_line(address)
    assert parse_invite(f"{space}{quote}{line}{quote}{space}") == address
    assert address_in(invite_line(address)) == str(address)


@pytest.fixture
def procs(tmp_path):
    running = Procs(tmp_path)
    yield running
    running.stop_all()


def test_gridgames_join_takes_the_whole_line_host_prints(procs):
    host = procs.start("host", "rowcol", "--plain", "--port", "0", person="host")
    line = host.expect(r"^Invite: gridgames join \S+$").group(0)
    guest = procs.start("join", line, "--plain", person="guest")
    guest.expect(r"^You are Player 2")
    host.expect(r"Player 2 \(O\) connected")
    for proc in (guest, host):
        proc.send("quit")
        assert proc.wait() == 0


async def test_the_join_dialog_takes_the_host_screens_invite_line_as_pasted(tmp_path, monkeypatch):
    """One app hosts from the new-game panel; a second app's `o` dialog gets a paste of the host
    screen's invite line, exactly as shown, and takes the free seat."""
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(tui_online, "HOST_PORT", 0)  # any free loopback port
    host_app = make_app()
    async with host_app.run_test(size=(100, 30)) as host:
        for _ in range(3):  # locked-duel, walls, blocking, then rowcol
            await host.press("down")
        await host.press("enter")
        await screen_becomes(host, NewGamePanel, "the new-game panel to open")
        await choose_online_friend(host)
        hosting = await screen_becomes(host, OnlineGameScreen, "the online game to open")
        await until(host, lambda: hosting.invite, "an invite")
        line = hosting.invite
        assert line.startswith("Invite: gridgames join ws://127.0.0.1:")

        monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data-guest"))  # another person's
        guest_app = make_app()  # (the host's folder now offers its kept seat at start)
        async with guest_app.run_test(size=(100, 30)) as guest:
            await guest.press("o")
            dialog = await screen_becomes(guest, JoinScreen, "the join dialog to open")
            field = dialog.query_one("#address")
            await until(guest, lambda: guest_app.focused is field, "the address field to take keys")
            field.post_message(events.Paste(line))
            await until(guest, lambda: field.value == line, "the pasted line in the field")
            await guest.press("enter")
            await until(
                guest, lambda: isinstance(guest_app.screen, OnlineGameScreen)
                or str(dialog.query_one("#join-message").render()), "the dialog to join or say why not",
            )
            joined = guest_app.screen
            if not isinstance(joined, OnlineGameScreen):
                pytest.fail(str(joined.query_one("#join-message").render()))
            await until(guest, lambda: joined.view is not None and joined.seat == 2, "the free seat")
            await until(host, lambda: hosting.view.state.connected[1], "the friend arriving")
            await guest.press("escape")
        await host.press("escape")
