"""The title bar of every screen: Textual's Header, with an icon every font draws, whose title never
fails while its screen is being taken down.

Textual's own icon, `⭘` (U+2B58), is in no font a browser has by default, so under `gridgames
serve` Chromium drew it as an empty box. `≡` is in WGL4, the set Liberation Mono, DejaVu Sans Mono
and Courier New all carry; clicking it opens the command palette as before.

Textual's Header updates its title from a watcher that finds the title widget by query and lets only
`NoScreen` pass; when one game screen replaces another, the title can change after the header's
children are gone, and the query raised `NoMatches` in the app (a test at 60x20 saw it about one run in
three). `TitleBar` registers the same watchers with both errors let pass.
"""

from __future__ import annotations

from typing import Any

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widget import Widget
from textual.widgets import Header

TITLE_ICON = "≡"


class TitleBar(Header):
    def _on_mount(self, event: Mount) -> None:
        async def set_title() -> None:
            try:
                title: Any = self.query_one("HeaderTitle")  # by type name: the class is Textual's own
                title.update(self.format_title())
            except (NoScreen, NoMatches):
                pass  # the header is being taken down with its screen: no title to show

        Widget._on_mount(self, event)
        event.prevent_default()  # instead of Header's own watchers, which let NoMatches through
        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)


def title_bar() -> Header:
    return TitleBar(icon=TITLE_ICON)
