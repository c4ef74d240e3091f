"""Line clients (`online.plain.PlainPlayer`, what `gridgames host|join --plain` runs) in this process,
typed into and read back by tests: hosting a room, joining it, whose turn it is, and the end."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass

from gridgames.games import get_entry
from gridgames.online.launch import Hosting, plan_host
from gridgames.online.plain import PlainPlayer
from gridgames.play.setup import default_setup
from tests.waiting import until


@dataclass
class Typist:
    """A line client in this process: its output, and the task running it."""

    player: PlainPlayer
    out: io.StringIO
    task: asyncio.Task[int]

    def said(self) -> list[str]:
        return self.out.getvalue().splitlines()

    def statuses(self) -> list[str]:
        return [line for line in self.said() if line.startswith("[")]


def typist(plan, piped: bool = True) -> Typist:  # type: ignore[no-untyped-def]
    """A line client on `plan`, running until it quits; then it leaves as `launch.run_plain` has it
    leave (a host stops its own server, and the friend is told). Not `piped`: as on a terminal, where
    the prompt waits on its line (and nothing here types the Enter that ends it)."""
    out = io.StringIO()
    player = PlainPlayer(plan, out, piped=piped)

    async def run() -> int:
        try:
            return await player.run(read_stdin=False)
        finally:
            await player.room.leave()

    return Typist(player, out, asyncio.create_task(run()))


async def hosted(url: str, variant: str, size: str = "5x5") -> Typist:
    entry = get_entry(variant)
    setup = default_setup(entry).chosen(entry, size=size, first="1")
    plan = await plan_host(Hosting(setup, server=url), io.StringIO())
    host = typist(plan)
    await until(None, lambda: plan.link.room is not None, "the room to be made")
    return host


def due(typist: Typist, ply: int) -> bool:
    """Whether `typist` is to play move `ply + 1` now."""
    player = typist.player
    view = player.view
    mine = view is not None and player.room.playing and view.to_move == player.seat
    return mine and len(view.game.played) == ply


async def finish(*typists: Typist) -> None:
    for one in typists:
        if not one.task.done():
            one.player.put_line("quit")
    await asyncio.wait_for(asyncio.gather(*(one.task for one in typists), return_exceptions=True), 30)
