"""What one address, one connection and one room may cost the game server, and the counters that hold it.

A server on the open internet meets clients that join and leave in a loop, open thousands of
connections, or watch forever. Each of those is cheap alone and stalls everyone in bulk, so:

- every connection has a message rate (`Bucket`, a token bucket);
- every address has one bucket for its room traffic: a create or a join takes a token and a
  leave takes one too (a leave is never refused, it only runs the bucket into debt, so a loop of
  joins and leaves slows to the bucket's rate);
- every address has a ceiling on open connections, beside the server's ceiling for all;
- every room has a ceiling on watchers, and a watcher of a room where nothing has happened for
  `watcher_idle` seconds is let go;
- boards are at most `max_size`: what the app draws (9x9) unless the operator allows more.

Counts are per server process (per node), kept in memory and forgotten on restart.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

#: The largest board the app draws (its new-game panel offers 2 to 9 rows and columns).
APP_MAX_SIZE = (9, 9)


@dataclass
class Bucket:
    """A token bucket: `take()` is False when the sender is over its rate; `charge()` never refuses
    but may run the bucket into debt (down to minus its burst), which later takes must pay back."""

    rate: float
    burst: float
    tokens: float | None = None  # None: full, the first time it is used
    stamp: float = field(default_factory=time.monotonic)

    def _refill(self) -> float:
        now = time.monotonic()
        if self.tokens is None:
            self.tokens = self.burst
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens

    def take(self, count: float = 1, now: float | None = None) -> bool:
        """Take `count` tokens if there are that many (`now`: time.monotonic() read already). `_refill`
        written out: a server takes one for every message it reads."""
        if now is None:
            now = time.monotonic()
        tokens = self.tokens
        tokens = self.burst if tokens is None else min(self.burst, tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if tokens < count:
            self.tokens = tokens
            return False
        self.tokens = tokens - count
        return True

    def charge(self) -> None:
        self.tokens = max(-self.burst, self._refill() - 1)


@dataclass(frozen=True)
class Limits:
    """The server's ceilings; the defaults suit a server anyone on the internet can reach."""

    max_connections: int = 10_000
    per_address: int = 256  # open connections from one address
    room_ops_per_second: float = 16.0  # creates, joins and leaves per address, sustained
    room_ops_burst: float = 256.0  # ... and at once
    watchers_per_room: int = 200
    watcher_idle: float = 1800.0  # seconds without a change in the room or a word from the watcher
    max_size: tuple[int, int] = APP_MAX_SIZE
    max_addresses: int = 100_000  # addresses counted at once (more: the oldest counts are dropped)
    health_per_second: float = 5.0  # GET /health per address, sustained
    health_burst: float = 20.0  # ... and at once
    # a connection silent this long (nothing read, a pong included) is pinged, and closed when it stays
    # silent about as long again (the server's heartbeat; the app's clients ping after 10 s of silence)
    heartbeat: float = 20.0

    @classmethod
    def for_address_budget(cls, per_address: int, **changes: object) -> Limits:
        """Limits where one address may hold `per_address` connections and open as many rooms and
        joins at once (`gridgames server --per-address`; the load bench runs every bot from one)."""
        return cls(
            per_address=per_address, room_ops_burst=float(per_address),
            room_ops_per_second=max(1.0, per_address / 16), **changes,  # type: ignore[arg-type]
        )

    def size_refusal(self, rows: int, cols: int) -> str | None:
        """One sentence when a board of rows x cols is larger than this server hosts, else None."""
        most_rows, most_cols = self.max_size
        if rows <= most_rows and cols <= most_cols:
            return None
        return (
            f"This server hosts boards up to {most_rows}x{most_cols}, not {rows}x{cols}; "
            "its operator can allow larger ones with gridgames server --max-size."
        )


class AddressCounts:
    """Per address: open connections and a room-traffic bucket, in bounded memory."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: dict[str, int] = {}
        self.buckets: dict[str, Bucket] = {}
        self.health_buckets: dict[str, Bucket] = {}

    def connect(self, address: str) -> bool:
        """Count a new connection from `address`; False (not counted) when it already has its share."""
        count = self.open.get(address, 0)
        if count >= self.limits.per_address:
            return False
        self.open[address] = count + 1
        return True

    def disconnect(self, address: str) -> None:
        count = self.open.get(address, 0) - 1
        if count > 0:
            self.open[address] = count
        else:
            self.open.pop(address, None)

    def _bucket(self, address: str) -> Bucket:
        limits = self.limits
        return self._bucket_in(self.buckets, address, limits.room_ops_per_second, limits.room_ops_burst)

    def _bucket_in(self, buckets: dict[str, Bucket], address: str, rate: float, burst: float) -> Bucket:
        bucket = buckets.get(address)
        if bucket is None:
            if len(buckets) >= self.limits.max_addresses:  # drop the oldest half, not everyone
                for old in list(buckets)[: len(buckets) // 2]:
                    del buckets[old]
            bucket = Bucket(rate, burst)
            buckets[address] = bucket
        return bucket

    def health_check(self, address: str) -> bool:
        """A GET /health from `address`: False when it is over its rate."""
        limits = self.limits
        bucket = self._bucket_in(self.health_buckets, address, limits.health_per_second, limits.health_burst)
        return bucket.take()

    def room_op(self, address: str) -> bool:
        """A create or join from `address`: False when it is over its rate."""
        return self._bucket(address).take()

    def left_room(self, address: str) -> None:
        """A leave from `address`: never refused, but paid for."""
        self._bucket(address).charge()
