"""The title bar of every screen: Textual's Header, with an icon every font draws.

Textual's own icon, `⭘` (U+2B58), is in no font a browser has by default, so under `gridgames
serve` Chromium drew it as an empty box. `≡` is in WGL4, the set Liberation Mono, DejaVu Sans Mono
and Courier New all carry; clicking it opens the command palette as before.
"""

from __future__ import annotations

from textual.widgets import Header

TITLE_ICON = "≡"


def title_bar() -> Header:
    return Header(icon=TITLE_ICON)
