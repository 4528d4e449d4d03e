"""copfl tune (issue 37): search spaces, the Optuna study, the test-data guard, --params."""

from __future__ import annotations

import json
import re
from dataclasses import fields

import pytest

from copfl.algorithms.base import ALGORITHMS
from copfl.cli import main
from copfl.algorithms.search_space import Knob, log_float, space_of
from copfl.tuning.values import split_values

PROBLEM = ["--dataset", "digits", "--clients", "6", "--rounds", "3", "--seed", "3"]


def tune(out, *extra, algorithms="fedavg", trials=3):
    return main(["tune", "--algorithms", algorithms, "--trials", str(trials), "--out", str(out), *PROBLEM, *extra])


def test_every_registered_algorithm_declares_a_search_space_of_options_it_uses():
    for name, cls in sorted(ALGORITHMS.items()):
        space = space_of(cls)  # its class's own declaration: an error when it has none
        assert "search_space" in vars(cls) and space, name
        run, own = split_values(cls, {k: v.low if v.kind != "choice" else v.choices[0] for k, v in space.items()}, name)
        assert set(run) | set(own) == set(space), name
        for knob, k in space.items():
            if k.paper is not None:
                assert k.contains(k.paper), (name, knob, k.paper)  # the paper's value is in the searched range
        assert not set(run) & set(cls.unused_run_options), name  # never a knob the method refuses


def test_every_sgd_method_searches_momentum_and_keeps_its_papers_value_as_the_default():
    """Equal optimizer freedom: every method trained with the run's SGD searches momentum among
    the same values, those whose papers use plain SGD too (their momentum 0 stays the default)."""
    from copfl.execution.config import RUN_DEFAULTS
    from copfl.algorithms.search_space import MOMENTA

    sgd = [name for name, cls in ALGORITHMS.items()
           if cls.run_defaults.get("optimizer", RUN_DEFAULTS["optimizer"]) == "sgd" and "lr" in space_of(cls)]
    assert len(sgd) >= 28 and "co-pfl" not in sgd and "pfedhn" not in sgd  # Adam; pFedHN's own optimizers
    for name in sgd:
        knob = space_of(ALGORITHMS[name]).get("momentum")
        assert knob is not None and knob.choices == MOMENTA, f"{name} does not search momentum"
        paper = ALGORITHMS[name].run_defaults.get("momentum", RUN_DEFAULTS["momentum"])
        assert knob.contains(paper) and (knob.paper is None or knob.contains(knob.paper)), (name, knob.paper, paper)  # the default trial lies inside
    for name in ("dpao-pfl", "pfedsv", "fedamp", "fedfomo", "fedem", "ifca", "fedmeta", "per-fedavg", "fedala", "fedselect", "pfedme", "feddbe"):
        assert space_of(ALGORITHMS[name])["momentum"].paper == 0.0 and ALGORITHMS[name].run_defaults["momentum"] == 0.0, name


def test_a_class_without_its_own_space_is_refused():
    class NoSpace(ALGORITHMS["fedavg"]):
        name = "no-space"

    with pytest.raises(ValueError, match="no-space declares no search space"):
        space_of(NoSpace)


def test_knobs_refuse_nonsense():
    with pytest.raises(ValueError, match="low < high"):
        Knob("float", 1.0, 0.5)
    with pytest.raises(ValueError, match="low > 0"):
        log_float(0.0, 1.0)
    with pytest.raises(ValueError, match="knob kind 'real'"):
        Knob("real", 0, 1)


def test_the_same_seed_gives_the_same_trials_and_a_byte_identical_best_json(tmp_path):
    assert tune(tmp_path / "a") == 0 and tune(tmp_path / "b") == 0
    a, b = (json.loads((tmp_path / d / "tune.json").read_text()) for d in "ab")
    assert [t["params"] for t in a["algorithms"][0]["table"]] == [t["params"] for t in b["algorithms"][0]["table"]]
    assert (tmp_path / "a" / "best.json").read_bytes() == (tmp_path / "b" / "best.json").read_bytes()
    assert {p.name for p in (tmp_path / "a").iterdir()} >= {"best.json", "tune.md", "study.db", "fedavg-history.png"}


