"""`copfl reproduce --add-algorithms`: rows of methods the paper did not run, beside its rows."""

import json

import pytest

from copfl.cli import main
from copfl.reproduce import paper
from copfl.reproduce.experiments import EXPERIMENTS, added_cells, display_name, experiment_cells
from copfl.reproduce.experiments_pfedsv_dpao import pfedsv_lr
from copfl.reproduce.report import write_report
from copfl.reproduce.runner import top_seed_rows
from helpers import write_balanced_cifar


def test_added_rows_take_their_columns_fedavg_rates_and_no_paper_value():
    exp, cells = experiment_cells("table2", True)
    added = added_cells(exp, cells, ["apfl", "fedala"])
    columns = {c.setting.key for c in cells}
    assert len(added) == 2 * len(columns)
    assert {(c.algorithm, c.setting.key) for c in added} == {(a, k) for a in ("apfl", "fedala") for k in columns}
    assert all(c.added and c.paper is None and c.options == () and c.run_options == () for c in added)
    # with the rate grid: the paper's grid for its baselines, as FedAvg's row runs
    assert {c.lrs for c in added} == {paper.BASELINE_LRS}
    assert [c.row for c in added[:1]] == ["APFL"] and {c.row for c in added if c.algorithm == "fedala"} == {"FedALA"}
    # each added cell sits in its column: same setting and column label as the paper's rows
    fedavg = {c.setting.key: c for c in cells if c.algorithm == "fedavg"}
    assert all(c.col == fedavg[c.setting.key].col and c.setting == fedavg[c.setting.key].setting for c in added)
    # without the grid, the algorithm's own default rate
    exp, cells = experiment_cells("table2", False)
    assert {c.lrs for c in added_cells(exp, cells, ["apfl"])} == {(None,)}
    # pFedSV's tables fix one rate per data set for every method: the added rows run it too
    exp, cells = experiment_cells("pfedsv-table1", False)
    rates = {c.setting.key: c.lrs for c in added_cells(exp, cells, ["gpfl"])}
    assert rates == {c.setting.key: c.lrs for c in cells if c.algorithm == "fedavg"}
    assert rates["cifar10-10-pathological"] == (pfedsv_lr("cifar10"),) == (0.1,) and rates["mnist-10-pathological"] == (0.01,)


def test_an_algorithm_without_lr_runs_its_own_rates():
    exp, cells = experiment_cells("table2", True)
    assert {c.lrs for c in added_cells(exp, cells, ["pfedhn"])} == {(None,)}  # pFedHN takes no --lr (its own inner/hn rates)


def test_display_names():
    assert [display_name(a) for a in ("apfl", "fedala", "fedrod", "fedbabu", "fedcac", "gpfl", "feddbe", "pfedsv", "co-pfl")] == [
        "APFL", "FedALA", "FedRoD", "FedBABU", "FedCAC", "GPFL", "FedDBE", "pFedSV", "CO-PFL"]


@pytest.mark.parametrize(
    "experiment, algorithms, message",
    [
        ("pgamma", ["apfl"], "pgamma is a heatmap, not a table"),
        ("table3", ["apfl"], r"table3's rows are settings of one method \(co-pfl\)"),
        ("dpao-hparams", ["apfl"], r"dpao-hparams's rows are settings of one method \(dpao-pfl\)"),
        ("table2", ["nope"], "unknown algorithm 'nope'"),
        ("table2", ["fedavg"], "fedavg is already a row of table2"),
        ("table2", ["apfl", "apfl"], "apfl is named twice"),
    ],
)
def test_bad_additions_are_refused(experiment, algorithms, message):
    exp, cells = experiment_cells(experiment, False)
    with pytest.raises(ValueError, match=message):
        added_cells(exp, cells, algorithms)


def test_a_name_clash_keeps_rows_apart():
    exp, cells = experiment_cells("table2", False)
    clash = [c.__class__(c.group, "APFL", c.col, c.setting, "fedavg-ft") if c.algorithm == "fedavg-ft" else c for c in cells]
    rows = {c.row for c in added_cells(exp, clash, ["apfl"])}
    assert rows == {"APFL (apfl)"}


