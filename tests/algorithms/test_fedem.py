"""FedEM (copfl.algorithms.fedem): the E-step, M-step, weighted loss and mixture prediction by
hand, one round against plain torch autograd, and M = 1 = FedAvg bit for bit."""

import math

import pytest
import torch
import torch.nn.functional as F

from copfl.algorithms.fedem import FedEM, FedEMConfig, component_average, mixture_log_probs, mixture_weights, responsibilities, weighted_loss
from copfl.data.clients import ClientData
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation

from helpers import linear_workspace, tiny_clients, tiny_engine

XS = [[[1.0, 2.0], [0.5, -1.0]], [[0.0, 1.0], [1.0, 0.0], [2.0, 1.0], [-1.0, 0.5], [0.3, 0.3], [1.0, 1.0]]]
YS = [[0, 1], [1, 1, 0, 0, 1, 0]]
A = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]  # W = [[1, 0], [0, 0]], b = 0
B = [0.0, 0.0, 1.0, 0.0, 0.1, -0.1]  # W = [[0, 0], [1, 0]], b = [0.1, -0.1]


def test_e_step_by_hand():
    """q(z = m | x_i, y_i) = pi_m exp(-l_mi) / sum_m' pi_m' exp(-l_m'i), Eq. (9)."""
    pi = [0.5, 0.3, 0.2]
    losses = [[1.0, 0.2], [0.5, 3.0], [2.0, 0.1]]  # [M = 3, n = 2]
    q = responsibilities(torch.log(torch.tensor(pi, dtype=torch.float64)), torch.tensor(losses, dtype=torch.float64))
    for i in range(2):
        num = [pi[m] * math.exp(-losses[m][i]) for m in range(3)]
        for m in range(3):
            assert float(q[m, i]) == pytest.approx(num[m] / sum(num), rel=1e-12)
    # sample 0 by hand: 0.5e^-1 = 0.18394, 0.3e^-0.5 = 0.18196, 0.2e^-2 = 0.02707
    assert float(q[0, 0]) == pytest.approx(0.18394 / (0.18394 + 0.18196 + 0.02707), rel=1e-4)
    # M-step, Eq. (10): pi_m = mean over samples of q
    pi_new = mixture_weights(q)
    assert pi_new.tolist() == pytest.approx([(float(q[m, 0]) + float(q[m, 1])) / 2 for m in range(3)], rel=1e-12)
    assert float(pi_new.sum()) == pytest.approx(1.0, rel=1e-12)
    # one component: q = 1 exactly
    assert responsibilities(torch.zeros(1), torch.tensor([[0.3, 7.0]])).tolist() == [[1.0, 1.0]]


def test_weighted_loss_is_the_reference_codes():
    """sum_i q_i l_i / |B| (the reference's loss_vec.T @ weights / loss_vec.size(0))."""
    assert float(weighted_loss(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([0.5, 1.0, 0.0]))) == pytest.approx((0.5 + 2.0) / 3)


def test_mixture_prediction_by_hand():
    pi = [0.25, 0.75]
    logits = [[[2.0, 0.0, 0.0]], [[0.0, 1.0, 0.0]]]  # [M = 2, n = 1, C = 3]
    logp = mixture_log_probs(torch.log(torch.tensor(pi)), torch.tensor(logits))
    s0 = [math.exp(2) / (math.exp(2) + 2), 1 / (math.exp(2) + 2), 1 / (math.exp(2) + 2)]
    s1 = [1 / (math.e + 2), math.e / (math.e + 2), 1 / (math.e + 2)]
    p = [pi[0] * s0[c] + pi[1] * s1[c] for c in range(3)]
    assert logp.exp()[0].tolist() == pytest.approx(p, rel=1e-6)
    assert int(logp.argmax(1)) == 1  # 0.75 * 0.576 beats 0.25 * 0.787 + 0.75 * 0.212


def test_component_average_by_samples():
    ups = [(0, {"components": torch.tensor([[4.0], [0.0]]), "num_samples": 1}), (1, {"components": torch.tensor([[0.0], [8.0]]), "num_samples": 3})]
    assert component_average(ups, 2).tolist() == [[1.0], [6.0]]


def oracle_client(theta, x, y, pi, lr):
    """Plain torch: per-sample losses, E-step, M-step, one full-batch SGD step per component
    on sum_i q_mi l_mi / n, by autograd."""
    x, y = torch.tensor(x), torch.tensor(y)
    with torch.no_grad():
        losses = torch.stack([F.cross_entropy(x @ t[:4].view(2, 2).T + t[4:], y, reduction="none") for t in theta])
        num = torch.tensor(pi)[:, None] * torch.exp(-losses)
        q = num / num.sum(0)
    out = []
    for m, t in enumerate(theta):
        t = t.clone().requires_grad_(True)
        loss = (F.cross_entropy(x @ t[:4].view(2, 2).T + t[4:], y, reduction="none") * q[m]).sum() / len(y)
        loss.backward()
        out.append((t - lr * t.grad).detach())
    return torch.stack(out), q.mean(1)


