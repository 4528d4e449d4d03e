"""Tests of copfl.tuning: copfl tune's study, objective, search policy."""
