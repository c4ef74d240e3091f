"""What happens in a game and in an online room, told in words once for every front end.

- `game`: `Narrator`, a game in its rule book's own phrases (line mode, the online line client);
- `room`: what changed in an online room, its status and score (the online screen and line client);
- `screen`: what the app's board screens say (status, turn, legend, hint, review, online status);
- `words`: the sentences every front end shares, each written once (a new game, a takeback, ...).

A sentence owned here is never written as a literal elsewhere (`tests/test_narrator_owns.py`).
"""

from __future__ import annotations

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
    results_line,
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
    moves_phrase,
    new_game_sentence,
    not_your_turn,
    took_back,
)

__all__ = [
    "ALTERNATE_KEYS", "Answers", "COMPUTER_TO_MOVE", "KEY_ANSWERS", "LET_GO", "Narrator",
    "ONLINE_NO_HELP", "PLAY_AGAIN", "READ_ONLY", "RoomState", "RoomView", "WATCHING", "analysis_lines",
    "analysis_summary", "coin_toss_sentence", "end_news", "game_news", "game_over_line",
    "game_over_refusal", "hint_text", "move_refusal", "moves_phrase", "new_game_sentence",
    "not_your_turn", "offer_news", "online_news", "online_status", "presence_news", "results_line",
    "review_text", "room_news", "room_score", "room_status", "score_text", "status_text", "took_back",
    "turn_text",
]
