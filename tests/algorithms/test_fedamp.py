"""FedAMP (copfl.algorithms.fedamp): the attention weights and cloud models by hand, the
proximal client step against plain torch autograd, HeurFedAMP with uniform attention = FedProx."""

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from copfl.algorithms.fedamp import FedAMP, FedAMPConfig, attention_derivative
from copfl.algorithms.fedavg import FedProx
from copfl.core.store import MemoryStore

from helpers import XS, YS, linear_workspace, mlp_ws, tiny_clients, tiny_engine

# three tiny "models" (flat vectors of 3 coordinates) the server holds
W = [[0.0, 1.0, 0.5], [0.3, 0.8, 0.1], [-1.0, 2.0, 0.0]]


def server_with(models, cfg):
    ws = linear_workspace([[0.0, 0.0], [0.0, 0.0]], [0.0, 0.0])
    eng = tiny_engine(FedAMP, cfg, ws, tiny_clients([[[1.0, 0.0]]] * len(models), [[0]] * len(models)))
    store = MemoryStore()
    for c, w in enumerate(models):
        store.put(c, {"w": torch.tensor(w)})
    sctx = eng.server_context(2, "train", list(range(len(models))))
    sctx.store = store
    return eng.algorithm, sctx


def test_attention_derivative_is_that_of_A():
    # A(x) = 1 - exp(-x / sigma); A'(x) by a central difference
    for x, s in ((0.0, 1.0), (0.7, 2.0), (3.0, 0.5)):
        A = lambda v: 1 - math.exp(-v / s)  # noqa: E731
        assert attention_derivative(x, s) == pytest.approx((A(x + 1e-6) - A(x - 1e-6)) / 2e-6, rel=1e-6)


def test_distance_attention_and_cloud_models_by_hand():
    alpha, sigma = 0.4, 2.0
    alg, sctx = server_with(W, {"alpha_k": alpha, "sigma": sigma})
    w = np.array(W, dtype=np.float64)
    msgs = [alg.broadcast(sctx, {"init": torch.zeros(3)}, i)["u"] for i in range(3)]
    for i in range(3):
        xi = np.zeros(3)
        for j in range(3):
            if j != i:
                d = ((w[i] - w[j]) ** 2).sum()
                xi[j] = alpha * math.exp(-d / sigma) / sigma
        xi[i] = 1 - xi.sum()
        torch.testing.assert_close(msgs[i], torch.tensor(xi @ w, dtype=torch.float32))
    # e.g. client 0: d01 = 0.09 + 0.04 + 0.16 = 0.29, d02 = 1 + 1 + 0.25 = 2.25
    x01, x02 = 0.4 * math.exp(-0.145) / 2, 0.4 * math.exp(-1.125) / 2
    torch.testing.assert_close(msgs[0], torch.tensor([(1 - x01 - x02) * 0.0 + x01 * 0.3 - x02, (1 - x01 - x02) + 0.8 * x01 + 2 * x02, 0.5 * (1 - x01 - x02) + 0.1 * x01]))
    # each client gets its own cloud model
    assert not torch.equal(msgs[0], msgs[1]) and not torch.equal(msgs[1], msgs[2])
    # nothing is sent for evaluation (a client is evaluated with its own model)
    sctx.phase = "evaluate"
    assert alg.broadcast(sctx, {"init": torch.zeros(3)}, 0) == {}


def test_default_step_keeps_every_self_weight_non_negative():
    """alpha_k defaults to sigma / (N - 1): with N = 3 identical models xi_ij = 1/2, xi_ii = 0
    (the bound), and any distance makes xi_ii > 0."""
    alg, sctx = server_with([W[0]] * 3, {"sigma": 2.0})
    assert alg.alpha_k == 1.0
    xi_ii, xi = alg.attention(torch.tensor(W[0]), [torch.tensor(W[0])] * 2)
    assert (xi_ii, xi) == (0.0, [0.5, 0.5])
    xi_ii, xi = alg.attention(torch.tensor(W[0]), [torch.tensor(W[1]), torch.tensor(W[2])])
    assert xi_ii == pytest.approx(1 - math.exp(-0.29 / 2) / 2 - math.exp(-2.25 / 2) / 2, rel=1e-6) and xi_ii > 0


def test_default_proximal_coefficient_is_one_whatever_the_number_of_clients():
    """lambda defaults to alpha_k, so lambda / alpha_k = 1 (PFLlib's lamda / alphaK = 1 / 1); an
    explicit lambda keeps the paper's lambda / alpha_k (with 10 clients: alpha_k = 1/9)."""
    for n in (3, 10):
        alg, _ = server_with([W[0]] * n, {})
        assert alg.alpha_k == pytest.approx(1 / (n - 1)) and alg.proximal_coefficient == 1.0
    alg, _ = server_with([W[0]] * 10, {"lam": 1.0})
    assert alg.proximal_coefficient == pytest.approx(9.0)
    alg, _ = server_with([W[0]] * 3, {"lam": 0.3, "alpha_k": 0.5})
    assert alg.proximal_coefficient == pytest.approx(0.6)


