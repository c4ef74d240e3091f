"""The contract every game keeps, checked on any installed game (after OpenSpiel's games_sim_test).

`check_game(entry, plan)` plays random games and checks, position by position, what the engine, the
app, line mode, records and the online server rely on; it also compares the game's solver with a
plain exhaustive search where that finishes, and times its searches against their budgets. Each
check is a `Result`: what was checked and, if it failed, what failed, in words a game's author can
act on. The checks of one position (`position_failures`, `notation_failures`, ...) are also what the
test suite runs on the random games hypothesis draws (tests/games/test_conformance.py).

A game's failure during a check (it raised, or returned garbage) is that check's failure: the game
is guarded (`gridgames.games.guard`), and every check runs even after another one failed.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, TypeVar, cast

from gridgames.engine import record
from gridgames.engine.cells import Cell
from gridgames.engine.clicks import Clicks
from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError, IllegalMoveError, OptionsError
from gridgames.engine.game import Game
from gridgames.engine.moves import Move
from gridgames.engine.options import MAX_OPTIONS, Options
from gridgames.engine.rules import Content, GridState
from gridgames.engine.safetext import printable
from gridgames.engine.textboard import render
from gridgames.games.guard import ROLES, fault_in, searchable, solver_off
from gridgames.online.protocol import MOVE_TEXT
from gridgames.play.picking import NOTHING, point, reachable_by_keys
from gridgames.solve.analysis import analyse
from gridgames.solve.base import LOSS, UNKNOWN, WIN
from gridgames.solve.budget import Budget, SearchTimeout
from gridgames.solve.players import LEVELS, choose_move
from gridgames.solve.search import NaiveNegamax

T = TypeVar("T")


def is_one_sentence(text: str) -> bool:
    """Every user-facing sentence: capitalised or quoting, one full stop at the end, one line."""
    body = text.replace("e.g.", "eg")
    return (
        bool(text)
        and (text[0].isupper() or text[0] in "'#")
        and text.endswith(".")
        and ". " not in body
        and "\n" not in text
    )


@dataclass(frozen=True)
class Plan:
    """How much to check: board sizes, random games per size, the solver's boards and the times."""

    sizes: tuple[tuple[int, int], ...]
    games: int  # random games per size and choice of the game's options
    solver_sizes: tuple[tuple[int, int], ...]
    solver_positions: int  # positions per solver board (its start, then random ones)
    plain_seconds: float  # the plain exhaustive search's time per position (past it: not compared)
    solver_seconds: float  # the game's own analysis per position
    refusal_states: int  # positions per game whose every other move is checked for a refusal


#: About 20 s a game on a laptop: what `gridgames check` runs.
FULL = Plan(
    sizes=((2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5)), games=10,
    solver_sizes=((2, 2), (2, 3), (3, 3), (3, 4), (4, 4)), solver_positions=8,
    plain_seconds=1.0, solver_seconds=2.0, refusal_states=6,
)
#: A second or two a game: what the test suite runs over every registered game (`--quick`).
QUICK = Plan(
    sizes=((2, 2), (3, 3), (4, 4)), games=2, solver_sizes=((2, 2), (2, 3), (3, 3)), solver_positions=2,
    plain_seconds=0.3, solver_seconds=1.0, refusal_states=2,
)

#: A budget of a few milliseconds, and how far past it a search may end (a loaded machine, one check).
SHORT_BUDGET = 0.005
BUDGET_MARGIN = 0.3


@dataclass(frozen=True)
class Result:
    """One check: its name, what it covered, and its failures (none: it passed)."""

    name: str
    covered: str = ""
    failures: tuple[str, ...] = ()
    skipped: str = ""  # why it could not run on this game (it neither passes nor fails)

    @property
    def passed(self) -> bool:
        return not self.failures

    def line(self) -> str:
        """`✓ name (what it covered)`, `✗ name: the first failure (and 3 more)`, `– name: why not`."""
        if self.skipped:
            return f"– {self.name}: not checked, {self.skipped}"
        if self.passed:
            return f"✓ {self.name}" + (f" ({self.covered})" if self.covered else "")
        more = f" (and {len(self.failures) - 1} more)" if len(self.failures) > 1 else ""
        return f"✗ {self.name}: {self.failures[0]}{more}"


