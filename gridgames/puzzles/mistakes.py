"""Your mistakes: every proven mistake of yours in your finished games, kept across games, each one
playable again as a puzzle (the dashboard's list, `gridgames puzzle --mistakes`, `gridgames replay
--mistakes`).

A mistake is a move a person at the board made (never a computer seat's) after which a proven win
became a proven loss, as the end-of-game review finds them (`play.computer.threw_away_wins`). It is
kept as the game's record up to and including that move, so reading it back replays and checks every
move (`engine.record`), with the time it was found. Its puzzle is the position before the move, where
any winning move is accepted (`PuzzleRun.from_position`, which proves the win again first).

One file in the data folder, `mistakes.json`, kept as the puzzle progress is: a read-modify-write
under the folder's lock and an atomic replacement. It is read as hostile: at most MAX_JSON_BYTES, at
most MAX_MISTAKES entries (the newest kept), each record at most MAX_RECORD_CHARS and checked move by
move; an entry that fails is dropped with one warning, the rest are kept.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gridgames.engine import record
from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.safetext import printable
from gridgames.games import get_entry
from gridgames.puzzles.run import PuzzleRun
from gridgames.solve.budget import Budget, StopCheck
from gridgames.storage.store import Store

MISTAKES_FILE = "mistakes.json"
MISTAKES_VERSION = 1
WHAT = "your mistakes"
#: The newest this many are kept.
MAX_MISTAKES = 200
#: A record of a game on the largest board is far shorter than this.
MAX_RECORD_CHARS = 4000
MAX_TIME = 1e11  # seconds since 1970, as the progress file


@dataclass(frozen=True)
class Mistake:
    """One mistake: `game` runs from the start up to and including the mistaken move."""

    game: Game
    at: float  # when it was found (Unix time)

    @property
    def entry(self) -> Entry:
        return self.game.entry

    @property
    def number(self) -> int:
        """The mistaken move's number in its game (1-based)."""
        return self.game.cursor

    @property
    def before(self) -> Game:
        """The position before the mistake: the puzzle."""
        return self.game.goto(self.number - 1)

    @property
    def player(self) -> int:
        return self.game.player_of_move(self.number - 1)

    @property
    def text(self) -> str:
        return record.dumps(self.game)

    def describe(self) -> str:
        """'Cram 4x5, move 7: Player 1 (X) played B2-B3, which threw a win away', one line."""
        entry, game = self.entry, self.game
        move = entry.format_move(game.played[-1])
        when = time.strftime("%Y-%m-%d", time.localtime(self.at))
        return (f"{entry.title} {game.options.size}, move {self.number}: {entry.player(self.player)} "
                f"played {move}, which threw a win away ({when})")

    def run(self, stop: StopCheck = None) -> PuzzleRun | None:
        """The mistake as a puzzle: the position before it, any winning move accepted; None when the
        win there cannot be proven again in the puzzle's budget (or `stop` cancels it)."""
        return PuzzleRun.from_position(self.before, stop)


def own_mistakes(game: Game, numbers: Iterable[int], is_person: Callable[[int], bool]) -> list[Mistake]:
    """The mistakes among `numbers` (1-based moves of the finished `game`) made by a person
    (`is_person(player)`), never by a computer seat; each as the game up to that move."""
    found = []
    now = time.time()
    for number in sorted(set(numbers)):
        if 1 <= number <= game.cursor and is_person(game.player_of_move(number - 1)):
            found.append(Mistake(game.goto(number).truncated(), now))
    return found


