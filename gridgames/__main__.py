"""`python -m gridgames` is the `gridgames` command."""

from gridgames.cli import main

raise SystemExit(main())
