"""copfl.app.texts: a finished run's terminal summary fits 80 columns and ends with what to do next
(a compare command that runs as printed)."""

import shlex
from pathlib import Path

from copfl.app.texts import WIDTH, fit, next_hint, summary_lines
from copfl.cli import main


def test_fit_wraps_text_but_never_a_path():
    long = "word " * 30
    assert all(len(line) <= WIDTH for line in fit(long)) and fit(long)[1].startswith("  ")
    path = "/a/very/long/" + "x" * 100 + "/config.toml"
    assert fit(f"results: {path}") == ["results:", f"  {path}"]  # on a line of its own, whole


def test_every_summary_line_fits_80_columns_and_the_last_is_a_compare_command(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    # every section the summary can have: validation, newcomers, an attack, differential privacy
    assert main(["run", "--algorithm", "fedavg", "--rounds", "2", "--dp-noise", "1", "--attack", "sign-flip", "--attackers", "0.3",
                 "--holdout-clients", "0.2", "--out", "r"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) >= 12 and all(len(line) <= WIDTH for line in lines), [line for line in lines if len(line) > WIDTH]
    for words in ("selected on validation data", "unseen clients", "attack sign-flip", "(epsilon, delta)", "results: r"):
        assert any(words in line for line in lines), words
    assert lines[-1] == "next: copfl compare --algorithms local,fedavg,co-pfl --config r/config.toml"
    argv = shlex.split(lines[-1].removeprefix("next: "))[1:]
    assert main([*argv, "--dry-run"]) == 0  # the hint is a command that runs: the same problem (its config), three more methods
    assert "local, fedavg, co-pfl" in capsys.readouterr().out


def test_a_run_that_did_not_complete_gets_no_hint(tmp_path):
    (tmp_path / "config.toml").write_text("")
    assert next_hint({"algorithm": "ditto", "status": "diverged"}, tmp_path / "config.toml") is None
    assert next_hint({"algorithm": "ditto"}, tmp_path / "missing.toml") is None
    assert next_hint({"algorithm": "ditto"}, tmp_path / "config.toml", seeds=3).endswith("local,fedavg,ditto,co-pfl "
                                                                                       f"--config {tmp_path / 'config.toml'} --seeds 3")
    summary = {"algorithm": "fedavg", "dataset": "digits", "rounds_completed": 2, "timing": {"seconds": 1.0},
               "final": {"round": 2, "acc_mean": 0.5, "acc_weighted": 0.5, "train_loss": 1.0},
               "best": {"round": 2, "acc_mean": 0.5, "acc_weighted": 0.5}}
    plain = summary_lines(summary, Path("r"))
    assert plain[-1] == "results: r" and summary_lines(summary, Path("r"), "next: x") == [*plain, "next: x"]


def test_a_run_without_a_number_of_clients_says_it_takes_every_client_of_the_data_set():
    from copfl.app.texts import problem_line, run_text
    from copfl.execution.config import RunConfig

    cfg = RunConfig(algorithm="fedavg", dataset="femnist", partition="natural").resolved()
    assert cfg.clients is None
    assert "femnist: every client of the data set, natural partition" in run_text(cfg)
    assert problem_line(cfg).startswith("problem: femnist, every client of the data set, natural partition")
