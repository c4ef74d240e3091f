"""`gridgames puzzle --plain` in a real pseudo-terminal, typed as a person types: the last claim that
limits the next move is marked, the themes stay hidden until the puzzle is over, and a new player's
rating after it carries the provisional "?"."""

from __future__ import annotations

import re
import time
from pathlib import Path

from tests.tui.terminal import Terminal


def output_until(terminal: Terminal, text: str, timeout: float = 30.0) -> str:
    """Everything the command wrote, once `text` is among it (waited for up to `timeout` seconds)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        written = terminal.output.decode("utf-8", "replace")
        if text in written:
            return written
        terminal.read(0.1)
    written = terminal.output.decode(errors="replace")
    raise AssertionError(f"{text!r} was not written; the output was:\n{written}")


def test_plain_mode_marks_the_last_claim_hides_the_themes_and_shows_a_provisional_rating(tmp_path: Path):
    terminal = Terminal(["puzzle", "--game", "rowcol", "--plain", "--seed", "1"], tmp_path, cols=100, rows=40)
    try:
        before = output_until(terminal, "your move:")
        assert re.search(r"Last move: Player [12] \([XO]\) [A-H]\d, so Player [12] \([XO]\) plays in row "
                         r"[A-H] or column \d\.", before), before
        assert "theme" not in before.lower()
        terminal.keys("solution\r")
        after = output_until(terminal, "Type next for the next puzzle")
        assert re.search(r"Your puzzle rating: \d+\? \(-\d+\)\.", after), after
        assert "Themes: " in after[len(before):]
        terminal.keys("quit\r")
    finally:
        terminal.close()
