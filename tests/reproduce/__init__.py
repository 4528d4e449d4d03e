"""Tests of copfl.reproduce, one file per module (test_<module>.py)."""
