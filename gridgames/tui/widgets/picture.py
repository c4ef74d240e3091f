"""A small sample board for the variant picker, played by the engine in the book's symbols, and the
drawing of a card's lines: that board beside the card's text."""

from __future__ import annotations

from rich.style import Style as RichStyle
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual
from textual.widget import Widget

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games.guard import GameFault, why_off

#: The picture's cells (9 for a 3x5 board), padded to this width, then one blank cell before the text.
PICTURE_WIDTH = 11
PICTURE_HEIGHT = 3
PICTURE_GAP = 1


#: The picture of a game switched off for the run (its card says why beside it).
SWITCHED_OFF_PICTURE = "\n".join(["✗ · · · ·", "· ✗ · · ·", "· · ✗ · ·"])


def sample_picture(entry: Entry, rows: int = 3, cols: int = 5, plies: int = 3) -> str:
    """A few deterministic legal moves on a small board, drawn one symbol per cell; a game whose code
    fails meanwhile is switched off (`games.guard`) and gets SWITCHED_OFF_PICTURE."""
    if why_off(entry.id) is not None:
        return SWITCHED_OFF_PICTURE
    try:
        return _played_picture(entry, rows, cols, plies)
    except GameFault:
        return SWITCHED_OFF_PICTURE


def _played_picture(entry: Entry, rows: int, cols: int, plies: int) -> str:
    if not entry.sizes.allows(rows, cols):  # a game that does not allow the small board: its own
        rows, cols = entry.default_rows, entry.default_cols
    game = Game.new(entry, Options(rows, cols, "1"), first_player=1)
    for ply in range(plies):
        legal = game.legal_moves()
        if not legal:
            break
        kinds = entry.rules.other_kinds()
        others = [m for m in legal if m.kind in kinds]
        pick = (
            others[len(others) // 2]
            if others and ply >= 2
            else legal[(len(legal) * (2 * ply + 1) // 6) % len(legal)]
        )
        game = game.play(pick)
    return "\n".join(
        " ".join(entry.look(game.state, Cell(r, c)).glyph for c in range(cols)) for r in range(rows)
    )


class CardLines:
    """Draws a card's content lines: its sample board (in the picture's style) and, beside it, its
    text wrapped to the room left. The card widget itself calls it (one widget per card: each
    widget on the first screen costs styling and layout time at start-up)."""

    def __init__(self, entry: Entry) -> None:
        self.picture = Content(sample_picture(entry))
        self._key: object = None
        self._lines: list[Strip] = []
        self._text_key: object = None
        self._text: list[Strip] = []

    def text_strips(self, widget: Widget, text: Content, width: int) -> list[Strip]:
        """The text wrapped beside the picture (kept: layout asks for the height more than once)."""
        key = (width, widget.visual_style, text)
        if key != self._text_key:
            room = width - PICTURE_WIDTH - PICTURE_GAP
            strips = Visual.to_strips(widget, text, room, None, widget.visual_style) if width > 0 else []
            self._text_key, self._text = key, strips
        return self._text

    def height(self, widget: Widget, text: Content, width: int) -> int:
        return max(PICTURE_HEIGHT, len(self.text_strips(widget, text, width)))

    def lines(self, widget: Widget, text: Content, picture_style: Style) -> list[Strip]:
        width = widget.size.width
        key = (width, widget.visual_style, picture_style, text)
        if key != self._key:
            picture = Visual.to_strips(widget, self.picture, PICTURE_WIDTH, PICTURE_HEIGHT, picture_style)
            words = self.text_strips(widget, text, width)
            # blank cells styled as Textual pads a widget (background only), so runs merge alike
            blank = blank_style(widget)
            picture_blank = Style(background=picture_style.background).rich_style
            lines = []
            for y in range(max(len(picture), len(words))):
                # blank runs are single segments, as the compositor would leave them
                if y >= len(picture):
                    parts = [Strip.blank(PICTURE_WIDTH + PICTURE_GAP, blank), words[y]]
                else:
                    left = picture[y].adjust_cell_length(PICTURE_WIDTH, picture_blank)
                    rest = width - PICTURE_WIDTH
                    if y < len(words):
                        parts = [left, Strip.blank(PICTURE_GAP, blank), words[y]]
                    else:
                        parts = [left, Strip.blank(rest, blank)]
                lines.append(Strip.join(parts).adjust_cell_length(width, blank))
            self._key, self._lines = key, lines
        return self._lines


def blank_style(widget: Widget) -> RichStyle:
    """The style of a blank cell of `widget`: its background over its parent's."""
    base, background = widget.background_colors
    return Style(background=base + background).rich_style
