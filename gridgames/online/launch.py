"""What `gridgames host` and `gridgames join` do before and after play, whatever the screen.

`host` without `--server` starts a game server in this process (its rooms in the data folder,
so running the same `host` again brings the room back on the same port). Both keep the seat's
secret on disk the moment the server hands it out (`seats`), and use it to get the seat back.
"""

from __future__ import annotations

import socket
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

from gridgames.online import protocol as p
from gridgames.online import seats
from gridgames.online.address import Address, server_url
from gridgames.online.client import Link, View
from gridgames.online.invite import invite_line
from gridgames.play.setup import Setup
from gridgames.storage import Store

ONLINE_OPPONENT = "online"  # how the statistics name a friend played over the network
HOST_LEFT = (
    "The host has left, so their game server has stopped; your seat is kept: "
    "run the same join again when they host again."
)
HOST_LEFT_WATCHING = "The host has left, so their game server has stopped."  # a watcher has no seat


@dataclass(frozen=True)
class Hosting:
    """What to host and where: the new room's set-up, and the game server (None: one in this
    process, on `bind` and `port`; None: 8765, or any free port if that is taken). `new` opens a
    new room even when a room of the game is saved."""

    setup: Setup
    new: bool = True
    server: str | None = None
    bind: str = "127.0.0.1"
    port: int | None = None


@dataclass
class Plan:
    """A link ready to run, with what to say and keep along the way."""

    link: Link
    role: str  # host or join
    variant: str | None
    come_back: str  # the command that gets the seat back
    saved: seats.SavedSeat | None = None
    running: object | None = None  # gridgames.online.server.Running, when hosting in-process
    bind: str = "127.0.0.1"
    port: int = 0
    db: str = ""  # the in-process server's database file name

    def invite_address(self) -> Address | None:
        if self.link.room is None:
            return None
        if self.running is None:
            return Address(self.link.server, self.link.room)
        host = self.bind
        if host in ("0.0.0.0", "::", ""):
            host = socket.gethostname()
        return Address(server_url(f"{host}:{self.port}"), self.link.room)

    def keep_seat(self, welcome: p.Welcome) -> str | None:
        """Save the seat when the server hands out its secret; a warning sentence, or None."""
        if welcome.secret is None or welcome.seat == 0:
            return None
        seat = seats.SavedSeat(
            role=self.role, server=self.link.server, room=welcome.room, secret=welcome.secret,
            variant=self.variant or "", in_process=self.running is not None, bind=self.bind, port=self.port,
            db=self.db,
        )
        self.saved = seat
        return seats.save(seat)

    def after_state(self, before: View | None, view: View) -> str | None:
        """What every front end does with each state of the room it hears: the seat learns its game,
        and a game seen ending is counted; a warning sentence, or None."""
        return self.name_the_game(view) or self.count_result(before, view)

    def name_the_game(self, view: View) -> str | None:
        """A joiner's seat is kept at `welcome`, before the room says which game it plays: kept again
        with its game once the room does, so the first screen offers it back after a quit or a crash
        (a seat of no known game is not offered). A warning sentence, or None."""
        saved = self.saved
        if saved is None or saved.variant == view.entry.id:
            return None
        self.variant = view.entry.id
        self.saved = replace(saved, variant=view.entry.id)
        return seats.save(self.saved)

    def count_result(self, before: View | None, view: View) -> str | None:
        """Count a game this player saw end here in the statistics (opponent "online"); a warning or None.

        Only the change from playing to over counts, so seeing a finished game again after a
        reconnect or a restart never counts it twice."""
        seat, outcome = self.link.seat, view.outcome
        if not seat or outcome is None or before is None or before.outcome is not None:
            return None
        if before.state.game != view.state.game:
            return None
        result = "draw" if outcome.winner is None else "win" if outcome.winner == seat else "loss"
        store = Store()
        store.record_result(view.entry.id, ONLINE_OPPONENT, result)
        warnings = store.take_warnings()
        return str(warnings[0]) if warnings else None

    def forget_if_finished(self, finished: bool) -> None:
        if finished and self.link.room is not None:
            seats.forget(self.link.room, self.role)


class HostDbError(OSError):
    """The in-process server has nowhere to keep its rooms (the data folder cannot be written, or
    every host database is held by another running host); `str()` is one sentence naming why."""


