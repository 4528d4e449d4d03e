"""`copfl reproduce EXP --tune N` (issue 38): what is tuned and held, the side-by-side report
with rho by hand, --lr-grid keeping run identities, the dry run's cost, and each tuned paper
table at smoke scale."""

import json
import math
import re
from pathlib import Path

import pytest

from copfl.cli import main
from copfl.reproduce import explanations
from copfl.reproduce.experiments import EXPERIMENTS, experiment_cells
from copfl.reproduce.cells import Setting
from copfl.reproduce.plan import plan_runs, setting_run_options
from copfl.reproduce.tuned import fixed_knobs, plan_tuning, reuse_note, tuned_cell, tuning_base, tuning_cost
from copfl.reproduce.tuned_report import column_rho, column_spread, render_tuned_markdown, side_by_side, swapped_pairs, swaps_section, tuned_document
from helpers import write_balanced_cifar, write_letters_femnist


def cells_of(name, key, grid=True):
    return [c for c in experiment_cells(name, grid)[1] if c.setting.key == key]


# ----------------------------------------------------------------------------- what is searched
def test_tuning_holds_what_the_experiment_fixes_and_searches_the_rate():
    co, fedavg = (next(c for c in cells_of("table2", "cifar10-10") if c.algorithm == a) for a in ("co-pfl", "fedavg"))
    # CO-PFL: the paper's p and gamma and the tables' shared batch-norm statistics held; the rate searched
    assert fixed_knobs(co, {}) == {"bn_stats": "shared", "gamma": 0.5, "p": 0.25}
    assert fixed_knobs(fedavg, {}) == {}
    # pFedSV's protocol: plain SGD, so momentum is held at 0 for every method (all search it)
    pf = cells_of("pfedsv-table1", "mnist-10-pathological")
    st = pf[0].setting
    by_alg = {c.algorithm: fixed_knobs(c, setting_run_options(st, "cpu")) for c in pf}
    assert by_alg["fedavg"] == {"momentum": 0.0} and by_alg["pfedsv"] == {"momentum": 0.0} and by_alg["pfedme"] == {"momentum": 0.0, "personal_lr": 0.01}
    # an ablation's switch is held: each Table III row tunes its own score
    t3 = {c.row: fixed_knobs(c, {}) for c in cells_of("table3", "cifar10-10")}
    assert {v["score"] for v in t3.values()} == {"both", "grad", "pred", "uniform"} and all("lr" not in v for v in t3.values())


def test_resnet_rows_reuse_the_cnn_studies_of_table2(tmp_path):
    """The ResNet study's tuning problem is Table II's column with the CNN: the same folder and,
    for the methods both run, the same study."""
    t2 = plan_tuning(cells_of("table2", "cifar10-10"), "cpu", tmp_path, None, None, None, False)["cifar10-10"]
    rn = plan_tuning(cells_of("copfl-resnet", "cifar10-10"), "cpu", tmp_path, None, None, None, False)["cifar10-10"]
    assert rn.folder == t2.folder and rn.base.model == "cnn" and rn.base.rounds == 100 and rn.base.val_fraction > 0
    assert {"fedavg", "local", "co-pfl--bn_stats-shared_gamma-0.5_p-0.25"} <= set(rn.studies) & set(t2.studies)
    assert "co-pfl--bn_stats-local_gamma-0.5_p-0.25" in rn.studies  # a row that changes a run option tunes on its own
    runs, _ = plan_runs(cells_of("copfl-resnet", "cifar10-10"), "cpu", 1, tmp_path, None, None, None, False)
    assert reuse_note(rn, runs) == "model cnn -> resnet18, width 1.0 -> 0.5, rounds 100 -> 200"


