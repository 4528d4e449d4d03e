"""studies/tuned_vs_default_report.py: the tuned-vs-default study's report (issue 37) reads one
compare folder per problem or, as studies/study_tuned_vs_default.sh lays it out, one per method."""

import json
import re
from pathlib import Path

import pytest
from helpers import ROOT, load_script

from copfl.app.variants import parse_row


def _report():
    return load_script("studies/tuned_vs_default_report.py", "tvd_report")


def _row(variant, setting, mean, std, params=None):
    return {"algorithm": variant, "variant": variant, "setting": setting, "params": params or {},
            "selected_mean": mean, "selected_std": std, "selected_n": 3, "final_mean": mean, "final_std": std,
            "tuning": {"trials": 20, "pruned": 7, "seconds": 754.2} if setting == "tuned" else None}


def _write(folder: Path, rows):
    folder.mkdir(parents=True)
    (folder / "compare.json").write_text(json.dumps({"rows": rows}))


def test_per_method_folders_merge_into_one_problem(tmp_path):
    prob = tmp_path / "mnist-dirichlet0.5-20"
    _write(prob / "local", [_row("local", "default", 0.90, 0.01), _row("local", "tuned", 0.92, 0.01, {"lr": 0.1})])
    _write(prob / "fedavg", [_row("fedavg", "default", 0.80, 0.02), _row("fedavg", "tuned", 0.95, 0.01, {"lr": 0.02})])
    _write(prob / "ditto", [_row("ditto", "default", 0.85, 0.01), _row("ditto", "tuned", 0.88, 0.01)])
    (prob / "pfedsv").mkdir()  # started, not finished: no compare.json yet
    out = _report().summarize(prob, ("local", "fedavg", "ditto", "pfedsv", "fedrep"))
    assert out["unfinished"] == ["pfedsv", "fedrep"]
    assert "Not finished yet (the study goes on; this table grows as it does): pfedsv, fedrep." in _report().markdown([out])
    by = {m["variant"]: m for m in out["methods"]}
    assert out["problem"] == "mnist-dirichlet0.5-20" and set(by) == {"local", "fedavg", "ditto"}
    assert by["fedavg"]["gain"] == pytest.approx(0.15)
    assert by["fedavg"]["behind_local"] is False
    # 0.88 < 0.92 - hypot(0.01, 0.01) = 0.9059: behind Local by more than the two stds together
    assert by["ditto"]["behind_local"] is True
    assert by["fedavg"]["params"] == {"lr": 0.02}
    md = _report().markdown([out])
    assert "| fedavg | 80.00 ± 2.00 | 95.00 ± 1.00 | +15.00 | lr=0.02 | 20 (7) | 12.6 min | - | no (+3.00) |" in md
    assert "| ditto | 85.00 ± 1.00 | 88.00 ± 1.00 | +3.00 | - | 20 (7) | 12.6 min | - | yes (-4.00) |" in md
    assert "within seed noise" not in md  # no row sits below Local within noise


def test_a_row_below_local_within_noise_is_named_with_its_distance(tmp_path):
    """DPAO-PFL on FEMNIST's shape: tuned mean below Local's by less than hypot(std, std_Local)."""
    prob = tmp_path / "femnist-natural-50"
    _write(prob / "local", [_row("local", "default", 0.62, 0.03), _row("local", "tuned", 0.6185, 0.0414)])
    _write(prob / "dpao-pfl", [_row("dpao-pfl", "default", 0.448, 0.02), _row("dpao-pfl", "tuned", 0.6004, 0.0199)])
    out = _report().summarize(prob)
    (m,) = [m for m in out["methods"] if m["variant"] == "dpao-pfl"]
    assert m["behind_local"] is False
    assert m["vs_local"] == pytest.approx(-0.0181)
    assert m["local_margin"] == pytest.approx((0.0414 ** 2 + 0.0199 ** 2) ** 0.5)  # 0.04593
    md = _report().markdown([out])
    assert "| no (-1.81, noise) |" in md
    assert "within seed noise (less than the two rows' stds combined, sqrt(std^2 + std_Local^2), below it): dpao-pfl -1.81 points (noise 4.59)." in md


