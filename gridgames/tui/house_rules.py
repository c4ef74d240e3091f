"""Which rules are in force in a game, in words: its board size and, where the game declares any,
its own options (each says what it adds, `OptionSpec.phrases` and `tags`). The header, the status
line and the rules pane all say it from here."""

from __future__ import annotations

from gridgames.engine.entry import Entry
from gridgames.engine.options import Options


def book_size(entry: Entry) -> str:
    return f"{entry.default_rows}x{entry.default_cols}"


def in_force(entry: Entry, options: Options) -> list[str]:
    """One phrase per option: '4x4 board (the book's: 3x3)', then what each game option says."""
    size = f"{options.rows}x{options.cols}"
    phrases = [f"{size} board" + ("" if size == book_size(entry) else f" (the book's: {book_size(entry)})")]
    phrases += [phrase for spec in entry.option_specs if (phrase := spec.phrase(spec.of(options)))]
    return phrases


def header(entry: Entry, options: Options) -> str:
    """The game screen's header after the game's name: '4x4', then each game option's tag."""
    parts = [f"{options.rows}x{options.cols}"]
    parts += [tag for spec in entry.option_specs if (tag := spec.tag(spec.of(options)))]
    return ", ".join(parts)


def rules_pane_note(entry: Entry, options: Options) -> str:
    """The first lines of the rules pane during a game: what is in force, before the book's text."""
    return "**In this game:** " + "; ".join(in_force(entry, options)) + ".\n\n"
