"""A small sample board for the variant picker, played by the engine in the book's symbols."""

from __future__ import annotations

from textual.widgets import Static

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.options import Options


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


class BoardPicture(Static):
    """The sample board of one catalogue entry."""

    def __init__(self, entry: Entry) -> None:
        super().__init__(sample_picture(entry), classes="picture", markup=False)
