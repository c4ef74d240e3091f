"""Shown instead of everything else while the terminal is smaller than the app needs."""

from __future__ import annotations

from textual.geometry import Size
from textual.widget import Widget

MIN_SIZE = Size(60, 20)


def too_small_message(size: Size) -> str:
    return (
        f"This terminal is {size.width}x{size.height}: gridgames needs at least "
        f"{MIN_SIZE.width}x{MIN_SIZE.height}.\nPlease make the window larger."
    )


class TooSmall(Widget):
    """Visible only when the app has the `-too-small` class (see app.tcss)."""

    def render(self) -> str:
        return too_small_message(self.app.size)
