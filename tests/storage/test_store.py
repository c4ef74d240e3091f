"""The data folder: autosave and resume, crash safety, statistics, choices, and an unwritable folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gridgames import storage
from gridgames.engine import record
from gridgames.games import get_entry
from gridgames.storage import StorageWarning, Store
from tests.notation import played


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "data")


def test_the_data_folder_follows_the_environment_variable(tmp_path, monkeypatch):
    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "elsewhere"))
    assert Store().root == tmp_path / "elsewhere"
    monkeypatch.delenv("GRIDGAMES_DATA_DIR")
    assert "gridgames" in str(Store().root)


def test_an_unfinished_game_resumes_with_its_settings(store, make_game):
    game = make_game("rowcol").play("C3").play("E3").undo()  # redo history is not saved
    assert store.save_current(game, {"vs": "perfect", "match": {"games": 2}}, slot="rowcol")
    saved = store.load_current("rowcol")
    assert saved is not None
    assert played(saved.game) == ["C3"]
    assert saved.settings == {"vs": "perfect", "match": {"games": 2}}
    assert store.load_current() == saved  # without a variant: the latest save
    # the autosave is itself a valid game record
    assert record.loads(saved.path.read_text(), get_entry).played == saved.game.played


def test_each_slot_is_its_own_and_clearing_forgets_it(store, make_game):
    store.save_current(make_game("rowcol").play("C3"), slot="rowcol")
    store.save_current(make_game("blocking").play("B2"), slot="blocking")
    store.clear_current("rowcol")
    assert store.load_current("rowcol") is None
    assert store.load_current("blocking") is not None
    assert store.warnings == []


def test_a_finished_game_is_not_offered_for_resume(store, make_game):
    finished = make_game("noneighbour").play("B2")  # on 3x3 the centre wins at once
    assert finished.is_over
    store.save_current(finished, slot="noneighbour")
    assert store.load_current("noneighbour") is None


def test_a_broken_save_is_reported_not_fatal(store, make_game):
    store.save_current(make_game("rowcol").play("C3"), slot="rowcol")
    path = store.current_path("rowcol")
    path.write_text(path.read_text().replace("1. C3", "1. Q9"))
    assert store.load_current("rowcol") is None
    (warning,) = store.take_warnings()
    assert "could not be resumed" in str(warning) and "Q9" in str(warning)
    assert store.take_warnings() == []


def test_unreadable_session_settings_keep_the_moves(store, make_game):
    store.save_current(make_game("rowcol").play("C3"), slot="rowcol")
    path = store.current_path("rowcol")
    path.write_text(path.read_text().replace("# session: {}", "# session: [not json"))
    saved = store.load_current("rowcol")
    assert saved is not None and saved.settings == {} and len(saved.game.played) == 1
    assert "unreadable" in str(store.take_warnings()[0])


def test_a_crash_between_write_and_rename_leaves_the_previous_save(store, make_game, monkeypatch):
    one = make_game("rowcol").play("C3")
    store.save_current(one, slot="rowcol")
    before = store.current_path("rowcol").read_bytes()

    def killed(*_args):
        raise KeyboardInterrupt  # stands for the process dying mid-save

    monkeypatch.setattr(storage.files.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        store.save_current(one.play("C1"), slot="rowcol")
    monkeypatch.undo()
    assert store.current_path("rowcol").read_bytes() == before
    assert [p.name for p in store.root.iterdir()] == [store.current_path("rowcol").name]
    assert len(store.load_current("rowcol").game.played) == 1


def test_a_failed_write_warns_and_keeps_the_previous_save(store, make_game, monkeypatch):
    store.save_current(make_game("rowcol").play("C3"), slot="rowcol")

    def disk_full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.files.os, "fsync", lambda fd: disk_full(fd, b""))
    assert not store.save_current(make_game("rowcol").play("C3").play("C1"), slot="rowcol")
    monkeypatch.undo()
    (warning,) = store.take_warnings()
    assert isinstance(warning, StorageWarning) and "No space left on device" in str(warning)
    assert len(store.load_current("rowcol").game.played) == 1


def test_stale_temporary_files_from_a_killed_save_are_swept(tmp_path):
    root = tmp_path / "data"
    root.mkdir()
    stale, fresh = root / ".current-rowcol.gridgames.abc.tmp", root / ".prefs.json.def.tmp"
    stale.write_text("half")
    fresh.write_text("being written")
    os.utime(stale, (0, 0))
    Store(root)
    assert not stale.exists() and fresh.exists()


def test_an_unwritable_data_folder_warns_and_play_goes_on(tmp_path, make_game):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    store = Store(blocker / "gridgames")
    assert not store.save_current(make_game("rowcol").play("C3"), slot="rowcol")
    assert not store.record_result("rowcol", "human", "win")
    assert not store.save_prefs({"variant": "rowcol"})
    assert store.load_current("rowcol") is None and store.stats() == {} and store.load_prefs() == {}
    warnings = store.take_warnings()
    assert len(warnings) == 3
    assert all("play goes on" in str(w) for w in warnings)
    assert blocker.read_text() == "a file where the data folder should be"


def test_statistics_count_per_variant_and_opponent_across_runs(store, make_game):
    won = make_game("noneighbour").play("B2")  # player 1 wins
    assert store.record_game(won, "perfect", human_player=1)
    assert store.record_game(won, "perfect", human_player=2)
    assert store.record_game(won)  # between humans: player 1's view
    assert not store.record_game(make_game("rowcol"))  # unfinished: not counted
    again = Store(store.root)
    assert again.stats() == {
        "noneighbour": {
            "perfect": {"wins": 1, "losses": 1, "draws": 0},
            "human": {"wins": 1, "losses": 0, "draws": 0},
        }
    }
    with pytest.raises(ValueError, match="win, loss or draw"):
        store.record_result("rowcol", "human", "victory")


def test_damaged_statistics_warn_and_start_afresh(store):
    store.root.mkdir(parents=True)
    (store.root / "stats.json").write_text("{broken")
    assert store.stats() == {}
    assert "damaged" in str(store.take_warnings()[0])
    assert store.record_result("rowcol", "human", "draw")
    assert store.stats() == {"rowcol": {"human": {"wins": 0, "losses": 0, "draws": 1}}}


def test_choices_round_trip_as_json(store):
    assert store.load_prefs() == {}
    assert store.save_prefs({"variant": "walls", "size": "6x6", "vs": None})
    assert Store(store.root).load_prefs() == {"variant": "walls", "size": "6x6", "vs": None}
    assert not store.save_prefs({"bad": object()})
    assert "not plain values" in str(store.take_warnings()[0])


def test_choices_saved_by_two_processes_keep_both_variants(tmp_path):
    """Each process saves its own choices (read-modify-write under the lock): neither loses the other's."""
    one, two = Store(tmp_path), Store(tmp_path)  # two processes' views of one folder
    one.save_prefs({"variant": "rowcol", "setups": {"rowcol": {"rows": 6}}})
    two.save_prefs({"variant": "walls", "setups": {"walls": {"rows": 4}}})
    assert Store(tmp_path).load_prefs() == {
        "variant": "walls",
        "setups": {"rowcol": {"rows": 6}, "walls": {"rows": 4}},
    }


