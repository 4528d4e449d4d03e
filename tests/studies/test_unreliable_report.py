"""studies/study_unreliable.sh and studies/unreliable_report.py: the unreliable-clients
study (issue 42), its commands and its report, on real compare folders."""

import json
import os
import subprocess
from pathlib import Path

import pytest
from helpers import load_script

from copfl.cli import main

ROOT = Path(__file__).resolve().parents[2]
TINY = ["--rounds", "3", "--clients", "6", "--threads", "1"]


def _report():
    return load_script("studies/unreliable_report.py", "unreliable_report")


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    """Two settings of the study's layout, run for real on the embedded data set."""
    root = tmp_path_factory.mktemp("study")
    for setting, flags in (("reliable", []), ("dropout-0.5", ["--client-dropout", "0.5"])):
        out = root / "cifar10" / setting
        assert main(["compare", "--algorithms", "local,fedavg", "--seeds", "2", *TINY, *flags, "--out", str(out)]) == 0
    return root


def test_the_report_reads_each_setting_and_the_dropout_that_happened(study, tmp_path, capsys):
    rep = _report()
    doc = rep.summarize_problem(study / "cifar10")
    assert doc["settings"] == ["reliable", "dropout-0.5"] and doc["not_finished"] == ["dropout-0.2", "stragglers-0.3"]
    by = {m["method"]: m for m in doc["methods"]}
    assert list(by) == ["local", "fedavg"]  # the study's order
    for m, e in by.items():
        rows = {r["variant"]: r for r in json.loads((study / "cifar10" / "dropout-0.5" / "compare.json").read_text())["rows"]}
        assert e["dropout-0.5"]["selected_mean"] == rows[m]["selected_mean"]
        assert e["dropout-0.5"]["selected_change"] == pytest.approx(rows[m]["selected_mean"] - e["reliable"]["selected_mean"])
    up = doc["uploads"]
    # reliable runs record no availability columns; with dropout 0.5 some of the 6 clients x 3 rounds x 2 seeds did not
    # return, the same ones for both methods
    assert "reliable" not in up
    d = up["dropout-0.5"]
    assert d["selected"] == 36 and d["returned"] + d["dropped"] == 36 and 0 < d["dropped"] < 36 and d["differ"] == []
    counts = {}
    for m in ("local", "fedavg"):
        recs = [json.loads(x) for s in (0, 1) for x in (study / "cifar10" / "dropout-0.5" / f"seed-{s}" / m / "metrics.jsonl").read_text().splitlines() if x.strip()]
        counts[m] = [(r["returned"], r["dropped"]) for r in recs if "returned" in r]
    assert counts["local"] == counts["fedavg"] and sum(r for r, _ in counts["local"]) == d["returned"]
    # the files
    assert rep.main([str(study), "--out", str(tmp_path / "u")]) == 0
    md = (tmp_path / "u.md").read_text()
    assert "| method | reliable | dropout-0.5 |" in md and "Not finished yet: dropout-0.2, stragglers-0.3." in md
    assert f"- dropout-0.5: {d['returned']} of 36 selected" in md
    assert (tmp_path / "u.png").stat().st_size > 1000 and json.loads((tmp_path / "u.json").read_text())["problems"][0]["problem"] == "cifar10"


def test_a_method_whose_counts_differ_is_named(study, tmp_path):
    import shutil

    root = tmp_path / "r"
    shutil.copytree(study, root)
    path = root / "cifar10" / "dropout-0.5" / "seed-0" / "fedavg" / "metrics.jsonl"
    recs = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    first = next(r for r in recs if "returned" in r)
    first["returned"], first["dropped"] = first["returned"] + 1, first["dropped"] - 1
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    doc = _report().summarize_problem(root / "cifar10")
    assert doc["uploads"]["dropout-0.5"]["differ"] == ["fedavg"]
    assert "**counts differ for fedavg**" in _report().render({"problems": [doc], "added": []})
    # a run that has not completed (unfinished, or diverged: fewer rounds) is not compared
    summary = path.parent / "summary.json"
    summary.write_text(json.dumps({**json.loads(summary.read_text()), "status": "diverged"}))
    assert _report().summarize_problem(root / "cifar10")["uploads"]["dropout-0.5"]["differ"] == []


