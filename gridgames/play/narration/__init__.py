"""What happens in a game and in an online room, told in words once for every front end.

- `game`: `Narrator`, a game in its rule book's own phrases (line mode, the online line client);
- `room`: what changed in an online room, its status and score (the online screen and line client);
- `screen`: what the app's board screens say (status, turn, legend, hint, review, online status);
- `words`: the sentences every front end shares, each written once (a new game, a takeback, ...).

A sentence owned here is never written as a literal elsewhere (`tests/test_narrator_owns.py`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gridgames.play.narration.cards import RESULTS_WIDTH, results_line
    from gridgames.play.narration.game import Narrator
    from gridgames.play.narration.room import (
        Answers,
        RoomState,
        RoomView,
        end_news,
        game_news,
        move_refusal,
        offer_news,
        presence_news,
        room_news,
        room_score,
        room_status,
    )
    from gridgames.play.narration.screen import (
        ALTERNATE_KEYS,
        KEY_ANSWERS,
        PLAY_AGAIN,
        analysis_lines,
        analysis_summary,
        hint_text,
        online_news,
        online_status,
        review_text,
        score_text,
        status_text,
        turn_text,
    )
    from gridgames.play.narration.words import (
        COMPUTER_TO_MOVE,
        LET_GO,
        ONLINE_NO_HELP,
        READ_ONLY,
        WATCHING,
        coin_toss_sentence,
        game_over_line,
        game_over_refusal,
        low_time,
        moves_phrase,
        new_game_sentence,
        not_your_turn,
        rematch_offered,
        takeback_asked,
        took_back,
    )

_WHERE = {
    "rematch_offered": "words",
    "takeback_asked": "words",
    "ALTERNATE_KEYS": "screen",
    "Answers": "room",
    "COMPUTER_TO_MOVE": "words",
    "KEY_ANSWERS": "screen",
    "LET_GO": "words",
    "Narrator": "game",
    "ONLINE_NO_HELP": "words",
    "PLAY_AGAIN": "screen",
    "READ_ONLY": "words",
    "RESULTS_WIDTH": "cards",
    "RoomState": "room",
    "RoomView": "room",
    "WATCHING": "words",
    "analysis_lines": "screen",
    "analysis_summary": "screen",
    "coin_toss_sentence": "words",
    "end_news": "room",
    "game_news": "room",
    "game_over_line": "words",
    "game_over_refusal": "words",
    "hint_text": "screen",
    "low_time": "words",
    "move_refusal": "room",
    "moves_phrase": "words",
    "new_game_sentence": "words",
    "not_your_turn": "words",
    "offer_news": "room",
    "online_news": "screen",
    "online_status": "screen",
    "presence_news": "room",
    "results_line": "cards",
    "review_text": "screen",
    "room_news": "room",
    "room_score": "room",
    "room_status": "room",
    "score_text": "screen",
    "status_text": "screen",
    "took_back": "words",
    "turn_text": "screen",
}


def __getattr__(name: str) -> Any:
    """Each name from its module when first asked for: the first screen, which needs only the
    results' words (`cards`), does not load the rest at start-up."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"gridgames.play.narration.{_WHERE[name]}"), name)


__all__ = [
    "rematch_offered", "takeback_asked",
    "ALTERNATE_KEYS", "Answers", "COMPUTER_TO_MOVE", "KEY_ANSWERS", "LET_GO", "Narrator",
    "ONLINE_NO_HELP", "PLAY_AGAIN", "READ_ONLY", "RESULTS_WIDTH", "RoomState", "RoomView", "WATCHING",
    "analysis_lines", "analysis_summary", "coin_toss_sentence", "end_news", "game_news",
    "game_over_line", "game_over_refusal", "hint_text", "low_time", "move_refusal", "moves_phrase",
    "new_game_sentence", "not_your_turn", "offer_news", "online_news", "online_status", "presence_news",
    "results_line", "review_text", "room_news", "room_score", "room_status", "score_text", "status_text",
    "took_back", "turn_text",
]