def test_the_study_pfedsv_row_is_the_capped_variant_and_the_report_says_why(tmp_path):
    """Issue 37: pFedSV runs as pfedsv[topk=capped] (its explore rule priced at ~47 h on FEMNIST): the
    study's expected rows name that variant's key, and the report states it is not the defaults."""
    rep = _report()
    assert rep.STUDY_METHODS[-1] == "pfedsv--topk-capped"
    script = (Path(__file__).parents[2] / "studies/study_tuned_vs_default.sh").read_text()
    assert '"pfedsv[topk=capped]"' in script
    from copfl.app.variants import parse_row

    assert parse_row("pfedsv[topk=capped]").key == "pfedsv--topk-capped"  # the folder the script's bash mapping gives
    prob = tmp_path / "femnist-natural-50"
    _write(prob / "local", [_row("local", "default", 0.60, 0.01), _row("local", "tuned", 0.61, 0.01)])
    key = "pfedsv--topk-capped"
    _write(prob / key, [_row(key, "default", 0.50, 0.02), _row(key, "tuned", 0.55, 0.01, {"k0": 3})])
    out = rep.summarize(prob, rep.STUDY_METHODS)
    assert "pfedsv--topk-capped" not in out["unfinished"] and "ditto" in out["unfinished"]
    md = rep.markdown([out])
    assert "Rows run with a setting other than the method's defaults" in md
    assert "- **pfedsv--topk-capped**: pFedSV with its dynamic top-k capped at k0" in md
    plain = rep.markdown([rep.summarize(prob / "local", rep.STUDY_METHODS)])
    assert "Rows run with a setting other than" not in plain


def test_a_method_in_two_folders_is_refused(tmp_path):
    prob = tmp_path / "p"
    _write(prob / "a", [_row("fedavg", "tuned", 0.9, 0.0)])
    _write(prob / "b", [_row("fedavg", "tuned", 0.8, 0.0)])
    with pytest.raises(SystemExit, match="fedavg"):
        _report().summarize(prob)


def test_a_folder_without_results_is_a_clear_error(tmp_path):
    with pytest.raises(SystemExit, match="no compare.json"):
        _report().summarize(tmp_path)


def _run_folder(folder: Path, val_accs, train_loss, client_accs):
    folder.mkdir(parents=True)
    recs = [{"round": i + 1, "val_acc_mean": v, "train_loss": train_loss} for i, v in enumerate(val_accs)]
    (folder / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs))
    (folder / "clients.csv").write_text("client,accuracy\n" + "".join(f"{c},{a}\n" for c, a in enumerate(client_accs)))


def test_a_method_behind_local_is_diagnosed_from_its_runs(tmp_path):
    """Two seeds: FedAvg's validation accuracy peaks at the last round in both (still rising),
    its train loss is 4x Local's (underfits), 3 of its 4 client-seed pairs are below Local's, and
    its tuned rate is at the top of FedAvg's search range."""
    from copfl.algorithms.base import ALGORITHMS
    from copfl.algorithms.search_space import space_of

    top = space_of(ALGORITHMS["fedavg"])["lr"].high
    prob = tmp_path / "p"
    _write(prob / "local", [_row("local", "tuned", 0.92, 0.01, {"lr": 0.1}) | {"folder": "local+tuned"}])
    _write(prob / "fedavg", [_row("fedavg", "tuned", 0.80, 0.01, {"lr": top}) | {"folder": "fedavg+tuned"}])
    for seed, (mine, theirs) in enumerate((([0.5, 0.9], [0.9, 0.8]), ([0.6, 0.7], [0.7, 0.95]))):
        _run_folder(prob / "fedavg" / f"seed-{seed}" / "fedavg+tuned", [0.3, 0.5, 0.6], 0.8, mine)
        _run_folder(prob / "local" / f"seed-{seed}" / "local+tuned", [0.7, 0.8, 0.75], 0.2, theirs)
    by = {m["variant"]: m for m in _report().summarize(prob)["methods"]}
    why = by["fedavg"]["why"]
    assert why["seeds"] == 2 and why["rounds"] == 3 and why["peak_round"] == 3 and why["still_rising"] is True
    assert why["train_loss"] == pytest.approx(0.8) and why["train_loss_local"] == pytest.approx(0.2)
    assert why["clients_below_local"] == pytest.approx(0.75)  # 0.5<0.9, 0.9>0.8, 0.6<0.7, 0.7<0.95
    assert len(why["edge"]) == 1 and why["edge"][0].startswith("lr=") and "high end" in why["edge"][0]
    assert [r.split(":")[0].split(" ")[0] for r in why["reasons"]] == ["still", "underfits", "75%", "the"]
    assert "local" not in by or "why" not in by["local"]
    md = _report().markdown([_report().summarize(prob)])
    assert "- **fedavg** (-12.00 points, noise 1.41): still improving" in md and "75% of clients are served worse than by Local" in md


