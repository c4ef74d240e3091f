"""Tests of the scriptable subcommands (each folder a package, so test file names may repeat)."""
