"""Issue 78: tuning that starts where methods work and is judged on a steadier figure: the
default setting is every new study's trial 0, the objective averages the last rounds' pooled
validation accuracy, each client's validation part holds enough samples, --budget shares trial
time equally, and a prior library starts a new problem's study from earlier problems' best."""

from __future__ import annotations

import json

import optuna
import pytest

from copfl.algorithms.base import ALGORITHMS
from copfl.cli import main
from copfl.execution.config import RunConfig
from copfl.data.clients import ClientData, holdout_split, with_validation
from copfl.execution.federation import build_federation
from copfl.tuning.priors import PriorLibrary
from copfl.algorithms.search_space import space_of
from copfl.tuning.tuner import TUNE_VAL_MIN, Tuner, parse_duration, tuning_problem
from copfl.tuning.objective import TrialReporter, evaluations, last_window_mean, objective_window

PROBLEM = ["--dataset", "digits", "--clients", "6", "--rounds", "4", "--seed", "3"]


def tuner(tmp_path, **kw):
    base = tuning_problem(RunConfig(dataset="digits", clients=6, rounds=4, seed=3))
    return Tuner(base, build_federation(base), tmp_path, kw.pop("trials", 3), log=lambda m: None, **kw)


def test_every_algorithms_default_setting_lies_in_its_search_space(tmp_path):
    t = tuner(tmp_path)
    for name in sorted(ALGORITHMS):
        values = t.default_values(name)
        assert set(values) == set(space_of(ALGORITHMS[name])), name
        assert all(space_of(ALGORITHMS[name])[k].contains(v) for k, v in values.items()), (name, values)
    assert t.default_values("fedavg") == {"lr": 0.05, "momentum": 0.5}
    assert t.default_values("fedmeta")["inner_lr"] == t.default_values("fedmeta")["lr"]  # None: the run's lr
    assert t.default_values("fedprox", {"mu": 1.0}) == {"lr": 0.05, "momentum": 0.5}  # a fixed knob is not the study's


def test_trial_zero_is_the_default_and_the_best_never_scores_below_it(tmp_path):
    t = tuner(tmp_path, trials=4)
    s = t.tune("fedprox")
    first = s["table"][0]
    assert first["trial"] == 0 and first.get("origin") == "default" and first["params"] == {"lr": 0.05, "momentum": 0.5, "mu": 0.01}
    assert s["default"]["trial"] == 0 and s["best"]["val_acc"] >= s["default"]["val_acc"]
    assert s["objective"] == "last" and t.study("fedprox").user_attrs["objective"] == "last"
    # continued, the study adds trials but never a second default
    again = Tuner(t.base, t.fed, tmp_path, 5, log=lambda m: None).tune("fedprox")
    assert [r.get("origin") for r in again["table"]].count("default") == 1 and again["trials"] == 5


def test_the_last_objective_is_the_mean_of_the_last_rounds_pooled_validation_accuracy():
    assert [objective_window(n) for n in (1, 3, 4, 5, 10, 20)] == [1, 1, 1, 2, 3, 5]
    assert evaluations(20, 1) == 20 and evaluations(20, 3) == 7 and evaluations(5, 5) == 1

    class Trial:
        def __init__(self):
            self.reported, self.attrs = [], {}

        def report(self, v, step):
            self.reported.append((step, v))

        def should_prune(self):
            return False

        def set_user_attr(self, k, v):
            self.attrs[k] = v

    tr = Trial()
    rep = TrialReporter(tr, objective="last", window=2)
    for r, (mean, pooled, loss) in enumerate([(0.5, 0.4, 2.0), (0.9, 0.6, 1.0), (0.7, 0.8, 1.5)], 1):
        rep.report({"round": r, "val_acc_mean": mean, "val_acc_weighted": pooled, "val_loss_mean": loss}, 3)
    assert tr.reported == [(1, 0.4), (2, 0.5), (3, 0.7)]  # the running mean of the last 2 pooled figures
    assert rep.finish("t", 3) == pytest.approx(0.7) and tr.attrs["val_loss"] == 1.25 and tr.attrs["round"] == 2 and tr.attrs["window"] == 2
    peak = TrialReporter(Trial(), objective="peak")
    for r, acc in enumerate([0.5, 0.9, 0.7], 1):
        peak.report({"round": r, "val_acc_mean": acc, "val_loss_mean": 1.0}, 3)
    assert peak.finish("t", 3) == 0.9  # the best round, as before
    assert last_window_mean([{"acc_weighted": a} for a in (0.1, 0.2, 0.3, 0.4, 0.5)]) == pytest.approx(0.45)  # the last 2 of 5
    with pytest.raises(ValueError, match="objective 'best': expected one of last, peak"):
        TrialReporter(Trial(), objective="best")