def test_workers_and_threads_reach_every_run_and_trial_but_not_their_identity(tmp_path):
    """`reproduce --threads/--workers/--ray-address` (issue 40): every planned run and every
    column's tuning problem runs with them, in the same folders as without them (they never
    change what a run computes), so a reproduction can be resumed with other values."""
    from copfl.reproduce.plan import Runtime

    rt = Runtime(threads=1, workers=2, ray_address="10.0.0.1:6379")
    cells = cells_of("table2", "cifar10-10")
    plain, _ = plan_runs(cells, "cpu", 1, tmp_path, None, None, None, False)
    ray_runs, _ = plan_runs(cells, "cpu", 1, tmp_path, None, None, rt, False)
    assert [r.folder for r in ray_runs] == [r.folder for r in plain] and len(plain) > 10
    assert {(r.cfg.threads, r.cfg.workers, r.cfg.ray_address) for r in ray_runs} == {(1, 2, "10.0.0.1:6379")}
    assert {(r.cfg.threads, r.cfg.workers, r.cfg.ray_address) for r in plain} == {(None, 1, None)}
    col = plan_tuning(cells, "cpu", tmp_path, None, None, rt, False)["cifar10-10"]
    assert col.folder == plan_tuning(cells, "cpu", tmp_path, None, None, None, False)["cifar10-10"].folder
    assert (col.base.workers, col.base.ray_address, col.base.threads) == (2, "10.0.0.1:6379", 1)


def test_a_full_data_row_tunes_on_its_capped_problem():
    st = Setting("mnist", 10, partition="pathological", run=(("model", "cnn"),), tune_run=(("train_per_client", 500),))
    assert tuning_base(st, "cpu", None, None, None, False).train_per_client == 500


def test_a_tuned_cell_runs_the_tuned_values_at_one_rate(tmp_path):
    fedavg = next(c for c in cells_of("table2", "cifar10-10") if c.algorithm == "fedavg")
    assert len(fedavg.lrs) == 3  # the paper's grid in the default row
    t = tuned_cell(fedavg, {"lr": 0.02, "momentum": 0.9})
    assert t.lrs == (0.02,) and dict(t.run_options) == {"momentum": 0.9} and not t.tuned
    (run,), _ = plan_runs([t], "cpu", 1, tmp_path, None, None, None, False)
    assert (run.cfg.lr, run.cfg.momentum, run.cfg.model) == (0.02, 0.9, "cnn")
    co = tuned_cell(next(c for c in cells_of("table2", "cifar10-10") if c.algorithm == "co-pfl"), {"lr": 3e-4})
    assert dict(co.options) == {"p": 0.25, "gamma": 0.5} and co.lrs == (3e-4,)


# ----------------------------------------------------------------------------- the report
def doc_cell(row, col, paper, ours, group=""):
    return {"group": group, "row": row, "col": col, "paper": paper, "ours": ours, "ours_std": 0.0, "chosen_lr": 0.01, "tuned": True,
            "status": "done"}


