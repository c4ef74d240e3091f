"""The online game screen: the board and move log of a room on a game server, live.

The server decides everything: this screen shows the room's state as the client link hands it
over (`gridgames.online.client.View`, already replayed through the engine), and turns clicks and
keys into requests: a move, a takeback request or answer, resign, a rematch. A refused move is
explained from the rules before it is sent, and by the server's sentence if it gets that far.
The status line always says whose turn it is and whether the other side and the server are there;
while the friend has not arrived, the invite to send them stays on screen.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from gridgames.games import rule_book
from gridgames.online import protocol as p
from gridgames.online.client import Event, View, answer_offer, gave_up_sentence
from gridgames.online.invite import invite_line
from gridgames.online.launch import HOST_LEFT, HOST_LEFT_WATCHING, HostDbError, Plan
from gridgames.play.narration import ONLINE_NO_HELP, move_refusal
from gridgames.play.picking import NOTHING, Picking, switch_alternate
from gridgames.tui import house_rules
from gridgames.tui.alternate import name_alternate_key
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.marks import cell_marks
from gridgames.tui.pointing import pointed_at
from gridgames.tui.styles import add_game_css
from gridgames.tui.texts import ANSWERS, online_news, online_status
from gridgames.tui.widgets.board import Board, BoardArea
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.line import Line
from gridgames.tui.widgets.move_log import MoveLog
from gridgames.tui.widgets.title_bar import title_bar
from gridgames.tui.widgets.too_small import TooSmall

PlanFactory = Callable[[io.StringIO], Awaitable[Plan]]


class OnlineGameScreen(Screen[None]):
    BINDINGS = [
        Binding("u,ctrl+z", "takeback", "Takeback"),
        Binding("y", "answer(True)", "Accept"),
        Binding("x", "answer(False)", "Decline"),
        Binding("w", "alternate_mode", "Other move"),  # named by the game's words
        Binding("n", "rematch", "Rematch"),
        Binding("R", "resign", "Resign", key_display="R"),
        Binding("escape", "leave", "Leave", key_display="esc"),
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("q", "quit", "Quit"),
        Binding("i,a", "no_help", "Hint", show=False),  # a local game's keys: say why they do nothing
    ]

    #: The footer's keys, most important first; a narrow terminal drops them from the end (the
    #: palette lists them all). Accept and Decline show only while an offer waits for an answer.
    FOOTER_ORDER = (
        "rules", "choose", "select", "resign", "leave", "rematch", "answer", "log", "board", "takeback",
        "alternate_mode", "quit",
    )

    def __init__(self, make_plan: PlanFactory) -> None:
        super().__init__()
        add_game_css(self.app)
        self.make_plan = make_plan
        self.plan: Plan | None = None
        self.view: View | None = None
        self.seat = 0
        self.invite = ""
        self.lost = False
        self.closed = ""
        self.alternate_mode = False
        self.picking: Picking = NOTHING  # a move of several cells being chosen
        self.board_ready = False
        self.message = "Connecting to the game server…"
        self._link_task: asyncio.Task[None] | None = None

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield title_bar()
        with Horizontal(id="main"):
            yield BoardArea(id="board-area")
            with Vertical(id="side"):
                yield Static("Moves", classes="side-title")
                yield MoveLog(id="log")
                yield Line(id="score")
        yield Line(id="invite")
        with Horizontal(id="statusbar"):
            yield Line(id="status")
        yield Line(id="message")
        yield KeysFooter()

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        self.sub_title = "online game"
        self.run_worker(self._connect(), group="online", exit_on_error=False)
        self.refresh_view()

    async def on_unmount(self) -> None:
        await self.hang_up()

    # -- the connection ----------------------------------------------------------------------
    async def _connect(self) -> None:
        notes = io.StringIO()
        try:
            plan = await self.make_plan(notes)
        except HostDbError as error:
            self.closed = str(error)  # names the folder
            self.say(f"✗ {self.closed}")
            return
        except OSError as error:
            self.closed = f"Could not start the game server: {error.strerror or error}."
            self.say(f"✗ {self.closed}")
            return
        self.plan = plan
        rejoining = [line for line in notes.getvalue().splitlines() if line.startswith("Rejoining")]
        self.message = rejoining[0] if rejoining else ""
        self._link_task = asyncio.create_task(plan.link.run())
        while True:
            event = await plan.link.events.get()
            self.on_link_event(event)
            if event.kind == "closed":
                return

    async def hang_up(self) -> None:
        """Close the link, and the in-process server when hosting (the friend is told)."""
        plan, self.plan = self.plan, None
        if plan is None:
            return
        await plan.link.close()
        if self._link_task is not None:
            self._link_task.cancel()
            await asyncio.gather(self._link_task, return_exceptions=True)
        if plan.running is not None:
            await plan.running.stop(HOST_LEFT, HOST_LEFT_WATCHING)  # type: ignore[attr-defined]
        finished = self.view is not None and self.view.outcome is not None
        plan.forget_if_finished(finished)

    def on_link_event(self, event: Event) -> None:
        plan = self.plan
        if event.kind == "welcome":
            self.seat = event.value.seat
            if self.lost:
                self.message, self.lost = "Reconnected.", False
            if plan is not None:
                warning = plan.keep_seat(event.value)
                if warning:
                    self.app.notify(warning, severity="warning", timeout=10)
                if plan.role == "host" and not self.invite:
                    address = plan.invite_address()
                    self.invite = f"Invite: {invite_line(address)}" if address else ""
                    self.message = "Send your friend the invite above; they join with that one line."
                    if plan.running is not None and plan.bind == "127.0.0.1":
                        self.invite += " (this computer only; your network: gridgames host --bind 0.0.0.0)"
        elif event.kind == "state":
            self._arrived(event.value)
        elif event.kind == "error":
            self.message = f"✗ {event.value}"
        elif event.kind == "link":
            self.lost = True
            self.message = "The connection to the server is lost; reconnecting…"
        elif event.kind == "closed":
            self.closed = event.value
            self.message = event.value
        elif event.kind == "gave_up" and plan is not None:
            self.closed = gave_up_sentence(plan.link.server, event.value)
            self.message = f"✗ {self.closed}"
            self._offer_retry(plan)
        self.refresh_view()

    def _offer_retry(self, plan: Plan) -> None:
        """The link gave up on an unreachable server: Retry starts it again, Cancel leaves."""
        from gridgames.tui.screens.confirm import ConfirmScreen

        def answered(retry: bool | None) -> None:
            if not retry or self.plan is not plan:
                self.action_leave()
                return
            self.closed, self.message, self.lost = "", "Trying the game server again…", False
            plan.link.retry()
            self._link_task = asyncio.create_task(plan.link.run())
            self.refresh_view()

        question = f"{self.closed}\n\nTry to reach it again?"
        self.app.push_screen(ConfirmScreen(question, yes="Retry", no="Cancel", danger=False), answered)

    def _arrived(self, view: View) -> None:
        before, self.view = self.view, view
        warning = self.plan.after_state(before, view) if self.plan else None
        if warning:
            self.app.notify(warning, title="Not saved", severity="warning", timeout=10)
        entry = view.entry
        if before is None:
            area = self.query_one(BoardArea)
            board = Board(view.game.state.rows, view.game.state.cols, letters=entry.coord_style == "letter")
            mounted = area.mount(board)

            def ready() -> None:
                board.fit(area.size)
                board.focus()
                self.board_ready = True
                self.refresh_view()

            async def once_mounted() -> None:
                await mounted  # the board's cells exist only from here: drawing earlier finds none
                self.call_after_refresh(ready)

            self.call_later(once_mounted)
            name_alternate_key(self, rule_book(entry.id).words)
            self.title = entry.label
            self.sub_title = f"{house_rules.header(entry, self.view.game.options)}, online"
            return
        if view.game.played != before.game.played:
            self.picking = NOTHING  # a choice begun on the last position means nothing on this one
        news = online_news(before, view, self.seat)
        if news is not None:
            self.message = news

    # -- drawing -------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        view = self.view
        self.query_one("#invite", Line).show(self.invite)
        # while the friend is not here (not yet, or not back after a restart), the invite stays in sight
        self.query_one("#invite").display = bool(self.invite) and not (view and view.state.connected[1])
        self.query_one("#status", Line).show(self.status_text())
        self.query_one("#message", Line).show(self.message)
        self.query_one("#message").set_class(self.message.startswith("✗"), "-error")
        if view is None:
            return
        game = view.game
        mine = view.outcome is None and self.seat == view.to_move and not self.closed
        legal = game.legal_moves() if mine else ()
        last = game.played[-1] if game.played else None
        for board in self.query(Board) if self.board_ready else ():
            words = rule_book(view.entry.id).words
            board.show(cell_marks(
                view.entry, game.state, legal, alternate=self.alternate_mode, picking=self.picking,
                last=last, words=words,
            ))
        self.query_one(MoveLog).show(game, None)
        state = view.state
        score = f"Match: {view.entry.player(1)} {state.score[0]}, {view.entry.player(2)} {state.score[1]}"
        self.query_one("#score", Line).show(score + (f", {state.draws} drawn" if state.draws else ""))
        self.refresh_bindings()

    def status_text(self) -> str:
        return online_status(self.view, self.seat, self.closed, self.lost, self.alternate_mode, self.picking)

    def say(self, message: str) -> None:
        self.message = message
        self.refresh_view()

    # -- requests --------------------------------------------------------------------------------
    def send(self, message: p.Message) -> None:
        plan = self.plan

        async def deliver() -> None:
            if plan is None or not await plan.link.send(message):
                self.say("✗ Not connected to the server right now: try again once it reconnects.")

        self.run_worker(deliver(), group="send", exit_on_error=False)

    @on(Board.CellChosen)
    def play_cell(self, event: Board.CellChosen) -> None:
        view = self.view
        if view is None:
            return
        refusal = move_refusal(view, self.seat, ANSWERS)
        if refusal is not None:
            self.say(f"✗ {refusal}")
            return
        pointed = pointed_at(view.entry, view.game.state, self.picking, event, self.alternate_mode)
        self.picking, move = pointed.picking, pointed.move
        if move is None:
            self.say(pointed.said)
            return
        self.message = ""
        self.send(p.MoveMsg(len(view.game.played), view.game.rules.format_move(move)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the actions that apply now are offered (False hides a key): a watcher has none of a
        player's, Accept and Decline need an offer, Rematch a finished game."""
        view, seat = self.view, self.seat
        if action in ("takeback", "resign"):
            return bool(view and seat and view.outcome is None)
        if action == "answer":
            if view is None or not seat:
                return False
            state = view.state
            return state.takeback not in (None, seat) or state.rematch[2 - seat]
        if action == "rematch":
            return bool(view and seat and view.outcome is not None)
        if action == "alternate_mode":
            return bool(view and view.entry.rules.alternate_kind)
        return True

    def action_no_help(self) -> None:
        self.say(f"✗ {ONLINE_NO_HELP}")

    def action_takeback(self) -> None:
        self.send(p.Takeback("request"))
        if self.view is not None and self.seat:
            other = self.view.entry.player(3 - self.seat)
            self.say(f"Takeback asked; waiting for {other} to accept or decline.")

    def action_answer(self, yes: bool) -> None:
        reply = answer_offer(self.view, self.seat, yes) if self.view is not None else None
        if reply is not None:
            self.send(reply)

    def action_rematch(self) -> None:
        self.send(p.Rematch("offer"))
        self.say("Rematch offered: who moves first swaps; the match score carries on.")

    def action_resign(self) -> None:
        from gridgames.tui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self.send(p.Resign())

        self.app.push_screen(ConfirmScreen("Resign this game?", yes="Resign"), answer)

    def action_alternate_mode(self) -> None:
        view = self.view
        if view is None:
            return
        words = rule_book(view.entry.id).words
        on, said = switch_alternate(view.entry, view.game.legal_moves(), self.alternate_mode, words)
        if on != self.alternate_mode:
            self.alternate_mode, self.picking = on, NOTHING
        self.say(said)

    def action_leave(self) -> None:
        async def leave() -> None:
            await self.hang_up()
            self.app.pop_screen()

        self._ask_to_go("Leave this online game?", "Leave",
                        lambda: close_screen(self, lambda: self.run_worker(leave(), group="leave")))

    def action_quit(self) -> None:
        self._ask_to_go("Quit gridgames?", "Quit", self.app.exit)

    def _ask_to_go(self, question: str, yes: str, go: Callable[[], object]) -> None:
        """Esc and q ask first while this player's game is on (a watcher, or a game over, goes at
        once): the seat is kept, and the first screen offers the game back."""
        view = self.view
        if view is None or not self.seat or view.outcome is not None or self.closed:
            go()
            return
        from gridgames.tui.screens.confirm import ask

        hosting = self.plan is not None and self.plan.running is not None
        kept = "your seat is kept, and the first screen offers this game again."
        then = f"Your game server stops until you come back; {kept}" if hosting else kept.capitalize()
        ask(self.app, f"{question} {then}", yes, go)

    def action_rules(self) -> None:
        from gridgames.tui.screens.rules import RulesScreen

        if self.view is not None:
            self.app.push_screen(RulesScreen(self.view.entry, self.view.game.options))
