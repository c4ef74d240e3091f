"""Thin screens (issue 28, item 3): every module of the app is at most 300 lines, no computer level
or seat policy is written in it (the play layer decides which seats prepare the solver or are
proven), and the three board screens share one base for saying, pointing and the move kinds."""

from __future__ import annotations

import ast
from pathlib import Path

from gridgames.solve.players import LEVELS
from gridgames.tui.screens.board_screen import BoardScreen
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.online import OnlineGameScreen
from gridgames.tui.screens.puzzle import PuzzleScreen

TUI = Path(__file__).resolve().parents[2] / "gridgames" / "tui"
MOST_LINES = 300


def test_every_module_of_the_app_is_at_most_300_lines():
    long = {
        str(path.relative_to(TUI)): n
        for path in sorted(TUI.rglob("*.py"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert not long, f"over {MOST_LINES} lines: {long}"


def test_no_computer_level_is_named_in_the_app():
    named = []
    for path in sorted(TUI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in LEVELS:
                named.append(f"{path.relative_to(TUI)}:{node.lineno} names {node.value!r}")
    assert not named, "\n".join(named)


def test_the_board_screens_share_one_base():
    for screen in (GameScreen, OnlineGameScreen, PuzzleScreen):
        assert issubclass(screen, BoardScreen), screen
        for shared in ("say", "play_cell", "action_alternate_mode", "let_go"):
            assert shared not in vars(screen), f"{screen.__name__} writes {shared} again"
