"""The chosen theme is kept across restarts (in the saved choices, prefs.json); a saved name that is
not one of our themes starts on the dark one."""

from __future__ import annotations

import json

from gridgames.storage import Store
from tests.tui.helpers import make_app


async def _theme_changed(app, pilot, name: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(100):
        if Store().load_prefs().get("theme") == name:
            return
        await pilot.pause(0.05)
    raise AssertionError(f"the theme {name} was never saved")


async def test_the_chosen_theme_is_the_theme_of_the_next_start(data_dir) -> None:
    first = make_app()
    async with first.run_test(size=(100, 32)) as pilot:
        assert first.theme == "gridgames-dark"
        first.theme = "gridgames-light"  # what the palette's "Change theme" does
        await _theme_changed(first, pilot, "gridgames-light")
    again = make_app()
    async with again.run_test(size=(100, 32)):
        assert again.theme == "gridgames-light"


async def test_a_saved_theme_that_is_not_ours_starts_dark(data_dir) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "prefs.json").write_text(json.dumps({"theme": "textual-light"}))
    app = make_app()
    async with app.run_test(size=(100, 32)):
        assert app.theme == "gridgames-dark"
