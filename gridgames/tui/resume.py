"""Resuming a saved game in the app: its seats and match score from the settings saved beside it.

The settings are line mode's keys plus both seats (`gridgames.session.settings_for`), so a game
saved by the app resumes in `gridgames play --plain --resume` and the other way round.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from gridgames.engine.errors import GameError
from gridgames.engine.match import Match
from gridgames.games import get_entry
from gridgames.storage import SavedGame
from gridgames.tui.choices import HUMAN, Setup


@dataclass(frozen=True)
class Resumed:
    """A saved game made ready to play on; `note` says what could not be restored ("" if all was)."""

    setup: Setup
    match: Match
    note: str = ""


def resume(saved: SavedGame, levels: Collection[str]) -> Resumed:
    """The setup and match score of `saved`; unknown computer levels become people, with a note."""
    game, settings = saved.game, saved.settings
    notes: list[str] = []
    seats = _seats(settings)
    known = [seat if seat == HUMAN or seat in levels else HUMAN for seat in seats]
    if known != seats:
        notes.append("The computer player is not available here, so people play both sides.")
    match = None
    if isinstance(settings.get("match"), dict):
        try:
            match = Match.from_dict(settings["match"], get_entry)
        except GameError:
            match = None
        if match is None or match.entry.id != game.entry.id:
            match = None
            notes.append("The match score could not be restored; it starts again at 0.")
    setup = Setup(game.entry.id, game.options, (known[0], known[1]))
    if match is None:
        match = setup.new_match(game.entry)
    else:
        if match.is_over:  # line mode's match ended with this game's predecessor: play on
            match = Match(match.entry, match.options, scoring=match.scoring, starts=match.starts)
        same_board = (match.options.size, match.options.adjacency) == (
            game.options.size,
            game.options.adjacency,
        )
        options = match.options if same_board else game.options  # the match's keeps "toss"
        setup = Setup(setup.variant, options, setup.seats, match.starts, match.scoring)
    return Resumed(setup, match, " ".join(notes))


def _seats(settings: dict[str, Any]) -> list[str]:
    seats = settings.get("seats")
    if isinstance(seats, list) and len(seats) == 2 and all(isinstance(s, str) for s in seats):
        return list(seats)
    vs, computer_plays = settings.get("vs"), settings.get("computer_plays", 2)
    if not isinstance(vs, str) or computer_plays not in (1, 2):
        return [HUMAN, HUMAN]
    return [vs, HUMAN] if computer_plays == 1 else [HUMAN, vs]
