"""A small sample board for the variant picker, played by the engine in the book's symbols, and the
card body that draws it beside the card's text."""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual
from textual.widgets import Static

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.options import Options

#: The picture's cells (9 for a 3x5 board), padded to this width, then one blank cell before the text.
PICTURE_WIDTH = 11
PICTURE_HEIGHT = 3
PICTURE_GAP = 1


def sample_picture(entry: Entry, rows: int = 3, cols: int = 5, plies: int = 3) -> str:
    """A few deterministic legal moves on a small board, drawn one symbol per cell."""
    game = Game.new(entry, Options(rows, cols, "1"), first_player=1)
    for ply in range(plies):
        legal = game.legal_moves()
        if not legal:
            break
        walls = [m for m in legal if m.wall]
        pick = (
            walls[len(walls) // 2]
            if walls and ply >= 2
            else legal[(len(legal) * (2 * ply + 1) // 6) % len(legal)]
        )
        game = game.play(pick)
    return "\n".join(
        " ".join(entry.symbol(entry.rules.content(game.state, Cell(r, c))) for c in range(cols))
        for r in range(rows)
    )


class CardBody(Static):
    """A card's sample board (styled by the `card-body--picture` component class) and, beside it,
    its text (the widget's own content, wrapped to the room left).

    One widget draws both rather than a picture widget and a text widget: the first screen composes
    five cards at start-up and each widget costs styling and layout time.
    """

    COMPONENT_CLASSES = {"card-body--picture"}

    def __init__(self, entry: Entry, text: Content, classes: str = "") -> None:
        super().__init__(text, classes=classes, markup=False)
        self.picture = Content(sample_picture(entry))
        self._lines_key: object = None
        self._lines: list[Strip] = []

    def _text_strips(self, width: int) -> list[Strip]:
        text = self.visual
        if not isinstance(text, Visual) or width <= 0:
            return []
        return Visual.to_strips(self, text, width, None, self.visual_style)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        text_width = width - PICTURE_WIDTH - PICTURE_GAP
        return max(PICTURE_HEIGHT, len(self._text_strips(text_width)))

    def _card_lines(self) -> list[Strip]:
        width = self.size.width
        card_style = self.visual_style
        picture_style = self.get_visual_style("card-body--picture")
        key = (width, card_style, picture_style, self.visual)
        if key != self._lines_key:
            text_width = width - PICTURE_WIDTH - PICTURE_GAP
            picture = Visual.to_strips(self, self.picture, PICTURE_WIDTH, PICTURE_HEIGHT, picture_style)
            text = self._text_strips(text_width)
            # blank cells styled as Textual pads a widget (background only), so runs merge alike
            base, background = self.background_colors
            blank = Style(background=base + background).rich_style
            picture_blank = Style(background=picture_style.background).rich_style
            lines = []
            for y in range(max(len(picture), len(text))):
                # blank runs are single segments, as the compositor would leave them
                if y >= len(picture):
                    parts = [Strip.blank(PICTURE_WIDTH + PICTURE_GAP, blank), text[y]]
                else:
                    left = picture[y].adjust_cell_length(PICTURE_WIDTH, picture_blank)
                    rest = width - PICTURE_WIDTH
                    if y < len(text):
                        parts = [left, Strip.blank(PICTURE_GAP, blank), text[y]]
                    else:
                        parts = [left, Strip.blank(rest, blank)]
                lines.append(Strip.join(parts).adjust_cell_length(width, blank))
            self._lines_key, self._lines = key, lines
        return self._lines

    def render_line(self, y: int) -> Strip:
        lines = self._card_lines()
        if y < len(lines):
            return lines[y]
        base, background = self.background_colors
        return Strip.blank(self.size.width, Style(background=base + background).rich_style)