def test_a_problem_started_but_with_nothing_finished_lists_every_method_as_unfinished(tmp_path):
    prob = tmp_path / "femnist-natural-50"
    (prob / "local").mkdir(parents=True)  # running: no compare.json yet
    out = _report().summarize(prob, ("local", "fedavg"))
    assert out["methods"] == [] and out["unfinished"] == ["local", "fedavg"]


def test_rows_follow_the_study_order_and_count_trials_cut_off_by_an_interruption_apart(tmp_path):
    prob = tmp_path / "femnist-natural-50"
    _write(prob / "fedavg", [_row("fedavg", "default", 0.69, 0.03), _row("fedavg", "tuned", 0.75, 0.03, {"lr": 0.05})])
    _write(prob / "local", [_row("local", "default", 0.62, 0.03), _row("local", "tuned", 0.62, 0.04, {"lr": 0.04})])
    # the tune of a study interrupted once: 8 complete + 12 pruned count toward --trials 20, the cut-off one does not
    states = {"algorithm": "fedavg", "trials": 21, "complete": 8, "pruned": 12, "failed": 1}
    (prob / "fedavg" / "tune").mkdir()
    (prob / "fedavg" / "tune" / "tune.json").write_text(json.dumps({"trials": 20, "algorithms": [states]}))
    out = _report().summarize(prob, ("local", "fedavg"))
    assert [m["variant"] for m in out["methods"]] == ["local", "fedavg"]
    assert out["methods"][1]["tuning"] == {"trials": 20, "pruned": 12, "failed": 1, "seconds": 754.2}
    md = _report().markdown([out])
    assert "| fedavg | 69.00 ± 3.00 | 75.00 ± 3.00 | +6.00 | lr=0.05 | 20 (12); 1 cut off by an interruption, not counted | 12.6 min | - | no (+13.00) |" in md
    assert md.index("| local |") < md.index("| fedavg |")


def _seed_run(folder: Path, selected, val_accs, train_loss=0.01, client_accs=(0.9, 0.8)):
    _run_folder(folder, val_accs, train_loss, client_accs)
    (folder / "summary.json").write_text(json.dumps({"status": "completed", "selected": {"acc_mean": selected}}))


def _paired_problem(prob: Path, variant, local, mine):
    """Local and VARIANT tuned rows with a run folder per seed; LOCAL and MINE: (per-seed selected
    accuracies, the row's std, every seed's validation curve)."""
    for name, (selected, std, vals) in (("local", local), (variant, mine)):
        _write(prob / name, [_row(name, "tuned", sum(selected) / len(selected), std) | {"folder": f"{name}+tuned"}])
        for seed, sel in enumerate(selected):
            _seed_run(prob / name / f"seed-{seed}" / f"{name}+tuned", sel, vals)


