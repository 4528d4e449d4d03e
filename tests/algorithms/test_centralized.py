"""Centralized SGD (the pooled-data reference of DPAO-PFL's Fig. 4): the budget by hand, the
pooled batches, equivalence with FedAvg on one client holding everything, determinism."""

import dataclasses

import pytest
import torch

from copfl.algorithms.centralized import CentralizedConfig, pool_training_data, pooled_schedule, round_budget, train_pooled
from copfl.execution.config import RunConfig
from copfl.data.clients import ClientData
from copfl.execution.experiment import make_engine
from copfl.core.models import MLP, ModelSpec
from copfl.core.train_hooks import OptimizerConfig
from copfl.core.workspace import Workspace

from helpers import run_cfg, small, synthetic


def clients_from(sizes, seed=0, features=3, classes=2):
    """Clients whose training rows are unique (feature 0 = the sample's id in the pool)."""
    g = torch.Generator().manual_seed(seed)
    out, start = [], 0
    for n in sizes:
        ids = torch.arange(start, start + n, dtype=torch.float32)
        x = torch.cat([ids[:, None], torch.randn(n, features - 1, generator=g)], 1)
        y = torch.randint(0, classes, (n,), generator=g)
        xt, yt = torch.randn(4, features, generator=g), torch.randint(0, classes, (4,), generator=g)
        out.append(ClientData(x, y, xt, yt))
        start += n
    return out


def cfg_for(algorithm, **kw):
    base = dict(algorithm=algorithm, dataset="synthetic", model="mlp", rounds=2, batch_size=4, lr=0.1, momentum=0.0, seed=3, threads=1)
    return RunConfig(**{**base, **kw}).resolved()


def engine(algorithm, clients, **kw):
    spec = ModelSpec((1, 1, clients[0].x_train.shape[1]), 2)
    return make_engine(cfg_for(algorithm, **kw), spec, clients, tuple(c.num_train for c in clients))


# ------------------------------------------------------------------ the budget, by hand
def test_round_budget_by_hand():
    n = (10, 20, 30, 40)
    assert round_budget(n, (1, 3), epochs=2) == 2 * 20 + 2 * 40 == 120  # FedAvg's sample-gradients of clients 1 and 3
    assert round_budget(n, (0, 1, 2, 3), epochs=1) == 100
    assert round_budget(n, (1, 3), epochs=2, mode="all") == 2 * 100  # E passes over the pool, whoever participates
    assert pooled_schedule(250, 100) == (2, 50) and pooled_schedule(100, 100) == (1, 0) and pooled_schedule(30, 100) == (0, 30)
    with pytest.raises(ValueError, match="budget must be one of participants, all, got 'steps'"):
        CentralizedConfig(budget="steps")


def _recorded_ids(budget, sizes=(5, 7, 4), batch_size=3, seed=0):
    pool = pool_training_data(clients_from(sizes))
    torch.manual_seed(0)
    ws = Workspace(MLP(3, 2, hidden=()))
    seen = []
    inner = ws.loss_and_grad

    def record(xb, yb, **kw):
        seen.append(xb[:, 0].long().tolist())
        return inner(xb, yb, **kw)

    ws.loss_and_grad = record
    stats = train_pooled(ws, pool, budget, batch_size, OptimizerConfig("sgd", 0.1, 0.0), torch.Generator().manual_seed(seed))
    return seen, stats, pool


def test_pooled_data_is_every_client_in_client_order():
    cs = clients_from((5, 7, 4))
    pool = pool_training_data(cs)
    assert torch.equal(pool.x_train, torch.cat([c.x_train for c in cs])) and torch.equal(pool.y_train, torch.cat([c.y_train for c in cs]))
    assert pool.num_test == 0


def test_pooled_batches_cover_every_client_each_pass():
    seen, stats, pool = _recorded_ids(budget=2 * 16)  # two full passes over the 16 pooled samples
    flat = [i for b in seen for i in b]
    assert sorted(flat[:16]) == list(range(16)) and sorted(flat[16:]) == list(range(16))  # each pass: every sample of every client once
    assert [len(b) for b in seen] == [3, 3, 3, 3, 3, 1] * 2  # batches of 3 within each pass, as Workspace.train's epochs
    assert stats.samples == 32 and stats.steps == 12


