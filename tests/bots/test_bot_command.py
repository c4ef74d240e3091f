"""`gridgames bot` end to end: the shipped example engine and a built-in level meet in a game server's
lobby and play a whole game; bad options are one sentence."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from gridgames.cli import main
from gridgames.online import server
from gridgames.online.timesource import ManualTime
from tests.bots.engines import example
from tests.bots.running import WAIT, finish, start_bot


@pytest.fixture
async def url(tmp_path) -> AsyncIterator[str]:  # type: ignore[no-untyped-def]
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite", time_source=ManualTime())
    try:
        yield f"ws://127.0.0.1:{running.port}"
    finally:
        await running.stop()


async def test_the_example_engine_plays_a_whole_game_through_gridgames_bot_via_the_lobby(url, tmp_path):
    engine = await start_bot(tmp_path / "one", "--server", url, "--engine", example(), "--variants", "cram",
                             "--games", "1", "--clock", "3+2", "--name", "example", "--casual")
    level = await start_bot(tmp_path / "two", "--server", url, "--vs", "easy", "--variants",
                            "cram,domineering", "--games", "1", "--clock", "3+2", "--name", "easybot",
                            "--casual")
    said = await finish(engine, level)
    assert engine.returncode == 0 and level.returncode == 0, said
    assert "as example (a bot), playing as the engine" in said[0]
    assert "as easybot (a bot), playing as the computer (easy)" in said[1]
    results = [text.strip().splitlines()[-1] for text in said]
    assert "wins" in results[0] and results[0] == results[1], said


@pytest.mark.parametrize(("args", "sentence"), [
    (["--server", "ws://127.0.0.1:9", "--variants", "cram"], "Say who plays: --engine CMD"),
    (["--server", "ws://127.0.0.1:9", "--vs", "easy"], "Give the games the bot plays with --variants"),
    (["--engine", "x", "--vs", "easy", "--join", "ws://127.0.0.1:9/room"], "not both"),
    (["--vs", "genius", "--join", "ws://127.0.0.1:9/room"], "There is no computer level 'genius'"),
    (["--vs", "easy", "--server", "ws://127.0.0.1:9", "--variants", "cram"], "Give the bot's player name"),
    (["--vs", "easy", "--server", "ws://127.0.0.1:9", "--variants", "cram", "--name", "no\u0007bell"],
     "A name is 3 to 20 letters"),
    (["--vs", "easy", "--server", "ws://127.0.0.1:9", "--variants", "cram", "--name", "Botty",
      "--clock", "3"], "A clock is written MINUTES+SECONDS"),
    (["--vs", "easy", "--server", "ws://127.0.0.1:9", "--variants", "chess", "--name", "Botty"], "chess"),
])
def test_bad_options_are_one_sentence(args, sentence, capsys):  # type: ignore[no-untyped-def]
    assert main(["bot", *args]) == 2
    said = capsys.readouterr().err
    assert sentence in said and len(said.strip().splitlines()) == 1


def test_an_engine_that_is_no_engine_is_refused_before_play(capsys, tmp_path):
    no_engine = str(tmp_path / "no-such-engine")
    assert main(["bot", "--server", "ws://127.0.0.1:9", "--variants", "cram", "--name", "Botty",
                 "--engine", no_engine]) == 2
    said = capsys.readouterr().err
    assert "could not be started" in said and len(said.strip().splitlines()) == 1


def test_a_server_that_is_not_there_is_said_in_one_sentence(capsys):
    assert main(["bot", "--server", "ws://127.0.0.1:9", "--vs", "easy", "--variants", "cram",
                 "--name", "Botty"]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Cannot reach the game server") and lines[0].endswith(".")


async def test_a_room_that_is_not_there_is_said_in_one_sentence(url, tmp_path):
    bot = await start_bot(tmp_path, "--join", f"{url}/NoSuchRoom0000000000000", "--vs", "easy")
    out, _ = await asyncio.wait_for(bot.communicate(), WAIT)
    assert bot.returncode == 1
    lines = out.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith("."), lines
