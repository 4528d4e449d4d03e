"""Tests of copfl.results: summaries, columns, relevance, plots, TensorBoard and MLflow logs."""
