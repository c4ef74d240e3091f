"""Hostile records and inputs: refused in one sentence, never a traceback, a hang or a runaway read.

The corpus: devices, a FIFO, a folder, a huge file, odd digits, huge move numbers, escape
sequences, a byte-order mark, every line ending, form feeds and U+2028, bad bytes on stdin, a
bad autosave at start-up, and a data folder without search permission.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from gridgames.engine import record
from gridgames.engine.errors import RecordError
from gridgames.games import get_entry
from gridgames.storage import LiveRecord, Store, check_record_target, load_record, save_record
from tests.notation import played

GOOD = "gridgames-record 1\nvariant: rowcol\nsize: 5x5\nfirst: 1\nresult: in progress\nmoves:\n1. C3\n2. C1\n"


def refused(path, one_sentence) -> str:
    """The RecordError sentence for `path`, checked to come back within five seconds."""
    outcome: list[BaseException | object] = []
    thread = threading.Thread(target=lambda: outcome.append(_load(path)), daemon=True)
    thread.start()
    thread.join(5)
    assert outcome, f"reading {path} did not return within five seconds"
    (error,) = outcome
    assert isinstance(error, RecordError), error
    text = str(error)
    assert text.endswith(".") and "\n" not in text and text.isprintable(), text  # one line, one sentence
    return text


def _load(path):  # type: ignore[no-untyped-def]
    try:
        return load_record(path)
    except BaseException as error:  # noqa: BLE001 - the test looks at what came back
        return error


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused_without_reading_them(device, one_sentence):
    if not os.path.exists(device):
        pytest.skip(f"{device} does not exist here")
    assert "is a device, not a game record" in refused(device, one_sentence)


def test_a_fifo_is_refused_and_never_blocks(tmp_path, one_sentence):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert "is a pipe (FIFO), not a game record" in refused(fifo, one_sentence)


def test_a_folder_and_a_huge_file_are_refused(tmp_path, one_sentence):
    assert "is a folder" in refused(tmp_path, one_sentence)
    huge = tmp_path / "huge.txt"
    huge.write_text(GOOD + "#" * (record.MAX_BYTES + 10))
    assert "too large" in refused(huge, one_sentence)


@pytest.mark.parametrize("number", ["¹", "١", "٣", "1" * 5000, "0" * 8 + "1", "+1", " 1_0"])
def test_move_numbers_are_ascii_digits_of_bounded_length(tmp_path, number, one_sentence):
    path = tmp_path / "odd.txt"
    path.write_text(GOOD.replace("1. C3", f"{number}. C3"), encoding="utf-8")
    message = refused(path, one_sentence)
    assert message.startswith("line 7: expected a numbered move such as '1. C3'")


def test_escape_sequences_in_a_record_never_reach_the_terminal(tmp_path, capsys):
    hostile = GOOD.replace("variant: rowcol", "variant: \x1b]0;PWNED\x07\x1b[2J").replace("C1", "C1\x1b[31m")
    path = tmp_path / "hostile.txt"
    path.write_text(hostile)
    from gridgames.cli import main

    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err
    assert "\\x1b]0;PWNED\\x07" in err  # shown, harmlessly
    Store(tmp_path / "data").root.mkdir()
    (tmp_path / "data" / "current-rowcol.gridgames").write_text(hostile)
    store = Store(tmp_path / "data")
    assert store.unfinished() == []
    (warning,) = store.take_warnings()
    assert "\x1b" not in str(warning) and "could not be resumed" in str(warning)


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("bom", ["", "\ufeff"])
def test_every_line_ending_and_a_byte_order_mark_read_the_same_game(tmp_path, ending, bom):
    path = tmp_path / "game.txt"
    path.write_bytes((bom + GOOD.replace("\n", ending)).encode("utf-8"))
    assert played(load_record(path)) == ["C3", "C1"]


@pytest.mark.parametrize("odd", ["\f", "\u2028", "\v", "\x85"])
def test_form_feeds_and_unicode_separators_do_not_shift_line_numbers(tmp_path, odd):
    text = GOOD.replace("first: 1\n", f"first: 1\n# a comment{odd}with a break\n").replace("2. C1", "2. A1")
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert caught.value.line == 9  # as an editor numbers it: the bad move's own line
    assert text.split("\n")[caught.value.line - 1] == "2. A1"


def test_a_bad_autosave_never_stops_start_up(tmp_path, make_game):
    data = tmp_path / "data"
    store = Store(data)
    store.save_current(make_game("rowcol").play("C3"), slot=store.new_slot("rowcol"))
    bad = {"digits": GOOD.replace("1. C3", "¹. C3"), "huge": GOOD.replace("1.", "9" * 5000 + ".")}
    for name, text in bad.items():
        (data / f"current-rowcol-{name}.gridgames").write_text(text, encoding="utf-8")
    os.mkfifo(data / "current-rowcol-fifo.gridgames")
    (data / "current-rowcol-folder.gridgames").mkdir()
    later = Store(data)
    (good,) = later.unfinished("rowcol")
    assert played(good.game) == ["C3"]
    assert len(later.take_warnings()) == 4
    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(data))
    done = subprocess.run(
        [sys.executable, "-m", "gridgames", "play", "rowcol", "--plain", "--resume"],
        input="C1\n", capture_output=True, text=True, env=env, timeout=60,
    )
    assert "Traceback" not in done.stderr and done.returncode == 1
    assert "Player 2 (O) claims C1." in done.stdout


def test_bad_bytes_on_stdin_keep_the_moves_before_them_and_say_why(tmp_path):
    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(tmp_path), LC_ALL="C.UTF-8", PYTHONIOENCODING="")
    done = subprocess.run(
        [sys.executable, "-m", "gridgames", "play", "rowcol", "--plain"],
        input=b"C3\n\xff\xfe\x80\nC1\n", capture_output=True, env=env, timeout=60,
    )
    out = done.stdout.decode("utf-8", "replace")
    assert b"Traceback" not in done.stderr and done.returncode == 1
    assert "That line is not UTF-8 text, so it is not a move" in out
    assert "Player 1 (X) claims C3." in out and "Player 2 (O) claims C1." in out
    (saved,) = Store(tmp_path).unfinished("rowcol")
    assert played(saved.game) == ["C3", "C1"]


def test_a_data_folder_without_search_permission_is_a_sentence_not_a_traceback(tmp_path):
    data = tmp_path / "data"
    Store(data).save_current(_a_game(), slot="rowcol-x")
    data.chmod(0o600)  # read and write, but no search (x): nothing inside can be reached
    try:
        done = subprocess.run(
            [*_without_root_powers(), sys.executable, "-m", "gridgames", "play", "rowcol", "--plain"],
            input="C3\n", capture_output=True, text=True, timeout=60,
            env=dict(os.environ, GRIDGAMES_DATA_DIR=str(data)),
        )
    finally:
        data.chmod(0o700)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1 and "Player 1 (X) claims C3." in done.stdout
    assert "Warning: Could not save the game in progress" in done.stdout


def _without_root_powers() -> list[str]:
    """A command prefix that makes permissions count (root bypasses them unless it drops that power)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: permissions cannot be made to count")
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search"]


