"""Play `rowcol` (rule book 003) in a real browser through `gridgames serve`, clicking cells like a user."""

from __future__ import annotations

import re
from pathlib import Path

from gridgames.engine.cells import parse_cell
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.games import catalogue, get_entry
from gridgames.tui.marks import FORBIDDEN, TARGET
from gridgames.tui.widgets.title_bar import TITLE_ICON

CATALOGUE = catalogue()


ROWCOL = get_entry("rowcol")
ROWS = "ABCDE"
PLAYABLE, NOT_NOW = TARGET, FORBIDDEN


def to_move(player: int) -> str:
    """The status line's start when `player` is to move, e.g. "Player 2 (O) to claim"."""
    return f"{ROWCOL.player(player)} to {ROWCOL.rules.verb}"


def board_cells(lines: list[str]) -> dict[str, tuple[int, int]]:
    """Screen (column, row) of each cell's glyph, e.g. {"C3": (40, 15)}: where its two labels meet."""
    header = next((y for y, line in enumerate(lines) if re.match(r"^\s*1\s+2\s+3\s+4\s+5\s", line)), None)
    assert header is not None, "no board column labels on screen:\n" + "\n".join(lines)
    columns = [m.start() for m in re.finditer(r"\d", lines[header])][:5]
    rows: dict[str, int] = {}
    for y in range(header + 1, len(lines)):
        match = re.match(r"^\s*([A-E])\s", lines[y])
        if match and match.group(1) not in rows:
            rows[match.group(1)] = y
    assert list(rows) == list(ROWS), f"row labels found: {list(rows)}"
    return {f"{r}{c + 1}": (x, rows[r]) for r in ROWS for c, x in enumerate(columns)}


def glyphs(lines: list[str], cells: dict[str, tuple[int, int]]) -> dict[str, str]:
    return {name: lines[y][x] if x < len(lines[y]) else " " for name, (x, y) in cells.items()}


def in_line_with(cell: str) -> set[str]:
    """Cells sharing a row or a column with `cell` (itself excluded)."""
    return {name for name in board_names() if (name[0] == cell[0]) != (name[1:] == cell[1:])}


def board_names() -> list[str]:
    return [f"{r}{c}" for r in ROWS for c in range(1, 6)]


def test_play_rowcol_by_clicking_cells(terminal, served_app, tmp_path: Path) -> None:
    terminal.open(served_app.url)
    terminal.wait_for_text(*(f"rule book {entry.book}" for entry in CATALOGUE))  # the five games
    # everything comes from our server (no web font from outside), and the title's icon is one the
    # browser's default fonts draw (issue 29, item 23)
    assert not terminal.page.refused_urls, f"the page asked for {terminal.page.refused_urls}"
    assert terminal.lines()[0].strip().startswith(TITLE_ICON), terminal.lines()[0]

    # Pick the variant with a click, then start a two-human game from the new-game panel.
    terminal.wait_until_still()
    terminal.click_text(f"rule book {ROWCOL.book}")
    terminal.wait_for_text(ROWCOL.label, " Start ")
    terminal.wait_until_still()
    terminal.click_text(" Start ")
    terminal.wait_for_text(to_move(1))

    lines = terminal.wait_until_still().splitlines()
    cells = board_cells(lines)
    # every cell is open for the first claim; rowcol's empty cells are not always playable, so the
    # board marks them with the target, not the book's empty symbol (Rules.empty_is_playable)
    assert set(glyphs(lines, cells).values()) == {PLAYABLE}, "every cell is open for the first claim"

    def play(cell: str, then: str) -> tuple[dict[str, str], str]:
        terminal.click(*cells[cell])
        terminal.wait_for_text(then)
        screen = terminal.wait_until_still()
        return glyphs(screen.splitlines(), cells), screen

    def playable(board: dict[str, str]) -> set[str]:
        return {cell for cell, glyph in board.items() if glyph == PLAYABLE}

    # X claims C3: O may now claim only in row C or column 3.
    board, screen = play("C3", to_move(2))
    assert board["C3"] == "X", f"C3 should show X:\n{screen}"
    assert playable(board) == in_line_with("C3"), screen
    assert board["B2"] == NOT_NOW, screen

    # A click on a cell out of line is refused with the engine's reason, and the board stays as it was.
    after_c3 = Game.new(ROWCOL).play("C3").state
    reason = ROWCOL.rules.why_illegal(after_c3, Move.at(parse_cell("B2", 5, 5)))
    assert reason is not None
    terminal.click(*cells["B2"])
    screen = terminal.wait_for_text(reason.split(":")[0])  # "B2 is not in row C or column 3"
    assert to_move(2) in screen
    assert glyphs(screen.splitlines(), cells) == board, screen

    # O claims C5, then X must answer in row C or column 5 (C3 is taken).
    board, screen = play("C5", to_move(1))
    assert (board["C3"], board["C5"]) == ("X", "O"), screen
    assert playable(board) == in_line_with("C5") - {"C3"}, screen

    board, screen = play("A5", to_move(2))
    assert (board["C3"], board["C5"], board["A5"]) == ("X", "O", "X"), screen
    assert playable(board) == in_line_with("A5") - {"C5"}, screen
    assert sum(glyph in "XO" for glyph in board.values()) == 3, screen

    shot = tmp_path / "browser.png"
    terminal.page.screenshot(path=str(shot))
    assert shot.stat().st_size > 1000
