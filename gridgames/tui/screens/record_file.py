"""Save as / open a game record: a path in an Input, and any failure in one sentence in the dialog.

Save as suggests a file in the `records` folder of the data folder (not wherever the app was
started), written out in full. Open lists the records saved or opened lately and a tree of the
files in the records folder (or in a folder typed in the path box). Saving never replaces a file
without asking; opening never changes a file. The disk work is `gridgames.storage` (atomic
writes; `load_record` reads a capped size and explains a bad record with its line and reason).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from pathlib import Path

from rich.text import Text, TextType
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, DirectoryTree, Input, OptionList, Static
from textual.widgets.option_list import Option

from gridgames.engine.game import Game
from gridgames.engine.safetext import printable
from gridgames.storage import CURRENT_SUFFIX, StorageError, Store, open_record_or_reason, save_record
from gridgames.storage.files import describe_os_error
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.screens.dialog import Dialog
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.too_small import TooSmall


def suggested_name(game: Game, folder: Path, today: datetime.date | None = None) -> Path:
    """`rowcol-2026-11-25.gridgames` in `folder`, numbered if taken."""
    stem = f"{game.entry.id}-{(today or datetime.date.today()).isoformat()}"
    path = folder / f"{stem}{CURRENT_SUFFIX}"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}{CURRENT_SUFFIX}"
        number += 1
    return path


def shown(path: Path) -> str:
    """A path as the player reads it: in full, control characters escaped."""
    return printable(str(path.absolute()), 1000)


class PathDialog(Dialog[object]):
    """A title, a path Input, what a subclass adds below it, a one-sentence message line, OK / Cancel."""

    BINDINGS = [
        Binding("tab", "app.focus_next", "Next", key_display="tab"),
        Binding("escape", "cancel", "Cancel", key_display="esc"),
    ]

    heading = ""
    ok_label = "OK"

    def __init__(self, path: str = "") -> None:
        super().__init__()
        self.initial = path

    @property
    def store(self) -> Store:
        return self.app.store  # type: ignore[attr-defined, no-any-return]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog", id="record-file"):
            yield Static(self.heading, classes="dialog-title", markup=False)
            yield Input(self.initial, placeholder="file name, e.g. game.gridgames", id="path", compact=True)
            yield from self.compose_choices()
            yield Static("", id="file-message", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(self.ok_label, variant="primary", id="ok", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)
        yield KeysFooter(show_command_palette=False)

    def compose_choices(self) -> Iterable[Widget]:
        """What the dialog offers to pick from below the path (nothing for Save as)."""
        return ()

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        self.first_focus().focus()

    def first_focus(self) -> Widget:
        return self.query_one("#path", Input)

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
        super().__init__()
        self.game = game
        self.chosen_path = path

    def compose(self) -> ComposeResult:
        self.initial = shown(self.chosen_path or suggested_name(self.game, self.store.records_dir))
        yield from super().compose()

    def confirm(self) -> None:
        path = self.path
        if path.is_file():
            from gridgames.tui.screens.confirm import ConfirmScreen

            def replace(yes: bool | None) -> None:
                if yes:
                    self.write(path, overwrite=True)

            self.app.push_screen(
                ConfirmScreen(f"'{shown(path)}' already exists. Replace it?", yes="Replace"), replace
            )
            return
        self.write(path, overwrite=False)

    def write(self, path: Path, overwrite: bool) -> None:
        folder = self.store.records_dir
        if path.absolute().parent == folder.absolute():  # the suggested folder is made on first use
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                self.say(f"Could not make the folder '{shown(folder)}': {describe_os_error(error)}.")
                return
        try:
            written = save_record(self.game, path, overwrite=overwrite)
        except StorageError as error:
            self.say(str(error))
            return
        self.store.remember_record(written)
        self.app.notify(f"The game record is saved in {shown(written)}.", timeout=6)
        self.dismiss(written)


class RecordTree(DirectoryTree):
    """The folders and game records (*.gridgames) under a folder; hidden files are left out.
    Plain arrows for folders (the emoji icons are two cells wide in some terminals, one in others)."""

    ICON_NODE = "▸ "
    ICON_NODE_EXPANDED = "▾ "
    ICON_FILE = "  "

    def process_label(self, label: TextType) -> Text:
        """A file's name as text with its control characters escaped: a name is anyone's to
        choose, and one holding an escape sequence would otherwise reach the terminal raw."""
        plain = label if isinstance(label, str) else label.plain
        return super().process_label(Text(printable(plain, 300)))

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        for path in paths:
            if path.name.startswith("."):
                continue
            try:
                if path.is_dir() or (path.suffix == CURRENT_SUFFIX and path.is_file()):
                    yield path
            except OSError:  # unreadable: not offered
                continue


class OpenRecordScreen(PathDialog):
    """Reads a record; dismisses with the Game, or None. A bad file is explained and left alone.

    Enter on a record of the recent list or the tree opens it; a folder typed in the path box
    is shown in the tree."""

    heading = "Open a game record"
    ok_label = "Open"

    def compose_choices(self) -> Iterable[Widget]:
        recent = self.store.recent_records()
        if recent:
            yield Static("Recent records", classes="list-title")
            labels = (Text(self.recent_label(path)) for path in recent)
            yield OptionList(*(Option(label) for label in labels), id="recent", compact=True)
        self.recent = recent
        folder = self.store.records_dir
        root = folder if folder.is_dir() else Path.home()
        yield Static(f"Records in {shown(root)}", classes="list-title", id="tree-title", markup=False)
        yield RecordTree(root, id="files")

    def recent_label(self, path: Path) -> str:
        """'rowcol-2026-11-26.gridgames' for one in the records folder, else its name and its folder
        (the home folder written ~): the name first, so a narrow dialog still shows it whole."""
        folder = path.parent
        if folder == self.store.records_dir.absolute():
            return printable(path.name, 200)
        home = str(Path.home())
        where = str(folder)
        if where == home or where.startswith(home + "/"):
            where = "~" + where[len(home) :]
        return f"{printable(path.name, 200)}  in {printable(where, 400)}"

    def first_focus(self) -> Widget:
        """The newest recent record, ready for Enter (else the path box)."""
        return self.query_one("#recent", OptionList) if self.recent else super().first_focus()

    @on(OptionList.OptionSelected, "#recent")
    def open_recent(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.open(self.recent[event.option_index])

    @on(DirectoryTree.FileSelected, "#files")
    def open_from_tree(self, event: DirectoryTree.FileSelected) -> None:
        event.stop()
        self.open(event.path)

    def confirm(self) -> None:
        path = self.path
        if path.is_dir():
            self.query_one("#files", RecordTree).path = path
            self.query_one("#tree-title", Static).update(f"Records in {shown(path)}")
            self.say("")
            return
        self.open(path)

    def open(self, path: Path) -> None:
        self.query_one("#path", Input).value = str(path)
        game = open_record_or_reason(path)
        if isinstance(game, str):
            self.say(game)
            return
        self.store.remember_record(path)
        self.dismiss(game)
