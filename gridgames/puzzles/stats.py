"""The player's puzzle dashboard as plain data (`gridgames puzzle --stats [--json]`): the rating and
its history, results by game and by theme, and the weakest themes. Computed from the progress file
and the shipped puzzles; a puzzle no longer shipped still counts in the totals, under game "?".

The JSON schema (version 1; docs/puzzles.md repeats it, tests/puzzles/test_stats.py checks both):

    {"version": 1,
     "rating": {"rating": float, "rd": float, "provisional": bool, "shown": str},
     "streak": int, "best_streak": int,
     "attempts": int, "solved": int,
     "history": [{"at": float, "rating": float}, ...],          # after each rated attempt, oldest first
     "by_game": {game id: {"attempts": int, "solved": int}, ...},
     "by_theme": {theme: {"attempts": int, "solved": int}, ...},
     "weakest_themes": [theme, ...]}                             # at most 3, worst first
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gridgames.puzzles.model import Puzzle
from gridgames.puzzles.progress import PROVISIONAL_RD, Progress

VERSION = 1
#: A theme is judged weak only after this many attempts at its puzzles.
MIN_THEME_ATTEMPTS = 3
WEAKEST = 3
#: The keys of the schema, in order (the test checks the docs name each).
KEYS = ("version", "rating", "streak", "best_streak", "attempts", "solved", "history", "by_game",
        "by_theme", "weakest_themes")


def stats(progress: Progress, puzzles: Iterable[Puzzle]) -> dict[str, Any]:
    """The dashboard of `progress`, its puzzles looked up in `puzzles` (see the module's schema)."""
    known = {puzzle.id: puzzle for puzzle in puzzles}
    by_game: dict[str, dict[str, int]] = {}
    by_theme: dict[str, dict[str, int]] = {}
    for attempt in progress.attempts:
        puzzle = known.get(attempt.puzzle)
        _count(by_game, puzzle.game if puzzle is not None else "?", attempt.solved)
        for theme in puzzle.themes if puzzle is not None else ():
            _count(by_theme, theme, attempt.solved)
    judged = [theme for theme, tally in by_theme.items() if tally["attempts"] >= MIN_THEME_ATTEMPTS]
    judged.sort(key=lambda theme: (by_theme[theme]["solved"] / by_theme[theme]["attempts"], theme))
    player = progress.player
    return {
        "version": VERSION,
        "rating": {"rating": round(player.rating, 1), "rd": round(player.rd, 1),
                   "provisional": player.rd > PROVISIONAL_RD, "shown": progress.rating_text},
        "streak": progress.streak,
        "best_streak": progress.best_streak,
        "attempts": len(progress.attempts),
        "solved": sum(attempt.solved for attempt in progress.attempts),
        "history": [{"at": a.at, "rating": a.rating} for a in progress.attempts
                    if a.rated and a.rating is not None],
        "by_game": by_game,
        "by_theme": by_theme,
        "weakest_themes": judged[:WEAKEST],
    }


def _count(table: dict[str, dict[str, int]], key: str, solved: bool) -> None:
    tally = table.setdefault(key, {"attempts": 0, "solved": 0})
    tally["attempts"] += 1
    tally["solved"] += solved


def text(board: dict[str, Any], titled: bool = False) -> str:
    """The dashboard as lines a person reads; `titled`: games by their titles, not their ids, and the
    themes practised from the puzzle screen's chooser (the app) rather than with --theme."""
    rating = board["rating"]["shown"]
    lines = [f"Puzzle rating {rating} · streak {board['streak']}, best {board['best_streak']}",
             f"{board['solved']} solved of {board['attempts']} tried"]
    if board["history"]:
        recent = " → ".join(f"{point['rating']:.0f}" for point in board["history"][-10:])
        lines.append(f"Rating, last {min(10, len(board['history']))} rated puzzles: {recent}")
    for title, key in (("By game", "by_game"), ("By theme", "by_theme")):
        if board[key]:
            tallies = sorted(board[key].items())
            lines.append(f"{title}: " + ", ".join(
                f"{_game_title(name) if titled and key == 'by_game' else name} "
                f"{tally['solved']}/{tally['attempts']}" for name, tally in tallies))
    if board["weakest_themes"]:
        where = "the puzzle screen's theme chooser" if titled else "--theme"
        weakest = ", ".join(board["weakest_themes"])
        lines.append(f"Weakest themes: {weakest} (practise one with {where})")
    return "\n".join(lines)


def _game_title(game: str) -> str:
    from gridgames.engine.errors import GameError
    from gridgames.games import get_entry

    try:
        return get_entry(game).title
    except (GameError, KeyError):
        return game
