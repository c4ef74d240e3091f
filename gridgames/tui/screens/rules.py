"""The rules pane: one variant's rules in the project's own words, the clarifications, and the keys."""

from __future__ import annotations

from importlib.resources import files

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Markdown

from gridgames.engine.entry import Entry
from gridgames.engine.options import Options
from gridgames.tui import house_rules
from gridgames.tui.closing import close_screen, settle_after_first_paint
from gridgames.tui.screens.dialog import Dialog
from gridgames.tui.widgets.keys_footer import KeysFooter
from gridgames.tui.widgets.too_small import TooSmall


def rules_markdown(entry: Entry) -> str:
    """The game's rules page (shipped in its package) followed by the keys page (`tui/rules/keys.md`)."""
    keys = (files("gridgames.tui") / "rules" / "keys.md").read_text(encoding="utf-8")
    return entry.rules_markdown() + "\n" + keys


class RulesScroll(VerticalScroll):
    """The scrolling rules text. Its focus changes only its own look (the scrollbar), so a focus
    change restyles it alone, not each of the many widgets of the Markdown inside (Textual's default)."""

    def watch_has_focus(self, has_focus: bool) -> None:
        self.app.stylesheet.update_nodes([self], animate=True)


class PageScreen(Dialog[None]):
    """A page of Markdown over the screen below, scrolled by keys and closed by Esc: the rules pane and
    the glossary."""

    BINDINGS = [
        Binding("escape,question_mark,f1,q", "close", "Close", key_display="esc"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="rules-pane", classes="dialog"):
            with RulesScroll(id="rules-scroll"):
                yield self.text()
        yield KeysFooter(show_command_palette=False)

    def text(self) -> Markdown:
        raise NotImplementedError

    def on_mount(self) -> None:
        settle_after_first_paint(self)
        self.query_one("#rules-scroll").focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#rules-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        # a second close queued behind the first must not close the screen below
        close_screen(self, lambda: self.dismiss(None))


class RulesScreen(PageScreen):
    """The rules of the game in play, and the keys."""

    def __init__(self, entry: Entry, options: Options | None = None) -> None:
        """`options`: the game being played, whose board size and house rules come first."""
        super().__init__()
        self.entry = entry
        self.options = options

    def text(self) -> Markdown:
        note = house_rules.rules_pane_note(self.entry, self.options) if self.options else ""
        return Markdown(note + rules_markdown(self.entry), id="rules-text")


class GlossaryScreen(PageScreen):
    """The glossary of the words the puzzles' explanations use (Grundy value, nim-sum, mirror, ...),
    reached from the puzzle screen's explanation."""

    def text(self) -> Markdown:
        from gridgames.puzzles import glossary

        return Markdown(glossary.markdown(), id="glossary-text")
