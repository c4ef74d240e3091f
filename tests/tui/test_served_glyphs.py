"""What `gridgames serve` showed wrong in Chromium (issue 29, item 23), checked on the app itself: the
title's icon is a glyph the browser's default fonts carry (Textual's `⭘` was an empty box), and the
last move's cells are marked without an underline, which striped every row of a piece's cell."""

from __future__ import annotations

from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.setup import Setup
from gridgames.tui.screens.game import GameScreen
from tests.tui.helpers import make_app
from tests.waiting import screen_becomes, until

#: Beyond ASCII: the WGL4 symbols that Liberation Mono (Chromium's "Courier New" on Linux), DejaVu
#: Sans Mono (its default monospace) and Courier New itself all carry.
WGL4_SYMBOLS = set("←↑→↓↔↕≡≠≤≥∙√∞∩≈•…‹›□■▪▫▲►▼◄○●◘◙◦☺☻☼♀♂♠♣♥♦♪♫")


def _drawn_in_every_font(text: str) -> bool:
    return all(" " <= ch <= "~" or ch in WGL4_SYMBOLS for ch in text)


async def test_the_title_icon_and_the_last_move_are_drawn_without_missing_glyphs_or_stripes() -> None:
    entry = get_entry("domineering")
    game = Game.new(entry, Options(entry.default_rows, entry.default_cols, "1"), first_player=1)
    for move in ("B2-C2", "D4-D5"):  # the last, D4-D5, is Player 2's piece over two cells
        game = game.play(move)
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: app.screen.query("HeaderIcon"), "the first screen's title bar")
        icons = [app.screen.query_one("HeaderIcon").icon]
        app.start_game(Setup(entry.id, game.options), game)
        screen = await screen_becomes(pilot, GameScreen, "the game to open")
        await until(pilot, lambda: screen.query(".cell.-last"), "the last move's cells")
        icons.append(screen.query_one("HeaderIcon").icon)
        assert all(_drawn_in_every_font(icon) for icon in icons), f"title icons {icons!r}"
        cells = list(screen.query(".cell.-last"))
        assert len(cells) == 2
        for cell in cells:
            underlined = [
                segment.text
                for y in range(cell.size.height)
                for segment in cell.render_line(y)
                if segment.style is not None and segment.style.underline
            ]
            assert not underlined, f"{cell.id} has underlined text {underlined!r}"
