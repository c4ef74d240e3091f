"""One online room driven for a player or a watcher, written once for every front end (no Textual).

`RoomDriver` holds what a front end knows of its room (the seat, the room as last heard, whether
the server is there, whether the room is closed) and the whole flow: it turns each event of the
`Link` into a `Told` (what changed and what to say, in the narrator's words), and each request
(a move, a takeback, an answer, a rematch, resigning, leaving) into a message for the server or
one sentence saying why it does not apply now. The online screen shows a `Told` on its lines and
board; the line client prints it. Each front end only says how its player answers an offer
(`Answers`) and draws.

A room under a clock: the server sends both players' time as read when it sent the message; the driver
keeps that reading on its own time source (`now`, a fake in tests) and counts the running side down from
it (`clock_faces`), until the next message brings the server's reading again; so every front end shows
the same clocks, and the server alone decides a loss on time.

A room whose game fails (its code raises or lies, `games.guard`) ends cleanly here: the server
closes it with one sentence for everyone in it; a game switched off in this run is not hosted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from gridgames.engine.clock import Clock, TimeControl
from gridgames.engine.errors import GameError, OptionsError
from gridgames.engine.moves import Move
from gridgames.online import protocol as p
from gridgames.online.client import Event, View, answer_offer, gave_up_sentence
from gridgames.online.invite import invite_line
from gridgames.online.launch import HOST_LEFT, HOST_LEFT_WATCHING, Plan
from gridgames.play.clocks import Face, LowTimeWatch, Now, faces_line, faces_of
from gridgames.play.narration import (
    ONLINE_NO_HELP,
    WATCHING,
    Answers,
    move_refusal,
    rematch_offered,
    room_news,
    room_status,
    takeback_asked,
)

NOT_YET = "Not connected to the room yet: wait a moment."
NOT_CONNECTED = "Not connected to the server right now: try again once it reconnects."
RECONNECTED = "Reconnected."
LOST = "The connection to the server is lost; reconnecting…"


@dataclass
class Told:
    """What one event changed, for a front end to show: `news` in order, most pressing first;
    `before`/`view` when the room changed (`first`: the first sight of it, `over`: a game just
    ended there); `warnings` (a seat or a result not saved); `refused`: the server refused this
    player's move; `ended`: the link stopped for good (closed or gave up)."""

    kind: str
    news: list[str] = field(default_factory=list)
    before: View | None = None
    view: View | None = None
    first: bool = False
    over: bool = False
    warnings: list[str] = field(default_factory=list)
    refused: str = ""
    ended: bool = False


@dataclass(frozen=True)
class Request:
    """A request's result: the `message` to send (None: nothing to send) and what to say now."""

    message: p.Message | None = None
    said: str = ""


