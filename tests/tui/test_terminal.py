"""The app in a pseudo-terminal (`tests/tui/terminal.py`): keys and SGR mouse reports as a terminal
sends them, the screen read back as a terminal shows it (issue 20: the new-game panel by keys and by
clicks, and a finished game resized)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from gridgames.games import get_entry
from gridgames.storage import save_record
from tests.tui.helpers import scripted_game
from tests.tui.terminal import Terminal

DOWN, ENTER = "\x1b[B", "\r"


@pytest.fixture
def terminals(data_dir: Path) -> Iterator[list[Terminal]]:
    """The terminals a test opens, closed after it."""
    opened: list[Terminal] = []
    yield opened
    for terminal in opened:
        terminal.close()


def open_terminal(terminals: list[Terminal], data_dir: Path, *args: str, size=(100, 32)) -> Terminal:  # type: ignore[no-untyped-def]
    terminal = Terminal(list(args), data_dir, *size)
    terminals.append(terminal)
    return terminal


def test_the_new_game_panel_by_keys_then_a_click_on_an_option(terminals, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    """At 60x20: Down then Enter opens Player 2's list (it started a game before); a click on an
    option of the open list chooses it and closes the list."""
    term = open_terminal(terminals, data_dir, "play", "rowcol", size=(60, 20))
    term.wait_for("Player 2 (O)")
    term.until(lambda: "tab/↑↓ Move" in term.line(19), "the panel's keys in the footer")
    term.keys(DOWN)
    term.keys(ENTER)
    column, row = term.steady("Computer (easy)")
    # the whole list, open under Player 2
    term.until(lambda: term.find("Computer (perfect)") is not None, "the whole list")
    term.click(column + 3, row)
    term.until(lambda: term.find("Computer (perfect)") is None, "the list to close")

    def chosen() -> bool:
        found = term.find("Player 2 (O)")
        return found is not None and "Computer (easy)" in term.line(found[1])

    term.until(chosen, "Computer (easy) beside Player 2")
    term.keys(DOWN + ENTER)  # the Rows list opens: still in the panel
    assert term.find("New game:") is not None


def column_spacing(term: Terminal) -> int:
    """Columns between the board's labels 1 and 2 (the cell width)."""
    for line in term.screen.display:
        found = re.match(r"\s+1(\s+)2\s", line)
        if found:
            return len(found.group(1)) + 1
    raise AssertionError(f"no column labels on the screen:\n{term.text}")


def test_a_finished_game_regrows_its_board_when_the_terminal_grows(terminals, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    game, _ = scripted_game(get_entry("rowcol"))
    record = data_dir.parent / "finished.gridgames"
    save_record(game, record)
    term = open_terminal(terminals, data_dir, "--load", str(record), size=(60, 20))
    term.wait_for("Play again")

    def spacing_steady() -> bool:  # the same over a pause in drawing: the board is laid out
        before = column_spacing(term)
        term.settle()
        return column_spacing(term) == before

    term.until(spacing_steady, "the board laid out")
    small = column_spacing(term)
    term.resize(100, 32)
    term.until(lambda: column_spacing(term) > small, "wider cells")
    term.resize(60, 20)
    term.until(lambda: column_spacing(term) == small, "the cells as before")


def test_a_file_name_with_an_escape_sequence_is_shown_escaped(terminals, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    """A name is anyone's to choose: in the file tree it shows with its control characters escaped,
    and its escape sequence never reaches the terminal."""
    records = data_dir / "records"
    records.mkdir(parents=True)
    (records / "red\x1b[31mALERT.gridgames").write_text("not a record", encoding="utf-8")
    term = open_terminal(terminals, data_dir)
    term.wait_for("Pick a game")
    term.keys("\x0f")  # Ctrl+O
    term.wait_for("ALERT")
    assert term.find("red\\x1b[31mALERT.gridgames") is not None
    assert b"\x1b[31mALERT" not in term.output


def test_the_app_leaves_when_its_terminal_is_closed_under_a_parent_that_keeps_it(  # type: ignore[no-untyped-def]
    terminals, data_dir: Path
) -> None:
    """`make run`'s make keeps the app's process alive when the window closes, so no hang-up signal
    reaches it: the app sees the terminal hang up and leaves, rather than spin a core with no terminal."""
    terminal = Terminal([], data_dir, deaf_to_hangup=True)
    terminals.append(terminal)
    terminal.wait_for("choose a game")
    assert terminal.hang_up(), "the app was still running after its terminal closed"
