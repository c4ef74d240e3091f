"""The app routes: it opens on the screen its command line asks for (`tui.start`) and moves between
the first screen, games, online rooms and puzzles. Its jobs are each a module's: the unfinished
games (`tui.saves`), records (`tui.records`), what goes wrong (`tui.faults`), the size (`tui.sizing`).
"""

from __future__ import annotations

import gc
import random
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette
from textual.events import Resize
from textual.theme import ThemeProvider

from gridgames.engine.entry import Entry
from gridgames.engine.game import Game
from gridgames.games.guard import GameFault, fault_in, probe, why_off
from gridgames.play.seats import ONLINE
from gridgames.play.setup import LastChoices, Setup
from gridgames.storage import Store
from gridgames.storage.writer import Writer
from gridgames.tui import faults, hangup, records, sizing, start
from gridgames.tui import saves as saved_games
from gridgames.tui.commands import GridGamesCommands, OnceClosingPalette
from gridgames.tui.screens.select import SelectScreen
from gridgames.tui.themes import PREFS_KEY as THEME_KEY
from gridgames.tui.themes import offer_only_ours
from gridgames.tui.widgets.too_small import SizeGuard

if TYPE_CHECKING:
    from gridgames.engine.match import Match
    from gridgames.tui.puzzle_source import PuzzleSource


#: How long quitting waits for the last writes (a save takes milliseconds; a stuck disk must not hang).
FLUSH_SECONDS = 5.0


