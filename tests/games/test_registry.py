"""Games are found through the `gridgames.games` entry points; a broken plugin is skipped and reported."""

from __future__ import annotations

import pytest

from gridgames import games
from gridgames.cli import main
from gridgames.engine import OptionsError

BUILT_IN = ["locked-duel", "walls", "blocking", "rowcol", "noneighbour", "cram", "domineering"]


def test_the_built_in_games_register_through_the_entry_point_group():
    assert [entry.id for entry in games.catalogue()] == BUILT_IN
    assert games.problems() == ()


def test_an_unknown_game_is_refused_in_one_sentence(one_sentence):
    with pytest.raises(OptionsError) as error:
        games.get_entry("chess")
    assert one_sentence(str(error.value)) and "locked-duel" in str(error.value)


@pytest.mark.parametrize(
    ("target", "why"),
    [
        ("no_such_module_anywhere:BOOK", "No module named"),
        ("gridgames.games.api:Phrases", "not a gridgames RuleBook"),
        ("gridgames.games.walls.books:WALLS", "its id is 'walls'"),
    ],
)
def test_a_broken_plugin_is_reported_in_one_sentence_and_skipped(register_games, one_sentence, target, why):
    register_games({"broken": target})
    assert [entry.id for entry in games.catalogue()] == BUILT_IN
    (problem,) = games.problems()
    assert one_sentence(problem) and "'broken'" in problem and why in problem


def test_the_command_line_goes_on_past_a_broken_plugin(register_games, capsys):
    register_games({"broken": "no_such_module_anywhere:BOOK"})
    assert main(["analyse", "rowcol", "--moves", "C3"]) == 0
    captured = capsys.readouterr()
    assert "'broken'" in captured.err and captured.err.count("\n") == 1
    assert "rowcol" in captured.out.lower() or "Gridlock" in captured.out


def _points(points) -> list[tuple[str, str]]:
    return [(point.name, point.value) for point in points]


@pytest.mark.parametrize("group", [games.GROUP, "console_scripts"])
def test_discovery_finds_what_importlib_metadata_finds(register_games, group):
    from importlib.metadata import entry_points

    from gridgames.games.discovery import entry_points as discovered

    register_games({"twins": "gridgames_example.book:BOOK", "other": "x.y:Z"})
    found = _points(discovered(group))
    assert found == _points(entry_points(group=group))
    registered = {("twins", "gridgames_example.book:BOOK"), ("other", "x.y:Z")}
    assert group != games.GROUP or registered <= set(found)


def test_a_plugin_in_a_zip_file_on_the_path_is_found(tmp_path, monkeypatch):
    """Where the folders cannot be read as plain folders, importlib.metadata finds the plugin."""
    import zipfile

    archive = tmp_path / "plugin.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped_twin/__init__.py", "from gridgames.games.walls.books import WALLS as BOOK\n")
        zipped.writestr("zipped_twin-0.1.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped-twin\n")
        points = "[gridgames.games]\nwalls = zipped_twin:BOOK\n"
        zipped.writestr("zipped_twin-0.1.dist-info/entry_points.txt", points)
    monkeypatch.syspath_prepend(str(archive))
    games.reload()
    try:
        (problem,) = games.problems()  # the same game twice: proof that the zipped one was read
        assert "Two games are called 'walls'" in problem
    finally:
        monkeypatch.undo()
        games.reload()


def test_each_game_is_one_object_its_entry_carries_its_book():
    """A front end is handed the entry and takes every part of the game from it: no lookup by id."""
    for book in games.rule_books():
        entry = book.entry
        assert entry.phrases is book.phrases and entry.words is book.words, entry.id
        assert entry.rules_markdown() == book.rules_markdown(), entry.id
        assert entry.solver is games.registered_solver(entry.rules), entry.id


def test_no_front_end_looks_a_game_part_up_by_id():
    """`rule_book(...)` and `registered_solver(...)` are the registry's; outside `games/` (and the
    command that lists or checks games) a game's parts come from its entry."""
    from pathlib import Path

    package = Path(games.__file__).resolve().parent.parent
    found = [
        f"{path.relative_to(package)}: {line.strip()}"
        for path in package.rglob("*.py")
        if "games" not in path.relative_to(package).parts[:1]
        for line in path.read_text(encoding="utf-8").splitlines()
        if "rule_book(" in line or "registered_solver(" in line
    ]
    assert found == []
