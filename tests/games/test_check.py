"""`gridgames check`: every registered game passes the quick conformance checks (the built-in games
and the installed example plugins), and a game that breaks its contract is named with what fails, with or
without raising (tests/games/broken_plugin.py)."""

from __future__ import annotations

import pytest

from gridgames import games
from gridgames.cli import main
from tests.games.broken_plugin import BROKEN, WRONG


@pytest.fixture
def broken(register_games) -> None:
    register_games({**BROKEN, **WRONG})


def check_lines(capsys) -> list[str]:  # type: ignore[no-untyped-def]
    return [line.strip() for line in capsys.readouterr().out.splitlines()]


#: And the installed example plugins. Small Amazons' 6x6 start has 360 moves of milliseconds each: the
#: generic search checks its budget at every node where nodes are that slow, so it keeps 5 ms too.
GOOD = [entry.id for entry in games.catalogue()] + ["twins", "hop", "clobber", "pluscram", "amazons"]


@pytest.mark.parametrize("game_id", GOOD)
def test_every_registered_game_passes_the_quick_checks(game_id, with_plugins, capsys) -> None:
    code = main(["check", game_id, "--quick"])
    lines = check_lines(capsys)
    assert code == 0, "\n".join(lines)
    checks = [line for line in lines if line[:1] in "✓✗–"]
    assert len(checks) >= 10 and all(line[0] in "✓–" for line in checks), lines
    assert lines[-1].startswith("every check passed")


@pytest.mark.parametrize(
    ("game_id", "failing", "said"),
    [
        ("broken-moves", "random playouts", "raised RuntimeError: legal moves exploded"),
        ("garbage-moves", "random playouts", "its legal moves gave 'A1', not a move on this board"),
        ("broken-look", "looks with known roles", "its drawing raised KeyError"),
        ("broken-notation", "notation round trip", "its notation raised ZeroDivisionError"),
        ("broken-solver", "solver agrees with a plain exhaustive search", "its evaluate raised Assertion"),
        ("lying-solver", "solver agrees with a plain exhaustive search", "where a plain search finds loss"),
        ("slow-solver", "budgets of 5 ms honoured", "analysis took"),
        ("sloppy-notation", "notation round trip", "reads back as"),
        ("lenient", "illegal moves refused with a sentence", "its refusal is None, not one sentence"),
        ("bad-options", "declared sizes and options", "The option speed's default 'fast' is not a choice."),
        ("wrong-clicks", "every move entered by clicks and by keys", "cannot be entered by clicking"),
        ("played-hole", "holes kept out of play", "covers a hole"),
    ],
)
@pytest.mark.usefixtures("broken")
def test_a_game_breaking_its_contract_is_named_with_what_fails(game_id, failing, said, capsys) -> None:
    assert main(["check", game_id, "--quick"]) == 1
    lines = check_lines(capsys)
    failed = [line for line in lines if line.startswith(f"✗ {failing}")]
    assert failed and said in failed[0], "\n".join(lines)
    assert "check" in lines[-1] and "failed" in lines[-1]


def test_a_game_that_is_not_installed_is_one_sentence_and_exit_2(capsys, one_sentence) -> None:
    assert main(["check", "chess", "--quick"]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("gridgames: There is no game called 'chess'") and one_sentence(error[11:])
    assert main(["check"]) == 2
    assert "Name a game to check, or --all" in capsys.readouterr().err
