"""Which unfinished game to play on: every autosave of one game (or of all), newest first, and the
online games whose seats are kept (`online.seats.unfinished`: after a crash too).

One save is a yes/no question (`ConfirmScreen`); several are this list, one button each, so every
game left unfinished is offered, not only the newest (`Store.unfinished` lists them).
"""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, Static

from gridgames.games import get_entry
from gridgames.online.seats import SavedSeat
from gridgames.play.seats import HUMAN
from gridgames.play.setup import resume
from gridgames.storage import SavedGame
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.screens.dialog import Dialog
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.too_small import TooSmall

NEW_GAME = "new"
Unfinished = SavedGame | SavedSeat  # a game saved here, or a seat in an online game


def variant_of(saved: Unfinished) -> str:
    return saved.variant if isinstance(saved, SavedSeat) else saved.game.entry.id


def describe_save(saved: Unfinished, with_game: bool = True, now: float | None = None) -> str:
    """'Gridlock (rule book 003), 5x5, 3 moves against the computer (perfect), saved 03:10' (with the
    date when not saved today); 'Row & Column, online game you host, seat kept 03:10'."""
    day = time.strftime("%Y-%m-%d", time.localtime(now))
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.saved_at)).removeprefix(day + " ")
    if isinstance(saved, SavedSeat):
        role = "you host" if saved.role == "host" else f"you joined on {saved.server}"
        text = f"online game {role}, seat kept {when}"
        return f"{get_entry(saved.variant).label}, {text}" if with_game else text
    moves = len(saved.game.played)
    levels = [seat for seat in resume(saved.game, saved.settings).setup.seats if seat != HUMAN]
    who = f" against the computer ({', '.join(levels)})" if levels else ""
    played = f"{moves} move{'s' if moves != 1 else ''}" if moves else "not started yet"
    text = f"{saved.game.options.size}, {played}{who}, saved {when}"
    return f"{saved.game.entry.label}, {text}" if with_game else text


def resume_question(saved: Unfinished) -> str:
    return f"Resume your unfinished game of {describe_save(saved)}?"


class SavesList(OptionList):
    """One line per save (long ones wrap); Enter or a click plays on."""

    BINDINGS = [Binding("enter", "select", "Resume", key_display="⏎")]


class ResumeScreen(Dialog["SavedGame | SavedSeat | str | None"]):
    """Dismisses with the chosen save, `NEW_GAME` for a new game (when offered), or None."""

    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("escape", "cancel", "Not now", key_display="esc"),
    ]
    DEFAULT_CSS = """
    #saves {
        height: auto;
        max-height: 12;
        border: none;
        padding: 0;
    }
    """

    def __init__(self, saves: list[Unfinished], new_game: bool = False) -> None:
        super().__init__()
        self.saves = saves
        self.new_game = new_game
        self.one_game = len({variant_of(saved) for saved in saves}) == 1

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog", id="resume"):
            what = f"of {get_entry(variant_of(self.saves[0])).label} " if self.one_game else ""
            yield Static(
                f"Your {len(self.saves)} unfinished games {what}— choose one to play on:",
                classes="dialog-title",
                markup=False,
            )
            yield SavesList(
                *(describe_save(saved, with_game=not self.one_game) for saved in self.saves), id="saves"
            )
            with Horizontal(classes="buttons"):
                if self.new_game:
                    yield Button("New game (n)", variant="primary", id="new", compact=True)
                yield Button("Not now (esc)", id="cancel", compact=True)
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        self.query_one("#saves", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        saved = self.saves[event.option_index]
        close_screen(self, lambda: self.dismiss(saved))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        answer = NEW_GAME if event.button.id == "new" else None
        close_screen(self, lambda: self.dismiss(answer))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.new_game if action == "new_game" else True

    def action_new_game(self) -> None:
        close_screen(self, lambda: self.dismiss(NEW_GAME))

    def action_cancel(self) -> None:
        close_screen(self, lambda: self.dismiss(None))
