"""The app's look at a game server's lobby (issue 31): open seeks, games in progress to watch, players
online, with their ratings; reached from the first screen (`l`). Without a name it shows what `gridgames
lobby` prints, read by the same client (`online.lobbyclient`). With a player's name it holds a lobby
connection as that player (`online.lobbylink`, the key kept in the data folder), so the listing follows
the server, Enter on a seek accepts it, and a seek typed on one line is posted; once the server pairs the
player, the screen closes with the plan that opens the online game. The network is read on workers, so
the screen never waits on it."""

from __future__ import annotations

import io

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from gridgames.engine.errors import OptionsError
from gridgames.online import lobbyclient
from gridgames.online import protocol as p
from gridgames.online.address import AddressError, server_url
from gridgames.online.identity import IdentityError, key_for
from gridgames.online.launch import Plan
from gridgames.online.lobbylink import LISTED, SEEK_FORM, LobbyLink, paired_plan, parse_seek
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.online import PlanFactory
from gridgames.tui.screens.dialog import Dialog
from gridgames.tui.widgets.too_small import TooSmall

NEEDS_NAME = "Type your player name first: playing in the lobby needs one (the server keeps it for you)."


class LobbyScreen(Dialog[PlanFactory | None]):
    """Asks for a server's address (and a name, to play), then lists its lobby; Enter on a seek accepts
    it, Seek posts the one typed; `r` reads the lobby again, Escape closes. Dismisses with the plan of the
    game the lobby paired the player into, or None."""

    BINDINGS = [Binding("escape", "cancel", "Close"), Binding("r", "refresh", "Refresh", show=False)]
    DEFAULT_CSS = """
    #lobby-row { height: auto; }
    #lobby-row Input { width: 1fr; }
    #lobby-seeks { height: auto; max-height: 8; }
    #lobby-scroll { height: auto; max-height: 10; }
    """

    def __init__(self, server: str = "", name: str = "") -> None:
        super().__init__()
        self.server, self.player = server, name
        self.shown = ""  # the listing as last shown (the tests read it)
        self.said = ""  # the last note (a seek listed, a refusal)
        self.link: LobbyLink | None = None  # the connection held as a named player
        self.held: tuple[str, str] | None = None  # the server and name it is held for

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog", id="lobby"):
            yield Static("Lobby", classes="dialog-title")
            yield Static("A game server's open seeks, games to watch and players online. To play, give "
                         "your name: Enter on a seek accepts it.", classes="note")
            with Horizontal(id="lobby-row"):
                yield Input(value=self.server, placeholder="ws://HOST:8765", id="lobby-server")
                yield Input(value=self.player, placeholder="your name (to play)", id="lobby-name")
            yield OptionList(id="lobby-seeks", compact=True)
            with VerticalScroll(id="lobby-scroll"):
                yield Static("", id="lobby-listing", markup=False)
            yield Input(placeholder=SEEK_FORM, id="lobby-seek")
            yield Static("", id="lobby-note", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Look", variant="primary", id="look", compact=True)
                yield Button("Seek", id="seek", compact=True)
                yield Button("Close", id="cancel", compact=True)

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        self.query_one("#lobby-server", Input).focus()
        if self.server:
            self.action_refresh()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "lobby-seek":
            self.action_seek()
        else:
            self.action_refresh()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        pressed = {"look": self.action_refresh, "seek": self.action_seek}
        pressed.get(event.button.id or "", self.action_cancel)()

    @on(OptionList.OptionSelected, "#lobby-seeks")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.accept(event.option.id)

    # -- asking the lobby ---------------------------------------------------------------------------
    def _where(self) -> tuple[str, str] | None:
        """The server and name typed (the name may be ""), or None after saying why the address is wrong."""
        try:
            self.server = server_url(self.query_one("#lobby-server", Input).value)
        except AddressError as error:
            self._show(f"✗ {error}")
            return None
        self.player = self.query_one("#lobby-name", Input).value.strip()
        return self.server, self.player

    def action_refresh(self) -> None:
        where = self._where()
        if where is None:
            return
        self._show(f"Asking {self.server}...")
        if where[1]:
            self._hold(*where, None)
        else:
            self._look(self.server)

    def accept(self, seek: str) -> None:
        """Accept the open seek `seek` (the game starts once the server pairs the two players)."""
        self._ask(p.Accept(seek))

    def action_seek(self) -> None:
        try:
            seek = parse_seek(self.query_one("#lobby-seek", Input).value)
        except OptionsError as error:
            self._say(f"✗ {error}")
            return
        self._ask(seek)

    def _ask(self, message: p.Message) -> None:
        """Send `message` as the named player, on the connection held (opened first if need be)."""
        where = self._where()
        if where is None:
            return
        if not where[1]:
            self._say(f"✗ {NEEDS_NAME}")
            return
        link = self.link
        if link is not None and self.held == where:
            self.run_worker(link.send(message), group="lobby-send", exit_on_error=False)
        else:
            self._hold(*where, message)

    @work(exclusive=True, group="lobby")
    async def _look(self, server: str) -> None:
        try:
            found = await lobbyclient.listing(server)
        except lobbyclient.LobbyError as error:
            self._show(f"✗ {error}")
            return
        self._list(found, server)

    @work(exclusive=True, group="lobby", exit_on_error=False)
    async def _hold(self, server: str, name: str, then: p.Message | None) -> None:
        """The lobby as player `name`, held open: the listing as it changes, until paired or replaced."""
        try:
            key = key_for(server, name)
        except IdentityError as error:
            self._show(f"✗ {error}")
            return
        link = LobbyLink(server, name, key)
        try:
            self._list(await link.open(), server)
        except lobbyclient.LobbyError as error:
            self._show(f"✗ {error}")
            return
        self.link, self.held = link, (server, name)
        try:
            if then is not None:
                await link.send(then)
            while (message := await link.receive()) is not None:
                if isinstance(message, p.Paired):
                    await link.close()
                    self._paired(paired_plan(server, message, name, key))
                    return
                self._heard(message, server)
            self._say(f"✗ The lobby of {server} closed the connection.")
        finally:
            if self.link is link:
                self.link = self.held = None
            await link.close()

    def _heard(self, message: p.Message, server: str) -> None:
        if isinstance(message, p.Listing):
            self._list(message, server)
        elif isinstance(message, p.Seeking):
            self._say(LISTED)
        elif isinstance(message, p.Error):
            self._say(f"✗ {p.clean_text(message.message)}")

    def _paired(self, plan: Plan) -> None:
        async def make(notes: io.StringIO) -> Plan:
            return plan

        close_screen(self, lambda: self.dismiss(make))

    # -- showing ------------------------------------------------------------------------------------
    def _list(self, found: p.Listing, server: str) -> None:
        data = {"you": found.you, "seeks": found.seeks, "games": found.games, "players": found.players}
        try:  # plain data of a bounded size, but its fields are the server's to leave out
            self.shown = lobbyclient.listing_text(data, server)
            unique = {str(seek["seek"]): seek for seek in found.seeks}  # an id twice would be refused
            options = [Option(Text(lobbyclient.seek_line(seek)), id=id) for id, seek in unique.items()]
            others = lobbyclient.listing_text(data, server, seeks=False)
        except (KeyError, TypeError, IndexError, ValueError):
            self._show(f"✗ The game server at {server} sent a lobby listing that cannot be read.")
            return
        self.query_one("#lobby-listing", Static).update(others)
        seeks = self.query_one("#lobby-seeks", OptionList)
        at = seeks.highlighted_option.id if seeks.highlighted_option is not None else None
        seeks.clear_options()
        seeks.add_options(options)
        if at in unique:  # the seek the player was on stays highlighted while the listing changes
            seeks.highlighted = seeks.get_option_index(at)
        elif unique:  # else the first: Enter on the list accepts a seek without a key to reach one first
            seeks.highlighted = 0
        if not found.seeks:
            seeks.add_option(Option(Text("No open seeks."), disabled=True))

    def _show(self, text: str) -> None:
        """A line in place of the listing (asking, or why the lobby could not be read)."""
        self.shown = text
        self.query_one("#lobby-listing", Static).update(text)
        self.query_one("#lobby-seeks", OptionList).clear_options()

    def _say(self, text: str) -> None:
        self.said = text
        self.query_one("#lobby-note", Static).update(text)

    def action_cancel(self) -> None:
        close_screen(self, lambda: self.dismiss(None))
