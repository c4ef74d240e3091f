"""The footer every screen and dialog shows: its own keys, most important first, as many as fit.

Textual's footer lists every shown key in the order the bindings are found and lets the rest run
off the right edge (at 60 columns "q Quit" was cut, and the log, hint and analysis keys were left
out before Quit). This one shows the keys in the order of importance a screen gives in
`FOOTER_ORDER` (action names; keys it does not name follow in their own order) and drops keys from
the end until the line fits. The command palette's key (^p) is always shown, at the right edge;
the palette lists every command.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.events import Resize
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def _width(key: FooterKey) -> int:
    """Cells a compact key takes: its key, a space, its description, and the gap after it."""
    label = f"{key.key_display} {key.description}" if key.description else key.key_display
    return cell_len(label) + 1 + (1 if key.has_class("-command-palette") else 0)


def _action_name(key: FooterKey) -> str:
    """`answer(True)` -> `answer`: a screen ranks an action, whatever its parameters."""
    return key.action.partition("(")[0]


def by_importance(keys: list[FooterKey], order: tuple[str, ...]) -> list[FooterKey]:
    """`keys` in the order of `order` (action names); the others after them, as they came."""
    rank = {action: place for place, action in enumerate(order)}
    return sorted(keys, key=lambda key: rank.get(_action_name(key), len(order)))  # stable


def fitting(keys: list[FooterKey], order: tuple[str, ...], width: int) -> list[FooterKey]:
    """`keys` by importance (`by_importance`), the least important dropped until the total fits
    `width`: greyed-out keys first (Resign after the game's end), then the others from the end.
    The most important key and the palette's key stay."""
    palette = [key for key in keys if key.has_class("-command-palette")]
    kept = by_importance([key for key in keys if key not in palette], order)
    while kept[1:] and sum(map(_width, kept + palette)) > width:
        greyed = [key for key in kept[1:] if key.has_class("-disabled")]
        kept.remove(greyed[-1] if greyed else kept[-1])
    return kept + palette


class KeysFooter(Footer):
    """A compact footer that fits the terminal's width (see the module docstring).

    It is rebuilt only when the keys it would show change: Textual's footer rebuilds on every
    change of the screen's bindings (three times while the first screen settles, each time
    mounting and styling every key again, for the same keys)."""

    def __init__(self, show_command_palette: bool = True) -> None:
        super().__init__(compact=True, show_command_palette=show_command_palette)
        self._width = 0
        self._shown: object = None  # what the keys were built from (see `_keys_now`)
        self._rebuild_pending = False

    def compose(self) -> ComposeResult:
        self._shown = self._keys_now()
        keys: list[Widget] = list(super().compose())
        for key in keys:
            key.add_class("-compact")  # what binding `compact` does once mounted: one styling, not two
        if not all(isinstance(key, FooterKey) for key in keys):  # key groups: Textual's own layout
            yield from keys
            return
        order = tuple(getattr(self.screen, "FOOTER_ORDER", ()))
        yield from fitting(keys, order, self.app.size.width)  # type: ignore[arg-type]

    def _keys_now(self) -> object:
        """What the footer's keys are made of: the screen's active bindings (shown or not),
        whether each is enabled, their tooltips; None while the bindings are not known yet."""
        if not self._bindings_ready:
            return None
        bindings = self.screen.active_bindings.values()
        return tuple((binding, enabled, tip) for _, binding, enabled, tip in bindings)

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not self._rebuild_pending:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild_if_changed)

    async def _rebuild_if_changed(self) -> None:
        self._rebuild_pending = False
        if self.is_attached and self._keys_now() != self._shown:
            await self.recompose()

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self._width:
            first = self._width == 0
            self._width = event.size.width
            if not first:
                self.call_after_refresh(self.recompose)
