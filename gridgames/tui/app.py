"""The app: starts on the variant picker, or on a saved game with `load=path`.

It owns the player's data folder (`gridgames.storage.Store`): on start it offers every unfinished
game (and choosing a game offers that game's), it remembers the last choices, and it turns a
storage failure into a warning toast while play goes on.
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
from textual.geometry import Size
from textual.screen import Screen
from textual.theme import ThemeProvider

from gridgames import games
from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.games import get_entry
from gridgames.games.guard import GameFault, fault_in, probe, take_warnings, why_off
from gridgames.play.seats import ONLINE
from gridgames.play.setup import LastChoices, Setup
from gridgames.storage import SavedGame, Store, open_record_or_reason
from gridgames.storage.writer import Writer
from gridgames.tui.commands import GridGamesCommands, OnceClosingPalette
from gridgames.tui.screens.select import SelectScreen
from gridgames.tui.themes import PREFS_KEY as THEME_KEY
from gridgames.tui.themes import offer_only_ours
from gridgames.tui.widgets.too_small import MIN_SIZE, SizeGuard, TooSmall

if TYPE_CHECKING:
    from gridgames.engine.match import Match
    from gridgames.online.address import Address
    from gridgames.tui.puzzle_source import PuzzleSource


#: Below this many rows the dialogs drop the blank lines between their fields.
SHORT_HEIGHT = 26
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
        """`puzzles`: where the puzzles come from (by default the shipped ones, see `puzzles()`);
        `new_game`: start a new game of `variant` with `choices` at once, without offering its
        unfinished games first (`gridgames play VARIANT --size ...`: the options ask for a new game);
        `open_puzzles`: start on the puzzle screen, of that game's puzzles ("" for every game's),
        in streak mode if `streak`, near `puzzle_rating` if given (`gridgames puzzle`)."""
        super().__init__()
        self.start_puzzles = open_puzzles
        self.start_streak = streak
        self.puzzle_rating = puzzle_rating
        self.puzzle_difficulty = puzzle_difficulty or "normal"  # easier/normal/harder than your rating
        self._puzzles = puzzles
        self._puzzles_made = threading.Lock()
        self.note = note  # said once at start: the remembered choices the new-game panel opens with
        self.online = online  # {"host": argparse args} or {"join": Address, "watch": bool}
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
        """Run with what the imports made (modules, classes, functions) frozen out of the garbage
        collector's way (`gc.freeze`). Composing the first screen set off Python's first full
        collection, which walked all of it before the first screen showed (40-50 ms seen on a
        busy machine); every later full collection during play walked it too. Unfrozen when the
        app ends, so the interpreter's last collection at exit sees everything, as before."""
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
        self._check_size()
        if self.resume_collector:
            self.call_after_refresh(self._collect_from_now_on)
        # a screen shown meanwhile: once it has mounted (and focused what it focuses)
        self.screen_change_signal.subscribe(
            self, lambda screen: self.call_after_refresh(self._guard_size, screen)
        )
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        if self.online:
            from gridgames.tui.online import plan_from_command

            self.start_online(plan_from_command(self.online))
        elif self.load_path:
            self.open_record(self.load_path)
        elif self.start_puzzles is not None:
            self.open_puzzles(self.start_puzzles or None, streak=self.start_streak)
        else:
            try:
                entry = get_entry(self.variant) if self.variant else None
            except GameError as error:
                self.select_screen.show_message(str(error))
            else:
                saves = self.unfinished(entry.id if entry else None)
                if entry is not None and probe(entry) is not None:
                    self.refuse_game(entry)
                elif entry is not None and self.new_game:
                    self.start_game(self.choices.setup_for(entry))
                elif saves:
                    self.offer_saves(saves, entry)
                elif entry is not None:
                    self.open_new_game(entry)
        self.show_storage_warnings()
        if self.note:
            self.notify(self.note, title="Your last choices", timeout=8)
        for problem in games.problems():
            self.notify(problem, title="A game was left out", severity="warning", timeout=10)

    def _remember_theme(self, theme: Any) -> None:
        """The chosen theme is kept with the other choices, so the next start uses it too."""
        if theme.name == self._saved_theme:
            return
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
        """Each storage problem as a toast, once per run (an unwritable folder fails every move)."""
        for warning in self.store.take_warnings():
            text = str(warning)
            if text not in self._warned:
                self._warned.add(text)
                self.notify(text, title="Not saved", severity="warning", timeout=10)
        for text in take_warnings():  # a solver that failed or lied is switched off; the game plays on
            self.notify(text, title="A solver was switched off", severity="warning", timeout=12)

    def unfinished(self, variant: str | None) -> list[Any]:
        """Games to play on, newest first: the autosaves and the online games whose seats are kept."""
        from gridgames.online import SEATS_FOLDER

        kept = []
        if (self.store.root / SEATS_FOLDER).is_dir():  # the seats' module only where some were kept
            from gridgames.online import seats

            kept = [seat for seat in seats.unfinished(variant, self.store.root) if _plays(seat.variant)]
        games = [*self.offerable(self.store.unfinished(variant)), *kept]
        return sorted(games, key=lambda saved: saved.saved_at, reverse=True)  # newest first, online or not

    def choose_game(self, entry: Entry) -> None:
        """The player picked `entry`: its unfinished games first, if any, else the new-game panel.
        A game whose code fails (`games.guard.probe`) is refused, its card saying why."""
        if probe(entry) is not None:
            self.refuse_game(entry)
            return
        saves = self.unfinished(entry.id)
        self.show_storage_warnings()
        if saves:
            self.offer_saves(saves, entry)
        else:
            self.open_new_game(entry)

    def offerable(self, saves: list[SavedGame]) -> list[SavedGame]:
        """The saves whose game plays (`probe`): a switched-off game's saves are not offered, and
        stay on disk for a fixed version of it; its card says why, once."""
        return [saved for saved in saves if probe(saved.game.entry) is None]

    def refuse_game(self, entry: Entry) -> None:
        """Say why `entry` cannot be played in this run (on the first screen and on its card)."""
        reason = why_off(entry.id) or f"{entry.title} cannot be played in this run."
        self.select_screen.show_message(reason)
        self.select_screen.refresh_cards()

    # -- a game whose code fails ----------------------------------------------------------
    def _handle_exception(self, error: Exception) -> None:
        """A game's fault (`games.guard.GameFault`) that reached Textual: the game is switched off,
        the app goes on (see `game_failed`). Anything else is a bug and ends the app, as Textual does.
        (Textual's hook for an unhandled error; the screen whose handler failed stops taking
        messages, and `game_failed` closes it.)"""
        fault = fault_in(error)
        if fault is None:
            super()._handle_exception(error)
            return
        self.call_later(self.game_failed, fault)

    def game_failed(self, fault: GameFault) -> None:
        """Say in one sentence which game failed, go back to the first screen, whose card says why."""
        if fault.reason not in self._warned:
            self._warned.add(fault.reason)
            self.notify(fault.reason, title="A game was switched off", severity="error", timeout=12)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.select_screen.show_message(fault.reason)
        self.select_screen.refresh_cards()

    def offer_saves(self, saves: list[Any], entry: Entry | None = None) -> None:
        """Offer every save in `saves`: one is a yes/no question, several a list to choose from.
        With `entry`, "New game" opens its panel; declining leaves the saves on disk."""
        from gridgames.online.seats import SavedSeat
        from gridgames.tui.screens.confirm import ConfirmScreen
        from gridgames.tui.screens.resume import NEW_GAME, ResumeScreen, resume_question

        def answer(choice: object) -> None:
            if choice is True:
                choice = saves[0]
            if isinstance(choice, SavedGame):
                self.resume(choice)
            elif isinstance(choice, SavedSeat):  # an online game: back to its room
                from gridgames.tui.online import plan_to_rejoin

                self.start_online(plan_to_rejoin(choice))
            elif choice in (False, NEW_GAME) and entry is not None:
                self.open_new_game(entry)

        if len(saves) == 1:
            question = resume_question(saves[0])
            self.push_screen(ConfirmScreen(question, yes="Resume", no="New game", danger=False), answer)
        else:
            self.push_screen(ResumeScreen(saves, new_game=entry is not None), answer)

    def resume(self, saved: SavedGame) -> None:
        from gridgames.play import computer
        from gridgames.play.setup import resume

        resumed = resume(saved.game, saved.settings, computer.levels())
        slot = self.store.claim(saved)
        if slot is None:
            self.notify("That game was just resumed in another window.", severity="warning", timeout=8)
            return
        self.start_game(resumed.setup, saved.game, resumed.match, slot=slot, clock_saved=resumed.clock)
        if resumed.note:
            self.notify(resumed.note, severity="warning", timeout=8)

    # -- size ---------------------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size)

    @property
    def too_small(self) -> bool:
        return self.size.width < MIN_SIZE.width or self.size.height < MIN_SIZE.height

    def _check_size(self, size: Size | None = None) -> None:
        size = size or self.size
        small = size.width < MIN_SIZE.width or size.height < MIN_SIZE.height
        self.set_class(small, "-too-small")
        self.set_class(size.height < SHORT_HEIGHT, "-short")
        if self.screen_stack:
            self._guard_size(self.screen, small)
            for widget in self.screen.query(TooSmall):
                widget.refresh()

    def _guard_size(self, screen: Screen[Any], small: bool | None = None) -> None:
        """The notice takes the focus (and the keys) while the terminal is too small; then the
        focus goes back (also for a screen shown or uncovered meanwhile)."""
        small = self.too_small if small is None else small
        (self.size_guard.guard if small else self.size_guard.release)(screen)

    # -- games ----------------------------------------------------------------------------
    def open_record(self, path: str) -> None:
        """Open a game record (`--load`); on failure the picker says why in one sentence."""
        try:
            game = open_record_or_reason(path)
        except GameFault as fault:
            game = fault.reason
        if isinstance(game, str):
            self._record_failed(game)
            return
        self.start_record(game)

    def start_record(self, game: Game) -> None:
        """Play on from a record, with people on both sides (a record does not say who played)."""
        last = self.choices.setups.get(game.entry.id)
        setup = Setup(game.entry.id, game.options)
        if last is not None and last.options == game.options:
            setup = Setup(game.entry.id, game.options, starts=last.starts)
        self.start_game(setup, game, remember=False)

    def action_open_record(self) -> None:
        """Ctrl+O: the open dialog (not over another dialog)."""
        from gridgames.tui.screens.game import GameScreen
        from gridgames.tui.screens.record_file import OpenRecordScreen

        if not isinstance(self.screen, (SelectScreen, GameScreen)):
            return

        def opened(game: object) -> None:
            if isinstance(game, Game):
                self.start_record(game)

        self.push_screen(OpenRecordScreen(""), opened)

    def _record_failed(self, text: str) -> None:
        self.select_screen.show_message(text)
        self.notify(text, severity="error", timeout=8)

    def open_new_game(self, entry: Entry) -> None:
        """The new-game panel for `entry`, with the choices made last time."""
        from gridgames.tui.screens.new_game import NewGamePanel

        def chosen(setup: Setup | None) -> None:
            if setup is not None:
                self.start_game(setup)

        self.push_screen(NewGamePanel(entry, self.choices.setup_for(entry)), chosen)

    def start_game(
        self,
        setup: Setup,
        game: Game | None = None,
        match: Match | None = None,
        remember: bool = True,
        slot: str = "",
        clock_saved: Any = None,
    ) -> None:
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
        from gridgames.tui.online import JoinScreen, plan_to_join

        def chosen(address: Address | None) -> None:
            if address is not None:
                self.start_online(plan_to_join(address))

        self.push_screen(JoinScreen(), chosen)

    def action_lobby(self) -> None:
        """The first screen's "Lobby": a game server's open seeks, games and players (issue 31)."""
        from gridgames.tui.screens.lobby import LobbyScreen

        self.push_screen(LobbyScreen())

    # -- puzzles ----------------------------------------------------------------------------
    def puzzles(self) -> PuzzleSource:
        """Where the puzzles come from: the shipped ones, rated, unless the app was given a source.
        (Made when first asked for; the puzzle file itself is read only when a puzzle is wanted.)"""
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
            from gridgames.tui.screens.confirm import ConfirmScreen

            def answer(yes: bool | None) -> None:
                if yes:
                    self.exit()

            self.push_screen(
                ConfirmScreen("Quit gridgames? The game in progress is saved for next time.", yes="Quit"),
                answer,
            )
            return
        self.exit()


def _plays(variant: str) -> bool:
    """Whether the game `variant` is installed and not switched off in this run."""
    try:
        return probe(get_entry(variant)) is None
    except GameError:
        return False
