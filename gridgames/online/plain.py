"""Line mode for online play: `gridgames host|join ... --plain`, in the words of `play --plain`.

The room's flow is the room driver's (`online.room_driver`), as on the online screen; the rule
books' phrases and what happens in the room are told by the play layer's narrator
(`gridgames.play.narration`). Lines from stdin and
events from the server arrive on one queue; the player types moves and `undo` (ask to take back),
`accept`/`decline`, `resign`, `again` (rematch), `clock`, `help` and `quit`. A status line always says
whose turn it is and who is connected; under a clock, both clocks follow it (the room driver's count of
the server's time, as on the online screen), and `clock` shows them again, as they are now. When the
player's own clock falls under ten seconds, a warning says so once (the app marks the clock's face).

Exit codes: 0 when the player quit or input ended after a game finished, 1 when input ended
mid-game (the seat is kept: run the same command again) or the server could not be reached for
`client.GIVE_UP_SECONDS`, 3 when the room is gone or refused.
A spectator needs no input: it watches until the room closes (or Ctrl+C).
"""

from __future__ import annotations

import asyncio
import sys
import threading
from typing import TextIO

from gridgames.online.client import Event, View
from gridgames.online.launch import Plan
from gridgames.online.room_driver import NOT_CONNECTED, Request, RoomDriver, Told
from gridgames.play.narration import Answers, Narrator, game_news, room_score

EXIT_DONE = 0
EXIT_INPUT_ENDED = 1
EXIT_UNREACHABLE = 1
EXIT_REFUSED = 3

HELP = """Commands:
  a move     {move_help}
  undo       ask the other player to take back your last move
  accept     accept their takeback request or rematch offer (also: yes)
  decline    decline it (also: no)
  resign     give up this game
  again      offer a rematch: who moves first swaps, the match score carries on
  clock      show both clocks now (games under a clock)
  help       show this help
  quit       leave; your seat is kept, run the same command again to come back"""

WATCHING_HELP = """You are watching: every move shows here as it is made, and you cannot play.
  clock      show both clocks now (games under a clock)
  quit       stop watching (or Ctrl+C); run the same command again to watch again"""

NO_CLOCK = "This game has no clock."
#: Seconds at most between looks at the player's own clock (its warning under ten seconds is said on time
#: even when the time source jumps, as a test's does).
CLOCK_LOOK = 0.5

#: How a player answers the other side's offer here: by typing.
ANSWERS = Answers(
    takeback="accept or decline?", rematch="type again to accept, or decline.",
    again="type again for a rematch, or quit.",
)


def stdin_lines(loop: asyncio.AbstractEventLoop, inbox: asyncio.Queue[tuple[str, object]]) -> None:
    """Feed stdin's lines (None at the end) to `inbox` from a daemon thread: works for ttys and pipes."""

    def pump() -> None:
        while True:
            line = sys.stdin.readline()
            loop.call_soon_threadsafe(inbox.put_nowait, ("line", line.rstrip("\r\n") if line else None))
            if not line:
                return

    threading.Thread(target=pump, name="gridgames-stdin", daemon=True).start()


