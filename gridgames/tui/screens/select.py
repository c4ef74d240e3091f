"""The first screen: the five rule books, each with a summary, a small picture of its board, and the
player's results so far (from `Store.stats()`)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import ListItem, ListView, Static
from textual.worker import Worker, WorkerState

from gridgames.engine.entry import Entry
from gridgames.games import catalogue
from gridgames.games.guard import why_off
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.picture import CardLines, blank_style
from gridgames.tui.widgets.title_bar import title_bar
from gridgames.tui.widgets.too_small import TooSmall

#: Seconds after start-up when the puzzle file is read to see whether it is refused (the card says so).
PUZZLE_FILE_DELAY = 1.0
#: Room for the results line beside a card's picture at 80 columns.
RESULTS_WIDTH = 66


def results_line(
    tallies: dict[str, dict[str, int]],
    levels: tuple[str, ...] = (),
    players: tuple[str, str] = ("Player 1", "Player 2"),
    width: int = RESULTS_WIDTH,
) -> str:
    """'Won–lost: easy 3–1 · perfect 0–4 · two players 1–1', one form on every card (issue 20: two
    forms read as two kinds of result). Against the computer the results are the person's; between
    people, player 1's. "" before any finished game. (`players` and `width` stay for callers.)
    """
    order = {level: n for n, level in enumerate(levels)}
    opponents = sorted((o for o in tallies if o != "human"), key=lambda o: (order.get(o, 99), o))
    parts = [f"{opponent} {_score(tallies[opponent])}" for opponent in opponents]
    people = tallies.get("human")
    if people:
        parts.append(f"two players {_score(people)}")
    if not parts:
        return ""
    drawn = any(tallies[o]["draws"] for o in tallies)
    return ("Won–lost–drawn: " if drawn else "Won–lost: ") + " · ".join(parts)


def _score(tally: dict[str, int]) -> str:
    score = f"{tally['wins']}–{tally['losses']}"
    return f"{score}–{tally['draws']}" if tally["draws"] else score


def unfinished_line(saves: list[Any]) -> str:
    """'▶ Unfinished: 3 moves, saved 2026-11-26 03:10 (Enter resumes)', or how many there are."""
    if not saves:
        return ""
    from gridgames.tui.screens.resume import describe_save

    if len(saves) == 1:
        return f"▶ Unfinished: {describe_save(saves[0], with_game=False)} (Enter resumes)"
    return f"▶ {len(saves)} unfinished games (Enter to choose one)"


class VariantCard(ListItem):
    """One catalogue entry: its sample board on the left (styled by the `variant-card--picture`
    component class); title, summary and results on the right (`render()` is that text). A game
    switched off for the run (`games.guard`) says why instead of its results.

    The card draws both itself rather than holding a picture widget and a text widget: the first
    screen is composed at start-up, and every widget costs styling and layout. The highlight is a
    bar on the left and a faint background (app.tcss), so the text keeps its contrast.
    """

    COMPONENT_CLASSES = {"variant-card--picture"}

    def __init__(self, entry: Entry) -> None:
        super().__init__(id=f"variant-{entry.id}", classes="variant")
        self.entry = entry
        self.results = ""
        self.unfinished = ""
        self._card = CardLines(entry)
        self._content = self._text()

    def render(self) -> Content:
        return self._content

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._card.height(self, self._content, width)

    def render_line(self, y: int) -> Strip:
        lines = self._card.lines(self, self._content, self.get_visual_style("variant-card--picture"))
        return lines[y] if y < len(lines) else Strip.blank(self.size.width, blank_style(self))

    def _text(self) -> Content:
        entry = self.entry
        parts: list[str | tuple[str, str]] = [
            (f"{entry.title}  ·  {entry.source}" if entry.source else entry.title, "bold"),
            "\n",
            entry.summary,
        ]
        off = why_off(entry.id)
        if off is not None:
            return Content.assemble(*parts, "\n", (f"✗ {off}", "bold"))
        if self.unfinished:
            parts += ["\n", (self.unfinished, "bold")]
        if self.results:
            parts += ["\n", (self.results, "italic")]
        return Content.assemble(*parts)

    def show_results(
        self, tallies: dict[str, dict[str, int]], levels: tuple[str, ...], saves: list[Any]
    ) -> None:
        self.results = results_line(tallies, levels, self.entry.player_names)
        self.unfinished = unfinished_line(saves)
        self.refresh_text()

    def refresh_text(self) -> None:
        """Draw the text again (its results, or why its game was switched off meanwhile)."""
        content = self._text()
        if content != self._content:
            self._content = content
            self.refresh(layout=True)


class PuzzleCard(ListItem):
    """The puzzles: what they are, and the player's rating and streak, or why there are none (the
    puzzle file refused). Its text lines up with the game cards' (app.tcss pads it past their picture)."""

    def __init__(self) -> None:
        super().__init__(id="puzzles-card", classes="variant")
        self.standing = ""
        self.refusal = ""
        self._content = self._text()

    def render(self) -> Content:
        return self._content

    def _text(self) -> Content:
        parts: list[str | tuple[str, str]] = [
            ("Puzzles", "bold"),
            "\n",
            "Find the only winning move in positions the solvers proved, then see why it wins.",
        ]
        if self.refusal:
            parts += ["\n", (f"✗ {self.refusal}", "bold")]
        else:  # one line either way, so the list keeps its height when the standing arrives
            parts += ["\n", (self.standing or "Press p to start.", "italic")]
        return Content.assemble(*parts)

    def show(self, standing: str, refusal: str) -> None:
        """The player's standing ("" before any puzzle), or why there are no puzzles ("" if there are)."""
        self.standing, self.refusal = standing, refusal
        content = self._text()
        if content != self._content:
            self._content = content
            self.refresh(layout=True)


