"""The online game screen: the board and move log of a room on a game server, live.

The room's flow is the room driver's (`online.room_driver.RoomDriver`, shared with the line
client): this screen shows what each event changed (`Told`) and turns clicks and keys into its
requests: a move, a takeback request or answer, resign, a rematch. A refused move is explained from
the rules before it is sent, and by the server's sentence if it gets that far. The status line
always says whose turn it is and whether the other side and the server are there; while the friend
has not arrived, the invite to send them stays on screen; a finished game shows the end banner.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.online.client import View
from gridgames.online.room_driver import NOT_CONNECTED, Request, RoomDriver, Told
from gridgames.play.narration import online_news, online_status
from gridgames.play.picking import NOTHING
from gridgames.tui import house_rules
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.marks import cell_marks
from gridgames.tui.online import PlanFactory
from gridgames.tui.room_link import RoomLink
from gridgames.tui.screens.online_clock_view import OnlineClockView
from gridgames.tui.styles import add_game_css
from gridgames.tui.widgets.board import Board, BoardArea
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.line import Line
from gridgames.tui.widgets.move_log import MoveLog
from gridgames.tui.widgets.title_bar import title_bar
from gridgames.tui.widgets.too_small import TooSmall

#: A player's keys for a game in progress, and for its end.
PLAYING, ANSWERING, AFTER = ("takeback", "resign"), ("answer",), ("rematch",)
LOBBY_LEFT = "Your clock keeps running while you are away: you lose the game on time."
LOBBY_LEFT_UNTIMED = "The game stays open on the server, but the app cannot take you back to it."


class OnlineGameScreen(OnlineClockView, RoomLink):
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
        # a key hidden because it does not apply now says why (Textual tries the key's next binding)
        *(Binding(key, f"why_not('{what}')", show=False) for key, what in (
            ("u,ctrl+z", "takeback"), ("y", "accept"), ("x", "decline"), ("n", "rematch"), ("R", "resign"))),
    ]

    #: The footer's keys, most important first; a narrow terminal drops them from the end (the
    #: palette lists them all). Accept and Decline show only while an offer waits for an answer.
    FOOTER_ORDER = (
        "rules", "choose", "select", "resign", "leave", "rematch", "answer", "log", "board", "takeback",
        "alternate_mode", "quit",
    )

    def __init__(self, make_plan: PlanFactory) -> None:
        super().__init__(make_plan)
        add_game_css(self.app)
        self.board_ready = False

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield title_bar()
        with Horizontal(id="main"):
            yield BoardArea(id="board-area")
            with Vertical(id="side"):
                yield Line(id="clocks")
                yield Static("Moves", classes="side-title")
                yield MoveLog(id="log")
                yield Line(id="score")
        yield Line(id="invite")
        with Vertical(id="banner"):
            yield Line("headline")
            yield Line("reason")
        with Horizontal(id="statusbar"):
            yield Line(id="status")
        yield Line(id="message")
        yield KeysFooter()

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        self.sub_title = "online game"
        self.run_worker(self._connect(), group="online", exit_on_error=False)
        self.start_room_clocks()
        self.refresh_view()

    async def on_unmount(self) -> None:
        await self.hang_up()

    def on_told(self, told: Told) -> None:
        for warning in told.warnings:
            self.app.notify(warning, title="Not saved", severity="warning", timeout=10)
        if told.kind == "welcome" and self.room is not None and self.room.invite and not self.view:
            self.message = "Send your friend the invite above; they join with that one line."
        if told.refused:
            self.message = f"✗ {told.refused}"
        elif told.view is not None:
            self._arrived(told)
        elif told.news:
            error = told.kind in ("error", "gave_up")
            self.message = ("✗ " if error else "") + told.news[0]
        if told.kind == "gave_up" and self.room is not None:
            self._offer_retry(self.room)
        self.refresh_view()

    def _arrived(self, told: Told) -> None:
        view, before = told.view, told.before
        assert view is not None
        if before is None:
            self.call_later(self._first_sight, view)
            return
        if view.game.played != before.game.played:
            self.picking = NOTHING  # a choice begun on the last position means nothing on this one
        news = online_news(before, view, self.seat)
        if news is not None:
            self.message = news

    async def _first_sight(self, view: View) -> None:
        """The board of the room's game (its cells exist only once mounted: drawing waits)."""
        entry = view.entry
        self.name_keys(entry)
        self.title = entry.label
        self.sub_title = f"{house_rules.header(entry, view.game.options)}, online"
        area = self.query_one(BoardArea)
        await self.mount_board(area, entry, view.game.state)
        self.call_after_refresh(self._board_mounted)

    def _board_mounted(self) -> None:
        self.board_ready = True
        self.refresh_view()

    # -- drawing -------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        view = self.view
        self.query_one("#invite", Line).show(self.invite)
        # while the friend is not here (not yet, or not back after a restart), the invite stays in sight
        self.query_one("#invite").display = bool(self.invite) and not (view and view.state.connected[1])
        self.query_one("#status", Line).show(self.status_text())
        self.show_message()
        self.set_class(bool(view and view.outcome), "-over")
        if view is None:
            return
        game = view.game
        legal = game.legal_moves() if self._my_turn() else ()
        last = game.played[-1] if game.played else None
        for board in self.query(Board) if self.board_ready else ():
            board.show(cell_marks(
                view.entry, game.state, legal, alternate=self.alternate_mode, picking=self.picking,
                last=last,
            ))
        self.query_one(MoveLog).show(game, None)
        if view.outcome is not None:
            self.query_one("#headline", Line).show(view.entry.headline(view.outcome))
            self.query_one("#reason", Line).show(view.describe_outcome())
        state = view.state
        score = f"Match: {view.entry.player(1)} {state.score[0]}, {view.entry.player(2)} {state.score[1]}"
        players = self.room.players_text() if self.room is not None else ""  # a lobby game's, with ratings
        self.query_one("#score", Line).show(score + (f", {state.draws} drawn" if state.draws else "")
                                            + (f"\n{players}" if players else ""))
        self.refresh_bindings()

    def _my_turn(self) -> bool:
        room = self.room
        return room is not None and room.playing and room.view is not None and room.view.to_move == room.seat

    def status_text(self) -> str:
        view = self.view
        legal = view.game.legal_moves() if view is not None and self._my_turn() else ()
        target = self.target(view.entry, view.game.state, legal) if view is not None else ""
        lost = bool(self.room and self.room.lost)
        return online_status(view, self.seat, self.closed, lost, self.alternate_mode, self.picking, target)

    # -- the board ---------------------------------------------------------------------------------
    def position(self) -> tuple[Entry, GridState] | None:
        view = self.view
        return (view.entry, view.game.state) if view is not None else None

    def refusal(self) -> str | None:
        return self.room.move_refusal() if self.room is not None else None

    def chosen(self, move: Move) -> None:
        if self.room is not None:
            self.message = ""
            self.request(self.room.move(move))

    # -- requests --------------------------------------------------------------------------------
    def request(self, request: Request) -> None:
        """Say what a request says now, and send its message (if any) to the server."""
        room = self.room
        if request.said:
            self.say(request.said if request.message is not None else f"✗ {request.said}")
        if request.message is None or room is None:
            return

        async def deliver() -> None:
            if self.room is not room or not await room.send(request):
                self.say(f"✗ {NOT_CONNECTED}")

        self.run_worker(deliver(), group="send", exit_on_error=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the actions that apply now are offered (False hides a key): a watcher has none of a
        player's, Accept and Decline need an offer, Rematch a finished game; a hidden key's press
        says why it does nothing (`why_not`)."""
        room = self.room
        if action in PLAYING + ANSWERING + AFTER:
            return self._applies(action)
        if action == "why_not":
            return room is not None and room.view is not None
        if action == "alternate_mode":
            return self.check_alternate()
        return True

    def _applies(self, action: str) -> bool:
        room = self.room
        view = room.view if room is not None else None
        if room is None or view is None or not room.seat or room.closed:
            return False
        if action in PLAYING:
            return view.outcome is None
        if action in AFTER:
            return view.outcome is not None
        state = view.state
        return state.takeback not in (None, room.seat) or state.rematch[2 - room.seat]

    def action_why_not(self, what: str) -> None:
        """A player's key that does not apply now: its request says why (never silent)."""
        room = self.room
        if room is not None:
            asked = {"accept": lambda: room.answer(True), "decline": lambda: room.answer(False)}
            self.request(asked.get(what, getattr(room, what))())

    def action_no_help(self) -> None:
        self.say(f"✗ {RoomDriver.help_asked()}")

    def action_takeback(self) -> None:
        if self.room is not None:
            self.request(self.room.takeback())

    def action_answer(self, yes: bool) -> None:
        if self.room is not None:
            self.request(self.room.answer(yes))

    def action_rematch(self) -> None:
        if self.room is not None:
            self.request(self.room.rematch())

    def action_resign(self) -> None:
        from gridgames.tui.screens.confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes and self.room is not None:
                self.request(self.room.resign())

        self.app.push_screen(ConfirmScreen("Resign this game?", yes="Resign"), answer)

    def action_leave(self) -> None:
        async def leave() -> None:
            await self.hang_up()
            self.app.pop_screen()

        go = lambda: close_screen(self, lambda: self.run_worker(leave(), group="leave"))  # noqa: E731
        self._ask_to_go("Leave this online game?", "Leave", go)

    def action_quit(self) -> None:
        self._ask_to_go("Quit gridgames?", "Quit", self.app.exit)

    def _ask_to_go(self, question: str, yes: str, go: Callable[[], object]) -> None:
        """Esc and q ask first while this player's game is on (the seat is kept and offered back)."""
        view = self.view
        if view is None or not self.seat or view.outcome is not None or self.closed:
            go()
            return
        from gridgames.tui.screens.confirm import ask

        hosting = self.room is not None and self.room.plan.running is not None
        kept = "your seat is kept, and the first screen offers this game again."
        then = f"Your game server stops until you come back; {kept}" if hosting else kept.capitalize()
        if self.room is not None and self.room.plan.saved is None:  # a game from the lobby: no seat kept
            then = LOBBY_LEFT if self.room.clock is not None else LOBBY_LEFT_UNTIMED
        ask(self.app, f"{question} {then}", yes, go)

    def action_rules(self) -> None:
        if self.view is not None:
            self.open_rules(self.view.entry, self.view.game.options)