class PlainPlayer:
    """Drives one room (`RoomDriver`) from typed lines; prints what happens in it."""

    def __init__(self, plan: Plan, out: TextIO, *, piped: bool = False) -> None:
        """`piped`: input is not a terminal, so each prompt ends its line and nothing is echoed."""
        self.room = RoomDriver(plan, ANSWERS)
        self.link = plan.link
        self.out = out
        self.piped = piped
        self.come_back = plan.come_back
        self.lines: Narrator | None = None
        self.inbox: asyncio.Queue[tuple[str, object]] = asyncio.Queue()
        self.input_ended = False
        self._shown = ""  # the status line and prompt last printed: never printed twice in a row
        self._prompting = False  # a prompt waits on its line for the player's typing (a terminal)
        self.invited = False  # the host's invite was printed

    @property
    def view(self) -> View | None:
        return self.room.view

    @property
    def seat(self) -> int:
        return self.room.seat

    def say(self, text: str = "") -> None:
        """A line of its own: one that comes while a prompt waits (the clock's warning, the other
        player's move) starts below the prompt, not after it."""
        self.out.write(("\n" if self._prompting else "") + text + "\n")
        self.out.flush()
        self._shown = ""
        self._prompting = False

    # -- the loop ----------------------------------------------------------------------------
    async def run(self, read_stdin: bool = True) -> int:
        loop = asyncio.get_running_loop()
        if read_stdin:
            stdin_lines(loop, self.inbox)
        connection = asyncio.create_task(self.link.run())
        pump = asyncio.create_task(self._pump())
        watch = asyncio.create_task(self._watch_clock())
        try:
            while True:
                kind, value = await self.inbox.get()
                code = await self.on_line(value) if kind == "line" else self.on_event(value)  # type: ignore[arg-type]
                if code is not None:
                    return int(code)
        finally:
            await self.link.close()
            pump.cancel()
            watch.cancel()
            connection.cancel()
            await asyncio.gather(connection, pump, watch, return_exceptions=True)

    async def _pump(self) -> None:
        while True:
            event = await self.link.events.get()
            await self.inbox.put(("event", event))

    async def _watch_clock(self) -> None:
        """Say when this player's own running clock falls under ten seconds (once: the room driver's
        `low_time`), then where things stand; wakes when that is due, or every CLOCK_LOOK s at most."""
        while True:
            due = self.room.low_time_due()
            await asyncio.sleep(CLOCK_LOOK if due is None else min(max(due, 0.0), CLOCK_LOOK))
            warning = self.room.low_time()
            if warning:
                self.say(warning)
                self.prompt()

    def put_line(self, line: str | None) -> None:
        """Type a line (tests and the app drive a player without stdin)."""
        self.inbox.put_nowait(("line", line))

    # -- events from the server ------------------------------------------------------------------
    def on_event(self, event: Event) -> int | None:
        room = self.room
        told = room.take(event)
        if event.kind == "welcome":
            if self.seat and self.input_ended:  # input ended before the seat was known
                self.say(f"Input ended; your seat is kept: {self.come_back}")
                return EXIT_INPUT_ENDED
            if room.invite and not self.invited:
                self.invited = True
                self.say(f"Invite: {room.invite}")
                if room.plan.running is not None and room.plan.bind in ("0.0.0.0", "::"):
                    self.say("(If your friend's computer cannot find this name, use this computer's IP.)")
        if told.refused and self.lines is not None:
            self.say(self.lines.refused(told.refused))
            self._shown = ""
            self.prompt()
        if told.view is not None:
            self.show(told)
        else:
            for line in told.news:
                self.say(line)
            for warning in told.warnings:
                self.say(f"Warning: {warning}")
        if told.ended:
            if event.kind == "gave_up":
                return EXIT_UNREACHABLE
            return EXIT_DONE if room.over else EXIT_REFUSED
        if event.kind == "welcome" and self.view is not None:
            self.prompt()  # back after a lost connection: where things stand (once)
        return None

    def show(self, told: Told) -> None:
        view, before = told.view, told.before
        assert view is not None
        if self.lines is None or before is None:
            self.lines = Narrator(view.entry, lambda player: player == self.seat)
            self.say(f"Welcome to {view.entry.title}!")
            if self.seat:
                self.say(f"You are {view.entry.player(self.seat)}.")
            else:
                self.say("You are watching: you see every move and cannot play.")
            if self.room.players_text():  # a game from the lobby: who sits where, with their ratings
                self.say(self.room.players_text())
            self.say()
            self.say(self.lines.board(view.game.state))
        else:
            changed = game_news(before, view)
            self._changes(before, view, changed)
            for line in told.news:
                if line != changed and not (told.over and line == view.describe_outcome()):
                    self.say(line)
        for warning in told.warnings[:-1] if told.over else told.warnings:
            self.say(f"Warning: {warning}")
        if told.over:
            self._game_over(view)
            if told.warnings:
                self.say(f"Warning: {told.warnings[-1]}")  # the result not counted: said after it
        self.prompt()

    def _changes(self, before: View, view: View, news: str | None) -> None:
        """Each move made since `before`, in the book's words, or the new game or the takeback; then
        the board."""
        assert self.lines is not None
        lines = self.lines
        old, new = before.state.moves, view.state.moves
        if news is None and len(new) <= len(old):
            return
        if news is not None:
            self.say(("\n" if view.state.game != before.state.game else "") + news)
        else:
            for ply in range(len(old), len(new)):
                self.say()
                self.say(lines.moved(view.game.states[ply], view.game.moves[ply], view.game.states[ply + 1]))
        self.say()
        self.say(lines.board(view.game.state))

    def _game_over(self, view: View) -> None:
        assert self.lines is not None
        outcome = view.outcome
        assert outcome is not None
        resigned = outcome.termination == "resignation"
        self.say(view.describe_outcome() if resigned else self.lines.game_over(view.game))
        self.say(room_score(view))
        if self.seat:
            self.say("Type again for a rematch (who moves first swaps), or quit.")

    # -- the status line and the prompt -----------------------------------------------------------
    def status(self) -> str:
        return "[" + self.room.status() + "]"

    def prompt(self) -> None:
        """The status line, and on this player's turn the moves and the prompt; never twice in a
        row unchanged (a join or a rejoin brings the room and then its members: one status)."""
        view, lines = self.view, self.lines
        if view is None or lines is None:
            return
        status = self.status()
        mine = view.outcome is None and view.to_move == self.seat and not self.room.moving
        shown = status + (f"\n{lines.turn(view.game)}" if mine else "")
        if shown == self._shown:
            return
        clocks = self.room.clocks_line()
        self.say(f"{status}\n{clocks}{shown[len(status):]}" if clocks else shown)
        if mine:
            prompt = lines.prompt(view.game)
            self.out.write(prompt.rstrip() + "\n" if self.piped else prompt)  # a reply never joins it
            self.out.flush()
            self._prompting = not self.piped
        self._shown = shown

    # -- typed lines ------------------------------------------------------------------------------
    async def on_line(self, line: str | None) -> int | None:
        self._prompting = False  # the terminal ended the prompt's line with the player's Enter
        over = self.room.over
        if line is None:
            self.input_ended = True
            if not self.seat:
                return None  # watching needs no input: carry on until the room closes or Ctrl+C
            self.say()
            if over:
                return EXIT_DONE
            self.say(f"Input ended; your seat is kept: {self.come_back}")
            return EXIT_INPUT_ENDED
        command = line.strip().lower()
        if command in ("quit", "q", "exit"):
            if self.seat and not over and not self.room.closed:
                self.say(f"Your seat is kept: {self.come_back}")
            return EXIT_DONE
        if command in ("help", "?"):
            view = self.view
            move_help = view.entry.phrases.move_help if view else "as in `gridgames play`"
            self.say(HELP.format(move_help=move_help) if self.seat else WATCHING_HELP)
            return None
        if not command:
            return None
        if command in ("clock", "time"):
            self.say(self.room.clocks_line() or NO_CLOCK)
            return None
        request = self._request(command, line)
        if isinstance(request, str):  # a move the rules refuse
            assert self.lines is not None
            self.say(self.lines.refused(request))
            self._shown = ""
            self.prompt()
            return None
        if request.said:
            self.say(request.said)
        if request.message is not None and not await self.room.send(request):
            self.say(NOT_CONNECTED)
        return None

    def _request(self, command: str, line: str) -> Request | str:
        room = self.room
        if command in ("undo", "takeback"):
            return room.takeback()
        if command in ("accept", "yes", "y", "decline", "no", "n"):
            return room.answer(command in ("accept", "yes", "y"))
        if command == "resign":
            return room.resign()
        if command in ("again", "rematch"):
            return room.rematch()
        return room.typed_move(line)
