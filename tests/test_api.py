"""The Python API (issue 39): copfl.run / copfl.compare take the CLI's options and return results."""

import json
import subprocess
import sys

import pytest
import torch

import copfl
from copfl.cli import main

# The public API: removing one of these names breaks users' code, so it fails here.
PUBLIC = {
    "__version__", "run", "compare", "read_run", "RunResult", "CompareResult", "RunConfig", "Algorithm", "register_algorithm",
    "register_model", "register_dataset", "ArrayDataset", "from_numpy", "from_torch", "from_huggingface", "load_plugin",
    "load_plugins", "PluginError", "tune", "TuneResult",
}


def test_the_public_names_stay():
    assert PUBLIC <= set(copfl.__all__)
    for name in copfl.__all__:
        assert getattr(copfl, name) is not None, name
    assert copfl.register_algorithm is copfl.algorithms.base.register


def test_import_copfl_stays_light():
    code = "import sys, copfl; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "False"


def test_run_writes_into_out_and_returns_the_summary_the_cli_writes(tmp_path, capsys):
    seen = []
    res = copfl.run(algorithm="fedavg", rounds=2, lr=0.05, out=tmp_path / "api", progress=seen.append)
    assert capsys.readouterr() == ("", "")  # nothing printed unless verbose
    assert res.folder == tmp_path / "api" and (tmp_path / "api" / "summary.json").is_file()
    assert res.summary == json.loads((tmp_path / "api" / "summary.json").read_text())
    assert [r["round"] for r in seen] == [1, 2] and [r["round"] for r in res.rounds] == [1, 2]
    assert main(["run", "--algorithm", "fedavg", "--rounds", "2", "--lr", "0.05", "--out", str(tmp_path / "cli")]) == 0
    cli = json.loads((tmp_path / "cli" / "summary.json").read_text())
    for section in ("final", "best", "selected", "communication", "cost"):
        assert res.summary[section] == cli[section], section
    assert res.accuracy == cli["selected"]["acc_mean"]
    assert len(res.clients) == 10 and res.clients[0]["client"] == 0 and 0 <= res.clients[0]["accuracy"] <= 1
    assert res.config["config"]["lr"] == 0.05 and res.status == "completed"


def test_run_checks_options_as_the_cli_does(tmp_path):
    with pytest.raises(ValueError, match="fedavg has no option --mu"):
        copfl.run(algorithm="fedavg", mu=0.1, out=tmp_path / "a")
    with pytest.raises(ValueError, match="rounds"):
        copfl.run(algorithm="fedavg", rounds=0, out=tmp_path / "b")
    with pytest.raises(ValueError, match="unknown algorithm 'nope'"):
        copfl.run(algorithm="nope", out=tmp_path / "c")
    with pytest.raises(ValueError, match="momentum"):  # Adam has no momentum: an option the run would ignore
        copfl.run(algorithm="fedavg", optimizer="adam", momentum=0.9, out=tmp_path / "d")
    assert not (tmp_path / "a").exists() and not (tmp_path / "d").exists()  # refused before anything is written


def test_run_returns_the_personalized_models_on_request(tmp_path):
    local = copfl.run(algorithm="local", rounds=1, out=tmp_path / "l", return_models=True)
    fed = copfl.run(algorithm="fedavg", rounds=1, out=tmp_path / "f", return_models=True)
    assert sorted(local.models) == list(range(10)) and local.models[0].dim() == 1
    assert not torch.equal(local.models[0], local.models[1])  # each client's own model
    assert all(torch.equal(fed.models[0], m) for m in fed.models.values())  # FedAvg: the global model for all
    assert copfl.run(algorithm="fedavg", rounds=1, out=tmp_path / "n").models is None


def test_compare_from_python(tmp_path, capsys):
    res = copfl.compare(["local", "fedavg"], rounds=1, out=tmp_path / "cmp")
    assert capsys.readouterr().out == ""
    assert set(res.runs) == {"local", "fedavg"} and "| fedavg" in res.markdown
    acc = res.accuracies()
    assert acc["fedavg"] == res.runs["fedavg"].accuracy and acc["local"] == res.runs["local"].accuracy
    with pytest.raises(ValueError, match=r"option\(s\) no_such_option belong to none of fedavg, local"):
        copfl.compare("local,fedavg", rounds=1, no_such_option=3, out=tmp_path / "bad")
    with pytest.raises(ValueError, match="rounds"):  # a run option of the wrong type, named
        copfl.compare("local", rounds="three", out=tmp_path / "bad2")
    assert not (tmp_path / "bad").exists() and not (tmp_path / "bad2").exists()  # refused before anything ran