class Failures:
    """Collects the failures of one check, at most a few of each kind (one bug fails many positions)."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, text: str) -> None:
        if text not in self.items:
            self.items.append(printable(text, 300))

    def extend(self, texts: list[str]) -> None:
        for text in texts:
            self.add(text)


# -- one position -------------------------------------------------------------------------------
def _fingerprint(state: GridState) -> tuple[int, tuple[object, ...]]:
    return hash(state), dataclasses.astuple(state)


def position_failures(entry: Entry, state: GridState) -> list[str]:
    """The rules' contract at one position: stable, distinct legal moves that each pass the turn,
    a result exactly when no move is left, and a state nothing changes."""
    rules, out = entry.rules, []
    before = _fingerprint(state)
    legal = rules.legal_moves(state)
    if rules.legal_moves(state) != legal:
        out.append("the legal moves change between two calls on the same position")
    if len(set(legal)) != len(legal):
        out.append("a legal move is listed twice")
    for move in legal:
        after = rules.apply_move(state, move)
        if (after.to_move, after.ply) != (3 - state.to_move, state.ply + 1):
            out.append(f"after {entry.format_move(move)} the other player is not to move, one ply on")
            break
    if (rules.outcome(state) is None) != bool(legal):
        out.append("a position has a result although moves are left, or none although no move is")
    if _fingerprint(state) != before:
        out.append("playing from a position changed it (states must never change)")
    return out


def notation_failures(entry: Entry, state: GridState, legal: tuple[Move, ...]) -> list[str]:
    """Each legal move's text, in both coordinate styles, reads back as that move, and is a line
    the online protocol carries."""
    rules, out = entry.rules, []
    for move in legal:
        texts = {entry.format_move(move), rules.format_move(move, "letter"), rules.format_move(move, "pair")}
        for text in texts:
            if not MOVE_TEXT.match(text):
                out.append(f"{text!r} is not a move text the online protocol carries (1-32 printable)")
            try:
                back = rules.parse_move(state, text)
            except GameError as error:
                out.append(f"{text} does not read back ({error})")
                continue
            if back != move:
                out.append(f"{text} reads back as {rules.format_move(back)}, another move")
    return out


def probe_moves(entry: Entry, state: GridState, legal: tuple[Move, ...]) -> Iterator[Move]:
    """Moves of every shape a player could mean here: each cell as each kind of move, each pair of
    side-by-side cells both ways, and each legal move with its cells reversed."""
    kinds = {"", *entry.rules.other_kinds()} | {move.kind for move in legal}
    cells = [Cell(r, c) for r in range(state.rows) for c in range(state.cols)]
    for cell in cells:
        for kind in kinds:
            yield Move.at(cell, kind=kind)
    for a in cells:
        for b in cells:
            if abs(a.row - b.row) + abs(a.col - b.col) == 1:
                yield Move.at(a, b)
    for move in legal:
        yield Move(move.cells[::-1], move.kind)


def refusal_failures(entry: Entry, state: GridState, legal: tuple[Move, ...]) -> list[str]:
    """Every probe move that is not legal is refused with one sentence, and playing it raises
    IllegalMoveError with that sentence."""
    rules, out, allowed = entry.rules, [], set(legal)
    for move in set(probe_moves(entry, state, legal)) - allowed:
        reason = rules.why_illegal(state, move)
        if reason is None or not is_one_sentence(reason):
            shown = rules.format_move(move)
            out.append(f"{shown} is not legal, but its refusal is {reason!r}, not one sentence")
            continue
        try:
            rules.apply_move(state, move)
        except IllegalMoveError as refused:
            if str(refused) != reason:  # the move's text only when said: this runs for every probe
                shown = rules.format_move(move)
                out.append(f"playing {shown} is refused with {str(refused)!r}, not its reason {reason!r}")
        else:
            out.append(f"{rules.format_move(move)} was played although {reason!r}")
    return out


class _SameAnswers:
    """A game's rules whose answers to clicks at one position are asked once each (the moves that
    begin alike share their first clicks' answers); everything else is the game's own."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.answers: dict[tuple[tuple[Cell, ...], bool | str], Clicks] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def clicks(self, state: GridState, picked: tuple[Cell, ...], alternate: bool | str = False) -> Clicks:
        key = (picked, alternate)
        if key not in self.answers:
            self.answers[key] = self.rules.clicks(state, picked, alternate)
        return self.answers[key]


