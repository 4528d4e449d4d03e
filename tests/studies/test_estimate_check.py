"""studies/estimate_check.py: a finished run's measured seconds beside the cost model's."""

import json
import sys

import pytest

from copfl.cli import main
from copfl.execution.config import from_saved
from copfl.app.estimate import run_seconds
from helpers import load_script

PROBLEM = ["--dataset", "digits", "--clients", "4", "--rounds", "2", "--seed", "1"]


def _script():
    return load_script("studies/estimate_check.py")


def test_a_run_against_its_estimate(tmp_path, monkeypatch, capsys):
    out = tmp_path / "rep"
    assert main(["run", "--algorithm", "local", "--threads", "1", "--out", str(out / "runs" / "a"), *PROBLEM]) == 0
    capsys.readouterr()  # the run's own output
    saved = json.loads((out / "runs" / "a" / "config.json").read_text())["config"]
    seconds = json.loads((out / "runs" / "a" / "summary.json").read_text())["timing"]["seconds_total"]
    (row,) = _script().run_rows(out)
    assert (row["algorithm"], row["threads"], row["measured"]) == ("local", 1, seconds)
    assert row["estimated"] == pytest.approx(run_seconds(from_saved(saved).resolved()))
    # one thread beside another run: the pair's wall time is what the model prices, so halved
    monkeypatch.setattr(sys, "argv", ["estimate_check.py", str(out)])
    _script().main()
    (group,) = json.loads(capsys.readouterr().out)["groups"]
    assert group["threads_1_pair"] and group["measured_s"] == pytest.approx(seconds / 2, abs=0.06)
    assert group["ratio"] == pytest.approx(seconds / 2 / row["estimated"], rel=0.02, abs=0.01)
    monkeypatch.setattr(sys, "argv", ["estimate_check.py", str(out), "--as-measured"])
    _script().main()
    (group,) = json.loads(capsys.readouterr().out)["groups"]
    assert not group["threads_1_pair"] and group["measured_s"] == pytest.approx(seconds, abs=0.06)


def test_refuses_a_folder_without_runs(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["estimate_check.py", str(tmp_path)])
    with pytest.raises(SystemExit, match="no runs/ or tune/ folder"):
        _script().main()
