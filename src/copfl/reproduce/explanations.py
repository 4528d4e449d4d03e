"""One line of *measured* explanation for a reproduced cell that differs from its paper: the
tuned reports (``copfl reproduce EXP --tune N``) print it beside the cell and flag every cell
whose tuned figure is more than 5 points from the paper's without one.

A maintainer adds a line here once it is measured (an ablation, a cap, a reading of the paper
run both ways; not a guess), keyed by ``(experiment, column, row)`` exactly as the report
prints them: the column of a sub-table is ``"GROUP / COLUMN"`` (``"CIFAR10 / M=10"``), the
row is the paper's row label. tests/test_reproduce_tuned.py checks that every key names a cell.
"""

from __future__ import annotations

EXPLANATIONS: dict[tuple[str, str, str], str] = {}


def explanation(experiment: str, column: str, row: str) -> str:
    """The explanation of a cell; empty when there is none."""
    return EXPLANATIONS.get((experiment, column, row), "")