def click_failures(entry: Entry, state: GridState, legal: tuple[Move, ...]) -> list[str]:
    """Every legal move can be entered by clicks (its cells pointed at in its own order, with its
    action) and by keys (the cursor reaches each of its cells over the arrow keys, and Enter points as
    a click does), with each of the game's kinds of move chosen in turn (`Rules.alternate_kinds`);
    the game's answers to clicks name only legal moves of the kind chosen. How a game orders or
    narrows its clicks is its own (`Rules.clicks`)."""
    rules, out, others = entry.rules, [], entry.rules.other_kinds()
    holes = rules.holes(state)
    keys = reachable_by_keys(state.rows, state.cols, holes)
    entry = replace(entry, rules=cast(Any, _SameAnswers(rules)))
    allowed = set(legal)
    for move in legal:
        alternate = move.kind if move.kind in others else ""
        picking, pointed = NOTHING, None
        for cell in move.cells:
            pointed = point(entry, state, picking, cell, alternate)
            if pointed.move is not None or pointed.refusal:
                break
            if not set(pointed.picking.moves) <= allowed:
                shown = entry.format_move(move)
                out.append(f"the answer to clicks on the cells of {shown} names a move that is not legal")
            picking = pointed.picking
        if pointed is None or pointed.move != move:
            out.append(f"{entry.format_move(move)} cannot be entered by clicking its cells in order")
        if not set(move.cells) <= keys:
            shown = entry.format_move(move)
            out.append(f"{shown} cannot be entered by keys: the cursor never reaches all its cells")
    return out


def hole_failures(entry: Entry, state: GridState, legal: tuple[Move, ...]) -> list[str]:
    """The board's holes leave a cell, are drawn as holes and only they, and no legal move covers one
    (that they stay the same all game is `shape_failures`)."""
    rules, out = entry.rules, []
    holes = rules.holes(state)
    if len(holes) >= state.rows * state.cols:
        out.append(f"every cell of {state.rows}x{state.cols} is a hole")
    for r in range(state.rows):
        for c in range(state.cols):
            cell = Cell(r, c)
            if (cell in holes) != entry.look(state, cell).hole:
                which = "a hole is not drawn as one" if cell in holes else "a cell is drawn as a hole"
                out.append(f"{which} ({entry.format_cell(cell)})")
    for move in legal:
        if holes & set(move.cells):
            out.append(f"the legal move {entry.format_move(move)} covers a hole")
    return out


def shape_failures(game: Game) -> list[str]:
    """Every position of a game has the holes of its start."""
    holes = game.rules.holes(game.states[0])
    if any(game.rules.holes(state) != holes for state in game.states[1 : game.cursor + 1]):
        return ["the holes change during a game"]
    return []


def look_failures(entry: Entry, state: GridState) -> list[str]:
    """Every cell has a look of a known role, and the text board draws the players' pieces."""
    out = []
    looks = [entry.look(state, Cell(r, c)) for r in range(state.rows) for c in range(state.cols)]
    if any(look.role not in ROLES for look in looks):
        out.append("a cell's look has a role no style sheet knows")
    board = render(entry, state)
    if len(board.splitlines()) < state.rows:
        out.append("the text board has fewer lines than the board has rows")
    roles: list[str] = [look.role for look in looks]
    for role, content in (("p1", Content.P1), ("p2", Content.P2)):
        if board.count(entry.symbol(content)) != roles.count(role):
            out.append(f"the text board does not show each {role} piece with its symbol")
    return out


