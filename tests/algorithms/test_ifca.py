"""IFCA (copfl.algorithms.ifca): cluster estimation, per-cluster averaging, a round and an
evaluation checked by hand, the distinct starting models, and k = 1 = FedAvg bit for bit."""

import math

import numpy as np
import pytest
import torch

from copfl.algorithms.base import weights_by_samples, weights_uniform
from copfl.algorithms.ifca import IFCA, IFCAConfig, cluster_average, distinct_models, estimate_cluster, reinitialized
from copfl.data.clients import ClientData
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.core.models import MLP
from copfl.seeding import torch_global_seed
from copfl.core.workspace import Workspace

from helpers import linear_workspace, softmax_ce_grad, tiny_clients, tiny_engine

# Client 0 fits model A, client 1 model B; model C (all zeros) suits nobody.
XS = [[[1.0, 2.0]], [[0.0, 1.0], [1.0, 0.0], [2.0, 1.0]]]
YS = [[0], [1, 1, 1]]
A = ([[1.0, 0.0], [0.0, 0.0]], [0.0, 0.0])
B = ([[0.0, 0.0], [1.0, 0.0]], [0.0, 0.0])
C = ([[0.0, 0.0], [0.0, 0.0]], [0.0, 0.0])


def flat(w, b):
    return np.concatenate([np.asarray(w, float).ravel(), np.asarray(b, float)])


def ce(w, b, x, y):
    """Mean cross-entropy of a linear softmax model, by hand (numpy)."""
    z = np.asarray(x) @ np.asarray(w).T + np.asarray(b)
    return float(np.mean(np.log(np.exp(z).sum(1)) - z[np.arange(len(y)), y]))


def test_estimate_cluster_is_the_argmin_lowest_index_on_ties():
    assert estimate_cluster([0.7, 0.2, 0.9]) == 1
    assert estimate_cluster([0.5, 0.2, 0.2]) == 1  # tie: the lowest index
    assert estimate_cluster([0.3, 0.3]) == 0
    assert estimate_cluster([float("nan"), 0.4, 0.1]) == 2  # a NaN loss never wins
    assert estimate_cluster([1.0]) == 0


def test_cluster_average_by_hand():
    models = torch.tensor([[0.0, 0.0], [5.0, 5.0], [9.0, 9.0]])
    ups = [
        (0, {"params": torch.tensor([1.0, 2.0]), "cluster": 0, "num_samples": 1}),
        (2, {"params": torch.tensor([3.0, 2.0]), "cluster": 2, "num_samples": 10}),
        (4, {"params": torch.tensor([5.0, 6.0]), "cluster": 0, "num_samples": 3}),
    ]
    new, sizes = cluster_average(models, ups, weights_by_samples)
    assert sizes == [2, 0, 1]
    assert new.tolist() == [[0.25 * 1 + 0.75 * 5, 0.25 * 2 + 0.75 * 6], [5.0, 5.0], [3.0, 2.0]]  # cluster 1 kept
    new_u, _ = cluster_average(models, ups, weights_uniform)
    assert new_u[0].tolist() == [3.0, 4.0]
    assert models[1].tolist() == [5.0, 5.0] and models[0].tolist() == [0.0, 0.0]  # the input is not modified


