"""How a game is set up, in one value with one serialisation, for every way a game starts.

The new-game panel, the command line (`play`, `host`), the autosave, resume and the online host
all make and read a `Setup`: the game, its options (size, who moves first, and the game's own,
`options: {name: value}`), who sits in each seat (a person, a computer level, or a friend online)
and the match rules.

    setup = default_setup(entry).chosen(entry, size="4x4", seats=(HUMAN, "perfect"))
    setup.to_dict()                    # plain JSON values (the prefs file, beside an autosave)
    Setup.from_dict(data)              # OptionsError, one sentence, when anything is off
    saved_settings(setup, match)       # what an autosave keeps beside its game
    resume(saved, levels)              # a save (of this release or the last) ready to play on

Saves written before the set-up had one shape (`vs`/`computer_plays`, or `seats`, beside the match
score) still resume: `resume` reads them as well; set-ups written before games declared their options
are read through `engine.legacy`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gridgames.engine import legacy
from gridgames.engine.clock import TimeControl
from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError, OptionsError
from gridgames.engine.game import Game
from gridgames.engine.match import STARTS_CHOICES, Match
from gridgames.engine.options import MAX_OPTIONS, Options, parse_size
from gridgames.engine.roles import Starts
from gridgames.games import get_entry, resolve_options
from gridgames.play.seats import HUMAN, ONLINE, Seat, parse_seat

#: The keys `Setup.to_dict` writes; `from_dict` refuses any other (a typo is not silently dropped).
KEYS = ("variant", "rows", "cols", "first", "options", "seats", "starts", "games", "clock")
#: The longest name read back (a game id, a seat: a person, a computer level, online).
MAX_NAME = 64


@dataclass(frozen=True)
class Setup:
    """One game's settings: the game, its options, who plays each side, and the match rules.

    A seat is `HUMAN`, a computer level's name (`gridgames.play.computer.levels`) or, for seat 2
    only, `ONLINE` (a friend who joins over the network). `starts` says who starts each later game
    of a match (how it is scored is the game's, from its options: see `engine.match`); `games` is the
    match's agreed length (None: play on until the players stop); `clock` the time control every
    game is played under (None: no clock).
    """

    variant: str
    options: Options
    seats: tuple[Seat, Seat] = (HUMAN, HUMAN)
    starts: Starts = Starts.ALTERNATE
    games: int | None = None
    clock: TimeControl | None = None

    def __post_init__(self) -> None:
        # Spellings given as text (the command line, an old file) become the types, or one sentence.
        object.__setattr__(self, "seats", (parse_seat(self.seats[0]), parse_seat(self.seats[1])))
        object.__setattr__(self, "starts", Starts.parse(self.starts, "way to choose who starts"))

    def seat(self, player: int) -> Seat:
        return self.seats[player - 1]

    def new_match(self, entry: Entry) -> Match:
        """An empty match score with these options and match rules."""
        return Match(entry, self.options, starts=self.starts, length=self.games)

    def chosen(
        self,
        entry: Entry,
        size: str | None = None,
        first: str | None = None,
        options: Mapping[str, object] | None = None,
        seats: tuple[str, str] | None = None,
        starts: str | None = None,
        games: int | None = None,
        clock: str | None = None,
    ) -> Setup:  # seats and starts as text or as the types: Setup reads them
        """This set-up with the choices given (None keeps its own; `options` changes the game's
        options it names; `clock` is written `3+2`, or "none" for no clock); OptionsError, one
        sentence, for a choice this game does not offer."""
        o = self.options
        kept = dict(o.game_options) if self.variant == entry.id else {}
        game_options = resolve_options(entry, {**kept, **(options or {})})
        if games is not None and games < 1:
            raise OptionsError(f"A match is at least one game, not {games}.")
        rows, cols = (o.rows, o.cols) if size is None else parse_size(size)
        entry.check_size(rows, cols)
        return replace(
            self, variant=entry.id, options=Options(rows, cols, first or o.first, game_options),
            seats=_seats(seats) if seats else self.seats,
            starts=Starts.parse(starts, "way to choose who starts") if starts else self.starts,
            games=self.games if games is None else games,
            clock=self.clock if clock is None else _control(clock),
        )

    # -- one serialisation -----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        o = self.options
        return {
            "variant": self.variant,
            "rows": o.rows,
            "cols": o.cols,
            "first": o.first,
            "options": o.option_dict(),
            "seats": list(self.seats),
            "starts": self.starts,
            "games": self.games,
        } | ({"clock": str(self.clock)} if self.clock is not None else {})

    @classmethod
    def from_dict(cls, data: object) -> Setup:
        """The inverse of `to_dict` (the seats, match rules and length may be left out: the
        defaults); raises OptionsError, one sentence, on anything else."""
        if not isinstance(data, dict):
            raise OptionsError("The saved set-up is not a table of settings.")
        data = legacy.upgrade(data, _declared(data.get("variant")))  # a set-up saved by an earlier release
        unknown = sorted(str(key)[:20] for key in data if key not in KEYS)
        if unknown:
            names = ", ".join(unknown[:5])
            raise OptionsError(f"The saved set-up has settings this version does not know: {names}.")
        variant = _text(data, "variant", None)
        first = _text(data, "first", None)
        rows, cols = _whole(data.get("rows"), "rows"), _whole(data.get("cols"), "columns")
        starts = _text(data, "starts", "alternate")
        if starts not in STARTS_CHOICES:
            choices = ", ".join(STARTS_CHOICES)
            raise OptionsError(f"Who starts each game must be one of {choices}, not {starts!r}.")
        given = data.get("options", {})
        if not isinstance(given, dict) or len(given) > MAX_OPTIONS:
            raise OptionsError("The saved set-up's options are not a table of options.")
        entry = get_entry(variant)
        game_options = resolve_options(entry, given)
        games = data.get("games")
        if games is not None and (type(games) is not int or games < 1):
            raise OptionsError(f"A match is at least one game, not {str(games)[:20]!r}.")
        options = Options(rows, cols, first, game_options)  # the engine's range first, then the game's
        entry.check_size(rows, cols)
        clock = data.get("clock")
        if clock is not None and not isinstance(clock, str):
            raise OptionsError("The saved set-up's clock is not written like 3+2.")
        seats = _seats(data.get("seats", [HUMAN, HUMAN]))
        starts_as = Starts.parse(starts, "way to choose who starts")
        return cls(variant, options, seats, starts_as, games, _control(clock) if clock else None)


def default_setup(entry: Entry) -> Setup:
    """The rule book's own board size, first player and options, two people, a match with no agreed
    length."""
    return Setup(entry.id, entry.default_options())


def _declared(variant: object) -> tuple[str, ...] | None:
    """The options the game `variant` declares (None: no such game, refused later)."""
    try:
        return get_entry(variant).option_names if isinstance(variant, str) else None
    except GameError:
        return None


def _control(text: str) -> TimeControl | None:
    """A clock written `3+2`, or None for "none" or ""."""
    return None if text.strip().lower() in ("", "none", "no", "off") else TimeControl.parse(text)


def _text(data: dict[str, Any], key: str, default: str | None) -> str:
    value = data.get(key, default)
    if value is None:
        raise OptionsError(f"The saved set-up has no {key}.")
    if not isinstance(value, str) or not value.isprintable() or len(value) > MAX_NAME:
        raise OptionsError(f"The saved set-up's {key} is not a short word: {str(value)[:20]!r}.")
    return value


def _whole(value: object, name: str) -> int:
    if type(value) is not int:
        raise OptionsError(f"The saved set-up's {name} is not a whole number: {str(value)[:20]!r}.")
    return value


def _seats(value: object) -> tuple[Seat, Seat]:
    """Two seats read from their names; ONLINE sits only in seat 2."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise OptionsError("A game has exactly two seats.")
    if not all(isinstance(s, str) and s.isprintable() and 0 < len(s) <= MAX_NAME for s in value):
        raise OptionsError("A saved seat is not a person or a computer level.")
    if value[0] == ONLINE:
        raise OptionsError("Only the second seat can be a friend online.")
    return parse_seat(value[0]), parse_seat(value[1])


# -- beside an autosave ---------------------------------------------------------------------------
def saved_settings(setup: Setup, match: Match) -> dict[str, Any]:
    """What an autosave keeps beside its game: the set-up and the match score before this game."""
    return {"setup": setup.to_dict(), "match": match.to_dict()}


def setup_of(match: Match, seats: tuple[str, str], clock: TimeControl | None = None) -> Setup:
    """The set-up a match score was started with, and these seats (and clock)."""
    return Setup(match.entry.id, match.options, _seats(seats), match.starts, match.length, clock)


@dataclass(frozen=True)
class Resumed:
    """A saved game made ready to play on; `note` says what could not be restored ("" if all was)."""

    setup: Setup
    match: Match
    notes: tuple[str, ...] = field(default=())
    clock: Any = None  # the clock's reading saved beside the game (`play.clocks.GameClock` reads it)

    @property
    def note(self) -> str:
        return " ".join(self.notes)


def resume(
    game: Game,
    settings: dict[str, Any],
    levels: Collection[str] | None = None,
    fresh_length: int | None = None,
) -> Resumed:
    """The set-up and match score saved beside `game`.

    Seats whose computer level is not among `levels` become people, with a note (None: keep every
    seat). An unreadable set-up or score is said in a note; the game plays on with its own options,
    as a new match of `fresh_length` games when neither the set-up nor the score says how long.
    """
    notes: list[str] = []
    setup = _saved_setup(game, settings, notes)
    known = tuple(s if s in (HUMAN, ONLINE) or levels is None or s in levels else HUMAN for s in setup.seats)
    if known != setup.seats:
        notes.append("The computer player is not available here, so people play both sides.")
    match = _saved_match(game, settings.get("match"), notes)
    if match is None:
        own = "setup" in settings and not notes
        fresh = replace(setup, options=game.options, games=setup.games if own else fresh_length)
        match = fresh.new_match(game.entry)
    elif match.is_over:  # a match that ended with this game's predecessor: play on
        match = Match(match.entry, match.options, starts=match.starts)
    options = match.options if _same_board(match, game) else game.options  # the match's keeps "toss"
    setup = Setup(game.entry.id, options, (known[0], known[1]), match.starts, match.length, setup.clock)
    return Resumed(setup, match, tuple(notes), settings.get("clock") if setup.clock else None)


def _same_board(match: Match, game: Game) -> bool:
    """Whether the match was played with the game's size and options. An option the game has at its
    default agrees with any: a record of the last release did not write every option (book 000's
    match scoring lived only beside the match score)."""
    mine, theirs = match.options, game.options
    return mine.size == theirs.size and all(
        theirs.game_options.get(spec.name, spec.default) in (spec.of(mine), spec.default)
        for spec in game.entry.option_specs
    )


def _saved_setup(game: Game, settings: dict[str, Any], notes: list[str]) -> Setup:
    """This release's `setup`, or the seats of an earlier one's (`seats`, or `vs`/`computer_plays`)."""
    plain = Setup(game.entry.id, game.options)
    try:
        if "setup" in settings:
            setup = Setup.from_dict(settings["setup"])
            if setup.variant != game.entry.id:
                raise OptionsError(f"The saved set-up is for {setup.variant}, not {game.entry.id}.")
            return setup
        if "seats" in settings:
            return replace(plain, seats=_seats(settings["seats"]))
        vs, computer_plays = settings.get("vs"), settings.get("computer_plays", 2)
        if vs is None:
            return plain
        if not isinstance(vs, str) or computer_plays not in (1, 2):
            raise OptionsError("The saved opponent settings are unreadable.")
        return replace(plain, seats=_seats([vs, HUMAN] if computer_plays == 1 else [HUMAN, vs]))
    except OptionsError:
        notes.append("The saved players could not be read, so people play both sides.")
        return plain


def _saved_match(game: Game, data: object, notes: list[str]) -> Match | None:
    if data is None:
        return None
    try:
        match = Match.from_dict(data, get_entry) if isinstance(data, dict) else None
    except GameError:
        match = None
    if match is None or match.entry.id != game.entry.id:
        notes.append("The match score could not be restored; it starts again at 0.")
        return None
    return match


# -- the last set-up per game (the new-game panel's memory) ---------------------------------------
@dataclass
class LastChoices:
    """The last game picked and the last set-up per game (in memory; `to_dict` for the prefs file)."""

    variant: str | None = None
    setups: dict[str, Setup] = field(default_factory=dict)

    def setup_for(self, entry: Entry) -> Setup:
        return self.setups.get(entry.id) or default_setup(entry)

    def remember(self, setup: Setup) -> None:
        self.variant = setup.variant
        self.setups[setup.variant] = setup

    def with_seats(self, entry: Entry, seats: tuple[str, str]) -> Setup:
        return replace(self.setup_for(entry), seats=_seats(seats))

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "setups": {k: s.to_dict() for k, s in self.setups.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LastChoices:
        """Entries that no longer make sense are dropped rather than failing the whole file."""
        variant, setups = data.get("variant"), data.get("setups")
        choices = cls(variant=variant if isinstance(variant, str) else None)
        for key, raw in (setups.items() if isinstance(setups, dict) else ()):
            try:
                setup = Setup.from_dict(raw)
            except GameError:
                continue
            if setup.variant == key:
                choices.setups[key] = setup
        return choices
