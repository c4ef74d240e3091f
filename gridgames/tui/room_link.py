"""The online screen's link to its room: the plan made (hosting starts a server, joining finds the
room), the room driver fed with the link's events, Retry after the link gave up, and hanging up
(the in-process server stopped with it, the friend told)."""

from __future__ import annotations

import asyncio
import io
import time

from gridgames.online.client import View
from gridgames.online.launch import HostDbError
from gridgames.online.room_driver import RoomDriver, Told
from gridgames.play.narration import KEY_ANSWERS
from gridgames.tui.online import PlanFactory
from gridgames.tui.screens.board_screen import BoardScreen


class RoomLink(BoardScreen):
    """A screen's connection to an online room (see the module); the screen shows each `Told`."""

    def __init__(self, make_plan: PlanFactory) -> None:
        super().__init__()
        self.make_plan = make_plan
        self.room: RoomDriver | None = None
        self.failed = ""  # the link could not even start (no server, no data folder)
        self.message = "Connecting to the game server…"
        self._link_task: asyncio.Task[None] | None = None

    @property
    def view(self) -> View | None:
        return self.room.view if self.room else None

    @property
    def seat(self) -> int:
        return self.room.seat if self.room else 0

    @property
    def closed(self) -> str:
        return self.room.closed if self.room else self.failed

    @property
    def invite(self) -> str:
        """The invite line to show while the friend has not arrived ("" when there is none)."""
        room = self.room
        if room is None or not room.invite:
            return ""
        local = room.plan.running is not None and room.plan.bind == "127.0.0.1"
        note = " (this computer only; your network: gridgames host --bind 0.0.0.0)" if local else ""
        return f"Invite: {room.invite}{note}"

    def on_told(self, told: Told) -> None:
        raise NotImplementedError

    def action_leave(self) -> None:
        raise NotImplementedError

    async def _connect(self) -> None:
        notes = io.StringIO()
        try:
            plan = await self.make_plan(notes)
        except HostDbError as error:
            self.failed = str(error)  # names the folder
            self.say(f"✗ {self.failed}")
            return
        except OSError as error:
            self.failed = f"Could not start the game server: {error.strerror or error}."
            self.say(f"✗ {self.failed}")
            return
        self.room = RoomDriver(plan, KEY_ANSWERS, getattr(self.app, "now", time.monotonic))
        rejoining = [line for line in notes.getvalue().splitlines() if line.startswith("Rejoining")]
        self.message = rejoining[0] if rejoining else ""
        self._link_task = asyncio.create_task(plan.link.run())
        while True:
            event = await plan.link.events.get()
            told = self.room.take(event)
            self.on_told(told)
            if event.kind == "closed":
                return

    async def hang_up(self) -> None:
        """Close the link, and the in-process server when hosting (the friend is told)."""
        room, self.room = self.room, None
        if room is None:
            return
        self.failed = room.closed
        if self._link_task is not None:
            self._link_task.cancel()
        await room.leave()
        if self._link_task is not None:
            await asyncio.gather(self._link_task, return_exceptions=True)

    def _offer_retry(self, room: RoomDriver) -> None:
        """The link gave up on an unreachable server: Retry starts it again, Cancel leaves."""
        from gridgames.tui.screens.confirm import ConfirmScreen

        def answered(retry: bool | None) -> None:
            if not retry or self.room is not room:
                self.action_leave()
                return
            room.closed, room.lost, self.message = "", False, "Trying the game server again…"
            room.plan.link.retry()
            self._link_task = asyncio.create_task(room.plan.link.run())
            self.refresh_view()

        question = f"{room.closed}\n\nTry to reach it again?"
        self.app.push_screen(ConfirmScreen(question, yes="Retry", no="Cancel", danger=False), answered)

