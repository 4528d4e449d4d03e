"""The engine's collaborators, each on its own (issue 79, part 2): who takes part in a round
(Participation: no model, no data), what the work costs (Accounting: FLOPs of a model whose
counts are done by hand), the clients' evaluation (Evaluation), the divergence rule, and the
upload fold, checked against values computed by hand."""

from __future__ import annotations

import pytest
import torch

from copfl.engine.accounting import Accounting
from copfl.algorithms.fedavg import FedAvg
from copfl.extensions.unreliable import Availability
from copfl.engine.loop import Engine, UploadFold, fold_in
from copfl.engine.participation import Participation
from copfl.engine.rounds import ClientStep, DivergenceRule, EngineConfig, ExplodingLossError, message_bytes

from helpers import linear_workspace, tiny_clients, tiny_engine


def _step(samples=10, bytes_down=0, bytes_up=0, upload=None):
    return ClientStep(upload if upload is not None else {"x": torch.ones(2)}, None, 1.0, samples, samples, bytes_down, bytes_up)


# --------------------------------------------------------------------------- participation
def test_participation_holds_out_samples_and_evaluates_clients_by_seeded_draws():
    part = Participation(EngineConfig(rounds=5, client_fraction=0.5, holdout_clients=0.2, eval_clients=3, eval_every=2, seed=3), 10)
    unseen = part.unseen_clients
    assert len(unseen) == 2 and unseen == sorted(unseen)  # round(0.2 x 10) held out, ascending
    pool = part.participating_clients
    assert pool == [c for c in range(10) if c not in unseen]
    picks = [part.sample_clients(r) for r in range(1, 6)]
    assert all(len(p) == 4 and p == sorted(p) and set(p) <= set(pool) for p in picks)  # round(0.5 x 8), never a held-out one
    assert len({tuple(p) for p in picks}) > 1  # a fresh draw per round...
    again = Participation(EngineConfig(rounds=5, client_fraction=0.5, holdout_clients=0.2, eval_clients=3, eval_every=2, seed=3), 10)
    assert [again.sample_clients(r) for r in range(1, 6)] == picks  # ...the same one for the same seed
    assert part.round_clients(1) == part.sample_clients(1)  # nobody drops out without --client-dropout
    assert [r for r in range(1, 6) if part.is_eval_round(r)] == [2, 4, 5]  # every 2nd round and the last
    assert len(part.evaluated_clients(2)) == 3 and set(part.evaluated_clients(2)) <= set(pool)
    assert part.evaluated_clients(5) == pool  # every participating client after the last round


def test_participation_refuses_to_hold_out_every_client():
    with pytest.raises(ValueError, match="--holdout-clients 0.9 of 2 clients keeps 2 out"):
        _ = Participation(EngineConfig(holdout_clients=0.9), 2).unseen_clients


def test_a_step_past_the_deadline_arrives_late_and_the_round_counts_it():
    # speed 100 samples/s, bandwidth 1000 B/s: 50 samples + 500 B down + 500 B up = 0.5 + 0.5 + 0.5 = 1.5 s
    av = Availability(deadline=1.0, client_speed=100.0, bandwidth=1000.0)
    part = Participation(EngineConfig(rounds=2, availability=av), 3)
    slow = part.arrive(0, _step(samples=50, bytes_down=500, bytes_up=500))
    fast = part.arrive(1, _step(samples=50))  # 0.5 s
    assert (slow.late, slow.upload, slow.bn) == (True, {}, None) and not slow.uploaded
    assert not fast.late and fast.uploaded
    record: dict = {}
    part.count_availability(record, 1, {0: slow, 1: fast})  # 3 selected, 2 trained (one dropped out), one late
    assert record == {"selected": 3, "returned": 1, "dropped": 1, "late": 1}
    record = {}
    part.count_availability(record, 1, {0: slow})
    assert record["returned"] == 0 and record["kept_model"] is True


# --------------------------------------------------------------------------- accounting
def test_accounting_prices_a_step_and_an_evaluation_by_hand():
    ws = linear_workspace([[1.0, 0.0], [0.0, 1.0]], [0.0, 0.0])  # 2 x 2 linear: 4 MACs, 8 FLOPs forward
    data = tiny_clients([[[1.0, 2.0]]], [[0]])[0]
    acc = Accounting(ws)
    assert acc.train_flops_per_sample(data) == 24  # forward + backward: 3 x 8
    assert acc.eval_flops_per_sample(data) == 8

    class Stats:
        samples, head_only, featurized = 5, 0, 0

    logs = {"extra_train_samples": 2, "extra_flops": 7, "kept": 1}
    assert acc.step_flops(data, Stats(), logs) == (5 + 2) * 24 + 7
    assert logs == {"kept": 1}  # the two declarations are consumed
    inferred, tuned = ws.inference_samples, ws.grad_samples
    ws.evaluate(torch.zeros(3, 2), torch.zeros(3, dtype=torch.int64))  # 3 forward passes without autograd
    assert acc.flops_since(inferred, tuned, data) == 3 * 8


