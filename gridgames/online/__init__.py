"""Online play: a game server (`gridgames server`), and clients that host or join a room.

`protocol` is the wire format, `store` the SQLite rooms, seats and moves, `room` one room's
rules-checked state, `server` the aiohttp application, `client` the reconnecting connection,
`plain` the line-mode player, `address` invites, `seats` the seat secrets kept on disk.
"""
