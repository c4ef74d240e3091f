"""`gridgames lobby --server URL`: a game server's open seeks, games to watch and players online;
`--player NAME` a player's ratings and last games; `--json` the same for scripts. With `--name NAME`,
`--accept SEEK` takes an open seek and `--seek "GAME [SIZE] [CLOCK] [rated|casual]"` posts one (and waits
until someone accepts it); once the server pairs the player, the game opens in the app, or in line mode
with `--plain`. Both go through the app's own lobby connection (`online.lobbylink`)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

EXIT_REFUSED = 1
EXIT_USAGE = 2
NEEDS_NAME = "Give your player name with --name NAME: accepting or posting a seek needs one."
ONE_OF = "Give --accept SEEK or --seek GAME, not both."
NOT_WITH_PLAYER = "--player shows a player's ratings: it cannot accept or post a seek too."
NOT_JSON = "--json prints the lobby for scripts: it cannot accept or post a seek too."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server", required=True, metavar="URL", help="the game server, ws://HOST:PORT")
    parser.add_argument("--json", action="store_true", help="print JSON for scripts")
    parser.add_argument("--player", metavar="NAME", help="show this player's ratings and last games")
    parser.add_argument(
        "--name", metavar="NAME", help="be listed online as this player (its key is kept in the data folder)"
    )
    parser.add_argument("--accept", metavar="SEEK", help="accept this open seek (its id, in [brackets])")
    parser.add_argument(
        "--seek", metavar="TEXT", help='post a seek, "GAME [SIZE] [CLOCK] [rated|casual]"; wait for a taker'
    )
    parser.add_argument("--plain", action="store_true", help="play the game paired in plain text")


def _fail(message: str, code: int = EXIT_REFUSED) -> int:
    from gridgames.engine.safetext import printable

    sys.stderr.write(f"gridgames: {printable(message, 400)}\n")
    return code


def run(args: argparse.Namespace) -> int:
    from gridgames.online import lobbyclient
    from gridgames.online.address import AddressError, server_url
    from gridgames.online.identity import IdentityError, key_for
    from gridgames.online.protocol import PLAYER_NAME

    try:
        server = server_url(args.server)
        for given in (args.player, args.name):
            if given is not None and not PLAYER_NAME.fullmatch(given):
                raise IdentityError("A name is 3 to 20 letters, digits, '_' or '-', starting with a letter.")
        if args.accept is not None or args.seek is not None:
            return _pair(args, server)
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
        return _fail(str(error))
    if args.json:
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
    else:  # what the server sent is shown with any control character escaped, line by line
        from gridgames.engine.safetext import printable

        sys.stdout.write("".join(printable(line, 1000) + "\n" for line in text.split("\n")))
    return 0


def _pair(args: argparse.Namespace, server: str) -> int:
    """`--accept` or `--seek`: the lobby as the named player until it pairs them, then the game."""
    from gridgames.engine.errors import OptionsError
    from gridgames.online import protocol as p
    from gridgames.online.identity import key_for
    from gridgames.online.lobbylink import parse_seek

    if args.accept is not None and args.seek is not None:
        return _fail(ONE_OF, EXIT_USAGE)
    if args.player is not None:
        return _fail(NOT_WITH_PLAYER, EXIT_USAGE)
    if args.json:
        return _fail(NOT_JSON, EXIT_USAGE)
    if args.name is None:
        return _fail(NEEDS_NAME, EXIT_USAGE)
    message: p.Message
    if args.accept is not None:
        if not p.SEEK_ID.fullmatch(args.accept):
            return _fail(f"'{args.accept[:40]}' is not a seek's id: copy it from the [brackets] of the list.",
                         EXIT_USAGE)
        message = p.Accept(args.accept)
    else:
        try:
            message = parse_seek(args.seek)
        except OptionsError as error:
            return _fail(str(error), EXIT_USAGE)
    if not args.plain:
        from gridgames.tui import launch

        problem = launch.no_terminal({"online": {}}) if launch.available() else (
            "the full-screen app is not available here: add --plain."
        )
        if problem:  # said before pairing, not after someone accepted
            return _fail(problem[:1].upper() + problem[1:], EXIT_USAGE)
    key = key_for(server, args.name)
    try:
        paired = asyncio.run(_paired_then_play(server, args.name, key, message, args.plain))
    except KeyboardInterrupt:
        return _fail("Stopped: your seek is withdrawn." if args.seek is not None else "Stopped.")
    if isinstance(paired, int):
        return paired
    from gridgames.commands.join import launch_app

    return launch_app(paired=(server, paired, args.name, key))


async def _paired_then_play(server: str, name: str, key: str, message: Any, plain: bool) -> Any:
    """The lobby until the server pairs the player: then, with `plain`, the game played in line mode (its
    exit code), else the `paired` message (the app opens the game); an exit code after a refusal."""
    from gridgames.online.launch import run_plain
    from gridgames.online.lobbyclient import LobbyError
    from gridgames.online.lobbylink import LobbyLink, paired_by, paired_plan

    link = LobbyLink(server, name, key)
    try:
        await link.open()
        paired = await paired_by(link, message, lambda said: print(said, flush=True))
    except LobbyError as error:
        return _fail(str(error))
    finally:
        await link.close()
    if plain:
        return await run_plain(paired_plan(server, paired, name, key))
    return paired
