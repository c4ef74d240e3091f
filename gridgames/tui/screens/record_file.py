"""Save as / open a game record: a path in an Input, and any failure in one sentence in the dialog.

Saving never replaces a file without asking; opening never changes a file. The disk work is
`gridgames.storage` (atomic writes; `load_record` explains a bad record with its line and reason).
"""

from __future__ import annotations

import datetime
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from gridgames.engine.game import Game
from gridgames.storage import CURRENT_SUFFIX, StorageError, open_record_or_reason, save_record
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.too_small import TooSmall


def suggested_name(game: Game, folder: Path | None = None, today: datetime.date | None = None) -> Path:
    """`rowcol-2026-11-25.gridgames` in `folder` (default: the current one), numbered if taken."""
    folder = folder if folder is not None else Path.cwd()
    stem = f"{game.entry.id}-{(today or datetime.date.today()).isoformat()}"
    path = folder / f"{stem}{CURRENT_SUFFIX}"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}{CURRENT_SUFFIX}"
        number += 1
    return path


def shown(path: Path) -> str:
    """A path as the player would type it: relative to the current folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


class PathDialog(ModalScreen[object]):
    """A title, a path Input, a one-sentence message line, and OK / Cancel."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", key_display="esc")]

    heading = ""
    ok_label = "OK"

    def __init__(self, path: str) -> None:
        super().__init__(classes="dialog-screen")
        self.initial = path

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog", id="record-file"):
            yield Static(self.heading, classes="dialog-title", markup=False)
            yield Input(self.initial, placeholder="file name, e.g. game.gridgames", id="path", compact=True)
            yield Static("", id="file-message", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(self.ok_label, variant="primary", id="ok", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        self.query_one("#path", Input).focus()

    @property
    def path(self) -> Path:
        return Path(self.query_one("#path", Input).value.strip()).expanduser()

    def say(self, text: str) -> None:
        message = self.query_one("#file-message", Static)
        message.update(text)
        message.set_class(bool(text), "-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_ok()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self.action_ok()
        else:
            self.action_cancel()

    def action_ok(self) -> None:
        if not self.is_active:
            return
        if not self.query_one("#path", Input).value.strip():
            self.say("Type a file name first.")
            return
        self.confirm()

    def confirm(self) -> None:
        raise NotImplementedError

    def action_cancel(self) -> None:
        close_screen(self, lambda: self.dismiss(None))


class SaveRecordScreen(PathDialog):
    """Writes the game's record; dismisses with the Path written, or None."""

    heading = "Save the game record as"
    ok_label = "Save"

    def __init__(self, game: Game, path: Path | None = None) -> None:
        super().__init__(shown(path or suggested_name(game)))
        self.game = game

    def confirm(self) -> None:
        path = self.path
        if path.is_file():
            from gridgames.tui.screens.confirm import ConfirmScreen

            def replace(yes: bool | None) -> None:
                if yes:
                    self.write(path, overwrite=True)

            self.app.push_screen(
                ConfirmScreen(f"'{path}' already exists. Replace it?", yes="Replace"), replace
            )
            return
        self.write(path, overwrite=False)

    def write(self, path: Path, overwrite: bool) -> None:
        try:
            written = save_record(self.game, path, overwrite=overwrite)
        except StorageError as error:
            self.say(str(error))
            return
        self.app.notify(f"The game record is saved in {written}.", timeout=4)
        self.dismiss(written)


class OpenRecordScreen(PathDialog):
    """Reads a record; dismisses with the Game, or None. A bad file is explained and left alone."""

    heading = "Open a game record"
    ok_label = "Open"

    def confirm(self) -> None:
        game = open_record_or_reason(self.path)
        if isinstance(game, str):
            self.say(game)
            return
        self.dismiss(game)