def test_rows_are_compared_with_local_seed_by_seed_where_their_runs_are_there(tmp_path):
    """Each seed is one split shared by every method: a method 1 point below Local on each of 3 seeds
    whose splits differ by 7 points trails (paired: the differences' std is 0), though the rows' stds
    combined (hypot 0.04, 0.04) would call it noise; a curve that swings 10 points a round is unsteady."""
    rep = _report()
    prob = tmp_path / "femnist-natural-50"
    _paired_problem(prob, "ditto", ([0.57, 0.64, 0.64], 0.0404, [0.5, 0.6, 0.61, 0.6, 0.61]),
                    ([0.56, 0.63, 0.63], 0.0404, [0.5, 0.6, 0.5, 0.6, 0.5]))
    _write(prob / "fedrep", [_row("fedrep", "tuned", 0.60, 0.01)])  # no run folders: compared by the rows' stds
    by = {m["variant"]: m for m in rep.summarize(prob)["methods"]}
    d = by["ditto"]
    assert d["paired"]["seeds"] == ["seed-0", "seed-1", "seed-2"] and d["paired"]["below"] == 3
    assert d["paired"]["diffs"] == pytest.approx([-0.01] * 3) and d["paired"]["std"] == pytest.approx(0.0, abs=1e-12)
    assert d["vs_local"] == pytest.approx(-0.01) and d["behind_local"] is True
    # the rounds after the first half and the change into them: 0.6 -> 0.5 -> 0.6 -> 0.5 (Local: 0.6, 0.61, 0.6, 0.61)
    assert rep.val_swing(rep._records(prob / "ditto" / "seed-0" / "ditto+tuned")) == pytest.approx(0.1)
    assert d["why"]["val_swing"] == pytest.approx(0.1) and d["why"]["val_swing_local"] == pytest.approx(0.01)
    assert "paired" not in by["fedrep"]
    assert by["fedrep"]["local_margin"] == pytest.approx((0.01 ** 2 + 0.0404 ** 2) ** 0.5)
    assert by["fedrep"]["behind_local"] is False  # 0.60 vs 0.6167: -1.67 points, noise 4.16
    md = rep.markdown([rep.summarize(prob)])
    assert "| yes (-1.00; 3 of 3 seeds below) |" in md and "| no (-1.67, noise) |" in md
    assert "- **ditto** (-1.00 points, noise 0.00; below Local on 3 of 3 seeds): " in md
    assert "unsteady: over the second half of the rounds its mean validation accuracy moves by 10.00 points a round, Local's by 1.00" in md
    assert ("within seed noise (less than the two rows' stds combined, sqrt(std^2 + std_Local^2), below it): "
            "fedrep -1.67 points (noise 4.16)") in md


def test_a_paired_row_within_noise_names_how_many_seeds_are_below(tmp_path):
    rep = _report()
    prob = tmp_path / "p"
    # DPAO-PFL on FEMNIST, tuned
    _paired_problem(prob, "dpao-pfl", ([0.5707, 0.6416, 0.6432], 0.0414, [0.5, 0.6]), ([0.5782, 0.6065, 0.6167], 0.0199, [0.5, 0.6]))
    (m,) = [m for m in rep.summarize(prob)["methods"] if m["variant"] == "dpao-pfl"]
    assert m["paired"]["below"] == 2 and m["behind_local"] is False
    assert m["local_margin"] == pytest.approx(0.022527, abs=1e-6)  # sample std of +0.75, -3.51, -2.65 points: sqrt(10.149 / 2)
    md = rep.markdown([rep.summarize(prob)])
    assert "| no (-1.80, noise; 2 of 3 seeds below) |" in md
    assert ("within seed noise (paired by seed: less than the std of the per-seed differences to Local, below it): "
            "dpao-pfl -1.80 points (noise 2.25; below Local on 2 of 3 seeds)") in md


def test_follow_ups_are_appended_under_their_heading(tmp_path):
    rep = _report()
    prob = tmp_path / "p"
    _write(prob / "local", [_row("local", "tuned", 0.9, 0.01)])
    out = rep.summarize(prob)
    md = rep.markdown([out], "- **dpao-pfl** at half the tuned rate: 94.33 ± 0.51.\n")
    assert md.endswith("## Measured after the study\n\n- **dpao-pfl** at half the tuned rate: 94.33 ± 0.51.\n")
    assert "Measured after the study" not in rep.markdown([out], "  \n")