class MistakeStore:
    """The mistakes file of a data folder: `load()` them (newest first), `add()` a game's."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def path(self) -> Path:
        return self.store.root / MISTAKES_FILE

    def load(self) -> tuple[Mistake, ...]:
        """Every kept mistake, newest first; entries that do not read back are dropped (one warning)."""
        return self._parse(self.store._read_json(MISTAKES_FILE, WHAT))

    def add(self, mistakes: Iterable[Mistake]) -> int:
        """Keep `mistakes` (one already kept is not kept twice); how many were new. Locked
        read-modify-write, so another window's mistakes found meanwhile stay."""
        new = list(mistakes)
        if not new:
            return 0
        with self.store._locked(WHAT) as locked:
            if not locked:
                return 0
            kept = list(self.load())
            texts = {m.text for m in kept}
            added = [m for m in new if m.text not in texts and len(m.text) <= MAX_RECORD_CHARS]
            if not added:
                return 0
            kept = (sorted(added, key=lambda m: -m.number) + kept)[:MAX_MISTAKES]
            data = {"version": MISTAKES_VERSION,
                    "mistakes": [{"record": m.text, "at": round(m.at, 3)} for m in kept]}
            if not self.store._write(MISTAKES_FILE, json.dumps(data, indent=1) + "\n", WHAT):
                return 0
        return len(added)

    def _parse(self, data: dict[str, Any]) -> tuple[Mistake, ...]:
        if not data:
            return ()
        entries = data.get("mistakes")
        if data.get("version") != MISTAKES_VERSION or not isinstance(entries, list):
            self._refuse("it is not a list of mistakes this version reads")
            return ()
        found: list[Mistake] = []
        dropped = 0
        for item in entries[:MAX_MISTAKES]:
            mistake = _read(item)
            if mistake is None:
                dropped += 1
            else:
                found.append(mistake)
        if dropped:
            self._refuse(f"{dropped} of its entries are not games this version replays; they are left out")
        return tuple(found)

    def _refuse(self, why: str) -> None:
        shown = printable(str(self.path))
        self.store._warn(f"The file {shown} with {WHAT} is partly refused ({why}).")


def _read(item: Any) -> Mistake | None:
    """One entry of the file, replayed and checked; None when it does not read back."""
    if not isinstance(item, dict):
        return None
    text, at = item.get("record"), item.get("at")
    if not isinstance(text, str) or len(text) > MAX_RECORD_CHARS:
        return None
    if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at) \
            or not 0 <= at <= MAX_TIME:
        return None
    try:
        game = record.loads(text, get_entry)
    except GameError:
        return None
    if game.cursor < 1:
        return None
    return Mistake(game, float(at))


class MistakeList:
    """The kept mistakes as a source of puzzles, for the app's puzzle screen (`tui.puzzle_source`'s
    protocol) and plain text alike: from mistake `first` on (0 is the newest), of one game when asked;
    round again to the first when `cycle` (the app), else they end with the last (plain text).
    Nothing is rated: a mistake is practice."""

    rated = False
    casual = True

    def __init__(self, mistakes: tuple[Mistake, ...], first: int = 0, cycle: bool = False) -> None:
        self.mistakes = mistakes
        self._next = first if 0 <= first < len(mistakes) else 0
        self._left = len(mistakes)
        self.cycle = cycle
        self._shown: dict[int, int] = {}  # id(run.start) -> the mistake's index

    def choices(self) -> tuple[Entry, ...]:
        return ()

    def refusal(self) -> str | None:
        return None

    def next_run(self, game: str | None, streak: bool = False, stop: StopCheck = None) -> PuzzleRun | None:
        """The next mistake (of `game`, an entry id, when given) whose position is proven a win again."""
        count = len(self.mistakes)
        for _ in range(count if self.cycle else max(self._left, 0)):  # at most one round a call
            index = self._next % count
            self._next, self._left = self._next + 1, self._left - 1
            mistake = self.mistakes[index]
            if game is not None and mistake.entry.id != game:
                continue
            run = mistake.run(stop)
            if run is not None:
                self._shown[id(run.start)] = index
                return run
            if Budget(None, stop).cancelled:
                break
        return None

    def none_left(self, game: str | None) -> str:
        if not self.mistakes:
            return ("No mistakes of yours are kept yet: they are found when you finish a game "
                    "in the app and the review marks a move of yours ?!.")
        if game is not None and not any(m.entry.id == game for m in self.mistakes):
            return f"No mistakes of yours in {get_entry(game).title} are kept."
        return f"That was the last of your {_mistakes(len(self.mistakes))}."

    def about(self, run: PuzzleRun) -> str:
        index = self._shown.get(id(run.start))
        if index is None:
            return "A position from one of your games."
        return f"Your mistake {index + 1} of {len(self.mistakes)}: {self.mistakes[index].describe()}."

    def record(self, run: PuzzleRun, streak: bool = False) -> str:
        """A mistake is practice: nothing is rated or counted."""
        return ""

    def skip(self) -> str:
        return ""

    def standing(self) -> str:
        return f"{_mistakes(len(self.mistakes)).capitalize()} kept from your finished games; none is rated."


def _mistakes(n: int) -> str:
    return "1 mistake" if n == 1 else f"{n} mistakes"


def listing_text(mistakes: tuple[Mistake, ...]) -> str:
    """The list as lines a person reads, numbered from 1 (the newest)."""
    if not mistakes:
        return MistakeList(()).none_left(None)
    return "\n".join(f"{n}. {m.describe()}" for n, m in enumerate(mistakes, start=1))