def test_a_study_continues_and_a_finished_one_runs_nothing(tmp_path, capsys):
    assert tune(tmp_path / "whole", trials=4) == 0
    assert tune(tmp_path / "cut", trials=2) == 0  # as if killed after two trials
    assert tune(tmp_path / "cut", trials=4) == 0  # the same command again: two more
    whole, cut = (json.loads((tmp_path / d / "tune.json").read_text())["algorithms"][0] for d in ("whole", "cut"))
    assert cut["trials"] == 4
    assert [t["params"] for t in cut["table"]] == [t["params"] for t in whole["table"]]  # suggestions depend on history and number only
    before = (tmp_path / "cut" / "best.json").read_bytes()
    capsys.readouterr()
    assert tune(tmp_path / "cut", trials=4) == 0
    assert "trial" not in capsys.readouterr().err  # no trial ran
    assert (tmp_path / "cut" / "best.json").read_bytes() == before


def test_a_trial_never_reads_test_data(tmp_path, monkeypatch):
    from copfl.algorithms.fedavg import FedAvg
    from copfl.engine.sealing import TestDataTouched

    honest = FedAvg.client_update

    def peeking(self, ctx, message, state):
        float(ctx.data.x_test.sum())  # an algorithm that looks at its test data
        return honest(self, ctx, message, state)

    monkeypatch.setattr(FedAvg, "client_update", peeking)
    with pytest.raises(TestDataTouched, match="test data touched during a tuning trial"):
        tune(tmp_path / "peek", trials=1)


def test_a_diverging_rate_is_pruned(tmp_path, monkeypatch):
    from copfl.algorithms.fedavg import FedAvg

    monkeypatch.setattr(FedAvg, "search_space", {"lr": log_float(1e3, 1e4)})
    assert tune(tmp_path / "wild", trials=2) == 0
    s = json.loads((tmp_path / "wild" / "tune.json").read_text())["algorithms"][0]
    assert s["pruned"] == 2 and s["best"] is None
    assert json.loads((tmp_path / "wild" / "best.json").read_text()) == {}


def test_params_reproduce_the_best_trials_validation_figure(tmp_path):
    """A run with a study's best values on the study's problem (its validation parts raised to
    --val-min 30, as every trial's) gives the best trial's objective exactly: the mean of its
    last rounds' pooled validation accuracy."""
    from copfl.tuning.tuner import TUNE_VAL_MIN
    from copfl.tuning.objective import last_window_mean

    assert tune(tmp_path / "t", algorithms="fedavg,fedprox") == 0
    s = {a["algorithm"]: a for a in json.loads((tmp_path / "t" / "tune.json").read_text())["algorithms"]}
    for alg in ("fedavg", "fedprox"):
        out = tmp_path / f"run-{alg}"
        argv = ["run", "--algorithm", alg, "--params", str(tmp_path / "t" / "best.json"), "--out", str(out), *PROBLEM]
        assert main([*argv, "--val-min", str(TUNE_VAL_MIN)]) == 0
        best = s[alg]["best"]
        history = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
        assert s[alg]["objective"] == "last" and last_window_mean(history, "val_acc_weighted") == best["val_acc"]  # exactly
        cfg = json.loads((out / "config.json").read_text())["config"]
        assert cfg["lr"] == best["params"]["lr"] and cfg["momentum"] == best["params"]["momentum"]
        if alg == "fedprox":
            assert cfg["options"]["mu"] == best["params"]["mu"]


@pytest.mark.parametrize("argv, message", [
    (["--trials", "0"], "--trials 0: expected at least 1"),
    (["--val-fraction", "0"], "needs validation data"),
    (["--holdout-clients", "0.2"], "holdout-clients"),
])
def test_tune_refuses_bad_input_before_any_work(tmp_path, capsys, argv, message):
    out = tmp_path / "bad"
    assert main(["tune", "--algorithms", "fedavg", "--out", str(out), *PROBLEM, "--trials", "2", *argv]) == 2
    assert message in capsys.readouterr().err
    assert not (out / "study.db").exists()


