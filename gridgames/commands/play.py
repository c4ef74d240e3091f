"""`gridgames play VARIANT`: the app on that game, or with --plain the rule books' line mode.

Line mode works with a terminal or with piped input. Exit codes: 0 when every
game finished (or the player typed quit; the game is saved), 1 when input ended
mid-game (the game is saved: `--resume` continues it), 2 for bad options, 3 when a
`--record` file could not be written (the moves are kept in the data folder).
The same options are checked with and without `--plain`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from typing import Any

from gridgames.commands import game_options
from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError, OptionsError
from gridgames.engine.game import Game
from gridgames.engine.match import STARTS_CHOICES
from gridgames.engine.options import FIRST_CHOICES
from gridgames.engine.safetext import printable
from gridgames.games import catalogue, get_entry
from gridgames.games.guard import probe
from gridgames.play.seats import HUMAN
from gridgames.play.setup import LastChoices, Setup, default_setup, resume
from gridgames.storage import LiveRecord, SavedGame, Store, check_record_target

EXIT_USAGE = 2
MAX_LINE = 1000  # characters read from one typed line; a move is a few
CONFIRM = "another name, or confirm replacing it"  # the dialog's advice; the command line's differs


#: Options that choose a new game; `--resume` continues a saved one with its own, so it refuses them.
NEW_GAME_OPTIONS = (
    "size", "first", "vs", "computer_plays", "record", "overwrite", "games", "starts", "clock",
)
#: Options only line mode has: the app chooses these on its new-game panel or its save dialog.
PLAIN_ONLY_OPTIONS = ("record", "overwrite", "games", "seed", "resume")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="VARIANT", help="one of: " + ", ".join(e.id for e in catalogue()))
    parser.add_argument("--plain", action="store_true", help="play in plain text, as the rule books do")
    parser.add_argument("--size", metavar="RxC", help="board size, e.g. 5x5 (default: the rule book's)")
    parser.add_argument("--first", choices=FIRST_CHOICES, help="who moves first (default: the rule book's)")
    game_options.add_arguments(parser)
    parser.add_argument("--vs", metavar="LEVEL", help="play against the computer at this level")
    parser.add_argument(
        "--computer-plays", type=int, choices=(1, 2), help="the computer's player (default 2)"
    )
    parser.add_argument(
        "--record", metavar="FILE", help="write the game record to FILE after every move (--plain)"
    )
    parser.add_argument("--overwrite", action="store_true", help="let --record replace an existing file")
    parser.add_argument("--games", type=int, metavar="N", help="play a match of N games (--plain)")
    parser.add_argument("--starts", choices=STARTS_CHOICES, help="who starts each later game of a match")
    add_clock_argument(parser)
    parser.add_argument(
        "--resume", action="store_true", help="continue the newest unfinished game of VARIANT (--plain)"
    )
    parser.add_argument("--seed", type=int, help="seed coin tosses and the computer (repeatable games)")


def add_clock_argument(parser: argparse.ArgumentParser) -> None:
    """`--clock MINUTES+SECONDS`, the same flag on `play`, `host` and `bot`."""
    parser.add_argument(
        "--clock", metavar="M+S",
        help="play under a clock: base minutes + seconds added a move, e.g. 3+2 or 0.5+1",
    )


def _fail(message: str) -> int:
    sys.stderr.write(f"gridgames: {printable(message, 400)}\n")
    return EXIT_USAGE


def _given(args: argparse.Namespace, names: tuple[str, ...]) -> list[str]:
    """The options among `names` that the command line set, as the player typed them."""
    return [
        "--" + name.replace("_", "-") for name in names if getattr(args, name, None) not in (None, False)
    ]


def run(args: argparse.Namespace) -> int:
    try:
        entry = get_entry(args.variant)
    except OptionsError as error:
        return _fail(str(error))
    off = probe(entry)  # its opening played once through the guard: a failing game is not started,
    if off is not None:  # nor its saves offered, again and again
        return _fail(off)
    if args.resume:
        conflicting = _given(args, NEW_GAME_OPTIONS) + game_options.given_flags(args)
        if conflicting:
            return _fail(
                f"--resume continues the saved game with its own settings, so it cannot take "
                f"{', '.join(conflicting)}: leave them out, or start a new game without --resume."
            )
    if not args.plain:
        only_plain = _given(args, PLAIN_ONLY_OPTIONS)
        if only_plain:
            return _fail(f"{', '.join(only_plain)} works only in line mode: add --plain.")
    try:
        setup = setup_from(args, entry, replace(default_setup(entry), games=1))
        _computer(setup, entry)
    except GameError as error:
        return _fail(str(error))
    if not args.plain:
        return _launch_app(entry.id, args)
    return _play_plain(args, entry, setup)


def _play_plain(args: argparse.Namespace, entry: Any, new_setup: Setup) -> int:
    from gridgames.lineplay import LinePlay, record_paths, recording_of

    store = Store()
    interactive = sys.stdin.isatty()
    waiting = store.unfinished(entry.id)
    broken_save = store.take_warnings()
    for warning in broken_save:
        print(f"Warning: {warning}")
    saved = None
    if waiting and args.resume:
        saved = waiting[0]  # the newest
    elif waiting and interactive:
        saved = _ask_resume(waiting)
    claimed = store.claim(saved) if saved is not None else None
    if saved is not None and claimed is None:
        print("That game was just resumed in another window, so a new game starts.")
        saved = None

    rng = random.Random(args.seed)
    records: list[LiveRecord] = []
    if saved is not None:
        resumed = resume(saved.game, saved.settings, fresh_length=1)
        if resumed.note:
            print(f"Warning: {printable(resumed.note)}")
        setup, match, game, slot = resumed.setup, resumed.match, saved.game, claimed or ""
        clock_saved = resumed.clock
        record, overwrite = recording_of(saved.settings)
        records = [
            LiveRecord(path, overwrite, started=number <= match.games)
            for number, path in enumerate(record_paths(record, match.length))
        ]
        if len(waiting) > 1 and not interactive:
            others = len(waiting) - 1
            print(f"{others} other unfinished game(s) of {entry.id} stay saved (at a terminal you choose).")
    else:
        if args.resume and not broken_save:
            print(f"There is no unfinished game of {entry.id} to resume; a new game starts.")
        elif waiting and not interactive:
            print(f"An unfinished game of {entry.id} is saved; it stays saved (--resume continues it).")
        setup, slot, clock_saved = new_setup, "", None
        record, overwrite = args.record, args.overwrite
        match = setup.new_match(entry)
        game = match.new_game(rng)  # the first coin toss of the seed
        for path in record_paths(record, setup.games):
            problem = check_record_target(path, overwrite)
            if problem:
                return _fail(problem.replace(CONFIRM, "another --record file, or add --overwrite"))
            records.append(LiveRecord(path, overwrite))
    slot = slot or store.new_slot(entry.id)

    try:
        computer = _computer(setup, entry)
    except OptionsError as error:
        return _fail(str(error))

    finished_games = [match.games]  # the number of the game now in play, from 0

    def on_game_over(finished: Game) -> None:
        number = finished_games[0]
        finished_games[0] += 1
        if number < len(records) and records[number].safe:
            print(f"The game record is saved in {printable(str(records[number].path))}.")
        for warning in store.take_warnings():
            print(f"Warning: {warning}")

    print(f"Welcome to {entry.title}!")
    print()
    session = LinePlay(
        game=game,
        out=sys.stdout,
        read_line=_stdin_line,
        store=store,
        setup=setup,
        match=match,
        computer=computer,
        rng=rng,
        piped=not interactive,
        on_game_over=on_game_over,
        resume_hint=f"gridgames play {entry.id} --plain --resume",
        slot=slot,
        records=records,
        record=record,
        overwrite=overwrite,
        clock_saved=clock_saved,
    )
    return session.run()  # a closed output pipe ends in cli.main (the game is saved after every move)


def setup_from(args: argparse.Namespace, entry: Entry, base: Setup) -> Setup:
    """`base` with the command line's choices (`--size`, `--vs`, ...); raises GameError for a bad one."""
    seats = None
    if args.vs is not None:
        seats = (args.vs, HUMAN) if args.computer_plays == 1 else (HUMAN, args.vs)
    return base.chosen(
        entry, size=args.size, first=args.first, options=game_options.given(args, entry), seats=seats,
        starts=args.starts, games=getattr(args, "games", None), clock=getattr(args, "clock", None),
    )


