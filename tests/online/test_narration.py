"""One narrator for a room: the online screen and the online line client tell the same events in the
same words, each with its own way of answering an offer (issue 17: narration written once)."""

from __future__ import annotations

from dataclasses import replace

from gridgames.online import protocol as p
from gridgames.online.follow import View
from gridgames.online.plain import ANSWERS as TYPED
from gridgames.play.narration import KEY_ANSWERS as KEYS
from gridgames.play.narration import move_refusal, online_news, room_news, room_status

ROOM = p.State(
    variant="rowcol", size="5x5", options={}, first=1, game=1, moves=(), result=None,
    seated=(True, False), connected=(True, False), takeback=None, rematch=(False, False), score=(0, 0),
    draws=0,
)


def view(**change: object) -> View:
    return View.from_state(replace(ROOM, **change))  # type: ignore[arg-type]


def test_a_friend_joining_then_asking_for_a_takeback_is_told_alike_with_each_front_ends_answer():
    alone, joined = view(), view(seated=(True, True), connected=(True, True))
    assert room_news(alone, joined, 1, TYPED) == ["Player 2 (O) has joined: the game is on."]
    assert online_news(alone, joined, 1) == "Player 2 (O) has joined: the game is on."
    moved = view(seated=(True, True), connected=(True, True), moves=("C3", "C1"))
    asked = replace(moved.state, takeback=2)
    typed = room_news(moved, View.from_state(asked), 1, TYPED)
    keyed = room_news(moved, View.from_state(asked), 1, KEYS)
    assert typed == ["Player 2 (O) asks to take back their last move: accept or decline?"]
    assert keyed == ["Player 2 (O) asks to take back their last move: y accepts, x declines."]
    # the asker hears of their own request only where the front end does not say it as it sends it
    assert room_news(moved, View.from_state(asked), 2, TYPED)[0].startswith("You asked to take back")
    assert room_news(moved, View.from_state(asked), 2, KEYS) == []


def test_whose_move_it_is_and_why_a_move_is_refused():
    room = view(seated=(True, True), connected=(True, False), moves=("C3",))
    told = "You: Player 1 (X) · Player 2 (O) disconnected · move 2 · Player 2 (O) to move"
    assert room_status(room, 1) == told
    assert room_status(room, 0, lost=True).startswith("Watching · Player 1 (X) connected · Player 2 (O)")
    assert move_refusal(room, 1, TYPED) == "It is not your turn: Player 2 (O) is to move."
    assert move_refusal(room, 2, TYPED) is None
    assert move_refusal(room, 0, KEYS) == "You are watching: spectators cannot play."
    over = view(seated=(True, True), connected=(True, True), result=p.Result(1, "Player 2 (O) resigned."))
    assert move_refusal(over, 2, KEYS) == "The game is over (Player 1 (X) wins!): n offers a rematch."
    assert "Game over: Player 2 (O) resigned." in room_status(over, 2)


def test_a_player_leaving_mid_game_is_waited_for_and_after_the_end_is_needed_for_a_rematch():
    both = dict(seated=(True, True), moves=("C3",))
    playing, gone = view(connected=(True, True), **both), view(connected=(True, False), **both)
    assert room_news(playing, gone, 1, TYPED) == [
        "Player 2 (O) has disconnected; the game waits for them to come back."
    ]
    result = p.Result(1, "Player 2 (O) resigned.")
    over = view(connected=(True, True), result=result, **both)
    left = view(connected=(True, False), result=result, **both)
    assert room_news(over, left, 1, KEYS) == ["Player 2 (O) has disconnected; a rematch needs them back."]