def test_one_round_by_hand():
    """Each client trains the cluster model with the lowest training loss (one full-batch SGD
    step, checked with the hand-derived gradient); the server averages per cluster; the model
    nobody chose is kept; the round logs the cluster sizes and each client's choice."""
    eng = tiny_engine(IFCA, {"clusters": 3}, linear_workspace(*C), tiny_clients(XS, YS), lr=0.5)
    run = eng.new_state()
    run.server["models"] = torch.tensor(np.stack([flat(*A), flat(*B), flat(*C)]), dtype=torch.float32)
    # the hand-computed losses that decide the choice
    assert ce(*A, XS[0], YS[0]) == pytest.approx(math.log(1 + math.exp(-1)))
    assert ce(*A, XS[0], YS[0]) < ce(*C, XS[0], YS[0]) < ce(*B, XS[0], YS[0])  # client 0 -> A
    assert ce(*B, XS[1], YS[1]) < ce(*C, XS[1], YS[1]) < ce(*A, XS[1], YS[1])  # client 1 -> B
    rec = eng.run_round(run)
    assert rec["per_client"]["cluster"] == [0, 1]
    assert (rec["cluster_size_0"], rec["cluster_size_1"], rec["cluster_size_2"]) == (1, 1, 0)

    def step(wb, x, y):
        gw, gb = softmax_ce_grad(wb[0], wb[1], x, y)
        return flat(np.asarray(wb[0]) - 0.5 * gw, np.asarray(wb[1]) - 0.5 * gb)

    models = run.server["models"].numpy()
    np.testing.assert_allclose(models[0], step(A, XS[0], YS[0]), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(models[1], step(B, XS[1], YS[1]), rtol=1e-6, atol=1e-7)
    assert models[2].tolist() == flat(*C).tolist()
    # traffic measured by the engine: every participant receives the 3 models, uploads one and its id
    assert rec["bytes_down"] == 2 * 3 * 6 * 4
    assert rec["bytes_up"] == 2 * (6 * 4 + 8 + 8)


def test_evaluation_chooses_the_cluster_on_training_data_never_test_data():
    x0, y0 = torch.tensor(XS[0]), torch.tensor(YS[0])
    x1, y1 = torch.tensor(XS[1]), torch.tensor(YS[1])
    client = ClientData(x0, y0, x1, y1)  # its training data prefer A, its test data B
    ws = linear_workspace(*C)
    eng = tiny_engine(IFCA, {"clusters": 2}, ws, [client])
    models = torch.tensor(np.stack([flat(*A), flat(*B)]), dtype=torch.float32)
    ev = eng.algorithm.evaluate(eng.context(0, 1), {"models": models}, {})
    ws.load(models[0])
    on_a = ws.evaluate(x1, y1)
    ws.load(models[1])
    on_b = ws.evaluate(x1, y1)
    assert on_b.loss < on_a.loss  # the test data would have picked B
    assert (ev.loss_sum, ev.correct, ev.samples) == (on_a.loss_sum, on_a.correct, on_a.samples)
    assert ev.loss == pytest.approx(ce(*A, XS[1], YS[1]), rel=1e-6)


def test_cluster_models_start_different_and_seeded():
    torch.manual_seed(3)
    ws = Workspace(MLP(4, 3, hidden=(5,)))
    init = ws.params.clone()
    models = distinct_models(ws, init, 3, "reinit", 0.01, "ifca-cluster")
    assert models.shape == (3, init.numel())
    assert torch.equal(models[0], init) and torch.equal(ws.params, init)  # cluster 0 is the run's model; ws untouched
    assert not torch.equal(models[1], init) and not torch.equal(models[1], models[2])
    assert torch.equal(models, distinct_models(ws, init, 3, "reinit", 0.01, "ifca-cluster"))  # same run model: same clusters
    # a re-initialization is the architecture's own initializer: nn.Linear's U(-1/sqrt(fan_in), 1/sqrt(fan_in))
    views = ws.flat.unflatten(models[1])
    assert views["fc.weight"].abs().max() <= 1 / math.sqrt(5) and views["body.0.weight"].abs().max() <= 1 / math.sqrt(4)
    # ... and equals the model built afresh with the cluster's seed
    with torch_global_seed(_seed_of(init, 1), "reinit"):
        fresh = Workspace(MLP(4, 3, hidden=(5,)))
    assert torch.equal(models[1], fresh.params) and torch.equal(reinitialized(ws, _seed_of(init, 1)), fresh.params)
    pert = distinct_models(ws, init, 2, "perturb", 0.01, "ifca-cluster")
    d = pert[1] - init
    assert torch.equal(pert[0], init) and 0.005 < float(d.std()) < 0.015 and abs(float(d.mean())) < 0.005


def _seed_of(init, j):
    from copfl.algorithms.ifca import init_seed
    from copfl.seeding import derive_seed

    return derive_seed(init_seed(init), "ifca-cluster", j)


def test_config_rejects_bad_values():
    with pytest.raises(ValueError, match="clusters must be an integer >= 1, got 0"):
        IFCAConfig(clusters=0)
    with pytest.raises(ValueError, match="cluster_init 'random'.*reinit, perturb"):
        IFCAConfig(cluster_init="random")
    with pytest.raises(ValueError, match="init_std must be > 0, got -1"):
        IFCAConfig(init_std=-1.0)
    with pytest.raises(ValueError, match="unknown weighting 'size'"):
        IFCAConfig(weighting="size")


def test_ifca_with_one_cluster_is_fedavg_bit_for_bit():
    runs = {}
    for name, options in (("ifca", {"clusters": 1}), ("fedavg", {})):
        cfg = RunConfig(algorithm=name, dataset="digits", clients=4, rounds=2, lr=0.05, momentum=0.5, seed=0, threads=1, options=options).resolved()
        state = build_engine(cfg, build_federation(cfg)).run()
        runs[name] = state
    ifca, fedavg = runs["ifca"], runs["fedavg"]
    assert torch.equal(ifca.server["models"][0], fedavg.server["params"])
    for a, b in zip(ifca.history, fedavg.history):
        assert a["cluster_size_0"] == 4 and a["per_client"]["cluster"] == [0, 0, 0, 0]
        assert a["bytes_up"] == b["bytes_up"] + 4 * 8  # the cluster id, 8 bytes per client
        strip = {"bytes_up", "cluster_size_0", "per_client"}
        assert {k: v for k, v in a.items() if k not in strip} == {k: v for k, v in b.items() if k not in strip}
    assert fedavg.history[-1]["acc_mean"] > 0.3
