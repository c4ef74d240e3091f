"""The contract every rules family fulfils, after OpenSpiel's game API.

A family implements `start`, `legal_moves`, `why_illegal`, `apply_unchecked` and
`content`; this base class derives the rest (checked `apply_move`, outcomes,
move parsing that matches the text of legal moves, clicks to moves).
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from inspect import signature
from typing import Any, ClassVar, Generic, TypeVar

from gridgames.engine import snapshot
from gridgames.engine.cells import Cell, CoordStyle, format_cell, parse_cell
from gridgames.engine.clicks import Clicks, in_any_order, in_order
from gridgames.engine.errors import IllegalMoveError, InvalidMoveError
from gridgames.engine.look import HOLE, Look, Role
from gridgames.engine.moves import ORDINARY, Kind, Move
from gridgames.engine.options import Options
from gridgames.engine.outcome import Outcome


@lru_cache(maxsize=256)
def _masks_trusted(cls: type) -> bool:
    """Whether `cls.has_moves` was written beside or below the `legal_moves` in force (see
    `Rules.has_moves`); asked once a class, then kept."""

    def defined(name: str) -> type:
        return next(klass for klass in cls.__mro__ if name in vars(klass))

    return issubclass(defined("has_moves"), defined("legal_moves"))


class Content(enum.Enum):
    """What a cell shows; each catalogue entry maps these to its rule book's symbols."""

    EMPTY = "empty"
    P1 = "p1"  # player 1's marker or token
    P2 = "p2"
    BLOCKED = "blocked"  # locked (000), blocked (002) or a wall (001)


