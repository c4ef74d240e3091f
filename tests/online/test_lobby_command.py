"""`gridgames lobby --server URL [--json]` and `--player NAME --json` (issue 31, item 5), run as a user runs
them (a process) against a real server on loopback; errors are one sentence and exit code 1."""

from __future__ import annotations

import asyncio
import io
import json
import os
import socket
import sys
from pathlib import Path

import aiohttp

from gridgames.commands.lobby import NEEDS_NAME, ONE_OF
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


class Typed:
    """`gridgames lobby ... --plain` as a process, its output read line by line, its input typed."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc, self.seen = proc, []  # type: ignore[var-annotated]

    async def expect(self, text: str) -> None:
        assert self.proc.stdout is not None
        while not any(text in line for line in self.seen):
            line = await asyncio.wait_for(self.proc.stdout.readline(), WAIT * 3)
            assert line, f"the lobby ended before {text!r}; it said: {self.seen}"
            self.seen.append(line.decode())

    async def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{line}\n".encode())
        await self.proc.stdin.drain()

    async def ended(self) -> tuple[int, str]:
        assert self.proc.stderr is not None
        err = await asyncio.wait_for(self.proc.stderr.read(), WAIT * 3)
        return await asyncio.wait_for(self.proc.wait(), WAIT * 3), err.decode()


async def typed(data: Path, *args: str) -> Typed:
    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(data), PYTHONUNBUFFERED="1")
    return Typed(await asyncio.create_subprocess_exec(
        sys.executable, "-m", "gridgames", "lobby", *args, env=env, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    ))


async def test_the_command_line_accepts_a_seek_and_posts_one_then_plays_the_game_in_line_mode(tmp_path):
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite", time_source=ManualTime())
    url = f"ws://127.0.0.1:{running.port}"
    try:
        async with aiohttp.ClientSession() as session, Player(session, url, "Alice") as alice:
            await alice.lobby.send(p.Seek("rowcol", "3x3", {}, None, False))
            seek = (await alice.lobby.next(p.Seeking)).seek  # type: ignore[attr-defined]
            carol = await typed(tmp_path, "--server", url, "--name", "Carol1", "--accept", seek, "--plain")
            await carol.expect("You are Player")  # a new process: seconds on a loaded machine
            paired = await alice.paired()
            await carol.expect(f"You are Player {3 - paired.seat}")
            await carol.expect("Alice 1500?")  # who sits where, from the lobby
            await carol.type("quit")
            assert await carol.ended() == (0, "")
        async with aiohttp.ClientSession() as session, Player(session, url, "Bobby") as bobby:
            dave = await typed(
                tmp_path, "--server", url, "--name", "Dave1", "--seek", "rowcol 3x3 casual", "--plain"
            )
            await dave.expect("Your seek is listed; the game starts when someone accepts it.")
            listing = await bobby.lobby.next(p.Listing)
            while not listing.seeks:  # type: ignore[attr-defined]
                listing = await bobby.lobby.next(p.Listing)
            await bobby.lobby.send(p.Accept(listing.seeks[0]["seek"]))  # type: ignore[attr-defined]
            paired = await bobby.paired()
            await dave.expect(f"You are Player {3 - paired.seat}")
            await dave.type("quit")
            assert await dave.ended() == (0, "")
    finally:
        await running.stop()


async def test_accepting_or_posting_from_the_command_line_says_why_not_in_one_sentence(tmp_path):
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite", time_source=ManualTime())
    url = f"ws://127.0.0.1:{running.port}"
    gone = "a" * 22
    try:
        erin = ("--name", "Erin1")
        for args, code, said in (
            (("--accept", gone), 2, NEEDS_NAME),
            ((*erin, "--accept", gone, "--seek", "rowcol"), 2, ONE_OF),
            ((*erin, "--accept", "no!"), 2, "'no!' is not a seek's id: copy it from the [brackets]"),
            ((*erin, "--seek", "rowcol 3x3 blitz"), 2, "'blitz' is not a size, a clock, rated or casual"),
            ((*erin, "--accept", gone, "--plain"), 1, "That seek is no longer open."),
        ):
            code_was, out, err = await lobby(tmp_path, "--server", url, *args)
            assert (code_was, err.count("\n")) == (code, 1) and said in err and not out, (args, err)
    finally:
        await running.stop()


async def test_the_app_opened_by_the_command_line_joins_the_paired_room_as_that_player():
    from gridgames.online.botlobby import PlayerLink
    from gridgames.tui.online import plan_from_command

    paired = p.Paired("r" * 22, 2, "s" * 22)
    make = plan_from_command({"paired": ("ws://127.0.0.1:8765", paired, "Carol1", "k" * 43)})
    plan = await make(io.StringIO())
    link = plan.link
    assert isinstance(link, PlayerLink) and (link.room, link.name, link.key) == ("r" * 22, "Carol1", "k" * 43)
    assert plan.role == "join" and plan.link.server == "ws://127.0.0.1:8765"
