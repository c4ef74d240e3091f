"""The app's two themes, dark and light, chosen so that every text and mark is readable.

Textual's own themes put some text below the 4.5:1 contrast the WCAG asks of normal text (in
textual-dark the primary button's label is 3.8:1, a "not now" mark 3.3:1; in textual-light the
footer keys are 2.9:1 and the accent 1.4:1), and more again in a 256-colour terminal, where
every colour is rounded to that palette. These two are measured on the app's screens by
tests/tui/test_contrast.py in true colour and in 256 colours; they are the only themes offered,
so no theme goes untested. Neutral greys keep their shade when rounded to 256 colours.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.theme import Theme

DARK = Theme(
    name="gridgames-dark",
    primary="#5aa9f0",
    secondary="#3b7fc4",
    accent="#ffb454",
    warning="#ffb454",
    error="#ff7a8a",
    success="#5fd38d",
    foreground="#e4e4e4",
    background="#121212",
    surface="#1c1c1c",
    panel="#262626",
    dark=True,
    variables={"text-disabled": "auto 60%"},
)

LIGHT = Theme(
    name="gridgames-light",
    primary="#0b5cad",
    secondary="#3b7fc4",
    accent="#870087",
    warning="#5f5f00",
    error="#af0000",
    success="#005f00",
    foreground="#1c1c1c",
    background="#eeeeee",
    surface="#f5f5f5",
    panel="#e4e4e4",
    dark=False,
    variables={"text-disabled": "auto 60%", "footer-key-foreground": "#0b5cad"},
)

THEMES = (DARK, LIGHT)


#: The key of the chosen theme in the saved choices (prefs.json), so a restart keeps it.
PREFS_KEY = "theme"


def offer_only_ours(app: App[Any], chosen: object = None) -> None:
    """Register the two themes, drop Textual's others from the list, and start on `chosen` (the
    saved choice) when it is one of ours, else on the dark one."""
    for name in list(app.available_themes):
        app.unregister_theme(name)
    for theme in THEMES:
        app.register_theme(theme)
    names = [theme.name for theme in THEMES]
    app.theme = chosen if isinstance(chosen, str) and chosen in names else DARK.name
