"""The footer every screen and dialog shows: its own keys, most important first, as many as fit.

Textual's footer lists every shown key in the order the bindings are found and lets the rest run
off the right edge (at 60 columns "q Quit" was cut, and the log, hint and analysis keys were left
out before Quit). This one shows the keys in the order of importance a screen gives in
`FOOTER_ORDER` (action names; keys it does not name follow in their own order) and drops keys from
the end until the line fits. The command palette's key (^p) is always shown, at the right edge;
the palette lists every command.

It is one widget that draws its keys as one line, not a widget per key as Textual's footer is: each
widget costs styling and layout, and the footer is rebuilt whenever a screen's keys change (on the
first screen that was about 10 ms of a 270 ms start). A click on a key presses it, as Textual's
does; a greyed-out key rings the bell. The key under the pointer is highlighted and its tooltip
shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.screen import Screen
from textual.style import Style
from textual.widget import Widget

#: Cells between two keys.
GAP = 1


@dataclass(frozen=True)
class FooterKey:
    """One key as the footer shows it."""

    key: str  # what a click presses
    key_display: str
    description: str
    action: str
    enabled: bool = True
    tooltip: str = ""
    palette: bool = False  # the command palette's key, at the right edge

    @property
    def label(self) -> str:
        return f"{self.key_display} {self.description}" if self.description else self.key_display

    @property
    def action_name(self) -> str:
        """`answer(True)` -> `answer`: a screen ranks an action, whatever its parameters."""
        return self.action.partition("(")[0]


def _width(key: FooterKey) -> int:
    """Cells a key takes: its key, a space, its description, and the gap after it (the palette's key
    has a bar before it instead)."""
    return cell_len(key.label) + GAP + (1 if key.palette else 0)


def by_importance(keys: list[FooterKey], order: tuple[str, ...]) -> list[FooterKey]:
    """`keys` in the order of `order` (action names); the others after them, as they came."""
    rank = {action: place for place, action in enumerate(order)}
    return sorted(keys, key=lambda key: rank.get(key.action_name, len(order)))  # stable


def fitting(keys: list[FooterKey], order: tuple[str, ...], width: int) -> list[FooterKey]:
    """`keys` by importance (`by_importance`), the least important dropped until the total fits
    `width`: greyed-out keys first (Resign after the game's end), then the others from the end.
    The most important key and the palette's key stay."""
    palette = [key for key in keys if key.palette]
    kept = by_importance([key for key in keys if not key.palette], order)
    while kept[1:] and sum(map(_width, kept + palette)) > width:
        greyed = [key for key in kept[1:] if not key.enabled]
        kept.remove(greyed[-1] if greyed else kept[-1])
    return kept + palette


class KeysFooter(Widget, can_focus=False):
    """A compact footer that fits the terminal's width (see the module docstring)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "keys-footer--key",
        "keys-footer--description",
        "keys-footer--disabled",
        "keys-footer--hover",
        "keys-footer--bar",
    }
    # Textual's footer colours; a greyed-out key is muted, not dimmed (Textual's dim fades it to
    # about 3:1, and every text here is at least 4.5:1 against its background: test_contrast.py).
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .keys-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .keys-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .keys-footer--disabled {
            color: $text-muted;
        }
        & > .keys-footer--hover {
            background: $block-hover-background;
        }
        & > .keys-footer--bar {
            color: $foreground 20%;
        }
    }
    """

    def __init__(self, show_command_palette: bool = True) -> None:
        super().__init__()
        self.show_command_palette = show_command_palette
        self.keys: tuple[FooterKey, ...] = ()  # the screen's keys, shown or not (none until it says)
        self._spans: list[tuple[int, int, FooterKey]] = []  # where each shown key is drawn
        self._hover: FooterKey | None = None

    # -- which keys -----------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if screen is not self.screen or not self.is_attached:
            return
        keys = self._keys_now()
        if keys != self.keys:
            self.keys = keys
            self.refresh()

    def _keys_now(self) -> tuple[FooterKey, ...]:
        """The screen's shown keys (one per action), then the palette's."""
        app = self.app
        active = self.screen.active_bindings
        keys: dict[str, FooterKey] = {}
        words: dict[str, str] = getattr(self.screen, "footer_words", {})  # a screen's own, per question
        for _, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in keys:
                keys[binding.action] = FooterKey(
                    binding.key, app.get_key_display(binding), words.get(binding.action, binding.description),
                    binding.action, enabled, tooltip,
                )
        shown = list(keys.values())
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE and app.COMMAND_PALETTE_BINDING in active:
            _, binding, enabled, tooltip = active[app.COMMAND_PALETTE_BINDING]
            shown.append(FooterKey(
                binding.key, app.get_key_display(binding), binding.description, binding.action,
                enabled, binding.tooltip or binding.description or tooltip, palette=True,
            ))
        return tuple(shown)

    def shown(self) -> list[FooterKey]:
        """The keys drawn at the footer's width, in order."""
        order = tuple(getattr(self.screen, "FOOTER_ORDER", ()))
        return fitting(list(self.keys), order, self.size.width) if self.keys else []

    # -- drawing --------------------------------------------------------------------------------
    def render(self) -> Content:
        shown = self.shown()
        left = [key for key in shown if not key.palette]
        palette = [key for key in shown if key.palette]
        parts: list[str | tuple[str, Style]] = []
        spans: list[tuple[int, int, FooterKey]] = []
        x = 0
        for key in left:
            if x:
                parts.append(" " * GAP)
                x += GAP
            parts += self._key_parts(key)
            spans.append((x, x + cell_len(key.label), key))
            x += cell_len(key.label)
        for key in palette:
            start = max(x, self.size.width - cell_len(key.label) - 2)
            parts.append(" " * (start - x))
            parts.append(("▏", self.get_visual_style("keys-footer--bar")))
            parts += self._key_parts(key)
            parts.append(" ")
            spans.append((start + 1, start + 1 + cell_len(key.label), key))
        self._spans = spans
        return Content.assemble(*parts)

    def _key_parts(self, key: FooterKey) -> list[tuple[str, Style]]:
        """The key and its description, each in its style (greyed out, highlighted under the pointer)."""
        extra = ["keys-footer--disabled"] if not key.enabled else []
        if key == self._hover:
            extra.append("keys-footer--hover")
        key_style = self.get_visual_style("keys-footer--key", *extra)
        parts = [(key.key_display, key_style)]
        if key.description:
            description_style = self.get_visual_style("keys-footer--description", *extra)
            parts.append((f" {key.description}", description_style))
        return parts

    def on_resize(self, event: events.Resize) -> None:
        self.refresh()

    # -- the pointer ----------------------------------------------------------------------------
    def key_at(self, x: int) -> FooterKey | None:
        """The key drawn at column `x`, if any."""
        return next((key for start, end, key in self._spans if start <= x < end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._point_at(self.key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._point_at(None)

    def _point_at(self, key: FooterKey | None) -> None:
        if key != self._hover:
            self._hover = key
            self.tooltip = (key.tooltip or None) if key is not None else None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self.key_at(event.x)
        if key is None:
            return
        event.stop()
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()