@dataclass(frozen=True)
class GridState:
    """Fields every state has. Cells are also indexed as bits: index = row * cols + col.

    Equality and hashing compare positions: `ply` is left out, so the same position
    reached after a different number of moves is equal (repetition counting and
    transposition tables rely on that).
    """

    rows: int
    cols: int
    to_move: int  # 1 or 2
    ply: int = field(compare=False)  # moves played since the start; not part of the position

    def index(self, cell: Cell) -> int:
        return cell.row * self.cols + cell.col

    def cell(self, index: int) -> Cell:
        return Cell(*divmod(index, self.cols))

    @property
    def full_mask(self) -> int:
        return (1 << (self.rows * self.cols)) - 1

    def after(self: _G, **changes: Any) -> _G:
        """This position after a move: `changes` to its fields, the other player to move, one ply more
        (a subclass keeps its own fields). Made by the class's own `__init__`, through the `after`
        written for the class at its first use (`_maker`): a state made around it (its `__dict__`
        filled at once) was as quick to make, but then held a dictionary of its own, 64 bytes more,
        and every later read of its fields took twice the time."""
        return _maker(type(self))(self, **changes)  # type: ignore[no-any-return]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each state class has its own `after`, written at its first use (`_maker`), so a subclass
        never runs its parent's (which knows only the parent's fields)."""
        super().__init_subclass__(**kwargs)
        if "after" not in cls.__dict__:
            cls.after = _FIRST_AFTER  # type: ignore[method-assign]


#: `GridState.after` before a class's own is written.
_FIRST_AFTER = GridState.after
#: A field not given to `after` (the written `after`'s default).
_KEEP = object()


def _maker(cls: type) -> Any:
    """`after` for the state class `cls`, written once and made the class's own: its fields passed to
    its own `__init__` in order, each the change given or the state's own, without
    `dataclasses.replace`'s look at every field and its keyword dictionary (a server makes one
    position a move: 3.1 -> 1.6 us, Domineering 8x8, timeit). Written as `dataclasses` writes
    `__init__`; a class whose `__init__` is not its fields in order (a field out of `__init__`, an
    `InitVar`, a `__post_init__`) is made by `replace`."""
    every = fields(cls)
    names = [f.name for f in every]
    plain = (
        all(f.init for f in every)
        and len(names) == len(signature(cls).parameters)
        and not hasattr(cls, "__post_init__")
        and names[:4] == ["rows", "cols", "to_move", "ply"]
    )
    if not plain:
        def make(state: Any, **changes: Any) -> Any:
            return replace(state, to_move=3 - state.to_move, ply=state.ply + 1, **changes)
    else:
        own = names[4:]
        given = ", *" + "".join(f", {name}=_keep_" for name in own) if own else ""
        args = "".join(f", _s_.{name} if {name} is _keep_ else {name}" for name in own)
        code = (
            f"def after(_s_, /{given}):\n"
            f"    return _cls_(_s_.rows, _s_.cols, 3 - _s_.to_move, _s_.ply + 1{args})\n"
        )
        space: dict[str, Any] = {"_cls_": cls, "_keep_": _KEEP}
        exec(code, space)  # noqa: S102 - code written here from the class's own field names
        make = space["after"]
    if cls is not GridState and cls.__dict__.get("after") is _FIRST_AFTER:  # not a class's own
        cls.after = make  # type: ignore[attr-defined]
    return make


_G = TypeVar("_G", bound=GridState)


@lru_cache(maxsize=64)
def orthogonal_masks(rows: int, cols: int) -> tuple[int, ...]:
    """For each cell index, the bit mask of its orthogonal neighbours."""
    masks = []
    for r in range(rows):
        for c in range(cols):
            m = 0
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    m |= 1 << (rr * cols + cc)
            masks.append(m)
    return tuple(masks)


@lru_cache(maxsize=64)
def king_masks(rows: int, cols: int) -> tuple[int, ...]:
    """For each cell index, the bit mask of its 8 surrounding cells."""
    masks = []
    for r in range(rows):
        for c in range(cols):
            m = 0
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    if (dr or dc) and 0 <= rr < rows and 0 <= cc < cols:
                        m |= 1 << (rr * cols + cc)
            masks.append(m)
    return tuple(masks)


def marker_content(bit: int, marks1: int, marks2: int, blocked: int = 0) -> Content:
    """What the cell `bit` holds in a game of markers on bit masks: player 1's or player 2's
    marker, a blocked cell, or nothing (the markers win over `blocked` where both are set)."""
    if marks1 & bit:
        return Content.P1
    if marks2 & bit:
        return Content.P2
    return Content.BLOCKED if blocked & bit else Content.EMPTY


def with_marker(player: int, bit: int, marks1: int, marks2: int) -> tuple[int, int]:
    """Both players' marker masks after `player` puts a marker on the cell `bit`."""
    return (marks1 | bit, marks2) if player == 1 else (marks1, marks2 | bit)