class RoomDriver:
    """The flow of one room for one seat (0 watches), over a `Plan`'s link."""

    def __init__(self, plan: Plan, answers: Answers, now: Now = time.monotonic) -> None:
        self.plan = plan
        self.answers = answers
        self.now = now  # this client's time source, for counting the clocks down between messages
        self.clock: Clock | None = None  # the room's clock as the server last told it, on `now`'s scale
        self.view: View | None = None
        self.seat = 0
        self.lost = False
        self.closed = ""
        self.moving = False  # a move was sent and not yet answered
        self.invite = ""
        self.low = LowTimeWatch()  # this seat's own clock falling under ten seconds, said once

    @property
    def over(self) -> bool:
        return self.view is not None and self.view.outcome is not None

    @property
    def playing(self) -> bool:
        """A player's game is on (their keys for a game in progress apply)."""
        return bool(self.view is not None and self.seat and self.view.outcome is None and not self.closed)

    def status(self) -> str:
        assert self.view is not None
        return room_status(self.view, self.seat, self.closed, self.lost)

    def players_text(self) -> str:
        """Who sits where in a game from the lobby, with their ratings ('Player 1 (X): Ada 1500?', one
        line each; `?`: provisional, `(bot)`: a bot); "" in a room hosted by invite."""
        view = self.view
        if view is None or not any(view.state.players):
            return ""
        lines = []
        for seat, shown in enumerate(view.state.players, start=1):
            if shown is not None:
                bot, provisional = " (bot)" if shown["bot"] else "", "?" if shown["provisional"] else ""
                rating = f"{shown['rating']}{provisional}"
                lines.append(f"{view.entry.player(seat)}: {shown['name']}{bot} {rating}")
        return "\n".join(lines)

    def clock_faces(self) -> tuple[Face, Face] | None:
        """Both players' clocks now, counted down from the server's last reading (None: no clock)."""
        return None if self.clock is None else faces_of(self.clock, self.now())

    def clocks_line(self) -> str:
        """'Clock: ▶ Player 1 (X) 0:09.4 ⚠ low · Player 2 (O) 2:55', or "" without a clock."""
        faces = self.clock_faces()
        return "" if faces is None or self.view is None else faces_line(faces, self.view.entry.player)

    def low_time_due(self) -> float | None:
        """Seconds on `now`'s scale until this player's own running clock falls under ten seconds (0 or
        less: it has, and `low_time` will say so), or None when no warning can come now."""
        return self.low.due(self.clock, self.seat, self.now()) if self.playing else None

    def low_time(self) -> str | None:
        """The warning that this player's own time is low, once when it falls under ten seconds (the
        line client prints it; the app marks the clock's face), else None."""
        return self.low.check(self.clock, self.seat, self.now()) if self.playing else None

    # -- events from the link ------------------------------------------------------------------
    def take(self, event: Event) -> Told:
        """Follow one event of the link: what it changed and what to say."""
        told = Told(event.kind)
        if event.kind == "welcome":
            self._welcomed(event.value, told)
        elif event.kind == "state":
            self._arrived(event.value, told)
        elif event.kind == "error":
            if self.moving:
                told.refused, self.moving = str(event.value), False
            else:
                told.news.append(str(event.value))
        elif event.kind == "ack":
            self.moving = False
        elif event.kind == "link":
            self.moving = False
            if not self.lost:  # said once per outage; never connected yet: where it is trying
                server = self.plan.link.server
                told.news.append(LOST if self.view else f"Cannot reach the game server at {server}; "
                                 f"trying again (in {event.value:.1f} s).")
            self.lost = True
        elif event.kind == "gave_up":
            self.closed = gave_up_sentence(self.plan.link.server, event.value)
            told.news.append(self.closed)
            told.ended = True
        elif event.kind == "closed":
            self.closed = str(event.value)
            told.news.append(self.closed)
            told.ended = True
        return told

    def _welcomed(self, welcome: p.Welcome, told: Told) -> None:
        plan = self.plan
        self.seat = welcome.seat
        if self.lost:
            told.news.append(RECONNECTED)
            self.lost = False
        warning = plan.keep_seat(welcome)
        if warning:
            told.warnings.append(warning)
        if plan.variant is None and plan.saved is not None:
            plan.variant = plan.saved.variant
        if plan.role == "host" and not self.invite:
            address = plan.invite_address()
            self.invite = invite_line(str(address)) if address else ""

    def _arrived(self, view: View, told: Told) -> None:
        before, self.view = self.view, view
        told.before, told.view, told.first = before, view, before is None
        if before is None or view.state.clock is not before.state.clock:  # a new reading, not a members'
            self.clock = server_clock(view.state.clock, self.now())
        warning = self.plan.after_state(before, view)  # the seat learns its game; a game seen ending counts
        if warning:
            told.warnings.append(warning)
        told.over = view.outcome is not None and (
            before is None or before.outcome is None or before.state.game != view.state.game
        )
        if before is not None:
            told.news.extend(room_news(before, view, self.seat, self.answers))

    # -- requests ------------------------------------------------------------------------------
    def move_refusal(self) -> str | None:
        """Why this seat cannot move now (not connected yet, watching, closed, over, not its turn)."""
        if self.view is None:
            return NOT_YET
        return self.closed or move_refusal(self.view, self.seat, self.answers)

    def move(self, move: Move) -> Request:
        """A move picked on the board or typed (already checked against the rules here)."""
        refusal = self.move_refusal()
        if refusal or self.view is None:
            return Request(said=refusal or NOT_YET)
        self.moving = True
        game = self.view.game
        return Request(p.MoveMsg(len(game.played), game.rules.format_move(move)))

    def typed_move(self, text: str) -> Request | str:
        """A move typed as text: its request, or the rules' reason it is refused (a str)."""
        view, refusal = self.view, self.move_refusal()
        if refusal or view is None:
            return Request(said=refusal or NOT_YET)
        try:
            move = view.game.parse(text)
            view.game.play(move)
        except GameError as error:
            return str(error)
        return self.move(move)

    def takeback(self) -> Request:
        view = self.view
        if not self.playing or view is None:
            return Request(said=self._why_not("take back a move"))
        if not view.game.played:
            return Request(said="There is no move to take back yet.")
        other = view.entry.player(3 - self.seat)
        asked = "" if self.answers.own else takeback_asked(other)
        return Request(p.Takeback("request"), asked)

    def answer(self, yes: bool) -> Request:
        view = self.view
        if view is None or not self.seat:
            return Request(said=self._why_not("answer"))
        reply = answer_offer(view, self.seat, yes)
        if reply is None:
            return Request(said=f"There is nothing to {'accept' if yes else 'decline'}.")
        return Request(reply)

    def rematch(self) -> Request:
        view = self.view
        if view is None or not self.seat or self.closed:
            return Request(said=self._why_not("offer a rematch"))
        if view.outcome is None:
            return Request(said="A rematch can be offered once this game is over.")
        offered = "" if self.answers.own else rematch_offered(view.entry.player(3 - self.seat))
        return Request(p.Rematch("offer"), offered)

    def resign(self) -> Request:
        if not self.playing:
            return Request(said=self._why_not("resign"))
        return Request(p.Resign())

    @staticmethod
    def help_asked() -> str:
        """Why a hint or the analysis does nothing online, for players and watchers alike, connected
        or not yet (issue 29, item 10)."""
        return ONLINE_NO_HELP

    def _why_not(self, what: str) -> str:
        if self.view is None:
            return NOT_YET
        if not self.seat:
            return WATCHING
        if self.closed:
            return f"The room is closed: there is no game to {what} in."
        return f"The game is over: there is nothing to {what} from."

    # -- leaving -------------------------------------------------------------------------------
    async def send(self, request: Request) -> bool:
        """Send a request's message; False when the connection is down (then nothing is sent)."""
        if request.message is None:
            return True
        sent = await self.plan.link.send(request.message)
        if not sent and isinstance(request.message, p.MoveMsg):
            self.moving = False
        return sent

    async def leave(self) -> None:
        """Close the link, and the in-process server when hosting (the friend is told); a seat whose
        game is over is forgotten, any other kept for coming back."""
        plan = self.plan
        await plan.link.close()
        if plan.running is not None:
            await plan.running.stop(HOST_LEFT, HOST_LEFT_WATCHING)  # type: ignore[attr-defined]
        plan.forget_if_finished(self.over)


def server_clock(shown: dict[str, Any] | None, now: float) -> Clock | None:
    """The clock a `state` or `moved` message shows (already checked by the protocol), as read at `now`."""
    if shown is None:
        return None
    try:
        control = TimeControl.parse(shown["control"])
    except OptionsError:
        return None
    left = shown["left"]
    return Clock(control, (float(left[0]), float(left[1])), running=shown["running"], since=now)
