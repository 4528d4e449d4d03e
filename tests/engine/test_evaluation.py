"""Evaluation the engine does for every algorithm: validation-selected rounds, fairness
figures, unseen (held-out) clients as newcomers."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
import torch

from copfl.algorithms.base import ALGORITHMS
from copfl.results.summary import select_by_validation, summarize
from copfl.execution.config import RunConfig, resume_conflicts, saved_config
from copfl.data.clients import with_validation
from copfl.engine.figures import ClientMetrics, fairness, summarize_clients, summarize_unseen, worst_fraction_mean
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation


def test_selected_round_is_chosen_on_validation_only():
    # best test accuracy at round 2, best validation accuracy at round 3 (tied with round 4: the earlier)
    history = [
        {"round": 1, "acc_mean": 0.50, "acc_weighted": 0.5, "val_acc_mean": 0.40, "train_loss": 1.0},
        {"round": 2, "acc_mean": 0.90, "acc_weighted": 0.9, "val_acc_mean": 0.60, "train_loss": 0.9},
        {"round": 3, "acc_mean": 0.70, "acc_weighted": 0.7, "val_acc_mean": 0.80, "train_loss": 0.8},
        {"round": 4, "acc_mean": 0.65, "acc_weighted": 0.6, "val_acc_mean": 0.80, "train_loss": 0.7},
    ]
    sel = select_by_validation(history)
    assert sel["round"] == 3 and sel["acc_mean"] == 0.70 and sel["val_acc_mean"] == 0.80
    s = summarize(history)
    assert s["best"]["round"] == 2 and s["selected"]["round"] == 3 and s["final"]["round"] == 4
    # no validation data: no selected figure
    assert select_by_validation([{k: v for k, v in r.items() if k != "val_acc_mean"} for r in history]) is None


def test_fairness_figures_by_hand_on_five_clients():
    acc = np.array([0.2, 0.4, 0.6, 0.8, 1.0])
    f = fairness(acc)
    assert f["acc_std"] == pytest.approx(math.sqrt((0.16 + 0.04 + 0 + 0.04 + 0.16) / 5))  # population std: 0.2828
    assert f["acc_worst10"] == pytest.approx(0.2)  # ceil(10% of 5) = 1 client: the worst
    assert f["acc_min"] == pytest.approx(0.2)
    assert worst_fraction_mean(np.arange(25) / 24) == pytest.approx((0 + 1 + 2) / 24 / 3)  # ceil(2.5) = 3 worst of 25
    assert worst_fraction_mean(np.arange(10) / 10) == pytest.approx(0.0)  # exactly 1 of 10
    clients = [ClientMetrics(i, a, 1.0 - a, 10, 20, a - 0.1, 0.5, 5) for i, a in enumerate(acc)]
    s = summarize_clients(clients)
    assert s["acc_worst10"] == pytest.approx(0.2) and s["val_acc_mean"] == pytest.approx(0.5) and s["val_loss_mean"] == pytest.approx(0.5)
    u = summarize_unseen([ClientMetrics(7, 0.3, 1, 10, 20), ClientMetrics(8, 0.5, 1, 10, 20)], s["acc_mean"])
    assert u["unseen_acc_mean"] == pytest.approx(0.4) and u["unseen_gap"] == pytest.approx(0.4 - 0.6) and u["unseen_acc_min"] == 0.3


def test_validation_split_is_held_out_of_training_and_seeded():
    cfg = RunConfig(dataset="digits", val_fraction=0.2, seed=3).resolved()
    fed = build_federation(cfg)
    full = build_federation(RunConfig(dataset="digits", val_fraction=0.0, seed=3).resolved())
    for c, f in zip(fed.clients, full.clients):
        assert c.num_val == round(0.2 * f.num_train) and c.num_train + c.num_val == f.num_train
        # training and validation samples together are the client's whole training data, each once
        both = torch.cat([c.x_train, c.x_val]).flatten(1)
        assert torch.equal(torch.sort(both, dim=0).values, torch.sort(f.x_train.flatten(1), dim=0).values)
        assert torch.equal(c.x_test, f.x_test)
    again = build_federation(cfg)
    assert all(torch.equal(a.y_val, b.y_val) and torch.equal(a.x_train, b.x_train) for a, b in zip(fed.clients, again.clients))
    one = full.clients[0]
    tiny = type(one)(one.x_train[:1], one.y_train[:1], one.x_test, one.y_test)
    assert with_validation(tiny, 0.5, 0, 0) is tiny  # one sample: trained on, no validation data
    two = with_validation(type(one)(one.x_train[:2], one.y_train[:2], one.x_test, one.y_test), 0.1, 0, 0)
    assert two.num_train == 1 and two.num_val == 1


def test_run_records_validation_and_selects_on_it():
    cfg = RunConfig(algorithm="fedavg", dataset="digits", rounds=3, seed=0).resolved()
    assert cfg.val_fraction == 0.1  # the default: a small hold-out
    state = build_engine(cfg, build_federation(cfg)).run()
    assert all("val_acc_mean" in r and "acc_worst10" in r for r in state.history)
    assert all(c.num_val > 0 and c.val_accuracy is not None for c in state.last_clients)
    s = summarize(state.history)
    assert s["cost"]["train_flops_total"] == sum(r["train_flops"] for r in state.history) > 0
    assert s["communication"]["bytes_up_total"] == sum(r["bytes_up"] for r in state.history) > 0
    best_val = max(r["val_acc_mean"] for r in state.history)
    assert s["selected"]["val_acc_mean"] == best_val
    assert s["selected"]["acc_mean"] == next(r["acc_mean"] for r in state.history if r["val_acc_mean"] == best_val)


def _unseen_run(algorithm: str, rounds: int = 2, **kw):
    kw = {"seed": 0, **kw}
    cfg = RunConfig(algorithm=algorithm, dataset="digits", rounds=rounds, holdout_clients=0.2, **kw).resolved()
    engine = build_engine(cfg, build_federation(cfg))
    return engine, engine.run()


def test_held_out_clients_never_train_and_are_evaluated_as_newcomers():
    engine, state = _unseen_run("fedavg", rounds=3)
    unseen = engine.participation.unseen_clients
    assert len(unseen) == 2 and unseen == sorted(unseen)
    assert all(engine.store.get(c) is None for c in unseen)  # no state: never trained, nothing kept
    assert all(r["clients_trained"] == 8 for r in state.history)
    assert sorted(c.client for c in state.last_clients) == [c for c in range(10) if c not in unseen]
    assert [c.client for c in state.last_unseen] == unseen
    for r in state.history:
        assert r["unseen_gap"] == pytest.approx(r["unseen_acc_mean"] - r["acc_mean"])
    assert state.history[-1]["unseen_acc_mean"] == pytest.approx(np.mean([c.accuracy for c in state.last_unseen]))
    # the same seed holds out the same clients, another seed (here) others
    same, other = (_unseen_run("fedavg", rounds=1, **kw)[0].participation.unseen_clients for kw in ({}, {"seed": 5}))
    assert same == unseen and other != unseen


def test_newcomers_adapt_without_test_data(monkeypatch):
    from copfl.algorithms.fedavg import FedAvgFT

    seen = []
    orig = FedAvgFT.client_update

    def spy(self, ctx, message, state):
        seen.append((ctx.client, ctx.data.num_test))
        return orig(self, ctx, message, state)

    monkeypatch.setattr(FedAvgFT, "client_update", spy)
    engine, state = _unseen_run("fedavg-ft")
    newcomer_calls = [n for c, n in seen if c in engine.participation.unseen_clients]
    assert len(newcomer_calls) == 2 * len(engine.participation.unseen_clients) and all(n == 0 for n in newcomer_calls)
    # fine-tuning on a newcomer's own training data beats the bare global model here
    assert state.history[-1]["unseen_acc_mean"] > 0.5


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_every_algorithm_evaluates_unseen_clients(algorithm):
    engine, state = _unseen_run(algorithm, rounds=1)
    rec = state.history[-1]
    assert 0.0 <= rec["unseen_acc_mean"] <= 1.0 and "unseen_gap" in rec
    assert all(engine.store.get(c) is None for c in engine.participation.unseen_clients)
    assert all(c not in engine.participation.unseen_clients for c in engine.server_store.clients())  # the server kept nothing of them


def test_saved_configs_without_the_new_options_keep_their_results():
    old = {"algorithm": "fedavg", "dataset": "digits", "rounds": 5}  # config.json of a run saved before val_fraction existed
    assert saved_config(old)["val_fraction"] == 0.0 and saved_config(old)["holdout_clients"] == 0.0
    assert resume_conflicts(old, RunConfig(algorithm="fedavg", dataset="digits", rounds=8, val_fraction=0.0)) == []
    assert resume_conflicts(old, RunConfig(algorithm="fedavg", dataset="digits", rounds=8))[0].startswith("val-fraction")


def test_bad_fractions_are_refused_with_their_value():
    with pytest.raises(ValueError, match=r"val-fraction = 1\.0"):
        RunConfig(val_fraction=1.0)
    with pytest.raises(ValueError, match=r"holdout-clients = -0\.1"):
        RunConfig(holdout_clients=-0.1)


def test_flower_refuses_held_out_clients():
    from copfl.flower.run_config import config_from_run_config, config_to_json

    with pytest.raises(ValueError, match="holdout-clients 0.2"):
        config_to_json(RunConfig(holdout_clients=0.2))
    with pytest.raises(ValueError, match="--eval-batched joins clients' evaluations in copfl's own engine only"):
        config_to_json(RunConfig(eval_batched=True))
    old = json.dumps({"algorithm": "fedavg", "dataset": "digits"})  # an app written before val_fraction existed
    assert config_from_run_config({"copfl-config": old}).val_fraction == 0.0


# ----------------------------------------------------------------------------- --eval-batched
def _batched_pair(algorithm: str, **kw):
    """The same run with and without --eval-batched: (its engine and state) each."""
    out = []
    for batched in (False, True):
        cfg = RunConfig(algorithm=algorithm, dataset="digits", partition="iid", clients=70, rounds=2, seed=0, threads=1, val_fraction=0.2,
                        eval_batched=batched, **kw).resolved()
        engine = build_engine(cfg, build_federation(cfg))
        out.append((engine, engine.run()))
    return out


def test_eval_batched_joins_clients_of_one_model_with_the_same_accuracies():
    from copfl.engine.evaluation import EVAL_BLOCK

    (one, s1), (joined, s2) = _batched_pair("fedavg")
    # 70 clients, each with a few test samples, in blocks of EVAL_BLOCK: far fewer forward passes
    calls = []
    joined.ws.model.register_forward_pre_hook(lambda m, args: calls.append(len(args[0])))
    joined.evaluation.evaluate(s2)
    block, bs = EVAL_BLOCK, joined.ws.eval_batch_size
    per_block = [sum(c.num_test + c.num_val for c in s2.last_clients[i : i + block]) for i in range(0, 70, block)]
    assert calls == [n for total in per_block for n in [bs] * (total // bs) + [total % bs] * bool(total % bs)]
    assert len(calls) < 20  # one small batch per set: 140
    for a, b in zip(s1.last_clients, s2.last_clients):
        assert (a.client, a.accuracy, a.num_test, a.val_accuracy, a.num_val) == (b.client, b.accuracy, b.num_test, b.val_accuracy, b.num_val)
        assert b.loss == pytest.approx(a.loss, rel=1e-5) and b.val_loss == pytest.approx(a.val_loss, rel=1e-5)
    for r1, r2 in zip(s1.history, s2.history):
        assert (r1["acc_mean"], r1["val_acc_mean"], r1["eval_flops"]) == (r2["acc_mean"], r2["val_acc_mean"], r2["eval_flops"])
        assert r2["test_loss_mean"] == pytest.approx(r1["test_loss_mean"], rel=1e-6)


def test_eval_batched_leaves_clients_with_models_of_their_own_bit_for_bit():
    # Ditto: every client its own personal model; FedAvg-FT: fine-tuned per client (evaluation trains)
    for algorithm in ("ditto", "fedavg-ft"):
        (_, s1), (_, s2) = _batched_pair(algorithm)
        assert s1.last_clients == s2.last_clients, algorithm
        assert [{k: v for k, v in r.items() if k != "seconds"} for r in s1.history] == [{k: v for k, v in r.items() if k != "seconds"} for r in s2.history]


def test_eval_batched_in_validation_only_mode_never_touches_test_data():
    from copfl.engine.sealing import seal_test_data

    figures = []
    for batched in (False, True):
        cfg = RunConfig(algorithm="fedavg", dataset="digits", partition="iid", clients=40, rounds=1, seed=0, threads=1, val_fraction=0.2, eval_batched=batched).resolved()
        engine = build_engine(cfg, build_federation(cfg))
        seal_test_data(engine)  # reading a test tensor raises
        state = engine.run()
        figures.append([(c.accuracy, c.val_accuracy, c.num_test, c.num_val) for c in state.last_clients])
    assert figures[0] == figures[1]  # the validation figures stand in for the test figures
    assert all(acc == val and n == m > 0 for acc, val, n, m in figures[1])


def test_evaluate_many_counts_each_set_as_evaluate_does():
    from copfl.core.models import ModelSpec, build_model
    from copfl.core.workspace import Workspace

    torch.manual_seed(0)
    ws = Workspace(build_model("mlp", ModelSpec((1, 8, 8), 10)), eval_batch_size=16)
    g = torch.Generator().manual_seed(1)
    sizes = [0, 3, 16, 40, 1, 0, 300, 7]  # empty sets, one crossing many batches, one beyond join x batch
    sets = [(torch.randn(n, 1, 8, 8, generator=g), torch.randint(0, 10, (n,), generator=g)) for n in sizes]
    joint = ws.evaluate_many(sets, join=4)
    alone = [ws.evaluate(x, y) for x, y in sets]
    assert [(e.correct, e.samples) for e in joint] == [(e.correct, e.samples) for e in alone]
    assert [e.loss_sum for e in joint] == pytest.approx([e.loss_sum for e in alone], rel=1e-5)
    assert joint[0].loss_sum == 0.0 and joint[5].samples == 0