def test_report_puts_paper_default_and_tuned_side_by_side_with_rho_by_hand(monkeypatch):
    paper = {"A": 80.0, "B": 70.0, "C": 60.0, "D": 50.0}
    default = {"A": 50.0, "B": 60.0, "C": 70.0, "D": 80.0}  # the paper's order reversed: rho -1
    tuned = {"A": 79.0, "B": 72.0, "C": 55.0, "D": 58.0}  # ranks 4 3 1 2 against 4 3 2 1: sum d^2 = 2, rho = 1 - 6*2/(4*15) = 0.8
    col = "CIFAR10, 10 clients"
    defaults = [doc_cell(r, col, paper[r], default[r]) for r in paper] + [doc_cell("A", "M=10", 40.0, 30.0, group="CIFAR10")]
    tuned_docs = [doc_cell(r, col, paper[r], tuned[r]) for r in paper] + [doc_cell("A", "M=10", 40.0, 47.5, group="CIFAR10")]
    info = {("", r, col): {"values": {"lr": 0.05}, "done": 12, "complete": True, "val_acc": 0.7, "pruned": 3, "label": "x"} for r in paper}
    monkeypatch.setitem(explanations.EXPLANATIONS, ("table2", "CIFAR10 / M=10", "A"), "measured: the cap")
    monkeypatch.setitem(explanations.EXPLANATIONS, ("table2", col, "B"), "measured: a swap")  # 2 points off: listed apart
    cells = side_by_side("table2", defaults, tuned_docs, info)
    assert [(c["row"], c["paper"], c["default"], c["tuned"]) for c in cells[:4]] == [(r, paper[r], default[r], tuned[r]) for r in paper]
    assert set(cells[0]) >= {"row", "column", "paper", "default", "tuned", "explanation"} and cells[0]["explanation"] == ""
    # |tuned - paper| > 5 without an explanation is flagged; C is 5 points off (not more); the sub-table's A is explained
    assert [c["flag"] for c in cells] == [False, False, False, True, False]
    assert cells[4]["column"] == "CIFAR10 / M=10" and cells[4]["explanation"] == "measured: the cap"
    rho = column_rho(cells)
    assert rho[col]["default"] == pytest.approx(-1.0) and rho[col]["tuned"] == pytest.approx(0.8)
    assert rho["CIFAR10 / M=10"] == {"default": None, "tuned": None}  # one cell: no rank correlation
    doc = tuned_document({"experiment": "table2", "title": "T", "source": "Table II", "paper": "CO-PFL", "scale": "cpu", "scale_note": "n",
                          "seeds": 1, "lr_grid": True, "tune": True, "command": "copfl reproduce table2 --tune 12", "note": "",
                          "environment": {"copfl": "0", "torch": "0", "python": "3", "platform": "p"}, "cells": defaults},
                         tuned_docs, info, {"trials": 12, "scale": "cpu", "reused": {"cifar10-10": "model cnn -> resnet18"}})
    assert doc["unexplained"] == [{"row": "D", "column": col}] and doc["rho"] == rho and "tune" not in doc
    json.dumps(doc)  # JSON as it is
    md = render_tuned_markdown(doc)
    assert "**Tuned on validation (12 trials)**" in md and "selected on test data" in md
    assert "reused on final rows that differ from the problem they were tuned on: cifar10-10: model cnn -> resnet18" in md
    assert "| D | 50.00 | 80.00 | 58.00 ! | +8.00 |" in md and "| C | 60.00 | 70.00 | 55.00 | -5.00 |" in md
    assert "Spearman rho against the paper: default -1.00, tuned 0.80." in md
    assert "| CIFAR10, 10 clients | A | 0.01 | lr=0.05 | 70.00 | 12 (3) |" in md
    assert "- CIFAR10, 10 clients, D: tuned 58.00, paper 50.00 (+8.00): **no explanation yet**" in md
    assert "- CIFAR10 / M=10, A: tuned 47.50, paper 40.00 (+7.50): measured: the cap" in md
    assert "## Other cells explained (their place in the ranking)\n\n- CIFAR10, 10 clients, B: tuned 72.00, paper 70.00: measured: a swap" in md
    # the one swap: C over D in the paper (60 vs 50), D over C tuned (58 vs 55); one seed, neither explained
    assert doc["swaps"] == [{"column": col, "above": "C", "below": "D", "paper": [60.0, 50.0], "tuned": [55.0, 58.0], "gap": 3.0,
                             "noise": None, "pooled": False, "within_noise": False, "explained": [], "flag": True}]
    assert doc["unexplained_swaps"] == [{"column": col, "above": "C", "below": "D"}]
    assert ("- CIFAR10, 10 clients: C over D in the paper (60.00 vs 50.00), under it here (55.00 vs 58.00): 3.00 points, "
            "one seed, spread unknown; **no explanation yet** !") in md


def test_report_says_how_many_seeds_diverged_and_left_the_mean():
    col = "CIFAR10, 10 clients"
    d = {**doc_cell("A", col, 84.15, 83.20), "ours_std": 0.64, "seeds": 2, "diverged_seeds": 1}  # seed 2 diverged: the mean is seeds 0-1's
    t = {**doc_cell("A", col, 84.15, 82.93), "ours_std": 1.43, "seeds": 3}
    (cell,) = side_by_side("table2", [d], [t], {})
    assert (cell["default_diverged_seeds"], cell["tuned_diverged_seeds"]) == (1, 0)
    doc = tuned_document({"experiment": "table2", "title": "T", "source": "Table II", "paper": "CO-PFL", "scale": "cpu", "scale_note": "n",
                          "seeds": 1, "lr_grid": False, "tune": True, "command": "c", "note": "",
                          "environment": {"copfl": "0", "torch": "0", "python": "3", "platform": "p"}, "cells": [d]},
                         [t], {}, {"trials": 12, "scale": "cpu", "reused": {}})
    md = render_tuned_markdown(doc)
    assert "| A | 84.15 | 83.20 ± 0.64 (1 diverged) | 82.93 ± 1.43 | -1.22 |" in md
    assert "`(n diverged)`: n more seeds' training diverged" in md


