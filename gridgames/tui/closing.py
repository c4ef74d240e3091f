"""Closing a screen safely under typed-ahead input.

Keys and clicks queue up faster than the app handles them. A second Escape, answer or palette
selection queued behind the one that closed a screen must not close the screen below it; and a
screen closed before it has settled (mounted and painted once) makes Textual's own widgets fail on
children already removed (a Select filling its drop-down, a Header setting its title). So a screen
closes only while it is the active screen, and only once it has settled: a close asked earlier
waits for the screen's next paint.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakSet

from textual.screen import Screen

_settled: WeakSet[Screen[Any]] = WeakSet()


def settle_after_first_paint(screen: Screen[Any]) -> None:
    """Call from a screen's `on_mount`: once painted, it closes at once when asked."""
    screen.call_after_refresh(_settled.add, screen)


def close_screen(screen: Screen[Any], close: Callable[[], object]) -> None:
    """Run `close` (a dismiss or a pop of `screen`) if `screen` is active once it has settled."""
    if screen not in _settled:
        if screen.is_attached:
            screen.call_after_refresh(_settle_and_close, screen, close)
        return
    if screen.is_active:
        close()


def _settle_and_close(screen: Screen[Any], close: Callable[[], object]) -> None:
    _settled.add(screen)
    close_screen(screen, close)
