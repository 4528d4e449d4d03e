"""copfl.reproduce.cell_results: a cell's figures read from its runs' folders (the rate kept, diverged
seeds, rounds to milestones, attacker-rounds)."""

import json

import pytest

from copfl.reproduce.experiments import experiment_cells
from copfl.reproduce.plan import plan_runs
from copfl.reproduce.report_cells import format_cell
from copfl.reproduce.cell_results import collect


def test_tuning_keeps_the_rate_with_the_best_mean_over_seeds(tmp_path):
    _, cells = experiment_cells("table2", tune=True)
    cell = next(c for c in cells if c.algorithm == "fedavg" and c.setting.key == "cifar10-10")
    runs, of_cell = plan_runs([cell], "cpu", 2, tmp_path, None, None, None, False)
    finals = {(1e-2, 0): 0.50, (1e-2, 1): 0.70, (1e-3, 0): 0.62, (1e-3, 1): 0.64, (1e-4, 0): 0.2, (1e-4, 1): 0.2}
    for r in runs:
        r.folder.mkdir(parents=True)
        acc = finals[(r.lr, r.seed)]
        fin = {"round": 100, "acc_mean": acc, "acc_weighted": acc, "train_loss": 0.1}
        summary = {"status": "completed", "final": fin, "best": {**fin, "acc_mean": acc + 0.01, "round": 50}}
        (r.folder / "summary.json").write_text(json.dumps(summary))
    (doc,) = collect([cell], of_cell, {})
    # means: 1e-2 -> 60, 1e-3 -> 63, 1e-4 -> 20; std of 62, 64 = sqrt(2)
    assert doc["chosen_lr"] == 1e-3 and doc["status"] == "done"
    assert doc["ours"] == pytest.approx(63.0) and doc["ours_std"] == pytest.approx(2**0.5)
    assert doc["diff"] == pytest.approx(63.0 - 62.45) and doc["ours_best_round"] == pytest.approx(64.0)
    assert format_cell(doc, seeds=2) == "63.00 ± 1.41 / 62.45 (+0.55)"
    # a diverged seed is left out of the mean and named; every run diverged: the cell says so,
    # with the earliest round that gave a non-finite loss
    r = next(r for r in runs if (r.lr, r.seed) == (1e-3, 1))
    (r.folder / "summary.json").write_text(json.dumps({"status": "diverged", "rounds_completed": 3, "final": fin, "best": fin}))
    (doc,) = collect([cell], of_cell, {})
    assert doc["status"] == "done" and doc["chosen_lr"] == 1e-3 and doc["ours"] == pytest.approx(62.0) and doc["seeds"] == 1
    assert format_cell(doc, seeds=2) == "62.00 ± 0.00 (1 diverged) / 62.45 (-0.45)"
    for r in runs:
        rounds = 7 + 3 * r.seed + int(r.lr == 1e-4)
        (r.folder / "summary.json").write_text(json.dumps({"status": "diverged", "rounds_completed": rounds, "final": fin, "best": fin}))
    (doc,) = collect([cell], of_cell, {})
    assert doc["status"] == "diverged" and doc["diverged_round"] == 8 and "ours" not in doc
    assert format_cell(doc, seeds=2) == "diverged (round 8) / 62.45"


def test_attacker_rounds_without_an_update_are_counted(tmp_path):
    from copfl.reproduce.report_sections import robustness_sections
    from copfl.reproduce.cell_results import attackers_diverged

    (tmp_path / "metrics.jsonl").write_text("\n".join(json.dumps(r) for r in ({"round": 1}, {"round": 2, "attackers_diverged": 2}, {"round": 3, "attackers_diverged": 1})))
    assert attackers_diverged(tmp_path, {"attack": {"kind": "scale"}}) == 3  # older summaries: from the metrics
    assert attackers_diverged(tmp_path, {"attack": {"kind": "scale", "attackers_diverged": 5}}) == 5
    cell = {"row": "FedAMP", "col": "scale 30%", "status": "done", "ours": 70.0, "attackers_diverged": 288.0, "lrs": {}}
    md = "\n".join(robustness_sections([{"row": "FedAMP", "col": "no attack", "status": "done", "ours": 65.0, "lrs": {}}, cell]))
    assert "## Attacker-rounds without an update of their own" in md and "| FedAMP | - | 288 |" in md
    assert "Attacker-rounds" not in "\n".join(robustness_sections([{**cell, "attackers_diverged": 0.0}]))


def test_rounds_to_milestones_from_the_metrics(tmp_path):
    from copfl.reproduce.cell_results import rounds_to

    (tmp_path / "metrics.jsonl").write_text("\n".join(json.dumps(r) for r in [
        {"round": 1, "acc_mean": 0.5}, {"round": 2, "train_loss": 1.0}, {"round": 3, "acc_mean": 0.85}, {"round": 4, "acc_mean": 0.7}]))  # fmt: skip
    assert rounds_to(tmp_path, (60.0, 80.0, 90.0)) == [3, 3, None]
    assert rounds_to(tmp_path / "missing", (60.0,)) == [None]