def test_tune_from_python_is_the_commands_study(tmp_path, capsys):
    """copfl.tune(...), a plain function, runs copfl tune's study with no command line and returns
    the study's best values; the same study from the CLI gives the same."""
    import inspect

    res = copfl.tune("fedavg", "digits", trials=2, clients=4, rounds=2, out=tmp_path / "api")
    assert capsys.readouterr().out == ""
    assert isinstance(res, copfl.TuneResult) and res.folder == tmp_path / "api"
    assert res.best == json.loads((tmp_path / "api" / "best.json").read_text()) and set(res.best) == {"fedavg"}
    assert res.summaries[0]["algorithm"] == "fedavg" and res.summaries[0]["trials"] == 2 and "| fedavg" in res.markdown
    assert inspect.isfunction(copfl.tune) and copfl.tune is copfl.api.tune  # a function, no callable module
    assert main(["tune", "--algorithms", "fedavg", "--trials", "2", "--dataset", "digits", "--clients", "4", "--rounds", "2",
                 "--out", str(tmp_path / "cli")]) == 0
    assert json.loads((tmp_path / "cli" / "best.json").read_text()) == res.best
    with pytest.raises(ValueError, match="fixing mu is not supported"):
        copfl.tune("fedprox", trials=2, mu=0.1, out=tmp_path / "bad")
    with pytest.raises(ValueError, match="unknown algorithm 'nope'"):
        copfl.tune("nope", trials=2, out=tmp_path / "bad2")
    assert not (tmp_path / "bad").exists() and not (tmp_path / "bad2").exists()


def test_run_experiment_honours_out(tmp_path):
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import run_experiment

    engine, state = run_experiment(RunConfig(algorithm="fedavg", rounds=1, out=str(tmp_path / "r")))
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert summary["rounds_completed"] == 1 and summary["final"]["acc_mean"] == state.history[-1]["acc_mean"]
    engine, state = run_experiment(RunConfig(algorithm="fedavg", rounds=1))  # no out: nothing written, the state returned
    assert state.round == 1


def test_timings_go_to_their_own_file(tmp_path):
    res = copfl.run(algorithm="fedavg", rounds=2, out=tmp_path / "t")
    rows = [json.loads(line) for line in (tmp_path / "t" / "timings.jsonl").read_text().splitlines()]
    assert [r["round"] for r in rows] == [1, 2] and all(r["seconds"] >= r["train"] >= 0 and r["workers"] == 1 for r in rows)
    assert all("seconds" not in r and "train" not in r for r in res.rounds)  # metrics.jsonl stays free of timings


def test_the_api_builds_its_results_in_memory_and_reads_back_no_file_it_wrote(tmp_path, monkeypatch):
    """copfl.run / compare / tune return what their folders hold without reading those files:
    every read of a file under the output folder is recorded (Path.read_text/read_bytes, open
    for reading) and none happens; the results equal what read_run reads from the folder after."""
    import builtins
    import pathlib

    reads: list[str] = []
    root = str(tmp_path)

    def spy(fn, path_of, is_read):
        def wrapped(*a, **k):
            path = str(path_of(a, k))
            if path.startswith(root) and is_read(a, k):
                reads.append(path)
            return fn(*a, **k)
        return wrapped

    monkeypatch.setattr(pathlib.Path, "read_text", spy(pathlib.Path.read_text, lambda a, k: a[0], lambda a, k: True))
    monkeypatch.setattr(pathlib.Path, "read_bytes", spy(pathlib.Path.read_bytes, lambda a, k: a[0], lambda a, k: True))
    monkeypatch.setattr(builtins, "open", spy(builtins.open, lambda a, k: a[0], lambda a, k: not set(str(a[1] if len(a) > 1 else k.get("mode", "r"))) & set("wax+")))
    run = copfl.run("fedavg", "digits", rounds=2, clients=4, out=tmp_path / "run")
    cmp = copfl.compare("local,fedavg", "digits", rounds=2, clients=4, out=tmp_path / "cmp")
    study = copfl.tune("fedavg", "digits", trials=2, rounds=2, clients=4, out=tmp_path / "tune")
    monkeypatch.undo()
    assert reads == []
    again = copfl.read_run(tmp_path / "run")
    assert (run.summary, run.rounds, run.clients, run.config) == (again.summary, again.rounds, again.clients, again.config)
    assert cmp.table == json.loads((tmp_path / "cmp" / "compare.json").read_text()) and set(cmp.runs) == {"local", "fedavg"}
    assert cmp.markdown == (tmp_path / "cmp" / "compare.md").read_text()
    assert cmp.runs["fedavg"].rounds == copfl.read_run(tmp_path / "cmp" / "fedavg").rounds
    assert study.best == json.loads((tmp_path / "tune" / "best.json").read_text()) and study.markdown == (tmp_path / "tune" / "tune.md").read_text()


def test_the_old_experiment_module_forwards_its_names_with_a_warning():
    import importlib
    import warnings

    sys.modules.pop("copfl.experiment", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = importlib.import_module("copfl.experiment")
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import run_experiment

    assert old.RunConfig is RunConfig and old.run_experiment is run_experiment
    assert any(issubclass(w.category, DeprecationWarning) and "copfl.execution.experiment" in str(w.message) for w in caught)