def _a_game():  # type: ignore[no-untyped-def]
    return record.loads(GOOD, get_entry)


@pytest.mark.parametrize("target", ["/dev/null", "fifo", "folder"])
def test_overwrite_replaces_only_a_regular_file(tmp_path, target, one_sentence):
    if target == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)
    elif target == "folder":
        path = tmp_path
    else:
        path = Path(target)
    problem = check_record_target(path, overwrite=True)
    assert problem and one_sentence(problem)
    assert LiveRecord(path, overwrite=True).write(_a_game()) == problem
    assert Path("/dev/null").is_char_device()
    with pytest.raises(OSError):
        save_record(_a_game(), path, overwrite=True)


def test_typed_escape_sequences_are_shown_harmlessly_in_line_mode(tmp_path):
    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "gridgames", "play", "rowcol", "--plain"],
        input="\x1b]0;PWNED\x07\x1b[2J\nC3\n", capture_output=True, text=True, env=env, timeout=60,
    )
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    assert "\\x1b]0;PWNED\\x07" in done.stdout and "Player 1 (X) claims C3." in done.stdout


@pytest.mark.parametrize("number", ["1e999", "-1e999", "NaN", "Infinity"])
def test_saved_settings_with_numbers_no_game_has_resume_the_moves(tmp_path, make_game, number):
    data = tmp_path / "data"
    store = Store(data)
    store.save_current(make_game("rowcol").play("C3"), {"match": {"games": 0}}, slot="rowcol-x")
    path = store.current_path("rowcol-x")
    path.write_text(path.read_text().replace('"games": 0', f'"games": {number}'))
    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(data))
    done = subprocess.run(
        [sys.executable, "-m", "gridgames", "play", "rowcol", "--plain", "--resume"],
        input="C1\n", capture_output=True, text=True, env=env, timeout=60,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert "are unreadable; the moves resume" in done.stdout and "Player 2 (O) claims C1." in done.stdout


def test_a_typed_line_is_read_only_up_to_a_bound(monkeypatch):
    import io

    from gridgames.commands import play

    monkeypatch.setattr(sys, "stdin", io.StringIO("C" * 5_000_000 + "\nC3\n"))
    first = play._stdin_line()
    assert first is not None and len(first) == play.MAX_LINE  # refused as a move, never held whole
    assert play._stdin_line() == "C3" and play._stdin_line() is None


def test_deeply_nested_json_in_any_data_file_is_skipped_in_one_sentence(tmp_path, make_game):
    """100,000 `[` in an autosave's session line, stats.json, prefs.json or puzzles.json: each is
    skipped with a sentence, as a broken autosave is; no RecursionError reaches the player."""
    data = tmp_path / "data"
    store = Store(data)
    store.save_current(make_game("rowcol").play("C3"), {"match": {"games": 1}}, slot="rowcol-x")
    path = store.current_path("rowcol-x")
    deep = "[" * 100_000
    text = path.read_text()
    session = next(line for line in text.splitlines() if line.startswith("# session: "))
    path.write_text(text.replace(session, "# session: " + deep))
    for name in ("stats.json", "prefs.json", "puzzles.json"):
        (data / name).write_text(deep)
    later = Store(data)
    (saved,) = later.unfinished("rowcol")
    assert played(saved.game) == ["C3"] and saved.settings == {}
    assert later.load_prefs() == {} and later.stats() == {}
    warnings = [str(w) for w in later.take_warnings()]
    assert len(warnings) == 3 and all(w.count(". ") == 0 and w.endswith(".") for w in warnings), warnings
    env = dict(os.environ, GRIDGAMES_DATA_DIR=str(data))
    done = subprocess.run(
        [sys.executable, "-m", "gridgames", "play", "rowcol", "--plain", "--resume"],
        input="C1\n", capture_output=True, text=True, env=env, timeout=60,
    )
    assert "Traceback" not in done.stderr and "RecursionError" not in done.stderr, done.stderr
    assert "are unreadable; the moves resume" in done.stdout and "Player 2 (O) claims C1." in done.stdout


def test_a_deeply_nested_online_seat_is_skipped(tmp_path):
    from gridgames.online import seats

    seats.folder(tmp_path).mkdir(parents=True)
    (seats.folder(tmp_path) / "abcdefghijklmnopqrstuv.join.json").write_text("[" * 4000)
    assert seats.unfinished(root=tmp_path) == []
