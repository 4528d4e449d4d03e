"""studies/selection_report.py and studies/fair_search_inputs.py, on made-up folders, by hand."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _module(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "studies" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _row(mean, std=0.01):
    return {"selected_mean": mean, "selected_std": std}


def _study(tmp_path, name, methods):
    path = tmp_path / name
    path.write_text(json.dumps([{"problem": "p", "methods": methods}]))
    return path


def _selection(root, problem, winner_mean, winner_std):
    folder = root / "selection" / problem
    folder.mkdir(parents=True)
    (folder / "selection.json").write_text(json.dumps({
        "budget_seconds": 1560.0, "spent_seconds": 1500.2, "kept": ["fedrep", "co-pfl", "fedpac", "local"],
        "trials": {"fedrep": 8, "co-pfl": 8, "fedpac": 8, "local": 4, "fedavg": 2, "pfedme": 1},
        "best_val": {}, "dropped_at_step": {}, "steps": [], "winner": "fedrep", "within_noise": ["co-pfl"],
        "finals": {"fedrep": {"setting": "tuned", "params": {"lr": 0.05}, "selected_mean": winner_mean, "selected_std": winner_std, "seeds": 3}},
    }))


def test_the_winner_is_judged_against_the_studys_best_federated_row_of_the_later_report(tmp_path):
    rep = _module("selection_report")
    old = _study(tmp_path, "old.json", [
        {"variant": "fedrep", "tuned": _row(0.66, 0.03)},
        {"variant": "pfedsv", "tuned": _row(0.50)},
        {"variant": "centralized", "tuned": _row(0.90)},  # pools the data: not a federated row
    ])
    new = _study(tmp_path, "new.json", [{"variant": "pfedsv", "tuned": _row(0.68, 0.04)}])  # the rerun's row wins
    _selection(tmp_path, "p", 0.665, 0.03)
    assert rep.main([str(tmp_path), "--reports", str(old), str(new), "--out", str(tmp_path / "r")]) == 0
    (e,) = json.loads((tmp_path / "r.json").read_text())["problems"]
    assert e["study_best"] == {"method": "pfedsv", "selected_mean": 0.68, "selected_std": 0.04}
    assert e["gap"] == pytest.approx(-0.015)  # 1.5 points below: more than 1 point ...
    assert e["noise"] == pytest.approx(0.05)  # ... but within the seeds' noise, hypot(0.03, 0.04)
    assert e["passed"] and e["trials_total"] == 31 and e["winner"] == "fedrep"
    assert "| p | 26 min | 31 (6) | fedrep (tuned) | 66.50 ± 3.00 | study best: pfedsv | 68.00 ± 4.00 | -1.50 | 5.00 | yes |" in (tmp_path / "r.md").read_text()


def test_a_winner_beyond_one_point_and_the_noise_fails_and_a_problem_in_no_study_needs_its_reference(tmp_path):
    rep = _module("selection_report")
    study = _study(tmp_path, "s.json", [{"variant": "fedrep", "tuned": _row(0.70, 0.001)}])
    _selection(tmp_path, "p", 0.68, 0.001)
    _selection(tmp_path, "shakespeare", 0.50, 0.02)
    assert rep.main([str(tmp_path), "--reports", str(study), "--out", str(tmp_path / "r")]) == 0
    doc = json.loads((tmp_path / "r.json").read_text())
    (e,) = doc["problems"]
    assert e["gap"] == pytest.approx(-0.02) and not e["passed"]
    assert doc["unfinished"] == ["shakespeare (its reference)"]
    ref = tmp_path / "reference" / "shakespeare"
    ref.mkdir(parents=True)
    (ref / "compare.json").write_text(json.dumps({"rows": [
        {"variant": "local", "setting": "default", **_row(0.45, 0.02)},
        {"variant": "fedrep", "setting": "tuned", **_row(0.52, 0.02)},
    ]}))
    assert rep.main([str(tmp_path), "--reports", str(study), "--out", str(tmp_path / "r")]) == 0
    shakes = [e for e in json.loads((tmp_path / "r.json").read_text())["problems"] if e["problem"] == "shakespeare"][0]
    assert shakes["reference_best"]["method"] == "fedrep" and shakes["gap"] == pytest.approx(-0.02)
    assert shakes["passed"]  # 2 points below, the noise hypot(0.02, 0.02) = 2.83 points


def test_fair_search_inputs_take_tuned_values_only_where_the_tuned_row_is_not_the_default_and_a_fifth_of_the_trial_time(tmp_path):
    inp = _module("fair_search_inputs")
    study = _study(tmp_path, "s.json", [
        {"variant": "local", "tuned": _row(0.5), "params": {"lr": 0.03}, "same_as_default": "the default scored best", "tuning": {"seconds": 250.0}},
        {"variant": "pfedsv", "tuned": _row(0.6), "params": {"lr": 0.09, "k0": 9}, "tuning": {"seconds": 370.0}},
    ])
    rows = inp.rows_of([study], "p")
    assert inp.params_file(rows, ["local", "pfedsv"]) == {"local": {}, "pfedsv": {"lr": 0.09, "k0": 9}}
    assert inp.budget_minutes(rows, 0.2) == 2  # (250 + 370) s / 5 = 124 s: 2 whole minutes
    with pytest.raises(SystemExit, match="no row for fedrep"):
        inp.params_file(rows, ["fedrep"])