def test_the_report_shows_its_picture_under_the_introduction(tmp_path):
    rep = _report()
    prob = tmp_path / "p"
    _write(prob / "local", [_row("local", "tuned", 0.9, 0.01)])
    out = rep.summarize(prob)
    intro, rest = rep.markdown([out], "", "tuning-study.png").split("\n\n## ", 1)
    assert intro.endswith("\n\n![default and tuned selected accuracy of every method, per problem (mean ± std over seeds)](tuning-study.png)")
    assert "![" not in rest and "![" not in rep.markdown([out])


def test_the_report_opens_with_each_papers_method_against_local(tmp_path):
    """Issue 37's bottom line: each of the three papers' methods, tuned, against tuned Local on
    every problem: ahead / level within seed noise / behind, with the distance in points."""
    prob = tmp_path / "femnist-natural-50"
    _write(prob / "local", [_row("local", "tuned", 0.60, 0.01)])
    _write(prob / "co-pfl", [_row("co-pfl", "tuned", 0.65, 0.01)])  # +5.00, noise hypot(1, 1) = 1.41
    _write(prob / "dpao-pfl", [_row("dpao-pfl", "tuned", 0.59, 0.01)])  # -1.00: within 1.41
    key = "pfedsv--topk-capped"
    _write(prob / key, [_row(key, "tuned", 0.55, 0.01)])  # -5.00: behind
    _write(prob / "fedavg", [_row("fedavg", "tuned", 0.50, 0.01)])  # not one of the papers' methods: not listed
    md = _report().markdown([_report().summarize(prob)])
    head = md.split("## femnist-natural-50")[0]
    assert "## The papers' methods against training alone (Local), both tuned" in head
    # issue 78: and each one's distance to the best tuned row of the problem
    assert "- **CO-PFL**: femnist-natural-50: ahead by 5.00 points (noise 1.41); the best tuned row." in head
    assert ("- **DPAO-PFL**: femnist-natural-50: level within seed noise (-1.00 points, noise 1.41); 6.00 points below the best tuned row "
            "(co-pfl).") in head
    assert ("- **pFedSV**: femnist-natural-50 (as pfedsv--topk-capped): **behind** by 5.00 points (noise 1.41); 10.00 points below the best "
            "tuned row (co-pfl).") in head
    assert "fedavg" not in head
    plain = tmp_path / "p"
    _write(plain / "local", [_row("local", "tuned", 0.60, 0.01)])
    assert "The papers' methods" not in _report().markdown([_report().summarize(plain)])


def test_the_report_flags_a_tuned_row_below_its_default_and_shows_the_validation_test_gap(tmp_path):
    """Issue 78: every tuned row is checked against its default row on test (within the seeds'
    noise), and a tuned row's validation-test gap is in its problem's table."""
    prob = tmp_path / "p"
    _write(prob / "local", [_row("local", "default", 0.80, 0.01), {**_row("local", "tuned", 0.75, 0.01), "val_test_gap": 0.031}])
    _write(prob / "fedavg", [_row("fedavg", "default", 0.60, 0.02), _row("fedavg", "tuned", 0.59, 0.02)])
    doc = _report().summarize(prob)
    by = {m["variant"]: m for m in doc["methods"]}
    assert by["local"]["tuned_below_default"] is True and by["fedavg"]["tuned_below_default"] is False  # -1 within hypot(2, 2)
    md = _report().markdown([doc])
    assert "Tuned against default on test: 1 of 2 tuned rows are at or above their default row, allowing for the seeds' spread: **local** below by 5.00 points (noise 1.41)." in md
    assert "| +3.10 |" in md and "-5.00 (below default)" in md