def test_statistics_that_are_not_counts_are_ignored_not_trusted(tmp_path):
    (tmp_path / "stats.json").write_text(
        '{"version": 1, "variants": {"rowcol": {"human": {"wins": -5, "losses": true, "draws": 2}}}}'
    )
    assert Store(tmp_path).stats() == {"rowcol": {"human": {"wins": 0, "losses": 0, "draws": 2}}}


def test_two_windows_resuming_one_save_never_share_its_slot(store, make_game):
    store.save_current(make_game("rowcol").play("C3"), slot="rowcol-a")
    other = Store(store.root)  # a second window on the same folder
    (mine,), (theirs,) = store.unfinished("rowcol"), other.unfinished("rowcol")
    slot = store.claim(mine)
    assert slot is not None and slot != "rowcol-a"
    assert other.claim(theirs) is None  # the other window is told, not handed the same slot
    (left,) = other.unfinished("rowcol")
    assert left.slot == slot and played(left.game) == ["C3"]


def test_a_save_cleared_and_saved_again_by_another_process_while_listed_is_no_warning(
    store, make_game, monkeypatch
):
    """Another process ends its game (its save is cleared) and starts its next in the same slot
    between this window's listing and its reading: the save is skipped quietly, never 'damaged'."""
    from gridgames.storage import store as store_module

    store.save_current(make_game("rowcol").play("C3"), slot="rowcol-other")
    path = store.current_path("rowcol-other")
    real_read = store_module.read_record_text

    def read_racing_the_other_process(target):  # type: ignore[no-untyped-def]
        text = path.read_text()
        path.unlink()  # the other process's game ends ...
        try:
            return real_read(target)
        finally:
            path.write_text(text)  # ... and its next game is saved under the same name

    monkeypatch.setattr(store_module, "read_record_text", read_racing_the_other_process)
    assert store.unfinished("rowcol") == []
    assert store.take_warnings() == []