def test_a_column_kept_from_earlier_runs_says_it_is_not_tuned():
    """--columns A in an --out where column B's default runs had all finished: B is reported with its
    default rows, and the report says it was not chosen and so not tuned (not "not tuned yet")."""
    a = {**doc_cell("Separate", "A col", 74.05, 97.73), "setting": "a"}
    b = {**doc_cell("Separate", "B col", 74.05, 69.25), "setting": "b"}
    t = {**doc_cell("Separate", "A col", 74.05, 97.88), "setting": "a"}
    info = {("", "Separate", "A col"): {"values": {"lr": 0.07}, "done": 12, "complete": True, "val_acc": 0.97, "pruned": 9, "label": "x"}}
    doc = tuned_document({"experiment": "pfedsv-table2", "title": "T", "source": "Table 2", "paper": "pFedSV", "scale": "cpu",
                          "scale_note": "n", "seeds": 1, "lr_grid": False, "tune": True, "command": "c", "note": "",
                          "columns_kept": ["b"], "columns_left_out": ["c"],
                          "environment": {"copfl": "0", "torch": "0", "python": "3", "platform": "p"}, "cells": [a, b]},
                         [t], info, {"trials": 12, "scale": "cpu", "reused": {}})
    md = render_tuned_markdown(doc)
    assert "| B col | Separate | 0.01 | not tuned: column not chosen with `--columns` | - | 0 (0) |" in md
    assert "| A col | Separate | 0.01 | lr=0.07 | 97.00 | 12 (9) |" in md
    section_b = md.split("## B col")[1].split("##")[0]
    assert "Not chosen with `--columns`: its default rows only" in section_b and "| Separate | 74.05 | 69.25 | - | - |" in section_b
    assert "Not chosen with `--columns`" not in md.split("## A col")[1].split("## B col")[0]
    assert "finished in the same `--out`: `b`." in md and "Not run: `c`." in md


def test_swapped_pairs_weigh_the_gap_against_the_seeds_spread():
    def cell(row, paper, tuned, std, seeds, why=""):
        return {"column": "c", "row": row, "paper": paper, "tuned": tuned, "tuned_std": std, "tuned_seeds": seeds, "explanation": why}
    cells = [cell("A", 90.0, 80.0, 3.0, 3), cell("B", 85.0, 84.0, 4.0, 3), cell("C", 80.0, 86.0, 0.0, 1, "measured: a cap"),
             cell("D", 75.0, 70.0, None, None), cell("E", 75.0, 60.0, 1.0, 3)]
    swaps = {(s["above"], s["below"]): s for s in swapped_pairs(cells, seeds=1)}
    # A-B: gap 4 <= hypot(3, 4) = 5, both 3 seeds: noise; A-C and B-C: C explained (its one seed takes the column's
    # pooled std, sqrt((9 + 16 + 1) / 3)); D-E tie in the paper: no swap
    assert set(swaps) == {("A", "B"), ("A", "C"), ("B", "C")}
    assert swaps["A", "B"]["noise"] == pytest.approx(5.0) and swaps["A", "B"]["within_noise"] and not swaps["A", "B"]["flag"]
    assert swaps["A", "C"]["noise"] == pytest.approx(math.hypot(3, math.sqrt(26 / 3))) and swaps["A", "C"]["pooled"]
    assert swaps["A", "C"]["explained"] == ["C"] and not swaps["A", "C"]["flag"]
    assert swaps["B", "C"]["gap"] == pytest.approx(2.0)
    # the same A-B gap beyond a tighter spread (hypot(1, 1) = 1.41) is flagged
    cells[0]["tuned_std"], cells[1]["tuned_std"] = 1.0, 1.0
    ab = next(s for s in swapped_pairs(cells) if (s["above"], s["below"]) == ("A", "B"))
    assert ab["noise"] == pytest.approx(math.sqrt(2)) and not ab["within_noise"] and ab["flag"]


