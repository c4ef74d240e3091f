"""Every shipped puzzle as plain data, for `gridgames puzzle --list --json`: enough to check each one with
another solver (the game and its options, the moves from the start, the solution) and to pick them
(theme, rating, length)."""

from __future__ import annotations

from typing import Any

from gridgames.games import catalogue, get_entry
from gridgames.puzzles.data import same_rules
from gridgames.puzzles.model import Puzzle
from gridgames.puzzles.plugins import every


def record(puzzle: Puzzle) -> dict[str, Any]:
    """One puzzle as JSON-able data; `moves` and `solution` are in the notation of `game`'s rule book,
    which every book in `books` plays too."""
    entry = get_entry(puzzle.game)
    options: dict[str, Any] = {"rows": puzzle.rows, "cols": puzzle.cols, "first": puzzle.first}
    chosen = entry.resolve_options(puzzle.options)
    options.update({spec.name: chosen.get(spec.name, spec.default) for spec in entry.option_specs})
    return {
        "id": puzzle.id,
        "game": puzzle.game,
        "books": [other.id for other in catalogue() if same_rules(other, entry)],
        "board": f"{puzzle.rows}x{puzzle.cols}",
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "options": options,
        "notation": entry.coord_style,
        "moves": list(puzzle.moves),
        "to_move": puzzle.first if len(puzzle.moves) % 2 == 0 else 3 - puzzle.first,
        "solution": list(puzzle.solution),
        "player_moves": puzzle.player_moves,
        "theme": puzzle.theme,
        "themes": list(puzzle.themes),
        "rating": puzzle.rating,
        "legal_moves": puzzle.legal,
        "proof_nodes": puzzle.nodes,
    }


def listing(game: str | None = None) -> list[dict[str, Any]]:
    """Every puzzle, shipped and the games' own (of the rules `game` plays, when given), in the file's
    order."""
    puzzles = every()
    if game is not None:
        entry = get_entry(game)
        puzzles = tuple(p for p in puzzles if same_rules(get_entry(p.game), entry))
    return [record(p) for p in puzzles]
