"""A shipped table is checked before it is trusted: damaged, it is refused in one sentence and searched."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gridgames.solve import tables

GAMES = Path(__file__).resolve().parents[2] / "gridgames" / "games"
SHIPPED = [("walls/walls-4x4.bin", "walls-4x4"), ("walls/walls-5x5.bin", "walls-5x5"),
           ("noneighbour/noneighbour.bin", "noneighbour"),
           ("nodekayles/nodekayles_shapes.bin", "nodekayles-shapes")]


@pytest.mark.parametrize(("filename", "name"), SHIPPED)
def test_every_shipped_table_passes_its_check(filename, name):
    assert isinstance(tables.check(name, (GAMES / filename).read_bytes()), bytes)


def _damaged(blob: bytes) -> dict[str, bytes]:
    flipped = bytearray(blob)
    flipped[len(blob) // 2] ^= 0x01
    version = bytearray(blob)
    version[len(tables.MAGIC)] = tables.FORMAT_VERSION + 1
    return {"truncated": blob[: len(blob) - 100], "flipped": bytes(flipped), "version": bytes(version),
            "not a table": b"hello" + blob}


@pytest.mark.parametrize("damage", ["truncated", "flipped", "version", "not a table"])
def test_a_damaged_table_is_refused_in_one_sentence(damage, one_sentence):
    blob = (GAMES / "walls" / "walls-4x4.bin").read_bytes()
    sentence = tables.check("walls-4x4", _damaged(blob)[damage])
    assert isinstance(sentence, str) and one_sentence(sentence)
    assert tables.check("walls-3x3", blob) != tables.check("walls-4x4", blob)  # labelled for its board


@pytest.mark.parametrize("damage", ["truncated", "flipped", "version"])
def test_a_damaged_walls_table_means_search_never_a_wrong_exact_value(damage, monkeypatch, make_game):
    from gridgames.games.walls import algorithm as walls
    from gridgames.solve import core
    from gridgames.solve.analysis import analyse

    blob = (GAMES / "walls" / "walls-4x4.bin").read_bytes()
    real_load = tables.load
    monkeypatch.setattr(tables, "load", lambda package, filename, name: (
        None if isinstance(tables.check(name, _damaged(blob)[damage]), str)
        else real_load(package, filename, name)))
    previous = core.use_native(False)  # the Python core is the one that reads the 4x4 table
    walls.clear_cache()
    try:
        game = make_game("walls", "4x4").play("A1").play("D4")
        evaluation = analyse(game.entry, game.state, 0.2)
    finally:
        core.use_native(previous)
        walls.clear_cache()
    assert not walls.is_exact_board(4, 4) or walls.NATIVE() is not None
    assert not evaluation.exact or evaluation.value in ("win", "loss")


@pytest.fixture
def package(tmp_path, monkeypatch):
    """An importable package to ship tables in, and a clean `refused`."""
    folder = tmp_path / "shipping_tables"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "shipping_tables", raising=False)  # this test's folder, not the last's
    monkeypatch.setattr(tables, "refused", {})
    return folder


def test_a_missing_table_is_named_unless_the_board_has_none(package, one_sentence):
    assert tables.load("shipping_tables", "gone.bin", "gone") is None
    assert tables.refused["gone"] == "The shipped table gone is missing, so positions are searched instead."
    assert tables.load("shipping_tables", "none.bin", "none", missing_ok=True) is None
    assert "none" not in tables.refused


def test_a_link_to_a_device_is_refused_without_reading_it(package, one_sentence):
    (package / "zero.bin").symlink_to("/dev/zero")
    assert tables.load("shipping_tables", "zero.bin", "zero") is None  # /dev/zero never ends
    said = tables.refused["zero"]
    assert said == "The shipped table zero is not a regular file, so positions are searched instead."


def test_a_huge_table_is_refused_by_its_size_before_it_is_read(package):
    import tracemalloc

    with open(package / "huge.bin", "wb") as huge:
        huge.truncate(100 << 20)  # 100 MB, sparse: cheap to make
    tracemalloc.start()
    try:
        assert tables.load("shipping_tables", "huge.bin", "huge") is None
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, peak  # not read whole (100 MB) before the length check
    said = tables.refused["huge"]
    assert said == "The shipped table huge is longer than any table, so positions are searched instead."


def test_a_sound_table_still_loads(package):
    (package / "small.bin").write_bytes(tables.pack("small", b"body"))
    assert tables.load("shipping_tables", "small.bin", "small") == b"body"
    assert tables.refused == {}