class GridGamesApp(App[None]):
    """`GridGamesApp()` opens on the variant picker; `load=path` on a saved game; `variant=id` on the
    new-game panel of that variant (`gridgames play <variant>`)."""

    CSS_PATH = "app.tcss"
    TITLE = "gridgames"
    COMMANDS = {GridGamesCommands}  # the game's commands, then Textual's own (see commands.py)
    BINDINGS = [
        Binding("ctrl+o", "open_record", "Open", show=False),
        # the palette's key, named for what it holds (Textual calls it "palette")
        Binding("ctrl+p", "command_palette", "Commands", show=False, key_display="^p", priority=True),
    ]

    def __init__(
        self,
        load: str | None = None,
        choices: LastChoices | None = None,
        variant: str | None = None,
        store: Store | None = None,
        online: dict[str, object] | None = None,
        rng: random.Random | None = None,
        note: str = "",
        puzzles: PuzzleSource | None = None,
        open_puzzles: str | None = None,
        streak: bool = False,
        puzzle_rating: float | None = None,
        puzzle_difficulty: str | None = None,
        new_game: bool = False,
    ) -> None:
        """`puzzles`: the puzzles' source (default: shipped); `new_game`: a new game of `variant` with
        `choices` at once; `open_puzzles`: that game's puzzles ("" for all), streak or near a rating."""
        super().__init__()
        self.start_puzzles = open_puzzles
        self.start_streak = streak
        self.puzzle_rating = puzzle_rating
        self.puzzle_difficulty = puzzle_difficulty or "normal"  # easier/normal/harder than your rating
        self._puzzles = puzzles
        self._puzzles_made = threading.Lock()
        self.note = note  # said once at start: the remembered choices the new-game panel opens with
        self.online = online  # {"host": Hosting}, {"join": Address, "watch": bool} or {"paired": ...}
        self.rng = rng or random.Random()  # coin tosses and the computer's choices (seeded in tests)
        self.now: Callable[[], float] = time.monotonic  # the game clocks' time source (a fake in tests)
        self.load_path = load
        self.variant = variant
        self.new_game = new_game
        self.store = store or Store()
        self.writer = Writer()  # the autosave and the statistics are written behind the screen
        prefs = self.store.load_prefs()
        self.choices = choices or LastChoices.from_dict(prefs)
        offer_only_ours(self, prefs.get(THEME_KEY))  # themes measured for contrast (see themes.py)
        self._saved_theme = self.theme
        self._warned: set[str] = set()
        self.size_guard = SizeGuard()
        #: Whether the launcher paused the garbage collector for the start-up (`tui.launch`): it is
        #: switched on again once the first screen has been shown.
        self.resume_collector = False

    def run(self, *args: Any, **kwargs: Any) -> None:
        """Run with the imports frozen out of the garbage collector's way (`gc.freeze`): its first full
        collection walked them all before the first screen showed (40-50 ms on a busy machine)."""
        gc.freeze()
        try:
            return super().run(*args, **kwargs)
        finally:
            self.writer.flush(FLUSH_SECONDS)  # the last move's save reaches the disk before we go
            gc.unfreeze()

    def on_unmount(self) -> None:
        self.writer.flush(FLUSH_SECONDS)

    def get_default_screen(self) -> SelectScreen:
        """The picker is the bottom screen itself (not pushed over an empty one: a faster start)."""
        self.select_screen = SelectScreen()
        return self.select_screen

    def on_mount(self) -> None:
        sizing.check_size(self)
        if self.resume_collector:
            self.call_after_refresh(self._collect_from_now_on)
        # a screen shown meanwhile: once it has mounted (and focused what it focuses)
        self.screen_change_signal.subscribe(
            self, lambda screen: self.call_after_refresh(sizing.guard_size, self, screen)
        )
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        hangup.watch(self)
        start.open_first(self)

    def _remember_theme(self, theme: Any) -> None:
        """The chosen theme is kept with the other choices, so the next start uses it too."""
        if theme.name != self._saved_theme:
            self._saved_theme = theme.name
            self.store.save_prefs({THEME_KEY: theme.name})
            self.show_storage_warnings()

    def _collect_from_now_on(self) -> None:
        """The first screen is up: the start-up's objects are frozen out of the collector's way
        (as `run` froze the imports'), and collecting starts."""
        self.resume_collector = False
        gc.freeze()
        gc.enable()

    # -- the command palette (closing once, see OnceClosingPalette) ----------------------------
    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            # no id: a palette opened by keys typed ahead may mount while the last one is leaving
            self.push_screen(OnceClosingPalette())

    def search_themes(self) -> None:
        """The palette's "Change theme" opens a second palette, with the same guard."""
        self.push_screen(OnceClosingPalette(providers=[ThemeProvider], placeholder="Search for themes…"))

    # -- the data folder ----------------------------------------------------------------------
    def show_storage_warnings(self) -> None:
        faults.say_warnings(self)

    def unfinished(self, variant: str | None) -> list[Any]:
        """Games to play on, newest first (`tui.saves`)."""
        return saved_games.unfinished(self, variant)

    def choose_game(self, entry: Entry) -> None:
        """The player picked `entry`: its unfinished games first, if any, else the new-game panel.
        A game whose code fails (`games.guard.probe`) is refused, its card saying why."""
        if probe(entry) is not None:
            self.refuse_game(entry)
            return
        kept = self.unfinished(entry.id)
        self.show_storage_warnings()
        self.offer_saves(kept, entry) if kept else self.open_new_game(entry)

    def refuse_game(self, entry: Entry) -> None:
        faults.refuse_game(self, entry)

    # -- a game whose code fails ----------------------------------------------------------
    def _handle_exception(self, error: Exception) -> None:
        """Textual's hook for an unhandled error: a game's fault (`games.guard.GameFault`) switches the
        game off and the app goes on (`game_failed` closes the failed screen); anything else is a bug
        and ends the app, as Textual does."""
        fault = fault_in(error)
        if fault is None:
            super()._handle_exception(error)
            return
        self.call_later(self.game_failed, fault)

    def game_failed(self, fault: GameFault) -> None:
        faults.game_failed(self, fault)

    def warn_once(self, text: str) -> bool:
        """Whether `text` is new in this run (then it is remembered as said)."""
        new = text not in self._warned
        self._warned.add(text)
        return new

    def offer_saves(self, games: list[Any], entry: Entry | None = None) -> None:
        saved_games.offer_saves(self, games, entry)

    # -- size (`tui.sizing`) -------------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        sizing.check_size(self, event.size)

    @property
    def too_small(self) -> bool:
        return sizing.too_small(self.size)

    # -- games ----------------------------------------------------------------------------
    def open_record(self, path: str) -> None:
        records.open_record(self, path)

    def action_open_record(self) -> None:
        records.ask_for_record(self)

    def open_new_game(self, entry: Entry) -> None:
        """The new-game panel for `entry`, with the choices made last time."""
        from gridgames.tui.screens.new_game import NewGamePanel

        def chosen(setup: Setup | None) -> None:
            if setup is not None:
                self.start_game(setup)

        self.push_screen(NewGamePanel(entry, self.choices.setup_for(entry)), chosen)

    def start_game(self, setup: Setup, game: Game | None = None, match: Match | None = None,
                   remember: bool = True, slot: str = "", clock_saved: Any = None) -> None:
        from gridgames.tui.closing import close_screen
        from gridgames.tui.screens.game import GameScreen

        off = why_off(setup.variant)
        if off is not None:
            self.game_failed(GameFault(setup.variant, off))
            return
        if remember:
            self.choices.remember(setup)
            self.store.save_prefs(self.choices.to_dict())
            self.show_storage_warnings()
        if ONLINE in setup.seats:
            from gridgames.tui.online import host

            self.run_worker(host(self, setup, self.start_online), group="host", exclusive=True)
            return
        screen = GameScreen(setup, game, rng=self.rng, match=match, slot=slot, clock_saved=clock_saved)
        current = self.screen
        if isinstance(current, GameScreen):  # not before the last game has mounted (see close_screen)
            close_screen(current, lambda: self.switch_screen(screen))
        else:
            self.push_screen(screen)

    def start_online(self, make_plan: Callable[..., Any]) -> None:
        """The online game screen, on the link `make_plan(notes)` sets up (hosting or joining)."""
        from gridgames.tui.screens.online import OnlineGameScreen

        self.push_screen(OnlineGameScreen(make_plan))

    def action_join_online(self) -> None:
        """The first screen's "Join an online game": ask for the invite's address."""
        from gridgames.tui.online import ask_to_join

        ask_to_join(self)

    def action_lobby(self) -> None:
        """The first screen's Lobby (issue 31); a seek accepted there, or one's own taken, opens a game."""
        from gridgames.tui.screens.lobby import LobbyScreen

        self.push_screen(LobbyScreen(), lambda made: None if made is None else self.start_online(made))

    # -- puzzles ----------------------------------------------------------------------------
    def puzzles(self) -> PuzzleSource:
        """The puzzles' source: the shipped ones, rated, unless the app was given one (made when asked)."""
        with self._puzzles_made:  # the first screen makes it in a thread, a key press here
            if self._puzzles is None:
                from gridgames.tui.puzzle_source import ShippedSource

                rating, difficulty = self.puzzle_rating, self.puzzle_difficulty
                self._puzzles = ShippedSource(self.store, self.rng, rating, difficulty)
            return self._puzzles

    @property
    def puzzles_if_made(self) -> PuzzleSource | None:
        """The puzzles' source if it has been made (nothing is imported or read for it here)."""
        return self._puzzles

    def open_puzzles(self, game: str | None = None, streak: bool = False) -> None:
        """The puzzle screen, of `game`'s puzzles or every game's (it says why if there are none)."""
        from gridgames.tui.screens.puzzle import PuzzleScreen

        self.push_screen(PuzzleScreen(self.puzzles(), game, streak=streak))

    # -- quitting ---------------------------------------------------------------------------
    async def action_quit(self) -> None:
        from gridgames.tui.screens.game import GameScreen

        screen = self.screen
        if isinstance(screen, GameScreen) and screen.session.in_progress:
            from gridgames.tui.screens.confirm import ask

            ask(self, "Quit gridgames? The game in progress is saved for next time.", "Quit", self.exit)
            return
        self.exit()
