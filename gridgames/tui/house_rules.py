"""Which rules are in force in a game, in words: its board size and, where the game offers one,
the adjacency house rule. The header, the status line and the rules pane all say it from here."""

from __future__ import annotations

from gridgames.engine.entry import Entry
from gridgames.engine.options import Options

ADJACENCY_WORDS = {
    "king": "touching includes diagonals (the book's rule)",
    "orthogonal": "house rule: only side by side counts as touching, diagonals do not",
}


def book_size(entry: Entry) -> str:
    return f"{entry.default_rows}x{entry.default_cols}"


def in_force(entry: Entry, options: Options) -> list[str]:
    """One phrase per option: '4x4 board (the book's: 3x3)', 'house rule: only side by side ...'."""
    size = f"{options.rows}x{options.cols}"
    phrases = [f"{size} board" + ("" if size == book_size(entry) else f" (the book's: {book_size(entry)})")]
    if entry.has_adjacency_option:
        phrases.append(ADJACENCY_WORDS.get(options.adjacency, options.adjacency))
    return phrases


def header(entry: Entry, options: Options) -> str:
    """The game screen's header after the game's name: '4x4, house rule: orthogonal only'."""
    parts = [f"{options.rows}x{options.cols}"]
    if entry.has_adjacency_option and options.adjacency == "orthogonal":
        parts.append("house rule: orthogonal only")
    return ", ".join(parts)


def rules_pane_note(entry: Entry, options: Options) -> str:
    """The first lines of the rules pane during a game: what is in force, before the book's text."""
    return "**In this game:** " + "; ".join(in_force(entry, options)) + ".\n\n"
