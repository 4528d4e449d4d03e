"""Tests of copfl.extensions: attacks, robust aggregation, differential privacy, unreliable clients."""