def ending_failures(game: Game) -> list[str]:
    """A finished game has no moves, names its result in one sentence, and refuses another move."""
    entry, outcome = game.entry, game.outcome
    out: list[str] = []
    if outcome is None:
        return out
    if game.legal_moves():
        out.append("a finished game still lists legal moves")
    if outcome.termination == "no-moves" and outcome.winner != 3 - game.state.to_move:
        out.append("the player left without a move is not the loser")
    description = entry.describe(outcome)
    if not is_one_sentence(description) or "{" in description:
        out.append(f"the result {description!r} is not one sentence")
    try:
        game.play(Move.at(Cell(0, 0)))
    except IllegalMoveError:
        pass
    else:
        out.append("a finished game accepted another move")
    return out


def record_failures(game: Game) -> list[str]:
    """A record of the game reads back as the same game, written the same way."""
    entry = game.entry
    text = record.dumps(game)
    try:
        loaded = record.loads(text, lambda variant: entry)
    except GameError as error:
        return [f"a record of {len(game.played)} moves does not read back ({error})"]
    out = []
    if loaded.played != game.played or loaded.first_player != game.first_player:
        out.append("a record reads back with other moves")
    elif [dataclasses.astuple(s) for s in loaded.states] != [
        dataclasses.astuple(s) for s in game.states[: game.cursor + 1]
    ]:
        out.append("a record reads back to other positions")
    if record.dumps(loaded) != text:
        out.append("a record read back is written differently")
    return out


# -- whole games ---------------------------------------------------------------------------------
def move_cap(entry: Entry, rows: int, cols: int) -> int:
    """Moves a random game may take: every cell once, or three times where positions repeat."""
    return 3 * rows * cols if entry.rules.can_repeat else rows * cols


def random_game(entry: Entry, options: Options, rng: random.Random) -> Game:
    """A game of random legal moves until it ends or reaches `move_cap`."""
    first = rng.choice((1, 2))
    game = Game.new(entry, options, first_player=first)
    for _ in range(move_cap(entry, options.rows, options.cols)):
        if game.is_over:
            break
        game = game.play(rng.choice(game.legal_moves()))
    return game


def boards(entry: Entry, sizes: tuple[tuple[int, int], ...]) -> list[Options]:
    """Each size the game allows (its default size where it allows none of `sizes`) with the game's
    options at their defaults, then with each other value of one option."""
    sizes = tuple(size for size in sizes if entry.sizes.allows(*size)) or (
        (entry.default_rows, entry.default_cols),
    )
    variants: list[dict[str, object]] = [{}] + [
        {spec.name: value}
        for spec in entry.option_specs
        for value in (spec.allowed if len(spec.allowed) <= 8 else (spec.allowed[0], spec.allowed[-1]))
        if value != spec.default
    ]
    return [
        Options(rows, cols, "1", entry.resolve_options(chosen)) for rows, cols in sizes for chosen in variants
    ]


def attempt(failures: Failures, check: Callable[..., T], *args: Any) -> T | None:
    """`check(*args)`; a game's failure becomes a failure of the check (None), not a crash of all."""
    try:
        return check(*args)
    except Exception as error:  # noqa: BLE001 - every failure of a game is reported, then the next check runs
        fault = fault_in(error)
        raised = f"raised {type(error).__name__}: {printable(str(error), 200)}"
        failures.add(fault.reason if fault else raised)
        return None


def snapshot_failures(game: Game) -> list[str]:
    """Every position of `game` written as text (`Rules.encode_state`) reads back as that position,
    the game's own check passes it, and the same text is refused as a position one ply later (the
    online server loads a room from this text instead of replaying its moves)."""
    rules, out = game.rules, []
    for state in game.states[: game.cursor + 1]:
        text = rules.encode_state(state)
        try:
            back = rules.decode_state(text, game.options, game.first_player, state.ply)
        except GameError as error:
            out.append(f"the position after {state.ply} moves does not read back from its text ({error})")
            continue
        if dataclasses.astuple(back) != dataclasses.astuple(state) or rules.encode_state(back) != text:
            out.append(f"the position after {state.ply} moves reads back from its text as another one")
        try:
            rules.decode_state(text, game.options, game.first_player, state.ply + 1)
            out.append(f"the position after {state.ply} moves reads back as one a ply later")
        except GameError:
            pass
    return out


