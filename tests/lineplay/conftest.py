"""Run a line-mode session in memory: typed lines in, the transcript out."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from gridgames.engine import Game
from gridgames.lineplay import LinePlay


@dataclass
class Transcript:
    code: int
    text: str
    session: LinePlay


def _first_legal(rules, state, rng):  # type: ignore[no-untyped-def]
    return rules.legal_moves(state)[0]


@pytest.fixture
def first_legal() -> Callable[..., object]:
    """A predictable computer player: the engine's first legal move."""
    return _first_legal


def run_lines(game: Game, lines: list[str], **kwargs) -> Transcript:  # type: ignore[no-untyped-def]
    feed = iter(lines)
    out = io.StringIO()
    session = LinePlay(game=game, out=out, read_line=lambda: next(feed, None), echo=True, **kwargs)
    code = session.run()
    return Transcript(code, out.getvalue(), session)


@pytest.fixture
def play_lines() -> Callable[..., Transcript]:
    return run_lines
