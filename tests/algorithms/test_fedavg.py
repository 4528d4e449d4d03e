"""FedAvg, FedProx, FedAvg-FT, LocalOnly and the aggregation weights (copfl.algorithms.fedavg)."""

import numpy as np
import pytest
import torch

from copfl.core.aggregation import weighted_sum
from copfl.algorithms.base import weights_by_samples, weights_uniform
from copfl.algorithms.fedavg import FedAvg, FedAvgFT, FedProx, LocalOnly
from copfl.core.models import MLP
from copfl.seeding import torch_generator

from helpers import linear_workspace, softmax_ce_grad, tiny_clients, tiny_engine

W0, B0 = [[0.1, -0.2], [0.3, 0.4]], [0.05, -0.05]
XS = [[[1.0, 2.0]], [[0.0, 1.0], [1.0, 0.0], [2.0, 1.0]]]
YS = [[0], [1, 1, 0]]


def flat(w, b):
    return np.concatenate([np.asarray(w, float).ravel(), np.asarray(b, float)])


def one_step(w, b, x, y, lr):
    gw, gb = softmax_ce_grad(w, b, x, y)
    return np.asarray(w) - lr * gw, np.asarray(b) - lr * gb


def test_fedavg_one_round_golden_values():
    """Two clients, one full-batch SGD step each, server = (1*w_A + 3*w_B) / 4."""
    eng = tiny_engine(FedAvg, {}, linear_workspace(W0, B0), tiny_clients(XS, YS), lr=0.5)
    run = eng.run()
    a = flat(*one_step(W0, B0, XS[0], YS[0], 0.5))
    b = flat(*one_step(W0, B0, XS[1], YS[1], 0.5))
    expected = 0.25 * a + 0.75 * b
    np.testing.assert_allclose(run.server["params"].numpy(), expected, rtol=1e-6, atol=1e-7)
    # hand check of one coordinate: client A's W[0,0] gradient is (p0 - 1) * x0
    z = np.array(W0) @ [1, 2] + B0
    p0 = np.exp(z[0]) / np.exp(z).sum()
    assert a[0] == pytest.approx(0.1 - 0.5 * (p0 - 1.0) * 1.0, rel=1e-6)


def test_uniform_weighting_golden():
    eng = tiny_engine(FedAvg, {"weighting": "uniform"}, linear_workspace(W0, B0), tiny_clients(XS, YS), lr=0.5)
    run = eng.run()
    a = flat(*one_step(W0, B0, XS[0], YS[0], 0.5))
    b = flat(*one_step(W0, B0, XS[1], YS[1], 0.5))
    np.testing.assert_allclose(run.server["params"].numpy(), 0.5 * a + 0.5 * b, rtol=1e-6, atol=1e-7)


def test_weight_functions():
    ups = [(0, {"num_samples": 100}), (3, {"num_samples": 300})]
    assert weights_by_samples(ups).tolist() == [0.25, 0.75]
    assert weights_uniform(ups).tolist() == [0.5, 0.5]
    v = weighted_sum([torch.tensor([4.0, 0.0]), torch.tensor([0.0, 8.0])], torch.tensor([0.25, 0.75], dtype=torch.float64))
    assert v.tolist() == [1.0, 6.0]


