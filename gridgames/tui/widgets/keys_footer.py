"""The footer every screen and dialog shows: its own keys, as many as fit on one line.

Textual's footer lists every shown key and lets the rest run off the right edge (at 60 columns
"q Quit" was cut). This one leaves out the keys a screen names in `FOOTER_SPARE`, in that order,
until the line fits; the command palette (Ctrl+P) still lists every command.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def _width(key: FooterKey) -> int:
    """Cells a compact key takes: its key, a space, its description, and the gap after it."""
    label = f"{key.key_display} {key.description}" if key.description else key.key_display
    return cell_len(label) + 1 + (1 if key.has_class("-command-palette") else 0)


def fitting(keys: list[FooterKey], spare: tuple[str, ...], width: int) -> list[FooterKey]:
    """`keys` without the spare ones (in `spare` order), then without the last but one, until the
    total fits `width`. The last key (Quit) and the palette key stay."""
    kept = list(keys)
    for action in spare:
        if sum(map(_width, kept)) <= width:
            return kept
        kept = [key for key in kept if key.action != action]
    while sum(map(_width, kept)) > width and len(kept) > 2:
        palette = kept[-1].has_class("-command-palette")
        del kept[-3 if palette else -2]
    return kept


class KeysFooter(Footer):
    """A compact footer that fits the terminal's width (see the module docstring)."""

    def __init__(self, show_command_palette: bool = True) -> None:
        super().__init__(compact=True, show_command_palette=show_command_palette)
        self._width = 0

    def compose(self) -> ComposeResult:
        keys: list[Widget] = list(super().compose())
        if not all(isinstance(key, FooterKey) for key in keys):  # key groups: Textual's own layout
            yield from keys
            return
        spare = tuple(getattr(self.screen, "FOOTER_SPARE", ()))
        yield from fitting(keys, spare, self.app.size.width)  # type: ignore[arg-type]

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self._width:
            first = self._width == 0
            self._width = event.size.width
            if not first:
                self.call_after_refresh(self.recompose)
