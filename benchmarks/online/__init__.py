"""`make bench-online`: bots over loopback against `gridgames server` (`load`), the attacks beside them
(`attacks`), and a cluster of servers over a throwaway PostgreSQL (`cluster`)."""
