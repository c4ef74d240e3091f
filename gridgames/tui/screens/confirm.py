"""A yes/no question before something that cannot be undone (quitting, abandoning a game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.screens.dialog import Dialog
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.too_small import TooSmall


class ConfirmScreen(Dialog[bool]):
    """Dismisses with True for yes. `danger=False` for a question whose yes is the safe answer."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No", key_display="n/esc"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No", danger: bool = True) -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no
        self.danger = danger
        #: The footer names the answers as the buttons do ("y Resume  n/esc New game", not Yes/No).
        self.footer_words = {"answer(True)": yes, "answer(False)": no}

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog", id="confirm"):
            yield Static(self.question, classes="question", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(
                    f"{self.yes} (y)", variant="error" if self.danger else "primary", id="yes", compact=True
                )
                yield Button(
                    f"{self.no} (n)", variant="primary" if self.danger else "default", id="no", compact=True
                )
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        self.query_one("#no" if self.danger else "#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        # a second answer queued behind the first must not close the screen below
        close_screen(self, lambda: self.dismiss(answer))


def ask(app: App[Any], question: str, yes: str, then: Callable[[], object]) -> None:
    """Ask `question` (the yes button says `yes`) and call `then` if the answer is yes."""

    def answer(ok: bool | None) -> None:
        if ok:
            then()

    app.push_screen(ConfirmScreen(question, yes=yes), answer)