def test_bad_params_files_are_refused_with_their_fault(tmp_path, capsys):
    cases = {
        "missing.json": None,
        "broken.json": "{not json",
        "shape.json": json.dumps({"fedavg": 0.1}),
        "knob.json": json.dumps({"fedavg": {"mu": 0.1}}),
        "alg.json": json.dumps({"nope": {"lr": 0.1}}),
        "refused.json": json.dumps({"pfedhn": {"lr": 0.1}}),
    }
    expected = {"missing.json": "no such file", "broken.json": "not a JSON params file", "shape.json": "expected {algorithm",
                "knob.json": "fedavg has no option mu", "alg.json": "unknown algorithm 'nope'", "refused.json": "pfedhn does not use lr"}
    for name, text in cases.items():
        if text is not None:
            (tmp_path / name).write_text(text)
        assert main(["run", "--params", str(tmp_path / name), "--out", str(tmp_path / "r"), *PROBLEM]) == 2, name
        assert expected[name] in capsys.readouterr().err, name
    assert not (tmp_path / "r").exists()
    (tmp_path / "other.json").write_text(json.dumps({"ditto": {"lr": 0.1}}))
    assert main(["run", "--algorithm", "fedavg", "--params", str(tmp_path / "other.json"), "--out", str(tmp_path / "r"), *PROBLEM]) == 2
    assert "holds no values for fedavg" in capsys.readouterr().err


def test_the_docs_table_lists_every_declared_knob():
    from pathlib import Path

    from copfl.algorithms.search_space import space_table

    doc = (Path(__file__).resolve().parents[2] / "docs" / "tuning.md").read_text()
    assert space_table(ALGORITHMS) in doc, "docs/tuning.md's table is stale: python -c 'from copfl.algorithms.search_space import *; ...' (see the doc)"
    assert {f.name for f in fields(Knob)} >= {"kind", "low", "high", "log", "choices", "paper"}


# --------------------------------------------------------------------------- variants, compare --tune
def test_variants_parse_and_refuse_nonsense():
    from copfl.app.variants import parse_rows

    rows = parse_rows("fedavg, fedavg[lr=0.01,momentum=0], fedprox[mu=0.1]")
    assert [(r.algorithm, r.fixed, r.key) for r in rows] == [
        ("fedavg", {}, "fedavg"), ("fedavg", {"lr": 0.01, "momentum": 0}, "fedavg--lr-0.01_momentum-0"), ("fedprox", {"mu": 0.1}, "fedprox--mu-0.1")]
    for text, message in [
        ("fedavg[lr=0.01", "a '[' without its ']'"), ("fedavg]", "a ']' without its '['"), ("fedavg[]", "names no knob"),
        ("fedavg[lr]", "'lr' is not knob=value"), ("fedavg[mu=1]", "fedavg has no option mu"), ("fedavg[lr=1,lr=2]", "sets lr twice"),
        ("fedavg,fedavg", "lists fedavg twice"), ("nope[lr=1]", "unknown algorithm 'nope'"), ("pfedhn[lr=0.1]", "pfedhn does not use lr"),
    ]:
        with pytest.raises(ValueError, match=re.escape(message)):
            parse_rows(text)


