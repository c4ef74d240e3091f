"""The app's unfinished games: which are offered (autosaves and kept online seats, newest first;
a switched-off game's are left on disk), the offer itself, and resuming one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.games import get_entry
from gridgames.games.guard import probe
from gridgames.storage import SavedGame

if TYPE_CHECKING:
    from gridgames.tui.app import GridGamesApp


def unfinished(app: GridGamesApp, variant: str | None) -> list[Any]:
    """Games to play on, newest first: the autosaves and the online games whose seats are kept."""
    from gridgames.online import SEATS_FOLDER

    kept = []
    if (app.store.root / SEATS_FOLDER).is_dir():  # the seats' module only where some were kept
        from gridgames.online import seats

        kept = [seat for seat in seats.unfinished(variant, app.store.root) if _plays(seat.variant)]
    games = [*offerable(app.store.unfinished(variant)), *kept]
    return sorted(games, key=lambda saved: saved.saved_at, reverse=True)  # newest first, online or not


def offerable(saves: list[SavedGame]) -> list[SavedGame]:
    """The saves whose game plays (`probe`): a switched-off game's saves are not offered, and stay
    on disk for a fixed version of it; its card says why, once."""
    return [saved for saved in saves if probe(saved.game.entry) is None]


def offer_saves(app: GridGamesApp, saves: list[Any], entry: Entry | None = None) -> None:
    """Offer every save in `saves`: one is a yes/no question, several a list to choose from. With
    `entry`, "New game" opens its panel; declining leaves the saves on disk."""
    from gridgames.online.seats import SavedSeat
    from gridgames.tui.screens.confirm import ConfirmScreen
    from gridgames.tui.screens.resume import NEW_GAME, ResumeScreen, resume_question

    def answer(choice: object) -> None:
        if choice is True:
            choice = saves[0]
        if isinstance(choice, SavedGame):
            resume(app, choice)
        elif isinstance(choice, SavedSeat):  # an online game: back to its room
            from gridgames.tui.online import plan_to_rejoin

            app.start_online(plan_to_rejoin(choice))
        elif choice in (False, NEW_GAME) and entry is not None:
            app.open_new_game(entry)

    if len(saves) == 1:
        question = resume_question(saves[0])
        no = "New game" if entry is not None else "Not now"  # at start-up, declining is the game list
        app.push_screen(ConfirmScreen(question, yes="Resume", no=no, danger=False), answer)
    else:
        app.push_screen(ResumeScreen(saves, new_game=entry is not None), answer)


def resume(app: GridGamesApp, saved: SavedGame) -> None:
    """Play on from `saved`, unless another window has just taken it."""
    from gridgames.play import computer
    from gridgames.play.setup import resume as resumed_setup

    resumed = resumed_setup(saved.game, saved.settings, computer.levels())
    slot = app.store.claim(saved)
    if slot is None:
        app.notify("That game was just resumed in another window.", severity="warning", timeout=8)
        return
    app.start_game(resumed.setup, saved.game, resumed.match, slot=slot, clock_saved=resumed.clock)
    if resumed.note:
        app.notify(resumed.note, severity="warning", timeout=8)


def _plays(variant: str) -> bool:
    """Whether the game `variant` is installed and not switched off in this run."""
    try:
        return probe(get_entry(variant)) is None
    except GameError:
        return False