def _legal_notation(entry: Entry, state: GridState) -> list[str]:
    return notation_failures(entry, state, entry.rules.legal_moves(state))


def _legal_clicks(entry: Entry, state: GridState) -> list[str]:
    return click_failures(entry, state, entry.rules.legal_moves(state))


def _legal_holes(entry: Entry, state: GridState) -> list[str]:
    return hole_failures(entry, state, entry.rules.legal_moves(state))


def _legal_refusals(entry: Entry, state: GridState) -> list[str]:
    return refusal_failures(entry, state, entry.rules.legal_moves(state))


#: The checks of one position, by name.
PER_POSITION: tuple[tuple[str, Callable[[Entry, GridState], list[str]]], ...] = (
    ("the rules' contract", position_failures),
    ("notation round trip", _legal_notation),
    ("every move entered by clicks and by keys", _legal_clicks),
    ("holes kept out of play", _legal_holes),
    ("looks with known roles", look_failures),
)
NOT_REACHED = "no position was reached (see the playouts)"


def _playouts(entry: Entry, plan: Plan, rng: random.Random, failures: Failures, games: list[Game]) -> None:
    """Random games on every board of the plan, into `games` (those played before a failure stay)."""
    for options in boards(entry, plan.sizes):
        for _ in range(plan.games):
            game = random_game(entry, options, rng)
            games.append(game)
            if not entry.rules.can_repeat and not game.is_over:
                failures.add(f"a random game on {options.size} did not end within {game.cursor} moves")


#: The flags of `play`, `host`, `analyse` and `puzzle` themselves: a game's own flag may not be one.
COMMAND_FLAGS = frozenset((
    "--help", "--size", "--first", "--option", "--plain", "--vs", "--computer-plays", "--record",
    "--overwrite", "--games", "--starts", "--resume", "--seed", "--server", "--bind", "--port", "--new",
    "--moves", "--budget", "--json", "--game", "--rating", "--streak", "--list",
))


def option_failures(entry: Entry) -> list[str]:
    """What is wrong with the sizes and options `entry` declares: sizes within the engine's, its default
    size among them; each option's declaration (a valid default, its choices of its type and its words
    one per choice), names and flags given once, values that read back as written, and the defaults a
    game can start with."""
    specs = entry.option_specs
    found = entry.sizes.problems((entry.default_rows, entry.default_cols))
    found += [problem for spec in specs for problem in spec.problems()]
    names = [spec.name for spec in specs]
    if len(set(names)) != len(names):
        found.append("an option name is declared twice")
    if len(specs) > MAX_OPTIONS:
        found.append(f"{len(specs)} options are declared; at most {MAX_OPTIONS} are carried")
    flags = [spec.flag for spec in specs if spec.flag]
    if len(set(flags)) != len(flags):
        found.append("a flag is declared by two options")
    found += [f"the flag {flag} is a command's own" for flag in flags if flag in COMMAND_FLAGS]
    for spec in specs:
        for value in spec.allowed[:64]:
            try:
                if spec.parse(spec.text(value)) != value:
                    found.append(f"the option {spec.name}'s value {spec.text(value)!r} reads back otherwise")
            except OptionsError as error:
                found.append(f"the option {spec.name}'s value {spec.text(value)!r} is refused: {error}")
    if not found:
        default = entry.default_options()
        entry.rules.start(default, 1)  # a failure here is the check's failure (see `attempt`)
    return found


