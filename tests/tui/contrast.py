"""Contrast of what the app draws: every character of text or mark against its background, as the
WCAG defines it (relative luminance of sRGB colours; 4.5:1 is the least for normal text).

Read from the compositor's segments (what Textual sends to the terminal), in true colour and as a
256-colour terminal (tmux's default) shows them after Rich maps each colour to that palette.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.color import Color, ColorSystem
from rich.style import Style
from textual.app import App
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widgets import ListView, OptionList

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



#: The least contrast of a focus indicator against what surrounds it (WCAG 2.2, 1.4.11 and 2.4.13).
RING = 3.0


def _grid(app: App[object]) -> list[list[tuple[str, Style]]]:
    """Every cell of the screen as (character, style), row by row."""
    grid: list[list[tuple[str, Style]]] = []
    for line in app.screen._compositor.render_full_update().strips:
        row: list[tuple[str, Style]] = []
        for segment in (segment for strip in line for segment in strip):
            style = segment.style if isinstance(segment.style, Style) else Style()
            row.extend((ch, style) for ch in segment.text)
        grid.append(row)
    return grid


def marked_region(widget: Any, grid: list[list[tuple[str, Style]]]) -> Region:
    """What shows a widget's focus: a list's highlighted row, else the widget itself."""
    if isinstance(widget, ListView) and widget.highlighted_child is not None:
        return widget.highlighted_child.region  # type: ignore[no-any-return]
    if isinstance(widget, OptionList) and widget.highlighted is not None:
        region = widget.content_region
        component = widget.get_component_rich_style("option-list--option-highlighted")
        rows = [
            y for y in range(region.y, region.bottom)
            if any(style.bgcolor == component.bgcolor for _, style in grid[y][region.x : region.right])
        ]
        if rows:
            return Region(region.x, rows[0], region.width, rows[-1] - rows[0] + 1)
    return widget.region  # type: ignore[no-any-return]


def ring(app: App[object], widget: Any, system: ColorSystem = ColorSystem.TRUECOLOR) -> float:
    """How far `widget` (its highlighted row, for a list) stands out from what surrounds it: the
    contrast of its most distinct colour (a cell's background, or a border's line) against the
    nearest colour of the cells just outside it. A focus ring needs `RING`:1; a widget without
    the focus should stay below it, or it looks focused."""
    grid = _grid(app)
    region = marked_region(widget, grid)

    def shown(x: int, y: int) -> tuple[tuple[int, int, int], tuple[int, int, int], str]:
        ch, style = grid[y][x]
        fg = _rgb(style.color, system, (255, 255, 255))
        bg = _rgb(style.bgcolor, system, (0, 0, 0))
        return (bg, fg, ch) if style.reverse else (fg, bg, ch)

    inside: set[tuple[int, int, int]] = set()
    around: set[tuple[int, int, int]] = set()
    for y in range(max(0, region.y - 1), min(len(grid), region.bottom + 1)):
        for x in range(max(0, region.x - 1), min(len(grid[y]), region.right + 1)):
            fg, bg, ch = shown(x, y)
            if region.contains(x, y):
                inside |= {bg, fg} if ch in DECORATION else {bg}
            else:
                around.add(bg)
    return max(min(ratio(colour, other) for other in around) for colour in inside)
