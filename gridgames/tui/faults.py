"""What goes wrong beside play, told once: a game whose code fails is switched off for the run
(`games.guard`): the app says which in one sentence and goes back to the first screen, whose card
says why, and refuses the game if chosen again; a solver switched off, or a save that failed, is a
toast."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridgames.engine.entry import Entry
from gridgames.games.guard import GameFault, take_warnings, why_off

if TYPE_CHECKING:
    from gridgames.tui.app import GridGamesApp


def refuse_game(app: GridGamesApp, entry: Entry) -> None:
    """Say why `entry` cannot be played in this run (on the first screen and on its card)."""
    reason = why_off(entry.id) or f"{entry.title} cannot be played in this run."
    app.select_screen.show_message(reason)
    app.select_screen.refresh_cards()


def game_failed(app: GridGamesApp, fault: GameFault) -> None:
    """Say in one sentence (once) which game failed, and go back to the first screen. The sentence is
    the run's first fault of that game (`why_off`), the one its card shows, even when a later call of
    the broken game's code is what brought the app here."""
    reason = why_off(fault.game_id) or fault.reason
    if app.warn_once(reason):
        app.notify(reason, title="A game was switched off", severity="error", timeout=12)
    while len(app.screen_stack) > 1:
        app.pop_screen()
    app.select_screen.show_message(reason)
    app.select_screen.refresh_cards()


def say_warnings(app: GridGamesApp) -> None:
    """Each storage problem as a toast, once per run (an unwritable folder fails every move), and
    each solver switched off (the game plays on by search)."""
    for warning in app.store.take_warnings():
        if app.warn_once(str(warning)):
            app.notify(str(warning), title="Not saved", severity="warning", timeout=10)
    for text in take_warnings():
        app.notify(text, title="A solver was switched off", severity="warning", timeout=12)
