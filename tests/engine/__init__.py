"""Tests of copfl.engine: the round loop, its collaborators, evaluation, checkpoints."""
