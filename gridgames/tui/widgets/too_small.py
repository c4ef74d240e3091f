"""Shown instead of everything else while the terminal is smaller than the app needs.

While it shows, it holds the focus and takes every key but the quit keys, so nothing happens
unseen (`u` used to take a move back behind the notice). When the terminal is large enough
again, the focus goes back where it was (`SizeGuard`): the board keeps its cursor.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

MIN_SIZE = Size(60, 20)
QUIT_KEYS = frozenset({"ctrl+q", "ctrl+c"})


def too_small_message(size: Size) -> str:
    return (
        f"This terminal is {size.width}x{size.height}: gridgames needs at least "
        f"{MIN_SIZE.width}x{MIN_SIZE.height}.\nPlease make the window larger."
    )


class TooSmall(Widget):
    """Visible only when the app has the `-too-small` class (see app.tcss); focusable only while
    it shows (a hidden widget could otherwise take a screen's first focus)."""

    def render(self) -> str:
        return too_small_message(self.app.size)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Every key is this widget's while it shows: the screen's keys do not reach the screen."""
        return key not in QUIT_KEYS


class SizeGuard:
    """Moves a screen's focus to its `TooSmall` notice and back, remembering where it was."""

    def __init__(self) -> None:
        self._before: WeakKeyDictionary[Screen[Any], Widget | None] = WeakKeyDictionary()

    def guard(self, screen: Screen[Any]) -> None:
        notice = next(iter(screen.query(TooSmall)), None)
        if notice is None or screen.focused is notice:
            return
        self._before[screen] = screen.focused
        notice.can_focus = True
        notice.focus(scroll_visible=False)

    def release(self, screen: Screen[Any]) -> None:
        notice = screen.focused
        if not isinstance(notice, TooSmall):
            return
        notice.can_focus = False
        before = self._before.pop(screen, None)
        if before is not None and before.is_attached and before.focusable:
            before.focus(scroll_visible=False)
        else:
            screen.set_focus(None)
            screen.focus_next()
