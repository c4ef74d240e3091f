"""The key for a game's other kinds of move (`Rules.alternate_kinds`), labelled in the game's words."""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

ACTION = "alternate_mode"


def name_alternate_key(node: DOMNode, name: str) -> None:
    """Label the node's alternate-mode key `name` (the game's, "Walls", or the kind chosen now) and
    redraw the footer; the key stays where the screen's bindings put it (games without another kind
    of move hide it)."""
    if not name:
        return
    for bindings in node._bindings.key_to_bindings.values():
        for i, binding in enumerate(bindings):
            if binding.action == ACTION:
                bindings[i] = replace(binding, description=name)
    node.refresh_bindings()