def test_a_tuned_row_below_its_default_and_a_papers_method_far_from_the_best_get_measured_reasons(tmp_path):
    """Issue 78: a tuned row below its default on the table's figure gets the tuning objective's
    own test figure for both rows and the default curve's swing; a paper's method more than 3
    points below the best tuned row is diagnosed against that row, its trials against the median."""
    prob = tmp_path / "p"
    swinging, steady = [0.2, 0.6, 0.3, 0.7, 0.3, 0.8], [0.5, 0.55, 0.6, 0.6, 0.62, 0.63]
    _write(prob / "centralized", [{**_row("centralized", "default", 0.82, 0.005), "folder": "centralized", "test_last_weighted": 0.60},
                                  {**_row("centralized", "tuned", 0.80, 0.005), "folder": "centralized+tuned", "test_last_weighted": 0.63}])
    _write(prob / "co-pfl", [_row("co-pfl", "default", 0.60, 0.01),
                             {**_row("co-pfl", "tuned", 0.70, 0.01), "folder": "co-pfl+tuned", "tuning": {"trials": 2, "pruned": 0, "seconds": 300}}])
    _write(prob / "fedrep", [_row("fedrep", "default", 0.70, 0.01), {**_row("fedrep", "tuned", 0.74, 0.01), "folder": "fedrep+tuned"}])
    for seed in (0, 1):
        _run_folder(prob / "centralized" / f"seed-{seed}" / "centralized", swinging, 0.1, [0.9, 0.9])
        _run_folder(prob / "centralized" / f"seed-{seed}" / "centralized+tuned", steady, 0.1, [0.9, 0.9])
        _run_folder(prob / "co-pfl" / f"seed-{seed}" / "co-pfl+tuned", steady, 0.5, [0.6, 0.95])
    doc = _report().summarize(prob)
    by = {m["variant"]: m for m in doc["methods"]}
    why = by["centralized"]["below_default_why"]
    # mean |step| over the second half: swinging 0.6,0.3,0.7,0.3,0.8 from index 2 -> |0.4|,|0.4|,|0.5| = 0.4333; steady 0.0,0.02,0.01 = 0.01
    assert why["val_swing_default"] == pytest.approx(1.3 / 3) and why["val_swing_tuned"] == pytest.approx(0.03 / 3)
    assert why["reasons"][0].endswith("the tuned row is +3.00 points against the default (63.00 vs 60.00)")
    assert why["reasons"][1].startswith("the default's validation curve swings by 43.33 points a round")
    w = by["co-pfl"]["why_best"]  # 10 points below centralized: diagnosed against it; fedrep is the best federated row
    assert by["co-pfl"]["vs_best"] == pytest.approx(-0.10) and by["co-pfl"]["vs_best_federated"] == pytest.approx(-0.04)
    assert w["train_loss"] == pytest.approx(0.5) and w["train_loss_local"] == pytest.approx(0.1) and w["clients_below_local"] == pytest.approx(0.5)
    assert w["reasons"][-1].startswith("under-searched: the budget (5.0 min) finished 2 trial(s) (0 pruned), against a median of 20")
    assert "fedrep" not in [m for m in by if by[m].get("why_best")]  # not a paper's method
    md = _report().markdown([doc])
    assert "- **centralized** below its default: on the figure the tuning objective estimates" in md
    assert "- **co-pfl** (-10.00 points against centralized; -4.00 against the best federated row, fedrep (centralized trains one model on every client's data pooled)): still improving" in md


def test_method_lists_are_the_study_scripts_lists():
    """`--methods tuning` / `tuned-vs-default` name the lists studies/study_tuned_vs_default.sh runs, in its
    order (the report's row order): the committed reports are rendered from them, so the two cannot drift."""
    script = (ROOT / "studies" / "study_tuned_vs_default.sh").read_text()
    tuning, eight = [[parse_row(m.strip('"')).key for m in body.split()] for body in re.findall(r"^\s*METHODS=\((.*?)\)", script, re.DOTALL | re.MULTILINE)]
    rep = _report()
    assert list(rep.METHOD_LISTS["tuning"]) == tuning and len(tuning) == 30
    assert list(rep.METHOD_LISTS["tuned-vs-default"]) == eight and "pfedsv--topk-capped" in eight