def marker_failure(state: GridState, marks1: int, marks2: int, cells_per_move: int = 1) -> str | None:
    """For a game whose every move adds `cells_per_move` markers of the mover's and takes none
    away: what makes the markers of `state` disagree with its ply (a `Rules.state_failure`), or None."""
    if marks1 & marks2:
        return "a cell holds both players' markers"
    first = state.to_move if state.ply % 2 == 0 else 3 - state.to_move
    made = {first: (state.ply + 1) // 2, 3 - first: state.ply // 2}
    for player, marks in ((1, marks1), (2, marks2)):
        if marks.bit_count() != made[player] * cells_per_move:
            return f"player {player}'s markers do not match the {state.ply} moves played"
    return None


def last_failure(state: GridState, last: int | None, marks1: int, marks2: int) -> str | None:
    """For a state that keeps the cell of the last move (`last`): what makes it disagree with the
    markers, or None."""
    if (last is None) != (state.ply == 0):
        return "the last move's cell disagrees with the moves played"
    mover = marks1 if state.to_move == 2 else marks2  # who moved last
    if last is not None and not mover >> last & 1:
        return "the last move's cell holds no marker of the player who made it"
    return None


_K = TypeVar("_K")
_V = TypeVar("_V")


class Kept(dict[_K, _V]):
    """A memo of bounded size, emptied when full: what a server reads or writes with every move (a
    move's text read, its notation written) is kept for the next time. `keep` skips a key that cannot
    be one (an unhashable move)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: _K, value: _V) -> None:
        if len(self) >= self.limit:
            self.clear()
        try:
            self[key] = value
        except TypeError:
            pass


#: How many texts a game's reading keeps read (as cells on a board of a size).
READ_KEPT = 4096
_READ: Kept[tuple[str, int, int], Move] = Kept(READ_KEPT)  # `Rules.read_cells`'s


def bits(mask: int) -> list[int]:
    """Indices of the set bits, lowest first (the fixed move order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def not_one_cell(move: Move, verb: str = "mark") -> str | None:
    """For a game whose every move is one cell: the refusal of a move of another shape, else None."""
    if move.single is not None:
        return None
    return f"A move in this game is one cell to {verb}, such as C3."


#: The state type a rules family works on (each family has its own frozen GridState subclass).
S = TypeVar("S", bound=GridState)


class Rules(ABC, Generic[S]):
    """One rules family over its own state type `S`. Stateless: every method is a pure function of
    its arguments."""

    family: ClassVar[str]
    #: `Outcome.reason` when the player to move has no legal move.
    no_move_reason: ClassVar[str] = "{loser} has no legal move left, so {winner} wins."
    #: Whether positions can repeat (only then does the game count repetitions).
    can_repeat: ClassVar[bool] = False
    #: The words a move is described with in the UI ("mark", "claim", ...).
    verb: ClassVar[str] = "mark"
    #: The word this family's refusals use for a cell taken out of play ("locked"); a rule book
    #: with its own word says it instead (`Entry.in_book_words`).
    blocked_word: ClassVar[str] = ""
    #: True when every empty cell is always playable (unavailable cells are BLOCKED content):
    #: a board may then draw free cells with the book's own empty symbol (GridLock's `_`).
    empty_is_playable: ClassVar[bool] = False

    # -- what a family implements ------------------------------------------------
    @abstractmethod
    def start(self, options: Options, first_player: int) -> S:
        """The empty board, `first_player` to move."""

    @abstractmethod
    def legal_moves(self, state: S) -> tuple[Move, ...]:
        """Every legal move, unique, in a fixed order; empty when the game is over."""

    @abstractmethod
    def why_illegal(self, state: S, move: Move, style: CoordStyle = "letter") -> str | None:
        """None when `move` is legal, else one sentence naming the rule it breaks.

        Cells in the sentence are written in `style` (see `format_cell`), so each rule book
        hears about its own coordinates.
        """

    @abstractmethod
    def apply_unchecked(self, state: S, move: Move) -> S:
        """The state after a move already known to be legal."""

    @abstractmethod
    def content(self, state: S, cell: Cell) -> Content:
        """What the cell holds."""

    # -- derived (a game overrides what its moves need) -------------------------------
    #: The kinds of move besides the ordinary one, in the order the alternate mode key cycles through
    #: them (a right click makes the first); () for a game of one kind of move. The game's words name
    #: each (`Words.kinds`).
    alternate_kinds: ClassVar[tuple[str, ...]] = ()
    #: A game of one other kind of move may name it here instead (as before `alternate_kinds`).
    alternate_kind: ClassVar[str | None] = None
    #: A move written in this game's notation, for messages ("type a move such as C3").
    example: ClassVar[str] = "C3"

    def apply_move(self, state: S, move: Move, style: CoordStyle = "letter") -> S:
        """The state after `move`; raises IllegalMoveError naming the rule it breaks."""
        if not move.cells:
            raise InvalidMoveError("A move covers at least one cell.")
        for cell in move.cells:
            if not (0 <= cell.row < state.rows and 0 <= cell.col < state.cols):
                raise InvalidMoveError(
                    f"{format_cell(cell, style)} is not on this {state.rows}x{state.cols} board."
                )
        reason = self.why_illegal(state, move, style)
        if reason is not None:
            raise IllegalMoveError(reason)
        return self.apply_unchecked(state, move)

    def is_legal(self, state: S, move: Move) -> bool:
        return self.why_illegal(state, move) is None

    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on; the player to move with no legal move loses."""
        if self.has_moves(state) if _masks_trusted(type(self)) else self.legal_moves(state):
            return None
        return Outcome(winner=3 - state.to_move, termination="no-moves", reason=self.no_move_reason)

    def has_moves(self, state: S) -> bool:
        """Whether the player to move has a legal move. A game may answer from its own masks without
        listing the moves (a game server asks after every move); `outcome` asks it only where it was
        written beside (or below) the `legal_moves` in force, so a subclass that lists its moves
        another way is answered by listing them, and the two never disagree."""
        return bool(self.legal_moves(state))

    def phase(self, state: S) -> str:
        """The part of the game being played, for the game's own words ("" for the only one; a
        game with an opening part, such as placing pieces first, names it)."""
        return ""

    def format_move(self, move: Move, style: CoordStyle = "letter") -> str:
        """The move in this game's notation: its cells joined by `-` (`B2-C2`), in the rule book's
        coordinate style; a kind other than the ordinary one goes in front (`kind B2`)."""
        cells = "-".join([format_cell(cell, style) for cell in move.cells])  # a list: no generator
        return f"{move.kind} {cells}" if move.kind else cells

    def parse_move(self, state: S, text: str) -> Move:
        """Text in any accepted notation -> a Move (not yet checked for legality).

        The default reads cells joined by `-` (`C3`, `B2-C2`, `(2,2)-(2,3)`), taking a legal move
        over the same cells written in another order (unless the game's cells come in order,
        `clicks_in_order`: a from-to step written backwards is another move); failing that, any
        legal move's own text (in either coordinate style, any case). A game with words of its own
        overrides this.
        """
        move = self.read_cells(state, text)
        if len(move.cells) > 1 and not self.clicks_in_order and not self.is_legal(state, move):
            same = set(move.cells)
            for legal in self.legal_moves(state):
                if not legal.kind and set(legal.cells) == same and len(legal.cells) == len(move.cells):
                    return legal
        return move

    def read_cells(self, state: S, text: str) -> Move:
        """The first half of the default `parse_move`: the cells joined by `-` as written, in that order,
        or failing that the legal move whose own text it is; raises InvalidMoveError. A game that puts a
        move's cells in its own order itself (the dominoes) reads with this alone, without the legality
        check `parse_move` makes to find the order. The cells as written depend on the text and the
        board's size alone: read once, then kept (`_READ`), as a server reads every move played."""
        rows, cols = state.rows, state.cols
        try:
            return _READ[text, rows, cols]
        except (KeyError, TypeError):  # not read yet (or no text)
            pass
        raw = " ".join(text.split())
        if not raw:
            raise InvalidMoveError(f"An empty line is not a move: type a move such as {self.example}.")
        parts = raw.split("-")
        try:
            if not all(map(str.strip, parts)):
                raise InvalidMoveError(f"'{raw}' is not a move: type a move such as {self.example}.")
            move = Move(tuple([parse_cell(part, rows, cols) for part in parts]))
        except InvalidMoveError:
            wanted = raw.casefold()
            for legal in self.legal_moves(state):
                if wanted in (self.format_move(legal).casefold(), self.format_move(legal, "pair").casefold()):
                    return legal
            raise
        _READ.keep((text, rows, cols), move)
        return move

    #: Whether a move's cells are pointed at in its own order (a from-to step: where the piece starts
    #: first), or in any order (a domino); a game with clicks of its own overrides `clicks` instead.
    clicks_in_order: ClassVar[bool] = False

    def other_kinds(self) -> tuple[Kind, ...]:
        """The game's kinds of move besides the ordinary one (`alternate_kinds`, or `alternate_kind`)."""
        kinds = self.alternate_kinds or ((self.alternate_kind,) if self.alternate_kind else ())
        return tuple(Kind(kind) for kind in kinds)

    def chosen_kind(self, alternate: bool | str) -> Kind:
        """The kind of move a player has chosen: `alternate` is the kind (ORDINARY, "", for the ordinary
        one), or True for the game's first other kind (a right click), False for the ordinary."""
        if alternate is True:
            return next(iter(self.other_kinds()), ORDINARY)
        return Kind(alternate) if alternate else ORDINARY

    def of_kind(self, moves: Iterable[Move], kind: Kind) -> list[Move]:
        """The moves of the chosen `kind`: of that kind, or for the ordinary one every move of no
        other kind the game lists (a game may have kinds the player never chooses apart)."""
        if kind:
            return [m for m in moves if m.kind == kind]
        others = self.other_kinds()
        return [m for m in moves if m.kind not in others]

    def clicks(self, state: S, picked: tuple[Cell, ...], alternate: bool | str = False) -> Clicks:
        """What a player who has pointed at the cells `picked` (in that order, a cell maybe more than
        once) may mean: the legal moves of the chosen kind (`alternate`, see `chosen_kind`) still
        possible, and the cells that may come next. The board asks again after every click."""
        of_action = self.of_kind(self.legal_moves(state), self.chosen_kind(alternate))
        return (in_order if self.clicks_in_order else in_any_order)(of_action, picked)

    def attempt(self, state: S, picked: tuple[Cell, ...], alternate: bool | str = False) -> Move:
        """The move that pointing at `picked` would make if it were legal (for the rule it breaks)."""
        return Move(picked, self.chosen_kind(alternate))

    def restriction(self, state: S, style: CoordStyle = "letter") -> str | None:
        """What limits the player to move beyond "an empty cell", as a phrase ("in row C or
        column 3"), or None. The app's status line and line mode both say it."""
        return None

    # -- a position as text (an online room's snapshot, `engine.snapshot`) ----------------
    def encode_state(self, state: S) -> str:
        """The position as one line of text that `decode_state` reads back as an equal state; the
        default writes every field of the state (numbers, text, flags, tuples of numbers)."""
        return snapshot.encode_fields(state)

    def decode_state(self, text: str, options: Options, first_player: int, ply: int) -> S:
        """The position `text` describes, `ply` moves into a game with these options; raises
        SnapshotError (one sentence) unless it is a consistent position of this game: the default
        reads the fields of this game's start position back (`snapshot.decode_fields`) and asks
        `state_failure` what only the game knows."""
        state = snapshot.decode_fields(text, self.start(options, first_player), ply)
        reason = self.state_failure(state)
        if reason is not None:
            raise snapshot.SnapshotError(f"The stored position is not one this game reaches: {reason}.")
        return state

    def state_failure(self, state: S) -> str | None:
        """What makes `state` a position no game reaches (its pieces overlap, counts disagree with
        its ply, ...), as a phrase, or None. The shape is already checked (`decode_state`); a game
        states its own invariants here (the default knows none)."""
        return None

    def may_recur(self, earlier: S, later: S) -> bool:
        """Whether the position `earlier` could arise again after `later` (asked only of games that
        can repeat, to know which earlier positions a repetition count needs): by default yes. Asked
        going back from the current position, and the first no ends the search: a no must hold for
        every position before that one too (walls: walls are never taken down)."""
        return True

    def holes(self, state: S) -> frozenset[Cell]:
        """The cells of the rows x cols grid that are not part of this board (a plus-shaped board's
        corners): none by default. No move covers a hole; the cursor and the mouse never enter one,
        and every front end draws it as no cell. The same for every position of one game."""
        return frozenset()

    def look(self, state: S, cell: Cell, symbols: Mapping[Content, str]) -> Look:
        """How the cell is drawn: by default from `content` in the rule book's `symbols` (a hole as
        no cell); a game whose pieces cover several cells says on which sides each cell's piece goes on."""
        if cell in self.holes(state):
            return HOLE
        content = self.content(state, cell)
        return Look(_ROLES[content], symbols[content])


_ROLES: dict[Content, Role] = {
    Content.EMPTY: "empty", Content.P1: "p1", Content.P2: "p2", Content.BLOCKED: "blocked",
}
