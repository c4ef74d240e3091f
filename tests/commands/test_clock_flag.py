"""`--clock` is one flag on `play` and `host`: written as lichess writes it, refused in one sentence."""

from __future__ import annotations

import argparse

from gridgames.commands import host, play
from gridgames.engine.clock import TimeControl
from gridgames.games import get_entry
from gridgames.play.setup import default_setup


def _args(command, *argv: str) -> argparse.Namespace:  # type: ignore[no-untyped-def]
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_play_and_host_put_the_clock_in_the_games_setup():
    entry = get_entry("cram")
    setup = play.setup_from(_args(play, "cram", "--clock", "0.5+1"), entry, default_setup(entry))
    assert setup.clock == TimeControl(30, 1) and setup.to_dict()["clock"] == "0.5+1"
    args = _args(host, "cram", "--clock", "3+2")
    assert host.check_options(args) is None and host.hosting(args).setup.clock == TimeControl(180, 2)


def test_a_bad_clock_is_one_sentence():
    assert host.check_options(_args(host, "cram", "--clock", "3")) == (
        "A clock is written MINUTES+SECONDS, for example 3+2 or 0.5+1 (base minutes, seconds added a move), "
        "not '3'."
    )
    assert "clock" in play.NEW_GAME_OPTIONS  # --resume keeps the saved game's own clock


def test_a_remembered_clock_is_said_unless_the_command_line_gives_one(tmp_path, monkeypatch):
    from gridgames.engine.options import Options
    from gridgames.play.setup import LastChoices, Setup
    from gridgames.storage import Store

    monkeypatch.setenv("GRIDGAMES_DATA_DIR", str(tmp_path / "data"))
    choices = LastChoices()
    choices.remember(Setup("cram", Options(5, 5, "1"), clock=TimeControl.parse("3+2")))
    Store().save_prefs(choices.to_dict())
    args = _args(play, "cram")
    assert play.remembered_note(args, "cram") == "As last time: a 3+2 clock."
    assert play.remembered_note(_args(play, "cram", "--clock", "1+0"), "cram") == ""
