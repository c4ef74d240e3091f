"""The app's ways into online play: host from the new-game panel, join from the first screen
(or from `gridgames host|join` without `--plain`). Each gives the online screen a plan factory."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from gridgames.games import get_entry
from gridgames.online.address import DEFAULT_PORT, Address, AddressError
from gridgames.online.health import running_here
from gridgames.online.invite import parse_invite
from gridgames.online.launch import Hosting, Plan, plan_host, plan_join
from gridgames.online.lobbylink import paired_plan
from gridgames.online.seats import SavedSeat
from gridgames.play.setup import Setup, default_setup
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.screens.dialog import Dialog
from gridgames.tui.widgets.too_small import TooSmall

PlanFactory = Callable[[io.StringIO], Awaitable[Plan]]
#: The port the app's own game server asks for (None: 8765, or any free port if that is taken).
HOST_PORT: int | None = None
#: Where hosting looks for a game server already running on this computer (`gridgames server`);
#: None: nowhere (tests, which must not find the machine's own).
RUNNING_PORT: int | None = DEFAULT_PORT


def plan_to_host(setup: Setup, server: str | None = None) -> PlanFactory:
    """Host a new room for `setup` on `server`, or on a game server started inside the app."""
    hosting = Hosting(setup, server=server, port=HOST_PORT)
    return lambda notes: plan_host(hosting, notes)


async def host(app: App[Any], setup: Setup, start: Callable[[PlanFactory], object]) -> None:
    """Host `setup` (`start` opens the online screen on a plan): on the game server already running
    on this computer, if there is one and the player says so (rather than silently starting a second
    one on another port), else on the app's own."""
    from gridgames.tui.screens.confirm import ConfirmScreen

    running = await running_here(RUNNING_PORT) if RUNNING_PORT else None
    if running is None:
        start(plan_to_host(setup))
        return

    def answer(use: bool | None) -> None:
        start(plan_to_host(setup, running if use else None))

    question = (
        f"A game server is already running on this computer ({running}). "
        "Host your game there? Your friend joins the same way; otherwise the app starts its own."
    )
    app.push_screen(ConfirmScreen(question, yes="Use it", no="Start my own", danger=False), answer)


def plan_to_join(address: Address, watch: bool = False) -> PlanFactory:
    async def make(notes: io.StringIO) -> Plan:
        return plan_join(address, watch)

    return make


def plan_to_rejoin(seat: SavedSeat) -> PlanFactory:
    """Back to the online game whose seat is kept (after quitting, or after the app was killed)."""
    if seat.role == "join":
        return plan_to_join(Address(seat.server, seat.room))
    hosting = Hosting(default_setup(get_entry(seat.variant)), new=False,
                      server=None if seat.in_process else seat.server, bind=seat.bind)
    return lambda notes: plan_host(hosting, notes)


def plan_from_command(online: dict[str, object]) -> PlanFactory:
    """`gridgames host VARIANT`, `gridgames join ADDRESS`, or `gridgames lobby --accept|--seek` once the
    lobby paired the player (`paired`: the server, the `paired` message, the name and its key), without
    --plain."""
    if "paired" in online:
        given = online["paired"]
        assert isinstance(given, tuple) and len(given) == 4
        server, paired, name, key = (str(given[0]), given[1], str(given[2]), str(given[3]))

        async def make(notes: io.StringIO) -> Plan:
            return paired_plan(server, paired, name, key)

        return make
    if "host" in online:
        hosting = online["host"]
        assert isinstance(hosting, Hosting)
        return lambda notes: plan_host(hosting, notes)
    address = online["join"]
    assert isinstance(address, Address)
    return plan_to_join(address, bool(online.get("watch")))


def ask_to_join(app: App[Any]) -> None:
    """Ask for an invite's address, and join the room it names (`start_online`)."""

    def chosen(address: Address | None) -> None:
        if address is not None:
            app.start_online(plan_to_join(address))  # type: ignore[attr-defined]

    app.push_screen(JoinScreen(), chosen)


class JoinScreen(Dialog[Address | None]):
    """Asks for the address from a friend's invite (the whole invite line will do); dismisses with it,
    or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self) -> None:
        super().__init__()

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog", id="join-online"):
            yield Static("Join an online game", classes="dialog-title")
            yield Static("Paste the address from your friend's invite (ws://HOST:PORT/ROOM).", classes="note")
            yield Input(placeholder="ws://192.168.1.5:8765/...", id="address")
            yield Static("", id="join-message", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Join", variant="primary", id="join", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        self.query_one("#address", Input).focus()

    def on_input_submitted(self) -> None:
        self.action_join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "join":
            self.action_join()
        else:
            self.action_cancel()

    def action_join(self) -> None:
        text = self.query_one("#address", Input).value
        try:
            address = parse_invite(text)
        except AddressError as error:
            self.query_one("#join-message", Static).update(f"✗ {error}")
            return
        close_screen(self, lambda: self.dismiss(address))

    def action_cancel(self) -> None:
        close_screen(self, lambda: self.dismiss(None))
