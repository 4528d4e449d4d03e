"""Tests of copfl.algorithms: each method's equations by hand and against plain torch."""
