"""Tests of copfl.core: models, parameters, FLOP counts, the workspace."""
