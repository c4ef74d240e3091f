"""Shared helpers for the app tests: deterministic games, and reading what the screen shows."""

from __future__ import annotations

from gridgames.engine.cells import Cell
from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.games import catalogue
from gridgames.play.setup import LastChoices, Setup
from gridgames.tui.app import GridGamesApp

CATALOGUE = catalogue()


SIZE = (80, 24)

# Short whole games, checked by the engine when they are replayed.
SCRIPTS = {
    "locked-duel": ("B2", "C4", "D1", "E3", "A4", "D5", "A1", "B5"),
    "blocking": ("B2", "C4", "D1", "E3", "A4", "D5", "A1", "B5"),
    "walls": ("A1", "C3", "#A2", "#E5", "#B1", "#E4"),  # X walls itself in, so O wins
    "rowcol": ("A2", "A3", "A4", "A5", "B5", "B1", "C1", "D1", "E1", "A1"),  # row A and column 1 full
    "noneighbour": ("A1", "A3", "B1", "B3", "C1", "A2", "C2"),
}


def fixed_choices() -> LastChoices:
    """Every variant at its book size with Player 1 starting (no coin toss, so tests are repeatable)."""
    choices = LastChoices()
    for entry in CATALOGUE:
        choices.remember(Setup(entry.id, Options(entry.default_rows, entry.default_cols, "1")))
    choices.variant = None
    return choices


def make_app(**kwargs: object) -> GridGamesApp:
    return GridGamesApp(choices=fixed_choices(), **kwargs)  # type: ignore[arg-type]


def scripted_game(entry: Entry, first_player: int = 1) -> tuple[Game, list[Move]]:
    """A whole game to its end on the book's board, Player 1 first unless told otherwise."""
    game = Game.new(entry, Options(entry.default_rows, entry.default_cols, "1"), first_player=first_player)
    moves: list[Move] = []
    for text in SCRIPTS[entry.id]:
        moves.append(game.parse(text))
        game = game.play(moves[-1])
    assert game.is_over
    return game, moves


def cell_text(app: GridGamesApp, cell: Cell) -> str:
    return str(app.screen.query_one(f"#cell-{cell.row}-{cell.col}").render()).strip()


def board_symbols(app: GridGamesApp, rows: int, cols: int) -> list[str]:
    """The board as shown, one string per row, brackets and markers left in."""
    return [" ".join(cell_text(app, Cell(r, c)) for c in range(cols)) for r in range(rows)]


def expected_symbols(game: Game) -> list[str]:
    """The finished board as the engine sees it, the last move in brackets."""
    entry, state = game.entry, game.state
    last = game.played[-1].cells[0] if game.played else None
    rows = []
    for r in range(state.rows):
        cells = []
        for c in range(state.cols):
            symbol = entry.symbol(entry.rules.content(state, Cell(r, c)))
            cells.append(f"[{symbol}]" if Cell(r, c) == last else symbol)
        rows.append(" ".join(cells))
    return [row.strip() for row in rows]


def text_of(app: GridGamesApp, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def card_results(app: GridGamesApp, variant: str) -> str:
    """The results line of a card on the first screen ("" before any finished game)."""
    lines = text_of(app, f"#variant-{variant}").split("\n")[2:]
    return next((line for line in lines if not line.startswith("▶")), "")


def log_lines(app: GridGamesApp) -> list[str]:
    log = app.screen.query_one("#log")
    return [str(log.get_option_at_index(i).prompt) for i in range(log.option_count)]


def screen_lines(app: GridGamesApp) -> list[str]:
    """The whole screen as text, one string per terminal row (what a person reads)."""
    update = app.screen._compositor.render_full_update()
    return ["".join(strip.text for strip in line) for line in update.strips]


def shown_text(app: GridGamesApp, selector: str) -> str:
    """The words a widget shows on screen (cropped to its content, inside any border or padding;
    lines joined), as a person reads them."""
    region = app.screen.query_one(selector).content_region
    lines = screen_lines(app)[region.y : region.bottom]
    return " ".join(" ".join(line[region.x : region.right] for line in lines).split())


def without_review(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """People's games whose end starts no review: no solver works in a background thread, competing for
    the CPU (or, in a broken game, calling its failing solver), while a test plays and reads the screen."""
    from gridgames.tui.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "review", lambda screen, request: None)