# --------------------------------------------------------------------------- evaluation
def test_evaluation_reads_validation_data_in_place_of_test_data_when_told():
    from dataclasses import replace

    ws = linear_workspace([[1.0, 0.0], [0.0, 1.0]], [0.0, 0.0])  # predicts the larger feature's index
    two = tiny_clients([[[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0]]], [[0, 0], [0]])  # client 0's test: one right, one wrong
    clients = [replace(two[0], x_val=torch.tensor([[0.0, 3.0]]), y_val=torch.tensor([1])), two[1]]  # its validation: right
    eng = tiny_engine(FedAvg, {}, ws, clients)
    run = eng.new_state()
    message = {"params": run.server["params"]}
    m = eng.evaluation.evaluate_client(0, 0, message, run.server_buffers)
    assert (m.accuracy, m.num_test, m.val_accuracy, m.num_val) == (0.5, 2, 1.0, 1)
    eng.validation_only = True  # copfl tune: the validation data in the test data's place, and nothing else
    v = eng.evaluation.evaluate_client(0, 0, message, run.server_buffers)
    assert (v.accuracy, v.num_test, v.val_accuracy) == (1.0, 1, 1.0)
    with pytest.raises(ValueError, match="client 1 has no validation data to evaluate"):
        eng.evaluation.evaluate_client(1, 0, message, run.server_buffers)


# --------------------------------------------------------------------------- the loop's own rules
def test_the_divergence_rule_checks_a_round_against_the_first_that_trained():
    rule = DivergenceRule(factor=10, limit=1e6)
    history = [{"round": 1, "clients_trained": 0, "train_loss": 0.0}, {"round": 2, "clients_trained": 3, "train_loss": 2.0}]
    rule.check(history, {"round": 3, "clients_trained": 3, "train_loss": 19.9})  # 9.95 x the first: fine
    rule.check(history, {"round": 3, "clients_trained": 0, "train_loss": 1e9})  # nobody trained: nothing to check
    with pytest.raises(ExplodingLossError, match="training loss 20.2 at round 3 is 10.1 x the first round's 2"):
        rule.check(history, {"round": 3, "clients_trained": 3, "train_loss": 20.2})


def test_an_upload_fold_takes_uploads_in_client_order_whatever_order_they_arrive_in():
    seen = []

    class Folding:
        def fold_add(self, ctx, acc, client, upload):
            seen.append(client)
            return acc + float(upload["x"].sum())

        def fold_end(self, ctx, server, acc):
            return {"sum": acc}, {}

    from copfl.algorithms.base import ServerContext
    from copfl.core.store import MemoryStore

    fold = UploadFold(Folding(), ServerContext(1, "train", (0, 1, 2), (1, 1, 1), 0, MemoryStore()), 0.0)  # type: ignore[arg-type]
    steps = {c: fold_in(fold, c, _step(upload={"x": torch.full((2,), float(c))} if c != 1 else {}), torch.device("cpu")) for c in (2, 1, 0)}
    assert seen == [0, 2]  # client 1 uploaded nothing; 2 waited for 0
    assert [steps[c].folded for c in (0, 1, 2)] == [True, False, True] and all(s.upload == {} for s in steps.values())
    assert fold.end({}) == ({"sum": 4.0}, {})
    assert message_bytes({"x": torch.ones(3), "m": torch.ones(9, dtype=torch.bool), "n": 2}) == 12 + 2 + 8


def test_the_engine_keeps_its_interface_to_twenty_methods():
    """Issue 79: the loop, not participation, accounting or evaluation (its collaborators)."""
    methods = [n for n, v in vars(Engine).items() if callable(v) or isinstance(v, property)]
    assert len(methods) <= 20, methods
    assert {"participation", "accounting", "evaluation"} <= set(vars(tiny_engine(FedAvg, {}, linear_workspace([[1.0, 0.0], [0.0, 1.0]], [0.0, 0.0]), tiny_clients([[[1.0, 0.0]]], [[0]]))))
