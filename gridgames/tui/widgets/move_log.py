"""The move log: numbered moves in the rule book's coordinates; choosing one shows that position."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gridgames.engine.game import Game
from gridgames.engine.rules import Content

THREW_AWAY = "?!"  # after chess annotation: this move gave up a won position


class MoveLog(OptionList):
    """Option k is the position after k moves (option 0 is the start); moves undone stay, dimmed."""

    def show(self, game: Game, viewing: int | None, blunders: frozenset[int] = frozenset()) -> None:
        """List the moves of `game`; `blunders` holds the 1-based numbers of moves that threw a win away."""
        entry = game.entry
        current = game.cursor if viewing is None else viewing
        options = [Option(Text("   start", style="dim" if current else ""), id="ply-0")]
        for n, move in enumerate(game.moves, start=1):
            mover = game.player_of_move(n - 1)
            symbol = entry.symbol(Content.P1 if mover == 1 else Content.P2)
            line = f"{n:>3}. {symbol} {entry.format_move(move)}"
            if n in blunders:
                line += f" {THREW_AWAY}"
            if n > game.cursor:
                line += "  (undone)"
            options.append(Option(Text(line, style="dim" if n > game.cursor else ""), id=f"ply-{n}"))
        with self.app.batch_update():
            self.clear_options()
            self.add_options(options)
            self.highlighted = current
        self.call_after_refresh(self.scroll_to_highlight)  # once the new options are laid out
