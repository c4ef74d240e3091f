"""Hardening: random keys, clicks and resizes through the whole app, failing on any exception."""
