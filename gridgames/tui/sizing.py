"""The app's size: classes for a short or too-small terminal, and the too-small notice holding the
focus (and the keys) while the terminal is too small, on every screen shown meanwhile."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.geometry import Size
from textual.screen import Screen

from gridgames.tui.widgets.too_small import MIN_SIZE, TooSmall

#: Below this many rows the dialogs drop the blank lines between their fields.
SHORT_HEIGHT = 26


def too_small(size: Size) -> bool:
    return size.width < MIN_SIZE.width or size.height < MIN_SIZE.height


def check_size(app: App[Any], size: Size | None = None) -> None:
    """Mark the app short or too small for `size` (default: its own), and guard its screen."""
    size = size or app.size
    small = too_small(size)
    app.set_class(small, "-too-small")
    app.set_class(size.height < SHORT_HEIGHT, "-short")
    if app.screen_stack:
        guard_size(app, app.screen, small)
        for widget in app.screen.query(TooSmall):
            widget.refresh()


def guard_size(app: App[Any], screen: Screen[Any], small: bool | None = None) -> None:
    """The notice takes the focus (and the keys) while the terminal is too small; then the focus
    goes back (also for a screen shown or uncovered meanwhile)."""
    small = too_small(app.size) if small is None else small
    guard = app.size_guard  # type: ignore[attr-defined]
    (guard.guard if small else guard.release)(screen)
