"""A seeded monkey for the app: random keys, clicks, scrolls and resizes, picked with the screen in mind.

Keys and mouse presses are posted to the app the way the terminal driver posts them (a Key event;
a MouseDown then MouseUp, from which the app makes the Click), without waiting after each one, so
thousands fit in the test budget; `Pilot.pause()` lets the app catch up every few actions, and
resizes, scripted steps and a share of the keys go through `Pilot` itself. Every action is written
to `history` so a failure can be replayed from its seed.
"""

from __future__ import annotations

import inspect
import random
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button

from gridgames.engine.moves import Move
from gridgames.tui.app import GridGamesApp

#: Key name -> the character a terminal sends with it (None for keys without one).
KEY_CHARS: dict[str, str | None] = {
    "up": None,
    "down": None,
    "left": None,
    "right": None,
    "home": None,
    "end": None,
    "pageup": None,
    "pagedown": None,
    "delete": None,
    "backspace": "\x7f",
    "insert": None,
    "enter": "\r",
    "space": " ",
    "escape": "\x1b",
    "tab": "\t",
    "shift+tab": None,
    "f1": None,
    "f2": None,
    "f10": None,
    "question_mark": "?",
    "exclamation_mark": "!",
    "number_sign": "#",
    "full_stop": ".",
    "minus": "-",
    "plus": "+",
    "slash": "/",
    "ctrl+z": "\x1a",
    "ctrl+y": "\x19",
    "ctrl+p": "\x10",
    "ctrl+s": "\x13",
    "ctrl+c": "\x03",
    "ctrl+q": "\x11",
    "ctrl+l": "\x0c",
    "ctrl+a": "\x01",
    "ctrl+e": "\x05",
    "ctrl+d": "\x04",
}
KEY_CHARS.update({c: c for c in "abcdefghijklmnopqrstuvwxyz0123456789"})
KEY_CHARS.update({c.upper(): c.upper() for c in "ahjklnquwy"})

ALL_KEYS = tuple(KEY_CHARS)
# The keys each screen listens to, tried more often than the rest there.
BOARD_KEYS = ("up", "down", "left", "right", "h", "j", "k", "l", "enter", "space")
SCREEN_KEYS: dict[str, tuple[str, ...]] = {
    "SelectScreen": ("up", "down", "j", "k", "enter", "question_mark", "f1", "tab", "q", "ctrl+p"),
    "NewGamePanel": ("tab", "shift+tab", "up", "down", "enter", "space", "escape", "ctrl+s", "2", "9"),
    "GameScreen": BOARD_KEYS * 3
    + (
        "u",
        "ctrl+z",
        "r",
        "ctrl+y",
        "w",
        "n",
        "t",
        "i",
        "a",
        "escape",
        "question_mark",
        "f1",
        "q",
        "tab",
        "shift+tab",
        "ctrl+p",
        "y",
    ),
    "RulesScreen": ("up", "down", "j", "k", "pageup", "pagedown", "escape", "question_mark", "f1", "q"),
    "ConfirmScreen": ("y", "n", "escape", "tab", "enter", "left", "right"),
    "OnceClosingPalette": (
        "a",
        "e",
        "g",
        "n",
        "w",
        "q",
        "u",
        "space",
        "backspace",
        "up",
        "down",
        "enter",
        "escape",
    ),
}
# Keys a player holds down or types in a run on each screen (cursor and list moves): cheap for
# the app, so runs of them make up much of each fuzz run and let it reach thousands of actions.
RUN_KEYS: dict[str, tuple[str, ...]] = {
    "GameScreen": BOARD_KEYS[:8],
    "RulesScreen": ("up", "down", "j", "k", "pageup", "pagedown"),
    "OnceClosingPalette": ("up", "down"),
    "ConfirmScreen": ("left", "right", "tab"),
}
KEY_RUN_SHARE = 0.45  # the share of steps that are a run of 4 to 16 such keys
# Screens the monkey should not linger on: a good chance of pressing escape there.
LEAVE_SOON = {"RulesScreen", "OnceClosingPalette", "ConfirmScreen", "NewGamePanel"}

TINY_SIZES = ((20, 8), (24, 10), (30, 12), (40, 15), (59, 19), (60, 19), (59, 20))
NORMAL_SIZES = ((60, 20), (80, 24), (100, 30), (120, 40), (160, 50))


class FuzzApp(GridGamesApp):
    """The app with `exit` counted instead of done, so a random `q`, `y` cannot end a run early.

    A crash does not go through `exit` (Textual records it and closes the app), so it still ends the run.
    """

    CSS_PATH = str(Path(inspect.getfile(GridGamesApp)).with_name(str(GridGamesApp.CSS_PATH)))
    exit_requests = 0

    def exit(self, *args: Any, **kwargs: Any) -> None:
        self.exit_requests += 1


