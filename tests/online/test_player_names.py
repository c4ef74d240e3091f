"""Player names (issue 31): only the room ids' characters, and names that could be mistaken for each other
fold to the same form, so a server holds one of them at most."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gridgames.online.players import fold, new_key
from gridgames.online.protocol import PLAYER_KEY, PLAYER_NAME

NAMES = st.from_regex(PLAYER_NAME, fullmatch=True)
LOOK_ALIKES = {
    "0": "oO", "o": "0O", "O": "0o", "1": "lIi", "l": "1Ii", "I": "1li", "i": "1lI", "_": "-", "-": "_",
}


@given(NAMES, st.data())
def test_names_that_look_alike_fold_alike(name, data):
    def another(index: int, ch: str) -> str:
        if ch in LOOK_ALIKES and index and data.draw(st.booleans()):  # a name starts with a letter
            return str(data.draw(st.sampled_from(LOOK_ALIKES[ch])))
        return ch.swapcase() if data.draw(st.booleans()) else ch

    swapped = "".join(another(index, ch) for index, ch in enumerate(name))
    assert fold(swapped) == fold(name)


@given(st.text(max_size=30))
def test_a_name_holds_no_control_or_foreign_character(text):
    if PLAYER_NAME.fullmatch(text):
        assert text.isascii() and text.isprintable() and " " not in text and 3 <= len(text) <= 20


def test_a_key_is_32_random_bytes_in_base64url():
    keys = {new_key() for _ in range(50)}
    assert len(keys) == 50 and all(PLAYER_KEY.fullmatch(key) for key in keys)