def check_game(entry: Entry, plan: Plan = FULL, seed: int = 0) -> Iterator[Result]:
    """Every check on `entry`, one Result at a time (so a front end shows each as it ends)."""
    declared = Failures()
    declared.extend(attempt(declared, option_failures, entry) or [])
    options = "; ".join(  # what `--option NAME=VALUE` takes
        f"{spec.name}={spec.text(spec.default)} ({spec.choices_text()})" for spec in entry.option_specs
    ) or "none besides size and who starts"
    covered = f"sizes: {entry.sizes.describe()}; options: {options}"
    yield Result("declared sizes and options", covered, tuple(declared.items))
    if declared.items:
        return  # every other check plays the game with its options
    rng = random.Random(seed)
    playouts = Failures()
    games: list[Game] = []
    attempt(playouts, _playouts, entry, plan, rng, playouts, games)
    sizes = ", ".join(dict.fromkeys(o.size for o in boards(entry, plan.sizes)))
    yield Result("random playouts", f"{len(games)} games on {sizes}", tuple(playouts.items))
    states = [state for game in games for state in game.states]
    for name, check in PER_POSITION:
        yield _per_position(name, entry, states, check)
    chosen = rng.sample(states, min(len(states), plan.refusal_states * 4))
    yield _per_position("illegal moves refused with a sentence", entry, chosen, _legal_refusals)
    yield _per_game("records round trip", games, record_failures)
    yield _per_game("positions as text round trip", games, snapshot_failures)
    yield _per_game("finished games", games, ending_failures)
    yield _per_game("the board keeps its shape", games, shape_failures)
    yield _solver(entry, plan, rng)
    yield _budgets(entry, rng)


def _per_position(
    name: str, entry: Entry, states: list[GridState], check: Callable[[Entry, GridState], list[str]]
) -> Result:
    if not states:
        return Result(name, skipped=NOT_REACHED)
    failures = Failures()
    for state in states:
        failures.extend(attempt(failures, check, entry, state) or [])
        if len(failures.items) >= 5:  # one bug fails many positions: enough to act on
            break
    return Result(name, f"{len(states)} positions", tuple(failures.items))


def _per_game(name: str, games: list[Game], check: Callable[[Game], list[str]]) -> Result:
    if not games:
        return Result(name, skipped="no game was played (see the playouts)")
    failures = Failures()
    for game in games:
        failures.extend(attempt(failures, check, game) or [])
    return Result(name, f"{len(games)} games", tuple(failures.items))


def solver_failures(
    entry: Entry, state: GridState, plain_seconds: float, solver_seconds: float
) -> list[str] | None:
    """The game's analysis of `state` against a plain exhaustive negamax over its rules: every value
    the analysis states (win or loss, for the position and for each move) must be the plain search's.
    None when the plain search did not finish in `plain_seconds` (nothing compared)."""
    own, watch = searchable(entry.rules)
    found = watch.call("its rules, searched", _plain, own, state, plain_seconds) if watch else _plain(
        own, state, plain_seconds
    )
    if found is None:
        return None
    wins, children = found
    evaluation = analyse(entry, state, Budget(solver_seconds))
    out = []
    where = f"{state.rows}x{state.cols}, ply {state.ply}, {len(children)} legal moves"
    plain_value = WIN if wins else LOSS
    if evaluation.value not in (UNKNOWN, plain_value):
        out.append(f"the solver says {evaluation.value} where a plain search finds {plain_value} ({where})")
    for move, value in evaluation.move_values.items():
        if value == UNKNOWN:
            continue
        if move not in children:
            out.append(f"the solver values {entry.format_move(move)}, which is not a legal move")
        elif value != (LOSS if children[move] else WIN):
            shown = entry.format_move(move)
            out.append(f"the solver says {shown} is a {value} ({where}); a plain search disagrees")
    if evaluation.exact and UNKNOWN in (evaluation.value, *evaluation.move_values.values()):
        out.append("an analysis marked exact has unknown values")
    return out


def _plain(own: Any, state: GridState, seconds: float) -> tuple[bool, dict[Move, bool]] | None:
    """Whether the player to move wins, and after each move whether the opponent does, by a plain
    negamax over the game's own rules; None when that takes longer than `seconds`."""
    plain = NaiveNegamax(own, Budget(seconds))
    try:
        wins = plain.wins(state)
        return wins, {move: plain.wins(own.apply_unchecked(state, move)) for move in own.legal_moves(state)}
    except SearchTimeout:
        return None


