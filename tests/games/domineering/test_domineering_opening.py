"""Domineering opening tables: the moves a table holds are proven wins, it answers every reply of the
loser to the depth it was built, mirror images share entries, and a damaged table is refused."""

from __future__ import annotations

import random
from functools import cache

from gridgames.engine.options import Options
from gridgames.games.domineering import opening, solver
from gridgames.games.domineering.hooks import table_evaluation
from gridgames.games.domineering.reference import dominoes
from gridgames.games.domineering.rules import RULES
from gridgames.solve import tables
from gridgames.solve.base import UNKNOWN, WIN


@cache
def table_6x6() -> dict[int, int]:
    return opening.build(6, 6, 3)


def without(free: int, move: tuple[int, int]) -> int:
    return free & ~((1 << move[0]) | (1 << move[1]))


def test_every_table_move_wins_and_every_reply_finds_the_next_one() -> None:
    entries, full = table_6x6(), (1 << 36) - 1
    for vertical in (True, False):  # 6x6 is a first-player win either way
        first = opening.lookup(entries, 6, 6, full, vertical)
        assert first is not None
        after = without(full, first)
        assert not solver.wins(6, 6, after, not vertical)
        for reply in dominoes(6, 6, after, not vertical):
            answer = opening.lookup(entries, 6, 6, without(after, reply), vertical)
            assert answer is not None
            assert not solver.wins(6, 6, without(without(after, reply), answer), not vertical)


def test_a_mirrored_position_gets_the_mirrored_move() -> None:
    entries, full = table_6x6(), (1 << 36) - 1
    first = opening.lookup(entries, 6, 6, full, True)
    assert first is not None
    after = without(full, first)
    for reply in dominoes(6, 6, after, False):
        position = without(after, reply)
        answer = opening.lookup(entries, 6, 6, position, True)
        assert answer is not None
        flipped = opening.image(6, 6, position, 1)
        mirrored = opening.lookup(entries, 6, 6, flipped, True)
        assert mirrored is not None
        assert not solver.wins(6, 6, without(flipped, mirrored), False)


def test_a_second_player_win_stores_the_answer_to_every_first_move() -> None:
    entries, full = opening.build(5, 5, 2), (1 << 25) - 1  # 5x5: the second player wins
    for vertical in (True, False):
        assert opening.lookup(entries, 5, 5, full, vertical) is None
        for move in dominoes(5, 5, full, vertical):
            assert opening.lookup(entries, 5, 5, without(full, move), not vertical) is not None


def test_the_table_survives_packing_and_a_damaged_one_is_refused() -> None:
    entries = table_6x6()
    body = opening.pack_body(6, 6, entries)
    assert opening.unpack_body(body) == (6, 6, entries)
    blob = tables.pack(opening.name(6, 6), body)
    damaged = blob[:-1] + bytes([blob[-1] ^ 1])
    assert isinstance(tables.check(opening.name(6, 6), damaged), str)
    assert opening.unpack_body(body[:-1]) is None


def test_the_perfect_seat_plays_the_table_move_as_proven() -> None:
    state = RULES.start(Options(6, 6), first_player=1)
    evaluation = table_evaluation(state, table_6x6())
    assert evaluation is not None
    assert evaluation.value == WIN and evaluation.proof == "opening table"
    (move,) = evaluation.best
    assert evaluation.move_values[move] == WIN
    assert set(evaluation.move_values.values()) == {WIN, UNKNOWN}
    assert table_evaluation(state, None) is None


def test_a_square_board_answers_both_first_players_from_one_table() -> None:
    """Mirroring in the diagonal turns Vertical's dominoes into Horizontal's: one entry serves both."""
    entries, full = table_6x6(), (1 << 36) - 1
    assert opening.canonical(6, 6, full, True)[0] == opening.canonical(6, 6, full, False)[0]
    first = opening.lookup(entries, 6, 6, full, True)
    assert first is not None
    position = without(full, first)
    transposed = solver.transpose(6, 6, position)
    for reply in dominoes(6, 6, transposed, True):
        answer = opening.lookup(entries, 6, 6, without(transposed, reply), False)
        assert answer is not None and answer[1] - answer[0] == 1  # a Horizontal domino
        assert not solver.wins(6, 6, without(without(transposed, reply), answer), True)


# -- the shipped table of Gardner's 8x8 board -----------------------------------------------------------

FULL_8X8 = (1 << 64) - 1


def test_the_shipped_8x8_table_holds_the_start_for_either_first_player() -> None:
    from gridgames.games.domineering.make_table import PLIES_8X8

    entries = opening.shipped(8, 8)
    assert entries is not None, "domineering-8x8.bin is missing or refused"
    assert len(opening.blob(8, 8, entries)) <= 16 << 20
    for vertical in (True, False):  # 8x8 is a first-player win (Breuker, Uiterwijk and van den Herik 2000)
        assert opening.proven_move(8, 8, FULL_8X8, vertical) is not None
    assert PLIES_8X8 >= 7


