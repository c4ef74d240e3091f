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
            text = _profile_text(data)
        else:
            found = asyncio.run(lobbyclient.listing(server, args.name, key))
            data = {"you": found.you, "seeks": found.seeks, "games": found.games, "players": found.players}
            text = _listing_text(data, server)
    except (AddressError, IdentityError, lobbyclient.LobbyError) as error:
        sys.stderr.write(f"gridgames: {printable(str(error), 400)}\n")
        return 1
    if args.json:
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
    else:  # what the server sent is shown with any control character escaped, line by line
        sys.stdout.write("".join(printable(line, 1000) + "\n" for line in text.split("\n")))
    return 0


def _rating(item: dict[str, Any]) -> str:
    return f"{item.get('rating')}{'?' if item.get('provisional') else ''}"


def _who(item: dict[str, Any]) -> str:
    return f"{item.get('name') or item.get('player')}{' (bot)' if item.get('bot') else ''} {_rating(item)}"


def _listing_text(data: dict[str, Any], server: str) -> str:
    lines = [f"Open seeks ({len(data['seeks'])}):"]
    for seek in data["seeks"]:
        span = f" range {seek['range'][0]}-{seek['range'][1]}" if seek.get("range") else ""
        lines.append(
            f"  {_who(seek)}  {seek['variant']} {seek['size']} {seek.get('clock') or 'no clock'} "
            f"{'rated' if seek['rated'] else 'casual'}{span}  [{seek['seek']}]"
        )
    lines.append(f"Games in progress ({len(data['games'])}):")
    for game in data["games"]:
        players = " vs ".join(_who(player) for player in game["players"])
        lines.append(
            f"  {players}  {game['variant']} {game['size']} {game.get('clock') or 'no clock'} "
            f"{'rated' if game['rated'] else 'casual'}  watch: gridgames join --watch {server}/{game['room']}"
        )
    names = [f"{p['name']}{' (bot)' if p.get('bot') else ''}" for p in data["players"]]
    lines.append(f"Players online ({len(names)}): {', '.join(names) if names else 'none'}")
    return "\n".join(lines)


def _profile_text(data: dict[str, Any]) -> str:
    lines = [f"{data['name']}{' (bot)' if data['bot'] else ''}"]
    for variant, rating in data["ratings"].items():
        lines.append(f"  {variant}: {_rating(rating)} (deviation {rating['rd']}, {rating['games']} games)")
    if not data["ratings"]:
        lines.append("  no rated games yet")
    lines.append("Last games:")
    for game in data["games"]:
        change = "" if game.get("change") is None else f", {game['rating']} ({game['change']:+d})"
        kind = "rated" if game["rated"] else "casual"
        lines.append(f"  {game['result']} against {game['opponent']}, {game['variant']}, {kind}{change}")
    if not data["games"]:
        lines.append("  none")
    return "\n".join(lines)
