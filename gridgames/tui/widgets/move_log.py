"""The move log: numbered moves in the rule book's coordinates; choosing one shows that position."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gridgames.engine.game import Game
from gridgames.engine.rules import Content

THREW_AWAY = "?!"  # after chess annotation: this move gave up a won position


class MoveLog(OptionList):
    """Option k is the position after k moves (option 0 is the start); moves undone stay, dimmed."""

    BINDINGS = [
        Binding("enter", "select", "Show", key_display="⏎"),
        Binding("tab", "board", "Board", key_display="tab"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: list[tuple[str, bool]] = []  # what each option shows: text, dimmed

    def action_board(self) -> None:
        """Tab: back to the board (`#board`).

        The focus moves at once (`Screen.set_focus`), not later as `Widget.focus` moves it (on a
        callback queued behind the keys already waiting): keys that arrive in one burst (Tab, Up,
        Enter from tmux or a fast typist) reach the app before Tab's action has run, and Textual
        picks each one's bindings from the focus at the moment it handles that key."""
        self.screen.set_focus(self.screen.query_one("#board"))

    def show(self, game: Game, viewing: int | None, blunders: frozenset[int] = frozenset()) -> None:
        """List the moves of `game`; `blunders` holds the 1-based numbers of moves that threw a win away.

        Only the lines that changed are touched: a move played appends one line, instead of
        rebuilding a log that grows with the game."""
        entry = game.entry
        current = game.cursor if viewing is None else viewing
        lines: list[tuple[str, bool]] = [("   start", current != 0)]
        for n, move in enumerate(game.moves, start=1):
            mover = game.player_of_move(n - 1)
            symbol = entry.symbol(Content.P1 if mover == 1 else Content.P2)
            text = f"{n:>3}. {symbol} {entry.format_move(move)}"
            if n in blunders:
                text += f" {THREW_AWAY}"
            if n > game.cursor:
                text += "  (undone)"
            lines.append((text, n > game.cursor))
        with self.app.batch_update():
            old = self._shown
            for index in range(len(old) - 1, len(lines) - 1, -1):
                self.remove_option_at_index(index)
            for index, (line, old_line) in enumerate(zip(lines, old, strict=False)):
                if line != old_line:
                    self.replace_option_prompt_at_index(index, _prompt(*line))
            self.add_options(
                Option(_prompt(*line), id=f"ply-{n}") for n, line in enumerate(lines) if n >= len(old)
            )
            self._shown = lines
            self.highlighted = current
        self.call_after_refresh(self.scroll_to_highlight)  # once the new options are laid out


def _prompt(line: str, dim: bool) -> Text:
    return Text(line, style="dim" if dim else "")