def _describe_saved(saved: SavedGame) -> str:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.saved_at))
    moves = len(saved.game.played)
    return f"{saved.game.options.size}, {moves} move{'s' if moves != 1 else ''}, saved {when}"


def _ask_resume(waiting: list[SavedGame]) -> SavedGame | None:
    """At a terminal: offer every unfinished game of the variant (newest first); None for a new game."""
    variant = waiting[0].game.entry.id
    if len(waiting) == 1:
        sys.stdout.write(
            f"An unfinished game of {variant} ({_describe_saved(waiting[0])}) is waiting. Resume it? [Y/n] "
        )
        sys.stdout.flush()
        return waiting[0] if sys.stdin.readline().strip().lower() in ("", "y", "yes") else None
    print(f"{len(waiting)} unfinished games of {variant} are waiting:")
    for number, saved in enumerate(waiting, start=1):
        print(f"  {number}. {_describe_saved(saved)}")
    while True:
        sys.stdout.write(f"Resume which? [1-{len(waiting)}, Enter for 1, n for a new game] ")
        sys.stdout.flush()
        answer = sys.stdin.readline()
        choice = answer.strip().lower()
        if not answer or choice in ("n", "no", "new"):
            return None
        if choice == "":
            return waiting[0]
        if choice.isascii() and choice.isdigit() and 1 <= int(choice) <= len(waiting):
            return waiting[int(choice) - 1]
        print(f"Type a number from 1 to {len(waiting)}, or n for a new game.")


