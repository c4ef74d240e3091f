"""Three Ways: a game with two other kinds of move besides its ordinary one (`Rules.alternate_kinds`),
installed for one test by `register_games`. A player claims an empty cell (the ordinary move, `C3`),
blocks one (`block C3`), or dams two side-by-side empty cells at once (`dam B2-B3`, two clicks in
any order). The player who cannot move loses."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gridgames.engine import Cell, Content, GridState, Kind, Move, Options, Rules, format_cell
from gridgames.engine.cells import CoordStyle
from gridgames.engine.entry import Entry
from gridgames.engine.rules import bits, marker_content
from gridgames.engine.wording import KindWords, Phrases, Words
from gridgames.games.api import RuleBook

BLOCK, DAM = Kind("block"), Kind("dam")


@dataclass(frozen=True)
class WaysState(GridState):
    mine1: int = 0
    mine2: int = 0
    blocked: int = 0

    @property
    def empty(self) -> int:
        return ((1 << self.rows * self.cols) - 1) & ~(self.mine1 | self.mine2 | self.blocked)


class WaysRules(Rules[WaysState]):
    family = "threeways"
    alternate_kinds = (BLOCK, DAM)
    verb = "claim"

    def start(self, options: Options, first_player: int) -> WaysState:
        return WaysState(options.rows, options.cols, first_player, 0)

    def legal_moves(self, state: WaysState) -> tuple[Move, ...]:
        empty = [state.cell(i) for i in bits(state.empty)]
        claims = [Move((cell,)) for cell in empty]
        blocks = [Move((cell,), BLOCK) for cell in empty]
        dams = [
            Move((a, b), DAM) for a in empty for b in empty
            if (b.row - a.row, b.col - a.col) in ((0, 1), (1, 0))
        ]
        return (*claims, *blocks, *dams)

    def why_illegal(self, state: WaysState, move: Move, style: CoordStyle = "letter") -> str | None:
        if move.kind not in ("", BLOCK, DAM) or len(move.cells) != (2 if move.kind == DAM else 1):
            return "A move is a cell (C3), a blocked cell (block C3) or a dam over two cells (dam B2-B3)."
        for cell in move.cells:
            if not state.empty >> state.index(cell) & 1:
                return f"{format_cell(cell, style)} is not empty."
        if move.kind == DAM and move not in self.legal_moves(state):
            return "A dam covers two side-by-side cells, the upper or left one first."
        return None

    def apply_unchecked(self, state: WaysState, move: Move) -> WaysState:
        cells = sum(1 << state.index(cell) for cell in move.cells)
        if move.kind:
            changed = {"blocked": state.blocked | cells}
        elif state.to_move == 1:
            changed = {"mine1": state.mine1 | cells}
        else:
            changed = {"mine2": state.mine2 | cells}
        return replace(state, to_move=3 - state.to_move, ply=state.ply + 1, **changed)

    def content(self, state: WaysState, cell: Cell) -> Content:
        return marker_content(1 << state.index(cell), state.mine1, state.mine2, state.blocked)


RULES = WaysRules()


class RulesText:
    """The rules page: this module's docstring."""

    def read_text(self, encoding: str = "utf-8") -> str:
        return "# Three Ways\n\n" + " ".join(str(__doc__).split()) + "\n"


THREE_WAYS = RuleBook(
    Entry(
        id="threeways",
        book="",
        title="Three Ways",
        summary="Claim a cell, block one, or dam two. Make the last move.",
        rules=RULES,
        player_names=("Player 1", "Player 2"),
        symbols={Content.EMPTY: ".", Content.P1: "X", Content.P2: "O", Content.BLOCKED: "#"},
        coord_style="letter",
        board_style="letters",
        default_rows=3,
        default_cols=3,
    ),
    Phrases(
        prompt="Your move: ",
        moved={"place": "{player} claims {cell}.", "block": "{player} plays {cell}.",
               "dam": "{player} plays {cell}."},
        no_moves="{name} cannot move. {winner_name} wins!",
        move_help="a cell (C3), block and a cell (block C3), or dam and two cells (dam B2-B3)",
    ),
    RulesText(),
    words=Words(
        alternate_name="Block/dam",
        alternate_off="Claiming cells again.",
        kinds={
            BLOCK: KindWords("Block", on="Blocking: pick a cell to block.", not_now="No cell to block.",
                             glyph="x", legend="x block"),
            DAM: KindWords("Dam", on="Damming: pick two side-by-side cells.", not_now="No room for a dam.",
                           glyph="=", legend="= dam"),
        },
    ),
)

GAMES = {"threeways": "tests.games.kinds_plugin:THREE_WAYS"}
