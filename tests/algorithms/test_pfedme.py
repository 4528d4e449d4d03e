"""pFedMe (copfl.algorithms.pfedme): one local step by hand, lambda -> infinity is FedAvg,
the server's beta mixing by hand, evaluation reads training data only."""

import numpy as np
import pytest
import torch

from copfl.algorithms.base import Setup
from copfl.algorithms.fedavg import FedAvg
from copfl.algorithms.pfedme import PFedMe, PFedMeConfig, personal_step, server_mix, solve_personal
from copfl.data.clients import ClientData
from copfl.seeding import torch_generator

from helpers import engine, linear_workspace, softmax_ce_grad, tiny_clients, tiny_engine

W0, B0 = [[0.3, -0.2], [0.1, 0.4]], [0.05, -0.1]
X = [[1.0, 0.5], [-0.5, 1.0], [0.2, -1.0], [1.5, 0.3]]
Y = [0, 1, 1, 0]


def flat(w, b):
    return torch.tensor(np.concatenate([np.ravel(w), np.ravel(b)]), dtype=torch.float32)


@pytest.mark.parametrize("mu", [0.0, 0.01])
def test_one_local_step_by_hand(mu):
    """Batch = all 4 samples, one local step: K = 2 inner steps
    theta <- theta - p (grad f(theta) + lam (theta - w) + mu theta) from theta = w, then
    w <- w - eta lam (w - theta); one client and beta = 1, so the server's model is that w."""
    lam, p, eta, K = 2.0, 0.1, 0.3, 2
    opts = {"lam": lam, "personal_lr": p, "inner_steps": K, "mu": mu}
    eng = tiny_engine(PFedMe, opts, linear_workspace(W0, B0), tiny_clients([X], [Y]), lr=eta, batch_size=4)
    run = eng.run()
    w = np.concatenate([np.ravel(W0), B0])
    theta = w.copy()
    for _ in range(K):  # the hand-derived softmax cross-entropy gradient (helpers.softmax_ce_grad)
        gw, gb = softmax_ce_grad(theta[:4].reshape(2, 2), theta[4:], X, Y)
        theta = theta - p * (np.concatenate([gw.ravel(), gb]) + lam * (theta - w) + mu * theta)
    w1 = w - eta * lam * (w - theta)
    torch.testing.assert_close(eng.store.get(0)["theta"], torch.tensor(theta, dtype=torch.float32))
    torch.testing.assert_close(run.server["params"], torch.tensor(w1, dtype=torch.float32))


def test_personal_step_and_solve_match_plain_torch_autograd():
    """solve_personal's K steps against autograd on the personal objective itself,
    f(theta) + lam/2 ||theta - w||^2 + mu/2 ||theta||^2."""
    ws = linear_workspace(W0, B0)
    w = ws.params.clone()
    x, y = torch.tensor(X), torch.tensor(Y)
    lam, p, mu = 3.0, 0.05, 0.001
    got, loss0 = solve_personal(ws, x, y, w.clone(), w, lam=lam, lr=p, steps=3, mu=mu)
    theta = w.clone()
    first = None
    for _ in range(3):
        t = theta.clone().requires_grad_(True)
        f = torch.nn.functional.cross_entropy(x @ t[:4].view(2, 2).T + t[4:], y)
        first = f.detach() if first is None else first
        obj = f + lam / 2 * (t - w).pow(2).sum() + mu / 2 * t.pow(2).sum()
        (g,) = torch.autograd.grad(obj, t)
        theta = theta - p * g
    torch.testing.assert_close(got, theta)
    torch.testing.assert_close(loss0, first)
    assert torch.equal(personal_step(w, torch.zeros_like(w), w, lam, p), w)  # grad 0 at theta = w: stays


def _gap(lam, p):
    a = engine(PFedMe, {"lam": lam, "personal_lr": p, "inner_steps": 5}, rounds=2).run().server["params"]
    b = engine(FedAvg, {}, rounds=2).run().server["params"]
    return float((a - b).abs().max())


def test_lambda_to_infinity_approaches_fedavg():
    """With personal_lr = 1/lam the inner step is theta_{k+1} = w - p grad f(theta_k), so
    theta_K = w - p grad f(w) + O(p^2) and the local update w - eta lam (w - theta_K) =
    w - eta grad f(theta_{K-1}) = FedAvg's SGD step + O(eta p |H grad f|). Same batches (both
    draw ctx.generator("local")), momentum 0, lr 0.3, 2 rounds x 2 clients (2 and 1 steps).

    Tolerance for lam = 1000: the truncation term falls like 1/lam (measured max gaps over the
    6 parameters: lam 10: 2.0e-2, 100: 1.3e-2, 1000: 2.4e-4), while rounding grows like lam:
    w - theta ~ p g is a difference of float32 numbers of size ~0.5 (ulp 6e-8, a few
    roundings through the K steps), multiplied by eta lam = 300, ~1e-4 over the 3-step chain
    (measured: lam 1e4 gives 1.3e-4, lam 1e5 1.3e-3). 5e-4 is above that floor and 40x below
    the lam = 10 gap; the gap must also shrink monotonically with lam."""
    gaps = {lam: _gap(lam, 1.0 / lam) for lam in (10.0, 100.0, 1000.0)}
    assert gaps[1000.0] < 5e-4
    assert gaps[10.0] > 1e-2 and gaps[1000.0] < gaps[100.0] < gaps[10.0]


