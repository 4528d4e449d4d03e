"""The bit-identity records (runs.py, metrics.json) and their test."""