def test_a_study_saved_before_the_choice_continues_with_the_peak_objective(tmp_path):
    t = tuner(tmp_path, trials=1)
    study = optuna.create_study(study_name="fedavg", storage=t.rdb(), direction="maximize")
    study.add_trial(optuna.create_trial(params={"lr": 0.1, "momentum": 0.0}, distributions={
        "lr": optuna.distributions.FloatDistribution(1e-3, 0.5, log=True),
        "momentum": optuna.distributions.CategoricalDistribution([0.0, 0.5, 0.9])}, value=0.5))
    assert Tuner.objective_of(t.study("fedavg")) == "peak" and "objective" not in t.study("fedavg").user_attrs
    s = Tuner(t.base, t.fed, tmp_path, 2, log=lambda m: None).tune("fedavg")
    assert s["objective"] == "peak" and s["trials"] == 2 and all(r.get("origin") != "default" for r in s["table"])


def test_the_validation_part_holds_at_least_val_min_samples(tmp_path):
    import torch

    x, y = torch.arange(60.0).view(60, 1), torch.arange(60) % 3
    data = ClientData(x, y, x[:5], y[:5])
    tr, ho = holdout_split(data, 0.1, 0, 1, "validation")
    tr30, ho30 = holdout_split(data, 0.1, 0, 1, "validation", at_least=30)
    assert (ho.num_train, ho30.num_train, tr30.num_train) == (6, 30, 30)
    assert set(ho.x_train.view(-1).tolist()) <= set(ho30.x_train.view(-1).tolist())  # a superset: the same permutation's head
    assert holdout_split(data, 0.1, 0, 1, "validation", at_least=50)[1].num_train == 30  # at most half of the client's data
    assert with_validation(data, 0.1, 0, 1, at_least=20).num_val == 20
    plain = build_federation(RunConfig(dataset="digits", clients=6, seed=3))
    raised = build_federation(tuning_problem(RunConfig(dataset="digits", clients=6, seed=3)))
    assert [c.num_val for c in plain.clients] == [10] * 6 and [c.num_val for c in raised.clients] == [TUNE_VAL_MIN] * 6
    assert main(["run", "--val-min", "-1", "--rounds", "1"]) == 2


