"""Game options: the engine's own (board size, who starts) and the ones each game declares.

A game declares its options as OpenSpiel games declare their parameters: each `OptionSpec` names
the option, its type, its choices and default, and the words the new-game panel shows. The engine
never names a game's option: it carries the values as one mapping, `Options.game_options`, which
the new-game panel, the command line (`--option NAME=VALUE`), saves, records, the online protocol
and the rooms' databases all pass along as `options: {name: value}`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from gridgames.engine.errors import OptionsError

FIRST_CHOICES = ("1", "2", "toss")
#: Who moves first: player 1, player 2, or a coin toss.
First = Literal["1", "2", "toss"]
MIN_SIZE = 2
MAX_SIZE = 30
#: A game option's value: a word, a whole number, or yes/no.
Value = str | int | bool
#: An option's name: what files, the command line and the protocol call it.
NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
#: A word an option may take (choices are checked against this before anything else).
WORD = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")
#: Most options one game declares (the protocol and the files refuse more).
MAX_OPTIONS = 16
_TRUE, _FALSE = ("yes", "true", "on", "1"), ("no", "false", "off", "0")


class GameOptions(Mapping[str, Value]):
    """A game's option values by name: immutable and hashable, so `Options` stays a value."""

    __slots__ = ("_items",)

    def __init__(self, values: Mapping[str, Value] | Iterable[tuple[str, Value]] = ()) -> None:
        items = values.items() if isinstance(values, Mapping) else values
        self._items: tuple[tuple[str, Value], ...] = tuple(sorted(items))

    def __getitem__(self, name: str) -> Value:
        for key, value in self._items:
            if key == name:
                return value
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameOptions):
            return self._items == other._items
        return isinstance(other, Mapping) and dict(self._items) == dict(other)

    def __repr__(self) -> str:
        return f"GameOptions({dict(self._items)!r})"


@dataclass(frozen=True)
class OptionSpec:
    """One option a game declares: its name, type (that of `default`), the values it allows and the
    words the new-game panel shows for them.

    A word option lists its `choices`; a yes/no option allows True and False; a whole number allows
    its `choices` or, with none, `low` to `high`. `words` are the panel's words for each choice, in
    order (a whole number without choices is shown as itself). A game that had a command-line flag of
    its own before options were declared keeps it as `flag` ("--name"), taking `flag_words` (one
    per choice; by default the choices as written).
    """

    name: str
    label: str  # the panel's row: "Adjacency"
    default: Value
    choices: tuple[Value, ...] = ()
    words: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    flag: str = ""
    flag_words: tuple[str, ...] = ()
    help: str = ""  # one line for --help
    phrases: tuple[str, ...] = ()  # per choice, what the rules pane says is in force ("": nothing)
    tags: tuple[str, ...] = ()  # per choice, what the game's header adds ("": nothing)

    @property
    def kind(self) -> Literal["word", "yes/no", "number"]:
        if isinstance(self.default, bool):
            return "yes/no"
        return "number" if isinstance(self.default, int) else "word"

    @property
    def allowed(self) -> tuple[Value, ...]:
        """Every value the option takes, in the panel's order."""
        if self.choices:
            return self.choices
        if self.kind == "yes/no":
            return (False, True)
        return tuple(range(self.low, self.high + 1)) if self.kind == "number" else ()

    def of(self, options: Options) -> Value:
        """This option's value in `options` (the default where `options` does not give it)."""
        return options.game_options.get(self.name, self.default)

    def check(self, value: object) -> Value:
        """`value` (as JSON gives it) if the option allows it; OptionsError, one sentence, if not."""
        kind = self.kind
        fits = (
            isinstance(value, bool) if kind == "yes/no"
            else isinstance(value, int) and not isinstance(value, bool) if kind == "number"
            else isinstance(value, str)
        )
        if not fits or value not in self.allowed:
            raise OptionsError(
                f"The option {self.name} must be {self.choices_text()}, not {_shown(value)}."
            )
        return value

    def parse(self, text: str) -> Value:
        """The value written as `text` (the command line, a record); OptionsError, one sentence."""
        word = text.strip()
        value: object = word
        if self.kind == "yes/no":
            value = True if word.lower() in _TRUE else False if word.lower() in _FALSE else word
        elif self.kind == "number":
            value = int(word) if re.fullmatch(r"-?[0-9]{1,9}", word) else word
        return self.check(value)

    def text(self, value: Value) -> str:
        """`value` as the command line and records write it."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def word(self, value: Value) -> str:
        """`value` in the panel's words."""
        if self.words and value in self.allowed:
            return self.words[self.allowed.index(value)]
        return self.text(value)

    def phrase(self, value: Value) -> str:
        """What the rules pane says of `value` in force ("" for nothing)."""
        return self.phrases[self.allowed.index(value)] if self.phrases and value in self.allowed else ""

    def tag(self, value: Value) -> str:
        """What the game's header says of `value` ("" for nothing)."""
        return self.tags[self.allowed.index(value)] if self.tags and value in self.allowed else ""

    def choices_text(self) -> str:
        """'king or orthogonal', 'yes or no', '2 to 9'."""
        if self.kind == "number" and not self.choices:
            return f"{self.low} to {self.high}"
        if self.kind == "yes/no":
            return "yes or no"
        texts = [self.text(value) for value in self.allowed]
        return ", ".join(texts[:-1]) + " or " + texts[-1] if len(texts) > 1 else "".join(texts)

    def flag_value(self, word: str) -> Value:
        """The value the game's own flag's `word` stands for."""
        words = self.flag_words or tuple(self.text(value) for value in self.allowed)
        return self.allowed[words.index(word)]

    def problems(self) -> list[str]:
        """What is wrong with this declaration, one sentence each (`gridgames check` runs this)."""
        found = []
        if not NAME.fullmatch(self.name):
            found.append(f"The option name {self.name!r} is not lower case letters, digits and _.")
        if self.name in ("size", "rows", "cols", "first", "options"):
            found.append(f"The option name {self.name!r} is the engine's own.")
        if not self.label.strip():
            found.append(f"The option {self.name} has no label for the new-game panel.")
        allowed = self.allowed
        if not allowed:
            found.append(f"The option {self.name} allows no value.")
        if len(set(map(repr, allowed))) != len(allowed):
            found.append(f"The option {self.name} lists a choice twice.")
        for value in allowed:
            try:
                self.check(value)
            except OptionsError:
                found.append(f"The option {self.name}'s choice {_shown(value)} is not of its type.")
            if isinstance(value, str) and not WORD.fullmatch(value):
                found.append(f"The option {self.name}'s choice {value!r} is not one short word.")
        try:
            self.check(self.default)
        except OptionsError:
            found.append(f"The option {self.name}'s default {_shown(self.default)} is not a choice.")
        for name, words in (("words", self.words), ("phrases", self.phrases), ("tags", self.tags)):
            if words and len(words) != len(allowed):
                found.append(f"The option {self.name} has {len(words)} {name} for {len(allowed)} choices.")
        if self.flag and not re.fullmatch(r"--[a-z][a-z0-9-]*", self.flag):
            found.append(f"The option {self.name}'s flag {self.flag!r} is not a long flag (--name).")
        if self.flag_words and len(self.flag_words) != len(allowed):
            found.append(f"The option {self.name}'s flag words are not one per choice.")
        return found