@dataclass
class Coverage:
    """What the runs reached, so a test can insist the monkey saw every screen and state."""

    screens: set[str] = field(default_factory=set)
    games: set[tuple[str, int, int, str]] = field(default_factory=set)  # variant, rows, cols, adjacency
    seats: set[tuple[str, str]] = field(default_factory=set)
    states: set[str] = field(default_factory=set)  # "game over", "history", "alternate mode", "tiny"
    actions: int = 0
    exit_requests: int = 0


class Monkey:
    """Drives one running app with `rng`; `history` keeps the latest actions for the failure report."""

    def __init__(
        self, app: FuzzApp, pilot: Pilot[None], rng: random.Random, coverage: Coverage, history: deque[str]
    ) -> None:
        self.app = app
        self.pilot = pilot
        self.rng = rng
        self.coverage = coverage
        self.history = history
        self.size = app.size

    # -- what the app shows ---------------------------------------------------------------
    @property
    def screen_name(self) -> str:
        return type(self.app.screen).__name__

    @property
    def alive(self) -> bool:
        return self.app.is_running and self.app._exception is None

    def observe(self) -> None:
        screen = self.app.screen
        name = type(screen).__name__
        self.coverage.screens.add(name)
        if self.size.width < 60 or self.size.height < 20:
            self.coverage.states.add("tiny")
        setup, game = getattr(screen, "setup", None), getattr(screen, "game", None)
        if name == "GameScreen" and setup is not None and game is not None:
            o = setup.options
            house = str(o.game_options.get("adjacency", "king"))
            self.coverage.games.add((setup.variant, o.rows, o.cols, house))
            self.coverage.seats.add(tuple(setup.seats))
            if game.is_over:
                self.coverage.states.add("game over")
            if getattr(screen, "viewing", None) is not None:
                self.coverage.states.add("history")
            if getattr(screen, "alternate_mode", False):
                self.coverage.states.add("alternate mode")

    def visible(self, widget: Widget) -> tuple[int, int] | None:
        """A point inside `widget` on screen, or None when it is not drawn (hidden, or a tiny terminal)."""
        region = widget.region
        if region.area == 0 or not widget.display:
            return None
        x = region.x + self.rng.randrange(region.width)
        y = region.y + self.rng.randrange(region.height)
        if 0 <= x < self.size.width and 0 <= y < self.size.height:
            return x, y
        return None

    # -- the actions (each writes one line of history) ------------------------------------
    def log(self, text: str, action: bool = True) -> None:
        """History names the screen on show when the action was sent (it is handled a little later)."""
        self.history.append(f"[{self.screen_name} {self.size.width}x{self.size.height}] {text}")
        self.coverage.actions += action

    def key(self, key: str) -> None:
        self.log(f"key {key}")
        self.app.post_message(events.Key(key, KEY_CHARS.get(key, key if len(key) == 1 else None)))

    async def press(self, *keys: str) -> None:
        """Keys through `Pilot.press`, which waits for the app after each."""
        self.log(f"pilot.press {' '.join(keys)}")
        await self.pilot.press(*keys)

    def click(self, x: int, y: int, button: int = 1, why: str = "") -> None:
        why = why or ("on the footer" if y == self.size.height - 1 else "")  # its ^p opens the palette
        self.log(f"click ({x}, {y}) button {button}{' ' + why if why else ''}")
        for event in (events.MouseDown, events.MouseUp):
            self.app.post_message(
                event(None, x, y, 0, 0, button, False, False, False, screen_x=x, screen_y=y)
            )

    def scroll(self, x: int, y: int, down: bool) -> None:
        self.log(f"scroll {'down' if down else 'up'} at ({x}, {y})")
        event = events.MouseScrollDown if down else events.MouseScrollUp
        self.app.post_message(event(None, x, y, 0, 0, 0, False, False, False, screen_x=x, screen_y=y))

    async def resize(self, width: int, height: int) -> None:
        self.log(f"pilot.resize_terminal({width}, {height})")
        self.size = type(self.size)(width, height)
        await self.pilot.resize_terminal(width, height)

    async def settle(self) -> None:
        await self.pilot.pause()
        self.observe()

    # -- choosing an action --------------------------------------------------------------
    async def step(self) -> None:
        """One random action suited to the current screen."""
        await self.act()

    async def act(self) -> None:
        # Keys are the cheapest actions for the app, clicks, moves and new screens the dearest:
        # mostly keys, many of them in runs (a key held down, or typed ahead of the app).
        rng, name = self.rng, self.screen_name
        if rng.random() < KEY_RUN_SHARE:
            keys = RUN_KEYS.get(name, ("up", "down", "tab", "shift+tab"))
            for _ in range(rng.randint(4, 16)):
                self.key(rng.choice(keys))
            return
        roll = rng.random()
        if roll < 0.015:
            await self.resize(*rng.choice(TINY_SIZES if rng.random() < 0.5 else NORMAL_SIZES))
        elif roll < 0.03:
            await self.press(rng.choice(SCREEN_KEYS.get(name, ALL_KEYS)))
        elif roll < 0.11:
            self.key(rng.choice(ALL_KEYS))
        elif roll < 0.17:
            self.random_click()
        elif roll < 0.20:
            self.scroll(rng.randrange(self.size.width), rng.randrange(self.size.height), rng.random() < 0.5)
        elif name in LEAVE_SOON and roll < 0.28:
            self.key("escape")
        elif name == "GameScreen" and roll < 0.5:
            self.game_action()
        elif name == "SelectScreen" and roll < 0.45:
            self.key("enter")
        elif name == "NewGamePanel" and roll < 0.45:
            self.panel_action()
        elif roll < 0.55:
            self.click_button()
        else:
            self.key(rng.choice(SCREEN_KEYS.get(name, ALL_KEYS)))

    def random_click(self) -> None:
        rng = self.rng
        button = rng.choice((1, 1, 1, 3, 2))
        self.click(rng.randrange(self.size.width), rng.randrange(self.size.height), button)

    def click_button(self) -> None:
        """Click one of the buttons on show (Start, Play again, Back to live game, Yes/No...)."""
        buttons = [(b, p) for b in self.app.screen.query(Button) if (p := self.visible(b)) is not None]
        if not buttons:
            self.random_click()
            return
        button, (x, y) = self.rng.choice(buttons)
        self.click(x, y, why=f"on #{button.id}")

    def panel_action(self) -> None:
        """Open a drop-down on the new-game panel and pick an entry, or start."""
        rng = self.rng
        if rng.random() < 0.3:
            self.key(rng.choice(("enter", "ctrl+s")))
            return
        for _ in range(rng.randint(1, 4)):
            self.key("tab")
        self.key("enter")
        for _ in range(rng.randint(0, 8)):
            self.key(rng.choice(("down", "down", "up")))
        self.key("enter")

    def game_action(self) -> None:
        """Mostly legal moves (so games reach their end), else the move log, keys or a bad click."""
        screen, rng = self.app.screen, self.rng
        game = getattr(screen, "game", None)
        roll = rng.random()
        if roll < 0.12:
            log = screen.query("#log")
            point = self.visible(log.first()) if log else None
            if point is not None:
                self.click(*point, why="on the move log")
                return
        if roll < 0.2:
            self.key(rng.choice(("tab", "up", "down", "enter", "shift+tab")))
            return
        legal = game.legal_moves() if game is not None and not game.is_over else ()
        if not legal or roll > 0.85:
            self.key(rng.choice(BOARD_KEYS))
            return
        move = rng.choice(legal)
        if roll < 0.5:
            self.move_by_keys(move)
            return
        text = game.rules.format_move(move) if game is not None else "?"
        for n, cell in enumerate(move.cells):  # a move over several cells is pointed at cell by cell
            cells = screen.query(f"#cell-{cell.row}-{cell.col}")
            point = self.visible(cells.first()) if cells else None
            if point is None:
                self.move_by_keys(move)
                return
            why = f"to play {text} ({n + 1}/{len(move.cells)})"
            self.click(*point, button=3 if move.kind else 1, why=why)

    def move_by_keys(self, move: Move) -> None:
        """Walk the board's cursor to the move's cell with arrows or hjkl, then Enter or Space."""
        screen, rng = self.app.screen, self.rng
        boards = screen.query("#board")
        if not boards:
            return
        cursor = getattr(boards.first(), "cursor", move.cells[0])
        self.log(f"(the next keys play {move} from the cursor at {tuple(cursor)})", action=False)
        if bool(move.kind) != bool(getattr(screen, "alternate_mode", False)):
            self.key("w")
        for cell in move.cells:
            rows, cols = cell.row - cursor.row, cell.col - cursor.col
            for _ in range(abs(rows)):
                self.key(rng.choice(("down", "j")) if rows > 0 else rng.choice(("up", "k")))
            for _ in range(abs(cols)):
                self.key(rng.choice(("right", "l")) if cols > 0 else rng.choice(("left", "h")))
            self.key(rng.choice(("enter", "space")))
            cursor = cell
