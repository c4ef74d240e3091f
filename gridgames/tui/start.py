"""Which screen the app opens on, from its command line: an online room (`host`/`join`), a record
(`--load`), the puzzles (`puzzle`), a game's unfinished games or new-game panel (`play VARIANT`),
or the first screen; then the notices kept for the start (the last choices, games left out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gridgames import games
from gridgames.engine.errors import GameError
from gridgames.games import get_entry
from gridgames.games.guard import probe

if TYPE_CHECKING:
    from gridgames.tui.app import GridGamesApp


def open_first(app: GridGamesApp) -> None:
    if app.online:
        from gridgames.tui.online import plan_from_command

        app.start_online(plan_from_command(app.online))
    elif app.load_path:
        app.open_record(app.load_path)
    elif app.start_puzzles is not None:
        app.open_puzzles(app.start_puzzles or None, streak=app.start_streak)
    else:
        _open_variant(app)
    app.show_storage_warnings()
    if app.note:
        app.notify(app.note, title="Your last choices", timeout=8)
    for problem in games.problems():
        app.notify(problem, title="A game was left out", severity="warning", timeout=10)


def _open_variant(app: GridGamesApp) -> None:
    """`play VARIANT` (or no variant): its unfinished games first, unless options ask for a new game."""
    try:
        entry = get_entry(app.variant) if app.variant else None
    except GameError as error:
        app.select_screen.show_message(str(error))
        return
    kept = app.unfinished(entry.id if entry else None)
    if entry is not None and probe(entry) is not None:
        app.refuse_game(entry)
    elif entry is not None and app.new_game:
        app.start_game(app.choices.setup_for(entry))
    elif kept:
        app.offer_saves(kept, entry)
    elif entry is not None:
        app.open_new_game(entry)
