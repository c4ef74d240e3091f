"""The online screen's clocks: both players' time beside the board, redrawn ten times a second from the
room driver's count (`RoomDriver.clock_faces`, the server's last reading counted down on the app's time
source), the running clock marked by the arrow and its last ten seconds by the words `⚠ low` (and the
colour). The server alone ends a game on time; this only shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gridgames.tui.widgets.line import Line

if TYPE_CHECKING:
    from gridgames.online.room_driver import RoomDriver

#: Seconds between redraws of the clocks (tenths show in the last ten seconds).
TICK = 0.1


class OnlineClockView:
    """Mixed into the online screen, which has `room` and the `#clocks` line."""

    room: RoomDriver | None

    def start_room_clocks(self) -> None:
        screen: Any = self
        screen.query_one("#clocks").display = False  # shown once the room says it has a clock
        screen.set_interval(TICK, self.show_room_clocks)

    def show_room_clocks(self) -> None:
        """'▶ Player 1 (X) 0:09.4 ⚠ low' above the other player's clock; hidden without a clock."""
        screen: Any = self
        room = self.room
        faces = room.clock_faces() if room is not None else None
        line = screen.query_one("#clocks", Line)
        if faces is None or room is None or room.view is None:
            line.display = False
            return
        name = room.view.entry.player
        line.show("\n".join(face.label(name(face.player)) for face in faces))
        line.set_class(any(face.low and face.running for face in faces), "-low")
        line.display = True