def test_budget_durations_and_a_spent_share_stops_new_trials(tmp_path, capsys):
    assert [parse_duration(x) for x in ("90s", "30m", "1.5h", "2d", "45", " 2 min ")] == [90, 1800, 5400, 172800, 45, 120]
    for bad in ("", "0", "-3m", "5 weeks", "soon"):
        with pytest.raises(ValueError, match="expected a positive duration such as 90s, 30m, 1.5h or 2d"):
            parse_duration(bad)
    out = tmp_path / "t"
    # a budget spent by the first trial: each study runs its default and stops; the cap (--trials) is not reached
    assert main(["tune", "--algorithms", "fedavg,local", "--budget", "0.01s", "--out", str(out), *PROBLEM]) == 0
    doc = json.loads((out / "tune.json").read_text())
    assert [(a["algorithm"], a["trials"], a["budget_seconds"]) for a in doc["algorithms"]] == [("fedavg", 1, 0.005), ("local", 1, 0.005)]
    assert "its share of --budget" in capsys.readouterr().err
    assert main(["tune", "--algorithms", "fedavg", "--budget", "soon", "--out", str(tmp_path / "x"), *PROBLEM]) == 2
    assert main(["compare", "--algorithms", "centralized", "--budget", "all", "--out", str(tmp_path / "y"), *PROBLEM]) == 2
    assert 'centralized\'s own budget option is set as a variant here: --algorithms "centralized[budget=all]"' in capsys.readouterr().err
    assert main(["compare", "--algorithms", "centralized[budget=all]", "--rounds", "1", "--out", str(tmp_path / "z"), *PROBLEM[:-4]]) == 0
    cfg = json.loads((tmp_path / "z" / "centralized--budget-all" / "config.json").read_text())["config"]
    assert cfg["options"]["budget"] == "all"
    assert main(["compare", "--algorithms", "fedavg", "--prior", "--out", str(tmp_path / "w"), *PROBLEM]) == 2
    assert "--prior and --save-prior go with --tune N or --budget" in capsys.readouterr().err


def test_a_prior_library_starts_a_new_problems_study_from_earlier_best_values(tmp_path, capsys, monkeypatch):
    lib = tmp_path / "priors.json"
    monkeypatch.setenv("COPFL_PRIORS", str(lib))
    assert main(["tune", "--algorithms", "fedavg,ditto", "--trials", "3", "--save-prior", "--out", str(tmp_path / "a"), *PROBLEM]) == 0
    entries = PriorLibrary(lib).entries()
    best = json.loads((tmp_path / "a" / "best.json").read_text())
    assert {(e["algorithm"], e["model"], e["dataset"], e["clients"]) for e in entries} == {("fedavg", "mlp", "digits", 6), ("ditto", "mlp", "digits", 6)}
    assert {e["algorithm"]: e["params"] for e in entries} == best
    # the same problem saved again replaces its entries; another problem adds its own
    assert main(["tune", "--algorithms", "fedavg", "--trials", "3", "--save-prior", "--out", str(tmp_path / "a2"), *PROBLEM]) == 0
    assert len(PriorLibrary(lib).entries()) == 2
    # a new problem (8 clients) of the same model family starts from them, after its default
    other = ["--dataset", "digits", "--clients", "8", "--rounds", "4", "--seed", "5"]
    assert main(["tune", "--algorithms", "fedavg", "--trials", "3", "--prior", "--out", str(tmp_path / "b"), *other]) == 0
    table = json.loads((tmp_path / "b" / "tune.json").read_text())["algorithms"][0]["table"]
    assert table[0]["origin"] == "default"
    if best["fedavg"] != table[0]["params"]:  # the prior's setting, unless it is the default itself
        assert table[1]["origin"].startswith("prior: digits label-skew 6 clients") and table[1]["params"] == best["fedavg"]
    # a problem of another model family does not use them
    lib_entries = PriorLibrary(lib).settings("fedavg", "cnn", space_of(ALGORITHMS["fedavg"]), {})
    assert lib_entries == []
    (tmp_path / "bad.json").write_text("[1, 2]")
    assert main(["tune", "--algorithms", "fedavg", "--prior", str(tmp_path / "bad.json"), "--out", str(tmp_path / "c"), *PROBLEM]) == 2
    assert "(written by copfl tune --save-prior)" in capsys.readouterr().err and not (tmp_path / "c").exists()


