"""Tests of the data folder and record files on disk."""
