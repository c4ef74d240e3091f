"""The dialogs' base: a modal screen styled as a dialog (`dialog-screen`), whose rules (dialogs.tcss)
join the app's style sheet when the first dialog is made, not at start-up."""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen

from gridgames.tui.styles import add_dialog_css

ResultType = TypeVar("ResultType")


class Dialog(ModalScreen[ResultType]):
    """A modal screen centred on the dialog's box (give it a `dialog` container)."""

    def __init__(self) -> None:
        super().__init__(classes="dialog-screen")
        add_dialog_css(self.app)
