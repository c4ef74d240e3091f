"""What a puzzle screen shows after the solution, whatever the front end: why the winning move wins.

Plain words first (`plain_words`): what the move leaves the opponent (no move at all, and why; or how
many moves, every one losing), and where the players' moves differ (Domineering, tokens and walls) how
much room each side keeps and how much of the player's is safe, room the opponent can never take.
Then the theory: the game's own certificate where its package gives one (`Solver.certificate`: a
Grundy split, a matching, a pairing, the mirror), but not where the opponent has no reply (it would tell
of answers to replies that cannot happen); else the line of play, in the entry's notation and names,
each move's cells a group numbered in order, and how it ends: the rules' outcome where the line ends
the game, or, where the solver proves the opponent lost within `SECONDS`, the opponent's longest try
and how long it lasts. Either way, only what holds is said. The words the theory uses are defined in
the glossary (`gridgames.puzzles.glossary`).
"""

from __future__ import annotations

from dataclasses import replace

from gridgames.engine.entry import Entry
from gridgames.engine.moves import Move
from gridgames.engine.rules import GridState
from gridgames.puzzles import proof
from gridgames.solve.analysis import analyse
from gridgames.solve.base import LOSS
from gridgames.solve.budget import Budget
from gridgames.solve.certificates import Certificate
from gridgames.solve.hooks import solver_of

#: The most the line of play spends proving the position it ends in (a puzzle's takes milliseconds).
SECONDS = 0.5


def explain(entry: Entry, state: GridState, move: Move, line: tuple[Move, ...] = ()) -> Certificate:
    """Why `move`, a proven winning move from `state`, wins. `line` is the winning line from `state`
    (the puzzle's solution: the player's moves and the opponent's most stubborn replies), `move` first;
    a line that does not start with `move` is taken as what follows it."""
    plain = plain_words(entry, state, move)
    certificate = solver_of(entry).certificate(entry, state, move)
    if certificate is not None and entry.rules.legal_moves(entry.rules.apply_unchecked(state, move)):
        return replace(certificate, lines=(*plain, *certificate.lines))
    shown = line_of_play(entry, state, line if line[:1] == (move,) else (move, *line))
    return replace(shown, lines=(*plain, *shown.lines))


def plain_words(entry: Entry, state: GridState, move: Move) -> tuple[str, ...]:
    """What `move` leaves the opponent, in plain words (see the module's docstring)."""
    rules = entry.rules
    after = rules.apply_unchecked(state, move)
    mover, opponent = entry.player_names[state.to_move - 1], entry.player_names[after.to_move - 1]
    shown = entry.format_move(move)
    replies = rules.legal_moves(after)
    restriction = entry.restriction(after)
    if not replies:
        why = f": no free cell is {restriction}" if restriction else ""
        return (f"After {shown}, {opponent} has no move left{why}.",)
    each = f", each {restriction}," if restriction else ""
    count = f"{len(replies)} moves{each} and every one of them loses" if len(replies) > 1 else (
        f"one move{each} and it loses")
    words = [f"After {shown}, {opponent} has {count}."]
    own = tuple(m for m in rules.legal_moves(replace(after, to_move=state.to_move)) if not m.kind)
    theirs = tuple(m for m in replies if not m.kind)
    if set(own) != set(theirs):  # the players' moves differ: room counts
        taken = {cell for reply in replies for cell in reply.cells}
        safe = sum(taken.isdisjoint(m.cells) for m in own)
        kept = f"{len(own)} moves of {mover}'s own" + (
            f", {safe} of them safe ({opponent} can never take them away)" if safe else "")
        words.append(f"Room to move after it: {kept}; {len(theirs)} for {opponent}.")
    return tuple(words)


def line_of_play(entry: Entry, state: GridState, line: tuple[Move, ...]) -> Certificate:
    """The certificate of theme "": the line move by move (raises IllegalMoveError for a line that is
    not legal from `state`), then how it ends, where that is known."""
    rules = entry.rules
    steps = []
    for move in line:
        steps.append(f"{entry.player_names[state.to_move - 1]} {entry.format_move(move)}")
        state = rules.apply_move(state, move, entry.coord_style)
    lines = [f"The winning line: {', '.join(steps)}."] if steps else []
    outcome = rules.outcome(state)
    if outcome is not None:
        lines.append(entry.describe(outcome))
    elif steps and _proven_lost(entry, state):
        loser = entry.player_names[state.to_move - 1]
        lines.append(_longest_try(entry, state) or (
            f"Then {loser} is to move and loses whatever {loser} plays: the solver proves it."))
    groups = tuple(move.cells for move in line)
    return Certificate("", tuple(lines), groups, tuple(str(k + 1) for k in range(len(groups))))


def _longest_try(entry: Entry, state: GridState) -> str:
    """The opponent's best try in `state` (lost for them), in words: how many moves they have, which
    one holds out longest and for how many moves in all; "" where that is not found within the
    distance search's limits."""
    rules = entry.rules
    loser = entry.player_names[state.to_move - 1]
    try:
        distances = proof.Distances(rules)
        reply = proof.stubborn_reply(rules, state, distances)
        lasts = 1 + distances.to_end(reply.after)
    except proof.NotProven:
        return ""
    count = len(rules.legal_moves(state))
    moves = f"all {count} of {loser}'s moves lose" if count > 1 else f"{loser}'s only move loses"
    return (f"Then {loser} is to move, and {moves} (the solver checks every one): the longest try, "
            f"{entry.format_move(reply.move)}, holds out for {lasts} moves in all, counting both sides'.")


def _proven_lost(entry: Entry, state: GridState) -> bool:
    """Whether the solver proves, within SECONDS, that the player to move in `state` loses."""
    evaluation = analyse(entry, state, Budget(SECONDS))
    return evaluation.exact and evaluation.value == LOSS
