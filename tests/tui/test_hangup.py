"""The app leaves once its terminal hangs up (a closed window under `make run`, whose make keeps the
process alive: it used to spin a core with no terminal). Here on a real pseudo-terminal."""

from __future__ import annotations

import os
import sys

import pytest

from gridgames.tui.hangup import terminal_gone

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminals or poll on Windows")


def test_a_live_terminal_is_not_gone_and_a_hung_up_one_is():
    main, side = os.openpty()
    try:
        assert not terminal_gone(side)
        os.write(main, b"typed")  # input waiting is not a hang-up either
        assert not terminal_gone(side)
        os.close(main)  # the window closes
        main = -1
        assert terminal_gone(side)
    finally:
        os.close(side)
        if main >= 0:
            os.close(main)
