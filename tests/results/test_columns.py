"""The one list of result columns (issue 79, part 5): each column reads its figure from a
summary.json and writes it as checked by hand, and every table of results is built from it."""

from __future__ import annotations

import pytest

from copfl.results.columns import BY_KEY, COLUMNS, COMPARE_TABLE, RUN_TABLE, SEEDS_TABLE, Column, columns, seed_figures
from copfl.results.summary import compare_table
from copfl.app.multiseed import FIGURES, aggregate_seeds, seeds_table
from copfl.results.summary import runs_table, table_markdown

SUMMARY = {
    "algorithm": "fedavg", "dataset": "digits", "status": "completed", "rounds_completed": 5,
    "final": {"acc_mean": 0.8123, "acc_weighted": 0.8, "acc_std": 0.1, "acc_worst10": 0.5, "acc_min": 0.4, "train_loss": 0.31234, "round": 5},
    "best": {"acc_mean": 0.85, "round": 3},
    "communication": {"bytes_up_total": 1_500_000, "bytes_down_total": 2_000_000},
    "timing": {"seconds_total": 12.34},
}


def test_each_column_reads_and_writes_its_figure_by_hand():
    got = {c.key: c.get(SUMMARY) for c in COLUMNS}
    assert got["final"] == 0.8123 and got["best_round"] == 3 and got["rounds"] == 5 and got["algorithm"] == "fedavg"
    assert got["bytes"] == 3_500_000 and got["seconds"] == 12.34
    assert got["selected"] is None and got["unseen_gap"] is None and got["attacker_weight"] is None  # sections the run has not
    assert BY_KEY["seconds"].get({"timing": {"seconds": 7.0}}) == 7.0  # a summary written before seconds_total
    texts = {k: BY_KEY[k].text(v) for k, v in (("final", 0.8123), ("unseen_gap", -0.0312), ("train_loss", 0.31234), ("bytes", 3_500_000),
                                                ("seconds", 12.34), ("attacker_weight", 0.12345), ("best_round", 3), ("selected", None))}
    assert texts == {"final": "81.23%", "unseen_gap": "-3.12", "train_loss": "0.3123", "bytes": "3.50 MB", "seconds": "12.3",
                     "attacker_weight": "0.123", "best_round": "3", "selected": "-"}
    assert BY_KEY["final"].spread_text({"mean": 0.5, "std": 0.0125, "n": 2}) == "50.00 ± 1.25"


def test_the_tables_and_the_seed_figures_come_from_the_one_list():
    assert FIGURES == seed_figures() == tuple((c.section, c.field) for c in COLUMNS if c.aggregated)
    assert ("final", "acc_mean") == FIGURES[0] and ("unseen", "gap") in FIGURES
    header, rows = runs_table([("a", SUMMARY)], sort="final")
    assert header == ["run", *(c.header for c in RUN_TABLE)] and rows[0][1:] == [c.get(SUMMARY) for c in RUN_TABLE]
    md = table_markdown(header, rows)
    assert "| a | fedavg | digits | completed | 5 | 81.23% | 85.00% | - | 50.00% | - | 3.50 MB | 12.3 |" in md
    with pytest.raises(ValueError, match="--sort 'nope': expected one of algorithm, dataset"):
        runs_table([("a", SUMMARY)], sort="nope")
    # compare: the optional columns only when a run has them
    plain = compare_table({"fedavg": SUMMARY})
    assert plain.splitlines()[0] == "| algorithm | final acc | final acc (sample-weighted) | best-test acc | best round | worst 10% | train loss | status |"
    attacked = compare_table({"fedavg": {**SUMMARY, "attack": {"attacker_weight_mean": 0.25}}, "local": SUMMARY})
    assert "| weight on attackers |" in attacked and attacked.splitlines()[2].endswith("| 50.00% | 0.250 | 0.3123 | completed |")
    assert attacked.splitlines()[3].endswith("| 50.00% | - | 0.3123 | completed |")
    assert {c.key for c in COMPARE_TABLE} >= {"final", "best", "attacker_weight"}
    agg = aggregate_seeds([SUMMARY, {**SUMMARY, "final": {**SUMMARY["final"], "acc_mean": 0.7123}}])
    table = seeds_table({"fedavg": (agg, 3, "completed")})
    assert table.splitlines()[0] == "| algorithm | seeds | " + " | ".join(f"{c.header} ({'points' if c.kind == 'points' else '%'})" for c in SEEDS_TABLE) + " | status |"
    assert "| fedavg | 2/3 | 76.23 ± 7.07 | 85.00 ± 0.00 | - | 50.00 ± 0.00 | - | completed |" in table


def test_an_unknown_column_or_kind_is_named():
    with pytest.raises(ValueError, match="unknown result column 'finale'"):
        columns("final", "finale")
    with pytest.raises(ValueError, match="column 'x': kind 'money'"):
        Column("x", "x", None, "x", "money")
