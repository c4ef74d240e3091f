"""Command palette provider: every action the current screen offers, a new game of each variant, then
Textual's own commands (theme, keys, screenshot...).

It is the palette's only provider, so the game's commands come first in the list (with Textual's
system provider beside it, the order was whichever provider answered first) and Quit is listed once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, cast

from textual import on
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.widget import Widget
from textual.widgets import Input

from gridgames.games import catalogue


class GridGamesCommands(Provider):
    """The app's own commands, as named in the footer; greyed-out and hidden actions are left out."""

    def _commands(self) -> Iterator[tuple[str, str, Callable[[], object]]]:
        seen: set[str] = set()
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if not (binding.show and binding.description and active.enabled) or binding.action in seen:
                continue
            if active.node is self.app:  # the palette key itself and the hidden Ctrl+O
                continue
            seen.add(binding.action)
            help_text = f"Key: {binding.key_display or binding.key}"
            node = cast(Widget, active.node)  # bindings belong to widgets, screens and the app
            yield binding.description, help_text, partial(node.run_action, binding.action)
        app = self.app
        if hasattr(self.screen, "action_save_record"):
            yield "Save game record as…", "Key: ctrl+s", partial(self.screen.run_action, "save_record")
        yield "Open game record…", "Key: ctrl+o", partial(app.run_action, "open_record")
        for entry in catalogue():
            yield (
                f"New game: {entry.label}",
                entry.summary,
                partial(self.app.open_new_game, entry),  # type: ignore[attr-defined]
            )
        for command in app.get_system_commands(self.screen):
            if command.title == "Quit" and "app.quit" in seen:  # the screen's own "q Quit" is listed
                continue
            yield command.title, command.help, command.callback

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)


class OnceClosingPalette(CommandPalette):
    """Textual's command palette, closing only while it is the active screen.

    A selection, Escape or outside click queued behind the one that closed it would close it
    again and pop the screen below (the game), so a close after the first does nothing; and
    input typed behind the close would start a search in a palette whose list is already being
    removed, so such input is ignored (its `Input.Changed` stops here, before the palette's own
    handler).
    """

    def dismiss(self, result: Any = None) -> Any:
        if self.is_active:
            return super().dismiss(result)
        return None

    @on(Input.Changed)
    def ignore_input_after_closing(self, event: Input.Changed) -> None:
        if not self.is_active:
            event.prevent_default()