def test_server_equals_plain_torch_sgd_on_each_client_then_weighted_average():
    """Oracle (FLSim style): 2 local epochs, batch 2, SGD with momentum, done with a plain
    model + torch.optim.SGD in the same batch order, then averaged by data size."""
    rng = np.random.default_rng(0)
    xs = [rng.normal(size=(5, 2)).tolist(), rng.normal(size=(3, 2)).tolist()]
    ys = [[0, 1, 1, 0, 1], [1, 0, 0]]
    eng = tiny_engine(FedAvg, {}, linear_workspace(W0, B0), tiny_clients(xs, ys), lr=0.3, batch_size=2, epochs=2, momentum=0.9, seed=7)
    run = eng.run()
    finals = []
    for c, (x, y) in enumerate(zip(xs, ys)):
        m = MLP(2, 2, hidden=())
        with torch.no_grad():
            m.fc.weight.copy_(torch.tensor(W0))
            m.fc.bias.copy_(torch.tensor(B0))
        opt = torch.optim.SGD(m.parameters(), lr=0.3, momentum=0.9)
        g = torch_generator(7, "local", 1, c)
        xt, yt = torch.tensor(x, dtype=torch.float32), torch.tensor(y)
        for _ in range(2):
            order = torch.randperm(len(y), generator=g)
            for s in range(0, len(y), 2):
                idx = order[s : s + 2]
                opt.zero_grad()
                torch.nn.functional.cross_entropy(m(xt[idx]), yt[idx]).backward()
                opt.step()
        finals.append(torch.cat([m.fc.weight.detach().ravel(), m.fc.bias.detach()]))
    expected = (5 * finals[0] + 3 * finals[1]) / 8
    torch.testing.assert_close(run.server["params"], expected, rtol=1e-5, atol=1e-6)


def test_fedprox_proximal_term_golden():
    """One client, batch 1, two steps: the second step's gradient gains mu (w1 - w0)."""
    x, y = [[1.0, 2.0], [0.5, -1.0]], [0, 1]
    eng = tiny_engine(FedProx, {"mu": 0.5}, linear_workspace(W0, B0), tiny_clients([x], [y]), lr=0.2, batch_size=1, seed=3)
    run = eng.run()
    order = torch.randperm(2, generator=torch_generator(3, "local", 1, 0)).tolist()
    w, b = np.array(W0), np.array(B0)
    w0, b0 = w.copy(), b.copy()
    for i in order:
        gw, gb = softmax_ce_grad(w, b, [x[i]], [y[i]])
        w, b = w - 0.2 * (gw + 0.5 * (w - w0)), b - 0.2 * (gb + 0.5 * (b - b0))
    np.testing.assert_allclose(run.server["params"].numpy(), flat(w, b), rtol=1e-6, atol=1e-7)


def _two_runs(cls_a, opts_a, cls_b, opts_b, clients_xy=(XS, YS), rounds=3, **kw):
    runs = []
    for cls, opts in ((cls_a, opts_a), (cls_b, opts_b)):
        eng = tiny_engine(cls, opts, linear_workspace(W0, B0), tiny_clients(*clients_xy), rounds=rounds, **kw)
        runs.append((eng, eng.run()))
    return runs


def test_fedprox_with_mu_zero_equals_fedavg_bit_for_bit():
    (_, a), (_, b) = _two_runs(FedProx, {"mu": 0.0}, FedAvg, {}, batch_size=1)
    assert torch.equal(a.server["params"], b.server["params"]) and a.history == b.history


def test_fedavg_with_one_client_equals_local_only():
    (ea, a), (eb, b) = _two_runs(FedAvg, {}, LocalOnly, {}, clients_xy=([XS[1]], [YS[1]]), batch_size=2, rounds=4)
    assert torch.equal(a.server["params"], eb.store.get(0)["params"])
    metrics = ("train_loss", "acc_mean", "acc_weighted", "test_loss_mean", "test_loss_weighted")
    assert [[r[k] for k in metrics] for r in a.history] == [[r[k] for k in metrics] for r in b.history]


def test_fedavg_ft_with_zero_epochs_equals_fedavg_and_finetuning_is_never_uploaded():
    (_, a), (_, b) = _two_runs(FedAvgFT, {"finetune_epochs": 0}, FedAvg, {})
    assert a.history == b.history
    (_, ft), (_, avg) = _two_runs(FedAvgFT, {"finetune_epochs": 3}, FedAvg, {})
    assert torch.equal(ft.server["params"], avg.server["params"])  # same global model
    assert [r["train_loss"] for r in ft.history] == [r["train_loss"] for r in avg.history]
    assert ft.history[-1]["test_loss_mean"] < avg.history[-1]["test_loss_mean"]  # evaluated after fine-tuning
