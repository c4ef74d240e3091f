"""What the app's board screens say, as pure functions of what they show (no widgets): the game
screen's lines from its `PlaySession`, the online screen's from the room's `View`, and the words
around the analysis, the hint and the review.

The glyph a playable cell shows (`target`) is the board's to choose (`tui.marks`); the words only
name it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gridgames.engine.entry import Entry
from gridgames.engine.match import Match
from gridgames.engine.moves import Move
from gridgames.play.narration.room import Answers, RoomView, room_news, room_status
from gridgames.play.narration.words import game_over_line
from gridgames.play.picking import NOTHING, Picking

if TYPE_CHECKING:
    from gridgames.play.session import PlaySession

#: How a player switches to a game's other kinds of move (`Rules.alternate_kinds`), for its words.
ALTERNATE_KEYS = "right-click or w"
#: How the app's player offers the next game once one is over.
PLAY_AGAIN = "press n to play again."
#: A hint asked for under the end banner.
NO_HINT_AFTER_THE_END = f"The game is over, so there is no move to hint: {PLAY_AGAIN}"


def status_text(
    session: PlaySession, viewing: int | None, alternate: str, legal: tuple[Move, ...],
    picking: Picking = NOTHING, target: str = "•",
) -> str:
    """The status line: whose turn and what they may do, or what is being shown."""
    game, entry = session.game, session.entry
    if viewing is not None:
        return (
            f"Viewing the position after move {viewing} of {len(game.moves)} (read-only). "
            "Esc: back to the game · t: play on from here."
        )
    outcome = session.outcome
    if outcome is not None:
        return game_over_line(entry.headline(outcome))
    player = entry.player(game.state.to_move)
    if session.computer_to_move:
        level = session.seat(game.state.to_move)
        if session.thinking is None:
            return f"{player}, the computer ({level}), could not move: u undoes, n starts again."
        from gridgames.play import computer

        note = computer.proof_note(entry, game.state, level)
        level = f"{level}: {note}" if note else level
        return f"{player}, the computer ({level}), is thinking…"
    return turn_text(entry, game.state, legal, alternate, picking, target)


def _moves(count: int) -> str:
    """The count the turn line shows: '1 move' or 'N moves'."""
    return "1 move" if count == 1 else f"{count} moves"


def turn_text(
    entry: Entry, state: Any, legal: tuple[Move, ...], alternate: str, picking: Picking = NOTHING,
    target: str = "•",
) -> str:
    """Whose turn and what the rules allow them now: 'Player 1 (X) to claim: a • cell in row C ...';
    the game's own words where it has them; the kind of move chosen (`alternate`, "" for the
    ordinary) named where the game has several."""
    player = entry.player(state.to_move)
    if alternate and len(entry.rules.other_kinds()) > 1 and not picking.cells:
        legal = tuple(m for m in legal if m.kind == alternate)
        return (
            f"{player}, {entry.words.kind(alternate).name}: pick a {target} cell "
            f"({_moves(len(legal))}) · w: next kind."
        )
    if picking.cells:
        picked = ", ".join(entry.format_cell(c) for c in picking.cells)
        return (
            f"{player}: {picked} picked; now a {target} cell to finish the move "
            f"({len(picking.moves)} possible) · esc: let go."
        )
    words = entry.words
    if words.turn is not None:
        return words.turn(entry, state, legal, bool(alternate), ALTERNATE_KEYS)
    restriction = entry.restriction(state)
    if legal and all(len(m.cells) == 1 for m in legal):
        where = f"a {target} cell {restriction}" if restriction else f"any {target} cell"
        return f"{player} to {entry.move_verb}: {where} ({len(legal)} open)."
    where = f" {restriction}" if restriction else ""
    return (
        f"{player} to {entry.move_verb}{where}: pick a {target} cell, then a cell to finish the move "
        f"({_moves(len(legal))})."
    )


def score_text(match: Match) -> str:
    """The match score once a game has been counted (nothing to say before the first ends)."""
    if match.games == 0:
        return ""
    text = match.describe()
    if match.draws:
        text += f" {match.draws} drawn."
    if match.is_over:
        text += " " + match.verdict()
    return text


def analysis_lines(
    evaluation: Any | None, regions: list[tuple[int, int]] | None, analysis_on: bool,
    glyphs: Mapping[str, str], viewing: bool = False,
) -> list[str]:
    """The legend's analysis part: the glyphs' meaning, the position's value and the Grundy sum;
    `viewing`: an earlier position is shown, which the analysis (of the live position) does not
    describe."""
    if not analysis_on:
        return []
    if viewing:
        return ["Analysis: live game only"]
    lines = [
        f"{glyphs['win']} wins   {glyphs['loss']} loses",
        f"{glyphs['draw']} draws  {glyphs['unknown']} unsure",
    ]
    if evaluation is not None:
        # A win needs one proven winning move (marked ✓), so the summary agrees with the marks;
        # only "unknown" is a search's estimate.
        exact = "proven" if evaluation.value != "unknown" else "not proven: estimate"
        lines.append(f"To move: {evaluation.value} ({exact})")
    if regions:
        xor = 0
        for _, g in regions:
            xor ^= g
        lines.append("Grundy " + " ⊕ ".join(str(g) for _, g in regions) + f" = {xor}")
        lines.append("digit: region's Grundy")
    return lines


def hint_text(entry: Entry, evaluation: Any) -> tuple[Move | None, str]:
    """The suggested move and the sentence that says why."""
    best = evaluation.best
    if not best:
        return None, "✗ There is no move to suggest."
    move = best[0]
    text = entry.format_move(move)
    proven = f"proven: {evaluation.proof}" if evaluation.proof else "proven"
    value = evaluation.move_values[move]
    if value == "win":
        return move, f"Hint: {text} wins ({proven})."
    if value == "draw":
        return move, f"Hint: {text} keeps the draw ({proven})."
    if value == "loss":
        return move, f"Hint: {text}; every move loses against best play ({proven})."
    return move, f"Hint: {text} (the best move found in {evaluation.seconds:.1f} s; not proven)."


def review_text(blunders: frozenset[int], own: frozenset[int] | None = None, unjudged: int = 0) -> str:
    """'Review: moves 5 and 7 threw away a win ...', for the moves found (1-based, in order); `own`:
    those a person made (None: all), the only ones offered to replay as a puzzle; `unjudged`: how
    many moves the review could not judge, said so, so that "no move" is never claimed unproven."""
    unsure = ""
    if unjudged:
        which = "1 move was" if unjudged == 1 else f"{unjudged} moves were"
        unsure = f" {which} not judged: the review could not prove the positions around them."
    if not blunders:
        return ("Review: no move threw away a win." if not unjudged
                else f"Review: no judged move threw away a win.{unsure}")
    if own is not None and not own:
        listed = ", ".join(str(n) for n in sorted(blunders))
        return (f"Review: the computer threw away a win (marked ?! in the log: {listed}); "
                f"none of your moves did.{unsure}")
    numbers = [str(n) for n in sorted(blunders)]
    if len(numbers) == 1:
        which, pick = f"move {numbers[0]}", "Choose it"
    else:
        which, pick = f"moves {', '.join(numbers[:-1])} and {numbers[-1]}", "Choose one"
    return (
        f"Review: {which} threw away a win (marked ?! in the log). "
        f"{pick} in the log and press t to retry from there, or p to replay it as a puzzle.{unsure}"
    )


def analysis_summary(values: Sequence[str], playable: int) -> str:
    """What an analysis of the position holds, promising no more than that: "" when every playable
    cell shows a proven value (the marks say it all), else which cells show the search's estimate
    ("unknown": marked ?) and that the others have none. `values`: the value of each move it
    valued; `playable`: how many moves are legal."""
    estimates = sum(1 for value in values if value == "unknown")
    if len(values) >= playable:
        return "" if not estimates else "Not proven on this board: cells marked ? show the search's estimate."
    if not values:
        return "Not proven on this board: the search valued no move yet."
    if len(values) == 1:
        return ("Not proven on this board: only the search's best move so far is marked; "
                "the other cells have no value.")
    return (f"Not proven on this board: the search valued {len(values)} of {playable} moves; "
            "the other cells have no value.")


# -- the online game screen ----------------------------------------------------------------------
#: How the app's player answers the other side's offer on the online screen: by key (the screen
#: tells the player's own requests as they are sent).
KEY_ANSWERS = Answers(
    takeback="y accepts, x declines.", rematch="n or y accepts, x declines.", again="n offers a rematch.",
    own=False,
)


def online_status(
    view: RoomView | None, seat: int, closed: str, lost: bool, alternate: str, picking: Picking = NOTHING,
    target: str = "•",
) -> str:
    """Who you are, whether the others and the server are there, and whose turn it is (and, on
    yours, what the rules allow)."""
    if view is None:
        return closed or "Connecting…"
    status = room_status(view, seat, closed, lost)
    if view.outcome is None and view.to_move == seat and not closed:
        legal = view.game.legal_moves()
        return status + "\n" + turn_text(view.entry, view.game.state, legal, alternate, picking, target)
    return status


def online_news(before: RoomView, view: RoomView, seat: int, answers: Answers = KEY_ANSWERS) -> str | None:
    """What changed in the room between two states, in one line: the most pressing news ("" clears
    the line after a move; None: nothing worth saying, the line stays)."""
    news = room_news(before, view, seat, answers)
    if news:
        return news[0]
    return "" if len(view.state.moves) > len(before.state.moves) else None