def check_data_folder(folder: Path) -> None:
    """Raise HostDbError unless `folder` exists (or can be made) and takes a new file."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder, prefix=".write-check-"):
            pass
    except OSError as error:
        raise HostDbError(
            f"Cannot keep online games in {folder}: {error.strerror or error} "
            "(set GRIDGAMES_DATA_DIR to a folder you can write)."
        ) from None


async def start_local_server(bind: str, port: int, out: TextIO, db_name: str = ""):  # type: ignore[no-untyped-def]
    """This process's own game server, on `db_name` or the first host database no other running
    host holds; raises HostDbError when it has nowhere to keep rooms, OSError when it cannot listen."""
    from gridgames.online import server
    from gridgames.online.address import reach
    from gridgames.online.store import StoreLocked, StoreRefused

    choices = [seats.host_db(name=db_name)] if db_name else seats.host_dbs()
    check_data_folder(choices[0].parent)
    for db in choices:
        try:
            running = await server.start(bind, port, db)
            break
        except StoreLocked as error:
            if db is choices[-1]:
                raise HostDbError(str(error)) from None
        except StoreRefused as error:
            raise HostDbError(str(error)) from None
    db_name = db.name
    where = reach(bind).replace("--host", "--bind")
    out.write(f"Game server started on port {running.port}, listening on {where}.\n")
    return running, db_name


async def plan_host(args: Hosting, out: TextIO) -> Plan:
    """The link for `gridgames host` (raises OSError when its own server cannot start)."""
    from gridgames.online.address import DEFAULT_PORT

    variant = args.setup.variant
    saved = None if args.new else seats.latest_host(variant)
    if args.server:
        server = server_url(args.server)
        if saved is not None and saved.server != server:
            saved = None
    elif saved is not None and not saved.in_process:
        saved = None
    come_back = f"gridgames host {variant}" + (f" --server {args.server}" if args.server else "")
    running, db_name = None, ""
    bind = args.bind
    port = args.port if args.port is not None else (saved.port if saved else DEFAULT_PORT)
    if not args.server:
        if saved is not None:
            bind = saved.bind if args.bind == "127.0.0.1" else args.bind
        try:
            running, db_name = await start_local_server(bind, port, out, saved.db if saved else "")
        except HostDbError:
            raise
        except OSError:
            if args.port is not None or saved is not None:
                raise
            running, db_name = await start_local_server(bind, 0, out)  # the usual port is taken: any free one
        port = running.port
        server = server_url(f"127.0.0.1:{port}")
    if saved is not None:
        out.write(f"Rejoining your online game of {variant} (--new starts a new one).\n")
        link = Link(server, room=saved.room, secret=saved.secret)
    else:
        o = args.setup.options
        clock = str(args.setup.clock) if args.setup.clock is not None else None  # `host --clock`
        create = p.Create(p.VERSION, variant, o.size, o.first, o.option_dict(), clock)
        link = Link(server, create=create)
    plan = Plan(link, "host", variant, come_back, saved, running, bind, port, db_name)
    return plan


def plan_join(address: Address, watch: bool) -> Plan:
    saved = None if watch else seats.load(address.room, "join")
    if saved is not None and saved.server != address.server:
        saved = replace(saved, server=address.server)
    link = Link(address.server, room=address.room, secret=saved.secret if saved else None, watch=watch)
    return Plan(link, "join", saved.variant if saved else None, invite_line(address), saved)


async def run_plain(plan: Plan, out: TextIO | None = None) -> int:
    """Play the plan in line mode until the player leaves (on `out`, default: sys.stdout as it is
    now); the exit code of `PlainPlayer`."""
    from gridgames.online.plain import EXIT_DONE, PlainPlayer

    out = sys.stdout if out is None else out

    invited = False

    def on_welcome(welcome: p.Welcome) -> str | None:
        nonlocal invited
        warning = plan.keep_seat(welcome)
        if plan.variant is None and plan.saved is not None:
            plan.variant = plan.saved.variant
        if plan.role == "host" and not invited:
            invited = True
            address = plan.invite_address()
            out.write(f"Invite: {invite_line(str(address))}\n")
            if plan.running is not None and plan.bind in ("0.0.0.0", "::"):
                out.write("(If your friend's computer cannot find this name, use this computer's IP.)\n")
        return warning

    player = PlainPlayer(plan.link, out, piped=not sys.stdin.isatty(), on_welcome=on_welcome,
                         come_back=plan.come_back, on_result=plan.count_result, on_state=plan.name_the_game)
    try:
        code = await player.run()
    finally:
        if plan.running is not None:
            await plan.running.stop(HOST_LEFT, HOST_LEFT_WATCHING)  # type: ignore[attr-defined]
    view = player.view
    finished = view is not None and view.outcome is not None and code == EXIT_DONE
    plan.forget_if_finished(finished)
    return code