def test_added_rows_are_ranked_beside_the_papers(tmp_path):
    doc = {"paper": "CO-PFL", "added_rows": ["APFL"], "cells": [
        {"setting": "cifar10-10", "col": "CIFAR10, 10 clients", "row": "FedAvg", "algorithm": "fedavg", "ours": 33.3, "paper": 62.45, "seeds": 1},
        {"setting": "cifar10-10", "col": "CIFAR10, 10 clients", "row": "APFL", "algorithm": "apfl", "ours": 70.1, "paper": None, "seeds": 1},
        {"setting": "cifar10-10", "col": "CIFAR10, 10 clients", "row": "GPFL", "algorithm": "gpfl", "paper": None, "seeds": 1},
        {"setting": "cifar10-50", "col": "CIFAR10, 50 clients", "row": "APFL", "algorithm": "apfl", "ours": 10.0, "paper": None},
    ]}
    (tmp_path / "table2-added.json").write_text(json.dumps(doc))
    added = _report().added_rows(tmp_path)
    assert len(added) == 1 and added[0]["not_run"] == ["GPFL"]
    assert [(r["rank"], r["row"], r["added"]) for r in added[0]["rows"]] == [(1, "APFL", True), (2, "FedAvg", False)]
    md = _report().render({"problems": [], "added": added})
    assert "| 1 | **APFL** (added) | 70.10 | - |" in md and "| 2 | FedAvg | 33.30 | 62.45 |" in md
    assert "![" not in md
    assert "\n\n![selected accuracy of every method under each setting, per problem (mean ± std over seeds)](u.png)\n\n" in \
        _report().render({"problems": [], "added": added}, "u.png")


def _script(*args, dry=True):
    env = {**os.environ, "COPFL": "echo copfl", **({"DRY": "1"} if dry else {})}
    return subprocess.run(["bash", str(ROOT / "studies" / "study_unreliable.sh"), *args], env=env, capture_output=True, text=True)


def test_the_study_script_runs_what_its_header_says(tmp_path):
    done = _script("DATA", str(tmp_path / "o"), "2", "--threads", "1")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    cmds = [line for line in out.splitlines() if line.startswith("copfl ")]
    assert len(cmds) == 11 and all(c.endswith("--threads 1 --dry-run") for c in cmds)
    assert cmds[0].startswith("copfl reproduce table2 --scale cpu --columns cifar10-10 --add-algorithms apfl,fedala,fedrod,fedbabu,fedcac,gpfl,feddbe")
    assert cmds[1].startswith("copfl reproduce pfedsv-table1 --scale cpu --columns mnist-10-pathological --add-algorithms")
    femnist = [c for c in cmds if "--dataset femnist" in c]
    assert len(femnist) == 4 and all("--clients 20 " in c and "--rounds 30" in c for c in femnist)
    assert sum("--client-dropout 0.5" in c for c in cmds) == 2 and sum("--stragglers 0.3 --straggler-steps 1" in c for c in cmds) == 2
    assert all("--algorithms co-pfl,pfedsv,dpao-pfl,local,fedavg,ditto,apfl,fedala,fedrod --seeds 2" in c for c in cmds[2:10])
    # the follow-up: FedALA alone, one training step past its ALA's three W steps
    assert cmds[10].startswith("copfl compare --algorithms fedala --seeds 2 --dataset cifar10 ") and "--stragglers 0.3 --straggler-steps 4" in cmds[10]


def test_the_study_script_runs_every_task_in_jobs_without_extra_flags(tmp_path):
    """Not a dry run (copfl is `echo` here): every task starts and ends, JOBS at a time, with no
    extra flag at all (an empty array under `set -u`)."""
    done = _script("DATA", str(tmp_path / "o"), "3", dry=False)
    assert done.returncode == 0, done.stderr
    starts = [line for line in done.stdout.splitlines() if " start " in line]
    ends = [line for line in done.stdout.splitlines() if " done " in line]
    assert len(starts) == len(ends) == 11 and "FAILED" not in done.stdout
    logs = sorted(p.relative_to(tmp_path / "o").as_posix() for p in (tmp_path / "o").rglob("*.log"))
    assert "cifar10/reliable.log" in logs and "reproduce-table2.log" in logs and len(logs) == 11
    assert (tmp_path / "o" / "femnist" / "dropout-0.5.log").read_text().startswith("copfl compare --algorithms co-pfl,pfedsv")


@pytest.mark.parametrize("args, message", [(["DATA", "--threads", "1"], "OUT_ROOT '--threads' looks like a flag"),
                                           (["DATA", "out", "--threads", "1"], "JOBS must be a whole number >= 1, got '--threads'")])
def test_the_study_script_refuses_flags_in_place_of_out_root_or_jobs(args, message):
    done = _script(*args)
    assert done.returncode == 2 and message in done.stderr


def _curve_run(folder: Path, accs: dict[int, float], flops: int | None = None) -> None:
    folder.mkdir(parents=True)
    extra = {} if flops is None else {"train_flops": flops}
    (folder / "metrics.jsonl").write_text("".join(json.dumps({"round": r, "acc_mean": a, **extra}) + "\n" for r, a in accs.items()))
    (folder / "summary.json").write_text(json.dumps({"status": "completed"}))


