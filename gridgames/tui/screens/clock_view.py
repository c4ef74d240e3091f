"""The game screen's clocks: both players' time beside the board, redrawn ten times a second, and a
flag fall ending the game (the play layer's `GameClock` decides; this only shows and asks)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from gridgames.play.clocks import GameClock
from gridgames.tui.widgets.line import Line

if TYPE_CHECKING:
    from gridgames.play.session import PlaySession


class ClockView:
    """Mixed into the game screen, which has `session`, `setup`, `entry` and the `#clocks` line."""

    session: PlaySession
    setup: Any
    entry: Any

    def start_clock(self, saved: Any) -> None:
        """Show the clocks only under a time control; start the session's clock on the app's time source
        (a fake one in tests), from a resumed game's reading `saved`."""
        screen: Any = self
        screen.query_one("#clocks").display = self.setup.clock is not None
        if self.setup.clock is None:
            return
        now = getattr(screen.app, "now", time.monotonic)
        self.session.use_clock(GameClock(self.setup.clock, now, saved))
        screen.set_interval(0.1, self.tick)

    def tick(self) -> None:
        """Redraw both clocks; a flag fall ends the game (the computer stops thinking)."""
        screen: Any = self
        session = self.session
        if session.clock is None:
            return
        if session.timed_out is None and session.check_time() is not None:
            screen.workers.cancel_group(screen, "computer")
            screen._requested.clear()
            screen.changed(session.describe_outcome())
            return
        self.show_clocks()

    def show_clocks(self) -> None:
        """'▶ 0:09.4 ⚠ low  Player 1 (X)': the running clock by the arrow, its last ten seconds by the
        word (and the colour)."""
        clock = self.session.clock
        if clock is None:
            return
        faces = clock.faces()
        screen: Any = self
        line = screen.query_one("#clocks", Line)
        line.show("\n".join(face.label(self.entry.player(face.player)) for face in faces))
        line.set_class(any(face.low and face.running for face in faces), "-low")
