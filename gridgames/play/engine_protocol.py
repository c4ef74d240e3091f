"""An engine program as a player: the engine line protocol (docs/bots.md), spoken over a subprocess.

In the manner of UCI and GTP, the program reads one command a line on its standard input and answers
each with one line on its standard output:

    gridgames 1                        -> ok gridgames 1 [NAME]
    game VARIANT RxC first=N [K=V ...] -> ok          (V in JSON)
    position [MOVE ...]                -> ok          (the moves from the start, in the game's notation)
    clock LEFT1 LEFT2 INCREMENT        -> ok          (seconds; `clock none` for a game without one)
    go                                 -> move MOVE | resign
    quit                                              (no answer: the program exits)

and `error SENTENCE` to a command it cannot carry out; lines starting `info` are its own notes, skipped.
What the program writes is hostile until checked: a line is at most `MAX_ANSWER` characters, every
answer has a deadline (the engine's time on the clock, else `MOVE_SECONDS`), and a move must be legal.
Anything else ends in an `EngineError` whose one sentence says what went wrong: the engine loses that
game. `close` (also the context manager's exit) always ends and reaps the process.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
import time
from typing import IO

from gridgames.engine.clock import LAG_CAP, Clock
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.engine.safetext import printable

VERSION = 1
#: The longest line read from an engine (characters); a longer one is garbage.
MAX_ANSWER = 1000
#: `info ...` lines (the engine's own notes, as in UCI) skipped before one answer, at most.
MAX_INFO = 100
#: Seconds for the hello and each set-up command, and for a move when no clock runs.
SETUP_SECONDS = 10.0
MOVE_SECONDS = 60.0
#: Seconds a program has to exit after `quit` before it is killed.
QUIT_SECONDS = 2.0
_END = object()  # the engine closed its output
_TOO_LONG = object()


class EngineError(Exception):
    """The engine failed (no answer in time, garbage, an illegal move, a crash): one sentence."""


class EngineProcess:
    """One running engine program (see the module). Use as a context manager, or call `close`."""

    def __init__(self, command: str, label: str = "") -> None:
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise EngineError(f"The engine command cannot be read: {error}.") from None
        if not argv:
            raise EngineError("The engine command is empty.")
        self.label = label or printable(argv[0], 60)
        self.name = ""  # what the engine calls itself in its hello
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                text=True, encoding="utf-8", errors="replace", bufsize=1,
            )
        except OSError as error:
            why = error.strerror or error
            raise EngineError(f"The engine {self.label} could not be started: {why}.") from None
        self._lines: queue.Queue[object] = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(target=_read, args=(self.process.stdout, self._lines), daemon=True).start()

    def __enter__(self) -> EngineProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- one command, one answer -------------------------------------------------------------
    def ask(self, command: str, seconds: float) -> str:
        """Send `command` and return the engine's one-line answer (EngineError on anything wrong)."""
        self.tell(command)
        deadline = time.monotonic() + max(0.0, seconds)
        for _ in range(MAX_INFO + 1):
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineError(
                    f"The engine {self.label} did not answer '{command.split()[0]}' within {seconds:.1f} s."
                ) from None
            if not (isinstance(line, str) and (line == "info" or line.startswith("info "))):
                break
        else:
            raise EngineError(
                f"The engine {self.label} wrote more than {MAX_INFO} info lines for one answer."
            )
        if line is _END:
            raise EngineError(f"The engine {self.label} stopped (its output ended).")
        if line is _TOO_LONG:
            raise EngineError(
                f"The engine {self.label} answered a line longer than {MAX_ANSWER} characters."
            )
        assert isinstance(line, str)
        if line.startswith("error"):
            raise EngineError(f"The engine {self.label} refused '{command.split()[0]}': "
                              f"{printable(line[5:].strip(), 200) or 'no reason given'}")
        return line

    def tell(self, command: str) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(command + "\n")
            stdin.flush()
        except (OSError, ValueError):
            raise EngineError(f"The engine {self.label} stopped (its input is closed).") from None

    def _ok(self, command: str) -> None:
        answer = self.ask(command, SETUP_SECONDS)
        if answer != "ok":
            raise EngineError(f"The engine {self.label} answered '{printable(answer, 60)}' to "
                              f"'{command.split()[0]}' instead of ok.")

    # -- the game ------------------------------------------------------------------------------
    def start(self, game: Game) -> None:
        """The hello and the game's set-up (its id, size, who moved first and its options)."""
        self.hello()
        self._ok(game_line(game))

    def hello(self) -> None:
        """Check the program speaks this protocol, and learn its name."""
        hello = self.ask(f"gridgames {VERSION}", SETUP_SECONDS)
        words = hello.split(maxsplit=3)
        if words[:3] != ["ok", "gridgames", str(VERSION)]:
            raise EngineError(f"The engine {self.label} does not speak the gridgames engine protocol "
                              f"{VERSION} (it said '{printable(hello, 60)}').")
        self.name = printable(words[3], 40) if len(words) > 3 else ""

    def choose(self, game: Game, clock: Clock | None = None, now: float = 0.0) -> Move | None:
        """The engine's move in `game` (None: it resigns). With a `clock`, the answer is due when the
        engine's time runs out (plus the round-trip allowance); without, within MOVE_SECONDS."""
        self._ok(position_line(game))
        self._ok(clock_line(clock, now))
        seconds = MOVE_SECONDS
        if clock is not None:
            seconds = clock.left(game.state.to_move, now) + LAG_CAP
        answer = self.ask("go", seconds)
        if answer == "resign":
            return None
        word, _, text = answer.partition(" ")
        if word != "move" or not text.strip():
            raise EngineError(f"The engine {self.label} answered '{printable(answer, 60)}' to go: "
                              "neither 'move MOVE' nor 'resign'.")
        try:
            move = game.parse(text.strip())
            game.play(move)
        except GameError as error:
            raise EngineError(f"The engine {self.label} chose a move the rules refuse: {error}") from None
        return move

    def close(self) -> None:
        """Ask the program to quit, kill it if it does not, and reap it."""
        process = self.process
        if process.poll() is None:
            try:
                self.tell("quit")
                if process.stdin is not None:
                    process.stdin.close()
            except (EngineError, OSError, ValueError):
                pass
            try:
                process.wait(QUIT_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
        process.wait()
        if process.stdout is not None:
            process.stdout.close()


def _read(stream: IO[str], lines: queue.Queue[object]) -> None:
    """Feed the engine's lines to `lines`, bounded in length; `_END` when its output ends."""
    try:
        while True:
            line = stream.readline(MAX_ANSWER + 1)
            if not line:
                break
            if len(line) > MAX_ANSWER and not line.endswith("\n"):
                lines.put(_TOO_LONG)
                break
            lines.put(line.rstrip("\r\n").strip())
    except (OSError, ValueError):
        pass
    lines.put(_END)


# -- the lines the host sends ---------------------------------------------------------------------
def game_line(game: Game) -> str:
    """`game VARIANT 3x3 first=1 NAME="word"`: the game, its size, who moved first, and
    the options that differ from the rule book's (each value in JSON)."""
    chosen = sorted(game.options.option_dict().items())
    options = " ".join(f"{name}={json.dumps(value, separators=(',', ':'))}" for name, value in chosen)
    line = f"game {game.entry.id} {game.options.size} first={game.first_player}"
    return f"{line} {options}" if options else line


def position_line(game: Game) -> str:
    """`position A1-A2 C3-D3`: every move from the start, in the game's notation."""
    moves = " ".join(game.entry.format_move(move) for move in game.played)
    return f"position {moves}".rstrip()


def clock_line(clock: Clock | None, now: float) -> str:
    """`clock 172.500 180.000 2.000` (player 1's and player 2's time, the increment), or `clock none`."""
    if clock is None:
        return "clock none"
    return f"clock {clock.left(1, now):.3f} {clock.left(2, now):.3f} {clock.control.increment:.3f}"
