"""Line mode: the rule books' command-line game, in plain text, for terminals and pipes.

Each rule book's "Command-Line Interaction" section has its own phrasing; each game's
package gives it (`RuleBook.phrases`). The loop reads a line, asks the
engine to parse and play it, autosaves after every move (so a killed session
resumes at the last completed move) and announces the winner as the book does.

Typed commands besides moves: `undo`, `help`, `quit`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError, OptionsError
from gridgames.engine.game import Game
from gridgames.engine.match import Match
from gridgames.engine.moves import Move
from gridgames.engine.rules import Content, GridState
from gridgames.engine.safetext import printable
from gridgames.engine.textboard import render
from gridgames.games import get_entry, rule_book
from gridgames.games.api import Phrases
from gridgames.session import HUMAN, PlaySession
from gridgames.storage import LiveRecord, Store

#: A computer player: (rules, state, rng) -> move.
Chooser = Callable[[Any, GridState, random.Random], Move]

EXIT_FINISHED = 0  # every game finished, or the player typed quit
EXIT_INPUT_ENDED = 1  # input ended mid-game; the game is saved and can be resumed
EXIT_RECORD_FAILED = 3  # a --record file could not be written; the moves are kept in the data folder


HELP = """Commands:
  a move     {move_help}
  undo       take back the last move (against the computer: back to your last turn)
  help       show this help
  quit       stop now; the game is saved, resume it with --resume"""


def phrases_for(entry: Entry) -> Phrases:
    return rule_book(entry.id).phrases


@dataclass
class Settings:
    """What a session needs besides the game: saved with the game so it can resume."""

    vs: str | None = None  # computer level, or None for two humans
    computer_plays: int = 2
    match: Match | None = None
    record: str | None = None  # where finished games' records go (numbered in a match)
    overwrite: bool = False

    def record_paths(self) -> list[Path]:
        """One record file per game: FILE for a single game, FILE-1, FILE-2, ... in a match."""
        if self.record is None:
            return []
        path = Path(self.record)
        games = self.match.length if self.match and self.match.length else 1
        if games == 1:
            return [path]
        return [path.with_name(f"{path.stem}-{n}{path.suffix}") for n in range(1, games + 1)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "vs": self.vs,
            "computer_plays": self.computer_plays,
            "match": self.match.to_dict() if self.match else None,
            "record": self.record,
            "overwrite": self.overwrite,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Raises OptionsError when the saved settings are malformed."""
        vs = data.get("vs")
        computer_plays = data.get("computer_plays", 2)
        record = data.get("record")
        if (
            (vs is not None and not isinstance(vs, str))
            or computer_plays not in (1, 2)
            or (record is not None and not isinstance(record, str))
        ):
            raise OptionsError("The saved opponent settings are unreadable.")
        match_data = data.get("match")
        match = Match.from_dict(match_data, get_entry) if isinstance(match_data, dict) else None
        return cls(vs, computer_plays, match, record, bool(data.get("overwrite", False)))


