"""Tests of copfl.commands through copfl.cli: run, compare, partition, datasets, resume, help."""
