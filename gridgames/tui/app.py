"""The app: starts on the variant picker, or on a saved game with `load=path`."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.events import Resize
from textual.geometry import Size

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.tui.choices import LastChoices, Setup
from gridgames.tui.commands import GridGamesCommands
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.new_game import NewGamePanel
from gridgames.tui.screens.select import SelectScreen
from gridgames.tui.widgets.too_small import MIN_SIZE, TooSmall
from gridgames.variants.catalogue import get_entry


class GridGamesApp(App[None]):
    """`GridGamesApp()` opens on the variant picker; `load=path` on a saved game; `variant=id` on the
    new-game panel of that variant (`gridgames play <variant>`)."""

    CSS_PATH = "app.tcss"
    TITLE = "gridgames"
    COMMANDS = App.COMMANDS | {GridGamesCommands}

    def __init__(
        self, load: str | None = None, choices: LastChoices | None = None, variant: str | None = None
    ) -> None:
        super().__init__()
        self.load_path = load
        self.variant = variant
        self.choices = choices or LastChoices()

    def on_mount(self) -> None:
        self._check_size()
        self.select_screen = SelectScreen()
        self.push_screen(self.select_screen)
        if self.load_path:
            self.open_record(self.load_path)
        elif self.variant:
            try:
                entry = get_entry(self.variant)
            except GameError as error:
                self.select_screen.show_message(str(error))
            else:
                self.open_new_game(entry)

    # -- size ---------------------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size)

    def _check_size(self, size: Size | None = None) -> None:
        size = size or self.size
        small = size.width < MIN_SIZE.width or size.height < MIN_SIZE.height
        self.set_class(small, "-too-small")
        for widget in self.screen.query(TooSmall) if self.screen_stack else ():
            widget.refresh()

    # -- games ----------------------------------------------------------------------------
    def open_record(self, path: str) -> None:
        """Open a game record; on failure the picker says why in one sentence."""
        from gridgames.engine.record import loads

        try:
            game = loads(Path(path).read_text(encoding="utf-8"))
        except OSError as error:
            self._record_failed(f"Could not open {path}: {error.strerror or error}.")
            return
        except UnicodeDecodeError:
            self._record_failed(f"Could not open {path}: it is not a text file.")
            return
        except GameError as error:
            self._record_failed(f"Could not open {path}: {error}")
            return
        self.start_game(Setup(game.entry.id, game.options), game)

    def _record_failed(self, text: str) -> None:
        self.select_screen.show_message(text)
        self.notify(text, severity="error", timeout=8)

    def open_new_game(self, entry: Entry) -> None:
        """The new-game panel for `entry`, with the choices made last time."""

        def chosen(setup: Setup | None) -> None:
            if setup is not None:
                self.start_game(setup)

        self.push_screen(NewGamePanel(entry, self.choices.setup_for(entry)), chosen)

    def start_game(self, setup: Setup, game: Game | None = None) -> None:
        self.choices.remember(setup)
        screen = GameScreen(setup, game)
        if isinstance(self.screen, GameScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    # -- quitting ---------------------------------------------------------------------------
    async def action_quit(self) -> None:
        screen = self.screen
        if isinstance(screen, GameScreen) and screen.in_progress:
            from gridgames.tui.screens.confirm import ConfirmScreen

            def answer(yes: bool | None) -> None:
                if yes:
                    self.exit()

            self.push_screen(
                ConfirmScreen("Quit gridgames? The game in progress will be lost.", yes="Quit"), answer
            )
            return
        self.exit()