def _stdin_line() -> str | None:
    """The next typed line without its ending, at most MAX_LINE characters (the rest is dropped)."""
    line = sys.stdin.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line) > MAX_LINE and not line.endswith("\n"):
        while True:  # skip the rest of an over-long line without holding it in memory
            rest = sys.stdin.readline(65536)
            if not rest or rest.endswith("\n"):
                break
        return line[:MAX_LINE]  # no move is this long: it is refused like any other non-move
    return line.rstrip("\r\n")


def _computer(setup: Setup, entry: Entry):  # type: ignore[no-untyped-def]
    """Line mode's chooser for the computer seats of `setup` (`play.computer.Computer`: each prepares
    a board's one-off table before its reply, and searches where no exact answer is quick); None
    when people play both sides (`Setup` holds only known seats)."""
    levels_wanted = [seat for seat in setup.seats if seat != HUMAN]
    if not levels_wanted:
        return None
    from gridgames.play import computer

    seats = {n: computer.Computer(entry, level) for n, level in enumerate(setup.seats, 1) if level != HUMAN}
    return lambda rules, state, rng: seats[state.to_move].reply(state, rng)


def _launch_app(variant: str, args: argparse.Namespace) -> int:
    """The full-screen app, opened on `variant` with the options given (checked by `run`)."""
    from gridgames.tui import launch

    if not launch.available():
        return _fail("The full-screen app is not available here: add --plain to play in plain text.")
    start: dict[str, Any] = {"variant": variant, "note": remembered_note(args, variant)}
    chosen = ("size", "first", "vs", "computer_plays", "starts", "clock")
    if _given(args, chosen) or game_options.given_flags(args):
        start["choices"] = _choices_from(args, variant)
        start["new_game"] = True  # options on the command line ask for a new game: no resume offer first
    return launch.run_app(start)


def remembered_note(args: argparse.Namespace, variant: str) -> str:
    """'As last time: a 4x4 board, Player 2 starts.': the choices the new-game panel takes from
    the last game of `variant` that differ from its rule book and were not given on the command line
    (those win); "" when there are none."""
    entry = get_entry(variant)
    last = LastChoices.from_dict(Store().load_prefs()).setup_for(entry)
    o = last.options
    said = []
    if args.size is None and (o.rows, o.cols) != (entry.default_rows, entry.default_cols):
        said.append(f"a {o.rows}x{o.cols} board")
    if args.first is None and o.first != entry.default_first:
        toss = o.first == "toss"
        said.append("a coin toss for who starts" if toss else f"{entry.player(int(o.first))} starts")
    given = game_options.named(args)
    for spec in entry.option_specs:
        value = spec.of(o)
        if spec.name not in given and value != spec.default:
            word = f"{spec.text(value)} {spec.label.lower()}" if spec.kind == "word" else (
                f"{spec.label.lower()}: {spec.word(value).lower()}"
            )
            said.append(word)
    if args.vs is None:
        said += [f"the computer ({seat}) as {entry.player(n)}" for n, seat in enumerate(last.seats, 1)
                 if seat != HUMAN]
    if args.starts is None and last.starts != "alternate":
        said.append(f"later games started by the {last.starts}" if last.starts in ("winner", "loser")
                    else "a coin toss for each later game")
    if getattr(args, "clock", None) is None and last.clock is not None:
        said.append(f"a {last.clock} clock")
    return "As last time: " + ", ".join(said) + "." if said else ""


def _choices_from(args: argparse.Namespace, variant: str) -> LastChoices:
    """The saved choices with this game's new-game panel filled in from the command line."""
    entry = get_entry(variant)
    choices = LastChoices.from_dict(Store().load_prefs())
    choices.remember(setup_from(args, entry, choices.setup_for(entry)))
    return choices