def _shown(value: object) -> str:
    return repr(value)[:40]


def resolve(specs: tuple[OptionSpec, ...], given: Mapping[str, object], game: str) -> GameOptions:
    """The options `given`, each checked against `specs`, in their one form: only the values that are
    not the option's default (so two ways of saying the same game are equal); OptionsError, one
    sentence, for a name the game does not declare or a value it does not allow."""
    known = {spec.name: spec for spec in specs}
    for name in given:
        if name not in known:
            raise OptionsError(unknown_option(str(name), specs, game))
    checked = ((spec, spec.check(given[spec.name])) for spec in specs if spec.name in given)
    return GameOptions((spec.name, value) for spec, value in checked if value != spec.default)


def unknown_option(name: str, specs: tuple[OptionSpec, ...], game: str) -> str:
    """'rowcol has no NAME option: it has no options besides size and who starts.'"""
    shown = name if NAME.fullmatch(name) else repr(name[:20])
    if not specs:
        return f"{game} has no {shown} option: it has no options besides size and who starts."
    return f"{game} has no {shown} option: its options are {', '.join(spec.name for spec in specs)}."


def parse_assignment(text: str) -> tuple[str, str]:
    """'name=value' -> ('name', 'value'); OptionsError, one sentence."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise OptionsError(f"Write an option as NAME=VALUE, not {text[:40]!r}.")
    return name.strip().lower(), value.strip()


@dataclass(frozen=True)
class Options:
    """What a player chooses before a game; `first` may be a coin toss until `resolve_first`.

    `game_options` holds the game's own options by name (see `OptionSpec`), those not at their
    default (`resolve`); a game reads one with `spec.of(options)`, which gives the default otherwise.
    """

    rows: int = 5
    cols: int = 5
    first: str = "1"
    game_options: Mapping[str, Value] = field(default_factory=GameOptions)

    def __post_init__(self) -> None:
        for name, value in (("rows", self.rows), ("columns", self.cols)):
            if not isinstance(value, int) or not MIN_SIZE <= value <= MAX_SIZE:
                raise OptionsError(
                    f"The board must have {MIN_SIZE} to {MAX_SIZE} {name}, not {value!r}."
                )
        if self.first not in FIRST_CHOICES:
            raise OptionsError(
                f"Who moves first must be 1, 2 or toss, not {self.first!r}."
            )
        if not isinstance(self.game_options, Mapping):
            shown = repr(self.game_options)[:40]
            raise OptionsError(f"A game's options are a table of names and values, not {shown}.")
        if not isinstance(self.game_options, GameOptions):
            object.__setattr__(self, "game_options", GameOptions(self.game_options))

    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}"

    def with_size(self, text: str) -> Options:
        rows, cols = parse_size(text)
        return replace(self, rows=rows, cols=cols)

    def resolve_first(self, rng: random.Random | None = None) -> int:
        """The player who moves first, tossing a coin when asked to."""
        if self.first == "toss":
            return (rng or random.Random()).choice((1, 2))
        return int(self.first)

    def option_dict(self) -> dict[str, Any]:
        """The game's options as plain JSON values: `options: {name: value}` in files and messages."""
        return dict(self.game_options)


_SIZE = re.compile(r"^\s*(\d{1,3})\s*(?:[xX×]\s*(\d{1,3}))?\s*$")


def parse_size(text: str) -> tuple[int, int]:
    """'5x5', '5X4' or '5' (square) -> (rows, cols); raises OptionsError."""
    match = _SIZE.match(text)
    if not match:
        raise OptionsError(
            f"'{text}' is not a board size: write rows x columns, e.g. 5x5."
        )
    rows = int(match.group(1))
    cols = int(match.group(2)) if match.group(2) else rows
    for value in (rows, cols):
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise OptionsError(
                f"'{text}' is not a board size this game supports: use {MIN_SIZE} to {MAX_SIZE} "
                f"rows and columns."
            )
    return rows, cols
