"""Online play: a game server (`gridgames server`), and clients that host or join a room.

`protocol` is the wire format, `store` the SQLite rooms, seats and moves, `room` one room's
rules-checked state, `rooms` the rooms in memory and their loading, `limits` what one address,
connection or room may cost, `server` the aiohttp application, `client` the reconnecting
connection, `follow` the room as a client sees it, `plain` the line-mode player, `address`
invites, `seats` the seat secrets kept on disk, `load` the load bench.
"""

#: The data folder's subfolder of kept seats (`seats`): named here so that the app can see there are
#: none without importing that module at start-up.
SEATS_FOLDER = "online"
