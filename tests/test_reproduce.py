"""`copfl reproduce`: the paper's numbers as data, cells, tuning, the report, resuming."""

import json
import pickle
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch

from copfl.cli import main
from copfl.execution.config import RunConfig
from copfl.reproduce import paper
from copfl.reproduce.estimate import RUN_SECONDS, estimate_seconds, format_duration, run_seconds
from copfl.reproduce.experiments import EXPERIMENTS, added_cells, experiment_cells
from copfl.reproduce.cells import paper_setting, scale_samples
from copfl.reproduce.plan import plan_runs, run_identity
from copfl.reproduce.report_cells import format_cell, rank_correlation, rankings
from copfl.reproduce.cell_results import collect

ROOT = Path(__file__).resolve().parent.parent


def write_balanced_cifar(root, per_class=50, seed=0):
    """cifar-10-batches-py with ``per_class`` training and test images of each class."""
    d = root / "cifar-10-batches-py"
    d.mkdir(parents=True)
    rng = np.random.default_rng(seed)
    labels = np.repeat(np.arange(10), per_class)
    for name, count in [(f"data_batch_{k}", 5) for k in range(1, 6)] + [("test_batch", 1)]:
        ys = labels if name == "test_batch" else labels[name[-1] == "1" and slice(None) or slice(0, 0)]
        base = (ys * 25).astype(np.uint8)[:, None]
        data = np.clip(rng.normal(base, 20, (len(ys), 3072)), 0, 255).astype(np.uint8)
        (d / name).write_bytes(pickle.dumps({b"data": data, b"labels": [int(v) for v in ys]}))
    return root


def write_letters_femnist(root, per_letter):
    """femnist.npz with ``per_letter`` random images of each letter a-j (a third of them test
    images) over 7 writers."""
    rng = np.random.default_rng(0)
    y = np.repeat(np.arange(36, 46), per_letter)
    n = len(y)
    np.savez(root / "femnist.npz", x=rng.integers(0, 256, (n, 28, 28), dtype=np.uint8), y=y, writer=np.arange(n) % 7,
             is_test=np.arange(n) % 3 == 0, writers=np.array([f"w{i}" for i in range(7)]))  # fmt: skip


# ----------------------------------------------------------------------------- paper data
def test_paper_tables_have_every_cell():
    assert set(paper.TABLE2) == set(paper.ALGORITHM_ROWS)
    assert all(len(v) == len(paper.TABLE2_COLUMNS) == 8 for v in paper.TABLE2.values())
    assert paper.TABLE2["CO-PFL"][0] == 82.86 and paper.TABLE2["FedAvg"][3] == 14.00
    assert paper.DATASIZE["cifar10c"]["FedPAC"] == [64.45, 76.40, 77.26, 83.00]
    # the COWA ablation's "both" row is Table II's CO-PFL few-client figure
    assert paper.TABLE3["cifar10"]["both"] == paper.TABLE2["CO-PFL"][0]
    assert paper.TABLE3["cifar10c"]["both"] == paper.TABLE2["CO-PFL"][2]
    # p x gamma: a dash exactly where p > gamma; the best cells are the paper's headline figures
    for grid in paper.PGAMMA.values():
        for i, p in enumerate(paper.P_VALUES):
            for j, g in enumerate(paper.GAMMA_VALUES):
                assert (grid[i][j] is None) == (p > g)
    assert paper.PGAMMA["cifar10"][3][2] == 82.86 and paper.PGAMMA["cifar10c"][2][2] == 79.42


def test_cells_follow_the_papers_protocol():
    exp, cells = experiment_cells("table2", tune=True)
    assert len(cells) == 64 and exp.kind == "table"
    mini = [c for c in cells if c.setting.dataset == "miniimagenet"]
    assert {c.setting.classes_per_client for c in mini} == {10}
    co = next(c for c in cells if c.algorithm == "co-pfl" and c.setting.key == "cifar10c-10")
    assert dict(co.options) == {"p": 0.15, "gamma": 0.5} and co.lrs == (1e-4, 1e-5) and co.paper == 79.42
    fa = next(c for c in cells if c.algorithm == "fedavg" and c.setting.key == "cifar10-50")
    assert fa.lrs == (1e-2, 1e-3, 1e-4) and fa.paper == 70.32
    # without tuning: one rate, the algorithm's default; the ablation fixes 1e-4 either way
    _, untuned = experiment_cells("table2", tune=False)
    assert all(c.lrs == (None,) for c in untuned)
    _, t3 = experiment_cells("table3", tune=True)
    assert {c.lrs for c in t3} == {(1e-4,)}
    assert {dict(c.options)["score"] for c in t3} == {"uniform", "pred", "grad", "both"}
    _, pg = experiment_cells("pgamma", tune=False)
    assert len(pg) == 2 * 18  # 24 grid points minus the 6 with p > gamma, two data sets
    _, ds = experiment_cells("datasize", tune=False)
    assert sorted({c.setting.samples_per_class for c in ds}) == [10, 50, 100, 200]
    assert scale_samples("smoke", 50, 100) == (5, 4) and scale_samples("cpu", 50, 100) == (50, 100)


def test_run_identity_is_shared_and_stable(tmp_path):
    _, t2 = experiment_cells("table2", tune=True)
    _, t3 = experiment_cells("table3", tune=True)
    col = lambda cs: [c for c in cs if c.setting.key == "cifar10-10"]  # noqa: E731
    r2, _ = plan_runs(col(t2), "cpu", 1, tmp_path, None, None, None, False)
    r3, _ = plan_runs(col(t3), "cpu", 1, tmp_path, None, None, None, False)
    # Table III's "both" row at lr 1e-4 is the same run as Table II's CO-PFL at 1e-4
    assert len({r.folder for r in r2} & {r.folder for r in r3}) == 1
    cfg = RunConfig(algorithm="fedavg", dataset="cifar10", rounds=5)
    assert run_identity(cfg) == run_identity(RunConfig(algorithm="fedavg", dataset="cifar10", rounds=5, out="x", threads=2))
    assert run_identity(cfg) != run_identity(RunConfig(algorithm="fedavg", dataset="cifar10", rounds=6))


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


def test_test_set_resolution_by_hand():
    from copfl.reproduce.report_sections import resolution, resolution_section

    r = resolution([24, 23, 25, 22])  # the partial FEMNIST's 4 writers
    assert (r["clients"], r["min"], r["max"], r["total"]) == (4, 22, 25, 94)
    assert r["client_points_min"] == pytest.approx(4.0) and r["client_points_max"] == pytest.approx(100 / 22)
    assert r["mean_points_min"] == pytest.approx(1.0) and r["mean_points_max"] == pytest.approx(100 / 88)
    cells = [{"col": "E=1", "test_counts": [24, 23, 25, 22]}, {"col": "E=5", "test_counts": [24, 23, 25, 22]},
             {"col": "MNIST", "test_counts": [200] * 10}, {"col": "E=1", "test_counts": None},
             {"group": "CIFAR-10", "col": "M=10", "test_counts": [100] * 2}, {"group": "CINIC-10", "col": "M=10", "test_counts": [50] * 2}]
    assert resolution_section(cells) == [
        "## Test samples behind each column", "",
        "- E=1; E=5: 4 clients with 22-25 test samples each (94 in all): one test sample is 4.00-4.55 points of a "
        "client's accuracy and 1.00-1.14 points of the mean over clients.",
        "- MNIST: 10 clients with 200 test samples each (2000 in all): one test sample is 0.50 points of a client's "
        "accuracy and 0.05 points of the mean over clients.",
        "- M=10 (CIFAR-10): 2 clients with 100 test samples each (200 in all): one test sample is 1.00 points of a client's "
        "accuracy and 0.50 points of the mean over clients.",
        "- M=10 (CINIC-10): 2 clients with 50 test samples each (100 in all): one test sample is 2.00 points of a client's "
        "accuracy and 1.00 points of the mean over clients.",
        "",
    ]


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


def test_miniimagenet_subset_cannot_hold_the_protocol():
    # 20 clients x 10 classes x 50 samples needs 100 training images per class
    st = paper_setting("miniimagenet", 20)
    assert st.classes_per_client == 10 and st.clients * st.classes_per_client * st.samples_per_class // 100 == 100


