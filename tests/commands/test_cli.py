import csv
import json
import re
from pathlib import Path

import pytest

from copfl.algorithms.base import algorithm_names
from copfl.cli import main

from helpers import write_cifar100


def read_jsonl(p):
    return [json.loads(x) for x in p.read_text().splitlines()]


def test_default_run_writes_every_result_file(tmp_path, capsys):
    out = tmp_path / "r"
    assert main(["run", "--rounds", "4", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "personalized accuracy, mean over clients" in printed
    for f in ("config.json", "config.toml", "metrics.jsonl", "metrics.csv", "clients.csv", "summary.json", "curves.png"):
        assert (out / f).stat().st_size > 0, f
    cfg = json.loads((out / "config.json").read_text())
    c = cfg["config"]
    assert c["algorithm"] == "co-pfl" and c["dataset"] == "digits" and c["seed"] == 0 and c["model"] == "mlp"
    assert "torch" in cfg["environment"]
    hist = read_jsonl(out / "metrics.jsonl")
    assert [r["round"] for r in hist] == [1, 2, 3, 4]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["status"] == "completed" and summary["final"]["acc_mean"] == hist[-1]["acc_mean"]
    assert summary["best"]["acc_mean"] == max(r["acc_mean"] for r in hist)
    rows = list(csv.DictReader((out / "clients.csv").open()))
    assert len(rows) == 10 and sum(float(r["accuracy"]) for r in rows) / 10 == pytest.approx(hist[-1]["acc_mean"])
    assert hist[-1]["acc_mean"] > 0.3  # 2 classes per client: well above 10% chance after 4 rounds
    # the saved config.toml repeats the run exactly
    assert main(["run", "--config", str(out / "config.toml"), "--out", str(tmp_path / "again")]) == 0
    assert (tmp_path / "again" / "metrics.jsonl").read_bytes() == (out / "metrics.jsonl").read_bytes()


def test_toml_config_and_flags_override_it(tmp_path):
    (tmp_path / "c.toml").write_text('algorithm = "fedprox"\nrounds = 2\nsamples-per-class = 20\n[options]\nmu = 0.5\n')
    assert main(["run", "--config", str(tmp_path / "c.toml"), "--rounds", "1", "--out", str(tmp_path / "o")]) == 0
    cfg = json.loads((tmp_path / "o" / "config.json").read_text())["config"]
    assert cfg["algorithm"] == "fedprox" and cfg["rounds"] == 1 and cfg["options"] == {"mu": 0.5} and cfg["samples_per_class"] == 20


@pytest.mark.parametrize(
    "argv, message",
    [
        (["run", "--algorithm", "fedsgd"], "unknown algorithm 'fedsgd'; available algorithms: apfl, centralized, co-pfl, ditto, "),
        (["run", "--dataset", "svhn"], "unknown dataset 'svhn'; available datasets: cifar10, cifar100"),
        (["run", "--model", "vgg"], "unknown model 'vgg'; available models: cnn, lenet5, logreg, lstm, mlp, resnet18"),
        (["run", "--algorithm", "fedavg", "--mu", "0.1"], "fedavg has no option --mu; its options: --personal, --weighting"),
        (["run", "--samples-per-class", "500"], "lower --samples-per-class to 65"),
        (["run", "--classes-per-client", "12"], r"classes per client (12) exceeds the number of classes (10)"),
        (["run", "--optimizer", "lbfgs"], "unknown optimizer 'lbfgs'; available optimizers: sgd, adam"),
        (["run", "--dataset", "cifar10", "--data-dir", "/nonexistent"], "looked for /nonexistent/cifar-10-batches-py"),
        (["run", "--algorithm", "fedavg", "--weighting", "votes"], "unknown weighting 'votes'; available weightings:"),
        (["run", "--p", "1.5"], "p must be in [0, 1], got 1.5"),
        (["run", "--rounds", "0"], "rounds = 0: expected at least 1"),
        (["run", "--client-fraction", "1.5"], "client-fraction = 1.5: expected a fraction in (0, 1]"),
    ],
)
def test_bad_input_fails_before_training_with_a_clear_message(argv, message, tmp_path, capsys):
    try:
        status = main(argv + ["--out", str(tmp_path / "x")])
    except SystemExit as e:  # a name the registries lack: refused as the command line is read
        status = e.code
    assert status == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x" / "metrics.jsonl").exists()


@pytest.mark.parametrize("name", ["apfl", "ditto", "fedala", "fedbabu", "fedrod"])
def test_personal_is_no_option_of_the_methods_on_fedavg_base(name, tmp_path, capsys):
    """Issue 87, item 4: APFL, Ditto, FedALA, FedBABU and FedRoD build on FedAvgBase, whose
    config has no ``personal``: --personal is refused as any unknown option is (the CLI, the
    config check every entry point uses), and ``copfl list`` does not offer it."""
    from copfl.algorithms.base import get_algorithm, make_config

    assert main(["run", "--algorithm", name, "--personal", "head", "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert f"{name} has no option --personal; its options: " in err and "--weighting" in err
    assert not (tmp_path / "x" / "metrics.jsonl").exists()
    with pytest.raises(ValueError, match=f"{name} has no option personal; its options are: "):
        make_config(get_algorithm(name), {"personal": "none"})
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.split()[:1] == [name])
    assert "options: " in lines[at + 1] and "weighting=" in lines[at + 1] and "personal=" not in lines[at + 1]


@pytest.mark.parametrize(
    "toml, message",
    [
        ('rounds = "ten"', "rounds = 'ten' (str): expected an integer"),
        ("rounds = 2.5", "rounds = 2.5 (float): expected an integer"),
        ('lr = "fast"', "lr = 'fast' (str): expected a number or none"),
        ("augment = 1", "augment = 1 (int): expected true or false"),
        ('samples-per-class = "many"', "samples-per-class must be a positive integer or 'all', got 'many'"),
        ('algorithm = "co-pfl"\n[options]\ngamma = "half"', "co-pfl option of the wrong type: gamma = 'half' (str): expected a number"),
        ('algorithm = "fedprox"\n[options]\nmu = true', "fedprox option of the wrong type: mu = True (bool): expected a number"),
        ('rounds = "ten"\nlr = "fast"', "run options of the wrong type: rounds = 'ten'"),
    ],
)
def test_toml_values_are_type_checked_before_any_data_is_loaded(toml, message, tmp_path, capsys, monkeypatch):
    import copfl.app.single_run

    def no_data(*a, **k):
        raise AssertionError("data loaded before the config was checked")

    monkeypatch.setattr(copfl.app.single_run, "build_federation", no_data)
    (tmp_path / "c.toml").write_text(toml + "\n")
    assert main(["run", "--config", str(tmp_path / "c.toml"), "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "x").exists()


def test_out_naming_an_existing_file_fails_before_loading_data(tmp_path, capsys, monkeypatch):
    import copfl.app.comparison
    import copfl.app.single_run

    for command in (copfl.app.single_run, copfl.app.comparison):
        monkeypatch.setattr(command, "build_federation", lambda *a, **k: (_ for _ in ()).throw(AssertionError("data loaded")))
    (tmp_path / "f").write_text("keep me")
    for cmd in (["run"], ["compare", "--algorithms", "fedavg,local"]):
        assert main(cmd + ["--out", str(tmp_path / "f")]) == 2
        assert f"--out {tmp_path / 'f'} is a file, not a folder" in capsys.readouterr().err
    assert (tmp_path / "f").read_text() == "keep me"


def test_diverging_run_stops_naming_round_and_client_and_keeps_files(tmp_path, capsys, monkeypatch):
    # Divergence scripted at round 3, client 1 (a huge learning rate diverges at an unknown
    # round, possibly the first, which would leave nothing to check about the kept rounds).
    from copfl.algorithms.fedavg import FedAvg

    orig = FedAvg.client_update

    def diverge(self, ctx, message, state):
        res = orig(self, ctx, message, state)
        if ctx.round == 3 and ctx.client == 1:
            res.stats.loss_sum = float("nan")
        return res

    monkeypatch.setattr(FedAvg, "client_update", diverge)
    out = tmp_path / "nan"
    code = main(["run", "--algorithm", "fedavg", "--rounds", "5", "--clients", "4", "--out", str(out)])
    assert code == 3
    err = capsys.readouterr().err
    assert "non-finite training loss at round 3, client 1" in err
    summary = json.loads((out / "summary.json").read_text())
    assert summary["status"] == "diverged" and "round 3, client 1" in summary["error"] and summary["diverged_client"] == 1
    assert summary["rounds_completed"] == 2
    assert [r["round"] for r in read_jsonl(out / "metrics.jsonl")] == [1, 2]  # the finished rounds are kept


def test_compare_runs_every_algorithm_on_one_split(tmp_path, capsys):
    out = tmp_path / "cmp"
    assert main(["compare", "--algorithms", "local,fedavg,fedprox", "--rounds", "2", "--mu", "0.1", "--out", str(out)]) == 0
    table = capsys.readouterr().out
    for a in ("local", "fedavg", "fedprox"):
        assert f"| {a} |" in table
        assert (out / a / "summary.json").exists()
    assert (out / "compare.png").stat().st_size > 0 and (out / "split.json").exists()
    assert json.loads((out / "fedprox" / "config.json").read_text())["config"]["options"] == {"mu": 0.1}
    assert json.loads((out / "fedavg" / "config.json").read_text())["config"]["options"] == {}
    assert main(["compare", "--algorithms", "local,fedavg", "--mu", "0.1", "--out", str(out)]) == 2


def test_partition_command_and_saved_split(tmp_path, capsys):
    split = tmp_path / "s.json"
    assert main(["partition", "--clients", "5", "--samples-per-class", "30", "--save", str(split)]) == 0
    text = capsys.readouterr().out
    assert text.count("30/20") == 10 and "split saved" in text
    assert main(["run", "--algorithm", "fedavg", "--split-file", str(split), "--rounds", "1", "--out", str(tmp_path / "o")]) == 0
    rows = list(csv.DictReader((tmp_path / "o" / "clients.csv").open()))
    assert len(rows) == 5 and {int(r["num_train"]) + int(r["num_val"]) for r in rows} == {60}  # 10% of them held out for validation


def test_resume_continues_a_checkpointed_run(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    assert main(["run", "--algorithm", "local", "--rounds", "4", "--out", str(a)]) == 0
    assert main(["run", "--algorithm", "local", "--rounds", "2", "--checkpoint-every", "1", "--out", str(b)]) == 0
    assert main(["run", "--resume", str(b), "--rounds", "4"]) == 0
    assert (a / "metrics.jsonl").read_bytes() == (b / "metrics.jsonl").read_bytes()


def test_resume_refuses_options_that_define_the_run_and_writes_nothing(tmp_path, capsys):
    b = tmp_path / "b"
    assert main(["run", "--algorithm", "fedavg", "--rounds", "2", "--checkpoint-every", "1", "--out", str(b)]) == 0
    files = lambda: {p.name: p.read_bytes() for p in b.iterdir() if p.is_file() and p.name != ".copfl.lock"}  # noqa: E731 (the lock's text: who last held it)
    before = files()
    cases = [
        (["--algorithm", "fedprox"], ["algorithm: 'fedavg' in the checkpoint's run, 'fedprox' now"]),
        (["--model", "logreg"], ["model: 'mlp' in the checkpoint's run, 'logreg' now"]),
        (["--lr", "0.1", "--seed", "3"], ["lr: 0.05 in the checkpoint's run, 0.1 now", "seed: 0 in the checkpoint's run, 3 now"]),
        (["--weighting", "uniform"], ["options: {} in the checkpoint's run, {'weighting': 'uniform'} now"]),
        (["--rounds", "1"], ["--rounds 1 is below the 2 rounds its checkpoint already holds"]),
    ]
    for flags, messages in cases:
        assert main(["run", "--resume", str(b), *flags]) == 2
        err = capsys.readouterr().err
        assert all(m in err for m in messages), err
        if "--rounds" not in flags:
            only = err[err.index("Only ") :]
            assert all(f in only for f in ("--rounds", "--eval-every", "--eval-clients", "--checkpoint-every", "--threads", "--device")), err
    assert files() == before  # nothing rewritten
    # what may change does: more rounds, another evaluation interval
    assert main(["run", "--resume", str(b), "--rounds", "3", "--eval-every", "1"]) == 0
    assert json.loads((b / "summary.json").read_text())["rounds_completed"] == 3


def test_min_samples_is_a_run_option(tmp_path, capsys):
    args = ["partition", "--partition", "dirichlet", "--alpha", "0.05", "--clients", "20"]
    assert main(args + ["--min-samples", "60"]) == 2
    assert "fewer than 60 training samples in all 100 draws: raise alpha, lower --min-samples" in capsys.readouterr().err
    assert main(args + ["--min-samples", "1"]) == 0


@pytest.mark.slow
def test_the_scaling_guides_ten_thousand_clients_line_runs(real_data_dir, tmp_path):
    from pathlib import Path

    guide = (Path(__file__).parents[2] / "docs" / "guides" / "scaling-out.md").read_text()
    line = next(x for x in guide.splitlines() if "--clients 10000" in x)
    argv = line.split("#")[0].split()[1:]  # without "copfl"
    argv[argv.index("--data-dir") + 1] = str(real_data_dir)
    assert main(argv + ["--rounds", "2", "--out", str(tmp_path / "r")]) == 0
    hist = read_jsonl(tmp_path / "r" / "metrics.jsonl")
    assert [r["clients_trained"] for r in hist] == [1000, 1000]
    assert hist[0]["clients_evaluated"] == 1000 and "clients_evaluated" not in hist[1]  # all 10,000 after the last round
    rows = list(csv.DictReader((tmp_path / "r" / "clients.csv").open()))
    assert len(rows) == 10000 and hist[1]["acc_mean"] > 0.2  # IID MNIST after 2 rounds (27%): above chance (10%)


@pytest.mark.slow
def test_real_cifar10_protocol_beats_chance_and_repeats_exactly(real_data_dir, tmp_path):
    """The CO-PFL CIFAR-10 protocol (10 clients x 2 classes x 50, 100 test per class, CNN)."""
    out = tmp_path / "cifar"
    args = ["compare", "--algorithms", "local,fedavg", "--dataset", "cifar10", "--data-dir", str(real_data_dir), "--rounds", "10"]
    assert main(args + ["--out", str(out)]) == 0
    local, fedavg = (read_jsonl(out / a / "metrics.jsonl") for a in ("local", "fedavg"))
    assert max(r["acc_mean"] for r in fedavg) > 0.18  # 10 classes: chance is 0.1
    assert local[-1]["acc_mean"] > 0.6  # each client's 2-class problem
    rows = list(csv.DictReader((out / "fedavg" / "clients.csv").open()))
    assert {int(r["num_train"]) + int(r["num_val"]) for r in rows} == {100} and {r["num_test"] for r in rows} == {"200"}  # 10% for validation
    assert main(["run", "--config", str(out / "fedavg" / "config.toml"), "--out", str(tmp_path / "again")]) == 0
    assert (tmp_path / "again" / "metrics.jsonl").read_bytes() == (out / "fedavg" / "metrics.jsonl").read_bytes()


def test_co_pfl_run_logs_weights_scores_masks_and_traffic(tmp_path):
    out = tmp_path / "co"
    assert main(["run", "--algorithm", "co-pfl", "--rounds", "3", "--out", str(out)]) == 0
    cfg = json.loads((out / "config.json").read_text())["config"]
    assert cfg["optimizer"] == "adam" and cfg["lr"] == 1e-3  # the paper's optimizer; the rate chosen on evidence (issue 21)
    assert cfg["bn_stats"] == "local"  # CO-PFL's own default on evidence (issue 21's ResNet study)
    recs = read_jsonl(out / "per_client.jsonl")
    assert [r["round"] for r in recs] == [1, 2, 3]
    for r in recs:
        assert r["client"] == list(range(10)) and sum(r["alpha"]) == pytest.approx(1.0)
        assert all(0.0 <= g <= 2.0 for g in r["grad_score"]) and all(p > 0 for p in r["pred_score"])
    # logged masks are the uploaded m_n^{k+1}: grown already in round 1, never shrinking
    assert all(f > 0 for f in recs[0]["mask_fraction"])
    assert all(a <= b for r0, r1 in zip(recs, recs[1:]) for a, b in zip(r0["mask_fraction"], r1["mask_fraction"]))
    hist = read_jsonl(out / "metrics.jsonl")
    assert "per_client" not in hist[0] and hist[1]["server_mask_fraction"] >= max(recs[1]["mask_fraction"])
    assert hist[1]["bytes_up"] < hist[0]["bytes_up"]  # personalized entries stop travelling
    summary = json.loads((out / "summary.json").read_text())
    assert summary["communication"]["bytes_up_total"] == sum(r["bytes_up"] for r in hist)
    assert (out / "clients.png").stat().st_size > 0


def test_co_pfl_rejects_a_non_adam_optimizer_before_training(tmp_path, capsys):
    assert main(["run", "--algorithm", "co-pfl", "--optimizer", "sgd", "--out", str(tmp_path / "bad")]) == 2
    assert "MAMO is an Adam-style optimizer: use --optimizer adam" in capsys.readouterr().err
    assert not (tmp_path / "bad").exists()
    assert main(["run", "--algorithm", "co-pfl", "--optimizer", "sgd", "--no-mamo", "--rounds", "1", "--out", str(tmp_path / "ok")]) == 0


def test_result_files_get_ordinary_permissions(tmp_path):
    import os
    import stat

    out = tmp_path / "perm"
    assert main(["run", "--algorithm", "local", "--rounds", "1", "--out", str(out)]) == 0
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE((out / "summary.json").stat().st_mode) == 0o666 & ~umask


def test_run_says_it_is_loading_the_data_before_the_first_round(tmp_path, capsys):
    import numpy as np

    rng = np.random.default_rng(0)
    x, xt = rng.integers(0, 256, (40, 28, 28), dtype=np.uint8), rng.integers(0, 256, (20, 28, 28), dtype=np.uint8)
    np.savez(tmp_path / "mnist.npz", x_train=x, y_train=np.arange(40) % 10, x_test=xt, y_test=np.arange(20) % 10)
    argv = ["run", "--algorithm", "fedavg", "--dataset", "mnist", "--data-dir", str(tmp_path), "--partition", "iid",
            "--clients", "2", "--model", "mlp", "--rounds", "1", "--out", str(tmp_path / "o")]
    for first in (True, False):  # cold cache, then warm
        assert main(argv) == 0
        err = capsys.readouterr().err.splitlines()
        load = next(i for i, line in enumerate(err) if line.startswith(f"loading mnist from {tmp_path / 'mnist.npz'}"))
        loaded = next(i for i, line in enumerate(err) if line.startswith("loaded mnist: 40 train / 20 test samples"))
        rnd = next(i for i, line in enumerate(err) if line.startswith("round 1/1"))
        assert load < loaded < rnd
        assert ("decoding it (once" in err[load]) == first


def test_rerun_from_a_saved_config_never_overwrites_its_results(tmp_path, capsys, monkeypatch):
    from pathlib import Path

    from copfl.execution.config import load_toml

    monkeypatch.chdir(tmp_path)
    first = tmp_path / "first"
    assert main(["run", "--algorithm", "local", "--rounds", "1", "--out", str(first)]) == 0
    saved = (first / "metrics.jsonl").read_bytes()
    assert "out" not in load_toml(first / "config.toml")  # the saved config does not pin its folder
    assert str(first) in (first / "config.toml").read_text()  # but says where the results went
    # a re-run from the saved config (here with more rounds) goes to a new folder
    assert main(["run", "--config", str(first / "config.toml"), "--rounds", "2"]) == 0
    assert (first / "metrics.jsonl").read_bytes() == saved
    (new,) = (tmp_path / "runs").iterdir()
    assert new.name.startswith("local-digits-") and [r["round"] for r in read_jsonl(new / "metrics.jsonl")] == [1, 2]
    assert f"results: {Path('runs') / new.name}" in capsys.readouterr().out
    # a config whose `out` names a folder that holds results: a sibling folder, and a line saying so
    (tmp_path / "c.toml").write_text(f'algorithm = "local"\nrounds = 2\nout = "{first}"\n')
    for k in (2, 3):
        assert main(["run", "--config", str(tmp_path / "c.toml")]) == 0
        assert f"{first} already holds results: this run writes to {first}-{k}" in capsys.readouterr().err
        assert [r["round"] for r in read_jsonl(tmp_path / f"first-{k}" / "metrics.jsonl")] == [1, 2]
    assert (first / "metrics.jsonl").read_bytes() == saved
    # --out naming the folder replaces its run of the same options, and says so
    assert main(["run", "--config", str(tmp_path / "c.toml"), "--out", str(first)]) == 0
    assert f"note: {first} holds an earlier run of this same configuration: its files are removed and this run replaces it" in capsys.readouterr().err
    assert [r["round"] for r in read_jsonl(first / "metrics.jsonl")] == [1, 2]


def _run_flag_help(flag):
    import argparse

    from copfl.cli import build_parser

    sub = next(a for a in build_parser(brief=False)._actions if isinstance(a, argparse._SubParsersAction))
    return next(a for a in sub.choices["run"]._actions if flag in a.option_strings).help


def test_run_help_shows_each_algorithms_default_and_every_registered_model(monkeypatch):
    from copfl.core.models import MODELS

    # what it does (its Config field's comment, the first algorithm's that has one); who has it; the defaults
    assert _run_flag_help("--grow-every").endswith("; co-pfl, fedselect (default: 1 for co-pfl; 3 for fedselect)")
    assert _run_flag_help("--grow-every").startswith("grow the mask every k rounds")
    assert _run_flag_help("--head-epochs").endswith("; fedpac, fedrep (default: 1 for fedpac; 10 for fedrep)")
    assert _run_flag_help("--weighting").endswith("(default: uniform for fedcac, fedselect; samples for the others)")
    assert _run_flag_help("--personal").endswith(
        "(default: norm for fedbn; head for fedpac, fedper, fedrep; body for lg-fedavg; none for the others)"
    )
    assert _run_flag_help("--p").endswith("; co-pfl, fedselect (default: 0.25)")  # one default when they agree
    monkeypatch.setitem(MODELS, "toy", MODELS["mlp"])  # the list comes from the registry
    assert _run_flag_help("--model").startswith(f"model: {' | '.join(sorted(MODELS))} (default: cnn; mlp for digits")
    assert "| svm | tiny | toy (" in _run_flag_help("--model")


def test_datasets_command_reports_found_and_missing(tmp_path, capsys):
    write_cifar100(tmp_path / "cifar-100-python")
    assert main(["datasets", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "cifar100         found" in out and "cifar10          missing" in out and "digits           embedded" in out
    assert "https://www.cs.toronto.edu/~kriz/cifar.html" in out


def test_datasets_command_names_every_femnist_layout_the_loader_and_data_page_accept(tmp_path, capsys):
    import re
    from pathlib import Path

    from copfl.data.sources.registry import SOURCES

    assert main(["datasets", "--data-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    hint = lines[lines.index(next(x for x in lines if x.startswith("  femnist "))) + 1]
    assert "to obtain it:" in hint
    for cand in SOURCES["femnist"].candidates:  # every form the loader accepts
        if cand.kind == "dir":  # LEAF's json layout
            assert f"<data-dir>/{cand.relpath}/" in hint and all(f"{cand.relpath}/{s}/*.json" in hint for s in ("train", "test"))
        else:
            assert f"<data-dir>/{cand.relpath}" in hint, cand.relpath
    row = next(x for x in (Path(__file__).parents[2] / "docs" / "reference" / "data.md").read_text().splitlines() if x.startswith("| `femnist` |"))
    readme_files = re.findall(r"`([\w.]+\.npz)`", row)
    assert sorted(readme_files) == sorted(c.relpath for c in SOURCES["femnist"].candidates if c.kind == "file")
    assert all(f in hint for f in readme_files)


def test_classes_subset_partitions_relabels_and_guards_saved_splits(tmp_path, capsys):
    split = tmp_path / "s.json"
    assert main(["partition", "--classes", "7,2-4", "--clients", "4", "--samples-per-class", "20", "--test-samples-per-class", "all",
                 "--save", str(split)]) == 0  # fmt: skip
    text = capsys.readouterr().out
    assert "classes 7,2-4: 4 classes, labels 0..3 = 7, 2, 3, 4" in text
    assert text.splitlines()[2].split()[1:5] == ["7", "2", "3", "4"]  # the table's columns, in the given order
    out = tmp_path / "o"
    assert main(["run", "--algorithm", "fedavg", "--classes", "7,2-4", "--split-file", str(split), "--rounds", "1", "--out", str(out)]) == 0
    assert json.loads((out / "config.json").read_text())["config"]["classes"] == "7,2-4"
    assert main(["run", "--algorithm", "fedavg", "--split-file", str(split), "--rounds", "1", "--out", str(tmp_path / "x")]) == 2
    assert "made for --classes 7,2,3,4 of its data set, but this run uses every class" in capsys.readouterr().err
    assert main(["run", "--classes", "2,11", "--rounds", "1", "--out", str(tmp_path / "y")]) == 2
    assert "class index 11 is out of range 0..9" in capsys.readouterr().err


def test_resumed_run_keeps_its_class_subset(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    common = ["--algorithm", "fedavg", "--classes", "0-5", "--clients", "3", "--test-samples-per-class", "all"]
    assert main(["run", *common, "--rounds", "3", "--out", str(a)]) == 0
    assert main(["run", *common, "--rounds", "2", "--checkpoint-every", "1", "--out", str(b)]) == 0
    assert main(["run", "--resume", str(b), "--rounds", "3"]) == 0
    assert (a / "metrics.jsonl").read_bytes() == (b / "metrics.jsonl").read_bytes()


def test_centralized_runs_and_compares_from_the_command_line(tmp_path, capsys):
    assert main(["compare", "--algorithms", "fedavg,centralized", "--rounds", "2", "--out", str(tmp_path / "c")]) == 0
    summary = json.loads((tmp_path / "c" / "centralized" / "summary.json").read_text())
    assert summary["final"]["acc_mean"] > 0.2  # above chance (10 classes) after 2 rounds


OPTIMIZER_FLAGS = {
    "lr": lambda c: {"lr": c.lr * 2},
    "momentum": lambda c: {"momentum": 0.3 if c.momentum != 0.3 else 0.6},
    "optimizer": lambda c: {"optimizer": "adam" if c.optimizer == "sgd" else "sgd"},
    "weight_decay": lambda c: {"weight_decay": 1e-2},
    "local_epochs": lambda c: {"local_epochs": 2},
    "batch_size": lambda c: {"batch_size": 16},
}


@pytest.mark.parametrize("algorithm", algorithm_names())
def test_every_optimizer_flag_an_algorithm_accepts_changes_its_run(algorithm):
    """Honest options: a flag either changes what the algorithm computes, or `copfl run`
    refuses it naming what to use instead (pFedHN's own optimizers; --momentum with Adam)."""
    import torch

    from copfl.app.checks import UsageError
    from copfl.app.checks import refuse_unused
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation

    torch.set_num_threads(1)
    base = RunConfig(algorithm=algorithm, dataset="digits", rounds=1, clients=3, val_fraction=0.0)
    fed = build_federation(base)

    def history(cfg):
        return build_engine(cfg, fed).run().history

    ref = history(base.resolved())
    for flag, change in OPTIMIZER_FLAGS.items():
        try:
            cfg = RunConfig(**{**base.__dict__, **change(base.resolved())}).resolved()
            refuse_unused(cfg, {flag, *change(base.resolved())})
            changed = history(cfg)
        except (UsageError, ValueError):
            continue  # refused, with a message (by the command line, or by the algorithm: CO-PFL's Adam-only MAMO)
        assert changed != ref, f"{algorithm} accepts --{flag.replace('_', '-')} but its run does not change"


def test_an_ignored_flag_is_refused_by_run_and_named_by_compare(tmp_path, capsys):
    assert main(["run", "--algorithm", "pfedhn", "--lr", "0.1", "--rounds", "1", "--out", str(tmp_path / "a")]) == 2
    assert "--lr: pfedhn does not use it (use --inner-lr for the clients, --hn-lr" in capsys.readouterr().err
    assert main(["run", "--algorithm", "fedavg", "--optimizer", "adam", "--momentum", "0.9", "--rounds", "1", "--out", str(tmp_path / "b")]) == 2
    assert "Adam (--optimizer adam) has none" in capsys.readouterr().err
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
    assert main(["compare", "--algorithms", "fedavg,pfedhn", "--lr", "0.1", "--rounds", "1", "--inner-steps", "2", "--out", str(tmp_path / "c")]) == 0
    assert "note: --lr: pfedhn does not use it" in capsys.readouterr().err


@pytest.mark.parametrize("algorithm", ["co-pfl", "pfedhn"])
def test_a_saved_config_toml_repeats_even_where_it_records_unused_options(tmp_path, algorithm):
    """config.toml records every resolved value (CO-PFL's SGD momentum under Adam, pFedHN's
    run-level rate): repeating a run from it is no contradiction."""
    out = tmp_path / "r"
    assert main(["run", "--algorithm", algorithm, "--rounds", "1", "--out", str(out)]) == 0
    assert main(["run", "--config", str(out / "config.toml"), "--out", str(tmp_path / "again")]) == 0
    assert (tmp_path / "again" / "metrics.jsonl").read_bytes() == (out / "metrics.jsonl").read_bytes()


def test_run_help_groups_every_run_option_under_its_part():
    """`copfl run --help` groups the run options by their declared part (copfl.execution.config)."""
    from dataclasses import fields

    from copfl.cli import build_parser
    from copfl.commands.flags import PART_TITLES
    from copfl.execution.config import RunConfig

    run = build_parser()._subparsers._group_actions[0].choices["run"]
    where = {a.dest: g.title for g in run._action_groups for a in g._group_actions}
    for f in fields(RunConfig):
        if f.metadata.get("cli", True):
            assert where[f.name].startswith(PART_TITLES[f.metadata["part"]]), f.name
    assert where["dp_noise"].startswith("privacy") and where["attack"].startswith("robustness") and where["lr"].startswith("optimization")


def test_run_algorithm_help_lists_the_common_options_and_that_algorithms_only(capsys):
    from copfl.cli import main

    def help_text(argv):
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 0
        return capsys.readouterr().out

    whole, own = help_text(["run", "--help-all"]), help_text(["run", "--algorithm", "fedprox", "--help"])
    assert "--mu V" in own and "fedprox's options" in own and "--lr X" in own and "--dataset DATASET" in own
    assert "--lam" not in own and "--head-epochs" not in own and "--lam" in whole and "--head-epochs" in whole
    assert len(own.splitlines()) < len(whole.splitlines())
    fedrep = help_text(["run", "--algorithm=fedrep", "-h"])
    assert "fedrep's options" in fedrep and "the body for few (default: 10)" in fedrep and "--mu V" not in fedrep
    with pytest.raises(SystemExit) as e:  # an unknown name is an error of the command line, with the close ones
        main(["run", "--algorithm", "fedrepp", "--help-all"])
    assert e.value.code == 2 and "did you mean 'fedrep'" in capsys.readouterr().err
    # --help-all with an algorithm: every part, that algorithm's options only
    own_all = help_text(["run", "--algorithm", "fedprox", "--help-all"])
    assert "--dp-noise X" in own_all and "--mu V" in own_all and "--lam" not in own_all


def _lines(capsys, argv):
    from copfl.cli import main

    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 0
    return capsys.readouterr().out.splitlines()


def test_the_short_help_shows_the_common_options_and_names_the_others_in_a_line_each(capsys, monkeypatch):
    """Issue 77: `copfl run --algorithm fedavg --help` was 305 lines. The short help lists data,
    model, federation, optimization, output and the algorithm's own options (<= 150 lines at 80
    columns); privacy, robustness, unreliable clients, evaluation and runtime are named in one
    line each at its end, and shown by --help-all. Every flag is accepted either way."""
    from dataclasses import fields

    from copfl.commands.flags import COMMON_PARTS, PART_TITLES
    from copfl.execution.config import RunConfig

    monkeypatch.setenv("COLUMNS", "80")
    short = _lines(capsys, ["run", "--algorithm", "fedavg", "--help"])
    full = _lines(capsys, ["run", "--algorithm", "fedavg", "--help-all"])
    assert len(short) <= 150 < len(full), (len(short), len(full))
    assert max(len(x) for x in short) <= 80
    text, whole = "\n".join(short), "\n".join(full)
    tail = short[short.index("more options (--help-all shows them):") + 1:]
    hidden = [p for p in PART_TITLES if p not in COMMON_PARTS]
    assert [line.split(":")[0].strip() for line in tail] == [PART_TITLES[p].split(":")[0] for p in hidden]
    for f in fields(RunConfig):
        if not f.metadata.get("cli", True):
            continue
        flag = "--" + f.name.replace("_", "-")
        assert flag in whole, flag
        if f.metadata["part"] in COMMON_PARTS:
            assert f"  {flag}" in text, flag
        else:
            assert not any(x.lstrip().startswith(flag) for x in short), flag
    assert "--client-dropout" in text and "--dp-noise" in text  # named in the closing lines
    # hidden flags still parse; each command with run options has the short and the full help
    from copfl.cli import build_parser

    args = build_parser().parse_args(["run", "--dp-noise", "1.0", "--client-dropout", "0.1", "--device", "cpu", "--mu", "0.1"])
    assert (args.dp_noise, args.client_dropout, args.device, args.opt_mu) == (1.0, 0.1, "cpu", 0.1)
    for cmd in (["compare"], ["tune"], ["run"]):
        short, full = _lines(capsys, [*cmd, "--help"]), _lines(capsys, [*cmd, "--help-all"])
        assert len(short) <= 150 < len(full) and short[0].startswith(f"usage: copfl {cmd[0]} [-h] [--help-all]"), cmd
    # partition takes only the options a split depends on, all of them in its help
    short, full = _lines(capsys, ["partition", "--help"]), _lines(capsys, ["partition", "--help-all"])
    assert short == full and len(short) <= 150 and short[0].startswith("usage: copfl partition [-h] [--help-all]")
    # a parser built without main (the library's build_parser) answers --help-all with the full help too
    with pytest.raises(SystemExit):
        build_parser().parse_args(["compare", "--help-all"])
    assert "--dp-noise X" in capsys.readouterr().out


def _help_actions():
    """(subcommand path, action) of every option of every subcommand."""
    import argparse

    from copfl.cli import build_parser

    def walk(p, path):
        for a in p._actions:
            if isinstance(a, argparse._SubParsersAction):
                for name, sp in a.choices.items():
                    yield from walk(sp, path + [name])
            elif a.option_strings and a.help is not argparse.SUPPRESS:
                yield " ".join(path), a

    return list(walk(build_parser(brief=False), []))


def test_every_option_says_what_it_does_in_a_sentence():
    """Issue 43: each option's help (boolean --x/--no-x pairs and every algorithm's options
    included) holds a sentence of at least three words, not only its default or owner."""
    import re

    actions = _help_actions()
    assert len(actions) > 300  # every subcommand's options were walked, algorithm options included
    bad = []
    for path, a in actions:
        text = re.sub(r"\[[^\]]*\]", "", a.help or "").split(";")[0]  # without defaults and the owners' list
        if len(re.findall(r"[A-Za-z][A-Za-z'-]+", text)) < 3:
            bad.append(f"copfl {path} {'/'.join(a.option_strings)}: {a.help!r}")
    assert not bad, "\n".join(bad)


def test_reproduce_help_names_only_files_in_the_repository():
    import argparse
    import re

    from copfl.cli import build_parser

    root = Path(__file__).resolve().parents[2]
    p = build_parser()
    sub = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction)).choices["reproduce"]
    files = set(re.findall(r"[A-Za-z0-9_./-]+\.(?:md|py|json|png|pdf|txt|npz|zip|toml)", sub.format_help()))
    named = {f for f in files if not f.startswith("OUT/")}  # OUT/...: what the command writes
    assert named and all((root / f).exists() for f in named), sorted(f for f in named if not (root / f).exists())


def test_dry_runs_plan_name_the_data_and_write_nothing(tmp_path, capsys, monkeypatch):
    """Issue 77: run, tune and partition have --dry-run as compare and reproduce do: what would
    run, the data set (embedded, found, or NOT FOUND with how to get it), the expected time, and
    nothing written or loaded."""
    from copfl.execution.config import RunConfig
    from copfl.app.estimate import estimate_seconds, format_duration

    monkeypatch.chdir(tmp_path)
    out = tmp_path / "r"
    assert main(["run", "--algorithm", "fedavg", "--rounds", "7", "--seeds", "2", "--out", str(out), "--dry-run"]) == 0
    text = capsys.readouterr().out
    assert "run: fedavg on digits: 10 clients, label-skew (2 classes/client) partition, 7 rounds, model mlp, sgd lr 0.05, seed 0; 2 seeds (0, 1)" in text
    assert "data: digits, embedded" in text
    expected = estimate_seconds([RunConfig(algorithm="fedavg", rounds=7, seed=s) for s in (0, 1)])
    assert f"total: about {format_duration(expected)} on this kind of CPU" in text and not out.exists()
    assert main(["run", "--dataset", "cifar10", "--data-dir", str(tmp_path / "none"), "--dry-run"]) == 0
    text = capsys.readouterr().out
    assert f"data: cifar10 NOT FOUND in {tmp_path / 'none'} (no such directory); --download fetches it; to obtain it:" in text
    assert main(["tune", "--algorithms", "fedavg,ditto", "--trials", "5", "--out", str(tmp_path / "t"), "--dry-run"]) == 0
    text = capsys.readouterr().out
    assert "tuning: fedavg, ditto: 5 trials each" in text and "total: about" in text and not (tmp_path / "t").exists()
    # compare and tune name the problem and the folder they would write
    problem = "problem: digits, 10 clients, label-skew (2 classes/client) partition, 20 rounds, model mlp"
    assert text.splitlines()[0] == f"{problem}; seed 0" and f"results: {tmp_path / 't'} (best.json for --params" in text
    assert main(["compare", "--algorithms", "local,fedavg", "--seeds", "2", "--partition", "dirichlet", "--dry-run"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0] == "problem: digits, 10 clients, dirichlet (alpha 0.5) partition, 20 rounds, model mlp; seeds 0, 1"
    assert re.search(r"^results: runs/compare-digits-\d{8}-\d{6} \(named by the time it starts; --out DIR names it\)$", text, re.M)
    assert main(["compare", "--algorithms", "local", "--tune", "2", "--out", "c", "--dry-run"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"{problem}; seed 0\n") and "\nresults: c (named by --out)\n" in text
    assert main(["partition", "--clients", "4", "--save", str(tmp_path / "s.json"), "--dry-run"]) == 0
    text = capsys.readouterr().out
    assert "partition: digits: 4 clients, label-skew (2 classes/client) partition, seed 0; saved to" in text
    assert "nothing was split" in text and not (tmp_path / "s.json").exists()
    assert list(tmp_path.iterdir()) == []  # not even a runs/ folder
