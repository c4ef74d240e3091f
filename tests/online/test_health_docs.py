"""docs/servers.md shows the /health answer with the protocol version servers really answer."""

from __future__ import annotations

import re
from pathlib import Path

from gridgames.online import protocol

DOCS = Path(__file__).resolve().parents[2] / "docs" / "servers.md"


def test_the_documented_health_answer_names_the_protocol_servers_speak():
    documented = re.findall(r'"protocol": (\d+)', DOCS.read_text(encoding="utf-8"))
    assert documented and all(int(number) == protocol.VERSION for number in documented), documented