def _solver_positions(entry: Entry, options: Options, count: int, rng: random.Random) -> list[GridState]:
    """The start of a random game and up to `count - 1` positions from it, not the finished one."""
    game = random_game(entry, options, rng)
    middle = list(game.states[1:-1])
    return [game.states[0], *rng.sample(middle, min(count - 1, len(middle)))]


def _solver(entry: Entry, plan: Plan, rng: random.Random) -> Result:
    name = "solver agrees with a plain exhaustive search"
    if entry.rules.can_repeat:
        return Result(name, skipped="positions repeat in this game, so a plain search need not end")
    failures, compared, unfinished = Failures(), 0, 0
    for options in boards(entry, plan.solver_sizes):
        for state in attempt(failures, _solver_positions, entry, options, plan.solver_positions, rng) or []:
            found = attempt(failures, solver_failures, entry, state, plan.plain_seconds, plan.solver_seconds)
            if found is None:
                unfinished += 1
            else:
                compared += 1
                failures.extend(found)
    off = solver_off(entry.id)  # an answer the guard refused (a lie or a failure): the solver is off
    if off is not None:
        failures.add(off)
    covered = f"{compared} positions" + (f", {unfinished} too big for the plain search" if unfinished else "")
    if not compared and not failures.items:
        return Result(name, skipped="the plain search finished on no board")
    return Result(name, covered, tuple(failures.items))


def _budget_position(entry: Entry, options: Options, rng: random.Random) -> GridState:
    """The start, or a position one random move on that is not over."""
    game = Game.new(entry, options, first_player=1)
    if rng.random() < 0.5:
        moved = game.play(rng.choice(game.legal_moves()))
        game = game if moved.is_over else moved
    return game.state


#: How often a timing past the margin is taken again: a burst of load on the machine passes, a search
#: that does not look at its budget (or sleeps past it) is past the margin every time.
BUDGET_TRIES = 3


def _seconds(work: Callable[[], object]) -> float:
    """The least wall-clock time of `work()` over up to BUDGET_TRIES calls, stopping at the first
    within the margin."""
    least = float("inf")
    for _ in range(BUDGET_TRIES):
        started = time.perf_counter()
        work()
        least = min(least, time.perf_counter() - started)
        if least <= SHORT_BUDGET + BUDGET_MARGIN:
            break
    return least


def _level_move(entry: Entry, state: GridState, level: str) -> object:
    return choose_move(entry, state, level, random.Random(1), Budget(SHORT_BUDGET))


def _timings(entry: Entry, state: GridState) -> dict[str, float]:
    """Seconds taken by analysis and by each level's move on a short budget (each after a warm-up
    call: loading a table is not the search), and by an analysis cancelled from the start."""
    def short() -> Budget:
        return Budget(SHORT_BUDGET)

    analyse(entry, state, short())
    spent = {
        "analysis": _seconds(lambda: analyse(entry, state, short())),
        "a cancelled analysis": _seconds(lambda: analyse(entry, state, Budget(10.0, lambda: True))),
    }
    for level in LEVELS:
        choose_move(entry, state, level, random.Random(1), short())
        seconds = _seconds(partial(_level_move, entry, state, level))
        spent[f"the {level} player's move"] = seconds
    return spent


def _budgets(entry: Entry, rng: random.Random) -> Result:
    """Analysis and every level's move on the game's own board end within BUDGET_MARGIN of a short
    budget, and at once when cancelled."""
    failures = Failures()
    options = replace(entry.default_options(), first="1")
    state = attempt(failures, _budget_position, entry, options, rng)
    spent = (attempt(failures, _timings, entry, state) if state is not None else None) or {}
    for what, seconds in spent.items():
        if seconds > SHORT_BUDGET + BUDGET_MARGIN:
            failures.add(f"{what} took {seconds * 1000:.0f} ms on a budget of {SHORT_BUDGET * 1000:.0f} ms")
    slowest = f"slowest {max(spent.values()) * 1000:.0f} ms" if spent else "nothing timed"
    name = f"budgets of {SHORT_BUDGET * 1000:.0f} ms honoured on {options.size}"
    return Result(name, slowest, tuple(failures.items))
