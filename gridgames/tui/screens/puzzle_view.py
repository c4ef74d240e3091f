"""The puzzle screen drawn from its run: the task, the answer, the explanation ("Why"), the standing
and the board's marks (`puzzle_marks`: the certificate's groups, the refuted try and its reply)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual.widgets import Button

from gridgames.puzzles.run import Answer
from gridgames.tui.puzzle_marks import puzzle_marks
from gridgames.tui.widgets.board import Board
from gridgames.tui.widgets.line import Line

if TYPE_CHECKING:
    from gridgames.tui.screens.puzzle import PuzzleScreen


def draw(screen: PuzzleScreen) -> None:
    """Redraw every part of `screen` from its run: the task, what is being worked out, the answer,
    the message, the standing, the explanation, the buttons and the board."""
    run = screen.run
    task = run.task if run is not None else ""
    screen.query_one("#puzzle-task", Line).show(task)
    screen.query_one("#puzzle-thinking", Line).show(f"⏳ {screen.thinking}" if screen.thinking else "")
    screen.query_one("#puzzle-thinking").display = bool(screen.thinking)
    screen.query_one("#puzzle-answer", Line).show(screen.said)
    screen.query_one("#puzzle-answer").set_class(screen.said.startswith("✗"), "-error")
    screen.show_message("#puzzle-message")
    screen.query_one("#puzzle-message").display = bool(screen.message)
    screen.query_one("#puzzle-about", Line).show(screen.source.about(run) if run is not None else "")
    screen.query_one("#puzzle-standing", Line).show(_standing(screen))
    why = _why(screen)
    screen.query_one("#puzzle-why", Line).show(why)
    screen.set_class(bool(why), "-explained")  # a short terminal gives the explanation the room
    for button in screen.query("#streak").results(Button):
        button.label = f"Streak mode: {'on' if screen.streak_on else 'off'} (m)"
        button.set_class(screen.streak_on, "-on")
    for action in ("solution", "next", "retry", "undo"):
        screen.query_one(f"#{action}", Button).disabled = not screen.check_action(action, ())
    _draw_board(screen)
    screen.refresh_bindings()

def _draw_board(screen: PuzzleScreen) -> None:
    run = screen.run
    boards = screen.query(Board)
    if run is None or not boards:
        return
    entry, answer = run.entry, screen.answer
    game, tried, reply, certificate = run.game, None, None, None
    if screen.pending is not None:
        game = run.game.play(screen.pending)
    elif answer is not None and answer.kind == "wrong" and run.refuted:
        tried, reply = answer.move, answer.reply
        if answer.explanation is not None and answer.explanation.theme:  # a strategy, not just the reply
            certificate = answer.explanation
    elif answer is not None and run.over and answer.explanation is not None:
        certificate = answer.explanation
        if _shows_first_move(screen, answer):  # a strategy is about the position after its move
            game = run.start.play(_explained_move(screen, answer))
    live = not run.over and not run.refuted and screen.pending is None and not screen.thinking
    marks = puzzle_marks(
        entry, game, live=live, picking=screen.picking, alternate=screen.alternate_mode, tried=tried,
        reply=reply, certificate=certificate, words=entry.words,
    )
    boards.first(Board).show(marks)

def _shows_first_move(screen: PuzzleScreen, answer: Answer) -> bool:
    """Whether the board goes back to the position after the first move of a longer solution:
    a named strategy's groups are about that position (a line of play is drawn where it ends)."""
    run, why = screen.run, answer.explanation
    return (
        run is not None and why is not None and answer.kind != "wrong" and bool(why.theme)
        and bool(why.groups) and run.game.cursor > run.start.cursor + 1
    )

def _explained_move(screen: PuzzleScreen, answer: Answer) -> Any:
    run = screen.run
    assert run is not None
    return answer.move if run.any_win else run.solution[0]

def _why(screen: PuzzleScreen) -> str:
    answer, run = screen.answer, screen.run
    if answer is None or answer.explanation is None or run is None:
        return ""
    lines = list(answer.explanation.lines)
    if _shows_first_move(screen, answer):
        first = run.entry.format_move(_explained_move(screen, answer))
        lines.append(f"The board shows the position after {first}, the one explained.")
    return "\n".join(lines)

def _standing(screen: PuzzleScreen) -> str:
    standing = screen.source.standing()
    if screen.streak_on:
        streak = f"Streak: {screen.streak} solved in a row"
        return f"{standing}\n{streak}" if standing else streak
    return standing


def hide_log_key(board: Board) -> None:
    """No move log here: the board's Tab goes on to the next widget, unnamed in the footer."""
    keys = board._bindings.key_to_bindings  # the lists in it are shared by every board: new ones
    for key, bindings in keys.items():
        keys[key] = [replace(b, show=False) if b.action == "log" else b for b in bindings]
