"""The app's look at a game server's lobby (issue 31): open seeks, games in progress to watch, players
online, with their ratings; reached from the first screen (`l`). It shows what `gridgames lobby` prints,
read by the same client (`online.lobbyclient`) on a worker, so the screen never waits on the network."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Static

from gridgames.online import lobbyclient
from gridgames.online.address import AddressError, server_url
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.screens.dialog import Dialog
from gridgames.tui.widgets.too_small import TooSmall


class LobbyScreen(Dialog[None]):
    """Asks for a server's address, then lists its lobby; `r` reads it again, Escape closes."""

    BINDINGS = [Binding("escape", "cancel", "Close"), Binding("r", "refresh", "Refresh", show=False)]

    def __init__(self, server: str = "") -> None:
        super().__init__()
        self.server = server
        self.shown = ""  # the listing as last shown (the tests read it)

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog", id="lobby"):
            yield Static("Lobby", classes="dialog-title")
            yield Static("A game server's open seeks, games to watch and players online.", classes="note")
            yield Input(value=self.server, placeholder="ws://HOST:8765", id="lobby-server")
            with VerticalScroll(id="lobby-scroll"):
                yield Static("", id="lobby-listing", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Look", variant="primary", id="look", compact=True)
                yield Button("Close", id="cancel", compact=True)

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        self.query_one("#lobby-server", Input).focus()
        if self.server:
            self.action_refresh()

    def on_input_submitted(self) -> None:
        self.action_refresh()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "look":
            self.action_refresh()
        else:
            self.action_cancel()

    def action_refresh(self) -> None:
        try:
            self.server = server_url(self.query_one("#lobby-server", Input).value)
        except AddressError as error:
            self._show(f"✗ {error}")
            return
        self._show(f"Asking {self.server}...")
        self._look(self.server)

    @work(exclusive=True, group="lobby")
    async def _look(self, server: str) -> None:
        try:
            found = await lobbyclient.listing(server)
        except lobbyclient.LobbyError as error:
            self._show(f"✗ {error}")
            return
        data = {"you": found.you, "seeks": found.seeks, "games": found.games, "players": found.players}
        self._show(lobbyclient.listing_text(data, server))

    def _show(self, text: str) -> None:
        self.shown = text
        self.query_one("#lobby-listing", Static).update(text)

    def action_cancel(self) -> None:
        close_screen(self, lambda: self.dismiss(None))
