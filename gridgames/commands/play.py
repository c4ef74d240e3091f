"""`gridgames play VARIANT`: the app on that game, or with --plain the rule books' line mode.

Line mode works with a terminal or with piped input. Exit codes: 0 when every
game finished (or the player typed quit; the game is saved), 1 when input ended
mid-game (the game is saved: `--resume` continues it), 2 for bad options.
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
import time
from pathlib import Path
from typing import Any, cast

from gridgames.engine.errors import GameError, OptionsError
from gridgames.engine.game import Game
from gridgames.engine.match import SCORING_CHOICES, STARTS_CHOICES, Match
from gridgames.engine.options import ADJACENCY_CHOICES, FIRST_CHOICES, Options, parse_size
from gridgames.storage import SavedGame, StorageError, Store, save_record
from gridgames.variants.catalogue import CATALOGUE, get_entry

EXIT_USAGE = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="one of: " + ", ".join(e.id for e in CATALOGUE))
    parser.add_argument("--plain", action="store_true", help="play in plain text, as the rule books do")
    parser.add_argument("--size", metavar="RxC", help="board size, e.g. 5x5 (default: the rule book's)")
    parser.add_argument("--first", choices=FIRST_CHOICES, help="who moves first (default: the rule book's)")
    parser.add_argument("--adjacency", choices=ADJACENCY_CHOICES, help="noneighbour only: king or orthogonal")
    parser.add_argument("--vs", metavar="LEVEL", help="play against the computer at this level")
    parser.add_argument(
        "--computer-plays", type=int, choices=(1, 2), default=2, help="the computer's player (default 2)"
    )
    parser.add_argument("--record", metavar="FILE", help="write the game record to FILE when the game ends")
    parser.add_argument("--overwrite", action="store_true", help="let --record replace an existing file")
    parser.add_argument("--games", type=int, default=1, metavar="N", help="play a match of N games")
    parser.add_argument(
        "--starts", choices=STARTS_CHOICES, default="alternate", help="who starts each later game of a match"
    )
    parser.add_argument(
        "--scoring", choices=SCORING_CHOICES, default="wins", help="match points: wins or cells (locked-duel)"
    )
    parser.add_argument("--resume", action="store_true", help="continue the unfinished game of VARIANT")
    parser.add_argument("--seed", type=int, help="seed coin tosses and the computer (repeatable games)")


def _fail(message: str) -> int:
    sys.stderr.write(f"gridgames: {message}\n")
    return EXIT_USAGE


def run(args: argparse.Namespace) -> int:
    try:
        entry = get_entry(args.variant)
    except OptionsError as error:
        return _fail(str(error))
    if not args.plain:
        return _launch_app(entry.id)
    from gridgames.lineplay import LinePlay, Settings

    rng = random.Random(args.seed)
    store = Store()
    interactive = sys.stdin.isatty()
    saved = store.load_current(entry.id)
    broken_save = store.take_warnings()
    for warning in broken_save:
        print(f"Warning: {warning}")

    settings: Settings | None = None
    game: Game | None = None
    if saved is not None and (args.resume or (interactive and _ask_resume(saved))):
        try:
            settings = Settings.from_dict(saved.settings)
        except GameError as error:
            print(f"Warning: {error} The moves are resumed with two human players.")
            settings = Settings()
        game = saved.game
    elif args.resume and not broken_save:
        print(f"There is no unfinished game of {entry.id} to resume; a new game starts.")
    elif saved is not None:
        print(
            f"An unfinished game of {entry.id} is saved; this new game replaces it (--resume continues it)."
        )

    if game is None or settings is None:
        try:
            settings, game = _new_session(args, entry, rng)
        except GameError as error:
            return _fail(str(error))
        problem = _check_record_paths(settings.record_paths(), args.overwrite)
        if problem:
            return _fail(problem)

    computer = None
    if settings.vs is not None:
        try:
            computer = _computer(settings.vs)
        except OptionsError as error:
            return _fail(str(error))

    def on_game_over(finished: Game) -> None:
        opponent = settings.vs if settings.vs is not None else "human"
        store.record_game(finished, opponent, 3 - settings.computer_plays if settings.vs else 1)
        number = settings.match.games + 1 if settings.match else 1
        paths = settings.record_paths()
        if number <= len(paths):
            try:
                save_record(finished, paths[number - 1], overwrite=settings.overwrite)
                print(f"The game record is saved in {paths[number - 1]}.")
            except StorageError as error:
                print(f"Warning: {error}")
        for warning in store.take_warnings():
            print(f"Warning: {warning}")

    print(f"Welcome to {entry.title}!")
    print()
    session = LinePlay(
        game=game,
        out=sys.stdout,
        read_line=_stdin_line,
        store=store,
        settings=settings,
        computer=computer,
        rng=rng,
        echo=not interactive,
        on_game_over=on_game_over,
        resume_hint=f"gridgames play {entry.id} --plain --resume",
    )
    try:
        return session.run()
    except BrokenPipeError:  # the reader went away (e.g. `| head`); the game is saved
        return 1


def _new_session(args: argparse.Namespace, entry: Any, rng: random.Random) -> tuple[Any, Game]:
    """Settings and the first game from the command line; raises GameError for a bad option."""
    from gridgames.lineplay import Settings

    rows, cols = (entry.default_rows, entry.default_cols) if args.size is None else parse_size(args.size)
    if args.adjacency is not None and not entry.has_adjacency_option:
        raise OptionsError(f"{entry.id} has no adjacency option: only noneighbour has.")
    options = Options(rows, cols, args.first or entry.default_first, args.adjacency or "king")
    match = Match(entry, options, scoring=args.scoring, starts=args.starts, length=args.games)
    settings = Settings(
        vs=args.vs,
        computer_plays=args.computer_plays,
        match=match,
        record=args.record,
        overwrite=args.overwrite,
    )
    return settings, match.new_game(rng)


def _check_record_paths(paths: list[Path], overwrite: bool) -> str | None:
    """Refuse before playing rather than lose a game at the end: one sentence, or None."""
    for path in paths:
        if path.is_dir():
            return f"'{path}' is a folder: give --record a file name."
        if path.exists() and not overwrite:
            return f"'{path}' already exists: choose another --record file, or add --overwrite."
        if not path.parent.is_dir():
            return f"The folder '{path.parent}' does not exist, so --record cannot write there."
    return None


def _ask_resume(saved: SavedGame) -> bool:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.saved_at))
    moves = len(saved.game.played)
    sys.stdout.write(
        f"An unfinished game of {saved.game.entry.id} ({moves} move{'s' if moves != 1 else ''}, "
        f"saved {when}) is waiting. Resume it? [Y/n] "
    )
    sys.stdout.flush()
    answer = sys.stdin.readline()
    return answer.strip().lower() in ("", "y", "yes")


def _stdin_line() -> str | None:
    line = sys.stdin.readline()
    if not line:
        return None
    return line.rstrip("\r\n")


def _computer(level: str):  # type: ignore[no-untyped-def]
    """A chooser for `level` from the solvers (imported only when a computer plays)."""
    try:
        from gridgames.solve import players
    except ImportError:
        raise OptionsError(
            "Computer opponents are not available in this installation: play without --vs."
        ) from None
    levels = tuple(getattr(players, "LEVELS", ()))
    if levels and level not in levels:
        raise OptionsError(f"There is no computer level '{level}': choose one of {', '.join(levels)}.")

    def choose(rules, state, rng):  # type: ignore[no-untyped-def]
        return players.choose_move(rules, state, level, rng)

    return choose


def _launch_app(variant: str) -> int:
    """The full-screen app, opened on `variant` (the app owns everything after that)."""
    try:
        from gridgames.tui.app import GridGamesApp
    except ImportError:
        return _fail("The full-screen app is not available here: add --plain to play in plain text.")
    if "variant" not in inspect.signature(GridGamesApp).parameters:
        return _fail("This version of the app cannot open a game directly: add --plain to play in text.")
    app = cast(Any, GridGamesApp)(variant=variant)  # checked just above: the app takes `variant`
    app.run()
    return int(app.return_code or 0)
