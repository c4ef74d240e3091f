"""A line of text that redraws only when its text changes."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Static


class Line(Static):
    """Plain text (no markup) shown with `show`: an unchanged text costs nothing, and a changed one
    asks for a layout pass only when its height may change (the status line changes on every move)."""

    def __init__(self, id: str, classes: str = "") -> None:
        super().__init__("", id=id, classes=classes, markup=False)
        self._text: str | None = None

    def show(self, text: str) -> None:
        old = self._text
        if old != text:
            self._text = text
            self.update(text, layout=old is None or not self._same_height(old, text))

    def _same_height(self, old: str, new: str) -> bool:
        """True when `old` and `new` take the same number of lines here (a fixed height, or the
        same line count with no line wider than the widget, so neither wraps)."""
        height = self.styles.height
        if height is not None and not height.is_auto:
            return True
        width = self.content_size.width
        old_lines, new_lines = old.split("\n"), new.split("\n")
        return (
            width > 0
            and len(old_lines) == len(new_lines)
            and all(cell_len(line) <= width for line in old_lines + new_lines)
        )
