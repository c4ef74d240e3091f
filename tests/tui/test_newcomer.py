"""What a newcomer meets (issue 11): the keys each screen and dialog shows, the smallest promised
terminal (60x20) and a large one, and the small things in the wording."""

from __future__ import annotations

import random

from textual import events
from textual.color import Color

from gridgames.cli import build_parser
from gridgames.engine.game import Game
from gridgames.engine.options import Options
from gridgames.games import get_entry
from gridgames.play.narration import review_text
from gridgames.play.setup import Setup
from gridgames.tui.screens.game import GameScreen
from gridgames.tui.screens.new_game import NewGamePanel
from gridgames.tui.screens.select import SelectScreen
from gridgames.tui.widgets.keys_footer import KeysFooter
from tests.tui.helpers import card_results, make_app, screen_lines, shown_text
from tests.waiting import click, passes, repainted, screen_becomes, until

SMALL = (60, 20)


def footer_keys(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The keys the footer of the screen on top shows, as 'key description'."""
    return [key.label for key in app.screen.query_one(KeysFooter).shown()]


def words_on_screen(app) -> str:  # type: ignore[no-untyped-def]
    return " ".join(" ".join(screen_lines(app)).split())


def new_game(variant: str, rows: int, cols: int, *moves: str, **options: str) -> Game:
    entry = get_entry(variant)
    game = Game.new(entry, Options(rows, cols, "1", entry.resolve_options(options)), first_player=1)
    for move in moves:
        game = game.play(move)
    return game


async def open_game(app, pilot, game: Game, seats=("human", "human")) -> GameScreen:  # type: ignore[no-untyped-def]
    setup = app.choices.setup_for(game.entry)
    await repainted(pilot)  # as a person would: the screen on top is up before the game is asked for
    before = app.screen
    app.start_game(Setup(setup.variant, game.options, seats), game)
    await until(pilot, lambda: app.screen is not before, "the game to open")
    return await screen_becomes(pilot, GameScreen, "the game to open")


def finished_9x9() -> Game:
    """A whole rowcol game on 9x9 (random legal moves, fixed seed)."""
    rng = random.Random(7)
    game = new_game("rowcol", 9, 9)
    while not game.is_over:
        game = game.play(rng.choice(game.legal_moves()))
    return game


async def test_dialogs_show_their_own_keys_and_the_screens_show_palette_and_tab() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        first = ["⏎ Choose", "p Puzzles", "? Rules", "q Quit", "o Join online", "d Dashboard", "l Lobby",
                 "^p Commands"]
        await until(pilot, lambda: footer_keys(app) == first, "the first screen's keys")
        await pilot.press("enter")
        await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        panel_keys = ["⏎ Open list", "tab/↑↓ Move", "^s Start", "esc Cancel"]
        await until(pilot, lambda: footer_keys(app) == panel_keys, "the panel's keys")
        await pilot.press("ctrl+s")
        screen = await screen_becomes(pilot, GameScreen, "the game to start")
        game_keys = {"⏎ Play", "u Undo", "tab Log", "q Quit", "^p Commands"}
        await until(pilot, lambda: game_keys <= set(footer_keys(app)), "the game's keys")
        await pilot.press("tab")
        await until(pilot, lambda: {"tab Board", "⏎ Show"} <= set(footer_keys(app)), "the log's keys")
        await pilot.press("tab", "enter")  # back on the board: play, then ask to leave
        await until(pilot, lambda: screen.game.cursor == 1, "the move played")
        await pilot.press("escape")
        await until(pilot, lambda: footer_keys(app) == ["y Leave", "n/esc No"], "the question's keys")


async def test_a_click_on_a_footer_key_presses_it_and_a_greyed_out_one_rings_the_bell() -> None:
    """The footer draws its keys itself: a click finds the key under the pointer, which is highlighted
    while the pointer is on it."""
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        footer = app.screen.query_one(KeysFooter)
        await until(pilot, lambda: "? Rules" in footer_keys(app), "the footer's keys")
        rules = next(x for x in range(footer.size.width) if (k := footer.key_at(x)) and k.label == "? Rules")
        await pilot.hover(KeysFooter, offset=(rules, 0))
        await until(pilot, lambda: footer._hover == footer.key_at(rules), "the key under the pointer lit")
        assert footer.key_at(rules) is not None
        await click(pilot, KeysFooter, offset=(rules, 0))
        await until(pilot, lambda: type(app.screen).__name__ == "RulesScreen", "the rules")
        await pilot.press("escape")
        await screen_becomes(pilot, SelectScreen, "the first screen")
        await pilot.press("enter")  # a new game: nothing to undo yet, so Undo is greyed out
        await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        await pilot.press("ctrl+s")
        await screen_becomes(pilot, GameScreen, "the game to start")
        await until(pilot, lambda: "u Undo" in footer_keys(app), "the game's keys")
        footer = app.screen.query_one(KeysFooter)
        undo = next(k for k in footer.shown() if k.label == "u Undo")
        assert not undo.enabled
        x = next(x for x in range(footer.size.width) if footer.key_at(x) == undo)
        bells = []
        app.bell = lambda: bells.append(1)  # type: ignore[method-assign]
        await click(pilot, KeysFooter, offset=(x, 0))
        await until(pilot, lambda: bells == [1], "the bell")
        assert isinstance(app.screen, GameScreen) and app.screen.session.game.moves == ()


async def test_60x20_game_screen_shows_every_row_the_footer_and_whole_messages() -> None:
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_game(app, pilot, new_game("rowcol", 9, 9, "E5"))
        assert footer_keys(app)[:3] == ["? Rules", "⏎ Play", "tab Log"]  # by importance (issue 20)
        assert footer_keys(app)[-1] == "^p Commands"
        assert screen_lines(app)[-1].rstrip().endswith("^p Commands")
        await click(pilot, "#cell-0-0")  # refused: not in row E nor column 5
        await until(pilot, lambda: screen.message.startswith("✗"), "the refusal")
        refusal = " ".join(screen.message.split())
        assert len(refusal) > 60
        # wrapped, not cut
        await until(pilot, lambda: refusal in words_on_screen(app), "the whole refusal")
        await pilot.press("tab", "home", "enter")  # the start position, read-only
        await until(pilot, lambda: screen.viewing == 0, "the start position")
        await until(pilot, lambda: "t Play here" in footer_keys(app), "the key to play from there")
        await pilot.press("escape")
        await until(pilot, lambda: screen.viewing is None, "the live position")
        await repainted(pilot)
        await open_game(app, pilot, finished_9x9())  # the next game: a finished one

        def row_9_above_the_banner() -> None:
            banner = app.screen.query_one("#banner").region
            assert banner.height
            for col in range(9):
                cell = app.screen.query_one(f"#cell-8-{col}").region
                assert cell.height >= 1 and cell.bottom <= banner.y

        await passes(pilot, row_9_above_the_banner, "the board fitted above the banner")


async def test_60x20_picker_shows_its_help_and_whole_results() -> None:
    from gridgames.storage import Store

    finished = new_game("rowcol", 5, 5)
    for move in ("A2", "A3", "A4", "A5", "B5", "B1", "C1", "D1", "E1", "A1"):
        finished = finished.play(move)
    for level in ("easy", "medium", "perfect"):
        Store().record_game(finished, level, human_player=1)
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        help_line = "Pick a game with ↑/↓ and Enter, or a click. Whoever moves last wins."
        await until(pilot, lambda: help_line in words_on_screen(app), "the help")
        assert footer_keys(app)[-3:] == ["? Rules", "q Quit", "^p Commands"]
        await pilot.press("down", "down", "down")  # rowcol's card in view
        await until(pilot, lambda: app.screen.highlighted_entry.id == "rowcol", "rowcol's card")
        results = card_results(app, "rowcol")
        assert results
        await until(pilot, lambda: shown_text(app, "#variant-rowcol").endswith(results), "its whole results")


async def test_the_board_grows_on_a_large_terminal() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(app, pilot, new_game("rowcol", 9, 9))
        normal = app.screen.query_one("#cell-0-0").region.size
        await pilot.resize_terminal(200, 50)

        def grown() -> bool:
            large = app.screen.query_one("#cell-0-0").region.size
            return large.width > normal.width and large.height > normal.height

        await until(pilot, grown, "larger cells")


async def test_undo_says_when_there_is_nothing_more_to_undo() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, new_game("rowcol", 5, 5, "C3", "C1"))
        await pilot.press("u")
        await until(pilot, lambda: screen.message == "Took back 1 move.", "one move taken back")
        await pilot.press("u")
        said = "Took back 1 move (nothing more to undo)."
        await until(pilot, lambda: screen.message == said, "the last move taken back")
        await pilot.press("u")  # nothing happens, and the line already said so
        await pilot.pause()
        assert screen.game.cursor == 0 and screen.message == said


async def test_the_coin_toss_line_stays_when_the_computer_starts() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = None
        for seed in range(20):  # a seed whose toss the computer (Player 1) wins
            setup = Setup("rowcol", Options(5, 5, "toss"), ("easy", "human"))
            candidate = GameScreen(setup, rng=random.Random(seed))
            if candidate.game.first_player == 1:
                screen = candidate
                break
        assert screen is not None
        app.push_screen(screen)
        await until(pilot, lambda: screen.game.cursor == 1, "the computer's first move")
        await pilot.pause()
        assert screen.message.startswith("Coin toss:") and "starts" in screen.message


def test_the_review_names_one_move_or_several() -> None:
    assert review_text(frozenset({5})).startswith("Review: move 5 threw away a win")
    assert "Choose it in the log" in review_text(frozenset({5}))
    several = review_text(frozenset({5, 6, 9}))
    assert several.startswith("Review: moves 5, 6 and 9 threw away a win")
    assert "Choose one in the log" in several


def _contrast(a: Color, b: Color) -> float:
    def luminance(c: Color) -> float:
        def channel(v: int) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


async def test_the_highlighted_card_is_readable() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await screen_becomes(pilot, SelectScreen, "the first screen")
        card = app.screen.query_one("#variant-locked-duel")
        await until(pilot, lambda: card.highlighted, "the first card highlighted")
        for y, words in ((0, "Locked Grid Duel"), (1, "Mark a free cell")):  # the title and the summary
            segment = next(s for s in card.render_line(y) if words in s.text)
            style = segment.style
            ratio = _contrast(Color.from_rich_color(style.color), Color.from_rich_color(style.bgcolor))
            assert ratio >= 4.5, (y, ratio)


async def test_down_and_enter_typed_together_open_the_game_after_the_down() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        first = (await screen_becomes(pilot, SelectScreen, "the first screen")).highlighted_entry
        # both keys queued before either is handled, as when typed quickly
        app.post_message(events.Key("down", None))
        app.post_message(events.Key("enter", "\r"))
        panel = await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        assert panel.entry.id != first.id and panel.entry.id == "walls"


def test_a_record_named_like_a_subcommand_opens() -> None:
    args = build_parser(["--load", "play"]).parse_args(["--load", "play"])
    assert args.command is None and args.load == "play"


async def test_every_drop_down_list_opens_inside_the_new_game_dialog() -> None:
    from textual.widgets import Select

    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await screen_becomes(pilot, SelectScreen, "the first screen")
        await pilot.press("down", "enter")  # walls: its last list had no room below it
        panel = await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        await until(pilot, lambda: panel.query_one(".dialog").region.height, "the dialog laid out")
        dialog = panel.query_one(".dialog").region
        for select in panel.query(Select):
            await click(pilot, f"#{select.id}")
            overlay = select.query_one("SelectOverlay")
            await until(pilot, lambda overlay=overlay: app.focused is overlay and overlay.region.height,
                        f"the {select.id} list to open")
            assert overlay.region.bottom <= dialog.bottom, select.id
            await pilot.press("escape")
            await until(pilot, lambda select=select: not select.expanded, f"the {select.id} list to close")


async def test_every_unfinished_game_is_offered_first_and_where_its_game_is_chosen() -> None:
    from gridgames.storage import Store
    from gridgames.tui.screens.confirm import ConfirmScreen
    from gridgames.tui.screens.resume import ResumeScreen

    store = Store()
    walls = new_game("walls", 5, 5, "A1", "E5")
    for game in (walls, new_game("rowcol", 5, 5, "C3"), new_game("rowcol", 5, 5, "A1", "A2")):
        store.save_current(game, {}, slot=store.new_slot(game.entry.id))
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        offer = await screen_becomes(pilot, ResumeScreen, "the offer of every save")  # not only the newest
        assert offer.query_one("#saves").option_count == 3
        await pilot.press("escape")
        first = await screen_becomes(pilot, SelectScreen, "the first screen")
        await until(
            pilot, lambda: "▶ 2 unfinished games" in first.query_one("#variant-rowcol").render().plain,
            "rowcol's card to count its saves",
        )
        assert "▶ Unfinished: 5x5, 2 moves" in first.query_one("#variant-walls").render().plain
        await pilot.press("down", "enter")  # Grid Lock: its one save is offered
        question = await screen_becomes(pilot, ConfirmScreen, "the offer of Grid Lock's save")
        assert "Grid Lock" in question.question
        await pilot.press("n")  # a new game instead: the panel, and the save stays
        await screen_becomes(pilot, NewGamePanel, "the new-game panel")
        await pilot.press("escape")
        await screen_becomes(pilot, SelectScreen, "the first screen")
        await pilot.press("down", "down")
        await until(pilot, lambda: first.highlighted_entry.id == "rowcol", "rowcol's card")
        await pilot.press("enter")  # Gridlock (003): both its saves
        offer = await screen_becomes(pilot, ResumeScreen, "the offer of rowcol's saves")
        assert offer.query_one("#saves").option_count == 2
        await pilot.press("down", "enter")
        game = await screen_becomes(pilot, GameScreen, "the resumed game")
        # the older one: saves are listed newest first
        assert game.game.played == new_game("rowcol", 5, 5, "C3").played
    assert len(store.unfinished()) == 3


async def test_too_small_takes_the_keys_and_growing_back_gives_the_board_its_focus() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, new_game("rowcol", 5, 5, "C3", "C1"))
        board = screen.query_one("#board")
        await until(pilot, lambda: board.has_focus, "the board to have the focus")
        await pilot.resize_terminal(40, 12)
        await until(pilot, lambda: screen.query_one("TooSmall").display, "the too-small notice")
        await pilot.press("u", "n", "tab", "enter")  # none of them may act behind the notice
        await pilot.pause()
        assert screen.game.cursor == 2 and app.screen is screen
        await pilot.resize_terminal(100, 32)
        await until(pilot, lambda: board.has_focus, "the board to have the focus back")
        await pilot.press("left", "enter")  # the cursor works at once: C3's row is C, so C2 is legal
        await until(pilot, lambda: screen.game.cursor == 3, "C2 played")


async def test_playing_on_from_an_earlier_move_puts_the_focus_on_the_board() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, new_game("rowcol", 5, 5, "C3", "C1", "E1"))
        board = screen.query_one("#board")
        await pilot.press("tab", "home", "down", "enter", "t")  # by keys
        await until(pilot, lambda: screen.game.cursor == 1 and board.has_focus, "play on from move 1")
        await until(pilot, lambda: "⏎ Play" in footer_keys(app), "the board's keys")
        await pilot.press("left", "enter")  # C2, on the board (Enter used to re-select the log entry)
        await until(pilot, lambda: screen.game.cursor == 2, "C2 played")
        await click(pilot, "#log", offset=(3, 0))  # by mouse: the start position, then t
        await until(pilot, lambda: screen.viewing == 0, "the start position")
        await pilot.press("t")
        await until(pilot, lambda: screen.game.cursor == 0 and board.has_focus, "play on from the start")


async def test_the_rules_in_force_show_in_header_status_and_rules_pane() -> None:
    from textual.widgets import Markdown

    from gridgames.games import catalogue
    from gridgames.tui.house_rules import rules_pane_note
    from gridgames.tui.screens.rules import RulesScreen

    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        # every game on a board other than its book's: the size is in the header and the pane's note
        # (one function writes the note for every game, and every board screen's pane shows it: the
        # pane is opened for the last game here and for the house rule below, as Markdown is slow)
        for entry in catalogue():
            rows = 4 if entry.default_rows != 4 else 5
            game = new_game(entry.id, rows, rows)
            await open_game(app, pilot, game)
            assert (app.screen.title, app.screen.sub_title) == (entry.label, f"{rows}x{rows}")
            book = f"{entry.default_rows}x{entry.default_cols}"
            note = f"**In this game:** {rows}x{rows} board (the book's: {book})"
            assert rules_pane_note(entry, game.options).startswith(note)
        await pilot.press("question_mark")
        rules = await screen_becomes(pilot, RulesScreen, "the rules")
        assert rules.query_one("#rules-text", Markdown).source.startswith(note)
        await pilot.press("escape")
        await screen_becomes(pilot, GameScreen, "the game again")
        # noneighbour's house rule, in all three places
        screen = await open_game(app, pilot, new_game("noneighbour", 4, 4, "(1,1)", adjacency="orthogonal"))
        assert screen.title == "GridLock (rule book 004)"
        assert screen.sub_title == "4x4, house rule: orthogonal only"
        status = screen.query_one("#status").render().plain
        assert "not side by side with (1,1) (diagonally is allowed)" in status
        await pilot.press("question_mark")
        rules = await screen_becomes(pilot, RulesScreen, "the rules")
        first = rules.query_one("#rules-text", Markdown).source.splitlines()[0]
        assert first == (
            "**In this game:** 4x4 board (the book's: 3x3); "
            "house rule: only side by side counts as touching, diagonals do not."
        )


async def test_gridlock_002_speaks_its_own_words_and_symbols() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_game(app, pilot, new_game("blocking", 5, 5, "(3,3)"))
        cells = [str(c.render()).strip() for c in screen.query(".cell")]
        assert cells.count("_") == 20 and "•" not in cells  # the book's empty symbol
        assert cells.count("#") == 4
        legend = screen.query_one("#legend").render().plain
        assert legend.startswith("_ free  # blocked")
        assert "to place: any _ cell" in screen.query_one("#status").render().plain
        await click(pilot, "#cell-1-2")  # (2,3): blocked by the first marker
        said = "✗ (2,3) is blocked: it is next to a marked cell, and blocked cells stay blocked."
        await until(pilot, lambda: screen.message == said, "the reason it is blocked")
