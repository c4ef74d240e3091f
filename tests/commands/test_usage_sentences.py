"""Command-line mistakes get the project's one-sentence style, not argparse's wording ("invalid
choice", "the following arguments are required"), and every command names its game VARIANT."""

from __future__ import annotations

import pytest

from gridgames.cli import main

GAMES = "locked-duel, walls, blocking, rowcol, noneighbour, cram, domineering"


def refusal(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as raised:
        main(argv)
    out, err = capsys.readouterr()
    assert raised.value.code == 2 and out == "", (out, err)
    assert err.startswith("gridgames: ") and err.endswith(".\n") and err.count("\n") == 1, err
    return err.removeprefix("gridgames: ").rstrip("\n")


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["frobnicate"], "There is no command 'frobnicate': use one of play, analyse, replay, serve, server, "
                         "host, join, lobby, bot, puzzle, check (gridgames --help says what each does)."),
        (["play"], f"Name the game to play ({GAMES}): gridgames play VARIANT."),
        (["analyse"], f"Name the game to analyse ({GAMES}): gridgames analyse VARIANT."),
        (["host"], f"Name the game to host ({GAMES}): gridgames host VARIANT."),
        (["join"], "Give the address from the invite: gridgames join ADDRESS (ws://HOST:PORT/ROOM)."),
        (["replay"], "Name the game record to replay: gridgames replay FILE."),
        (["play", "rowcol", "--first", "3"], "--first cannot be '3': choose 1, 2 or toss."),
        (["play", "rowcol", "--computer-plays", "3"], "--computer-plays cannot be 3: choose 1 or 2."),
        (["play", "rowcol", "--games", "x"], "--games takes a whole number, not 'x'."),
        (["play", "rowcol", "--bogus"], "Unexpected --bogus: gridgames play --help lists what it takes."),
        (["play", "rowcol", "--size"], "--size needs a value: gridgames play --help says which."),
    ],
)
def test_usage_mistakes_are_one_sentence_in_our_words(capsys, argv, sentence):
    said = refusal(capsys, argv)
    assert said == sentence
    assert "invalid choice" not in said and "arguments are required" not in said


@pytest.mark.parametrize("command", ["play", "analyse", "host"])
def test_every_command_names_its_game_variant_in_its_usage(capsys, command):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    usage = capsys.readouterr().out.split("\n\n")[0]
    assert usage.rstrip().endswith(" VARIANT") and " variant" not in usage, usage