@dataclass
class LinePlay:
    """One line-mode session: a game (or a match of games) read from `read_line`, written to `out`.

    `read_line()` returns a line without its newline, or None at the end of input.
    `computer` chooses the computer's moves when `settings.vs` is set.
    `on_game_over(game)` is called once per finished game (to report its record file).
    The game, the seats, the match score, the autosave and the statistics are a `PlaySession`'s
    (`self.session`, the same object the app drives); `self.game` is its current game.
    """

    game: Game
    out: TextIO
    read_line: Callable[[], str | None]
    store: Store | None = None
    settings: Settings = field(default_factory=Settings)
    computer: Chooser | None = None
    rng: random.Random = field(default_factory=random.Random)
    echo: bool = False  # write typed lines back (piped input reads like the books' transcripts)
    on_game_over: Callable[[Game], None] | None = None
    resume_hint: str = ""
    slot: str = ""  # this session's autosave slot (`Store.new_slot`); a match keeps it
    records: list[LiveRecord] = field(default_factory=list)  # `--record`: one per game of the match
    record_failed: bool = False  # a finished game's record could not be written

    def __post_init__(self) -> None:
        vs, seats = self.settings.vs, (HUMAN, HUMAN)
        if vs is not None:
            seats = (vs, HUMAN) if self.settings.computer_plays == 1 else (HUMAN, vs)
        # a single game is a match of one, so the score is kept the same way (and never announced)
        match = self.settings.match or Match(self.game.entry, self.game.options, length=1)
        self.session = PlaySession(match, seats, self.game, self.store, self.rng, self.slot)
        self.session.extra_settings = {"record": self.settings.record, "overwrite": self.settings.overwrite}

    @property
    def entry(self) -> Entry:
        return self.game.entry

    @property
    def phrases(self) -> Phrases:
        return phrases_for(self.entry)

    # -- output helpers ------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def _names(self, player: int) -> dict[str, str]:
        entry = self.entry
        content = Content.P1 if player == 1 else Content.P2
        return {
            "name": entry.player_names[player - 1],
            "player": entry.player(player),
            "symbol": entry.symbol(content),
            "winner_name": entry.player_names[2 - player],
            "winner": entry.player(3 - player),
            "you": "You" if not self.is_computer(player) else entry.player_names[player - 1],
        }

    def show_board(self) -> None:
        if self.phrases.heading:
            self.say(self.phrases.heading)
        self.say(render(self.entry, self.game.state))
        self.say()

    def is_computer(self, player: int) -> bool:
        return self.settings.vs is not None and player == self.settings.computer_plays

    # -- describing the position ---------------------------------------------------------
    def choices_text(self) -> str:
        """The available moves in the book's manner (cells; the required row/column; steps and walls)."""
        return self.phrases.choices(self.entry, self.game.state, self.game.legal_moves())

    def move_text(self, before: GridState, move: Move) -> str:
        """What the book prints after a move: the mover is `before.to_move`, `self.game` is after it."""
        phrases, rules = self.phrases, self.entry.rules
        kind = phrases.kind_of(before, move)
        last = move.cells[-1]
        values = self._names(before.to_move) | {
            "cell": self.entry.format_move(move),
            "row": str(last.row + 1),
            "col": str(last.col + 1),
        }
        text = phrases.moved.get(kind, phrases.moved.get("place", "{player}: {cell}.")).format(**values)
        phase = rules.phase(before)
        if phase in phrases.phase_done and rules.phase(self.game.state) != phase:
            text += "\n\n" + phrases.phase_done[phase]
        if phrases.effect is not None:
            text += "\n" + phrases.effect(before, move)
        return text

    def turn_text(self) -> str:
        """The book's lines before a prompt: whose turn (in its words) and the moves available."""
        phrases = self.phrases
        turn = phrases.phase_turn.get(self.entry.rules.phase(self.game.state), phrases.turn)
        names = self._names(self.game.state.to_move)
        return (turn.format(**names) + "\n" if turn else "") + self.choices_text()

    def prompt_text(self) -> str:
        return self.phrases.prompt.format(**self._names(self.game.state.to_move))

    def game_over_text(self) -> str:
        """The book's game-over lines for the finished game."""
        outcome = self.game.outcome
        assert outcome is not None
        if outcome.termination == "no-moves" and outcome.winner is not None:
            return self.phrases.no_moves.format(**self._names(3 - outcome.winner))
        return self.entry.describe(outcome)

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> int:
        """Play until every game of the match is over, the player quits, or input ends."""
        self.show_board()
        while True:
            outcome = self.game.outcome
            if outcome is not None:
                self.announce()
                if not self.next_game():
                    return EXIT_RECORD_FAILED if self.record_failed else EXIT_FINISHED
                continue
            if self.is_computer(self.game.state.to_move):
                self.computer_move()
                continue
            status = self.human_turn()
            if status is not None:
                return status

    def human_turn(self) -> int | None:
        """One prompt-and-answer; returns an exit code when the session ends here."""
        self.say(self.turn_text())
        while True:
            self.out.write(self.prompt_text())
            self.out.flush()
            line = self.read_line()
            if line is None:
                self.say()
                self.say(
                    "Input ended before the game finished; the game is saved and can be resumed"
                    + (f" with: {self.resume_hint}" if self.resume_hint else ".")
                )
                return EXIT_INPUT_ENDED
            if self.echo:
                self.say(printable(line))
            if "\ufffd" in line:  # bytes that were not UTF-8, decoded with replacement
                self.say(f"That line is not UTF-8 text, so it is not a move: type a move such as "
                         f"{self.entry.rules.example}, or help.")
                continue
            command = line.strip().lower()
            if command in ("quit", "q", "exit"):
                self.say(
                    "Game saved; resume it"
                    + (f" with: {self.resume_hint}" if self.resume_hint else " later.")
                )
                return EXIT_FINISHED
            if command in ("help", "?"):
                self.say(HELP.format(move_help=self.phrases.move_help))
                continue
            if command == "undo":
                self.undo()
                return None
            if not command:
                example = self.entry.rules.example
                self.say(f"An empty line is not a move: type a move such as {example}, or help.")
                continue
            try:
                move = self.game.parse(line)
                self.play(move)
            except GameError as error:
                self.say(self.phrases.refused.format(reason=printable(str(error))))
                continue
            return None

    def play(self, move: Move) -> None:
        before = self.game.state
        self.game = self.session.play(move)
        self.say()
        self.say(self.move_text(before, move))
        self.say()
        self.autosave()
        self.show_board()

    def computer_move(self) -> None:
        assert self.computer is not None, "a computer opponent needs a chooser"
        move = self.computer(self.entry.rules, self.game.state, self.rng)
        self.play(move)

    def undo(self) -> None:
        if not self.game.can_undo:
            self.say("There is no move to undo.")
            return
        self.session.undo()  # and the computer's moves before it: back to the person's turn
        self.game = self.session.game
        self.say(f"Took back the last move; {self.entry.player(self.game.state.to_move)} to play.")
        self.say()
        self.autosave()
        self.show_board()

    def announce(self) -> None:
        """The book's game-over lines, then the match score when playing several games."""
        self.say(self.game_over_text())
        if self.on_game_over is not None:
            self.on_game_over(self.game)
        if self.settings.match is not None:
            self.settings.match = match = self.session.match
            if match.length is None or match.length > 1:
                self.say(match.describe())
                if match.is_over:
                    self.say(match.verdict())

    def next_game(self) -> bool:
        """Start the match's next game (saved at once, so it resumes); False when the session is over."""
        match = self.settings.match
        if match is None or match.is_over:
            if self.store is not None:
                if self.session.slot:
                    self.store.clear_current(self.session.slot)
            return False
        self.game = self.session.next_game()
        self.say()
        self.say(f"Game {match.games + 1}: {self.entry.player(self.game.first_player)} moves first.")
        self.autosave()
        self.show_board()
        return True

    def autosave(self) -> None:
        """Write the game's `--record` file after every change (the session has saved the game)."""
        self.write_record()
        if self.store is None:
            return
        for warning in self.store.take_warnings():
            self.say(f"Warning: {warning}")

    def write_record(self) -> None:
        """The game's record file, rewritten now: a failure is reported at once, never only at the end.

        A finished game whose record could not be written is kept in the data folder
        (never only in memory), and the session ends with EXIT_RECORD_FAILED.
        """
        number = self.settings.match.games if self.settings.match else 0
        if number >= len(self.records):
            return
        live = self.records[number]
        problem = live.write(self.game)
        if problem is None:
            return
        if not self.game.is_over:
            self.say(f"Warning: {problem} The game goes on and is autosaved; the record is tried again.")
            return
        self.record_failed = True
        kept = ""
        if self.store is not None:
            slot = self.store.new_slot(self.entry.id)
            if self.store.save_current(self.game, self.settings.to_dict(), slot=slot):
                kept = f" The finished game is kept in {printable(str(self.store.current_path(slot)))}."
        self.say(f"Warning: {problem}{kept or ' The moves could not be kept anywhere else.'}")
