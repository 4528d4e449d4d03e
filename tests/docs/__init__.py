"""What the README, docs/ and examples/ show runs as written (their commands, examples, the API reference)."""
