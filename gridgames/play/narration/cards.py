"""The first screen's words about a game's results (no imports: the first screen loads this at start-up)."""

from __future__ import annotations

#: Room for the results line beside a card's picture at 80 columns.
RESULTS_WIDTH = 66


def results_line(
    tallies: dict[str, dict[str, int]],
    levels: tuple[str, ...] = (),
    players: tuple[str, str] | None = None,
    width: int = RESULTS_WIDTH,
) -> str:
    """'Won–lost: easy 3–1 · perfect 0–4 · two players 1–1', one form on every card (issue 20: two
    forms read as two kinds of result). Against the computer the results are the person's; between
    people, player 1's. "" before any finished game. (`players` and `width` stay for callers.)
    """
    order = {level: n for n, level in enumerate(levels)}
    opponents = sorted((o for o in tallies if o != "human"), key=lambda o: (order.get(o, 99), o))
    parts = [f"{opponent} {_score(tallies[opponent])}" for opponent in opponents]
    people = tallies.get("human")
    if people:
        parts.append(f"two players {_score(people)}")
    if not parts:
        return ""
    drawn = any(tallies[o]["draws"] for o in tallies)
    return ("Won–lost–drawn: " if drawn else "Won–lost: ") + " · ".join(parts)


def _score(tally: dict[str, int]) -> str:
    score = f"{tally['wins']}–{tally['losses']}"
    return f"{score}–{tally['draws']}" if tally["draws"] else score
