"""`gridgames bot` end to end: the shipped example engine hosts a room on a game server and plays a
whole game against a built-in level that joins it with `--join`; bad options are one sentence."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from collections.abc import AsyncIterator

import pytest

from gridgames.cli import main
from gridgames.online import server
from tests.bots.engines import example
from tests.waiting import scaled

WAIT = scaled(60.0)


@pytest.fixture
async def url(tmp_path) -> AsyncIterator[str]:  # type: ignore[no-untyped-def]
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    try:
        yield f"ws://127.0.0.1:{running.port}"
    finally:
        await running.stop()


async def _bot(tmp_path, *args: str) -> asyncio.subprocess.Process:  # type: ignore[no-untyped-def]
    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(tmp_path / "data"), PYTHONUNBUFFERED="1")
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "gridgames", "bot", *args, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )


async def test_the_example_engine_plays_a_whole_game_through_gridgames_bot(url, tmp_path):
    host = await _bot(tmp_path, "--server", url, "--engine", example(), "--variants", "cram", "--games", "1",
                      "--clock", "3+2", "--name", "example", "--casual")
    guest = None
    try:
        assert host.stdout is not None
        first = (await asyncio.wait_for(host.stdout.readline(), WAIT)).decode()
        invite = re.search(r"Invite: gridgames join (\S+)", first)
        assert invite, first
        guest = await _bot(tmp_path, "--join", invite.group(1), "--vs", "easy", "--games", "1")
        outputs = await asyncio.wait_for(asyncio.gather(host.communicate(), guest.communicate()), WAIT)
    finally:
        for process in (host, guest):
            if process is not None and process.returncode is None:
                process.kill()
                await process.wait()
    said = [out.decode() for out, _ in outputs]
    assert host.returncode == 0 and guest.returncode == 0, said
    assert "Playing as the engine" in said[0] and "Playing as the computer (easy), seat 2." in said[1]
    result = said[1].strip().splitlines()[-1]
    assert "wins" in result and said[0].strip().splitlines()[-1] == result


@pytest.mark.parametrize(("args", "sentence"), [
    (["--server", "ws://127.0.0.1:9", "--variants", "cram"], "Say who plays: --engine CMD"),
    (["--server", "ws://127.0.0.1:9", "--vs", "easy"], "Give the games the bot plays with --variants"),
    (["--engine", "x", "--vs", "easy", "--join", "ws://127.0.0.1:9/room"], "not both"),
    (["--vs", "genius", "--join", "ws://127.0.0.1:9/room"], "There is no computer level 'genius'"),
    (["--vs", "easy", "--server", "ws://127.0.0.1:9", "--variants", "cram", "--clock", "3"],
     "A clock is written MINUTES+SECONDS"),
    (["--vs", "easy", "--server", "ws://127.0.0.1:9", "--variants", "chess"], "chess"),
])
def test_bad_options_are_one_sentence(args, sentence, capsys):  # type: ignore[no-untyped-def]
    assert main(["bot", *args]) == 2
    said = capsys.readouterr().err
    assert sentence in said and len(said.strip().splitlines()) == 1


def test_an_engine_that_is_no_engine_is_refused_before_play(capsys, tmp_path):
    no_engine = str(tmp_path / "no-such-engine")
    assert main(["bot", "--server", "ws://127.0.0.1:9", "--variants", "cram", "--engine", no_engine]) == 2
    said = capsys.readouterr().err
    assert "could not be started" in said and len(said.strip().splitlines()) == 1


async def test_a_room_that_is_not_there_is_said_in_one_sentence(url, tmp_path):
    bot = await _bot(tmp_path, "--join", f"{url}/NoSuchRoom0000000000000", "--vs", "easy")
    out, _ = await asyncio.wait_for(bot.communicate(), WAIT)
    assert bot.returncode == 1
    lines = out.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith("."), lines
