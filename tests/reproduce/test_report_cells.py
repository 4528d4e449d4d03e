"""copfl.reproduce.report_cells: a cell as printed, the rank correlation and rankings with ties."""

import pytest

from copfl.reproduce.report_cells import format_cell, rank_correlation, rankings


def test_report_cells_and_rank_correlation():
    assert format_cell({"status": "unavailable", "paper": 65.4}, 1) == "n/a / 65.40"
    assert format_cell({"status": "pending", "paper": None}, 1) == "not run yet"
    assert format_cell({"status": "partial", "ours": 50.0, "ours_std": 0.0, "paper": 40.0, "diff": 10.0}, 1) == "50.00* / 40.00 (+10.00)"
    assert format_cell({"status": "diverged", "paper": None, "diverged_round": 7}, 1) == "diverged (round 7)"
    assert format_cell({"status": "diverged", "paper": 40.0}, 1) == "diverged / 40.00"
    assert rank_correlation([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert rank_correlation([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # ranks (1, 2, 3) vs (1, 3, 2): rho = 1 - 6 * 2 / (3 * 8) = 0.5
    assert rank_correlation([1, 2, 3], [1, 3, 2]) == pytest.approx(0.5)
    # a tie takes the average rank: (1, 2.5, 2.5, 4) vs (1, 2, 3, 4): cov 4.5 / sqrt(4.5 * 5) = 3 / sqrt(10)
    assert rank_correlation([1, 2, 2, 3], [1, 2, 3, 4]) == pytest.approx(3 / 10 ** 0.5)
    assert rank_correlation([5, 5, 5], [1, 2, 3]) is None and rank_correlation([1, 2], [1, 2]) is None  # no spread; 2 pairs


def test_rankings_print_ties_as_ties():
    """Equal figures (as printed, two decimals) are joined by '=', not ordered arbitrarily."""
    cells = [
        {"row": "FedAvg", "col": "c", "ours": 70.7477, "paper": 88.73},
        {"row": "w/o DPAO", "col": "c", "ours": 82.1825, "paper": 95.16},
        {"row": "DPAO-PFL", "col": "c", "ours": 82.1838, "paper": 98.12},
    ]
    (rk,) = rankings(cells)
    assert rk["ours"] == ["DPAO-PFL", "w/o DPAO", "FedAvg"]
    assert rk["ours_order"] == "DPAO-PFL = w/o DPAO > FedAvg"
    assert rk["paper_order"] == "DPAO-PFL > w/o DPAO > FedAvg"
