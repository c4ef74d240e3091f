"""Files the last release wrote (tests/last_release/, made before games declared their options) load
with today's code: records, autosaves with their set-up and match score, and the new-game panel's
memory. Each old option field arrives as the option the game declares now, and is written back in
today's shape (`options: {name: value}`, records of version 3)."""

from __future__ import annotations

import shutil
from pathlib import Path

from gridgames.engine import record
from gridgames.games import get_entry
from gridgames.play.seats import HUMAN
from gridgames.play.setup import LastChoices, resume
from gridgames.storage import Store
from tests.notation import played

OLD = Path(__file__).resolve().parent.parent / "last_release"


def test_an_old_record_with_the_house_rule_loads_and_is_written_in_todays_format():
    game = record.loads((OLD / "noneighbour-orthogonal.record").read_text(), get_entry)
    assert game.options.game_options == {"adjacency": "orthogonal"}
    assert played(game) == ["A1", "C3", "A4"] and (game.options.rows, game.options.cols) == (4, 4)
    # B3 touches the last marker, A4, only diagonally: legal under the house rule alone
    assert game.play("B3").options == game.options
    text = record.dumps(game)
    assert text.startswith("gridgames-record 3\n") and "options: adjacency=orthogonal\n" in text
    assert record.loads(text, get_entry).options == game.options


def test_an_old_record_of_a_game_with_an_option_it_never_wrote_has_the_default():
    game = record.loads((OLD / "locked-duel.record").read_text(), get_entry)
    assert game.options.game_options == {} and game.first_player == 2
    assert "options: cell_scoring=no\n" in record.dumps(game)


def old_folder(tmp_path: Path) -> Store:
    shutil.copytree(OLD / "data", tmp_path / "data")
    return Store(tmp_path / "data")


def test_old_autosaves_resume_with_their_options_seats_and_match_score(tmp_path):
    store = old_folder(tmp_path)
    saved = store.load_current("noneighbour")
    assert saved is not None
    resumed = resume(saved.game, saved.settings)
    assert not resumed.note
    assert resumed.setup.seats == (HUMAN, "easy")
    assert resumed.setup.options.game_options == {"adjacency": "orthogonal"}
    assert resumed.match.options.game_options == {"adjacency": "orthogonal"}

    saved = store.load_current("locked-duel")
    assert saved is not None
    resumed = resume(saved.game, saved.settings)
    assert not resumed.note
    assert resumed.match.scoring == "cells" and resumed.match.score == (1, 1) and resumed.match.length == 3
    assert resumed.setup.options.game_options == {"cell_scoring": True}
    assert resumed.match.to_dict()["options"] == {"cell_scoring": True}
    assert "scoring" not in resumed.setup.to_dict() and "adjacency" not in resumed.match.to_dict()


def test_the_old_new_game_panel_memory_keeps_every_choice(tmp_path):
    choices = LastChoices.from_dict(old_folder(tmp_path).load_prefs())
    assert choices.variant == "noneighbour"
    grid = choices.setup_for(get_entry("noneighbour"))
    assert grid.options.game_options == {"adjacency": "orthogonal"} and grid.seats == (HUMAN, "easy")
    duel = choices.setup_for(get_entry("locked-duel"))
    assert duel.options.game_options == {"cell_scoring": True} and duel.games == 3
    assert duel.options.size == "2x2"
    again = LastChoices.from_dict(choices.to_dict())
    assert again.setups == choices.setups