def test_along_any_line_the_8x8_table_answers_every_reply_to_its_depth() -> None:
    """Seeded random lines: the winner plays the table's move, the loser any domino; at each of the
    winner's turns up to the table's depth the table holds the position."""
    from gridgames.games.domineering.make_table import PLIES_8X8

    entries = opening.shipped(8, 8)
    assert entries is not None
    rng = random.Random(2000)
    for line in range(40):
        free, winner = FULL_8X8, line % 2 == 0
        vertical = winner
        for ply in range(1, PLIES_8X8 + 1):
            if vertical == winner:
                move = opening.lookup(entries, 8, 8, free, vertical)
                assert move is not None, f"line {line}: no table move at ply {ply}"
            else:
                move = rng.choice(dominoes(8, 8, free, vertical))
            assert move in dominoes(8, 8, free, vertical)
            free, vertical = without(free, move), not vertical


def test_the_perfect_seat_opens_8x8_with_the_table_move_as_proven() -> None:
    from gridgames.games import get_entry
    from gridgames.solve.players import choose_move

    entry = get_entry("domineering")
    for first in (1, 2):
        state = RULES.start(Options(8, 8), first_player=first)
        evaluation = table_evaluation(state, opening.shipped(8, 8))
        assert evaluation is not None and evaluation.value == WIN and evaluation.proof == "opening table"
        (best,) = evaluation.best
        assert choose_move(entry, state, "perfect", random.Random(1), budget=0.4) == best


def test_the_new_game_panel_names_the_table_behind_the_perfect_seat_on_8x8() -> None:
    from gridgames.engine.game import Game
    from gridgames.games import get_entry
    from gridgames.play.computer import proof_note

    entry = get_entry("domineering")
    start = RULES.start(Options(8, 8), first_player=1)
    note = proof_note(entry, start, "perfect")
    assert note == (
        "proven opening moves from a table when it moves first, then strongest search; not all proven on 8x8"
    )
    off_the_table = Game.new(entry, Options(8, 8), first_player=1).play("A1-B1").state  # not the table's move
    assert opening.proven_move(8, 8, off_the_table.free, False) is None
    assert proof_note(entry, off_the_table, "perfect") == "searches for a proven win; not all proven on 8x8"
    assert proof_note(entry, RULES.start(Options(9, 9), first_player=1), "perfect") == (
        "searches for a proven win; not all proven on 9x9"
    )


def test_the_app_s_perfect_seat_plays_the_table_then_proves_or_searches_on_8x8() -> None:
    """Through the play layer, as the app and line mode ask it: at the start the table's move; off the
    table on a large board its own search's move (a proven win where it finds one in time)."""
    from gridgames.engine.game import Game
    from gridgames.games import get_entry
    from gridgames.play.computer import Computer

    entry = get_entry("domineering")
    seat = Computer(entry, "perfect")
    game = Game.new(entry, Options(8, 8), first_player=1)
    assert seat.playing_level(game.state) == "perfect"
    expected = table_evaluation(game.state, opening.shipped(8, 8))
    assert expected is not None
    assert seat.choose(game.state, random.Random(3)) == expected.best[0]
    off_the_table = game.play("A1-B1")  # Horizontal to move: the loser's side, no table there
    assert seat.playing_level(off_the_table.state) == "perfect"
    assert seat.choose(off_the_table.state, random.Random(3)) in off_the_table.legal_moves()


def test_the_hint_off_the_table_is_a_searched_move_with_the_time_it_looked() -> None:
    """8x8 after the table's first move, Horizontal to move: nothing proven in a short search, so the
    hint is the open move leaving the most room, labelled not proven, with the seconds searched."""
    from gridgames.engine.game import Game
    from gridgames.engine.moves import Move
    from gridgames.games import get_entry
    from gridgames.games.domineering.hooks import DomineeringSolver, room_margin
    from gridgames.solve.budget import Budget

    entry = get_entry("domineering")
    first = opening.proven_move(8, 8, FULL_8X8, True)
    assert first is not None
    game = Game.new(entry, Options(8, 8), first_player=1)
    state = game.play(Move((game.state.cell(first[0]), game.state.cell(first[1])))).state
    evaluation = DomineeringSolver().evaluate(state, Budget(0.05))
    assert evaluation.value == UNKNOWN and not evaluation.exact and evaluation.seconds > 0
    rooms = [room_margin(state, move) for move, value in evaluation.move_values.items() if value == UNKNOWN]
    assert rooms == sorted(rooms, reverse=True)  # the most room first: the hint's move
