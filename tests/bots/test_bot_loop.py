"""The bot loop against a real game server on loopback: the example engine and a built-in level play
whole games one after another; a broken engine gets one sentence and resigns, a silent one loses on
time, and the server keeps serving."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest

from gridgames.engine.clock import TimeControl
from gridgames.online import protocol as p
from gridgames.online import server
from gridgames.online.bot import BotSeat, EngineSeat, LevelSeat, run_bot
from gridgames.online.client import Link
from tests.bots.engines import broken, example
from tests.waiting import scaled

WAIT = scaled(60.0)


@pytest.fixture
async def url(tmp_path) -> AsyncIterator[str]:  # type: ignore[no-untyped-def]
    running = await server.start("127.0.0.1", 0, tmp_path / "rooms.sqlite")
    try:
        yield f"ws://127.0.0.1:{running.port}"
    finally:
        await running.stop()


async def _seated(link: Link) -> None:
    deadline = time.monotonic() + WAIT
    while link.seat is None:
        assert time.monotonic() < deadline, "the server never handed out the seat"
        await asyncio.sleep(0.02)


async def match(url: str, one: BotSeat, two: BotSeat, games: int, control: TimeControl | None = None,
                variant: str = "cram", size: str = "3x4", serve_clock: bool = False,
                ) -> tuple[list[str], list[str]]:
    """Bot `one` hosts a room, bot `two` joins it; both play `games` games. What each said."""
    said: tuple[list[str], list[str]] = ([], [])
    served = str(control) if control is not None and serve_clock else None  # the room's own clock
    host = Link(url, create=p.Create(p.VERSION, variant, size, "1", {}, served))
    tasks = [asyncio.create_task(host.run())]
    try:
        await _seated(host)
        guest = Link(url, room=host.room)
        tasks.append(asyncio.create_task(guest.run()))
        await _seated(guest)
        played = await asyncio.wait_for(asyncio.gather(
            run_bot(host, one, said[0].append, control, games),
            run_bot(guest, two, said[1].append, control, games),
        ), WAIT)
        assert played == [games, games]
    finally:
        await host.close()
        if len(tasks) > 1:
            await guest.close()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return said


async def test_the_example_engine_and_a_built_in_level_play_two_games(url):
    engine = EngineSeat(example())
    said = await match(url, engine, LevelSeat("easy"), games=2)
    assert len(said[0]) == len(said[1]) == 2  # each bot said each game's result, the same one
    assert said[0] == said[1] and all("wins" in line for line in said[0])
    assert engine.engine is None  # its process was closed after each game


async def test_an_engine_answering_garbage_resigns_with_one_sentence_and_the_server_plays_on(url, tmp_path):
    said = await match(url, EngineSeat(broken(tmp_path, "garbage")), LevelSeat("easy"), games=1)
    sentence = next(line for line in said[0] if "rules refuse" in line)
    assert sentence.startswith("The engine ") and sentence.endswith("It loses this game.")
    assert said[1][-1] == "Player 1 (X) resigned, so Player 2 (O) wins." == said[0][-1]
    # the same server serves the next room
    said = await match(url, EngineSeat(example()), LevelSeat("easy"), games=1)
    assert "wins" in said[0][-1]


async def test_an_engine_that_answers_too_late_resigns_when_only_the_bot_keeps_time(url, tmp_path):
    control = TimeControl(base=0.2, increment=0)  # 0.2 s, plus the 0.5 s round-trip allowance
    silent = EngineSeat(broken(tmp_path, "silent"))
    said = await match(url, silent, LevelSeat("easy"), games=1, control=control)
    late = "It ran out of time, so it loses this game."
    assert any("did not answer 'go' within 0.7 s" in line and line.endswith(late) for line in said[0])
    assert said[0][-1] == "Player 1 (X) resigned, so Player 2 (O) wins."


async def test_an_engine_too_late_on_the_servers_clock_loses_on_time_there(url, tmp_path):
    control = TimeControl(base=0.2, increment=0)
    silent = EngineSeat(broken(tmp_path, "silent"))
    said = await match(url, silent, LevelSeat("easy"), games=1, control=control, serve_clock=True)
    assert any(line.endswith("It ran out of time, so it loses this game.") for line in said[0]), said
    assert said[0][-1] == said[1][-1] and "time" in said[0][-1] and "resigned" not in said[0][-1]


async def test_host_passes_its_clock_on_as_the_rooms_time_control():
    import io

    from gridgames.engine.options import Options
    from gridgames.online.launch import Hosting, plan_host
    from gridgames.play.setup import Setup

    setup = Setup("cram", Options(5, 5, "1"), clock=TimeControl.parse("3+2"))
    plan = await plan_host(Hosting(setup, server="ws://127.0.0.1:9"), io.StringIO())
    assert plan.link.create is not None and plan.link.create.clock == "3+2"