def test_a_large_drop_is_read_against_the_reliable_curve_at_equal_updates(tmp_path):
    """Dropout 0.5 halves a client's training: the check reads the reliable runs at round
    rounds x share (mean over seeds, linear between evaluated rounds), and their gain over the
    last fifth of the rounds (hand-computed)."""
    rep = _report()
    rel = tmp_path / "reliable"
    _curve_run(rel / "seed-0" / "m", {r: 0.1 * r for r in range(1, 11)})
    _curve_run(rel / "seed-1" / "m", {r: 0.1 * r - 0.02 for r in range(1, 11)})
    e = rep.equal_updates(rel, "m", 0.5)
    assert e["target"] == 5.0 and e["rounds"] == 10 and e["seeds"] == 2 and e["gain_from"] == 8.0
    assert e["acc"] == pytest.approx((0.5 + 0.48) / 2) and e["final"] == pytest.approx((1.0 + 0.98) / 2)
    assert e["gain"] == pytest.approx((1.0 + 0.98) / 2 - (0.8 + 0.78) / 2)
    assert rep.equal_updates(rel, "m", 0.52)["acc"] == pytest.approx(0.49 + 0.2 * 0.1)  # between rounds 5 and 6
    # evaluated every other round: linear between rounds 4 and 6; before the first evaluation: no figure
    _curve_run(tmp_path / "sparse" / "seed-0" / "m", {r: 0.1 * r for r in range(2, 11, 2)})
    assert rep.equal_updates(tmp_path / "sparse", "m", 0.52)["acc"] == pytest.approx(0.52)
    assert rep.equal_updates(tmp_path / "sparse", "m", 0.1)["acc"] is None
    # a seed that stopped early is left out, not read at the wrong round; one seed in its own folder counts
    _curve_run(rel / "seed-2" / "m", {r: 0.0 for r in range(1, 6)})
    assert rep.equal_updates(rel, "m", 0.5)["seeds"] == 2
    _curve_run(tmp_path / "one" / "m", {r: 0.1 * r for r in range(1, 11)})
    assert rep.equal_updates(tmp_path / "one", "m", 0.5)["acc"] == pytest.approx(0.5)
    assert rep.equal_updates(tmp_path / "none", "m", 0.5) is None  # no completed runs
    # the report's line: how much of the drop the fewer updates account for (here 0.99 - 0.49 = 0.50 points of it)
    cell = {"selected_mean": 0.3, "selected_std": 0.0, "final_mean": 0.54, "final_std": 0.0, "final_change": -0.45, "selected_n": 2,
            "equal_updates": e}
    problem = {"problem": "p", "description": "", "settings": ["reliable", "dropout-0.5"], "seeds": 2, "uploads": {}, "not_finished": [],
               "methods": [{"method": "m", "reliable": {**cell, "final_mean": 0.99, "equal_updates": None}, "dropout-0.5": cell}]}
    md = rep.render({"problems": [problem], "added": []})
    assert ("- m, dropout-0.5: final 54.00 (-45.00). The reliable runs scored 49.00 at round 5.0 of 10 and 99.00 at the end: "
            "fewer updates account for all of the drop; the reliable runs still gained +20.00 points from round 8 to the end.") in md
    problem["methods"][0]["dropout-0.5"] = {**cell, "final_mean": 0.19, "final_change": -0.80}
    assert "fewer updates account for 50.00 of its 80.00 points;" in rep.render({"problems": [problem], "added": []})
    problem["methods"][0]["dropout-0.5"] = {**cell, "equal_updates": {**e, "acc": None, "target": 0.4}}
    assert "The reliable runs have no evaluation at or before round 0.4." in rep.render({"problems": [problem], "added": []})


def test_the_check_runs_for_a_large_dropout_drop_only(study, tmp_path):
    """summarize_problem attaches the check to a dropout cell whose final accuracy fell more than
    5 points from reliable, and to no other cell."""
    import shutil

    rep = _report()
    prob = tmp_path / "cifar10"
    shutil.copytree(study / "cifar10", prob)
    path = prob / "dropout-0.5" / "compare.json"
    doc = json.loads(path.read_text())
    reliable = {r["variant"]: r for r in json.loads((prob / "reliable" / "compare.json").read_text())["rows"]}
    for r in doc["rows"]:
        r["final_mean"] = reliable[r["variant"]]["final_mean"] - (0.2 if r["variant"] == "fedavg" else 0.01)
    path.write_text(json.dumps(doc))
    by = {m["method"]: m for m in rep.summarize_problem(prob)["methods"]}
    e = by["fedavg"]["dropout-0.5"]["equal_updates"]
    assert e["rounds"] == 3 and e["seeds"] == 2 and 0 < e["target"] < 3
    assert "equal_updates" not in by["local"]["dropout-0.5"] and "equal_updates" not in by["fedavg"]["reliable"]


