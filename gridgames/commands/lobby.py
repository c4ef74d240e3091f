"""`gridgames lobby --server URL`: a game server's open seeks, games to watch and players online;
`--player NAME` a player's ratings and last games; `--json` the same for scripts."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server", required=True, metavar="URL", help="the game server, ws://HOST:PORT")
    parser.add_argument("--json", action="store_true", help="print JSON for scripts")
    parser.add_argument("--player", metavar="NAME", help="show this player's ratings and last games")
    parser.add_argument(
        "--name", metavar="NAME", help="be listed online as this player (its key is kept in the data folder)"
    )


def run(args: argparse.Namespace) -> int:
    from gridgames.engine.safetext import printable
    from gridgames.online import lobbyclient
    from gridgames.online.address import AddressError, server_url
    from gridgames.online.identity import IdentityError, key_for
    from gridgames.online.protocol import PLAYER_NAME

    try:
        server = server_url(args.server)
        for given in (args.player, args.name):
            if given is not None and not PLAYER_NAME.fullmatch(given):
                raise IdentityError("A name is 3 to 20 letters, digits, '_' or '-', starting with a letter.")
        key = None if args.name is None else key_for(server, args.name)
        if args.player is not None:
            found: Any = asyncio.run(lobbyclient.profile(server, args.player))
            data = {"name": found.name, "bot": found.bot, "ratings": found.ratings, "games": found.games}
            text = lobbyclient.profile_text(data)
        else:
            found = asyncio.run(lobbyclient.listing(server, args.name, key))
            data = {"you": found.you, "seeks": found.seeks, "games": found.games, "players": found.players}
            text = lobbyclient.listing_text(data, server)
    except (AddressError, IdentityError, lobbyclient.LobbyError) as error:
        sys.stderr.write(f"gridgames: {printable(str(error), 400)}\n")
        return 1
    if args.json:
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
    else:  # what the server sent is shown with any control character escaped, line by line
        sys.stdout.write("".join(printable(line, 1000) + "\n" for line in text.split("\n")))
    return 0