def test_smoke_scale_is_small(tmp_path):
    """Smoke runs every cell of every experiment through the same runs and report as the other
    scales, with small settings: 2 rounds, the tiny model, a tenth of the samples, no tuning."""
    from copfl.core.models import ModelSpec, build_model

    for name in EXPERIMENTS:
        _, cells = experiment_cells(name, tune=False)
        runs, of_cell = plan_runs(cells, "smoke", 1, tmp_path, None, None, None, False)
        # every cell has its runs (cells with one setting share them: dpao-hparams' defaults), but
        # one that takes another column's figures (robustness: Local under attack)
        assert set(of_cell) == {c for c in cells if c.same_as is None}
        for r in runs:
            c, st = r.cfg, r.cell.setting
            # a protocol (pFedSV, DPAO-PFL) or a reading may set its epochs and participation; not the model or rounds
            protocol = {**dict(st.run), **dict(r.cell.run_options)}
            epochs, fraction = protocol.get("local_epochs", 1), protocol.get("client_fraction", 1.0)
            assert (c.rounds, c.model, c.local_epochs, c.client_fraction) == (2, "tiny", epochs, fraction)
            assert c.clients == st.clients and c.classes_per_client == st.classes_per_client
            if st.partition == "label-skew":
                assert c.clients <= 50 or st.name  # the DPAO-PFL settings: their own client counts
                assert c.samples_per_class == max(1, st.samples_per_class // 10) <= 20 and c.test_samples_per_class == 4
            else:  # a whole data set split: tiny caps per client
                assert (c.train_per_client, c.test_per_client) == (20, 8)
        # the whole experiment (every column, data cached) in about a minute on 2 cores. pFedSV's
        # tables are the dearest (54 and 68 s) since the estimate counts its Shapley values at the
        # CNN's measured cost per forward pass, which over-counts the tiny model's (0.81 ms an
        # evaluation estimated, 0.34 ms measured); table1's two Fashion-MNIST columns, 26 runs,
        # estimated 17 s, took 20 s beside another job
        assert estimate_seconds(r.cfg for r in runs) < 75, name
    for shape, classes in (((3, 32, 32), 10), ((3, 84, 84), 100), ((1, 28, 28), 62)):
        model = build_model("tiny", ModelSpec(shape, classes))
        assert sum(p.numel() for p in model.parameters()) < 3000  # whatever the image size
        assert model(torch.zeros(2, *shape)).shape == (2, classes)
    # the other scales keep their definitions
    _, cells = experiment_cells("table2", tune=True)
    cpu, _ = plan_runs(cells[:8], "cpu", 1, tmp_path, None, None, None, False)
    paper_runs, _ = plan_runs(cells[:8], "paper", 1, tmp_path, None, None, None, False)
    assert {(r.cfg.model, r.cfg.rounds, r.cfg.samples_per_class, r.cfg.test_samples_per_class) for r in cpu} == {("cnn", 100, 50, 100)}
    assert {(r.cfg.model, r.cfg.resnet_stem, r.cfg.rounds) for r in paper_runs} == {("resnet18", "imagenet", 200)}
    # the cost model: a cpu-scale column is hours, not seconds; the paper's ResNet-18 far more
    cpu_col = sum(run_seconds(r.cfg) for r in cpu)
    assert 20 * 60 < cpu_col < 3 * 3600 and sum(run_seconds(r.cfg) for r in paper_runs) > 5 * cpu_col
    assert [format_duration(s) for s in (0.2, 25, 600, 7200, 10 * 86400)] == ["1 s", "25 s", "10 min", "2 h", "10 days"]


def test_dry_run_names_missing_data_and_expected_times(tmp_path, monkeypatch, capsys):
    import copfl.data.sources.registry as sources
    import copfl.reproduce.runner as runner

    def no_loading(*args, **kwargs):
        raise AssertionError("a dry run loads no data")

    monkeypatch.setattr(runner, "build_federation", no_loading)
    monkeypatch.setattr(sources, "load_dataset", no_loading)
    empty = tmp_path / "empty"
    empty.mkdir()
    out = tmp_path / "rep"
    base = ["reproduce", "table2", "--dry-run", "--out", str(out)]
    assert main([*base, "--data-dir", str(empty)]) == 0
    text = capsys.readouterr().out
    assert "cinic10       MISSING  columns cinic10-20, cinic10-50 will be skipped" in text
    assert f"looked for: {empty / 'CINIC-10'}, {empty / 'cinic10'}, {empty / 'CINIC-10.zip'}" in text
    assert str(empty / "cifar-10-python.tar.gz") in text and "to obtain it: download CINIC-10.tar.gz" in text
    assert "cifar10c      MISSING  columns cifar10c-10, cifar10c-50 will be skipped" in text
    for scale in ("smoke", "cpu", "paper"):  # an expected-time line per scale, here with nothing to run
        assert re.search(rf"^  {scale} +0 runs to do \(.*; (64|184) more on missing data, skipped\): nothing to run", text, re.M), scale
    # with CIFAR-10 there: its columns are found, the others skipped, and each scale has its time
    data = write_balanced_cifar(tmp_path / "data")
    assert main([*base, "--data-dir", str(data), "--scale", "smoke"]) == 0
    text = capsys.readouterr().out
    assert f"cifar10       found    {data / 'cifar-10-batches-py'} (not cached yet" in text
    assert "miniimagenet  MISSING  columns miniimagenet-20, miniimagenet-50 will be skipped" in text
    assert "expected time on a 2-core CPU (an estimate" in text
    assert re.search(r"^  smoke +32 runs to do \(one rate per cell; 32 more on missing data, skipped\): about \d+ s  <- this command$", text, re.M)
    assert re.search(r"^  cpu +92 runs to do \(lr grid; 92 more on missing data, skipped\): about \d+ (h|days)$", text, re.M)
    assert re.search(r"^  paper +92 runs to do .*: about \d+ days: more than a day on this CPU: the paper scale needs a GPU$", text, re.M)
    assert re.search(r"^ +per column: cifar10-10 \d+ s, cifar10-50 \d+ s, cifar10c-10 \d+ s, cifar10c-50 \d+ s$", text, re.M)
    assert not out.exists()  # a dry run writes nothing


# ----------------------------------------------------------------------------- end to end
@pytest.mark.real_plots  # checks that its figure was drawn
def test_table2_smoke_reports_and_resumes(tmp_path, capsys):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    args = ["reproduce", "table2", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--threads", "1"]
    assert main(args) == 0
    doc = json.loads((out / "table2.json").read_text())
    cells = {(c["setting"], c["algorithm"]): c for c in doc["cells"]}
    assert len(cells) == 64
    for key in ("cifar10-10", "cifar10-50", "cifar10c-10", "cifar10c-50"):
        for alg in paper.ALGORITHM_ROWS.values():
            c = cells[(key, alg)]
            assert c["status"] == "done" and 0.0 <= c["ours"] <= 100.0
            assert c["diff"] == pytest.approx(c["ours"] - c["paper"])
    for key in ("cinic10-20", "cinic10-50", "miniimagenet-20", "miniimagenet-50"):
        assert cells[(key, "co-pfl")]["status"] == "unavailable"
        assert "not found" in doc["unavailable"][key]
    md = (out / "table2.md").read_text()
    assert "n/a / 65.40" in md and "`cinic10-20`: data not found" in md and "![table2.png](table2.png)" in md
    assert (out / "table2.png").stat().st_size > 1000
    runs = sorted((out / "runs").iterdir())
    assert len(runs) == 32
    stamps = {p.name: (p / "summary.json").stat().st_mtime_ns for p in runs}
    capsys.readouterr()
    # again: nothing is recomputed, the report is the same
    assert main(args) == 0
    assert "64 runs, 32 already finished" in capsys.readouterr().out  # the 32 left have no data
    assert {p.name: (p / "summary.json").stat().st_mtime_ns for p in runs} == stamps
    again = json.loads((out / "table2.json").read_text())
    assert [c.get("ours") for c in again["cells"]] == [c.get("ours") for c in doc["cells"]]


def test_claim_run_is_exclusive_and_freed(tmp_path):
    from copfl.reproduce.runner import claim_run

    folder = tmp_path / "runs" / "a"
    with claim_run(folder) as first:
        assert first is True
        assert (tmp_path / ".claims" / "a").read_text().strip().isdigit()  # the holder's pid
        assert not folder.exists()  # run folders exist only for runs that started
        with claim_run(folder) as second:  # another open file: flock refuses it, as it would another process
            assert second is False
    with claim_run(folder) as again:  # released when the block ends
        assert again is True


def test_two_processes_share_a_reproduction(tmp_path, monkeypatch, capsys):
    """A run another process holds is skipped (that process trains it); the rest run here, and
    the report marks the held one as not finished until its summary appears."""
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    import copfl.reproduce.runner as runner

    args = ["reproduce", "table3", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--columns", "cifar10-10"]
    real, ran = runner.run_in_folder, []

    def recording(cfg, fed, folder, **kw):
        ran.append(folder.name)
        return real(cfg, fed, folder, **kw)

    monkeypatch.setattr(runner, "run_in_folder", recording)
    assert main(args[:-2] + ["--dry-run"] + args[-2:]) == 0
    names = re.findall(r"^to run +(\S+)$", capsys.readouterr().out, re.M)
    assert len(names) == 4
    held = names[1]
    clock = iter(range(0, 10**9, 100))  # every reading of the clock 100 s later: the estimate is never 0 by luck
    monkeypatch.setattr(runner.time, "perf_counter", lambda: float(next(clock)))
    with runner.claim_run(out / "runs" / held) as mine:
        assert mine
        assert main(args) == 0
    monkeypatch.undo()
    monkeypatch.setattr(runner, "run_in_folder", recording)
    text = capsys.readouterr().out
    assert f"{held}: another process is running it, skipped" in text
    lefts = re.findall(r"^\[(\d)/4\] .*, ~(\S+) left$", text, re.M)
    assert len(lefts) == 3 and lefts[-1][0] == "4"
    # after its last run this process still counts the held run as left (its holder is on it)
    assert lefts[-1][1] != "0m00s"
    assert sorted(ran) == sorted(n for n in names if n != held)
    doc = json.loads((out / "table3.json").read_text())
    assert sum(c["status"] == "done" for c in doc["cells"]) == 3
    assert main(args) == 0  # the claim is free now: only the held run is left
    assert ran[-1] == held and len(ran) == 4
    assert "4 runs, 3 already finished, 1 to run" in capsys.readouterr().out


def test_a_run_made_under_other_algorithm_defaults_runs_again(tmp_path, capsys):
    """config.json records the algorithm's resolved options; a finished run whose recorded
    defaults differ from this version's is run again (its folder name, a hash of the run
    options, cannot tell), one recorded before the field existed is kept."""
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    args = ["reproduce", "table3", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--columns", "cifar10-10"]
    assert main(args) == 0
    folders = sorted((out / "runs").iterdir())
    saved = [json.loads((f / "config.json").read_text()) for f in folders]
    assert saved[0]["algorithm_config"]["gamma"] == 0.5 and saved[0]["algorithm_config"]["p"] == 0.25  # CO-PFL's defaults
    stale, old = folders[0], folders[1]
    doc = saved[0]
    doc["algorithm_config"]["gamma"] = 0.3  # as if the default were 0.3 when the run was made
    (stale / "config.json").write_text(json.dumps(doc))
    doc = saved[1]
    del doc["algorithm_config"]  # a run from before copfl recorded it
    (old / "config.json").write_text(json.dumps(doc))
    stamps = {f.name: (f / "summary.json").stat().st_mtime_ns for f in folders}
    capsys.readouterr()
    assert main(args[:2] + ["--dry-run"] + args[2:]) == 0
    assert f"to run    {stale.name}\n" in capsys.readouterr().out
    import copfl.reproduce.runner as runner

    real = runner.run_in_folder

    def interrupted(cfg, fed, folder, **kw):
        raise KeyboardInterrupt

    runner.run_in_folder = interrupted
    try:  # the re-run stops before its first round: the stale figures count neither now nor later
        assert main(args) == 130
    finally:
        runner.run_in_folder = real
    assert not (stale / "summary.json").exists()
    doc = json.loads((out / "table3.json").read_text())
    assert sum(c["status"] == "done" for c in doc["cells"]) == 3
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "4 runs, 3 already finished, 1 to run" in text
    assert (stale / "summary.json").exists()
    assert json.loads((stale / "config.json").read_text())["algorithm_config"]["gamma"] == 0.5
    assert all((f / "summary.json").stat().st_mtime_ns == stamps[f.name] for f in folders[1:])


def test_every_algorithm_config_survives_its_json_round_trip():
    """changed_defaults compares config.json's algorithm_config with config_values of today's
    defaults: a value that does not survive JSON (NaN, an object's repr) would re-run runs forever."""
    from dataclasses import is_dataclass

    from copfl.algorithms.base import ALGORITHMS, config_values, make_config

    assert len(ALGORITHMS) > 15
    for name, cls in ALGORITHMS.items():
        assert is_dataclass(cls.Config), name  # a Config that is not a dataclass would hide changed defaults
        values = config_values(make_config(cls, {}))
        assert json.loads(json.dumps(values)) == values, name
    assert config_values(make_config(ALGORITHMS["co-pfl"], {"gamma": 0.3}))["gamma"] == 0.3


def test_interrupted_reproduction_keeps_finished_runs(tmp_path, monkeypatch, capsys):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    import copfl.reproduce.runner as runner

    real, calls = runner.run_in_folder, []

    def flaky(cfg, fed, folder, **kw):
        calls.append(folder.name)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(cfg, fed, folder, **kw)

    monkeypatch.setattr(runner, "run_in_folder", flaky)
    args = ["reproduce", "table3", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--columns", "cifar10-10"]
    assert main(args) == 130
    doc = json.loads((out / "table3.json").read_text())  # the report of what finished is written
    assert sum(c["status"] == "done" for c in doc["cells"]) == 2
    md = (out / "table3.md").read_text()
    assert "Not finished yet" in md and "not run: `cifar10c-10`, `miniimagenet-20`, `cinic10-20`" in md
    monkeypatch.setattr(runner, "run_in_folder", real)
    capsys.readouterr()
    assert main(args) == 0
    assert "4 runs, 2 already finished, 2 to run" in capsys.readouterr().out
    doc = json.loads((out / "table3.json").read_text())
    assert [c["row"] for c in doc["cells"]] == ["neither", "prediction only", "gradient only", "both"]
    assert all(c["status"] == "done" and c["chosen_lr"] == 1e-4 for c in doc["cells"])


def test_a_run_cut_short_continues_from_its_checkpoint(tmp_path, monkeypatch, capsys):
    """A reproduction's run checkpoints itself (here every round); killed in its last round, the
    same command goes on from the checkpoint and the table is that of a reproduction never cut."""
    import copfl.reproduce.runner as runner
    from copfl.engine.loop import Engine

    data = write_balanced_cifar(tmp_path / "data")
    args = lambda out: ["reproduce", "table3", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--columns", "cifar10-10"]  # noqa: E731
    monkeypatch.setattr(runner, "RUN_CHECKPOINT_SECONDS", 0.0)
    assert main(args(tmp_path / "whole")) == 0
    honest, seen = Engine.run_round, []

    def cut(self, run):
        if run.round == 1:  # the smoke scale's runs have 2 rounds: the third run's second never ends
            seen.append(1)
            if len(seen) == 3:
                raise KeyboardInterrupt
        return honest(self, run)

    monkeypatch.setattr(Engine, "run_round", cut)
    assert main(args(tmp_path / "cut")) == 130
    [ckpt] = (tmp_path / "cut").rglob("checkpoint.pt")
    monkeypatch.setattr(Engine, "run_round", honest)
    capsys.readouterr()
    assert main([*args(tmp_path / "cut"), "--dry-run"]) == 0
    dry = capsys.readouterr().out.splitlines()
    at = dry.index(f"to run    {ckpt.parent.name}")
    assert dry[at + 1].strip() == "(cut short: continues after round 1, its checkpoint)"
    assert main(args(tmp_path / "cut")) == 0
    printed = capsys.readouterr()
    assert "4 runs, 2 already finished, 2 to run" in printed.out
    assert ": continues after round 1 (its checkpoint)" in printed.out + printed.err
    keys = ("row", "status", "ours", "ours_std", "ours_selected", "train_loss")
    whole, cut_ = (json.loads((tmp_path / d / "table3.json").read_text())["cells"] for d in ("whole", "cut"))
    assert [[c[k] for k in keys] for c in cut_] == [[c[k] for k in keys] for c in whole]
    assert all(c["status"] == "done" for c in cut_)
    assert not list((tmp_path / "cut").rglob("checkpoint.pt"))


def test_a_later_column_keeps_the_columns_finished_earlier_in_the_report(tmp_path, monkeypatch, capsys):
    """Running the columns one command at a time builds one report: a column not asked for
    this time but finished earlier in the same --out is reported (not run again); one never
    run is listed as not selected."""
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    base = ["reproduce", "table3", "--scale", "smoke", "--data-dir", str(data), "--out", str(out)]
    assert main([*base, "--columns", "cifar10-10"]) == 0
    first = json.loads((out / "table3.json").read_text())
    import copfl.reproduce.runner as runner

    def refuse(cfg, fed, folder, **kw):
        raise AssertionError(f"{folder.name} was run again")

    monkeypatch.setattr(runner, "run_in_folder", refuse)
    capsys.readouterr()
    assert main([*base, "--columns", "miniimagenet-20"]) == 0  # not on this machine: nothing runs
    doc = json.loads((out / "table3.json").read_text())
    assert doc["columns_kept"] == ["cifar10-10"]
    assert doc["columns_left_out"] == ["cifar10c-10", "cinic10-20"]
    kept = [c for c in doc["cells"] if c["setting"] == "cifar10-10"]
    assert [c["ours"] for c in kept] == [c["ours"] for c in first["cells"] if c["setting"] == "cifar10-10"]
    assert len(kept) == 4 and all(c["status"] == "done" for c in kept)
    assert {c["status"] for c in doc["cells"] if c["setting"] == "miniimagenet-20"} == {"unavailable"}
    md = (out / "table3.md").read_text()
    assert "but reported: every one of their runs had finished in the same `--out`: `cifar10-10`.\n" in md
    assert "not run: `cifar10c-10`, `cinic10-20`" in md
    assert main([*base, "--dry-run", "--columns", "miniimagenet-20"]) == 0
    assert "also reported, not run (every run finished earlier in this --out): cifar10-10" in capsys.readouterr().out
    # a column with a run not finished (e.g. one another experiment shares only in part) is not kept
    (next((out / "runs").glob("cifar10-10-*")) / "summary.json").unlink()
    assert main([*base, "--columns", "miniimagenet-20"]) == 0
    doc = json.loads((out / "table3.json").read_text())
    assert doc["columns_kept"] == [] and doc["columns_left_out"] == ["cifar10-10", "cifar10c-10", "cinic10-20"]
    assert {c["setting"] for c in doc["cells"]} == {"miniimagenet-20"}


@pytest.mark.slow  # a whole table end to end: seconds (CI's slow step; table2's smoke stays in the fast step)
def test_pgamma_tuned_heatmap_and_bad_column(tmp_path, capsys):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    base = ["reproduce", "pgamma", "--scale", "smoke", "--data-dir", str(data), "--out", str(out)]
    assert main([*base, "--columns", "nope"]) == 2
    assert "pgamma has no column nope; its columns: cifar10-10, cifar10c-10" in capsys.readouterr().err
    assert main([*base, "--columns", "cifar10-10", "--lr-grid"]) == 0
    doc = json.loads((out / "pgamma.json").read_text())
    done = [c for c in doc["cells"] if c["setting"] == "cifar10-10"]
    assert len(done) == 18 and all(set(c["lrs"]) == {"0.0001", "1e-05"} for c in done)
    assert all(c["chosen_lr"] in (1e-4, 1e-5) for c in done)
    md = (out / "pgamma.md").read_text()
    assert (out / "pgamma.png").exists() and "| p \\ gamma |" in md
    assert "the rate with the best mean final *test* accuracy kept: selected on test data" in md and doc["lr_grid"] is True


def test_planned_runs_share_a_federation_only_when_every_data_field_matches():
    from dataclasses import replace
    from pathlib import Path

    from copfl.execution.config import RunConfig
    from copfl.reproduce.plan import PlannedRun

    base = RunConfig(dataset="mnist", clients=10, seed=0)
    key = PlannedRun(None, 0.01, 0, base, Path("a")).federation_key
    assert PlannedRun(None, 0.1, 0, replace(base, algorithm="fedavg"), Path("b")).federation_key == key
    for change in ({"partition": "dirichlet"}, {"alpha": 0.1}, {"classes": "0-4"}, {"power": 2.0}, {"severity": 3}, {"clients": 20}):
        assert PlannedRun(None, 0.01, 0, replace(base, **change), Path("c")).federation_key != key, change


def test_robustness_cells_cover_every_method_attack_and_fraction():
    from copfl.reproduce.experiments import ROBUSTNESS_ATTACKS, ROBUSTNESS_FRACTIONS, ROBUSTNESS_METHODS

    _, cells = experiment_cells("robustness", tune=False)
    assert len(cells) == len(ROBUSTNESS_METHODS) * (1 + len(ROBUSTNESS_ATTACKS) * len(ROBUSTNESS_FRACTIONS))
    defended = [c for c in cells if c.row == "CO-PFL defended"]
    assert all(dict(c.options)["defense"] == "reject" and dict(c.options)["p"] == 0.25 for c in defended)
    c = next(c for c in cells if c.row == "FedAvg + median" and c.col == "collude 30%")
    assert dict(c.run_options) == {"robust": "median", "attack": "collude", "attackers": 0.3}
    assert all(c.setting.key == "cifar10-10" for c in cells)  # the CO-PFL CIFAR-10 protocol


@pytest.mark.real_plots  # checks that its figure was drawn
def test_robustness_smoke_reports_weight_on_attackers(tmp_path, monkeypatch):
    from copfl.reproduce import experiments

    monkeypatch.setattr(experiments, "ROBUSTNESS_METHODS", {k: experiments.ROBUSTNESS_METHODS[k] for k in ("Local Only", "FedAvg", "CO-PFL", "CO-PFL defended")})
    monkeypatch.setattr(experiments, "ROBUSTNESS_ATTACKS", ("sign-flip",))
    monkeypatch.setattr(experiments, "ROBUSTNESS_FRACTIONS", (0.3,))
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    assert main(["reproduce", "robustness", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--threads", "1"]) == 0
    doc = json.loads((out / "robustness.json").read_text())
    at = {(c["row"], c["col"]): c for c in doc["cells"]}
    assert len(at) == 8 and all(c["status"] == "done" for c in at.values())
    # Local under attack runs nothing: its unattacked run's honest clients give the cell
    from copfl.extensions.attacks import choose_attackers

    assert not list((out / "runs").glob("*local*attack*")) and len(list((out / "runs").glob("*local*"))) == 1
    local = at[("Local Only", "sign-flip 30%")]
    clean_local = at[("Local Only", "no attack")]
    (run,) = [r for e in clean_local["lrs"].values() for r in e["runs"]]
    accs = {int(line.split(",")[0]): 100 * float(line.split(",")[1]) for line in open(run["folder"] + "/clients.csv").read().splitlines()[1:]}
    bad = choose_attackers(sorted(accs), 0.3, 0)
    assert local["same_as"] == "no attack" and local["seeds"] == 1 and len(local["test_counts"]) == 7
    assert local["ours"] == pytest.approx(np.mean([a for c, a in accs.items() if c not in bad]))
    assert local["attacker_acc"] == pytest.approx(np.mean([accs[c] for c in bad])) and local["attacker_weight"] == 0.0
    # FedAvg weighs clients by their samples: every client holds the same number here
    assert at[("FedAvg", "sign-flip 30%")]["attacker_weight"] == pytest.approx(0.3)
    assert at[("FedAvg", "no attack")]["attacker_weight"] is None
    runs = [r for e in at[("CO-PFL", "sign-flip 30%")]["lrs"].values() for r in e["runs"]]
    summary = json.loads(open(runs[0]["folder"] + "/summary.json").read())  # the run folder is under --out
    assert summary["attack"]["kind"] == "sign-flip" and len(summary["attack"]["attackers"]) == 3
    md = (out / "robustness.md").read_text()
    assert "## Weight given to attackers" in md and "COWA's weight on attackers against FedAvg's" in md
    assert "The defended CO-PFL without attackers" in md and (out / "robustness.png").stat().st_size > 1000
    # the harm on the same clients: the attacked run's honest clients against themselves without attack
    from copfl.reproduce.cell_results import client_accuracies

    def folder(row, col):
        return Path(next(r for e in at[(row, col)]["lrs"].values() for r in e["runs"])["folder"])

    bad, clean = client_accuracies(folder("FedAvg", "sign-flip 30%")), client_accuracies(folder("FedAvg", "no attack"))
    honest = [k for k, (_, a) in bad.items() if not a]
    want = 100 * sum(bad[k][0] - clean[k][0] for k in honest) / len(honest)
    row = next(line for line in md.splitlines() if line.startswith("| FedAvg | reference |"))
    assert [x.strip() for x in row.strip("|").split("|")][2] == f"{want:+.2f}" and len(honest) == 7 and abs(want) > 0.5
    assert "The attacks' harm to honest clients" in md and "The defended CO-PFL under attack, minus the plain one" in md
    # the test samples behind the accuracies: the honest clients' only (3 of 10 attack)
    assert len(at[("FedAvg", "no attack")]["test_counts"]) == 10 and len(at[("FedAvg", "sign-flip 30%")]["test_counts"]) == 7
    assert re.search(r"^- no attack: 10 clients with \d+(-\d+)? test samples each", md, re.M)
    assert re.search(r"^- sign-flip 30%: 7 clients with ", md, re.M)


def test_a_run_an_attackers_divergence_stopped_runs_again():
    from copfl.reproduce.plan import stopped_by_an_attacker

    attack = {"kind": "gaussian", "attackers": [0, 3, 4]}
    err = "non-finite training loss at round 4, client {}: training diverged"
    assert stopped_by_an_attacker({"status": "diverged", "attack": attack, "error": err.format(3)})  # older summaries: the error
    assert not stopped_by_an_attacker({"status": "diverged", "attack": attack, "error": err.format(9)})  # an honest client: the attack's effect
    assert stopped_by_an_attacker({"status": "diverged", "attack": attack, "diverged_client": 4, "error": err.format(4)})
    assert not stopped_by_an_attacker({"status": "diverged", "error": err.format(3)})  # no attack
    assert not stopped_by_an_attacker({"status": "completed", "attack": attack})


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


def test_honest_change_on_the_same_clients_by_hand():
    from copfl.reproduce.report_sections import honest_change

    clean = {0: (0.80, False), 1: (0.70, False), 2: (0.60, False), 3: (0.50, False)}
    attacked = {0: (0.10, True), 1: (0.65, False), 2: (0.40, False), 3: (0.55, False)}
    # clients 1-3 are honest: (65 + 40 + 55) / 3 - (70 + 60 + 50) / 3 = 53.33 - 60 = -6.67 points
    assert honest_change(attacked, clean) == pytest.approx(-20 / 3)
    assert honest_change({0: (0.5, True)}, clean) is None  # nobody honest
    assert honest_change({5: (0.5, False)}, clean) is None  # nobody in both


def test_paired_difference_by_hand():
    from copfl.reproduce.report_sections import paired_difference

    a, b = {0: 80.0, 1: 82.0, 2: 81.0}, {0: 75.0, 1: 76.0, 2: 77.0}
    p = paired_difference(a, b)  # differences 5, 6, 4: mean 5, std 1; t(2) = 4.303 x 1 / sqrt 3 = 2.48 < 5
    assert p["diff"] == pytest.approx(5.0) and p["std"] == pytest.approx(1.0) and p["significant"] is True and p["seeds"] == 3
    noisy = paired_difference({0: 80.0, 1: 70.0, 2: 81.0}, b)  # differences 5, -6, 4: mean 1, std 6.08
    assert noisy["significant"] is False
    assert paired_difference({0: 1.0}, {1: 2.0}) is None  # no seed in common
    assert paired_difference({0: 3.0}, {0: 1.0})["significant"] is None  # one seed: no test


def test_readings_and_resnet_cells():
    from copfl.reproduce.experiments import READINGS, RESNET_RUN

    exp, cells = experiment_cells("copfl-readings", tune=True)
    assert exp.seeds == 3 and len(cells) == sum(len(v) for v in READINGS.values())
    by_row = {c.row: c for c in cells}
    assert dict(by_row["PWPM global (strict gamma budget)"].options)["pwpm"] == "global"
    assert dict(by_row["3 local iterations (conference)"].run_options) == {"local_epochs": 3}
    assert by_row["Adam lr 1e-5"].lrs == (1e-5,) and not by_row["Adam lr 1e-5"].tuned
    assert all(dict(c.options).get("p") == 0.25 for c in cells if c.algorithm == "co-pfl")
    exp, cells = experiment_cells("copfl-resnet", tune=True)
    assert exp.seeds == 2 and {c.algorithm for c in cells} == {"co-pfl", "local", "fedavg", "fedper", "fedselect", "fedpac"}
    assert sorted(c.lrs for c in cells if c.algorithm == "co-pfl") == [(1e-3,), (1e-3,)]  # copfl's default rate
    local_bn = {(c.algorithm, c.lrs) for c in cells if dict(c.run_options).get("bn_stats") == "local"}
    assert local_bn == {("co-pfl", (1e-3,)), ("fedselect", (1e-2,)), ("fedpac", (1e-2,))}  # the batch-norm reading, CO-PFL and the mask/head rivals
    assert "ResNet-18" in exp.scale_notes["cpu"] and "CNN" not in exp.scale_notes["cpu"]  # not the CNN protocol's note
    runs, _ = plan_runs(cells, "cpu", 1, Path("/tmp/x"), None, None, None, False)
    assert all(r.cfg.model == RESNET_RUN["model"] and r.cfg.rounds == 200 and r.cfg.width == 0.5 for r in runs)
    runs, _ = plan_runs(cells, "cpu", exp.seeds, Path("/tmp/x"), None, None, None, False)
    seeds = {}
    for r in runs:
        seeds.setdefault(r.cell.algorithm, set()).add(r.seed)
    assert seeds["co-pfl"] == {0, 1, 2} and seeds["fedpac"] == {0, 1} and len(runs) == 2 * 3 + 7 * 2  # CO-PFL's rows: a third seed
    runs, _ = plan_runs(cells, "smoke", 1, Path("/tmp/x"), None, None, None, False)
    assert all(r.cfg.model == "tiny" and r.cfg.rounds == 2 for r in runs)  # smoke keeps its tiny model


def test_readings_answers_rank_co_pfl_first_row_and_best_reading():
    from copfl.reproduce.report_sections import readings_sections

    def cell(group, row, accs):
        runs = [{"seed": s, "status": "completed", "final_acc": a / 100} for s, a in enumerate(accs)]
        return {"group": group, "row": row, "ours": sum(accs) / len(accs), "chosen_lr": 0.01, "lrs": {"0.01": {"runs": runs}}}

    cells = [cell("CO-PFL", "CO-PFL (shared)", [68.0, 70.0]), cell("CO-PFL", "CO-PFL (local)", [76.0, 78.0]),
             cell("Baselines", "Local Only", [67.0, 69.0]), cell("Baselines", "FedPAC", [72.0, 73.0])]
    text = "\n".join(readings_sections(cells))
    assert "- CO-PFL's best reading: CO-PFL (local), 77.00% (its group's first row, the reference: 69.00%)." in text
    assert "CO-PFL's best reading leads: +4.50 ± 0.71 (within seed noise, 2 seeds)." in text
    assert "CO-PFL (local) (77.00) > FedPAC (72.50) > CO-PFL (shared) (69.00) > Local Only (68.00)." in text
    cells[1]["ours"] = 60.0  # the first row is the best: one CO-PFL entry, named by its group
    cells[1]["lrs"]["0.01"]["runs"] = [{"seed": 0, "status": "completed", "final_acc": 0.6}]
    assert "FedPAC (72.50) > CO-PFL (69.00) > Local Only (68.00)." in "\n".join(readings_sections(cells))


def test_reproductions_keep_co_pfl_batch_norm_shared_and_every_recorded_identity():
    """CO-PFL's own default keeps batch-norm statistics local, but the reproductions run it with
    them shared, like every other method, unless a row says otherwise: the committed studies'
    CO-PFL runs keep their folder names (names and hashes), so nothing finished runs again."""
    assert RunConfig(algorithm="co-pfl").resolved().bn_stats == "local"
    assert RunConfig(algorithm="co-pfl", bn_stats="shared").resolved().bn_stats == "shared"
    assert RunConfig(algorithm="fedpac").resolved().bn_stats == "shared"
    for name in ("copfl-readings", "copfl-resnet"):
        doc = json.loads((ROOT / "docs" / "results" / "reproduce-cpu" / f"{name}.json").read_text())
        assert "held out" in doc.get("validation", "held out")  # copfl's own studies keep the hold-out
        recorded = {Path(r["folder"]).name for c in doc["cells"] if c["algorithm"] == "co-pfl"
                    for e in c["lrs"].values() for r in e["runs"]}
        exp, cells = experiment_cells(name, doc["tune"])
        runs, _ = plan_runs(cells, "cpu", doc["seeds"], Path("/tmp/x"), None, None, None, False)
        planned = {r.folder.name: r.cfg.bn_stats for r in runs if r.cell.algorithm == "co-pfl"}
        assert recorded and recorded <= set(planned)
        assert {v for k, v in planned.items() if "bn_statslocal" not in k} == {"shared"}
        assert {v for k, v in planned.items() if "bn_statslocal" in k} <= {"local"}


REPORTS = sorted((ROOT / "docs" / "results" / "reproduce-cpu").glob("*.json")) + sorted((ROOT / "docs" / "results" / "reproduce-paper").glob("*.json"))


@pytest.mark.parametrize("path", REPORTS, ids=[f"{p.parent.name}/{p.stem}" for p in REPORTS])
def test_every_committed_report_is_planned_again_by_its_experiment(path):
    """Issue 38: every committed reproduction is regenerable by its command: the planner, at the
    report's scale, seeds and rate grid, plans every run folder (name and identity hash) the
    report records, so nothing finished runs again."""
    from copfl.reproduce.tuned import tuned_cell

    doc = json.loads(path.read_text())
    tuned = "default_cells" in doc  # a tuned report (--tune N): its default and its tuned rows
    figures = doc["default_cells"] + doc["tuned_cells"] if tuned else doc["cells"]
    recorded = {Path(r["folder"]).name for c in figures for e in (c.get("lrs") or {}).values() for r in e.get("runs", []) if r.get("folder")}
    exp, cells = experiment_cells(doc["experiment"], doc.get("lr_grid", doc.get("tune")))
    if doc.get("add_algorithms"):  # rows added beside the paper's (--add-algorithms)
        cells += added_cells(exp, cells, doc["add_algorithms"])
    if tuned:  # each tuned row's cell, from the values the report lists
        values = {(c["group"], c["row"], c["column"]): c["tuned_values"] for c in doc["cells"] if c["tuned_values"]}
        cells += [tuned_cell(c, values[(c.group, c.row, f"{c.group} / {c.col}" if c.group else c.col)]) for c in cells
                  if (c.group, c.row, f"{c.group} / {c.col}" if c.group else c.col) in values]
    # --top-seeds K: some rows ran K seeds; planning every row with K plans theirs too
    runs, _ = plan_runs(cells, doc["scale"], max(doc["seeds"], doc.get("top_seeds") or 1), Path("/tmp/x"), None, None, None, False)
    assert recorded and recorded <= {r.folder.name for r in runs}, sorted(recorded - {r.folder.name for r in runs})[:3]


def test_the_paper_tables_train_on_every_sample_and_say_so():
    """CO-PFL's paper-default tables run the paper's protocol (no validation hold-out), copfl's
    own studies hold 10% out, and the report header says which."""
    from copfl.reproduce.runner import validation_note

    for name, held in (("table2", {0.0}), ("table3", {0.0}), ("mamo", {0.0}), ("convergence", {0.0}), ("datasize", {0.0}),
                       ("pgamma", {0.0}), ("copfl-readings", {0.1}), ("copfl-resnet", {0.1})):
        runs, _ = plan_runs(experiment_cells(name, False)[1], "cpu", 1, Path("/tmp/x"), None, None, None, False)
        assert {r.cfg.val_fraction for r in runs} == held, name
    assert validation_note([0.0, 0.0]).startswith("none: every training sample trains")
    assert validation_note([0.1]).startswith("10% of each client's training data held out")
    assert validation_note([0.1, 0.0]).endswith("in some rows; the others train on every sample (the paper's protocol)")
    assert validation_note([]) == ""


def test_readings_smoke_reports_paired_differences(tmp_path, monkeypatch):
    from copfl.reproduce import experiments

    small = {"CO-PFL": experiments.READINGS["CO-PFL"][:2], "Baselines": experiments.READINGS["Baselines"][:1]}
    monkeypatch.setattr(experiments, "READINGS", small)
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    assert main(["reproduce", "copfl-readings", "--scale", "smoke", "--seeds", "2", "--data-dir", str(data), "--out", str(out), "--threads", "1"]) == 0
    doc = json.loads((out / "copfl-readings.json").read_text())
    assert doc["seeds"] == 2 and len(doc["cells"]) == 3 and all(c["status"] == "done" and c["seeds"] == 2 for c in doc["cells"])
    md = (out / "copfl-readings.md").read_text()
    assert "## Each reading against its group's default (paired by seed)" in md and "2 seeds)" in md
    assert "CO-PFL's best reading" in md and "Ranking (CO-PFL's first row and its best reading against those baselines" in md


def test_pfedsv_and_dpao_cells_follow_their_protocols(tmp_path):
    from copfl.reproduce import paper_pfedsv_dpao as pv

    _, cells = experiment_cells("pfedsv-table1", tune=True)
    assert len(cells) == len(pv.PFEDSV_TABLE1) * len(pv.PFEDSV_COLUMNS)
    assert {c.row: c.paper for c in cells if c.setting.key == "mnist-10-pathological"}["pFedSV(Ours)"] == 98.01
    for scale in ("paper", "cpu"):
        runs, _ = plan_runs(cells, scale, 1, tmp_path, None, None, None, False)
        for r in runs:
            c, big = r.cfg, r.cell.setting.clients == 100
            assert (c.partition, c.model, c.local_epochs, c.batch_size, c.optimizer, c.momentum) == ("pathological", "cnn", 5, 32, "sgd", 0.0)
            assert (c.rounds, c.client_fraction) == ((100, 0.1) if big else (20, 1.0))
            assert c.lr == (0.1 if c.dataset.startswith("cifar") else 0.01)
            assert c.classes_per_client == (20 if c.dataset == "cifar100" else 2)
            cpu_caps = (100, 100) if big else (500, 200)  # a 100-client column's 100 rounds: about an hour too
            assert (c.train_per_client, c.test_per_client) == (cpu_caps if scale == "cpu" else (None, None))
    _, cells = experiment_cells("pfedsv-table3", tune=True)
    dp = [c for c in cells if c.row == "pFedSV+DP"]
    assert all(dict(c.run_options) == {"dp_noise": 1.0} and c.algorithm == "pfedsv" for c in dp)
    runs, _ = plan_runs(cells, "cpu", 1, tmp_path, None, None, None, False)
    assert {r.cfg.alpha for r in runs} == {0.1} and {r.cfg.partition for r in runs} == {"dirichlet"}
    # Table 3's non-DP rows are Table 2's runs: the same folders (A18)
    t2, _ = plan_runs(experiment_cells("pfedsv-table2", tune=True)[1], "cpu", 1, tmp_path, None, None, None, False)
    assert {r.folder for r in runs if r.cell.row != "pFedSV+DP"} <= {r.folder for r in t2}
    # Table 2's MNIST column again with FedGen's test split (the reading of its reference for
    # Dir(alpha)): the same runs but for test_split, against the same paper values
    by_key: dict[str, dict] = {}
    for r in t2:
        by_key.setdefault(r.cell.setting.key, {})[(r.cell.row, r.seed)] = r
    plain, balanced = by_key["mnist-10-dir0.1"], by_key["mnist-10-dir0.1-balanced-test"]
    assert plain.keys() == balanced.keys() and len(plain) == 13
    for k, r in balanced.items():
        assert (r.cfg.test_split, plain[k].cfg.test_split) == ("balanced", "proportional")
        assert replace(r.cfg, test_split="proportional", out=plain[k].cfg.out) == plain[k].cfg
        assert r.cell.paper == plain[k].cell.paper and r.cell.col == "MNIST, 10 clients, Dir(0.1), balanced test (FedGen)"
    _, cells = experiment_cells("dpao-table3", tune=True)
    runs, _ = plan_runs(cells, "paper", 1, tmp_path, None, None, None, False)
    for r in runs:
        c = r.cfg
        assert (c.dataset, c.classes, c.classes_per_client, c.samples_per_class, c.test_samples_per_class) == ("femnist", "a-j", 5, 25, "all")
        assert (c.rounds, c.local_epochs, c.batch_size, c.lr) == (500, 5, 64, 0.01)
        assert c.client_fraction == (0.05 if c.clients == 200 else 1.0)
    assert {dict(r.cell.options).get("interval") for r in runs} == {None, 1, 5, 20}


def test_per_client_caps_subsample_each_client(tmp_path):
    from copfl.data.partitioners import cap_per_client

    parts = [np.arange(10), np.arange(10, 13)]
    capped = cap_per_client(parts, 4, seed=0, purpose="train")
    assert len(capped[0]) == 4 and set(capped[0]) <= set(range(10)) and list(capped[0]) == sorted(capped[0])
    assert capped[1].tolist() == [10, 11, 12]  # fewer than the cap: all kept
    assert cap_per_client(parts, 4, seed=0, purpose="train")[0].tolist() == capped[0].tolist()  # seeded
    assert cap_per_client(parts, None, seed=0, purpose="train") is parts


@pytest.mark.slow  # whole processes / a whole table: seconds each (CI's slow step)
def test_pfedsv_table1_smoke(tmp_path):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    assert main(["reproduce", "pfedsv-table1", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--threads", "1"]) == 0
    doc = json.loads((out / "pfedsv-table1.json").read_text())
    assert doc["paper"] == "pFedSV" and "20 training and 8 test samples per client" in doc["scale_note"]
    done = [c for c in doc["cells"] if c["status"] == "done"]
    ran = {c["setting"] for c in done}  # CIFAR-10 here (Fashion-MNIST too where its Debian package is installed)
    assert {"cifar10-10-pathological", "cifar10-100-pathological"} <= ran and not any(k.startswith(("mnist", "cifar100")) for k in ran)
    assert all(c["diff"] == pytest.approx(c["ours"] - c["paper"]) for c in done)
    md = (out / "pfedsv-table1.md").read_text()
    assert md.startswith("# Reproduction: MTA, pathological split") and "Paper: pFedSV, Table 1." in md and "Spearman rho" in md


@pytest.mark.slow  # a whole table end to end: seconds (CI's slow step; table2's smoke stays in the fast step)
def test_dpao_table3_smoke(tmp_path):
    write_letters_femnist(tmp_path, 1500)
    out = tmp_path / "rep"
    assert main(["reproduce", "dpao-table3", "--scale", "smoke", "--data-dir", str(tmp_path), "--cache-dir", str(tmp_path / "c"),
                 "--out", str(out), "--threads", "1"]) == 0  # fmt: skip
    doc = json.loads((out / "dpao-table3.json").read_text())
    assert doc["paper"] == "DPAO-PFL" and len(doc["cells"]) == 14 and all(c["status"] == "done" for c in doc["cells"])
    assert {c["row"]: c["paper"] for c in doc["cells"]}["DPAO-PFL"] == 98.12
    md = (out / "dpao-table3.md").read_text()
    assert "FEMNIST (5, 25), 200 clients" in md and "## Rounds to 60% · 80% · 90%" in md
    cell = next(c for c in doc["cells"] if c["row"] == "FedAvg")
    assert cell["paper_rounds"] == [51, 139, None] and len(cell["ours_rounds"]) == 3 and cell["client_std"] is not None
    assert "/ 51 · " in md and "/ never |" in md  # FedAvg never reaches 90% in the paper
    # Fig. 5 from the same runs: nothing to run again
    assert main(["reproduce", "dpao-overhead", "--scale", "smoke", "--data-dir", str(tmp_path), "--cache-dir", str(tmp_path / "c"),
                 "--out", str(out), "--threads", "1"]) == 0  # fmt: skip
    over = json.loads((out / "dpao-overhead.json").read_text())
    assert len(over["cells"]) == 8 and all(c["overhead"]["bytes_up_per_round"] > 0 and c["overhead"]["train_flops_total"] > 0 for c in over["cells"])
    assert "## Overhead" in (out / "dpao-overhead.md").read_text()


def test_rounds_to_milestones_from_the_metrics(tmp_path):
    from copfl.reproduce.cell_results import rounds_to

    (tmp_path / "metrics.jsonl").write_text("\n".join(json.dumps(r) for r in [
        {"round": 1, "acc_mean": 0.5}, {"round": 2, "train_loss": 1.0}, {"round": 3, "acc_mean": 0.85}, {"round": 4, "acc_mean": 0.7}]))  # fmt: skip
    assert rounds_to(tmp_path, (60.0, 80.0, 90.0)) == [3, 3, None]
    assert rounds_to(tmp_path / "missing", (60.0,)) == [None]


@pytest.mark.slow  # a whole table end to end: seconds (CI's slow step; table2's smoke stays in the fast step)
def test_pfedsv_table4_smoke_reports_epsilon(tmp_path):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    assert main(["reproduce", "pfedsv-table4", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--threads", "1"]) == 0
    doc = json.loads((out / "pfedsv-table4.json").read_text())
    at = {(c["row"], c["setting"]): c for c in doc["cells"]}
    assert at[("pFedSV, sigma=0", "cifar10-10-pathological")]["epsilon"] == "inf"
    eps1, eps2 = (at[(f"pFedSV, sigma={s}", "cifar10-10-pathological")]["epsilon"] for s in (1, 2))
    assert eps1 > eps2 > 0  # more noise, less privacy spent
    assert at[("FedAvg, sigma=1", "cifar10-10-pathological")]["paper_epsilon"] == 11.28
    md = (out / "pfedsv-table4.md").read_text()
    assert "## Privacy budget: epsilon at delta 1e-5" in md and "inf / inf" in md


@pytest.mark.real_plots  # checks that its figure was drawn
def test_pfedsv_relevance_smoke(tmp_path, monkeypatch):
    from copfl.reproduce import experiments

    data = write_balanced_cifar(tmp_path / "data")  # MNIST is not here: run the figure on CIFAR-10's column
    exp, make = experiments.EXPERIMENTS["pfedsv-relevance"]
    monkeypatch.setitem(experiments.EXPERIMENTS, "pfedsv-relevance", (exp, lambda tune: [
        c for c in experiments.pfedsv_table_cells(experiments.pv.PFEDSV_TABLE1, "pathological")
        if c.setting.key == "cifar10-10-pathological" and c.row in ("FedFomo", "pFedSV(Ours)")]))  # fmt: skip
    out = tmp_path / "rep"
    assert main(["reproduce", "pfedsv-relevance", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--threads", "1"]) == 0
    doc = json.loads((out / "pfedsv-relevance.json").read_text())
    keys = {c["row"]: c["relevance"]["key"] for c in doc["cells"]}
    assert keys == {"FedFomo": "affinity", "pFedSV(Ours)": "relevance"}
    assert all(len(c["relevance"]["matrix"]) == 10 and c["relevance"]["overlap"][0][0] == 2 for c in doc["cells"])
    assert "## Relevance against the ground truth" in (out / "pfedsv-relevance.md").read_text()
    assert (out / "pfedsv-relevance-cifar10-10-pathological.png").stat().st_size > 1000
    assert len(make(True)) == 2 and {c.setting.key for c in make(True)} == {"mnist-10-pathological"}


def test_dpao_hparams_and_overhead_cells_share_table3s_runs(tmp_path):
    _, hp = experiment_cells("dpao-hparams", tune=True)
    assert {c.group for c in hp} == {"eta", "alpha", "lambda"} and all(c.algorithm == "dpao-pfl" for c in hp)
    assert {c.lrs[0] for c in hp if c.group == "eta"} == {0.1, 0.01, 0.001, 0.0001}
    _, over = experiment_cells("dpao-overhead", tune=True)
    _, t3 = experiment_cells("dpao-table3", tune=True)
    a, _ = plan_runs(over, "cpu", 1, tmp_path, None, None, None, False)
    b, _ = plan_runs(t3, "cpu", 1, tmp_path, None, None, None, False)
    assert len(a) == 8 and {r.folder for r in a} <= {r.folder for r in b}  # the same runs as Table 3


def test_pfedsv_traffic_smoke(tmp_path):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    assert main(["reproduce", "pfedsv-traffic", "--scale", "smoke", "--data-dir", str(data), "--out", str(out), "--threads", "1"]) == 0
    doc = json.loads((out / "pfedsv-traffic.json").read_text())
    at = {c["row"]: c for c in doc["cells"]}
    assert at["pFedSV (D)"]["downloads"]["participations"] == 20  # 10 clients x 2 rounds
    assert at["pFedSV (D)"]["traffic"]["bytes_down_total"] > at["pFedSV (D+C)"]["traffic"]["bytes_down_total"]
    assert at["FedAvg"]["traffic"]["bytes_up_total"] == at["FedAvg"]["traffic"]["bytes_down_total"] + 8 * 20  # + each upload's sample count
    md = (out / "pfedsv-traffic.md").read_text()
    assert "| FedAvg | " in md and "| 20 | 20 |" in md  # one model up and down per participation
    _, cells = experiment_cells("pfedsv-traffic", tune=True)
    runs, _ = plan_runs(cells, "cpu", 1, tmp_path, None, None, None, False)
    assert {r.cfg.model for r in runs} == {"lenet5"} and {r.cfg.rounds for r in runs} == {20}


def test_settings_sharing_a_split_that_cannot_be_built_are_all_skipped(tmp_path):
    """dpao-table4's 200-client columns (E = 1, 5, 10, 20) share one split, which the small
    FEMNIST copy cannot hold: each is reported unavailable, and the 4-client ones run."""
    write_letters_femnist(tmp_path, 120)
    out = tmp_path / "rep"
    assert main(["reproduce", "dpao-table4", "--scale", "smoke", "--data-dir", str(tmp_path), "--cache-dir", str(tmp_path / "c"),
                 "--out", str(out), "--threads", "1"]) == 0  # fmt: skip
    doc = json.loads((out / "dpao-table4.json").read_text())
    status = {(c["setting"], c["row"]): c["status"] for c in doc["cells"]}
    assert all(v == "unavailable" for (k, _), v in status.items() if k.startswith(("femnist-200", "cifar100")))
    assert all(v == "done" for (k, _), v in status.items() if k.startswith("femnist-4"))
    pfedme = [c for c in experiment_cells("pfedsv-table1", tune=True)[1] if c.algorithm == "pfedme"]
    assert all(dict(c.options) == {"personal_lr": 0.01} for c in pfedme)


def test_cost_model_prices_digits_the_new_methods_and_dp_sgd():
    """28-pixel data cost about half of CIFAR's 32 (the 1-channel CNN); pFedMe's K inner steps
    make a run several times dearer, DP-SGD about twice (its fast path) or nine times (a loss of
    the algorithm's own: per-sample gradients), as calibrated on this machine."""
    base = RunConfig(algorithm="local", dataset="mnist", partition="label-skew", clients=10, rounds=10, local_epochs=5)
    digits = run_seconds(base.resolved())
    cifar = run_seconds(replace(base, dataset="cifar10").resolved())
    assert 0.4 < digits / cifar < 0.6
    assert run_seconds(replace(base, algorithm="pfedme").resolved()) > 5 * digits
    dp = run_seconds(replace(base, dp_noise=1.0).resolved())
    assert 1.5 * digits < dp < 2.5 * digits  # the fast clipped sum
    assert run_seconds(replace(base, algorithm="fedem", dp_noise=1.0).resolved()) > 7 * run_seconds(replace(base, algorithm="fedem").resolved())
    assert run_seconds(replace(base, dp_noise=1.0, dp_mode="upload").resolved()) == pytest.approx(digits)


def test_cost_model_prices_a_writer_at_its_own_samples():
    """--partition natural (one FEMNIST writer a client): a client costs a writer's mean samples
    (294 training, 34 test in this machine's copy), not a 50th of a 50,000-sample set; worked by
    hand for Local (factor 1), 50 writers, 20 rounds, the 28-pixel CNN (60e-6 s a sample)."""
    from copfl.reproduce.estimate import CLIENT_ROUND_SECONDS

    cfg = RunConfig(algorithm="local", dataset="femnist", partition="natural", clients=50, rounds=20).resolved()
    by_hand = RUN_SECONDS + 20 * 50 * (CLIENT_ROUND_SECONDS + (3 * 294 + 34) * 60e-6)
    assert run_seconds(cfg) == pytest.approx(by_hand)
    capped = RunConfig(algorithm="local", dataset="femnist", partition="natural", clients=50, rounds=20, train_per_client=100).resolved()
    assert run_seconds(capped) == pytest.approx(RUN_SECONDS + 20 * 50 * (CLIENT_ROUND_SECONDS + (3 * 100 + 34) * 60e-6))


def test_cost_model_counts_the_shapley_evaluations_of_pfedsv():
    """pFedSV's utility evaluations by hand: exact for a coalition of 6 (2^6 - 1 = 63 <= 3 x 6
    x 6); Monte-Carlo for 8 (255 > 192): 24 permutations reach C (1 - (1 - 1/C)^24) of the
    C(8, s) coalitions of each size s (1 + 2 x 7.676 + 2 x 16.303 + 2 x 19.660 + 20.44). A run's
    cost grows by rounds x clients x evaluations x (held-out samples + 133) x the sample's cost."""
    from copfl.reproduce.estimate import UTILITY_FORWARDS, shapley_evaluations, trial_seconds, TRIAL_SHARE

    assert shapley_evaluations(6) == 63 and shapley_evaluations(1) == 1
    assert shapley_evaluations(8) == pytest.approx(108.72, abs=0.01)
    assert shapley_evaluations(8, estimator="exact") == 255
    base = dict(algorithm="pfedsv", dataset="mnist", partition="dirichlet", alpha=0.5, clients=20, rounds=2, train_per_client=500)
    cost = {k: run_seconds(RunConfig(**base, options={"k0": k, "topk": "fixed"}).resolved()) for k in (1, 5)}
    assert cost[5] - cost[1] == pytest.approx(2 * 20 * (63 - 3) * (0.2 * 500 + UTILITY_FORWARDS) * 60e-6)
    # "explore": k0 while it explores its 19 peers (ceil(19 / 5) = 4 rounds), then the peers it values
    # positively (half of them: 10, Monte-Carlo over 11)
    ten = RunConfig(**{**base, "rounds": 10}, options={"k0": 5}).resolved()
    fixed = RunConfig(**{**base, "rounds": 10}, options={"k0": 5, "topk": "fixed"}).resolved()
    per_eval = (0.2 * 500 + UTILITY_FORWARDS) * 60e-6
    assert run_seconds(ten) - run_seconds(fixed) == pytest.approx(6 * 20 * (shapley_evaluations(11) - 63) * per_eval)
    # a trial averages the cost over the k0 it may draw (1..10); a method with float knobs only costs a share of a run
    fedavg = RunConfig(algorithm="fedavg", dataset="mnist", clients=10, rounds=5).resolved()
    assert trial_seconds(fedavg, {"momentum": 0.0}) == pytest.approx(TRIAL_SHARE * run_seconds(fedavg))
    pfedsv = RunConfig(**base, options={"topk": "fixed"}).resolved()
    by_k = [run_seconds(RunConfig(**base, options={"topk": "fixed", "k0": k}).resolved()) for k in range(1, 11)]
    assert trial_seconds(pfedsv, {"decay": 0.5}) == pytest.approx(TRIAL_SHARE * sum(by_k) / 10)
    assert trial_seconds(pfedsv, {"k0": 5}) == pytest.approx(TRIAL_SHARE * run_seconds(pfedsv))


def test_cost_model_prices_pfedsv_and_pfedhn_on_the_pfedsv_protocol_by_hand():
    """pFedSV trains on what its 20 % hold-out leaves and, on a pathological split, ends up
    valuing the peers that share a label (2 of 9: each of MNIST's labels has 10 x 2 / 10 = 2
    holders): k0 = 5 for the ceil(9 / 5) = 2 exploring rounds (63 coalitions), then 2 peers (7),
    12.6 on average, each over its 100 held-out images plus the model's forming. pFedHN trains
    50 mini-batches of 32 whatever the data, at 2.5x.
    10 clients, 20 rounds, 5 epochs, 500 training / 200 test images, 60 us a sample."""
    from copfl.reproduce.estimate import CLIENT_ROUND_SECONDS, UTILITY_FORWARDS, positive_share

    base = dict(dataset="mnist", partition="pathological", clients=10, rounds=20, local_epochs=5, train_per_client=500, test_per_client=200)
    sv = RunConfig(algorithm="pfedsv", **base).resolved()
    assert positive_share(sv) == pytest.approx(2 / 9)
    per = (3 * 400 * 5 + 200) + 12.6 * (100 + UTILITY_FORWARDS)
    assert run_seconds(sv) == pytest.approx(RUN_SECONDS + 20 * 10 * (CLIENT_ROUND_SECONDS + per * 60e-6))
    hn = RunConfig(algorithm="pfedhn", **base).resolved()
    assert run_seconds(hn) == pytest.approx(RUN_SECONDS + 20 * 10 * (CLIENT_ROUND_SECONDS + 2.5 * (3 * 50 * 32 + 200) * 60e-6))
    # pFedHN's cost follows its inner steps, not the epochs or the data
    assert run_seconds(replace(hn, local_epochs=1)) == run_seconds(hn)
    assert run_seconds(RunConfig(algorithm="pfedhn", **base, options={"inner_steps": 100}).resolved()) > 1.9 * (run_seconds(hn) - RUN_SECONDS)
    # 20 of CIFAR-100's labels a client, 10 clients: every peer shares one; a Dirichlet split: half
    assert positive_share(RunConfig(algorithm="pfedsv", **{**base, "dataset": "cifar100"}, classes_per_client=20).resolved()) == 1.0
    assert positive_share(RunConfig(algorithm="pfedsv", **{**base, "partition": "dirichlet"}).resolved()) == 0.5


def test_cost_model_prices_a_narrower_resnet():
    """Half the width costs a little more than a quarter of the time (measured: 1.62 s a round
    against 5.85 s for FedAvg on the CO-PFL protocol); the other models ignore the width."""
    base = RunConfig(algorithm="fedavg", dataset="cifar10", partition="label-skew", clients=10, rounds=10, model="resnet18")
    full = run_seconds(base.resolved()) - RUN_SECONDS
    half = run_seconds(replace(base, width=0.5).resolved()) - RUN_SECONDS
    assert half / full == pytest.approx(0.5**1.85, rel=1e-2) and 0.25 < half / full < 0.3
    cnn = replace(base, model="cnn")
    assert run_seconds(replace(cnn, width=0.5).resolved()) == run_seconds(cnn.resolved())


def test_paired_difference_text():
    from copfl.reproduce.report_sections import _paired_text

    assert _paired_text({"diff": 1.0, "std": None, "seeds": 1, "significant": None}) == "+1.00 (one seed: untested, 1 seed)"
    assert _paired_text({"diff": -0.5, "std": 0.25, "seeds": 3, "significant": False}) == "-0.50 ± 0.25 (within seed noise, 3 seeds)"
    assert _paired_text(None) == "-"


def _image_tree_zip(path, train_per_class, test_per_class, classes=4, test_dir="test"):
    import zipfile

    with zipfile.ZipFile(path, "w") as z:
        for k in range(classes):
            for i in range(train_per_class):
                z.writestr(f"train/c{k}/{i}.png", b"")
            for i in range(test_per_class):
                z.writestr(f"{test_dir}/c{k}/{i}.png", b"")
    return path


def test_label_counts_come_from_the_archive_listing(tmp_path):
    from copfl.reproduce.estimate import listing_label_counts

    assert listing_label_counts(_image_tree_zip(tmp_path / "a.zip", 7, 3)) == ([7, 7, 7, 7], [3, 3, 3, 3])
    assert listing_label_counts(_image_tree_zip(tmp_path / "b.zip", 5, 2, test_dir="val")) == ([5] * 4, [2] * 4)  # Mini-ImageNet's form
    (tmp_path / "c.npz").write_bytes(b"not a tree")
    assert listing_label_counts(tmp_path / "c.npz") is None


def test_a_split_too_big_for_the_data_is_named_without_decoding():
    from copfl.execution.config import RunConfig
    from copfl.reproduce.estimate import split_problem

    cfg = RunConfig(dataset="miniimagenet", clients=20, classes_per_client=10, samples_per_class=50, test_samples_per_class=10).resolved()
    why = split_problem(cfg, ([80] * 100, [20] * 100))
    assert why is not None and "80 training samples but 2 clients hold it" in why and "each needs 50" in why
    fits = RunConfig(dataset="miniimagenet", clients=20, classes_per_client=10, samples_per_class=40, test_samples_per_class=10).resolved()
    assert split_problem(fits, ([80] * 100, [20] * 100)) is None


def test_a_class_selection_is_judged_on_the_kept_classes_when_their_names_are_known():
    """DPAO-PFL Table 3's columns keep FEMNIST's a-j: the dry run judges the split on those 10
    classes (names from the decoded cache), as the run does, instead of pricing runs that the
    run then reports unavailable. Without the names it cannot tell, and says nothing."""
    from copfl.execution.config import RunConfig
    from copfl.reproduce.estimate import split_problem

    names = tuple("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    a, j = names.index("a"), names.index("j")
    tr, te = [1000] * 62, [100] * a + [4] * 10 + [100] * (62 - j - 1)  # 4 test samples in each of a-j, plenty elsewhere
    cfg = lambda n, test: RunConfig(dataset="femnist", partition="label-skew", clients=n, classes="a-j", classes_per_client=5,  # noqa: E731
                                    samples_per_class=25, test_samples_per_class=test).resolved()
    assert split_problem(cfg(4, "all"), (tr, te), names) is None
    why = split_problem(cfg(4, 4), (tr, te), names)  # 20 class slots over 10 classes: some class has 2 holders, 8 > 4 test samples
    assert why is not None and "has 4 test samples but 2 clients hold it" in why and "each needs 4" in why
    assert split_problem(cfg(4, 4), (tr, te), None) is None  # names unknown: not judged
    assert split_problem(cfg(4, 4), (tr, [100] * 62), names) is None  # 100 test samples of each: it fits
    zero = [0] * (62 - j)  # labels from 'j' on absent from the cache's arrays: read as classes with no samples
    why = split_problem(cfg(4, 4), (tr[:j], te[:j]), names)
    assert why is not None and why == split_problem(cfg(4, 4), (tr[:j] + zero, te[:j] + zero), names)


def test_dry_run_says_the_estimate_first_and_what_it_leaves_out(tmp_path, capsys):
    """`copfl reproduce table2 --dry-run`: the first line is the summary, in hours, with the runs
    left out and why (CINIC-10 missing, a Mini-ImageNet copy too small for its columns)."""
    import re

    data = tmp_path / "data"
    data.mkdir()
    _image_tree_zip(data / "miniimagenet_subset_80_20.zip", 8, 2, classes=100, test_dir="val")
    assert main(["reproduce", "table2", "--dry-run", "--columns", "miniimagenet-20,cinic10-20", "--data-dir", str(data),
                 "--out", str(tmp_path / "rep")]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    m = re.fullmatch(r"estimate: (\d+) runs, about (\d+\.\d+) h(?: \(\d+ s\))? on this machine \((\d+) runs left out: (.*)\)", first)
    assert m, first
    assert int(m.group(1)) == 0 and int(m.group(3)) > 0
    assert "on missing data: cinic10" in m.group(4) and "on data too small for the split: miniimagenet-20" in m.group(4)


def test_dry_run_does_not_price_tuning_for_a_column_too_small_for_its_split(tmp_path, capsys):
    """With --tune N a column the data cannot hold is left out of the tuning's price too (the
    run reports it unavailable and tunes nothing there), not only of the default rows'."""
    data = tmp_path / "data"
    data.mkdir()
    _image_tree_zip(data / "miniimagenet_subset_80_20.zip", 8, 2, classes=100, test_dir="val")
    args = ["reproduce", "table2", "--dry-run", "--tune", "2", "--data-dir", str(data), "--out", str(tmp_path / "rep")]
    assert main([*args, "--columns", "miniimagenet-20"]) == 0
    out = capsys.readouterr().out
    assert "  0 studies, 0 trials to run (0 finished): about" in out and "tuned final runs: 0 to run" in out


def test_the_estimate_is_within_2x_of_a_measured_smoke_column(tmp_path):
    """The cost model against a measurement: tests/data/smoke_column.json holds the wall time of
    `copfl reproduce EXPERIMENT --scale smoke --columns ...` on the reference machine (data
    cached, nothing else running); the dry run's estimate for the same runs is within 2x of it."""
    import json
    from pathlib import Path

    from copfl.reproduce.experiments import experiment_cells
    from copfl.reproduce.plan import plan_runs

    fx = json.loads((Path(__file__).parent / "data" / "smoke_column.json").read_text())
    _, cells = experiment_cells(fx["experiment"], tune=fx["lr_grid"])
    cells = [c for c in cells if c.setting.key in fx["columns"]]
    runs, _ = plan_runs(cells, "smoke", 1, tmp_path, None, None, None, False)
    assert len(runs) == fx["runs"]
    est = estimate_seconds(r.cfg for r in runs)
    assert fx["measured_seconds"] / 2 <= est <= 2 * fx["measured_seconds"], (est, fx["measured_seconds"])


# ----------------------------------------------------------------------------- --top-seeds
def test_top_seed_rows_are_the_papers_method_and_the_two_strongest_baselines():
    from copfl.reproduce.runner import top_seed_rows

    st, other = paper_setting("cifar10", 10), paper_setting("cifar10", 50)

    def cell(row, alg, setting=st):
        return experiment_cells("table2", False)[1][0].__class__("", row, setting.title, setting, alg)

    col = [cell("Local Only", "local"), cell("FedAvg", "fedavg"), cell("FedPer", "fedper"), cell("FedPAC", "fedpac"),
           cell("CO-PFL", "co-pfl"), cell("w / o MAMO", "co-pfl")]
    figures = {"Local Only": 70.0, "FedAvg": 30.0, "FedPer": 70.0, "FedPAC": 75.0, "CO-PFL": 10.0, "w / o MAMO": 99.0}
    chosen = top_seed_rows("CO-PFL", col, lambda c: figures[c.row])
    # the paper's own row (not its ablation, whatever its figure), FedPAC, then Local Only before FedPer (the table's order)
    assert [c.row for c in chosen] == ["CO-PFL", "FedPAC", "Local Only"]
    # per column; a row without a figure is never chosen
    col2 = [cell("FedAvg", "fedavg", other), cell("FedPer", "fedper", other), cell("CO-PFL", "co-pfl", other)]
    chosen = top_seed_rows("CO-PFL", col + col2, lambda c: None if c.row == "FedPer" and c.setting is other else figures[c.row])
    assert [(c.row, c.setting.clients) for c in chosen][3:] == [("CO-PFL", 50), ("FedAvg", 50)]


def test_top_seeds_runs_more_seeds_for_the_chosen_rows_then_resumes(tmp_path, capsys):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    args = ["reproduce", "table2", "--scale", "smoke", "--columns", "cifar10-10", "--top-seeds", "2", "--data-dir", str(data),
            "--out", str(out), "--threads", "1"]
    assert main([*args, "--dry-run"]) == 0
    assert "at most 3 more runs" in capsys.readouterr().out  # nothing has run: CO-PFL and the two costliest baselines, one rate each
    assert main(args) == 0
    log = capsys.readouterr().out
    doc = json.loads((out / "table2.json").read_text())
    cells = {c["row"]: c for c in doc["cells"]}
    more = {row for row, c in cells.items() if c["seeds"] == 2}
    baselines = sorted((c for row, c in cells.items() if row != "CO-PFL"), key=lambda c: -c["lrs"][f"{c['chosen_lr']:g}"]["runs"][0]["final_acc"])
    assert "CO-PFL" in more and len(more) == 3 and {c["seeds"] for c in cells.values()} == {1, 2}
    # the baselines chosen lead on their first seed
    first = {row: cells[row]["lrs"][f"{cells[row]['chosen_lr']:g}"]["runs"][0]["final_acc"] for row in cells if row != "CO-PFL"}
    assert min(first[r] for r in more - {"CO-PFL"}) >= max(first[r] for r in set(first) - more)
    assert len(baselines) == 7 and doc["top_seeds"] == 2 and "--top-seeds 2: " in log
    assert "2 for the paper's method and each column's two strongest baselines" in (out / "table2.md").read_text()
    assert len(list((out / "runs").iterdir())) == 8 + 3
    capsys.readouterr()
    assert main(args) == 0  # again: the same rows chosen, nothing runs
    log = capsys.readouterr().out
    assert "11 runs, 11 already finished, 0 to run" in log
    assert f"--top-seeds 2: {'; '.join(f'CIFAR10, 10 clients: {r}' for r in ['CO-PFL', *sorted(more - {'CO-PFL'}, key=lambda r: -first[r])])}" in log
    assert main([*args, "--dry-run"]) == 0
    assert f"(chosen: {', '.join(sorted(more))}): nothing more to run" in capsys.readouterr().out


def test_top_seeds_below_one_is_refused(tmp_path):
    from copfl.reproduce.reproduction import reproduce

    with pytest.raises(ValueError, match="--top-seeds must be >= 1, got 0"):
        reproduce("table2", scale="smoke", out=tmp_path, top_seeds=0, dry_run=True)


def test_dry_run_advises_a_gpu_only_for_a_paper_scale_plan_beyond_a_day(tmp_path, capsys, monkeypatch):
    """`--dry-run`'s paper line says a GPU is needed only when the plan costs more than a day of
    this CPU: DPAO-PFL's 4-client FEMNIST column runs its paper scale on the CPU in under an hour."""
    import copfl.reproduce.dry_run as dry_run

    data = write_balanced_cifar(tmp_path / "data")
    args = ["reproduce", "table3", "--dry-run", "--columns", "cifar10-10", "--data-dir", str(data), "--out", str(tmp_path / "o")]
    lines = {}
    for limit in (0, 10**9):
        monkeypatch.setattr(dry_run, "GPU_ADVISED_SECONDS", limit)
        assert main(args) == 0
        lines[limit] = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("  paper"))
    assert lines[0].endswith(": more than a day on this CPU: the paper scale needs a GPU")
    assert "GPU" not in lines[10**9] and lines[10**9] == lines[0].removesuffix(": more than a day on this CPU: the paper scale needs a GPU")
