"""The key for a game's second kind of move (`Rules.alternate_kind`), labelled in the game's words."""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from gridgames.games.api import Words

ACTION = "alternate_mode"


def name_alternate_key(node: DOMNode, words: Words) -> None:
    """Label the node's alternate-mode key with the game's name for it ("Walls"); the key stays
    where the screen's bindings put it (games without a second kind of move hide it)."""
    if not words.alternate_name:
        return
    for bindings in node._bindings.key_to_bindings.values():
        for i, binding in enumerate(bindings):
            if binding.action == ACTION:
                bindings[i] = replace(binding, description=words.alternate_name)