def test_a_large_stragglers_drop_is_read_at_the_share_of_training_flops(tmp_path):
    """Stragglers: every upload arrives, so the check reads the reliable runs at rounds x (the
    method's training FLOPs as a share of its reliable runs', summed over the seeds that
    completed in both; hand-computed)."""
    rep = _report()
    prob = tmp_path / "cifar10"
    for s, accs in ((0, {r: 0.1 * r for r in range(1, 11)}), (1, {r: 0.1 * r - 0.02 for r in range(1, 11)})):
        _curve_run(prob / "reliable" / f"seed-{s}" / "m", accs, flops=100)
    _curve_run(prob / "stragglers-0.3" / "seed-0" / "m", {r: 0.05 * r for r in range(1, 11)}, flops=80)
    _curve_run(prob / "stragglers-0.3" / "seed-1" / "m", {r: 0.05 * r for r in range(1, 11)}, flops=70)
    _curve_run(prob / "stragglers-0.3" / "seed-2" / "m", {r: 0.0 for r in range(1, 11)}, flops=1)  # no reliable seed-2: left out
    assert rep.training_share(prob / "reliable", prob / "stragglers-0.3", "m") == pytest.approx((800 + 700) / 2000)
    _curve_run(tmp_path / "old" / "m", {1: 0.1})  # a run without the column
    assert rep.training_share(tmp_path / "old", prob / "stragglers-0.3", "m") is None
    row = {"variant": "m", "folder": "m", "setting": "default", "selected_std": 0.0, "final_std": 0.0, "selected_n": 2}
    for s, acc in (("reliable", 0.99), ("stragglers-0.3", 0.5)):
        (prob / s / "compare.json").write_text(json.dumps({"rows": [{**row, "selected_mean": acc, "final_mean": acc}]}))
    doc = rep.summarize_problem(prob)
    e = doc["methods"][0]["stragglers-0.3"]["equal_updates"]
    assert e["basis"] == "train_flops" and e["share"] == pytest.approx(0.75) and e["target"] == pytest.approx(7.5)
    assert e["acc"] == pytest.approx((0.75 + 0.73) / 2)  # the seeds' mean, between rounds 7 and 8
    md = rep.render({"problems": [doc], "added": []})
    assert ("- m, stragglers-0.3: final 50.00 (-49.00). The reliable runs scored 74.00 at round 7.5 of 10 (75.0% of the "
            "training FLOPs) and 99.00 at the end: the skipped local steps account for 25.00 of its 49.00 points;") in md
    # a follow-up folder (FOLLOW_UPS) is read beside the setting it varies, each seed's final accuracy from its curve
    assert doc["follow_ups"] == []
    # (the reliable runs read at its own share of training FLOPs: (2 x 10 x 90) / (2 x 10 x 100) = 0.9, round 9)
    follow = prob / "stragglers-0.3-steps-4"
    for s, last in ((0, 0.6), (1, 0.8)):
        _curve_run(follow / f"seed-{s}" / "m", {r: (last if r == 10 else 0.1) for r in range(1, 11)}, flops=90)
    (follow / "compare.json").write_text(json.dumps({"rows": [{**row, "selected_mean": 0.65, "final_mean": 0.7, "final_std": 0.1}]}))
    (f,) = rep.summarize_problem(prob)["follow_ups"]
    assert f["method"] == "m" and f["of"] == "stragglers-0.3" and f["final_per_seed"] == [0.6, 0.8]
    assert f["of_cell"] == {"final_mean": 0.5, "final_std": 0.0} and f["reliable_cell"] == {"final_mean": 0.99, "final_std": 0.0}
    assert f["equal_updates"]["share"] == pytest.approx(0.9) and f["equal_updates"]["acc"] == pytest.approx((0.9 + 0.88) / 2)
    md = rep.render({"problems": [rep.summarize_problem(prob)], "added": []})
    assert (": final 70.00 ± 10.00 (seeds: 60.00, 80.00), selected 65.00 ± 0.00; in stragglers-0.3 final 50.00 ± 0.00, reliable 99.00 ± 0.00. "
            "It did 90.0% of the reliable runs' training FLOPs; the reliable runs scored 89.00 at round 9.0.") in md
    # a seed that has not completed is named, not dropped from the list
    (follow / "seed-1" / "m" / "summary.json").write_text(json.dumps({"status": "running"}))
    assert rep.summarize_problem(prob)["follow_ups"][0]["final_per_seed"] == [0.6, None]
