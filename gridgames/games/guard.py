"""A game whose own code fails is switched off for the run, not allowed to take the app down.

Every call into a game goes through here: the registry (`gridgames.games`) hands out each rule book
with its rules wrapped in `GuardedRules` (one line per hook: what the sentence calls it and how its
answer is checked) and its own solver hooks in `GuardedSolver`. A call that raises
anything but the game's contract errors (`GameError`: an invalid or illegal move, bad options;
`SearchTimeout` from a budgeted search), or returns what the contract forbids (a legal move that is
not a `Move`, a cell off the board, a look with an unknown role, notation that is not one line of
text), becomes a `GameFault`: one sentence naming the game and what failed. The game is then
switched off for this run (`why_off`): the first screen says why on its card and it cannot be
started, its autosaves are not offered (they stay on disk for a fixed version), line mode and
`analyse` print the sentence and exit 2, and the online server refuses new rooms of it.

A game's solver is held to its contract apart (`GuardedSolver`): a solver that fails or lies is
switched off alone, and the game plays on, searched, with one sentence said (`take_warnings`).
What the run knows (games and solvers off, probes) lives in one `Ledger`, which each `Guard` holds
(the run's, `LEDGER`, unless it is given its own) and the functions below read.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NoReturn, TypeVar

from gridgames.engine.cells import Cell, CoordStyle
from gridgames.engine.clicks import Clicks
from gridgames.engine.errors import GameError
from gridgames.engine.look import Look
from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.engine.outcome import Outcome
from gridgames.engine.rules import Content, GridState, Kept, Rules
from gridgames.engine.safetext import printable
from gridgames.games.api import GENERIC, Solver
from gridgames.solve.budget import Budget, SearchTimeout

T = TypeVar("T")

#: The roles a look may name (`gridgames.engine.look.Role`).
ROLES = frozenset(("empty", "p1", "p2", "blocked", "hole"))
#: How much of a game's own error message a fault sentence quotes.
QUOTED = 120
#: How many moves' notation a game's guard keeps (`GuardedRules.format_move`): every move of a few
#: boards, about 0.5 MB at most.
NOTATION_KEPT = 4096
#: A class attribute of Rules a front end reads; the guard copies the game's own.
FACTS = (
    "family", "no_move_reason", "can_repeat", "verb", "blocked_word", "empty_is_playable",
    "alternate_kind", "alternate_kinds", "example", "clicks_in_order",
)


class GameFault(Exception):
    """A game's own code failed (it raised, or returned what its contract forbids): not the player's
    doing and not a refusal, so the game is switched off for the run. `str()` is one sentence."""

    def __init__(self, game_id: str, reason: str) -> None:
        super().__init__(reason)
        self.game_id = game_id
        self.reason = reason


#: What a game's code may raise within its contract (a refusal, a search out of time, a fault already
#: found): passed on as it is; anything else it raises is its fault.
WITHIN_CONTRACT = (GameError, SearchTimeout, GameFault)


class Ledger:
    """What this run knows about its games' failures: which games are switched off and why, which
    solvers are, what `probe` found, and the sentences about solvers not yet said to the player."""

    def __init__(self) -> None:
        self.off: dict[str, str] = {}
        self.solvers_off: dict[str, str] = {}
        self.probed: dict[str, str | None] = {}
        self.unsaid: list[str] = []

    def clear(self) -> None:
        self.__init__()  # type: ignore[misc]


#: The run's ledger (a process plays one run): each `Guard` writes to it unless given its own, and
#: the functions below read it.
LEDGER = Ledger()


def why_off(game_id: str) -> str | None:
    """The sentence saying why this game is switched off for this run, or None while it plays."""
    return LEDGER.off.get(game_id)


def switched_off() -> dict[str, str]:
    """Every game switched off in this run, with its sentence."""
    return dict(LEDGER.off)


def solver_off(game_id: str) -> str | None:
    """The sentence saying why this game's solver is switched off for this run (the game plays on,
    searched), or None while its solver is trusted."""
    return LEDGER.solvers_off.get(game_id)


def take_warnings() -> list[str]:
    """The sentences about solvers switched off since this was last asked (each is said once)."""
    said, LEDGER.unsaid[:] = list(LEDGER.unsaid), []
    return said


def forget() -> None:
    """Switch every game and solver on again (a new run, or a test)."""
    LEDGER.clear()


def fault_in(error: BaseException | None) -> GameFault | None:
    """The GameFault behind `error` (itself, its cause or context, or a failed worker's error)."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, GameFault):
            return error
        seen.add(id(error))
        inner = getattr(error, "error", None)  # textual's WorkerFailed keeps the worker's error here
        error = inner if isinstance(inner, BaseException) else (error.__cause__ or error.__context__)
    return None


def _quoted(error: BaseException) -> str:
    """`RuntimeError: boom`, on one line, without full stops that would end the sentence early."""
    text = printable(" ".join(str(error).split()), QUOTED).rstrip(".").replace(". ", "; ")
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class Guard:
    """Turns a failure of one game's code into a GameFault that switches the game off."""

    def __init__(self, game_id: str, title: str, ledger: Ledger | None = None) -> None:
        self.game_id = game_id
        self.title = title
        self.ledger = LEDGER if ledger is None else ledger  # where the game's faults are written

    def fail(self, what: str, problem: str) -> NoReturn:
        """Switch the game off: `what` names the hook ("its legal moves"), `problem` what went wrong."""
        reason = (
            f"{self.title} ({self.game_id}) is switched off for this run: {what} {problem}, "
            "a fault in the game's code."
        )
        self.ledger.off.setdefault(self.game_id, reason)  # the first fault says why it is off
        raise GameFault(self.game_id, reason)

    def call(self, what: str, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`function(*args)`, its failures other than the contract's turned into a GameFault."""
        try:
            return function(*args, **kwargs)
        except WITHIN_CONTRACT:
            raise
        except Exception as error:  # noqa: BLE001 - any other failure of a game is its fault
            self.fail(what, f"raised {_quoted(error)}")

    def expect(self, what: str, ok: bool, problem: str) -> None:
        if not ok:
            self.fail(what, problem)

    def moves(self, what: str, moves: object, state: GridState) -> tuple[Move, ...]:
        """`moves` if it is a tuple of distinct moves on the board of `state`, else a fault."""
        problem = f"returned a {type(moves).__name__}, not a tuple of moves"
        self.expect(what, isinstance(moves, tuple), problem)
        assert isinstance(moves, tuple)
        for move in moves:
            self.move(what, move, state)
        self.expect(what, len(set(moves)) == len(moves), "listed a move twice")
        return moves

    def move(self, what: str, move: object, state: GridState) -> Move:
        """`move` if it is a Move over cells of the board of `state`, else a fault."""
        if not on_board(move, state):  # the sentence only when said: this runs for every legal move
            self.fail(what, f"gave {printable(repr(move), 60)}, not a move on this board")
        assert isinstance(move, Move)
        return move

    def state(self, what: str, after: object, before: GridState | Options) -> GridState:
        """`after` if it is a state of the same board, a player to move, else a fault."""
        ok = (
            isinstance(after, GridState)
            and after.rows == before.rows
            and after.cols == before.cols
            and (after.to_move == 1 or after.to_move == 2)
        )
        if not ok:
            self.fail(what, f"gave {printable(repr(after), 60)}, not a position on this board")
        assert isinstance(after, GridState)
        return after

    def text(self, what: str, text: object, optional: bool = False) -> Any:
        """`text` if it is one line of printable text (or None where `optional`), else a fault."""
        if type(text) is str and text and text.isprintable() and not text.isspace():
            return text  # the usual case, asked of the text at once: a server writes a move a message
        if optional and text is None:
            return None
        ok = isinstance(text, str) and bool(text.strip()) and printable(text, len(text) + 1) == text
        if not ok:
            self.fail(what, f"gave {printable(repr(text), 60)}, not one line of text")
        return text


def on_board(move: object, state: GridState) -> bool:
    """Whether `move` is a Move over cells of the board of `state`."""
    return (
        isinstance(move, Move)
        and isinstance(move.kind, str)
        and isinstance(move.cells, tuple)
        and len(move.cells) > 0
        and all(
            isinstance(cell, Cell) and 0 <= cell.row < state.rows and 0 <= cell.col < state.cols
            for cell in move.cells
        )
    )


def _given(args: tuple[Any, ...], kwargs: dict[str, Any], index: int, name: str) -> Any:
    """The argument a hook was given at `index`, or by `name`."""
    return args[index] if len(args) > index else kwargs[name]


def _a(kind: type | tuple[type, ...], problem: str | None = None) -> Callable[..., Any]:
    """A check that the answer is of `kind` (saying `problem`, or quoting the answer, when not)."""

    def check(guard: Guard, what: str, answer: object, _args: Any, _kwargs: Any) -> Any:
        if not isinstance(answer, kind):  # the sentence only when said: this runs for every move played
            guard.fail(what, problem or f"gave {printable(repr(answer), 60)}")
        return answer

    return check


def _moves(guard: Guard, what: str, answer: object, args: Any, kwargs: Any) -> Any:
    return guard.moves(what, answer, _given(args, kwargs, 0, "state"))


def _state_after(index: int, name: str) -> Callable[..., Any]:
    """A check that the answer is a position on the board of the argument at `index` (`name`)."""

    def check(guard: Guard, what: str, answer: object, args: Any, kwargs: Any) -> Any:
        return guard.state(what, answer, _given(args, kwargs, index, name))

    return check


def _text(optional: bool) -> Callable[..., Any]:
    """A check that the answer is one line of printable text (or None where `optional`)."""
    return lambda guard, what, answer, _args, _kwargs: guard.text(what, answer, optional=optional)


def _look(guard: Guard, what: str, answer: object, _args: Any, _kwargs: Any) -> Any:
    ok = isinstance(answer, Look) and answer.role in ROLES and isinstance(answer.glyph, str)
    if not ok:
        guard.fail(what, f"gave {printable(repr(answer), 60)}, not a look with a known role")
    return answer


def _clicks(guard: Guard, what: str, answer: object, args: Any, kwargs: Any) -> Any:
    state = _given(args, kwargs, 0, "state")
    if not isinstance(answer, Clicks):
        guard.fail(what, f"gave {printable(repr(answer), 60)}, not its Clicks")
    assert isinstance(answer, Clicks)
    guard.moves(what, answer.moves, state)
    _cells(guard, what, answer.next, args, kwargs)
    return answer


def _cells(guard: Guard, what: str, answer: object, args: Any, kwargs: Any) -> Any:
    """A check that the answer is a frozenset of cells of the board of the state given."""
    state = _given(args, kwargs, 0, "state")
    ok = isinstance(answer, frozenset) and all(
        isinstance(cell, Cell) and 0 <= cell.row < state.rows and 0 <= cell.col < state.cols
        for cell in answer
    )
    if not ok:
        guard.fail(what, f"gave {printable(repr(answer), 60)}, not a set of cells of this board")
    return answer


def _hook(name: str, what: str, check: Callable[..., Any]) -> Any:
    """The game's own hook `name`, called under the guard and its answer checked: `check(guard, what,
    answer, args, kwargs)` returns the answer or raises the GameFault; `what` names it in the sentence."""

    def hook(self: Any, *args: Any, **kwargs: Any) -> Any:
        guard = self.guard
        try:  # `Guard.call`, written out: a server calls four hooks a move
            answer = getattr(self.wrapped, name)(*args, **kwargs)
        except WITHIN_CONTRACT:
            raise
        except Exception as error:  # noqa: BLE001 - any other failure of a game is its fault
            guard.fail(what, f"raised {_quoted(error)}")
        return check(guard, what, answer, args, kwargs)

    hook.__name__ = hook.__qualname__ = name
    hook.__doc__ = f"The game's own `{name}`, its failure or a forbidden answer a fault ({what})."
    return hook


class GuardedRules(Rules[Any]):
    """A game's rules with every call checked (see the module docstring); `wrapped` is the game's own."""

    def __init__(self, rules: Rules[Any], guard: Guard, solver: Solver | None = None) -> None:
        self.wrapped = rules
        self.guard = guard
        #: its solver hooks, guarded: registered per game, not per rules class (`games.registered_solver`)
        self.hooks = GuardedSolver(solver if solver is not None else GENERIC, guard, self)
        #: the notation of moves already written (`format_move`), at most NOTATION_KEPT of them
        self.written: Kept[tuple[Move, str], str] = Kept(NOTATION_KEPT)
        for name in FACTS:  # the game's class attributes, read by every front end
            setattr(self, name, getattr(rules, name))

    def __eq__(self, other: object) -> bool:
        """The same game's rules, guarded or not, however often the games were looked up again (a
        match or a record made before `games.reload()` still belongs to its game)."""
        return isinstance(other, Rules) and unwrapped(other) is self.wrapped

    def __hash__(self) -> int:
        return hash(self.wrapped)

    def __getattr__(self, name: str) -> Any:
        """A method of the game's own (one its words call): guarded like the others."""
        value = getattr(self.wrapped, name)
        if not callable(value):
            return value
        return lambda *args, **kwargs: self.guard.call(f"its {name}", value, *args, **kwargs)

    # Every hook of Rules a front end calls: what the sentence calls it, and how its answer is checked.
    start = _hook("start", "its start", _state_after(0, "options"))
    legal_moves = _hook("legal_moves", "its legal moves", _moves)
    why_illegal = _hook("why_illegal", "its refusal of a move", _text(optional=True))
    apply_unchecked = _hook("apply_unchecked", "playing a move", _state_after(0, "state"))
    content = _hook("content", "its drawing", _a(Content))
    phase = _hook("phase", "its phase", _a(str, "is not a word"))
    clicks = _hook("clicks", "its answer to clicks", _clicks)
    holes = _hook("holes", "its board's shape", _cells)
    attempt = _hook("attempt", "its moves at a cell", _a(Move))
    restriction = _hook("restriction", "its restriction", _text(optional=True))
    look = _hook("look", "its drawing", _look)
    encode_state = _hook("encode_state", "its position as text", _text(optional=False))
    decode_state = _hook("decode_state", "reading a position", _state_after(1, "options"))
    state_failure = _hook("state_failure", "its check of a position", _text(optional=True))
    may_recur = _hook("may_recur", "its repetitions", _a(bool, "is not True or False"))

    def is_legal(self, state: GridState, move: Move) -> bool:
        return self.why_illegal(state, move) is None

    # The four hooks a server calls with every move, written out: the arguments passed as they are (not
    # packed and unpacked), and the usual answer taken before the check's calls. The same catch, the same
    # checks and the same sentences as the hooks above (`_hook`).
    def parse_move(self, state: GridState, text: str) -> Move:
        try:
            answer = self.wrapped.parse_move(state, text)
        except WITHIN_CONTRACT:
            raise
        except Exception as error:  # noqa: BLE001 - any other failure of a game is its fault
            self.guard.fail("reading its notation", f"raised {_quoted(error)}")
        if type(answer) is Move:
            return answer
        return _IS_MOVE(self.guard, "reading its notation", answer, (), {})  # type: ignore[no-any-return]

    def apply_move(self, state: GridState, move: Move, style: CoordStyle = "letter") -> GridState:
        try:
            after = self.wrapped.apply_move(state, move, style)
        except WITHIN_CONTRACT:
            raise
        except Exception as error:  # noqa: BLE001 - any other failure of a game is its fault
            self.guard.fail("playing a move", f"raised {_quoted(error)}")
        return self.guard.state("playing a move", after, state)

    def outcome(self, state: GridState) -> Outcome | None:
        try:
            answer = self.wrapped.outcome(state)
        except WITHIN_CONTRACT:
            raise
        except Exception as error:  # noqa: BLE001 - any other failure of a game is its fault
            self.guard.fail("its result", f"raised {_quoted(error)}")
        if answer is None or type(answer) is Outcome:
            return answer
        return _IS_OUTCOME(self.guard, "its result", answer, (), {})  # type: ignore[no-any-return]

    def format_move(self, move: Move, style: CoordStyle = "letter") -> str:
        """The game's notation for `move`, checked once and then kept (`written`): a move's text is a
        function of the move and the style alone (the rules are pure functions), and a server writes
        the text of every move played, most of them moves written before on a board of that size."""
        try:
            return self.written[move, style]
        except (KeyError, TypeError):  # not written yet (or a move that is no key: not kept)
            pass
        try:
            text = self.wrapped.format_move(move, style)
        except WITHIN_CONTRACT:
            raise
        except Exception as error:  # noqa: BLE001 - any other failure of a game is its fault
            self.guard.fail("its notation", f"raised {_quoted(error)}")
        text = _ONE_LINE(self.guard, "its notation", text, (), {})
        self.written.keep((move, style), text)
        return text  # type: ignore[no-any-return]


_IS_MOVE = _a(Move)
_IS_OUTCOME = _a((Outcome, type(None)), "is not an outcome")
_ONE_LINE = _text(optional=False)

def unwrapped(rules: Rules[Any]) -> Rules[Any]:
    """The game's own rules behind a guard (for its type), or `rules` itself."""
    return rules.wrapped if isinstance(rules, GuardedRules) else rules


def searchable(rules: Rules[Any]) -> tuple[Rules[Any], Guard | None]:
    """The game's own rules, for a search's inner loop, and the guard to run the whole search under
    (None for rules no registry guards)."""
    if isinstance(rules, GuardedRules):
        return rules.wrapped, rules.guard
    return rules, None


#: The values a solver may give a position or a move (`gridgames.solve.base.Value`).
VALUES = ("win", "loss", "draw", "unknown")


def _asked(name: str, check: str | None) -> Any:
    """The solver's own hook `name`, its answer checked by the method `check` of `GuardedSolver`
    (None: any answer is taken); a failure or a bad answer switches the solver off (`_ask`)."""

    def hook(self: GuardedSolver, *args: Any) -> Any:
        return self._ask(name, None if check is None else getattr(self, check), *args)

    hook.__name__ = hook.__qualname__ = name
    hook.__doc__ = f"The game's own `{name}`, checked ({check or 'any answer'}); the generic one once off."
    return hook


class GuardedSolver(Solver):
    """A game's solver hooks with every answer checked before anything uses it. An answer that
    raises (besides `SearchTimeout` and the rules' own `GameFault`) or breaks the contract (a move
    that is not legal here, a value outside `VALUES`, "exact" without every legal move's value, "win"
    without a winning move) switches the game's solver off for the run, with one sentence waiting in
    `take_warnings`: that answer and every later one is the generic hooks' (a search over the game's
    rules), so nothing the solver said unchecked is shown, played or called proven."""

    def __init__(self, solver: Solver, guard: Guard, rules: Rules[Any] | None = None) -> None:
        self.wrapped = solver
        self.guard = guard
        self.rules = unwrapped(rules) if rules is not None else None  # the game's own, for the search
        self.checked = rules  # the guarded rules, for the legal moves an answer is checked against

    @property
    def off(self) -> bool:
        return self.guard.game_id in self.guard.ledger.solvers_off

    def switch_off(self, hook: str, problem: str) -> None:
        """Stop trusting the solver for this run and say why, once."""
        if self.off:
            return
        reason = (
            f"{self.guard.title} ({self.guard.game_id}) plays on without its solver for this run: "
            f"its {hook} {problem}, so its positions are searched instead."
        )
        self.guard.ledger.solvers_off[self.guard.game_id] = reason
        self.guard.ledger.unsaid.append(reason)

    def _ask(self, hook: str, problem: Callable[..., str | None] | None, *args: Any) -> Any:
        """The solver's `hook(*args)` if it raises nothing and `problem(answer, *args)` finds nothing
        wrong with it, else (and once the solver is off) the generic hooks' answer."""
        if not self.off:
            try:
                answer = getattr(self.wrapped, hook)(*args)
            except WITHIN_CONTRACT:
                raise
            except Exception as error:  # noqa: BLE001 - any other failure of a solver is its fault
                self.switch_off(hook, f"raised {_quoted(error)}")
            else:
                found = problem(answer, *args) if problem is not None else None
                if found is None:
                    return answer
                self.switch_off(hook, found)
        return getattr(GENERIC, hook)(*args)

    # -- what a correct answer looks like ------------------------------------------------------
    @staticmethod
    def _flag(answer: object, *_args: Any) -> str | None:
        return None if isinstance(answer, bool) else f"gave {printable(repr(answer), 40)}, not True or False"

    @staticmethod
    def _count(answer: object, *_args: Any) -> str | None:
        ok = answer is None or (isinstance(answer, int) and not isinstance(answer, bool) and answer >= 0)
        return None if ok else f"gave {printable(repr(answer), 40)}, not a count or None"

    @staticmethod
    def _scarce(answer: object, *_args: Any) -> str | None:
        if answer is None or (
            isinstance(answer, tuple) and len(answer) == 2 and isinstance(answer[0], int)
            and not isinstance(answer[0], bool) and answer[0] >= 0
            and isinstance(answer[1], float) and 0.0 <= answer[1] <= 1.0
        ):
            return None
        return f"gave {printable(repr(answer), 40)}, not a count of puzzles and a share"

    @staticmethod
    def _puzzles(answer: object, *_args: Any) -> str | None:
        """A tuple of `PuzzlePosition`s (each one is proven before use, `puzzles.plugins`)."""
        from gridgames.solve.hooks import PuzzlePosition

        if isinstance(answer, tuple) and all(isinstance(p, PuzzlePosition) for p in answer):
            return None
        return f"gave {printable(repr(answer), 60)}, not a tuple of puzzle positions"

    @staticmethod
    def _puzzle_games(answer: object, *_args: Any) -> str | None:
        """None or an iterator of groups (each position the generator keeps is proven first)."""
        if answer is None or isinstance(answer, Iterator):
            return None
        return f"gave {printable(repr(answer), 60)}, not groups of positions"

    def _legal(self, state: GridState) -> frozenset[Move]:
        """The legal moves an answer is checked against: the game's own, under its guard but without
        checking each move again (the app has listed them already; that took twice the solver's time)."""
        if self.rules is None:
            return frozenset()
        return frozenset(self.guard.call("its legal moves", self.rules.legal_moves, state))

    def _named(self, move: object, state: GridState) -> str:
        """A move the solver named that is not legal, quoted: in the game's notation where it is on
        the board."""
        if isinstance(move, Move) and on_board(move, state) and self.checked is not None:
            return f"{self.checked.format_move(move)}, which is not a legal move here"
        if isinstance(move, Move):
            return "a move with a cell off the board"
        return f"{printable(repr(move), 40)}, which is not a move"

    def _evaluation(self, evaluation: object, state: GridState, _budget: Any) -> str | None:
        """What is wrong with `evaluation` of `state`, or None (None is the generic search's answer)."""
        from gridgames.solve.base import Evaluation

        if evaluation is None:
            return None
        if not isinstance(evaluation, Evaluation) or not isinstance(evaluation.move_values, dict):
            return f"gave {printable(repr(evaluation), 40)}, not an evaluation"
        values = evaluation.move_values
        for value in (evaluation.value, *values.values()):
            if value not in VALUES:
                return f"gave the value {printable(repr(value), 20)}, not one of {', '.join(VALUES)}"
        legal = self._legal(state)
        for move in values:
            if move not in legal:
                return f"named {self._named(move, state)}"
        if evaluation.exact and legal and set(values) != set(legal):
            return "called its values exact without a value for every legal move"
        winning = [move for move, value in values.items() if value == "win"]
        if evaluation.value == "win" and not winning:
            return "said the position is won without naming a winning move"
        if winning and evaluation.value != "win":
            return f"called the position {evaluation.value} with a winning move"
        return None

    def _move(self, move: object, state: GridState, *_args: Any) -> str | None:
        if move is None or move in self._legal(state):
            return None
        return f"chose {self._named(move, state)}"

    def _note(self, note: object, *_args: Any) -> str | None:
        one_line = isinstance(note, str) and note.strip() and printable(note, len(note) + 1) == note
        if note is None or one_line:
            return None  # nothing to say, or one line of printable text
        return f"gave {printable(repr(note), 40)}, not one line of text"

    def _puzzle_boards(self, boards: object) -> str | None:
        from gridgames.solve.hooks import PuzzleBoard

        if not isinstance(boards, tuple) or not all(
            isinstance(b, PuzzleBoard) and isinstance(b.options, Mapping) for b in boards
        ):
            return f"gave {printable(repr(boards), 60)}"
        for board in boards:
            try:
                Options(board.rows, board.cols, "1", board.options)
            except GameError as error:
                return str(error).rstrip(".")
        return None

    def _certificate(self, answer: object, _entry: Any, state: GridState, _move: Move) -> str | None:
        """A known theme, one line of text per sentence and label, groups of cells on the board."""
        from gridgames.solve.certificates import THEMES, Certificate

        if answer is None:
            return None
        if not isinstance(answer, Certificate):
            return f"gave {printable(repr(answer), 60)}"
        if answer.theme not in (*THEMES, ""):
            return f"named the unknown theme {printable(repr(answer.theme), 40)}"
        for line in (*answer.lines, *answer.labels):
            if self._note(line) is not None:
                return self._note(line)
        if not all(isinstance(group, tuple | list | frozenset | set) and group
                   and on_board(Move(tuple(group)), state) for group in answer.groups):
            return "named cells off the board"
        return None

    # -- the hooks -----------------------------------------------------------------------------
    def _generic(self, state: GridState, budget: Budget | None) -> Any:
        """The generic search of a game without an evaluation of its own, run over the game's own
        rules under one guard for the whole search: guarding each of its calls into the rules made
        it 2.7x slower (a plain negamax on Twin Cells 3x4: 160 ms, 442 ms guarded call by call)."""
        from gridgames.solve.analysis import DEFAULT_SEARCH_BUDGET, generic_evaluation

        seconds = Budget.or_default(budget, DEFAULT_SEARCH_BUDGET)
        return self.guard.call("its rules, searched", generic_evaluation, self.rules, state, seconds)

    def evaluate(self, state: GridState, budget: Budget | None) -> Any:
        evaluation = self._ask("evaluate", self._evaluation, state, budget)
        if evaluation is None and self.rules is not None:
            return self._generic(state, budget)
        return evaluation

    def evaluate_value(self, state: GridState, budget: Budget | None) -> Any:
        if self.off or not hasattr(self.wrapped, "evaluate_value"):
            return None
        return self._ask("evaluate_value", self._evaluation, state, budget)

    # Every other hook: its answer checked by the check named (None: any answer is taken).
    needs_budget = _asked("needs_budget", "_flag")
    is_quick = _asked("is_quick", "_flag")
    plays_by_search = _asked("plays_by_search", "_flag")
    needs_preparing = _asked("needs_preparing", "_flag")
    prepare = _asked("prepare", "_flag")
    search_position = _asked("search_position", None)
    search_move = _asked("search_move", "_move")
    regions = _asked("regions", None)
    regions_nodes = _asked("regions_nodes", "_count")
    seat_note = _asked("seat_note", "_note")
    puzzle_boards = _asked("puzzle_boards", "_puzzle_boards")
    puzzle_proofs_cold = _asked("puzzle_proofs_cold", "_flag")
    puzzle_games = _asked("puzzle_games", "_puzzle_games")
    scarce_puzzles = _asked("scarce_puzzles", "_scarce")
    puzzle_kind = _asked("puzzle_kind", None)
    puzzles = _asked("puzzles", "_puzzles")
    certificate = _asked("certificate", "_certificate")


PROBE_PLIES = 3


def probe(entry: Any) -> str | None:
    """Play the opening of a small game of `entry` through its guard (once per run): its legal moves,
    their notation read back, a few plies and the drawing of every cell. The sentence saying why the
    game is switched off, or None when it played."""
    game_id, rules = entry.id, entry.rules
    ledger = rules.guard.ledger if isinstance(rules, GuardedRules) else LEDGER
    if game_id in ledger.probed or game_id in ledger.off:
        return ledger.probed.get(game_id) or ledger.off.get(game_id)
    try:
        rows, cols = min(entry.default_rows, 5), min(entry.default_cols, 5)
        if not entry.sizes.allows(rows, cols):  # a game of large boards only: its own
            rows, cols = entry.default_rows, entry.default_cols
        state = rules.start(Options(rows, cols, "1"), 1)
        for _ply in range(PROBE_PLIES):
            for cell in itertools.product(range(rows), range(cols)):
                entry.look(state, Cell(*cell))
            moves = rules.legal_moves(state)
            if not moves:
                break
            for move in moves:
                text = entry.format_move(move)
                if rules.parse_move(state, text) != move and isinstance(rules, GuardedRules):
                    rules.guard.fail("reading its notation", f"read {text} back as another move")
            state = rules.apply_move(state, moves[len(moves) // 2])
        rules.outcome(state)
    except GameFault as fault:
        ledger.probed[game_id] = fault.reason
    except GameError:
        ledger.probed[game_id] = None  # a refusal (a board too small for the game): not a fault
    else:
        ledger.probed[game_id] = None
    return ledger.probed[game_id]
