"""An engine for `gridgames bot --engine`: it plays a random legal move, speaking only the engine line
protocol of docs/bots.md on its standard input and output (it uses gridgames to read the position)."""

import json
import random
import sys

from gridgames.engine.game import Game
from gridgames.engine.options import Options, parse_size
from gridgames.games import get_entry, resolve_options

game = None
for line in sys.stdin:
    command, *words = line.split()
    if command == "gridgames":
        answer = "ok gridgames 1 random-example"
    elif command == "game":
        variant, size, first, *options = words
        entry = get_entry(variant)
        chosen = {k: json.loads(v) for k, v in (option.split("=", 1) for option in options)}
        board = Options(*parse_size(size), first[6:], resolve_options(entry, chosen))
        start = game = Game.new(entry, board, first_player=int(first[6:]))
        answer = "ok"
    elif command == "position":
        game = start
        for move in words:
            game = game.play(game.parse(move))
        answer = "ok"
    elif command == "clock":
        answer = "ok"  # a random mover needs no time
    elif command == "go":
        answer = "move " + game.entry.format_move(random.choice(game.legal_moves()))
    elif command == "quit":
        break
    else:
        answer = "error unknown command " + command
    print(answer, flush=True)
