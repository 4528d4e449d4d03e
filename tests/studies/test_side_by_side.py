"""studies/side_by_side.py: a rerun's tuned rows beside the committed study's, by hand."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _module():
    spec = importlib.util.spec_from_file_location("side_by_side", ROOT / "studies" / "side_by_side.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _row(mean, std=0.01):
    return {"selected_mean": mean, "selected_std": std}


def test_a_rerun_row_stands_beside_the_old_one_and_the_old_studys_local_and_best_federated_rows(tmp_path):
    sbs = _module()
    old = [{"problem": "p", "methods": [
        {"variant": "local", "default": _row(0.50), "tuned": _row(0.55), "params": {}},
        {"variant": "fedrep", "default": _row(0.60), "tuned": _row(0.66), "params": {}},
        {"variant": "centralized", "default": _row(0.80), "tuned": _row(0.81), "params": {}},  # not federated
        {"variant": "dpao-pfl", "default": _row(0.25), "tuned": _row(0.48), "params": {"lr": 0.05}},
    ]}]
    new = [{"problem": "p", "methods": [{"variant": "dpao-pfl", "default": _row(0.25), "tuned": _row(0.54), "params": {"lr": 0.04, "momentum": 0.9}}],
            "unfinished": ["pfedsv"]}]
    (doc,) = sbs.compare(old, new)
    assert doc["best_federated"] == "fedrep" and doc["best_federated_mean"] == 0.66 and doc["local_tuned_mean"] == 0.55
    (r,) = doc["methods"]
    assert r["change"] == pytest.approx(0.06) and r["vs_local"] == pytest.approx(-0.01) and r["vs_best_federated"] == pytest.approx(-0.12)
    assert r["new_params"] == {"lr": 0.04, "momentum": 0.9} and r["old_params"] == {"lr": 0.05}
    (tmp_path / "old.json").write_text(json.dumps(old))
    (tmp_path / "new.json").write_text(json.dumps(new))
    assert sbs.main([str(tmp_path / "old.json"), str(tmp_path / "new.json"), "--out", str(tmp_path / "out")]) == 0
    md = (tmp_path / "out.md").read_text()
    assert "| dpao-pfl | 48.00 ± 1.00 | 54.00 ± 1.00 | +6.00 | lr=0.04, momentum=0.9 | -1.00 | -12.00 |" in md
    assert "Not finished yet: pfedsv." in md and json.loads((tmp_path / "out.json").read_text()) == [doc]