class VariantList(ListView):
    """The list of cards. Gaining or losing focus restyles the list and its highlighted card only
    (what `ListView:focus` rules change), not every widget of every card: a faster first screen.
    Its Enter is the footer's "⏎ Choose" (a screen binding for Enter would be shadowed)."""

    BINDINGS = [
        Binding("enter", "select_cursor", "Choose", key_display="⏎"),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
    ]

    def action_first(self) -> None:
        """Home: the first game."""
        self.index = 0

    def action_last(self) -> None:
        """End: the last card (the puzzles)."""
        self.index = len(self) - 1

    def watch_has_focus(self, has_focus: bool) -> None:
        if not self.is_mounted:
            super().watch_has_focus(has_focus)
            return
        highlighted = self.highlighted_child
        self.app.stylesheet.update_nodes([self] + ([highlighted] if highlighted else []), animate=True)


class SelectScreen(Screen[None]):
    #: The footer's keys, most important first (a narrow terminal drops them from the end).
    FOOTER_ORDER = (
        "select_cursor", "puzzles", "rules", "app.quit", "app.join_online", "dashboard", "app.lobby",
    )
    BINDINGS = [
        Binding("o", "app.join_online", "Join online"),
        Binding("l", "app.lobby", "Lobby"),
        Binding("p", "puzzles", "Puzzles"),  # also the last card, below the games
        Binding("d", "dashboard", "Dashboard"),  # your puzzle results and your mistakes
        Binding("question_mark,f1", "rules", "Rules", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__(id="select")
        self.message = ""

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield title_bar()
        yield Static("Pick a game with ↑/↓ and Enter, or a click. Whoever moves last wins.", id="select-help")
        yield VariantList(*(VariantCard(entry) for entry in catalogue()), PuzzleCard(), id="variants")
        yield Static("", id="select-message", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "choose a game"
        last = self.app.choices.variant  # type: ignore[attr-defined]
        ids = [entry.id for entry in catalogue()]
        variants = self.query_one("#variants", ListView)
        variants.index = ids.index(last) if last in ids else 0
        variants.focus()
        self.show_message(self.message)
        # whether the puzzle file is refused, for the card: read a moment after start-up, not during it
        self.set_timer(PUZZLE_FILE_DELAY, self._check_puzzle_file)

    def _check_puzzle_file(self) -> None:
        """The puzzles' card: the player's standing and whether the puzzle file is refused, worked
        out beside the UI (importing the puzzles' code and reading their file take a while)."""
        app: Any = self.app

        def work() -> tuple[str, str]:
            source = app.puzzles()
            source.choices()  # the puzzle file read here, not when the puzzles open
            return source.standing(), source.refusal() or ""

        self.run_worker(work, thread=True, group="puzzle-file", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "puzzle-file" and event.state == WorkerState.SUCCESS:
            standing, refusal = event.worker.result or ("", "")
            self.query_one(PuzzleCard).show(standing, refusal)

    def on_screen_resume(self) -> None:
        """Also sent when the screen is first shown: the results are read once then, and again
        each time the player comes back (a game may have ended since)."""
        self.show_results()

    def show_results(self) -> None:
        """Each card's unfinished games and results, read afresh (a game may have ended since)."""
        store = self.app.store  # type: ignore[attr-defined]
        stats = store.stats()
        levels: Any = ()
        if stats:  # the computer players (and their solvers' lookup) only where there are results
            from gridgames.play import computer

            levels = computer.levels()
        saves: dict[str, list[Any]] = {}
        unfinished = self.app.unfinished(None)  # type: ignore[attr-defined]
        if unfinished:  # the resume screen's module (and its widgets) only where there is a save
            from gridgames.tui.screens.resume import variant_of

            for saved in unfinished:
                saves.setdefault(variant_of(saved), []).append(saved)
        for card in self.query(VariantCard):
            card.show_results(stats.get(card.entry.id, {}), levels, saves.get(card.entry.id, []))
        source = self.app.puzzles_if_made  # type: ignore[attr-defined]
        if source is not None:  # else the card learns it a moment after start-up (_check_puzzle_file)
            puzzles = self.query_one(PuzzleCard)
            puzzles.show(source.standing(), puzzles.refusal)

    def refresh_cards(self) -> None:
        """Each card's text again: a game may have been switched off since (`games.guard`)."""
        for card in self.query(VariantCard):
            card.refresh_text()

    @property
    def highlighted_entry(self) -> Entry | None:
        """The game whose card is highlighted (None: the puzzles' card)."""
        index = self.query_one("#variants", ListView).index or 0
        games = catalogue()
        return games[index] if index < len(games) else None

    def show_message(self, text: str) -> None:
        """A persistent one-line message (e.g. why a game record could not be opened)."""
        self.message = text
        for message in self.query("#select-message").results(Static):  # absent until composed
            message.update(text)
            message.set_class(bool(text), "-error")

    @on(ListView.Selected, "#variants")
    def open_panel(self, event: ListView.Selected) -> None:
        if isinstance(event.item, PuzzleCard):
            self.app.open_puzzles()  # type: ignore[attr-defined]
            return
        assert isinstance(event.item, VariantCard)
        self.app.choose_game(event.item.entry)  # type: ignore[attr-defined]

    def action_puzzles(self) -> None:
        self.app.open_puzzles()  # type: ignore[attr-defined]

    def action_dashboard(self) -> None:
        from gridgames.tui.screens.dashboard import DashboardScreen

        self.app.push_screen(DashboardScreen())

    def action_rules(self) -> None:
        from gridgames.tui.screens.rules import RulesScreen

        entry = self.highlighted_entry
        if entry is None:
            self.show_message("Each puzzle's rules are its game's: open the puzzles and press ? there.")
            return
        self.app.push_screen(RulesScreen(entry))