def test_compare_tune_runs_a_default_and_a_tuned_row_per_variant(tmp_path):
    out = tmp_path / "cmp"
    # --lr 0.002: a default setting that trains little in 3 rounds, so that a searched one beats it
    assert main(["compare", "--algorithms", "fedavg,fedprox[mu=0.1]", "--tune", "3", "--lr", "0.002", "--out", str(out), *PROBLEM]) == 0
    rows = json.loads((out / "compare.json").read_text())["rows"]
    assert [(r["variant"], r["setting"]) for r in rows] == [
        ("fedavg", "default"), ("fedavg", "tuned"), ("fedprox--mu-0.1", "default"), ("fedprox--mu-0.1", "tuned")]
    tuned = {r["variant"]: r for r in rows if r["setting"] == "tuned"}
    assert tuned["fedprox--mu-0.1"]["params"]["mu"] == 0.1  # a variant's knob stays fixed; the rest is searched
    best = json.loads((out / "tune" / "best.json").read_text())
    assert tuned["fedavg"]["params"] == best["fedavg"] and set(best) == {"fedavg", "fedprox--mu-0.1"}
    cfg = json.loads((out / "fedavg+tuned" / "config.json").read_text())["config"]
    assert cfg["lr"] == best["fedavg"]["lr"]  # the final row runs with the tuned values, on test data
    for r in rows:
        summary = json.loads((out / r["folder"] / "summary.json").read_text())
        assert r["selected_mean"] == summary["selected"]["acc_mean"] and r["final_mean"] == summary["final"]["acc_mean"]
    assert "| tuned row |" in (out / "compare.md").read_text()


def test_compare_tune_refuses_what_it_cannot_do(tmp_path, capsys):
    base = ["compare", "--algorithms", "fedavg", "--out", str(tmp_path / "x"), *PROBLEM]
    for extra, message in [(["--tune", "0"], "--tune 0"), (["--tune", "2", "--val-fraction", "0"], "needs validation data"),
                           (["--tune", "2", "--params", "p.json"], "--tune and --params")]:
        assert main(base + extra) == 2
        assert message in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("seeds", [1, 2])
def test_a_variant_with_nothing_to_tune_runs_its_default_row_once_and_its_tuned_row_is_that_row(tmp_path, capsys, seeds):
    """Issue 77: the README's `compare --algorithms "fedavg,fedavg[lr=0.01,momentum=0],co-pfl" --tune`
    stopped the whole comparison. A variant that fixes every knob runs its default row (once) and
    its tuned row is that row, marked "nothing to tune"; the other rows are tuned as before."""
    out = tmp_path / "cmp"
    argv = ["compare", "--algorithms", "fedavg,fedavg[lr=0.1,momentum=0]", "--tune", "2", "--lr", "0.002", "--out", str(out), *PROBLEM]
    assert main([*argv, "--dry-run", "--seeds", str(seeds)]) == 0
    plan = capsys.readouterr().out
    assert "tuning: 1 row(s) x 2 trials" in plan and f"final runs: {3 * seeds} (" in plan and "fedavg--lr-0.1_momentum-0 (nothing to tune)" in plan
    assert main([*argv, "--seeds", str(seeds)]) == 0
    captured = capsys.readouterr()
    assert "fedavg[lr=0.1,momentum=0] fixes every knob of fedavg's search space: nothing to tune" in captured.err
    doc = json.loads((out / "compare.json").read_text())
    rows = {(r["variant"], r["setting"]): r for r in doc["rows"]}
    assert list(rows) == [("fedavg", "default"), ("fedavg", "tuned"), ("fedavg--lr-0.1_momentum-0", "default"), ("fedavg--lr-0.1_momentum-0", "tuned")]
    fixed_default, fixed_tuned = rows[("fedavg--lr-0.1_momentum-0", "default")], rows[("fedavg--lr-0.1_momentum-0", "tuned")]
    assert fixed_tuned["nothing_to_tune"] is True and fixed_tuned["folder"] == fixed_default["folder"] == "fedavg--lr-0.1_momentum-0"
    assert fixed_tuned["params"] == {"lr": 0.1, "momentum": 0} and fixed_tuned["tuning"]["trials"] == 0
    assert fixed_tuned["selected_mean"] == fixed_default["selected_mean"] is not None and fixed_tuned["final_n"] == seeds
    assert "nothing_to_tune" not in rows[("fedavg", "tuned")] and rows[("fedavg", "tuned")]["tuning"]["trials"] == 2
    assert set(json.loads((out / "tune" / "best.json").read_text())) == {"fedavg"}  # no study of the fixed row
    runs = [p.parent.name for p in out.rglob("summary.json")]
    assert sorted(runs) == sorted(["fedavg", "fedavg+tuned", "fedavg--lr-0.1_momentum-0"] * seeds)  # the fixed row ran once per seed
    assert doc["fedavg--lr-0.1_momentum-0+tuned"]["same_as"] == "fedavg--lr-0.1_momentum-0"
    md = (out / "compare.md").read_text()
    assert "| fedavg--lr-0.1_momentum-0+tuned |" in md and "nothing to tune" in md