def test_one_round_against_plain_torch():
    clients = tiny_clients(XS, YS)
    eng = tiny_engine(FedEM, {"components": 2}, linear_workspace([[0.0, 0.0], [0.0, 0.0]], [0.0, 0.0]), clients, lr=0.5)
    run = eng.new_state()
    theta = torch.tensor([A, B])
    run.server["components"] = theta.clone()
    assert eng.store.get(0) is None and eng.algorithm.init_client(0, theta[0])["pi"].tolist() == [0.5, 0.5]
    rec = eng.run_round(run)
    t0, pi0 = oracle_client(theta, XS[0], YS[0], [0.5, 0.5], 0.5)
    t1, pi1 = oracle_client(theta, XS[1], YS[1], [0.5, 0.5], 0.5)
    torch.testing.assert_close(eng.store.get(0)["pi"], pi0)
    torch.testing.assert_close(eng.store.get(1)["pi"], pi1)
    assert [rec["per_client"][f"pi_{m}"][1] for m in range(2)] == pytest.approx(pi1.tolist())
    torch.testing.assert_close(run.server["components"], (2 * t0 + 6 * t1) / 8)  # by training-set size
    assert rec["bytes_down"] == 2 * 2 * 6 * 4 and rec["bytes_up"] == 2 * (2 * 6 * 4 + 8)
    # round 2's E-step starts from the client's own pi, not the uniform one
    comps = run.server["components"].clone()
    eng.run_round(run)
    t1b, pi1b = oracle_client(comps, XS[1], YS[1], pi1.tolist(), 0.5)
    torch.testing.assert_close(eng.store.get(1)["pi"], pi1b)


def test_evaluation_is_the_mixture_with_the_clients_pi():
    x_test, y_test = torch.tensor([[1.0, 2.0], [0.5, -1.0], [2.0, 0.0]]), torch.tensor([0, 1, 1])
    client = ClientData(torch.tensor(XS[0]), torch.tensor(YS[0]), x_test, y_test)
    eng = tiny_engine(FedEM, {"components": 2}, linear_workspace([[0.0, 0.0], [0.0, 0.0]], [0.0, 0.0]), [client])
    theta = torch.tensor([A, B])
    pi = torch.tensor([0.2, 0.8])
    ev = eng.algorithm.evaluate(eng.context(0, 1), {"components": theta}, {"pi": pi})
    # by hand: p(y|x) = 0.2 softmax(x W_A^T + b_A) + 0.8 softmax(x W_B^T + b_B)
    p = sum(float(pi[m]) * torch.softmax(x_test @ theta[m, :4].view(2, 2).T + theta[m, 4:], 1) for m in range(2))
    assert ev.samples == 3
    assert ev.correct == int((p.argmax(1) == y_test).sum())
    assert ev.loss == pytest.approx(float(-torch.log(p[torch.arange(3), y_test]).mean()), rel=1e-6)


def test_config_rejects_bad_values():
    with pytest.raises(ValueError, match="components must be an integer >= 1, got 0"):
        FedEMConfig(components=0)
    with pytest.raises(ValueError, match="component_init 'zeros'.*reinit, perturb"):
        FedEMConfig(component_init="zeros")
    with pytest.raises(ValueError, match="init_std must be > 0, got 0"):
        FedEMConfig(init_std=0.0)


def test_components_start_different():
    eng = tiny_engine(FedEM, {}, linear_workspace([[0.1, 0.2], [0.3, 0.4]], [0.0, 0.1]), tiny_clients(XS, YS))
    comps = eng.new_state().server["components"]
    assert comps.shape == (3, 6) and torch.equal(comps[0], eng.init_params)
    assert not torch.equal(comps[1], comps[0]) and not torch.equal(comps[2], comps[1])


def test_fedem_with_one_component_is_fedavg_bit_for_bit():
    runs = {}
    for name, options in (("fedem", {"components": 1}), ("fedavg", {})):
        cfg = RunConfig(algorithm=name, dataset="digits", clients=4, rounds=2, lr=0.05, momentum=0.5, seed=0, threads=1, options=options).resolved()
        runs[name] = build_engine(cfg, build_federation(cfg)).run()
    fedem, fedavg = runs["fedem"], runs["fedavg"]
    assert torch.equal(fedem.server["components"][0], fedavg.server["params"])
    assert [r["per_client"]["pi_0"] for r in fedem.history] == [[1.0] * 4] * 2
    assert [{k: v for k, v in r.items() if k != "per_client"} for r in fedem.history] == fedavg.history
    assert fedavg.history[-1]["acc_mean"] > 0.3
