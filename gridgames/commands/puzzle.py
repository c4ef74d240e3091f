"""`gridgames puzzle`: solve puzzles in the app, in plain text (`--plain`, typed or piped moves), or list
every shipped puzzle (`--list`, `--json`) so that anyone can check them with another solver.

Plain text tells the same things as the app's puzzle screen: who is to move and what to find, why a wrong
move loses (the opponent's winning reply), and after the solution why it wins in the game's terms.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any, TextIO

from gridgames.commands import game_options, limits
from gridgames.engine.errors import GameError, MoveError
from gridgames.engine.options import Options
from gridgames.engine.safetext import printable
from gridgames.engine.textboard import render
from gridgames.games import catalogue, get_entry
from gridgames.puzzles.choice import DIFFICULTIES
from gridgames.puzzles.model import Puzzle
from gridgames.puzzles.run import Answer, PuzzleRun
from gridgames.puzzles.themes import THEMES
from gridgames.solve.certificates import Certificate

EXIT_USAGE = 2
#: The words the plain prompt takes besides a move.
COMMANDS = {
    "solution": "show the solution (counts as a miss)",
    "retry": "start this puzzle again",
    "undo": "take back your last move (after a miss, the rating stays as it is)",
    "next": "go on to the next puzzle (in streak mode, once per streak before solving it)",
    "rules": "the game's rules",
    "glossary": "the words the explanations use (Grundy value, nim-sum, mirror, ...)",
    "mistakes": "your mistakes in your finished games (gridgames puzzle --mistakes plays them)",
    "help": "this list",
    "quit": "stop",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", metavar="ID", help="only this game's puzzles: " + ", ".join(
        e.id for e in catalogue()))
    parser.add_argument("--rating", type=limits.rating, metavar="N",
                        help="offer puzzles near this rating instead of yours")
    parser.add_argument("--theme", metavar="T", help="only puzzles with this theme: " + ", ".join(THEMES))
    parser.add_argument("--casual", action="store_true", help="play unrated: your rating stays as it is")
    parser.add_argument("--streak", action="store_true", help="streak mode: harder and harder, until a miss")
    parser.add_argument("--plain", action="store_true", help="solve in plain text (moves typed or piped)")
    parser.add_argument("--list", action="store_true", help="list every shipped puzzle")
    parser.add_argument("--stats", action="store_true",
                        help="your dashboard: rating history, results by game and theme, weakest themes")
    parser.add_argument("--mistakes", action="store_true",
                        help="your mistakes in your finished games, each played as a puzzle (plain text)")
    parser.add_argument("--difficulty", choices=DIFFICULTIES, metavar="D",
                        help="puzzles easier, normal or harder than your rating (300 points below or above)")
    parser.add_argument("--json", action="store_true", help="with --list or --stats: one JSON object")
    parser.add_argument("--seed", type=int, help="seed the choice of puzzles (repeatable sessions)")
    game_options.add_arguments(parser)  # with --game: only the puzzles played with these options


def run(args: argparse.Namespace) -> int:
    if args.json and not (args.list or args.stats):
        return _fail("--json goes with --list or --stats.")
    wanted: dict[str, Any] = {}
    if args.game is not None:
        try:
            wanted = game_options.given(args, get_entry(args.game))
        except GameError as error:
            return _fail(str(error))
    elif game_options.given_flags(args):
        return _fail("A game's options go with --game: name the game whose puzzles you want.")
    if wanted and not (args.list or args.plain):
        return _fail("--option works with --list or --plain; the app's puzzle screen offers every puzzle.")
    if args.difficulty is not None and args.rating is not None:
        return _fail("--difficulty picks puzzles round your own rating; --rating names another: give one.")
    if args.mistakes:
        if args.list or args.stats or args.streak:
            return _fail("--mistakes plays your mistakes in plain text; it goes with --game alone.")
        return play_mistakes(args.game, sys.stdin, sys.stdout)
    if args.theme is not None and args.theme not in THEMES:
        return _fail(f"There is no puzzle theme {args.theme!r}; the themes are: {', '.join(THEMES)}.")
    if args.list:
        return _list(args.game, args.json, sys.stdout, wanted, args.theme)
    if args.stats:
        return _stats(args.json, sys.stdout)
    if not args.plain:
        if args.theme is not None:
            return _fail("--theme goes with --plain or --list.")
        from gridgames.commands.app import run_app

        return run_app(open_puzzles=args.game or "", streak=args.streak, puzzle_rating=args.rating,
                       puzzle_difficulty=args.difficulty)
    from gridgames.puzzles.progress import ProgressStore
    from gridgames.puzzles.trainer import Trainer
    from gridgames.storage import Store

    store = Store()
    pool = None
    if wanted:
        from gridgames.puzzles import plugins

        def pool(entry):  # type: ignore[no-untyped-def]
            found = plugins.every() if entry is None else plugins.pool(entry)
            return tuple(puzzle for puzzle in found if played_with(puzzle, wanted))

    trainer = Trainer(ProgressStore(store), random.Random(args.seed), rating=args.rating, puzzles=pool,
                      theme=args.theme, casual=args.casual, difficulty=args.difficulty or "normal")
    code = solve_plain(trainer, args.game, args.streak, sys.stdin, sys.stdout)
    for warning in store.take_warnings():
        sys.stderr.write(f"gridgames: {printable(str(warning), 400)}\n")
    return code


def _fail(message: str) -> int:
    sys.stderr.write(f"gridgames: {printable(message, 400)}\n")
    return EXIT_USAGE


def played_with(puzzle: Puzzle, wanted: dict[str, Any]) -> bool:
    """Whether `puzzle` is played with the options `wanted` (names its game declares, values)."""
    entry = get_entry(puzzle.game)
    options = Options(game_options=puzzle.options)
    return all(name in entry.option_names and entry.option_spec(name).of(options) == value
               for name, value in wanted.items())


def _list(game: str | None, as_json: bool, out: TextIO, wanted: dict[str, Any] | None = None,
          theme: str | None = None) -> int:
    from gridgames.puzzles import data
    from gridgames.puzzles.listing import listing

    refused = data.refusal()
    if refused:
        return _fail(refused)
    listed = [item for item in listing(game)
              if all(item["options"].get(name) == value for name, value in (wanted or {}).items())
              and (theme is None or theme in item["themes"])]
    if as_json:
        json.dump({"puzzles": listed}, out, indent=1)
        out.write("\n")
        return 0
    for item in listed:
        themes = f", {', '.join(item['themes'])}" if item["themes"] else ""
        out.write(f"{item['id']}: {item['game']} {item['rows']}x{item['cols']}, rated {item['rating']:.0f}"
                  f"{themes}; after {' '.join(item['moves']) or 'no moves'}: {' '.join(item['solution'])}\n")
    return 0


def _stats(as_json: bool, out: TextIO) -> int:
    from gridgames.puzzles import plugins, stats
    from gridgames.puzzles.progress import ProgressStore
    from gridgames.storage import Store

    store = Store()
    board = stats.stats(ProgressStore(store).load(), plugins.every())
    for warning in store.take_warnings():
        sys.stderr.write(f"gridgames: {printable(str(warning), 400)}\n")
    if as_json:
        json.dump(board, out, indent=1)
        out.write("\n")
    else:
        out.write(stats.text(board) + "\n")
    return 0


def play_mistakes(game: str | None, inp: TextIO, out: TextIO) -> int:
    """`gridgames puzzle --mistakes` (and `replay --mistakes`): the list of your kept mistakes, then
    each one as a puzzle in plain text, newest first (any winning move is right)."""
    from gridgames.puzzles.mistakes import MistakeList, MistakeStore, listing_text
    from gridgames.storage import Store

    store = Store()
    mistakes = MistakeStore(store).load()
    for warning in store.take_warnings():
        sys.stderr.write(f"gridgames: {printable(str(warning), 400)}\n")
    out.write(listing_text(mistakes) + "\n")
    if not mistakes:
        return 0
    return solve_plain(MistakeList(mistakes), game, False, inp, out)


# -- solving in plain text -------------------------------------------------------------------------
def solve_plain(trainer, game: str | None, streak: bool, inp: TextIO, out: TextIO) -> int:  # type: ignore[no-untyped-def]
    """Puzzle after puzzle from typed or piped lines, until `quit` or the end of the input."""
    out.write(trainer.standing() + "\n")
    while True:
        run = trainer.next_run(game, streak)
        if run is None:
            out.write(trainer.none_left(game) + "\n")
            return 0
        out.write(f"\n{trainer.about(run)}\n")
        going = _solve_one(trainer, run, streak, inp, out)
        if not going:
            return 0


def _solve_one(trainer, run: PuzzleRun, streak: bool, inp: TextIO, out: TextIO) -> bool:  # type: ignore[no-untyped-def]
    """One puzzle; False when the player quits (or the input ends)."""
    _show(run, out)
    counted = False
    while True:
        out.write("> " if run.over else f"{run.entry.player(run.player)}, your move: ")
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\n")
            return False
        word = printable(line.strip(), 80)
        command = _command(word)
        if command == "quit":
            return False
        if command == "next":
            if streak and not counted:  # leaving a streak's puzzle unsolved: its one skip
                out.write(trainer.skip() + "\n")
            return True
        if command == "help":
            out.write("A move in the game's notation, or: " + "; ".join(
                f"{name}: {what}" for name, what in COMMANDS.items()) + ".\n")
            continue
        if command == "glossary":
            from gridgames.puzzles import glossary

            out.write(glossary.text() + "\n")
            continue
        if command == "mistakes":
            from gridgames.puzzles.mistakes import MistakeStore, listing_text
            from gridgames.storage import Store

            out.write(listing_text(MistakeStore(Store()).load()) + "\n"
                      "(gridgames puzzle --mistakes plays them.)\n")
            continue
        if command == "rules":
            out.write(run.entry.rules_markdown().rstrip() + "\n")
            continue
        if command == "retry":
            run = run.retry()
            _show(run, out)
            continue
        if command == "undo":
            if not run.can_undo:
                out.write("There is no move of yours to take back here.\n")
                continue
            run = run.undo()
            _show(run, out)
            continue
        if not word:
            continue
        try:
            if command == "solution":
                if run.over and not run.missed:
                    out.write("You solved it already; retry it or go on to the next one.\n")
                    continue
                run, answer = run.show_solution()
            else:
                run, answer = run.attempt(run.game.parse(word))
        except MoveError as error:
            out.write(f"{printable(str(error), 300)}\n")
            continue
        _tell(run, answer, out)
        if (run.missed or run.over) and not counted:
            counted = True
            _counted(trainer.record(run, streak), streak, out, trainer.casual)
        if run.over:
            if run.puzzle is not None and run.puzzle.themes:
                out.write(f"Themes: {', '.join(run.puzzle.themes)}.\n")
            out.write("Type next for the next puzzle, retry to try again, or quit.\n")


#: One-letter forms of the commands (r is retry; the rules have no short form).
SHORT = {"s": "solution", "r": "retry", "u": "undo", "n": "next", "h": "help", "?": "help", "q": "quit"}


def _command(word: str) -> str | None:
    """The command a word names (its name or its letter), or None for a move."""
    lowered = word.lower()
    return lowered if lowered in COMMANDS else SHORT.get(lowered)


def _show(run: PuzzleRun, out: TextIO) -> None:
    out.write(render(run.entry, run.game.state) + "\n")
    marked = last_move_text(run)
    if marked:
        out.write(marked + "\n")
    if not run.over:
        out.write(run.task + "\n")


def last_move_text(run: PuzzleRun) -> str:
    """Where the rules limit the next move by the last one (a row and column, the cells round a
    marker), the line that marks it: the board alone does not show which move came last."""
    game = run.game
    restriction = run.entry.restriction(game.state)
    if restriction is None or game.cursor == 0 or run.over:
        return ""
    last = game.moves[game.cursor - 1]
    who = run.entry.player(3 - game.state.to_move)
    mover = run.entry.player(game.state.to_move)
    return f"Last move: {who} {run.entry.format_move(last)}, so {mover} plays {restriction}."


def _tell(run: PuzzleRun, answer: Answer, out: TextIO) -> None:
    out.write(answer.text + "\n")
    if answer.kind in ("right", "wrong", "shown") or run.over:
        out.write(render(run.entry, run.game.state) + "\n")
    if answer.explanation is not None:
        if answer.kind == "wrong":
            out.write("Why it wins for the opponent:\n")
        out.write(explanation_text(run, answer.explanation) + "\n")
        out.write("(Type glossary for the words used.)\n")
    if answer.kind == "wrong":
        out.write("Type undo to take it back, retry, or solution.\n")


def explanation_text(run: PuzzleRun, certificate: Certificate) -> str:
    """A certificate as text: its sentences, then each group of cells with its label."""
    lines = [f"  {line}" for line in certificate.lines]
    for index, group in enumerate(certificate.groups):
        label = certificate.labels[index] if certificate.labels else f"{index + 1}"
        cells = ", ".join(run.entry.format_cell(cell) for cell in group)
        lines.append(f"    {label}: {cells}")
    return "\n".join(lines)


def _counted(change, streak: bool, out: TextIO, casual: bool = False) -> None:  # type: ignore[no-untyped-def]
    if not change or not change.counted:  # "" from a source that rates nothing
        return
    if change.rated:
        out.write(f"Your puzzle rating: {change.progress.rating_text} ({change.delta:+.0f}).")
    elif streak:
        out.write("Streak puzzles are not rated.")
    elif casual:
        out.write("Casual play: your rating stays as it is.")
    else:
        out.write("Played before, so your rating stays as it is.")
    if streak:
        out.write(f" Streak: {change.streak} (best {change.best_streak}).")
    if not change.saved:
        out.write(" (Could not be saved: see the warning.)")
    out.write("\n")
