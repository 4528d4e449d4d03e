"""--mlflow (optional extra): runs, compares and tune trials tracked in MLflow's SQLite store."""

from __future__ import annotations

import builtins
import json

import pytest

from copfl.cli import main

PROBLEM = ["--dataset", "digits", "--clients", "4", "--rounds", "2", "--seed", "1"]


def client(db):
    import mlflow
    mlflow.set_tracking_uri(f"sqlite:///{db}")
    c = mlflow.tracking.MlflowClient()
    return c, c.get_experiment_by_name("copfl")


@pytest.mark.extra("mlflow")
def test_a_run_is_tracked_with_its_params_metrics_and_files(tmp_path):
    out = tmp_path / "run"
    assert main(["run", "--algorithm", "fedprox", "--mu", "0.1", "--mlflow", "--out", str(out), *PROBLEM]) == 0
    c, exp = client(out / "mlflow.db")
    (run,) = c.search_runs(exp.experiment_id)
    assert run.info.status == "FINISHED" and run.data.params["algorithm"] == "fedprox" and run.data.params["option.mu"] == "0.1"
    history = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    logged = c.get_metric_history(run.info.run_id, "acc_mean")
    assert [(m.step, m.value) for m in logged] == [(r["round"], r["acc_mean"]) for r in history]
    assert {a.path for a in c.list_artifacts(run.info.run_id)} >= {"summary.json", "metrics.csv"}
    assert (out / "mlartifacts").is_dir()  # beside the store, not in the working folder


@pytest.mark.extra("mlflow")
def test_compare_tune_tracks_each_trial_as_a_nested_run(tmp_path):
    out = tmp_path / "cmp"
    assert main(["compare", "--algorithms", "fedavg", "--tune", "2", "--mlflow", "--out", str(out), *PROBLEM]) == 0
    c, exp = client(out / "mlflow.db")  # one store for the comparison and its tuning
    runs = c.search_runs(exp.experiment_id)
    names = sorted(r.info.run_name for r in runs)
    # trial 0 is the default setting; a tuned row whose default scored best is the default
    # row's runs (compare says so in its status) and is not run, nor tracked, a second time
    status = json.loads((out / "compare.json").read_text())["fedavg+tuned"]["status"]
    aliased = "the default setting scored" in status
    assert names == ["fedavg", *([] if aliased else ["fedavg+tuned"]), "trial 0", "trial 1", "tune fedavg"]
    parent = next(r for r in runs if r.info.run_name == "tune fedavg")
    trials = [r for r in runs if r.info.run_name.startswith("trial")]
    assert all(r.data.tags.get("mlflow.parentRunId") == parent.info.run_id for r in trials)
    assert all("lr" in r.data.params for r in trials)


def test_without_mlflow_the_run_goes_on_and_says_so(tmp_path, monkeypatch, capsys):
    real = builtins.__import__

    def no_mlflow(name, *args, **kwargs):
        if name == "mlflow" or name.startswith("mlflow."):
            raise ImportError("No module named 'mlflow'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_mlflow)
    out = tmp_path / "plain"
    assert main(["run", "--algorithm", "fedavg", "--mlflow", "--out", str(out), *PROBLEM]) == 0
    assert "MLflow is not installed (pip install 'copfl[mlflow]'); this run is not tracked" in capsys.readouterr().err
    assert json.loads((out / "summary.json").read_text())["status"] == "completed" and not (out / "mlflow.db").exists()