def test_server_beta_mixing_by_hand():
    ws = linear_workspace(W0, B0)
    setup = Setup(2, ws, (1, 3))
    old = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    a = torch.tensor([0.0, 4.0, 8.0, 0.0, 4.0, 8.0])
    b = torch.tensor([4.0, 0.0, 4.0, 8.0, 0.0, 4.0])
    uploads = [(0, {"params": a, "num_samples": 1}), (1, {"params": b, "num_samples": 3})]
    # average by samples: 0.25 a + 0.75 b = [3, 1, 5, 6, 1, 5]
    for beta, expected in [(1.0, [3.0, 1.0, 5.0, 6.0, 1.0, 5.0]), (0.5, [2.0, 1.5, 4.0, 5.0, 3.0, 5.5]), (2.0, [5.0, 0.0, 7.0, 8.0, -3.0, 4.0])]:
        alg = PFedMe(PFedMeConfig(beta=beta), setup)
        new, _ = alg.aggregate(None, {"params": old}, uploads)
        torch.testing.assert_close(new["params"], torch.tensor(expected))
    uni = PFedMe(PFedMeConfig(beta=0.5, weighting="uniform"), setup).aggregate(None, {"params": old}, uploads)[0]["params"]
    torch.testing.assert_close(uni, 0.5 * old + 0.5 * (a + b) / 2)
    avg = torch.tensor([3.0, 1.0, 5.0, 6.0, 1.0, 5.0])
    assert server_mix(old, avg, 1.0) is avg  # beta = 1: the average itself


def test_evaluation_modes_and_adaptation_reads_training_data_only():
    """"personal": the theta of the last local step. "recompute" / a client without theta:
    K inner steps from the received w on one seeded TRAINING batch; the client's test features
    are NaN here, so any use of them during adaptation would make theta NaN."""
    clients = tiny_clients([X], [Y])
    poisoned = [ClientData(c.x_train, c.y_train, torch.full_like(c.x_test, float("nan")), c.y_test) for c in clients]
    for how in ("personal", "recompute", "global"):
        eng = tiny_engine(PFedMe, {"evaluate_with": how, "lam": 2.0}, linear_workspace(W0, B0), poisoned, batch_size=2)
        run = eng.new_state()
        ctx = eng.context(0, 1)
        msg = {"params": run.server["params"]}
        fresh = eng.algorithm.personalized(ctx, msg, {})  # never trained
        if how == "global":
            assert fresh is msg["params"]
            continue
        g = torch_generator(0, "pfedme-eval", 1, 0)
        xb, yb = next(iter(eng.ws.batches(clients[0], epochs=1, batch_size=2, generator=g)))
        ws2 = linear_workspace(W0, B0)
        w = ws2.params.clone()
        expected, _ = solve_personal(ws2, xb, yb, w.clone(), w, lam=2.0, lr=0.1, steps=5)
        assert torch.isfinite(fresh).all()
        torch.testing.assert_close(fresh, expected)
        eng.run_round(run)
        state = eng.store.get(0)
        got = eng.algorithm.personalized(eng.context(0, 1), {"params": run.server["params"]}, state)
        if how == "personal":
            assert torch.equal(got, state["theta"])
        else:
            assert not torch.equal(got, state["theta"]) and torch.isfinite(got).all()


def test_evaluate_is_the_personal_model_on_test_data():
    eng = tiny_engine(PFedMe, {}, linear_workspace(W0, B0), tiny_clients([X], [[1, 1, 0, 0]]), batch_size=2)
    run = eng.run()
    theta = eng.store.get(0)["theta"]
    ev = eng.algorithm.evaluate(eng.context(0, 1), {"params": run.server["params"]}, eng.store.get(0))
    ws = linear_workspace(W0, B0)
    ws.load(theta)
    ref = ws.evaluate(torch.tensor(X), torch.tensor([1, 1, 0, 0]))
    assert (ev.correct, ev.loss_sum) == (ref.correct, ref.loss_sum)
    assert run.history[-1]["acc_mean"] == ref.accuracy


@pytest.mark.parametrize(
    "opts, words",
    [({"lam": 0.0}, "lam must be > 0, got 0.0"), ({"personal_lr": -1.0}, "personal_lr must be > 0, got -1.0"),
     ({"inner_steps": 0}, "inner_steps (K) must be >= 1, got 0"), ({"beta": 0.0}, "beta must be > 0, got 0.0"),
     ({"mu": -0.1}, "mu must be >= 0, got -0.1"), ({"theta_init": "cold"}, "theta_init must be one of warm, local, got 'cold'"),
     ({"evaluate_with": "test"}, "evaluate_with must be one of personal, recompute, global, got 'test'"),
     ({"weighting": "size"}, "unknown weighting 'size'")],
)
def test_bad_options_fail_naming_the_value(opts, words):
    with pytest.raises(ValueError) as e:
        PFedMeConfig(**opts)
    assert words in str(e.value)


def test_theta_init_local_restarts_each_step_from_w():
    """Two local steps (batch 2 of 4 samples): "warm" and "local" agree on the first step and
    differ after the second (a warm theta starts from the previous step's theta)."""
    runs = {}
    for init in ("warm", "local"):
        eng = tiny_engine(PFedMe, {"theta_init": init, "lam": 2.0}, linear_workspace(W0, B0), tiny_clients([X], [Y]), batch_size=2)
        runs[init] = (eng.run().server["params"], eng.store.get(0)["theta"])
    assert not torch.equal(runs["warm"][1], runs["local"][1])
    one = {}
    for init in ("warm", "local"):
        eng = tiny_engine(PFedMe, {"theta_init": init, "lam": 2.0}, linear_workspace(W0, B0), tiny_clients([X], [Y]), batch_size=4)
        one[init] = eng.run().server["params"]
    assert torch.equal(one["warm"], one["local"])
