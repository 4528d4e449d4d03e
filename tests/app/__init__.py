"""Tests of copfl.app: several seeds."""
