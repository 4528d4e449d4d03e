"""Tests of copfl.execution: run configs, run-folder integrity, clients on Ray workers."""
