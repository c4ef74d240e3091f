"""`gridgames replay FILE`: every position in order; a bad record is refused with line and reason, exit 2."""

from __future__ import annotations

import io
import sys

from gridgames.cli import main
from gridgames.commands import replay as replay_command
from gridgames.storage import save_record


def replay(monkeypatch, capsys, argv: list[str], typed: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_piped_replay_prints_every_position_with_its_move(monkeypatch, capsys, tmp_path, make_game):
    game = make_game("rowcol", "2x2").play("A1").play("A2").play("B2").play("B1")
    path = save_record(game, tmp_path / "game.txt")
    code, out, err = replay(monkeypatch, capsys, [str(path)])
    assert (code, err) == (0, "")
    assert out.startswith("Gridlock (rule book 003), 2x2 board; Player 1 (X) moves first; 4 moves.\n")
    assert "Move 1: Player 1 (X) plays A1.\n  1 2\nA X .\nB . .\n" in out
    assert "Move 4: Player 2 (O) plays B1.\n  1 2\nA X O\nB O X\n" in out
    assert out.rstrip().endswith(
        "Player 1 (X) has no unclaimed cell in the row or column of the last claim, so Player 2 (O) wins."
    )


def test_stepping_waits_for_enter_and_q_quits(tmp_path, make_game):
    game = make_game("locked-duel", "3x3").play("B2").play("A1")
    answers = iter([True, False])
    out = io.StringIO()
    replay_command.replay(game, out, lambda: next(answers))
    assert "Move 1: Player A (A) plays (2,2)." in out.getvalue()
    assert "Move 2" not in out.getvalue()


def test_an_unfinished_record_says_so(monkeypatch, capsys, tmp_path, make_game):
    path = save_record(make_game("walls").play("B2"), tmp_path / "walls.txt")
    code, out, _ = replay(monkeypatch, capsys, [str(path), "--all"])
    assert code == 0 and "Move 1: Player 1 (X) plays (2,2)." in out
    assert out.rstrip().endswith("The game was not finished.")


def test_a_bad_record_is_refused_with_line_and_reason_and_left_alone(monkeypatch, capsys, tmp_path):
    path = tmp_path / "bad.txt"
    text = "gridgames-record 1\nvariant: rowcol\nsize: 5x5\nfirst: 1\nresult: in progress\nmoves:\n"
    text += "1. C3\n2. A1\n"
    path.write_text(text)
    code, out, err = replay(monkeypatch, capsys, [str(path)])
    assert code == 2 and out == ""
    assert err.startswith(
        f"gridgames: cannot replay {path}: line 8: move 2 (A1): A1 is not in row C or column 3"
    )
    assert path.read_text() == text
    code, _, err = replay(monkeypatch, capsys, [str(tmp_path / "missing.txt")])
    assert code == 2 and "there is no file called" in err