def test_compare_tune_reports_each_rows_validation_test_gap(tmp_path):
    out = tmp_path / "cmp"
    assert main(["compare", "--algorithms", "fedavg", "--tune", "3", "--lr", "0.002", "--out", str(out), *PROBLEM]) == 0
    rows = {r["setting"]: r for r in json.loads((out / "compare.json").read_text())["rows"]}
    for setting, row in rows.items():
        history = [json.loads(x) for x in (out / row["folder"] / "metrics.jsonl").read_text().splitlines()]
        assert row["test_last_weighted"] == last_window_mean(history), setting
        assert row["val_test_gap"] == pytest.approx(row["val_objective"] - row["test_last_weighted"]), setting
    assert rows["tuned"]["val_objective"] == rows["tuned"]["tuning"]["val_acc"] >= rows["default"]["val_objective"]
    md = (out / "compare.md").read_text()
    assert "| val - test (points) |" in md and f"{100 * rows['tuned']['val_test_gap']:+.2f}" in md


def test_learning_rates_are_searched_relative_to_the_models_measured_stable_rate():
    from helpers import ROOT, load_script

    from copfl.algorithms.search_space import STABLE_LR, stable_lr

    measured = json.loads((ROOT / "docs" / "results" / "stable-lr.json").read_text())
    assert {m: v["stable_lr"] for m, v in measured["models"].items()} == STABLE_LR  # the constants are the study's figures (studies/stable_lr.py)
    fedavg, pfedme = ALGORITHMS["fedavg"], ALGORITHMS["per-fedavg"]
    assert space_of(fedavg, "cnn")["lr"].describe()[0] == "[0.001, 0.5]" == space_of(fedavg)["lr"].describe()[0]  # the CNN's: as before
    assert space_of(fedavg, "lstm")["lr"].describe()[0] == "[0.005, 15]" and space_of(fedavg, "resnet18")["lr"].describe()[0] == "[0.0003, 0.15]"
    assert space_of(fedavg, "svm")["lr"].describe()[0] == "[0.001, 0.5]" and stable_lr("a-plugin-model") == 0.1
    assert space_of(pfedme, "cnn")["lr"].describe()[0] == "[0.0001, 0.1]"
    with pytest.raises(ValueError, match="resolve"):
        vars(fedavg)["search_space"]["lr"].contains(0.05)
    for model in STABLE_LR:  # every default and every paper rate is inside on every measured model family
        for name, cls in ALGORITHMS.items():
            for knob in space_of(cls, model).values():
                if knob.paper is not None:
                    assert knob.contains(knob.paper), (model, name, knob)
        assert space_of(fedavg, model)["lr"].contains(0.05), model
    bench = load_script("studies/stable_lr.py")
    rows = [{"lr": 0.01, "losses": [2.3, 2.25, 2.2]}, {"lr": 0.1, "losses": [2.2, 1.5, 1.0]}, {"lr": 1.0, "losses": [2.0, 1.2, 0.9]},
            {"lr": 3.0, "losses": [9.0, 5.0, 3.0]}, {"lr": 10.0, "losses": [2.0, 1.0, 0.5]}]
    assert bench.classify(rows, 0.9) == 1.0  # 0.01 slow; 3.0 blew up in its first round: 10 is dropped
    assert [r["status"] for r in rows] == ["slow", "stable", "stable", "diverges"]
    assert bench.status([1.0, 1.2, 0.5], 0.9) == "diverges" and bench.status([1.0, float("inf")], 0.9) == "diverges"


def test_the_one_standard_error_rule_keeps_a_default_within_validation_noise():
    from copfl.tuning.objective import keeps_default, validation_noise

    # sqrt(0.5 * 0.5 / 600) = 0.020412: a binomial accuracy's standard error on 600 samples
    assert validation_noise(0.5, 600) == pytest.approx(0.0204124, abs=1e-7)
    assert validation_noise(0.9, 100) == pytest.approx(0.03, abs=1e-12) and validation_noise(0.7, 0) == 0.0
    assert keeps_default(0.52, 0.50, 600)  # +2.00 points <= 2.04: not told apart, the default stays
    assert not keeps_default(0.53, 0.50, 600)  # +3.00 points: the tuned setting replaces it
    assert keeps_default(0.50, 0.50, 600)  # the default itself scored best
    assert not keeps_default(0.53, None, 600) and not keeps_default(None, 0.5, 600)  # unknown: no rule


