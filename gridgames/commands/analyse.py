"""`gridgames analyse`: replay moves from the start and print the analysis of the position.

Scriptable: `--json` prints one object. Imports no Textual, so it starts fast. `--no-tables` solves from
scratch (no shipped table is read, and no time limit applies unless `--budget` is given), `--value-only`
proves the position's value and one best move (what published solvers compute), and `cpu_seconds` times
the work in CPU seconds beside the wall-clock `seconds`: together they measure a solver.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from typing import Any

from gridgames.commands import game_options, limits
from gridgames.engine.entry import Entry
from gridgames.engine.errors import GameError
from gridgames.engine.game import Game
from gridgames.engine.options import FIRST_CHOICES, Options, OptionSpec
from gridgames.engine.safetext import printable
from gridgames.engine.textboard import render
from gridgames.games import catalogue, declares, get_entry, ids_where
from gridgames.games.guard import take_warnings
from gridgames.play.narration.words import game_over_line
from gridgames.solve import tables
from gridgames.solve.analysis import analyse, needs_budget
from gridgames.solve.base import Evaluation
from gridgames.solve.budget import Budget, SearchTimeout
from gridgames.solve.hooks import solver_of

#: Search time where no exact solver covers the board (keeps the command interactive).
QUICK_BUDGET = 0.01
#: Time an exact solver may take when no --budget is given: past it, the answer is labelled unproven.
EXACT_BUDGET = 10.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    games = ", ".join(e.id for e in catalogue())
    parser.add_argument("variant", metavar="VARIANT", help=f"the game: {games}")
    parser.add_argument("--size", metavar="RxC", help="board size, e.g. 5x5 (default: the rule book's)")
    game_options.add_arguments(parser)
    parser.add_argument("--moves", default="", metavar='"C3 A1 ..."', help="moves from the start, in order")
    parser.add_argument(
        "--budget", type=limits.budget, metavar="SECONDS",
        help=f"thinking time, at most {limits.MAX_BUDGET:g} (default {QUICK_BUDGET} where only a search "
        f"applies, else {EXACT_BUDGET:g}: past it the answer is marked unproven)",
    )
    parser.add_argument(
        "--first", choices=FIRST_CHOICES[:2], help="who moves first (default: the rule book's)"
    )
    parser.add_argument(
        "--no-tables", action="store_true",
        help="read no shipped table: solve from scratch, with no time limit unless --budget is given",
    )
    parser.add_argument(
        "--value-only", action="store_true",
        help="prove the position's value and one best move, not every move's value",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _flag_refused(spec: OptionSpec, entry: Entry) -> str:
    """'--FLAG applies only to GAME, not to walls.'"""
    return f"{spec.flag} applies only to {ids_where(declares(spec.name))}, not to {entry.id}."


class _Refused(Exception):
    """A bad variant, size or move: one sentence for stderr."""


def _replay(args: argparse.Namespace) -> Game:
    try:
        entry = get_entry(args.variant)
        chosen = entry.resolve_options(game_options.given(args, entry, _flag_refused))
        options = Options(entry.default_rows, entry.default_cols, game_options=chosen)
        if args.size is not None:
            options = options.with_size(args.size)
            entry.check_size(options.rows, options.cols)
    except GameError as error:
        raise _Refused(str(error)) from None
    first = 1 if entry.default_first == "toss" else int(entry.default_first)
    if getattr(args, "first", None) is not None:
        first = int(args.first)
    game = Game.new(entry, options, first_player=first)
    for number, text in enumerate(split_moves(args.moves), 1):
        try:
            game = game.play(text)
        except GameError as error:
            raise _Refused(f"move {number} ({text}): {error}") from None
    return game


_BRACKETED_PAIR = re.compile(r"\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)")


def split_moves(text: str) -> list[str]:
    """The moves in `--moves`: `C3 A1`, and also `3 3`, `3,3` or `(3,3)` as one move each.

    Two bare numbers in a row are one cell (row and column), as the refusal's advice says. A pair in
    brackets stays whole inside a longer move too: `#(1,2)` (a wall), `(1,1)-(1,2)`.
    """
    protected = _BRACKETED_PAIR.sub(r"(\1;\2)", text)  # the comma inside a pair does not split
    words = [word.replace(";", ",") for word in protected.replace(",", " , ").split()]
    moves: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word.isascii() and word.isdigit():
            rest = words[index + 1 : index + 3]
            if rest[:1] == [","] and len(rest) == 2:
                moves.append(word + "," + rest[1])
                index += 3
            elif rest and rest[0].isascii() and rest[0].isdigit():
                moves.append(word + " " + rest[0])
                index += 2
            else:
                moves.append(word)
                index += 1
        elif word == ",":
            index += 1  # a comma between moves: C3, A1
        else:
            moves.append(word)
            index += 1
    return moves


def report(
    game: Game, budget: float | None, *, no_tables: bool = False, value_only: bool = False
) -> dict[str, Any]:
    """The analysis of the game's current position as the JSON object's fields. With `no_tables`, no
    shipped table is read and no time limit applies unless `budget` is given."""
    state = game.state
    outcome = game.outcome
    fields: dict[str, Any] = {
        "variant": game.entry.id,
        "size": f"{state.rows}x{state.cols}",
        "moves": [game.entry.format_move(m) for m in game.played],
        "to_move": state.to_move,
        "status": "over" if outcome else "ongoing",
        "winner": outcome.winner if outcome else None,
    }
    started, cpu = time.perf_counter(), time.process_time()
    if outcome is not None:
        value = "draw" if outcome.winner is None else "loss"
        fields.update(legal=[], value=value, best=[], exact=True, proven=True, proof=None, nodes=0)
    else:
        if budget is None and not no_tables:
            budget = QUICK_BUDGET if needs_budget(game.rules, state) else EXACT_BUDGET
        evaluation = _value_only(game, budget) if value_only else None
        if evaluation is None:
            evaluation = analyse(game.entry, state, budget)
        fields.update(
            legal=[game.entry.format_move(m) for m in game.legal_moves()],
            value=evaluation.value,
            best=[game.entry.format_move(m) for m in evaluation.best],
            exact=evaluation.exact,  # every move's value is proven
            proven=evaluation.value != "unknown",  # the position's value is (by search, table or strategy)
            proof=evaluation.proof or None,
            nodes=evaluation.nodes,
        )
    if outcome is None:
        fields.update(_grundy(game, budget))
    fields["seconds"] = round(time.perf_counter() - started, 6)
    fields["cpu_seconds"] = round(time.process_time() - cpu, 6)
    return fields


def _value_only(game: Game, budget: float | None) -> Evaluation | None:
    """The position's value and one best move proven, where the game's solver offers that (else None:
    every move's value is proven instead)."""
    solver = solver_of(game.entry)
    return solver.evaluate_value(game.state, None if budget is None else Budget.of(budget))


def _grundy(game: Game, budget: float | None) -> dict[str, int | None]:
    """`grundy`, the position's Grundy value, where the game splits into regions that its solver
    values (an impartial game: the nim-sum of the regions' values; None when the budget ran out
    first), and `grundy_nodes`, the nodes that took, where the game counts them; nothing where the game
    does not decompose."""
    solver = solver_of(game.entry)
    try:
        regions = solver.regions(game.state, None if budget is None else Budget.of(budget))
    except SearchTimeout:
        return {"grundy": None}
    if regions is None:
        return {}
    value = 0
    for _cells, region in regions:
        value ^= region
    nodes = solver.regions_nodes()
    return {"grundy": value} if nodes is None else {"grundy": value, "grundy_nodes": nodes}


def _text(game: Game, fields: dict[str, Any]) -> str:
    entry = game.entry
    lines = [render(entry, game.state), ""]
    moves = " ".join(fields["moves"]) or "none"
    lines.append(f"{entry.label}, {fields['size']} board. Moves: {moves}.")
    if game.outcome is not None:
        lines.append(game_over_line(entry.describe(game.outcome)))
        return "\n".join(lines)
    mover = entry.player(fields["to_move"])
    certainty = "proven" if fields["proven"] else "a time-limited search, not a proof"
    if fields.get("proof"):
        certainty = f"proven by the {fields['proof']}"
    if fields["value"] == "unknown":
        lines.append(f"{mover} to move: no forced result found ({certainty}).")
    else:
        lines.append(f"{mover} to move: {fields['value']} with best play ({certainty}).")
    if fields["value"] == "loss":  # every move is best: naming them all says nothing (as the hint says)
        lines.append("Every move loses with best play.")
    else:
        lines.append(f"Best moves: {', '.join(fields['best'])}.")
    lines.append(f"Legal moves ({len(fields['legal'])}): {', '.join(fields['legal'])}.")
    positions = "position" if fields["nodes"] == 1 else "positions"
    lines.append(f"Analysed {fields['nodes']} {positions} in {fields['seconds']:.3f} s.")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    try:
        game = _replay(args)
    except _Refused as error:
        sys.stderr.write(f"gridgames: {printable(str(error), 400)}\n")
        return 2
    previous = tables.switched_off()
    tables.switch_off(previous or args.no_tables)
    try:
        fields = report(game, args.budget, no_tables=args.no_tables, value_only=args.value_only)
    finally:
        tables.switch_off(previous)  # the command may run inside a longer process (tests, scripts)

    for sentence in tables.refused.values():  # a damaged shipped table: said once, then searched
        sys.stderr.write(f"gridgames: {sentence}\n")
    for sentence in take_warnings():  # a solver that failed or lied, switched off: searched instead
        sys.stderr.write(f"gridgames: {sentence}\n")
    if args.json:
        print(json.dumps(fields))
    else:
        print(_text(game, fields))
    return 0