def test_top_seeds_never_choose_an_added_row():
    exp, cells = experiment_cells("table2", False)
    col = [c for c in cells if c.setting.key == "cifar10-10"]
    added = added_cells(exp, col, ["apfl"])
    figures = {c.row: 50.0 for c in col} | {"APFL": 99.0, "FedPAC": 60.0, "FedPer": 55.0}
    chosen = top_seed_rows("CO-PFL", col + added, lambda c: figures[c.row])
    assert [c.row for c in chosen] == ["CO-PFL", "FedPAC", "FedPer"]


def test_every_table_of_methods_takes_added_rows():
    takes = []
    for name, (exp, _) in EXPERIMENTS.items():
        _, cells = experiment_cells(name, False)
        if exp.kind == "table" and len({c.algorithm for c in cells}) > 1:
            assert len(added_cells(exp, cells, ["feddbe"])) == len({(c.group, c.setting.key) for c in cells})
            takes.append(name)
    assert takes == ["table2", "pfedsv-table1", "pfedsv-table2", "pfedsv-table3", "pfedsv-table4", "dpao-table3", "dpao-table4"]


def test_smoke_reports_the_added_rows_beside_the_papers_and_leaves_rho_alone(tmp_path, capsys):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    base = ["reproduce", "table2", "--scale", "smoke", "--columns", "cifar10-10", "--data-dir", str(data), "--out", str(out), "--threads", "1"]
    assert main(base) == 0
    plain = json.loads((out / "table2.json").read_text())
    capsys.readouterr()
    assert main([*base, "--add-algorithms", "apfl,fedbabu", "--dry-run"]) == 0
    assert "2 runs to do (one rate per cell; 8 already finished)" in capsys.readouterr().out
    assert main([*base, "--add-algorithms", "apfl,fedbabu"]) == 0
    log = capsys.readouterr().out
    assert "10 runs, 8 already finished, 2 to run" in log and "table2-added.md" in log
    doc = json.loads((out / "table2-added.json").read_text())
    rows = {c["row"]: c for c in doc["cells"] if c["setting"] == "cifar10-10"}
    assert set(rows) == set(paper.ALGORITHM_ROWS) | {"APFL", "FedBABU"}
    assert rows["APFL"]["status"] == "done" and rows["APFL"]["paper"] is None and 0.0 <= rows["APFL"]["ours"] <= 100.0
    # the paper's rows are the plain report's, and so is every rank correlation (the added rows have no paper value)
    before = {c["row"]: c["ours"] for c in plain["cells"] if c["setting"] == "cifar10-10"}
    assert {r: c["ours"] for r, c in rows.items() if r in before} == before
    assert doc["rankings"] == plain["rankings"] and "APFL" not in json.dumps(doc["rankings"])
    md = (out / "table2-added.md").read_text()
    assert "Rows added beside the paper's (`--add-algorithms`" in md and "APFL, FedBABU" in md
    assert "| APFL | " in md and (out / "table2-added.png").exists()
    assert doc["add_algorithms"] == ["apfl", "fedbabu"]  # what re-plans the added rows
    # the plain report is left as it was; run again, it lists only its own plot, not the added report's
    assert main(base) == 0
    again = json.loads((out / "table2.json").read_text())
    assert again["cells"] == plain["cells"] and "table2-added.png" not in (out / "table2.md").read_text()
    assert write_report(again, out, plots=False) == ["table2.png"]  # a write between runs keeps its own plots only


@pytest.mark.slow
def test_added_rows_are_tuned_like_the_papers(tmp_path):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    assert main(["reproduce", "table2", "--scale", "smoke", "--tune", "2", "--columns", "cifar10-10", "--add-algorithms", "apfl",
                 "--data-dir", str(data), "--out", str(out), "--threads", "1"]) == 0
    doc = json.loads((out / "table2-added-tuned.json").read_text())
    apfl = [c for c in doc["cells"] if c["row"] == "APFL"]
    assert len(apfl) == 1 and apfl[0]["paper"] is None and apfl[0]["default"] is not None and apfl[0]["tuned"] is not None
    assert "alpha_init" in apfl[0]["tuned_values"] and apfl[0]["tuning"]["label"] == "apfl" and apfl[0]["tuning"]["complete"]
    md = (out / "table2-added-tuned.md").read_text()
    assert "Rows added beside the paper's" in md and "| APFL | - |" in md