def test_the_confirmation_rule_keeps_a_tuned_row_only_above_its_default_on_the_final_runs_validation():
    from copfl.app.comparison import confirm_tuned
    from copfl.tuning.objective import confirms_tuned

    assert confirms_tuned([0.60, 0.62], [0.60, 0.61])  # 0.61 > 0.605
    assert not confirms_tuned([0.60, 0.60], [0.60, 0.60])  # level: the default stays
    assert confirms_tuned([0.1], []) and not confirms_tuned([], [0.1])  # a diverged default / tuned row

    def history(vals):  # 8 evaluated rounds: the objective's window is the last 2
        return [{"round": i + 1, "val_acc_weighted": v} for i, v in enumerate(vals)]

    tuning_seed = history([0.9] * 8)  # the first seed's: the split the study tuned on, left out where there are others
    histories = {
        "a": [tuning_seed, history([0.1] * 6 + [0.50, 0.60]), history([0.1] * 6 + [0.40, 0.40])],  # seeds 2-3: 0.55, 0.40 -> 0.475
        "a+tuned": [history([0.99] * 8), history([0.9] * 6 + [0.44, 0.44]), history([0.9] * 6 + [0.50, 0.50])],  # 0.44, 0.50 -> 0.47: below
        "b": [tuning_seed] + [history([0.3] * 8)] * 2,
        "b+tuned": [history([0.1] * 8)] + [history([0.3] * 7 + [0.32])] * 2,  # (0.3 + 0.32) / 2 = 0.31 > 0.30
    }
    tuned = {"a+tuned": {"row": "a", "objective": "last"}, "b+tuned": {"row": "b", "objective": "last"},
             "c+tuned": {"row": "c", "objective": "last", "same_as": "c", "why": "the default setting scored best"}}
    later = confirm_tuned(tuned, histories)
    assert list(later) == ["a+tuned"] and later["a+tuned"][0] == "a"
    assert later["a+tuned"][1] == ("not confirmed by the final runs: their validation objective 47.00% against the default's 47.50% "
                                   "(2 seed(s) besides the tuning seed)")
    assert tuned["a+tuned"]["same_as"] == "a"
    assert tuned["a+tuned"]["final_val"] == pytest.approx({"tuned": 0.47, "default": 0.475, "seeds": 2, "tuning_seed_left_out": True})
    assert "same_as" not in tuned["b+tuned"]
    assert tuned["b+tuned"]["final_val"] == pytest.approx({"tuned": 0.31, "default": 0.30, "seeds": 2, "tuning_seed_left_out": True})
    # one seed: it is all there is, so it confirms (the tuning seed's 0.99 against 0.9 here)
    one = {"a+tuned": {"row": "a", "objective": "last"}}
    assert confirm_tuned(one, {k: v[:1] for k, v in histories.items()}) == {}
    assert one["a+tuned"]["final_val"] == pytest.approx({"tuned": 0.99, "default": 0.9, "seeds": 1, "tuning_seed_left_out": False})
    assert "final_val" not in tuned["c+tuned"]  # already the default row's: nothing to confirm


