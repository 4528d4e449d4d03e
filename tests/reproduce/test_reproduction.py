"""`copfl reproduce EXPERIMENT --scale smoke` end to end (copfl.reproduce.reproduction): each
experiment's runs and report, resumed without recomputing."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

from copfl.cli import main
from copfl.reproduce import paper
from copfl.reproduce.experiments import experiment_cells
from copfl.reproduce.plan import plan_runs

from helpers import write_balanced_cifar, write_letters_femnist


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


def test_top_seeds_below_one_is_refused(tmp_path):
    from copfl.reproduce.reproduction import reproduce

    with pytest.raises(ValueError, match="--top-seeds must be >= 1, got 0"):
        reproduce("table2", scale="smoke", out=tmp_path, top_seeds=0, dry_run=True)
