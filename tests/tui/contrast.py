"""Contrast of what the app draws: every character of text or mark against its background, as the
WCAG defines it (relative luminance of sRGB colours; 4.5:1 is the least for normal text).

Read from the compositor's segments (what Textual sends to the terminal), in true colour and as a
256-colour terminal (tmux's default) shows them after Rich maps each colour to that palette.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.color import Color, ColorSystem
from rich.style import Style
from textual.app import App
from textual.screen import ModalScreen

LEAST = 4.5
#: Borders, bars and scrollbars: lines and blocks, not text (box drawing and block elements).
DECORATION = {chr(code) for code in range(0x2500, 0x25A0)}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: tuple[int, int, int]) -> float:
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(fg: tuple[int, int, int], bg: tuple[int, int, int]) -> float:
    high, low = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _rgb(color: Color | None, system: ColorSystem, default: tuple[int, int, int]) -> tuple[int, int, int]:
    if color is None or color.is_default:
        return default
    shown = color.downgrade(system) if system != ColorSystem.TRUECOLOR else color
    triplet = shown.get_truecolor()
    return (triplet.red, triplet.green, triplet.blue)


@dataclass(frozen=True)
class Low:
    """A run of text drawn below the least contrast."""

    ratio: float
    text: str
    row: int
    fg: tuple[int, int, int]
    bg: tuple[int, int, int]
    system: str

    def __str__(self) -> str:
        return f"{self.ratio:.2f}:1 {self.text!r} on row {self.row} ({self.system}: {self.fg} on {self.bg})"


def low_contrast(app: App[object], least: float = LEAST) -> list[Low]:
    """Every run of text or marks on the screen whose colours are below `least`:1.

    Under a dialog, the screen beneath is shaded on purpose and out of use until the dialog
    closes (WCAG leaves inactive parts out); only the dialog's own widgets are measured there."""
    found: list[Low] = []
    screen = app.screen
    update = screen._compositor.render_full_update()
    for row, line in enumerate(update.strips):
        x = 0
        for segment in (segment for strip in line for segment in strip):
            start, x = x, x + segment.cell_length
            text = "".join(ch for ch in segment.text if not ch.isspace() and ch not in DECORATION)
            style = segment.style
            if not text or style is None or not isinstance(style, Style):
                continue
            if isinstance(screen, ModalScreen) and screen.get_widget_at(start, row)[0] is screen:
                continue
            for system in (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT):
                fg = _rgb(style.color, system, (255, 255, 255))
                bg = _rgb(style.bgcolor, system, (0, 0, 0))
                if style.reverse:
                    fg, bg = bg, fg
                value = ratio(fg, bg)
                if value < least:
                    found.append(Low(round(value, 2), text, row, fg, bg, system.name.lower()))
    return found
