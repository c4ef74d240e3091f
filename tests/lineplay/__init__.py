"""Tests of line mode and match play."""
