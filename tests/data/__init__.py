"""Tests of copfl.data: sources, adapters, partitions, corruptions, downloads."""