def test_a_one_seed_cell_takes_its_columns_pooled_seed_spread():
    def cell(row, paper, tuned, std=None, seeds=1, col="c"):
        return {"column": col, "row": row, "paper": paper, "tuned": tuned, "tuned_std": std, "tuned_seeds": seeds, "explanation": ""}
    # column c: A and B ran 3 seeds (std 1 and 7): pooled sqrt((1 + 49) / 2) = 5; C and D one seed each
    cells = [cell("A", 99.0, 90.0, 1.0, 3), cell("B", 98.0, 80.0, 7.0, 3), cell("C", 97.0, 93.0), cell("D", 96.0, 99.0),
             cell("E", 90.0, 50.0, col="d"), cell("F", 80.0, 52.0, col="d")]  # column d: no cell ran more than one seed
    assert column_spread(cells) == {"c": pytest.approx(5.0), "d": None}
    swaps = {(s["above"], s["below"]): s for s in swapped_pairs(cells)}
    # A-C: gap 3 against hypot(1, 5) = 5.10 (C pooled): within; C-D: gap 6 against hypot(5, 5) = 7.07: within
    assert swaps["A", "C"]["noise"] == pytest.approx(math.hypot(1, 5)) and swaps["A", "C"]["pooled"] and not swaps["A", "C"]["flag"]
    assert swaps["C", "D"]["noise"] == pytest.approx(math.hypot(5, 5)) and swaps["C", "D"]["within_noise"]
    # A-D: gap 9 beyond hypot(1, 5): flagged; B over C? paper 98 > 97, tuned 80 < 93: gap 13 beyond hypot(7, 5)
    assert swaps["A", "D"]["flag"] and swaps["B", "C"]["flag"] and not swaps["B", "C"]["within_noise"]
    assert swaps["E", "F"]["noise"] is None and not swaps["E", "F"]["pooled"] and swaps["E", "F"]["flag"]
    doc = {"swaps": [swaps["A", "C"], swaps["E", "F"]], "seed_spread": column_spread(cells)}
    md = "\n".join(swaps_section(doc))
    assert "3.00 points, within the seeds' spread (5.10; a one-seed cell at the column's pooled 5.00); **no explanation yet**\n" in md
    assert "2.00 points, one seed, spread unknown; **no explanation yet** !" in md


def test_every_explanation_names_a_cell_of_its_experiment():
    for (name, column, row) in explanations.EXPLANATIONS:
        _, cells = experiment_cells(name, True)
        assert (column, row) in {(f"{c.group} / {c.col}" if c.group else c.col, c.row) for c in cells}, (name, column, row)


# ----------------------------------------------------------------------------- the CLI
def planned(text):
    return re.findall(r"^(?:finished|to run|skipped|left out) +(\S+)$", text, re.M)


def test_lr_grid_plans_the_runs_the_old_tune_did(tmp_path, capsys):
    """--lr-grid is the old --tune: the same runs, named and hashed as before, so finished runs
    are reused (names pinned: those of the committed table2 report, made before copfl held out
    validation data by default; issue 38 runs the paper tables without it again, so that
    report's runs are planned again); --no-tune still means --no-lr-grid."""
    base = ["reproduce", "table2", "--columns", "cifar10-10", "--list", "--out", str(tmp_path), "--data-dir", str(tmp_path)]
    assert main([*base, "--lr-grid"]) == 0
    grid = planned(capsys.readouterr().out)
    assert len(grid) == 23 and {"cifar10-10-co-pfl-lr0.0001-seed0-aa5b8c4928", "cifar10-10-fedavg-lr0.01-seed0-1231bab5d9"} <= set(grid)
    assert main(base) == 0 and planned(capsys.readouterr().out) == grid  # on by default at cpu scale
    assert main([*base, "--no-lr-grid"]) == 0
    one = planned(capsys.readouterr().out)
    assert main([*base, "--no-tune"]) == 0
    out = capsys.readouterr()
    assert planned(out.out) == one and len(one) == 8 and "--no-tune is now --no-lr-grid" in out.err
    assert main([*base, "--no-tune", "--tune", "2"]) == 2 and "write --no-lr-grid" in capsys.readouterr().err
    assert main([*base, "--tune"]) == 2 and "the old --tune, is --lr-grid" in capsys.readouterr().err


