"""`gridgames lobby --server URL [--json]` and `--player NAME --json` (issue 31, item 5), run as a user runs
them (a process) against a real server on loopback; errors are one sentence and exit code 1."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
from pathlib import Path

import aiohttp

from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.timesource import ManualTime

from .test_lobby import Player, _both_move_then_first_resigns
from .test_untrusted import WAIT


async def lobby(data: Path, *args: str) -> tuple[int, str, str]:
    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(data))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "gridgames", "lobby", *args, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), WAIT * 3)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_the_lobby_and_a_players_ratings_as_text_and_json(tmp_path):
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite", time_source=ManualTime())
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Player(session, url, "Alice") as alice, \
                Player(session, url, "Bobby") as bobby:
            await alice.lobby.send(p.Seek("rowcol", "3x3", {}, "3+2", True, (1200, 1800)))
            await alice.lobby.next(p.Seeking)
            code, out, err = await lobby(tmp_path, "--server", url, "--json")
            assert code == 0, err
            listing = json.loads(out)
            assert [s["player"] for s in listing["seeks"]] == ["Alice"]
            assert listing["seeks"][0]["clock"] == "3+2" and listing["seeks"][0]["range"] == [1200, 1800]
            assert {"name": "Alice", "bot": False} in listing["players"]
            code, out, err = await lobby(tmp_path, "--server", url)
            assert code == 0 and "Open seeks (1):" in out and "Alice 1500?" in out and "3+2 rated" in out
            await bobby.lobby.send(p.Accept(listing["seeks"][0]["seek"]))
            await alice.paired()
            await bobby.paired()
            await _both_move_then_first_resigns(alice, bobby)
            first = alice if alice.seat == 1 else bobby
            await first.profile(first.name, 1)  # recorded
            code, out, err = await lobby(tmp_path, "--server", url, "--player", first.name, "--json")
            assert code == 0, err
            profile = json.loads(out)
            assert profile["ratings"]["rowcol"]["games"] == 1 and profile["games"][0]["result"] == "loss"
            code, out, err = await lobby(tmp_path, "--server", url, "--player", "Nobody1", "--json")
            assert code == 1 and err == "gridgames: No player is called Nobody1 on this server.\n" and not out
            code, out, err = await lobby(tmp_path, "--server", url, "--name", "Olga1", "--json")
            assert code == 0 and json.loads(out)["you"] == "Olga1"
            code, out, err = await lobby(tmp_path, "--server", url, "--name", "Olga1", "--json")
            assert code == 0, err  # the key kept in the data folder proves the name again
    finally:
        await running.stop()


async def test_an_unreachable_server_is_one_sentence(tmp_path):
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    code, out, err = await lobby(tmp_path, "--server", f"ws://127.0.0.1:{port}")
    assert code == 1 and not out
    where = f"ws://127.0.0.1:{port}"
    assert err == f"gridgames: Cannot reach the game server at {where}: nothing is listening there.\n"
