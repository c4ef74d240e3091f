"""Line mode: the rule books' command-line game, in plain text, for terminals and pipes.

Each rule book's "Command-Line Interaction" section has its own phrasing; each game's
package gives it (`RuleBook.phrases`). The loop reads a line, asks the
engine to parse and play it, autosaves after every move (so a killed session
resumes at the last completed move) and announces the winner as the book does.

Typed commands besides moves: `undo`, `help`, `quit`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.match import Match
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.engine.safetext import printable
from gridgames.games.api import Phrases
from gridgames.play.clocks import GameClock, Now, OutOfTime, clocks_line
from gridgames.play.narration import Narrator, took_back
from gridgames.play.session import PlaySession, start_sentence
from gridgames.play.setup import Setup
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


def record_paths(record: str | None, games: int | None) -> list[Path]:
    """One record file per game: FILE for a single game, FILE-1, FILE-2, ... in a match of `games`."""
    if record is None:
        return []
    path = Path(record)
    if not games or games == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{n}{path.suffix}") for n in range(1, games + 1)]


def recording_of(settings: dict[str, Any]) -> tuple[str | None, bool]:
    """The `--record` file and `--overwrite` line mode saved beside a game (None, False if none)."""
    record = settings.get("record")
    return (record if isinstance(record, str) else None), settings.get("overwrite") is True


class LinePlay:
    """One line-mode session: a game (or a match of games) read from `read_line`, written to `out`.

    `read_line()` returns a line without its newline, or None at the end of input.
    `setup` says who sits where and the match rules (default: two people, one game); `match` is
    the score before this game (default: the set-up's new match).
    `computer` chooses the moves of every computer seat (it is given the state, whose mover is known).
    `on_game_over(game)` is called once per finished game (to report its record file).
    The game, the seats, the match score, the autosave and the statistics are a `PlaySession`'s
    (`self.session`, the same object the app drives); line mode keeps no copy of them.
    """

    def __init__(
        self,
        game: Game,
        out: TextIO,
        read_line: Callable[[], str | None],
        store: Store | None = None,
        setup: Setup | None = None,
        match: Match | None = None,
        computer: Chooser | None = None,
        rng: random.Random | None = None,
        echo: bool = False,  # write typed lines back after the prompt (the books' transcripts, in tests)
        piped: bool = False,  # input is not a terminal: each prompt ends its line, nothing is echoed
        on_game_over: Callable[[Game], None] | None = None,
        resume_hint: str = "",
        slot: str = "",  # this session's autosave slot (`Store.new_slot`); a match keeps it
        records: list[LiveRecord] | None = None,  # `--record`: one per game of the match
        record: str | None = None,
        overwrite: bool = False,
        now: Now = time.monotonic,  # the clock's time source (`--clock`; a fake in tests)
        clock_saved: Any = None,  # a resumed game's clock reading
    ) -> None:
        self.out, self.read_line, self.store = out, read_line, store
        self.computer, self.rng, self.echo = computer, rng or random.Random(), echo and not piped
        self.piped = piped
        self.on_game_over, self.resume_hint = on_game_over, resume_hint
        self.records = records or []
        self.record_failed = False  # a finished game's record could not be written
        # a single game is a match of one, so the score is kept the same way (and never announced)
        setup = setup or Setup(game.entry.id, game.options, games=1)
        match = match or setup.new_match(game.entry)
        self.session = PlaySession(match, setup.seats, game, store, self.rng, slot)
        self.session.extra_settings = {"record": record, "overwrite": overwrite}
        if setup.clock is not None:
            self.session.use_clock(GameClock(setup.clock, now, clock_saved))
        session = self.session  # (not `self`: a cycle would keep the session's save held until collected)
        self.narrator = Narrator(game.entry, lambda player: not session.is_computer(player))

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def entry(self) -> Entry:
        return self.game.entry

    @property
    def phrases(self) -> Phrases:
        return self.narrator.phrases

    # -- output helpers ------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def show_board(self) -> None:
        self.say(self.narrator.board(self.game.state))

    def is_computer(self, player: int) -> bool:
        return self.session.is_computer(player)

    def show_clocks(self) -> None:
        """Both clocks, under a clock: 'Clock: ▶ Player 1 (X) 2:59 · Player 2 (O) 3:00'."""
        clock = self.session.clock
        if clock is not None:
            self.say(clocks_line(clock, self.entry.player))

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> int:
        """Play until every game of the match is over, the player quits, or input ends."""
        names = self.entry.player_names
        opening = ""
        if self.game.cursor == 0:
            opening = start_sentence(self.session.match_base, self.game, lambda n: names[n - 1])
        if opening:  # "Coin toss: Player B starts.", in the book's names as every line here
            self.say(opening)
            self.say()
        self.show_board()
        while True:
            outcome = self.session.check_time() or self.game.outcome
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
        self.say(self.narrator.turn(self.game))
        while True:
            self.show_clocks()
            prompt = self.narrator.prompt(self.game)
            self.out.write(prompt.rstrip() + "\n" if self.piped else prompt)  # a reply never joins it
            self.out.flush()
            line = self.read_line()
            if line is None:
                self.say()
                self.session.keep_clock()
                if not self.session.worth_keeping:
                    self.say("Input ended before your first move, so there is no game to save.")
                    return EXIT_INPUT_ENDED
                self.say(
                    "Input ended before the game finished; the game is saved and can be resumed"
                    + (f" with: {self.resume_hint}" if self.resume_hint else ".")
                )
                return EXIT_INPUT_ENDED
            if self.echo:
                self.say(printable(line))
            if self.session.check_time() is not None:  # the answer came too late: the game is lost
                self.say()
                return None
            if "\ufffd" in line:  # bytes that were not UTF-8, decoded with replacement
                self.say(f"That line is not UTF-8 text, so it is not a move: type a move such as "
                         f"{self.entry.rules.example}, or help.")
                continue
            command = line.strip().lower()
            if command in ("quit", "q", "exit"):
                self.session.keep_clock()
                if not self.session.worth_keeping:
                    self.say("Goodbye: you have not moved yet, so there is no game to save.")
                    return EXIT_FINISHED
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
                legal = self.game.legal_moves()  # a move of this position, in the book's notation
                example = self.entry.format_move(legal[0]) if legal else self.entry.rules.example
                self.say(f"An empty line is not a move: type a move such as {example}, or help.")
                continue
            try:
                move = self.game.parse(line)
                self.play(move)
            except OutOfTime:
                return None
            except GameError as error:
                self.say(self.narrator.refused(printable(str(error))))
                continue
            return None

    def play(self, move: Move) -> None:
        before = self.game.state
        self.session.play(move)
        self.say()
        self.say(self.narrator.moved(before, move, self.game.state))
        self.say()
        self.autosave()
        self.show_board()

    def computer_move(self) -> None:
        assert self.computer is not None, "a computer opponent needs a chooser"
        from gridgames.games.guard import take_warnings

        move = self.computer(self.entry.rules, self.game.state, self.rng)
        for sentence in take_warnings():  # a solver that failed or lied, switched off: its move was searched
            self.say(f"Warning: {sentence}")
        try:
            self.play(move)
        except OutOfTime:  # it thought past its time: the loop announces the loss
            pass

    def undo(self) -> None:
        if not self.game.can_undo:
            self.say("There is no move to undo.")
            return
        self.session.undo()  # and the computer's moves before it: back to the person's turn
        self.say(took_back("the last move", self.entry.player(self.game.state.to_move)))
        self.say()
        self.autosave()
        self.show_board()

    def announce(self) -> None:
        """The book's game-over lines, then the match score when playing several games."""
        self.say(self.narrator.game_over(self.game, self.session.outcome))
        self.keep_mistakes()
        if self.on_game_over is not None:
            self.on_game_over(self.game)
        match = self.session.match
        if match.length is None or match.length > 1:
            self.say(match.describe())
            if match.is_over:
                self.say(match.verdict())

    def keep_mistakes(self) -> None:
        """Review the finished game as the app does and keep the person's proven mistakes (never a
        computer seat's) for `gridgames puzzle --mistakes` and the dashboard."""
        request = self.session.review_request()
        if request is None or self.store is None or self.session.all_computer:
            return
        from gridgames.play.computer import threw_away_wins

        game = request.game
        self.session.reviewed(request, threw_away_wins(game.entry, game.states[: game.cursor + 1]))

    def next_game(self) -> bool:
        """Start the match's next game (saved at once, so it resumes); False when the session is over."""
        match = self.session.match
        if match.is_over:
            if self.store is not None and self.session.slot:
                self.store.clear_current(self.session.slot)
            return False
        self.session.next_game()
        self.say()
        self.say(self.session.start_message)
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
        number = self.session.match_base.games
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
            if self.store.save_current(self.game, self.session.saved_settings(), slot=slot):
                kept = f" The finished game is kept in {printable(str(self.store.current_path(slot)))}."
        self.say(f"Warning: {problem}{kept or ' The moves could not be kept anywhere else.'}")