def test_back_off_lowers_every_learning_rate_of_the_last_diverged_trial_by_hand():
    from optuna.distributions import FloatDistribution
    from optuna.trial import TrialState, create_trial

    from copfl.tuning.trial_order import back_off

    space = space_of(ALGORITHMS["pfedhn"])  # hn_lr in [0.001, 0.1], inner_lr in [0.001, 0.05], log scale
    dist = {"hn_lr": FloatDistribution(0.001, 0.1, log=True), "inner_lr": FloatDistribution(0.001, 0.05, log=True)}

    def trial(state, hn, inner, diverged=True):
        return create_trial(state=state, params={"hn_lr": hn, "inner_lr": inner}, distributions=dist, value=0.1 if state == TrialState.COMPLETE else None,
                            user_attrs={"diverged": "loss"} if diverged else {})

    first = trial(TrialState.PRUNED, 0.01, 0.005)
    assert back_off([first], space) == {"hn_lr": pytest.approx(0.001), "inner_lr": 0.001}  # 0.005 / 10 is below the range: its low end
    assert back_off([first, trial(TrialState.PRUNED, 0.02, 0.04)], space) == {"hn_lr": pytest.approx(0.002), "inner_lr": pytest.approx(0.004)}
    assert back_off([first, trial(TrialState.COMPLETE, 0.02, 0.04, False)], space) is None  # a trial completed: the sampler goes on
    assert back_off([trial(TrialState.PRUNED, 0.01, 0.005, diverged=False)], space) is None  # pruned, not diverged
    assert back_off([first, trial(TrialState.PRUNED, 0.001, 0.001)], space) is None  # no rate can go lower
    assert back_off([trial(TrialState.PRUNED, 0.001, 0.001), first], space) is None  # the lowered values already ran


def test_a_study_whose_trials_diverge_backs_off_and_goes_past_its_budget_share_until_one_completes(tmp_path, capsys, monkeypatch):
    """Issue 78: pFedHN on Fashion-MNIST spent its budget share on two diverging trials and had no
    tuned row. Every trial so far diverged: the next runs the last one's learning rates / 10,
    and the study may spend up to BUDGET_GRACE shares until one completes."""
    from copfl.tuning.tuner import BUDGET_GRACE

    def objective(self, algorithm, trial, fixed):  # a stand-in trial of 1 s: rates above 0.01 diverge
        _, values = self.trial_config(algorithm, trial, fixed)
        for k, v in {"seconds": 1.0, "round": 4, "rounds_run": 4, "val_loss": 1.0}.items():
            trial.set_user_attr(k, v)
        if values["lr"] > 0.01:
            trial.set_user_attr("diverged", "training loss 1e4")
            raise optuna.TrialPruned("diverged")
        return 0.5

    monkeypatch.setattr(Tuner, "objective", objective)
    out = tmp_path / "t"
    # --lr 0.05: the default diverges; --budget 1s: spent by it; the back-off (0.005) runs in the grace and completes
    assert main(["tune", "--algorithms", "fedavg", "--budget", "1s", "--lr", "0.05", "--out", str(out), *PROBLEM]) == 0
    err = capsys.readouterr().err
    assert "fedavg: every trial so far diverged: the next one runs the last one's learning rates / 10 (lr=0.005, momentum=" in err
    study = optuna.load_study(study_name="fedavg", storage=f"sqlite:///{out / 'study.db'}")
    assert [t.user_attrs.get("origin") for t in study.trials] == ["default", "back-off"]
    assert [t.state.name for t in study.trials] == ["PRUNED", "COMPLETE"] and study.trials[1].params["lr"] == pytest.approx(0.005)
    assert json.loads((out / "best.json").read_text())["fedavg"]["lr"] == pytest.approx(0.005)
    # every trial diverging (a floor of 0.001 > 0.0005 is never reached): the study stops at BUDGET_GRACE shares
    monkeypatch.setattr(Tuner, "objective", lambda self, a, t, f: (t.set_user_attr("seconds", 1.0), t.set_user_attr("diverged", "x"),
                                                                    (_ for _ in ()).throw(optuna.TrialPruned("diverged"))))
    assert main(["tune", "--algorithms", "fedavg", "--budget", "1s", "--out", str(tmp_path / "u"), *PROBLEM]) == 0
    spent = optuna.load_study(study_name="fedavg", storage=f"sqlite:///{tmp_path / 'u' / 'study.db'}").trials
    assert len(spent) == BUDGET_GRACE  # 1 s each: the default, then one back-off; 2 s = 2 shares


