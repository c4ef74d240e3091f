"""The new-game panel: board size, who starts, who plays each side, the game's own options (one row
each, as the game declares them: `OptionSpec`), who starts each later game of a match, and the clock."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Select, Static
from textual.widgets._select import SelectOverlay

from gridgames.engine.clock import TimeControl
from gridgames.engine.entry import Entry
from gridgames.engine.options import Options, OptionSpec, Value, parse_size
from gridgames.engine.roles import Starts
from gridgames.play import computer
from gridgames.play.clocks import CLOCK_CHOICES
from gridgames.play.seats import HUMAN, ONLINE, parse_seat
from gridgames.play.setup import Setup
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.screens.dialog import Dialog
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.too_small import TooSmall

SIZES = range(2, 10)  # the app draws boards up to 9x9
STARTS = [
    ("Players take turns", "alternate"),
    ("Coin toss each game", "toss"),
    ("Winner of the last game", "winner"),
    ("Loser of the last game", "loser"),
]


class DialogSelect(Select):  # type: ignore[type-arg]
    """A drop-down whose open list stays inside the dialog: never taller than the room below it
    (Textual's list may run past the dialog's border and over the screen beneath).

    Enter or Space opens its list; Up and Down move to the row above or below, as in a form
    (Textual's drop-down opens its list on them, so a player going down the rows got stuck)."""

    BINDINGS = [
        Binding("enter,space", "show_overlay", "Open list", key_display="⏎"),
        Binding("up", "app.focus_previous", "Previous row", show=False),
        Binding("down", "app.focus_next", "Next row", show=False),
    ]

    def watch_expanded(self, expanded: bool) -> None:
        self.screen.refresh_bindings()  # "tab/↑↓ Move" leaves the footer while a list is open
        if expanded:
            room = self.screen.query_one(".dialog").content_region.bottom - self.region.bottom
            self.query_one(SelectOverlay).styles.max_height = max(3, room)


NO_CLOCK = "none"


def clock_choices(current: TimeControl | None) -> list[tuple[str, str]]:
    """No clock, the usual ones (minutes + seconds a move), and the set-up's own if it is another."""
    offered = list(CLOCK_CHOICES)
    if current is not None and str(current) not in offered:
        offered.append(str(current))
    return [("No clock", NO_CLOCK)] + [(f"{text} (min + s a move)", text) for text in offered]


def seat_choices(player: int = 1) -> list[tuple[str, str]]:
    """Who can sit in a seat; the second seat can also be a friend who joins online."""
    online = [("Online friend", ONLINE)] if player == 2 else []
    return [("Human", HUMAN)] + online + [(f"Computer ({level})", level) for level in computer.levels()]


class NewGamePanel(Dialog[Setup | None]):
    """Dismisses with the chosen Setup, or None when cancelled."""

    BINDINGS = [
        Binding("tab,down", "next_row", "Move", key_display="tab/↑↓"),
        Binding("shift+tab,up", "previous_row", "Move back", show=False),
        Binding("ctrl+s", "start", "Start", key_display="^s"),
        Binding("escape", "cancel", "Cancel", key_display="esc"),
    ]

    def __init__(self, entry: Entry, setup: Setup) -> None:
        super().__init__()
        self.entry = entry
        self.setup = setup

    def _row(self, label: str, select: Select) -> Horizontal:  # type: ignore[type-arg]
        return Horizontal(Label(label, classes="field-label"), select, classes="field")

    def compose(self) -> ComposeResult:
        entry, options = self.entry, self.setup.options
        allowed = entry.sizes  # only the sizes the game allows are offered
        yield TooSmall()
        with Vertical(classes="dialog", id="new-game"):
            yield Static(f"New game: {entry.label}", classes="dialog-title", markup=False)
            # who plays first: their lists then open over the fields below, inside the dialog
            for player in (1, 2):
                yield self._row(
                    entry.player(player),
                    DialogSelect(
                        seat_choices(player),
                        value=self.setup.seat(player),
                        allow_blank=False,
                        compact=True,
                        id=f"seat{player}",
                    ),
                )
            # Where the computer cannot prove its moves on the chosen board, say so before play.
            yield Static("", classes="note", id="proof-note", markup=False)
            if allowed.listed:
                listed = [f"{rows}x{cols}" for rows, cols in allowed.listed]
                here = options.size if options.size in listed else listed[0]
                boards = [(size, size) for size in listed]
                board = DialogSelect(boards, value=here, allow_blank=False, compact=True, id="size")
                yield self._row("Board", board)
            else:
                size_rows = (
                    ("Rows", options.rows, "rows", allowed.row_counts()),
                    ("Columns", options.cols, "cols", allowed.col_counts()),
                )
                for label, value, select_id, counts in size_rows:
                    offered = [n for n in sorted(set(SIZES) | {value}) if n in counts] or list(counts[:8])
                    sizes_select = DialogSelect(
                        [(str(n), n) for n in offered], value=value if value in offered else offered[0],
                        allow_blank=False, compact=True, id=select_id,
                    )
                    yield self._row(label, sizes_select)
            first = [(entry.player(1), "1"), (entry.player(2), "2"), ("Coin toss", "toss")]
            yield self._row(
                "Who starts",
                DialogSelect(first, value=options.first, allow_blank=False, compact=True, id="first"),
            )
            for spec in entry.option_specs:  # the game's own options, as it declares them
                choices = [(spec.word(value), number) for number, value in enumerate(spec.allowed)]
                yield self._row(
                    spec.label,
                    DialogSelect(
                        choices, value=spec.allowed.index(spec.of(options)), allow_blank=False, compact=True,
                        id=f"option-{spec.name}",
                    ),
                )
            yield self._row(
                "Next games start",
                DialogSelect(STARTS, value=self.setup.starts, allow_blank=False, compact=True, id="starts"),
            )
            yield self._row(
                "Clock",
                DialogSelect(clock_choices(self.setup.clock), value=str(self.setup.clock or NO_CLOCK),
                             allow_blank=False, compact=True, id="clock"),
            )
            with Horizontal(classes="buttons"):
                yield Button("Start", variant="primary", id="start", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        self.query(DialogSelect).first().focus()  # the first row: ↓ and Enter open the next one's list
        self._show_proof_note()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("next_row", "previous_row"):  # an open list takes the arrows itself
            return not any(select.expanded for select in self.query(Select))
        return True

    def action_next_row(self) -> None:
        self.focus_next()

    def action_previous_row(self) -> None:
        self.focus_previous()

    def on_select_changed(self) -> None:
        self._show_proof_note()

    def _show_proof_note(self) -> None:
        """'Computer (perfect) on 9x9: strongest search; not proven on 9x9.' when that is so."""
        found = self.query("#proof-note")
        if not found:
            return
        setup = self.chosen()
        levels = [seat for seat in setup.seats if seat in ("hard", "perfect")]
        note = None
        if levels:
            start = self.entry.rules.start(setup.options, 1)
            note = computer.proof_note(self.entry, start, levels[-1])
        widget = found.first(Static)
        widget.update(f"Computer ({levels[-1]}): {note}." if note else "")
        widget.display = note is not None

    def chosen(self) -> Setup:
        def value(selector: str, default: object) -> object:
            found = self.query(selector)
            return found.first(Select).value if found else default

        def option(spec: OptionSpec) -> Value:
            number = value(f"#option-{spec.name}", None)
            return spec.of(self.setup.options) if number is None else spec.allowed[int(number)]  # type: ignore[call-overload]

        chosen = {spec.name: option(spec) for spec in self.entry.option_specs}
        rows, cols = int(value("#rows", 5)), int(value("#cols", 5))  # type: ignore[call-overload]
        if self.query("#size"):
            rows, cols = parse_size(str(value("#size", "")))
        options = Options(rows, cols, str(value("#first", "1")), self.entry.resolve_options(chosen))
        seats = (parse_seat(str(value("#seat1", HUMAN))), parse_seat(str(value("#seat2", HUMAN))))
        clock = str(value("#clock", NO_CLOCK))
        control = None if clock == NO_CLOCK else TimeControl.parse(clock)
        starts = Starts(str(value("#starts", Starts.ALTERNATE)))
        return Setup(self.entry.id, options, seats, starts, clock=control)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def action_start(self) -> None:
        # Start and Cancel both queued: only the first closes the panel (see close_screen)
        close_screen(self, lambda: self.dismiss(self.chosen()))

    def action_cancel(self) -> None:
        close_screen(self, lambda: self.dismiss(None))