def test_pooled_budget_remainder_is_a_subset_without_replacement():
    seen, stats, _ = _recorded_ids(budget=16 + 7)
    flat = [i for b in seen for i in b]
    assert sorted(flat[:16]) == list(range(16))
    rest = flat[16:]
    assert len(rest) == 7 and len(set(rest)) == 7 and set(rest) <= set(range(16))
    assert stats.samples == 23 == 16 + 7
    seen2, _, _ = _recorded_ids(budget=16 + 7)
    assert seen2 == seen  # seeded
    seen3, _, _ = _recorded_ids(budget=16 + 7, seed=1)
    assert seen3 != seen


# ------------------------------------------------------------------ through the engine
def test_budget_through_the_engine_is_the_participants_sample_gradients():
    cs = clients_from((5, 7, 4, 9))
    eng = engine("centralized", cs, client_fraction=0.5, local_epochs=2)
    state = eng.new_state()
    for _ in range(2):
        rec = eng.run_round(state)
        parts = eng.participation.sample_clients(rec["round"])
        assert rec["clients_trained"] == 2 and rec["clients_uploaded"] == 1  # only the first participant uploads
        expected = sum(2 * cs[p].num_train for p in parts)
        first = eng.algorithm.broadcast(eng.server_context(rec["round"], "train", parts), state.server, parts[0])
        assert first["budget"] == expected
        assert eng.algorithm.broadcast(eng.server_context(rec["round"], "train", parts), state.server, parts[1]) == {}
        # the round's training loss covers exactly the budget's samples
        assert rec["per_client"]["pooled_samples"] == [expected]


def test_one_client_centralized_equals_fedavg_bit_for_bit():
    cs = clients_from((13,))
    a, b = engine("centralized", cs, local_epochs=2), engine("fedavg", cs, local_epochs=2)
    sa, sb = a.run(), b.run()
    assert torch.equal(sa.server["params"], sb.server["params"])
    for ra, rb in zip(sa.history, sb.history, strict=True):
        assert ra["train_loss"] == rb["train_loss"] and ra["acc_mean"] == rb["acc_mean"]


def test_all_clients_one_epoch_equals_fedavg_on_one_client_holding_the_union():
    """E = 1, every client participating: the budget is one pass over the pool, i.e. FedAvg's
    local epoch on a single client whose data is the union (same seed, same client id 0)."""
    cs = clients_from((5, 7, 4))
    union = pool_training_data(cs)
    union = ClientData(union.x_train, union.y_train, cs[0].x_test, cs[0].y_test)
    sa = engine("centralized", cs).run()
    sb = engine("fedavg", [union]).run()
    assert torch.equal(sa.server["params"], sb.server["params"])


def test_deterministic_and_seeded():
    cfg = small("centralized", rounds=2)
    _, s1 = run_cfg(cfg)
    _, s2 = run_cfg(cfg)
    _, s3 = run_cfg(dataclasses.replace(cfg, seed=cfg.seed + 1))
    assert torch.equal(s1.server["params"], s2.server["params"]) and s1.history == s2.history
    assert not torch.equal(s1.server["params"], s3.server["params"])


def test_every_client_is_evaluated_with_the_one_model():
    eng, state = run_cfg(small("centralized", rounds=2))
    ws = eng.ws
    ws.load(state.server["params"])
    for c, m in zip(eng.clients, state.last_clients, strict=True):
        ev = ws.evaluate(c.x_test, c.y_test)
        assert m.accuracy == ev.accuracy and m.loss == pytest.approx(ev.loss)


def test_batch_norm_statistics_travel_with_the_model():
    cfg = small("centralized", rounds=1, model="resnet18", resnet_stem="cifar", width=0.125)
    eng, state = run_cfg(cfg, synthetic(size=8))
    assert "buffers" in state.server and not torch.equal(state.server["buffers"], eng.init_buffers)


def test_refuses_differential_privacy_and_needs_the_pool():
    cs = clients_from((5, 7))
    with pytest.raises(ValueError, match="pooled data; per-client differential privacy does not apply"):
        engine("centralized", cs, dp_noise=1.0)
    server = make_engine(cfg_for("centralized"), ModelSpec((1, 1, 3), 2), [], (5, 7))  # a data-free server (Flower's)
    assert server.algorithm.setup.pooled is None
