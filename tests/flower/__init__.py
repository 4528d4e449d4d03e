"""Tests of copfl.flower: parity with copfl's engine, app templates, certificates."""