def test_the_built_in_prior_library_is_the_committed_studys_best_settings():
    """The shipped library (package data) is what studies/builtin_priors.py makes of the committed
    tuning study: each (method, problem)'s best values; a test fails when either changes alone."""
    import importlib.util
    from pathlib import Path

    from copfl.tuning.priors import BUILTIN

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("builtin_priors", root / "studies" / "builtin_priors.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    reports = [json.loads(p.read_text()) for p in gen.DEFAULT_REPORTS]
    assert BUILTIN.read_text() == gen.library_text(reports)
    entries = PriorLibrary(BUILTIN).entries()
    study = {(p["problem"], m["variant"]): m["params"] for r in reports for p in r for m in p["methods"] if m.get("params")}  # a later report's rows win
    assert {(e["problem"], e["label"]): e["params"] for e in entries} == study and len(entries) == 90
    assert all("momentum" in e["params"] for e in entries if e["label"] in ("dpao-pfl", "pfedsv"))  # the rerun's rows, momentum searched
    assert {e["model"] for e in entries} == {"cnn"} and {e["dataset"] for e in entries} == {"femnist", "fashion-mnist", "cifar10"}


def test_prior_without_a_library_of_ones_own_uses_the_built_in_one_leaving_the_problems_own_study_out(tmp_path, monkeypatch):
    from copfl.tuning.priors import BUILTIN, library

    monkeypatch.setenv("COPFL_PRIORS", str(tmp_path / "none.json"))
    lib = library("")
    assert lib.path == BUILTIN and lib.builtin and library("builtin").builtin
    assert library("", saving=True).path == tmp_path / "none.json"  # --save-prior writes the user's own
    (tmp_path / "none.json").write_text(json.dumps({"version": 1, "entries": []}))
    assert library("").path == tmp_path / "none.json" and not library("").builtin  # the user's own library wins
    with pytest.raises(ValueError, match="read only"):
        library("builtin", saving=True)
    space = space_of(ALGORITHMS["fedrep"], "cnn")
    entries = {e["problem"]: e["params"] for e in PriorLibrary(BUILTIN).entries() if e["label"] == "fedrep"}
    on_cifar = PriorLibrary(BUILTIN, builtin=True).settings("fedrep", "cnn", space, {}, problem=("cifar10", "dirichlet"))
    others = {tuple(sorted(p.items())) for k, p in entries.items() if not k.startswith("cifar10")}
    assert {tuple(sorted(p.items())) for p, _ in on_cifar} == others  # leave one problem out: the other two problems' settings
    assert on_cifar and all("cifar10" not in origin for _, origin in on_cifar)
    elsewhere = PriorLibrary(BUILTIN, builtin=True).settings("fedrep", "cnn", space, {}, problem=("mnist", "dirichlet"))
    assert {tuple(sorted(p.items())) for p, _ in elsewhere} == {tuple(sorted(p.items())) for p in entries.values()}


def test_a_prior_library_of_another_model_family_is_said_so(tmp_path, capsys, monkeypatch):
    """digits trains an MLP; the built-in library holds CNN settings: the study starts from the
    default alone, and says why."""
    monkeypatch.setenv("COPFL_PRIORS", str(tmp_path / "none.json"))
    assert main(["tune", "--algorithms", "fedavg", "--trials", "2", "--prior", "--out", str(tmp_path / "t"), *PROBLEM]) == 0
    err = capsys.readouterr().err
    assert "holds fedavg's settings for model families cnn, not mlp: its study starts from the default setting alone" in err
    table = json.loads((tmp_path / "t" / "tune.json").read_text())["algorithms"][0]["table"]
    assert table[0]["origin"] == "default" and not any(str(r.get("origin", "")).startswith("prior") for r in table)