def test_dry_run_prices_the_tuning_and_the_tuned_runs(tmp_path, capsys):
    data = write_balanced_cifar(tmp_path / "data")
    base = ["reproduce", "table2", "--columns", "cifar10-10", "--dry-run", "--out", str(tmp_path / "rep"), "--data-dir", str(data)]
    assert main([*base, "--tune", "12"]) == 0
    text = capsys.readouterr().out
    assert re.search(r"^tuning \(--tune 12: each method of each column on validation data, its cpu-scale problem", text, re.M)
    assert re.search(r"^  8 studies, 96 trials to run \(0 finished\): about \d+ (min|h)$", text, re.M)
    assert re.search(r"^  tuned final runs: 8 to run \(0 finished; 8 wait for their tuning, priced as their default rows\): about \d+ min$", text, re.M)
    assert re.search(r"^  tuning and tuned runs together: about \d+ (min|h)", text, re.M)
    assert not (tmp_path / "rep").exists()  # a dry run writes nothing


# ----------------------------------------------------------------------------- smoke scale
def test_table2_tuned_smoke_reuses_the_default_runs_and_resumes(tmp_path, capsys):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    args = ["reproduce", "table2", "--scale", "smoke", "--columns", "cifar10-10", "--data-dir", str(data), "--out", str(out), "--threads", "1"]
    assert main(args) == 0  # the default rows, made before tuning
    capsys.readouterr()
    assert main([*args, "--tune", "2"]) == 0
    text = capsys.readouterr().out
    # the default row's runs are reused, and so are they where a tuned cell runs what a default cell
    # ran (a study's trial 0 is the default setting: where it scored best, CO-PFL's)
    assert "15 runs, 8 already finished, 7 to run" in text
    doc = json.loads((out / "table2-tuned.json").read_text())
    assert doc["tuning"]["trials"] == 2 and doc["tuning"]["scale"] == "smoke" and len(doc["cells"]) == 8
    for c in doc["cells"]:
        assert c["default"] is not None and c["tuned"] is not None and c["tuning"]["done"] == 2 and "lr" in c["tuned_values"]
    assert set(doc["rho"]["CIFAR10, 10 clients"]) == {"default", "tuned"}
    (folder,) = (out / "tune").iterdir()
    assert folder.name.startswith("cifar10-10-smoke-") and {"study.db", "best.json", "tune.md"} <= {p.name for p in folder.iterdir()}
    best = (folder / "best.json").read_bytes()
    assert main([*args, "--tune", "2"]) == 0  # again: nothing tuned or run
    assert "15 runs, 15 already finished, 0 to run" in capsys.readouterr().out and (folder / "best.json").read_bytes() == best
    assert "tuned on validation" in (out / "table2-tuned.md").read_text().lower()


def test_processes_sharing_an_out_tune_a_columns_methods_side_by_side(tmp_path):
    """Each study is claimed on its own: a process skips the studies another one holds and
    tunes the rest, so that two processes on one --out split a column's methods between them;
    the column's best.json then lists every study started there."""
    from copfl.reproduce.runner import claim_run, prepare_tuning, study_claim

    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    cells = cells_of("table2", "cifar10-10", grid=False)
    cells = [c for c in cells if c.algorithm in ("local", "fedavg", "co-pfl")]
    logs = []
    plan = plan_tuning(cells, "smoke", out, str(data), None, None, False)
    (col,) = plan.values()
    held = col.label_of[next(c for c in cells if c.algorithm == "co-pfl")]
    with claim_run(study_claim(col, held)):  # "another process" is tuning CO-PFL
        mode = prepare_tuning(cells, ["cifar10-10"], "smoke", 2, "smoke", out, (str(data), None, None, False), True, {}, logs.append)
    assert any(f"another process is tuning {held}" in m for m in logs)
    assert {c.algorithm for c in mode.cells} == {"local", "fedavg"}  # CO-PFL's tuned row waits for its study
    assert set(json.loads((col.folder / "best.json").read_text())) == {"local", "fedavg"}
    first = mode
    assert not first.refresh()  # nothing new yet
    logs.clear()
    mode = prepare_tuning(cells, ["cifar10-10"], "smoke", 2, "smoke", out, (str(data), None, None, False), True, {}, logs.append)
    assert {c.algorithm for c in mode.cells} == {"local", "fedavg", "co-pfl"}
    assert any("1 method left to tune" in m for m in logs)
    assert set(json.loads((col.folder / "best.json").read_text())) == {"local", "fedavg", held}
    # the first process, reading the studies again, finds the study the other one finished
    assert first.refresh() and {c.algorithm for c in first.cells} == {"local", "fedavg", "co-pfl"}


