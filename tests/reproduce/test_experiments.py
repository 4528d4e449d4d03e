"""copfl.reproduce.experiments: each experiment's cells (rows x columns) follow its paper's protocol, and
every committed report is planned again by its experiment."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from copfl.execution.config import RunConfig
from copfl.reproduce.experiments import added_cells, experiment_cells
from copfl.reproduce.cells import scale_samples
from copfl.reproduce.plan import plan_runs

ROOT = Path(__file__).resolve().parents[2]


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


def test_robustness_cells_cover_every_method_attack_and_fraction():
    from copfl.reproduce.experiments import ROBUSTNESS_ATTACKS, ROBUSTNESS_FRACTIONS, ROBUSTNESS_METHODS

    _, cells = experiment_cells("robustness", tune=False)
    assert len(cells) == len(ROBUSTNESS_METHODS) * (1 + len(ROBUSTNESS_ATTACKS) * len(ROBUSTNESS_FRACTIONS))
    defended = [c for c in cells if c.row == "CO-PFL defended"]
    assert all(dict(c.options)["defense"] == "reject" and dict(c.options)["p"] == 0.25 for c in defended)
    c = next(c for c in cells if c.row == "FedAvg + median" and c.col == "collude 30%")
    assert dict(c.run_options) == {"robust": "median", "attack": "collude", "attackers": 0.3}
    assert all(c.setting.key == "cifar10-10" for c in cells)  # the CO-PFL CIFAR-10 protocol


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


def test_dpao_hparams_and_overhead_cells_share_table3s_runs(tmp_path):
    _, hp = experiment_cells("dpao-hparams", tune=True)
    assert {c.group for c in hp} == {"eta", "alpha", "lambda"} and all(c.algorithm == "dpao-pfl" for c in hp)
    assert {c.lrs[0] for c in hp if c.group == "eta"} == {0.1, 0.01, 0.001, 0.0001}
    _, over = experiment_cells("dpao-overhead", tune=True)
    _, t3 = experiment_cells("dpao-table3", tune=True)
    a, _ = plan_runs(over, "cpu", 1, tmp_path, None, None, None, False)
    b, _ = plan_runs(t3, "cpu", 1, tmp_path, None, None, None, False)
    assert len(a) == 8 and {r.folder for r in a} <= {r.folder for r in b}  # the same runs as Table 3
