"""A game may tell that the player to move has a move from its own masks (`Rules.has_moves`, asked by
`outcome` after every move on a server); a subclass that lists its moves another way is answered by
listing them, so a game's result never disagrees with its legal moves."""

from __future__ import annotations

from gridgames.engine.moves import Move
from gridgames.engine.options import Options
from gridgames.games.nodekayles.rules import NodeKaylesRules, NodeKaylesState


class NoMoveAfterTheFirst(NodeKaylesRules):
    """Node Kayles where nobody may move once a cell is marked: its own legal moves, the masks' not."""

    def legal_moves(self, state: NodeKaylesState) -> tuple[Move, ...]:
        return super().legal_moves(state) if state.ply == 0 else ()


class CountsItsMasks(NodeKaylesRules):
    """Node Kayles asked through its masks, counting how often."""

    asked = 0

    def has_moves(self, state: NodeKaylesState) -> bool:
        CountsItsMasks.asked += 1
        return super().has_moves(state)


def after_one_move(rules: NodeKaylesRules) -> NodeKaylesState:
    start = rules.start(Options(3, 3, "1"), 1)
    return rules.apply_move(start, rules.legal_moves(start)[0])


def test_a_subclass_that_lists_its_moves_another_way_is_answered_by_listing_them() -> None:
    rules = NoMoveAfterTheFirst()
    state = after_one_move(rules)
    assert state.free  # the masks would say a move is left
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.winner == 1 and outcome.termination == "no-moves"


def test_a_game_written_with_its_masks_is_asked_through_them() -> None:
    rules = CountsItsMasks()
    state = after_one_move(rules)
    before = CountsItsMasks.asked
    assert rules.outcome(state) is None and CountsItsMasks.asked == before + 1