def test_table_collects_runs_from_run_and_compare_folders_sorted(tmp_path, capsys):
    assert main(["compare", "--algorithms", "fedavg,fedprox[mu=1]", "--out", str(tmp_path / "cmp"), *PROBLEM]) == 0
    assert main(["run", "--algorithm", "local", "--out", str(tmp_path / "solo"), *PROBLEM]) == 0
    capsys.readouterr()
    assert main(["table", str(tmp_path / "cmp"), str(tmp_path / "solo"), "--sort", "selected", "--csv", str(tmp_path / "t.csv")]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    names = [line.split("|")[1].strip() for line in lines[2:]]
    assert sorted(names) == ["cmp/fedavg", "cmp/fedprox--mu-1", "solo"]
    rows = [line.split(",") for line in (tmp_path / "t.csv").read_text().splitlines()[1:]]
    selected = [float(r[7]) for r in rows]
    assert selected == sorted(selected, reverse=True) and [r[0] for r in rows] == names
    summary = json.loads((tmp_path / "solo" / "summary.json").read_text())
    assert float(next(r for r in rows if r[0] == "solo")[7]) == pytest.approx(summary["selected"]["acc_mean"], rel=5e-6)  # 6 digits in a CSV
    assert main(["table", str(tmp_path / "cmp"), "--sort", "speed"]) == 2
    assert "--sort 'speed': expected one of" in capsys.readouterr().err
    assert main(["table", str(tmp_path / "nothing")]) == 2


def test_compare_dry_run_estimates_tuning_and_final_runs_without_work(tmp_path, capsys):
    out = tmp_path / "never"
    argv = ["compare", "--algorithms", "fedavg,ditto[lam=0.1]", "--tune", "20", "--seeds", "3", "--out", str(out), "--dry-run", *PROBLEM]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "tuning: 2 row(s) x 20 trials on seed 3's validation data" in text
    assert "final runs: 12 (fedavg (default + tuned), ditto--lam-0.1 (default + tuned); 3 seed(s))" in text
    assert "nothing was run" in text and not out.exists()


def test_a_long_trial_reports_its_progress_and_keeps_its_best_round():
    from types import SimpleNamespace

    from copfl.tuning.objective import TrialReporter

    class Trial:
        number = 4
        reported: list = []

        def report(self, value, step):
            self.reported.append((step, value))

        def should_prune(self):
            return False

    lines: list[str] = []
    rep = TrialReporter(Trial(), progress=lines.append, every=0.0)
    engine = SimpleNamespace(config=SimpleNamespace(rounds=3))
    for r, (acc, loss) in enumerate([(0.5, 1.0), (0.7, 0.9), (0.7, 0.8)], start=1):
        rep.on_round_end(engine, None, {"round": r, "val_acc_mean": acc, "val_loss_mean": loss})
    assert lines[-1] == "  trial 4: round 3/3, validation accuracy 0.7000"
    assert rep.best == (0.7, -0.8, 3)  # equal accuracy: the lower validation loss wins
    assert Trial.reported == [(1, 0.5), (2, 0.7), (3, 0.7)]


def test_the_pruner_waits_a_tenth_of_the_rounds_or_the_algorithms_warmup(tmp_path):
    from copfl.algorithms.base import ALGORITHMS
    from copfl.execution.config import RunConfig
    from copfl.execution.federation import build_federation
    from copfl.tuning.tuner import Tuner, min_rounds

    assert [min_rounds(r) for r in (1, 3, 9, 10, 20, 100)] == [1, 1, 1, 1, 2, 10]
    assert [min_rounds(r, 0.4) for r in (1, 3, 10, 20)] == [1, 2, 4, 8]
    # pFedSV waits 40% of the rounds (studies/pruning_check.py), DPAO-PFL 30% (benchmarks/tuning_cost.py); the others a tenth
    assert {n: c.search_warmup for n, c in ALGORITHMS.items() if c.search_warmup} == {"pfedsv": 0.4, "dpao-pfl": 0.3}
    base = RunConfig(dataset="digits", clients=4, rounds=10, seed=0)
    t = Tuner(base, build_federation(base), tmp_path, 1, log=lambda m: None)
    assert t.study("pfedsv").pruner._min_resource == 4 and t.study("fedavg").pruner._min_resource == 1
    assert t.study("dpao-pfl").pruner._min_resource == 3
    assert t.study("pfedsv--topk-capped", ALGORITHMS["pfedsv"]).pruner._min_resource == 4  # a variant's study: its algorithm's


# ----------------------------------------------------------------------------- trials cut short
CUT = ["--rounds", "6"]  # after PROBLEM's: enough rounds for a checkpoint before the cut


def _cut_at(monkeypatch, exc, trial=0, rnd=4):
    """Checkpoint every round; raise ``exc`` in trial ``trial``'s round ``rnd`` (after its
    checkpoint of round ``rnd - 1``, before that of round ``rnd``), once."""
    import copfl.tuning.tuner as tune_mod

    monkeypatch.setattr(tune_mod, "TRIAL_CHECKPOINT_SECONDS", 0.0)
    honest = tune_mod.TrialReporter.report
    fired = []

    def report(self, record, rounds):
        if self.trial.number == trial and record["round"] == rnd and not fired:
            fired.append(1)
            raise exc()
        return honest(self, record, rounds)

    monkeypatch.setattr(tune_mod.TrialReporter, "report", report)
    return lambda: monkeypatch.setattr(tune_mod.TrialReporter, "report", honest)


def _alive(folder):
    table = json.loads((folder / "tune.json").read_text())["algorithms"][0]["table"]
    return [{k: t[k] for k in ("state", "val_acc", "round", "rounds_run", "params")} for t in table if t["state"] != "fail"]


@pytest.mark.parametrize("exc", [KeyboardInterrupt, SystemExit])
def test_a_trial_cut_short_resumes_from_its_checkpoint_and_the_study_ends_as_one_never_cut(tmp_path, monkeypatch, capsys, exc):
    """KeyboardInterrupt: an interrupt (Optuna marks the trial failed); SystemExit: as a killed
    process leaves it, running. Five trials: the fifth's number (5) and rank (4) fall in
    different Hyperband brackets here, so a pruner bracketing by number would prune otherwise."""
    import optuna

    assert tune(tmp_path / "whole", *CUT, trials=5) == 0
    heal = _cut_at(monkeypatch, exc)
    if exc is KeyboardInterrupt:
        assert tune(tmp_path / "cut", *CUT, trials=5) == 130
    else:
        with pytest.raises(SystemExit):
            tune(tmp_path / "cut", *CUT, trials=5)
    ckpts = list((tmp_path / "cut" / "trials").glob("*.pt"))
    assert len(ckpts) == 1  # trial 0's, after round 3
    heal()
    capsys.readouterr()
    assert tune(tmp_path / "cut", *CUT, trials=5) == 0
    err = capsys.readouterr().err
    assert "trial 0 was cut short; it runs again with its values" in err
    assert "trial 1: resumed after round 3 (the retry of trial 0, cut short)" in err
    assert _alive(tmp_path / "cut") == _alive(tmp_path / "whole")  # the same values, figures and pruning
    assert (tmp_path / "cut" / "best.json").read_bytes() == (tmp_path / "whole" / "best.json").read_bytes()
    assert not list((tmp_path / "cut" / "trials").glob("*.pt"))  # a finished trial leaves no checkpoint
    study = optuna.load_study(study_name="fedavg", storage=f"sqlite:///{tmp_path / 'cut' / 'study.db'}")
    states = [t.state.name for t in study.trials]
    assert states.count("FAIL") == 1 and states[0] == "FAIL" and len(states) == 6
    assert study.trials[1].params == study.trials[0].params and study.trials[1].user_attrs["resumed_from_round"] == 3
    # tune.md tells the trial cut short (run again) from one that failed with an error
    md = (tmp_path / "cut" / "tune.md").read_text()
    assert "| 0 | cut short, run again |" in md and "| fedavg |" in md
    row = next(line for line in md.splitlines() if line.startswith("| fedavg |")).split(" | ")
    assert row[4:8] == ["6", row[5], "1", "0"]  # trials, pruned, cut short, failed with an error
    assert json.loads((tmp_path / "cut" / "tune.json").read_text())["algorithms"][0]["cut_short"] == 1


def test_cut_trials_are_queued_again_once_and_errors_and_shared_running_trials_are_not():
    import optuna

    from copfl.tuning.tuner import requeue_cut_trials
    from copfl.tuning.trial_order import trial_rank, trial_ranks

    study = optuna.create_study(direction="maximize")
    dist = {"lr": optuna.distributions.FloatDistribution(1e-3, 1.0, log=True)}
    for lr, attrs in ((0.1, {}), (0.2, {"interrupted": "interrupted"}), (0.3, {})):  # trials 0 and 2 failed with an error
        study.add_trial(optuna.create_trial(state=optuna.trial.TrialState.FAIL, params={"lr": lr}, distributions=dist, user_attrs=attrs))
    running = study.ask()  # trial 3: running (on another machine, or left by a killed process)
    running.suggest_float("lr", 1e-3, 1.0, log=True)
    assert requeue_cut_trials(study, embedded=False) == [1]  # a shared study leaves running trials alone
    assert study.trials[3].state == optuna.trial.TrialState.RUNNING
    waiting = study.trials[4]
    assert waiting.state == optuna.trial.TrialState.WAITING and waiting.params == {"lr": 0.2}
    assert waiting.system_attrs == {"failed_trial": 1, "retry_history": [1]}
    assert requeue_cut_trials(study, embedded=False) == []  # queued once
    assert requeue_cut_trials(study, embedded=True) == [3]  # its own study: a running trial was killed
    assert study.trials[3].state == optuna.trial.TrialState.FAIL and study.trials[5].params == running.params
    # ranked: the trials that failed with an error (0, 2) and the queued ones (4, 5), not those cut short (1, 3)
    assert trial_rank(study) == 4 and trial_ranks(study.trials) == {0: 0, 1: None, 2: 1, 3: None, 4: 2, 5: 3}


def test_a_tune_on_a_shared_storage_leaves_the_trials_other_machines_run_alone(tmp_path):
    import optuna

    url = f"sqlite:///{tmp_path / 'shared.db'}"
    elsewhere = optuna.create_study(study_name="fedavg", storage=url, direction="maximize").ask()  # another machine's trial
    elsewhere.suggest_float("lr", 1e-3, 1.0, log=True)
    assert tune(tmp_path / "here", "--storage", url, trials=2) == 0
    states = [t.state.name for t in optuna.load_study(study_name="fedavg", storage=url).trials]
    assert states[0] == "RUNNING" and len(states) == 3 and "FAIL" not in states
    # a machine that stops is found by Optuna's heartbeat instead
    from copfl.execution.config import RunConfig
    from copfl.tuning.tuner import GRACE_SECONDS, HEARTBEAT_SECONDS, Tuner

    rdb = Tuner(RunConfig(), None, tmp_path / "x", 1, storage=url).rdb()
    assert rdb.get_heartbeat_interval() == HEARTBEAT_SECONDS and rdb.grace_period == GRACE_SECONDS


def test_a_trial_that_failed_with_an_error_is_not_run_again_and_the_next_draws_other_values(tmp_path, monkeypatch):
    import optuna

    import copfl.tuning.tuner as tune_mod

    honest, fired = tune_mod.TrialReporter.report, []

    def report(self, record, rounds):
        if self.trial.number == 1 and not fired:
            fired.append(1)
            raise RuntimeError("a bug in trial 1")
        return honest(self, record, rounds)

    monkeypatch.setattr(tune_mod.TrialReporter, "report", report)
    with pytest.raises(RuntimeError, match="a bug in trial 1"):
        tune(tmp_path / "t", trials=3)
    monkeypatch.setattr(tune_mod.TrialReporter, "report", honest)
    assert tune(tmp_path / "t", trials=3) == 0
    trials = optuna.load_study(study_name="fedavg", storage=f"sqlite:///{tmp_path / 't' / 'study.db'}").trials
    assert [t.state.name for t in trials][:2] == ["COMPLETE", "FAIL"] and "FAIL" not in [t.state.name for t in trials[2:]]
    assert len(trials) == 4 and all(t.params != trials[1].params for t in trials[2:])  # not queued again, and not drawn again


def test_a_finished_study_removes_its_stale_trial_checkpoints_and_no_other_studys(tmp_path):
    stale, other = tmp_path / "t" / "trials" / "fedavg-0123456789abcdef.pt", tmp_path / "t" / "trials" / "fedavg--lr-0.01-0123456789abcdef.pt"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"x")  # of a retry that ran elsewhere
    other.write_bytes(b"x")  # a variant's study (its own label)
    assert tune(tmp_path / "t", trials=1) == 0
    assert not stale.exists() and other.exists()