@pytest.mark.slow  # a whole table end to end: seconds (CI's slow step; table2's smoke stays in the fast step)
def test_dpao_table3_tuned_smoke(tmp_path):
    write_letters_femnist(tmp_path, 1500)
    out = tmp_path / "rep"
    assert main(["reproduce", "dpao-table3", "--scale", "smoke", "--columns", "femnist-4-a-j", "--tune", "2", "--data-dir", str(tmp_path),
                 "--cache-dir", str(tmp_path / "c"), "--out", str(out), "--threads", "1"]) == 0  # fmt: skip
    doc = json.loads((out / "dpao-table3-tuned.json").read_text())
    assert len(doc["cells"]) == 7 and all(c["default"] is not None and c["tuned"] is not None for c in doc["cells"])
    # the ablations keep their switch: one study per row
    assert len({c["tuning"]["label"] for c in doc["cells"]}) == 7


@pytest.mark.slow  # whole processes / a whole table: seconds each (CI's slow step)
def test_pfedsv_table1_tuned_smoke(tmp_path):
    data = write_balanced_cifar(tmp_path / "data")
    out = tmp_path / "rep"
    assert main(["reproduce", "pfedsv-table1", "--scale", "smoke", "--columns", "cifar10-10-pathological", "--tune", "2",
                 "--data-dir", str(data), "--out", str(out), "--threads", "1"]) == 0  # fmt: skip
    doc = json.loads((out / "pfedsv-table1-tuned.json").read_text())
    assert len(doc["cells"]) == 11 and all(c["tuned"] is not None for c in doc["cells"])
    fedavg = next(c for c in doc["cells"] if c["row"] == "FedAvg")
    assert fedavg["tuning"]["label"] == "fedavg--momentum-0.0" and "momentum" not in fedavg["tuned_values"]
    assert "Default row: the paper's settings, one learning rate per cell" in (out / "pfedsv-table1-tuned.md").read_text()


def test_every_experiment_plans_its_tuning():
    """Every study of every experiment: a problem with validation data, and fixed knobs its
    algorithm takes (the Tuner applies them to every trial)."""
    from dataclasses import replace

    from copfl.tuning.values import apply_params

    for name in EXPERIMENTS:
        _, cells = experiment_cells(name, True)
        cols = plan_tuning(cells, "cpu", Path("/tmp/none"), None, None, None, False)
        assert cols and all(col.studies and col.base.val_fraction > 0 for col in cols.values()), name
        for col in cols.values():
            for s in col.studies.values():
                apply_params(replace(col.base, algorithm=s.algorithm, options={}), s.fixed, s.label).resolved()


def test_a_column_that_differs_only_in_its_test_split_tunes_as_the_column_it_reads_again(tmp_path):
    """pFedSV Table 2 with FedGen's test split (--test-split balanced) trains and validates on the
    very data of the column it reads again (tests/data/test_partition.py), and tuning reads no test
    data: the two columns share one tuning problem, one folder and its studies; the final runs
    keep their own test split, and the report's reuse note says so."""
    _, cells = experiment_cells("pfedsv-table2", True)
    cols = plan_tuning(cells, "cpu", tmp_path, None, None, None, False)
    plain, balanced = cols["mnist-10-dir0.1"], cols["mnist-10-dir0.1-balanced-test"]
    assert balanced.folder == plain.folder and balanced.folder.name.startswith("mnist-10-dir0.1-cpu-")
    assert balanced.base == plain.base and plain.base.test_split == "proportional"
    assert balanced.studies == plain.studies and len(plain.studies) == 11
    assert cols["fashion-mnist-10-dir0.1"].folder != plain.folder  # other data: a problem of its own
    runs, _ = plan_runs([c for c in cells if c.setting.key == "mnist-10-dir0.1-balanced-test"][:1], "cpu", 1, tmp_path, None, None, None, False)
    assert runs[0].cfg.test_split == "balanced" and reuse_note(balanced, runs) == "test_split proportional -> balanced"
    assert reuse_note(plain, plan_runs([c for c in cells if c.setting.key == "mnist-10-dir0.1"][:1], "cpu", 1, tmp_path, None, None, None, False)[0]) == ""
    # priced once: the shared studies' trials are not counted twice
    assert tuning_cost([plain, balanced], 12)[0] == tuning_cost([plain], 12)[0] == 11 * 12