def test_cosine_attention_by_hand_and_a_client_without_upload():
    alg, sctx = server_with(W[:2], {"attention": "cosine", "sigma": 3.0, "self_attention": 0.25})
    w = np.array(W, dtype=np.float64)
    cos = lambda a, b: a @ b / np.linalg.norm(a) / np.linalg.norm(b)  # noqa: E731
    # client 2 has not uploaded: its own model is the initial one (here W[2]), the others are 0 and 1
    u2 = alg.broadcast(sctx, {"init": torch.tensor(W[2])}, 2)["u"]
    e = np.array([math.exp(3.0 * cos(w[2], w[j])) for j in (0, 1)])
    xi = 0.75 * e / e.sum()
    torch.testing.assert_close(u2, torch.tensor(0.25 * w[2] + xi[0] * w[0] + xi[1] * w[1], dtype=torch.float32))
    # client 0 attends to client 1 only: xi_01 = 1 - xi_00
    u0 = alg.broadcast(sctx, {"init": torch.tensor(W[2])}, 0)["u"]
    torch.testing.assert_close(u0, torch.tensor(0.25 * w[0] + 0.75 * w[1], dtype=torch.float32))


def test_round_one_sends_the_initial_model_and_the_server_keeps_latest_uploads():
    eng = tiny_engine(FedAMP, {}, mlp_ws(), tiny_clients(XS, YS), rounds=1, lr=0.3, batch_size=4)
    run = eng.new_state()
    sctx = eng.server_context(1, "train", [0, 1])
    assert torch.equal(eng.message(run, 0, sctx)["u"], eng.init_params)  # nothing uploaded yet: u_i = w^0
    eng.run_round(run)
    for c in (0, 1):
        assert torch.equal(eng.server_store.get(c)["w"], eng.store.get(c)["params"])  # the server's copy = the client's model
    assert not torch.equal(eng.store.get(0)["params"], eng.store.get(1)["params"])


@pytest.mark.parametrize("start", ["cloud", "own"])
def test_proximal_client_step_against_autograd(start):
    """Two full-batch SGD steps on F_i(w) + lambda/(2 alpha_k) ||w - u_i||^2 (plain torch), in round 2
    where u_i != w_i: start from u_i (cloud) or from the client's own model (own)."""
    lam, alpha, lr = 0.6, 0.5, 0.2
    cfg = {"lam": lam, "alpha_k": alpha, "sigma": 5.0, "start": start}
    x, y = XS[0], YS[0]
    eng = tiny_engine(FedAMP, cfg, mlp_ws(), tiny_clients(XS, YS), rounds=2, lr=lr, batch_size=6, epochs=2)
    run = eng.new_state()
    eng.run_round(run)
    own = eng.store.get(0)["params"].clone()
    u = eng.message(run, 0, eng.server_context(2, "train", [0, 1]))["u"]
    assert not torch.equal(u, own)
    eng.run_round(run)

    w = (u if start == "cloud" else own).clone()
    ws = mlp_ws()
    for _ in range(2):
        p = w.clone().requires_grad_(True)
        params = ws.flat.unflatten(p)
        out = torch.func.functional_call(ws.model, params, (torch.tensor(x),))
        loss = F.cross_entropy(out, torch.tensor(y)) + lam / (2 * alpha) * ((p - u) ** 2).sum()
        (g,) = torch.autograd.grad(loss, p)
        w = w - lr * g
    torch.testing.assert_close(eng.store.get(0)["params"], w)


def test_cosine_uniform_attention_is_fedprox_with_uniform_weights():
    """HeurFedAMP with sigma = 0 and xi_ii = 1/m: every cloud model is the plain average, so the
    clients train exactly as FedProx's (uniform weights, mu = lambda / alpha_k), bit for bit."""
    xs = XS + [XS[0][:3]]
    ys = YS + [YS[0][:3]]
    lam, alpha = 0.3, 0.5
    amp = tiny_engine(FedAMP, {"attention": "cosine", "sigma": 0.0, "self_attention": 1 / 3, "lam": lam, "alpha_k": alpha},
                      mlp_ws(), tiny_clients(xs, ys), rounds=3, lr=0.3, batch_size=4)  # fmt: skip
    prox = tiny_engine(FedProx, {"weighting": "uniform", "mu": lam / alpha}, mlp_ws(), tiny_clients(xs, ys), rounds=3, lr=0.3, batch_size=4)
    run = amp.run()
    ref = prox.run()
    sctx = amp.server_context(4, "train", [0, 1, 2])
    for c in range(3):
        assert torch.equal(amp.message(run, c, sctx)["u"], ref.server["params"])
    assert [r["train_loss"] for r in run.history] == [r["train_loss"] for r in ref.history]


def test_bad_options_fail_naming_the_value():
    with pytest.raises(ValueError, match="alpha_k must be > 0, got 0"):
        FedAMPConfig(alpha_k=0)
    with pytest.raises(ValueError, match="attention must be one of distance, cosine, got 'dot'"):
        FedAMPConfig(attention="dot")
    with pytest.raises(ValueError, match="sigma must be > 0 with attention='distance', got 0"):
        FedAMPConfig(sigma=0)
    with pytest.raises(ValueError, match="self_attention applies only"):
        FedAMPConfig(self_attention=0.5)
    with pytest.raises(ValueError, match="start must be one of cloud, own, got 'u'"):
        FedAMPConfig(start="u")


def test_upload_reference_is_where_training_started():
    u, own = torch.ones(3), torch.zeros(3)
    for start, want in (("cloud", u), ("own", own)):
        alg, _ = server_with(W, {"start": start})
        assert alg.upload_parts({"u": u}, {"params": own}, {"w": u + 1}).references()["w"] is want