@pytest.mark.parametrize("seeds", [1, 2])
def test_a_tuned_row_its_final_runs_do_not_confirm_is_shown_with_the_default_rows_runs(tmp_path, monkeypatch, seeds):
    """Issue 78: the study picks a setting on one seed's validation data; when the final runs'
    validation objective (every other seed's; with one seed, its) puts it below the default, the tuned row is the default
    row's runs after all. Its own runs stay on disk and in compare.json (``own_runs``)."""
    import copfl.tuning.objective
    from copfl.app.multiseed import read_history, seed_folder
    from copfl.tuning.objective import last_window_mean

    monkeypatch.setattr(copfl.tuning.objective, "confirms_tuned", lambda tuned, default: False)  # as if the tuned row fell below
    out = tmp_path / "cmp"
    # --lr 0.002: a default setting that trains little in 3 rounds, so that a searched one beats it in the study
    assert main(["compare", "--algorithms", "fedavg", "--tune", "3", "--lr", "0.002", "--seeds", str(seeds), "--out", str(out), *PROBLEM]) == 0
    doc = json.loads((out / "compare.json").read_text())
    rows = {r["setting"]: r for r in doc["rows"]}
    folders = [out / "fedavg+tuned"] if seeds == 1 else [seed_folder(out, s) / "fedavg+tuned" for s in (3, 4)]
    assert all((f / "summary.json").exists() for f in folders)  # the tuned row ran ...
    assert rows["tuned"]["folder"] == "fedavg" and rows["tuned"]["selected_mean"] == rows["default"]["selected_mean"]  # ... and shows the default's
    assert rows["tuned"]["same_as_default"].startswith("not confirmed by the final runs: their validation objective ")
    assert doc["fedavg+tuned"]["same_as"] == "fedavg" and "own_runs" in doc["fedavg+tuned"]
    own = [last_window_mean(read_history(f), "val_acc_weighted") for f in folders[1:] or folders]  # the tuning seed left out where there are others
    assert f"their validation objective {100 * sum(own) / len(own):.2f}% against" in rows["tuned"]["same_as_default"]
    assert "not confirmed by the final runs" in (out / "compare.md").read_text()
