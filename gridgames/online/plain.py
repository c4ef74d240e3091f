"""Line mode for online play: `gridgames host|join ... --plain`, in the words of `play --plain`.

The rule books' phrases and what happens in the room are told by the play layer's narrator
(`gridgames.play.narration`), as line mode and the online screen tell them. Lines from stdin and
events from the server arrive on one queue; the player types moves and `undo` (ask to take back),
`accept`/`decline`, `resign`, `again` (rematch), `help` and `quit`. A status line always says
whose turn it is and who is connected.

Exit codes: 0 when the player quit or input ended after a game finished, 1 when input ended
mid-game (the seat is kept: run the same command again) or the server could not be reached for
`client.GIVE_UP_SECONDS`, 3 when the room is gone or refused.
A spectator needs no input: it watches until the room closes (or Ctrl+C).
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from gridgames.engine.errors import GameError
from gridgames.games import rule_book
from gridgames.online import protocol as p
from gridgames.online.client import Event, Link, View, answer_offer, gave_up_sentence
from gridgames.play.narration import (
    Answers,
    Narrator,
    game_news,
    move_refusal,
    offer_news,
    presence_news,
    room_score,
    room_status,
)

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
  help       show this help
  quit       leave; your seat is kept, run the same command again to come back"""

WATCHING_HELP = """You are watching: every move shows here as it is made, and you cannot play.
  quit       stop watching (or Ctrl+C); run the same command again to watch again"""


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
    """Drives one `Link` from typed lines; prints what happens in the room."""

    def __init__(
        self,
        link: Link,
        out: TextIO,
        *,
        piped: bool = False,  # input is not a terminal: each prompt ends its line, nothing is echoed
        on_welcome: Callable[[p.Welcome], str | None] | None = None,
        come_back: str = "",
        on_result: Callable[[View | None, View], str | None] | None = None,
        on_state: Callable[[View], str | None] | None = None,
    ) -> None:
        self.link = link
        self.out = out
        self.piped = piped
        self.on_welcome = on_welcome
        self.come_back = come_back
        self.on_result = on_result
        self.on_state = on_state  # every state of the room heard (the seat learns its game); a warning
        self.view: View | None = None
        self.lines: Narrator | None = None
        self.seat = 0
        self.inbox: asyncio.Queue[tuple[str, object]] = asyncio.Queue()
        self.moving = False  # a move was sent and not yet answered
        self.input_ended = False
        self.lost = False

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    # -- the loop ----------------------------------------------------------------------------
    async def run(self, read_stdin: bool = True) -> int:
        loop = asyncio.get_running_loop()
        if read_stdin:
            stdin_lines(loop, self.inbox)
        connection = asyncio.create_task(self.link.run())
        pump = asyncio.create_task(self._pump())
        try:
            while True:
                kind, value = await self.inbox.get()
                code = self.on_line(value) if kind == "line" else self.on_event(value)  # type: ignore[arg-type]
                if asyncio.iscoroutine(code):
                    code = await code
                if code is not None:
                    return int(code)
        finally:
            await self.link.close()
            pump.cancel()
            connection.cancel()
            await asyncio.gather(connection, pump, return_exceptions=True)

    async def _pump(self) -> None:
        while True:
            event = await self.link.events.get()
            await self.inbox.put(("event", event))

    def put_line(self, line: str | None) -> None:
        """Type a line (tests and the app drive a player without stdin)."""
        self.inbox.put_nowait(("line", line))

    # -- events from the server ------------------------------------------------------------------
    def on_event(self, event: Event) -> int | None:
        if event.kind == "welcome":
            welcome: p.Welcome = event.value
            self.seat = welcome.seat
            if self.seat and self.input_ended:  # input ended before the seat was known
                self.say(f"Input ended; your seat is kept: {self.come_back}")
                return EXIT_INPUT_ENDED
            if self.lost:
                self.say("Reconnected.")
                self.lost = False
            if self.on_welcome is not None:
                warning = self.on_welcome(welcome)
                if warning:
                    self.say(f"Warning: {warning}")
        elif event.kind == "state":
            self.show(event.value)
        elif event.kind == "error":
            if self.moving and self.lines is not None:
                self.say(self.lines.refused(event.value))
                self.moving = False
                self.prompt()
            else:
                self.say(event.value)
        elif event.kind == "ack":
            self.moving = False
        elif event.kind == "link":
            self.moving = False
            if not self.lost:
                pause = f"{event.value:.1f}"
                if self.view is None:
                    server = self.link.server
                    self.say(f"Cannot reach the game server at {server}; trying again (in {pause} s).")
                else:
                    self.say(f"The connection to the server is lost; reconnecting (next try in {pause} s).")
                self.lost = True
        elif event.kind == "gave_up":
            self.say(gave_up_sentence(self.link.server, event.value))
            return EXIT_UNREACHABLE
        elif event.kind == "closed":
            self.say(event.value)
            over = self.view is not None and self.view.outcome is not None
            return EXIT_DONE if over else EXIT_REFUSED
        return None

    def show(self, view: View) -> None:
        before, self.view = self.view, view
        warning = self.on_state(view) if self.on_state else None
        if warning:
            self.say(f"Warning: {warning}")
        if self.lines is None or before is None:
            self.lines = Narrator(view.entry, lambda player: player == self.seat)
            self.say(f"Welcome to {view.entry.title}!")
            if self.seat:
                self.say(f"You are {view.entry.player(self.seat)}.")
            else:
                self.say("You are watching: you see every move and cannot play.")
            self.say()
            self.say(self.lines.board(view.game.state))
        else:
            self._changes(before, view)
            for line in presence_news(before, view, self.seat) + offer_news(before, view, self.seat, ANSWERS):
                self.say(line)
        newly_over = before is None or before.outcome is None or before.state.game != view.state.game
        if view.outcome is not None and newly_over:
            warning = self.on_result(before, view) if self.on_result else None  # counted, then said
            self._game_over(view)
            if warning:
                self.say(f"Warning: {warning}")
        self.prompt()

    def _changes(self, before: View, view: View) -> None:
        """Each move made since `before`, in the book's words, or the new game or the takeback; then
        the board."""
        assert self.lines is not None
        lines, news = self.lines, game_news(before, view)
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
        assert self.view is not None
        return "[" + room_status(self.view, self.seat, lost=self.lost) + "]"

    def prompt(self) -> None:
        view, lines = self.view, self.lines
        if view is None or lines is None:
            return
        self.say(self.status())
        if view.outcome is None and view.to_move == self.seat and not self.moving:
            self.say(lines.turn(view.game))
            prompt = lines.prompt(view.game)
            self.out.write(prompt.rstrip() + "\n" if self.piped else prompt)  # a reply never joins it
            self.out.flush()

    # -- typed lines ------------------------------------------------------------------------------
    async def on_line(self, line: str | None) -> int | None:
        over = self.view is not None and self.view.outcome is not None
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
            if self.seat and not over:
                self.say(f"Your seat is kept: {self.come_back}")
            return EXIT_DONE
        if command in ("help", "?"):
            view = self.view
            move_help = rule_book(view.entry.id).phrases.move_help if view else "as in `gridgames play`"
            self.say(HELP.format(move_help=move_help) if self.seat else WATCHING_HELP)
            return None
        if not command:
            return None
        view = self.view
        if view is None:
            self.say("Not connected to the room yet: wait a moment.")
            return None
        if not self.seat:  # no command of a player's: say why not
            self.say(move_refusal(view, self.seat, ANSWERS) or "")
            return None
        message = self._message(command, line, view)
        if message is None:
            return None
        if not await self.link.send(message):
            self.moving = False
            self.say("Not connected to the server right now: try again once it reconnects.")
        return None

    def _message(self, command: str, line: str, view: View) -> p.Message | None:
        if command in ("undo", "takeback"):
            return p.Takeback("request")
        if command in ("accept", "yes", "y", "decline", "no", "n"):
            yes = command in ("accept", "yes", "y")
            reply = answer_offer(view, self.seat, yes)
            if reply is None:
                self.say(f"There is nothing to {'accept' if yes else 'decline'}.")
            return reply
        if command == "resign":
            return p.Resign()
        if command in ("again", "rematch"):
            return p.Rematch("offer")
        refusal = move_refusal(view, self.seat, ANSWERS)
        if refusal is not None:
            self.say(refusal)
            return None
        try:
            move = view.game.parse(line)
            view.game.play(move)
        except GameError as error:
            assert self.lines is not None
            self.say(self.lines.refused(str(error)))
            self.prompt()
            return None
        self.moving = True
        return p.MoveMsg(len(view.game.played), view.game.rules.format_move(move))
