"""FedALA: the ALA equations by hand, the client's local initialization against a plain-torch
transcription of the paper's Algorithm 1 (and the reference ALA module), the head-only path
against full steps, its FLOPs, and FedAvg bit for bit when W cannot move (eta = 0)."""

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from torch.nn.utils import parameters_to_vector, vector_to_parameters

from copfl.algorithms.fedala import ALA_FLOPS_PER_COORDINATE, FedALA, ala_weight_step, converged, local_aggregation, top_offset
from copfl.algorithms.fedavg import FedAvg
from copfl.core.models import MLP
from copfl.extensions.privacy import DPConfig
from copfl.seeding import torch_generator
from copfl.core.workspace import Workspace

from helpers import XS, YS, engine, fresh_model, mlp_ws, reference_sgd, tiny_clients, tiny_engine


# ---------------------------------------------------------------------------- the equations
def test_weight_step_by_hand():
    """W <- clip(W - eta * grad * (Theta - Theta_i), 0, 1), in place."""
    w = torch.tensor([1.0, 0.5, 0.2, 0.9])
    grad = torch.tensor([0.5, -1.0, 2.0, 0.0])
    diff = torch.tensor([0.4, 0.3, -0.5, 7.0])
    out = ala_weight_step(w, grad, diff, eta=1.0)
    # 1 - 0.2, 0.5 + 0.3, 0.2 + 1.0 -> clipped to 1, 0.9 (no gradient)
    assert out is w and torch.allclose(w, torch.tensor([0.8, 0.8, 1.0, 0.9]))
    w = torch.tensor([0.5])
    ala_weight_step(w, torch.tensor([1.0]), torch.tensor([2.0]), eta=0.5)  # 0.5 - 0.5 * 2 = -0.5 -> 0
    assert w.item() == 0.0


def test_local_aggregation_by_hand():
    """theta = Theta_i + (Theta - Theta_i) * W; W = 1 is the global model exactly, W = 0 the local one."""
    local = torch.tensor([1.0, 2.0, 3.0])
    glob = torch.tensor([1.4, 2.3, 2.5])
    w = torch.tensor([0.8, 0.8, 1.0])
    torch.testing.assert_close(local_aggregation(glob, glob - local, w), torch.tensor([1.32, 2.24, 2.5]))
    odd = torch.tensor([0.1, -3.7e-3, 1e6])
    assert torch.equal(local_aggregation(odd, odd - torch.tensor([0.3, 5.0, -2.0]), torch.ones(3)), odd)
    torch.testing.assert_close(local_aggregation(glob, glob - local, torch.zeros(3)), local)
    out = torch.empty(3)
    assert local_aggregation(glob, glob - local, w, out=out) is out


def test_start_phase_stopping_rule():
    """More than ``window`` epochs and the population std of the last ``window`` losses < threshold."""
    assert converged([1.0, 0.5, 0.5, 0.5], window=3, threshold=0.1)
    assert not converged([0.5, 0.5, 0.5], window=3, threshold=0.1)  # not more than 3 yet
    assert not converged([1.0, 0.9, 0.5, 0.2], window=3, threshold=0.1)  # std of (0.9, 0.5, 0.2) = 0.287
    assert converged([1.0, 0.9, 0.5, 0.2], window=3, threshold=0.3)
    assert np.std([0.9, 0.5, 0.2]) == pytest.approx(0.2867, abs=1e-4)  # the reference's np.std


def test_top_layers_are_the_last_modules_in_the_flat_vector():
    ws = Workspace(MLP(2, 2, hidden=(3, 4)))  # body.0 (2x3 + 3), body.2 (3x4 + 4), fc (4x2 + 2)
    assert top_offset(ws.flat, 1) == 9 + 16 and top_offset(ws.flat, 2) == 9 and top_offset(ws.flat, 3) == 0
    assert top_offset(ws.flat, 7) == 0  # more layers than the model has: all of them
    assert torch.equal(ws.flat.select("head").nonzero().flatten(), torch.arange(25, 35))


# ---------------------------------------------------------------------------- against plain torch
def reference(rounds, eta=1.0, percent=80.0, window=10, threshold=0.1, max_epochs=50, lr=0.3, bs=4):
    """FedALA (p = 1, the head) in plain torch, transcribing the reference ALA module: per-tensor
    weights, theta = local + (global - local) * W, autograd gradients of the temporary model;
    copfl's sample (a seeded random subset) and batch order."""
    glob = parameters_to_vector(fresh_model().parameters()).detach()
    local, weights = {}, {}
    for r in range(1, rounds + 1):
        ups = []
        for c in (0, 1):
            m = fresh_model()
            vector_to_parameters(glob.clone(), m.parameters())  # (it makes the parameters views of the vector)
            if c in local:
                g = [m.fc.weight.detach().clone(), m.fc.bias.detach().clone()]
                start = c not in weights
                w = [torch.ones_like(t) for t in g] if start else [t.clone() for t in weights[c]]

                def set_theta():
                    with torch.no_grad():
                        for p, lp, gp, wp in zip((m.fc.weight, m.fc.bias), local[c], g, w):
                            p.copy_(lp + (gp - lp) * wp)

                set_theta()
                x, y = torch.tensor(XS[c], dtype=torch.float32), torch.tensor(YS[c])
                k = int(percent / 100 * len(y))
                idx = torch.randperm(len(y), generator=torch_generator(0, "fedala-sample", r, c))[:k]
                xs, ys = x[idx], y[idx]
                gen, losses = torch_generator(0, "fedala", r, c), []
                for _ in range(max_epochs if start else 1):
                    order = torch.randperm(k, generator=gen)
                    for s in range(0, k, bs):
                        b = order[s : s + bs]
                        m.zero_grad()
                        loss = F.cross_entropy(m(xs[b]), ys[b])
                        loss.backward()
                        with torch.no_grad():
                            for wp, p, lp, gp in zip(w, (m.fc.weight, m.fc.bias), local[c], g):
                                wp.copy_(torch.clamp(wp - eta * (p.grad * (gp - lp)), 0, 1))
                        set_theta()
                    losses.append(loss.item())
                    if not start or (len(losses) > window and np.std(losses[-window:]) < threshold):
                        break
                weights[c] = w
            reference_sgd(m, XS[c], YS[c], torch_generator(0, "local", r, c), 1, lr, batch_size=bs)
            local[c] = [m.fc.weight.detach().clone(), m.fc.bias.detach().clone()]
            ups.append(parameters_to_vector(m.parameters()).detach())
        glob = (6 * ups[0] + 4 * ups[1]) / 10
    return glob, local, weights


@pytest.mark.parametrize("cached", [True, False])
def test_three_rounds_against_plain_torch(cached):
    """Round 1: no local model, FedAvg's step. Round 2: the start phase (W until converged).
    Round 3: one epoch of W from where it was. Head-only steps on cached features and full
    forward/backward steps both match."""
    eng = engine(FedALA, {}, rounds=3)
    eng.ws.cache_features = cached
    run = eng.run()
    glob, local, weights = reference(3)
    torch.testing.assert_close(run.server["params"], glob)
    for c in (0, 1):
        state = eng.store.get(c)
        torch.testing.assert_close(state["local"], torch.cat([t.flatten() for t in local[c]]))
        torch.testing.assert_close(state["weights"], torch.cat([t.flatten() for t in weights[c]]))
        assert 0.0 <= float(state["weights"].min()) and float(state["weights"].max()) <= 1.0
    epochs = [r.get("per_client", {}).get("ala_epochs") for r in run.history]
    assert epochs[0] is None and epochs[2] == [1, 1] and all(e > 10 for e in epochs[1])  # start phase: more than the window


def test_the_start_phase_is_bounded():
    eng = engine(FedALA, {"threshold": 0.0, "max_start_epochs": 4}, rounds=2)
    run = eng.run()
    assert run.history[1]["per_client"]["ala_epochs"] == [4, 4]
    glob, _, _ = reference(2, threshold=0.0, max_epochs=4)
    torch.testing.assert_close(run.server["params"], glob)


def test_cached_head_steps_are_counted_at_the_heads_cost():
    """Round 2's FLOPs: every client's training samples x the model's cost, the W steps' samples
    x the head's training cost, the sample's features once x the body's forward cost, and the
    element-wise work; the full-step path charges every W step's sample at the model's cost."""
    runs = {}
    for cached in (True, False):
        eng = engine(FedALA, {}, rounds=2)
        eng.ws.cache_features = cached
        runs[cached] = (eng, eng.run())
    eng, run = runs[True]
    head, body = eng.accounting.head_split_flops(eng.clients[0])
    full = eng.accounting.train_flops_per_sample(eng.clients[0])
    epochs = run.history[1]["per_client"]["ala_epochs"]
    m = [int(0.8 * 6), int(0.8 * 4)]  # one batch each per epoch (batch size 4)
    coords = int(eng.ws.flat.select("head").sum())
    extra = sum(ALA_FLOPS_PER_COORDINATE * coords * e + coords for e in epochs)
    assert run.history[1]["train_flops"] == 10 * full + sum(e * k for e, k in zip(epochs, m)) * head + sum(m) * body + extra
    _, slow = runs[False]
    assert slow.history[1]["per_client"]["ala_epochs"] == epochs
    assert slow.history[1]["train_flops"] == (10 + sum(e * k for e, k in zip(epochs, m))) * full + extra
    assert run.history[0]["train_flops"] == 10 * full  # round 1: no local model, no ALA


def bn_ws():
    torch.manual_seed(0)
    return Workspace(torch.nn.Sequential(torch.nn.Linear(2, 4), torch.nn.BatchNorm1d(4), torch.nn.ReLU(), torch.nn.Linear(4, 2)))


def test_batch_dependent_body_takes_features_per_batch():
    """With batch norm the body's features depend on the batch: each W step takes its batch's
    features without autograd and steps the head alone, the same as full steps (up to the
    last bits), charged at the body's forward plus the head's training cost per sample."""
    runs = {}
    for cached in (True, False):
        ws = bn_ws()
        ws.cache_features = cached
        eng = tiny_engine(FedALA, {}, ws, tiny_clients(XS, YS), rounds=3, lr=0.3, batch_size=4)
        runs[cached] = (eng, eng.run())
    (eng, fast), (_, slow) = runs[True], runs[False]
    torch.testing.assert_close(fast.server["params"], slow.server["params"])
    torch.testing.assert_close(fast.server_buffers, slow.server_buffers)
    head, body = eng.accounting.head_split_flops(eng.clients[0])
    full = eng.accounting.train_flops_per_sample(eng.clients[0])
    coords = int(eng.ws.flat.select("head").sum())
    for r in (1, 2):
        epochs = fast.history[r]["per_client"]["ala_epochs"]
        assert slow.history[r]["per_client"]["ala_epochs"] == epochs
        ala = sum(e * k for e, k in zip(epochs, (4, 3)))
        extra = sum(ALA_FLOPS_PER_COORDINATE * coords * e + coords for e in epochs)
        assert fast.history[r]["train_flops"] == 10 * full + ala * (head + body) + extra
        assert slow.history[r]["train_flops"] == (10 + ala) * full + extra


def test_eta_zero_with_batch_norm_is_fedavg_bit_for_bit():
    """The W steps' forward passes leave the batch-norm statistics as they were."""
    ala = tiny_engine(FedALA, {"eta": 0.0}, bn_ws(), tiny_clients(XS, YS), rounds=3, lr=0.3, batch_size=4).run()
    avg = tiny_engine(FedAvg, {}, bn_ws(), tiny_clients(XS, YS), rounds=3, lr=0.3, batch_size=4).run()
    assert torch.equal(ala.server["params"], avg.server["params"]) and torch.equal(ala.server_buffers, avg.server_buffers)


def test_eta_zero_is_fedavg_bit_for_bit():
    """With eta = 0, W never leaves 1: every client starts from the global model exactly and is
    evaluated with it, so the server's models and the accuracies are FedAvg's bit for bit (the
    training loss differs: it includes the W steps' losses)."""
    ala = engine(FedALA, {"eta": 0.0}, rounds=3).run()
    avg = engine(FedAvg, {}, rounds=3).run()
    assert torch.equal(ala.server["params"], avg.server["params"])
    for key in ("acc_mean", "test_loss_mean"):
        assert [r[key] for r in ala.history] == [r[key] for r in avg.history]


def test_evaluated_with_the_composition_it_would_start_from():
    eng = engine(FedALA, {}, rounds=2)
    run = eng.run()
    a = top_offset(eng.ws.flat, 1)
    g = run.server["params"]
    for c in (0, 1):
        state = eng.store.get(c)
        p = eng.algorithm.personalized(eng.context(c, 2), {"params": g}, state)
        assert torch.equal(p[:a], g[:a])
        torch.testing.assert_close(p[a:], state["local"] + (g[a:] - state["local"]) * state["weights"])
    fresh = eng.algorithm.init_client(0, g)
    assert eng.algorithm.personalized(eng.context(0, 2), {"params": g}, fresh) is g


def test_more_layers_mix_the_body_too_with_full_steps():
    """p = 2 on a 2-3-2 MLP: the hidden layer is mixed as well (no cached features: the body
    is not fixed), W covers both layers."""
    eng = engine(FedALA, {"ala_layers": 2}, rounds=3)
    run = eng.run()
    n = eng.ws.flat.numel
    for c in (0, 1):
        assert eng.store.get(c)["weights"].shape == (n,) and eng.store.get(c)["local"].shape == (n,)
    flops = eng.accounting.train_flops_per_sample(eng.clients[0])
    steps = sum(run.history[2]["per_client"]["ala_epochs"])  # one batch per epoch
    assert run.history[2]["train_flops"] == (10 + 4 + 3) * flops + ALA_FLOPS_PER_COORDINATE * n * steps + 2 * n
    assert not torch.equal(run.server["params"], engine(FedALA, {}, rounds=3).run().server["params"])


def test_dp_sgd_privatizes_and_accounts_the_w_steps():
    """Under DP-SGD the W steps are full steps through the workspace: privatized, and spent at
    the sample's rate (batch 4 of 4 and of 3 samples: rate 1) beside the training's (4/6, 4/4)."""
    dp = DPConfig(noise=1.0, clip=1.0)
    run = tiny_engine(FedALA, {}, mlp_ws(), tiny_clients(XS, YS), rounds=2, lr=0.3, batch_size=4, dp=dp).run()
    avg = tiny_engine(FedAvg, {}, mlp_ws(), tiny_clients(XS, YS), rounds=2, lr=0.3, batch_size=4, dp=dp).run()
    assert run.spent[0] != avg.spent[0]
    assert sum(e[2] for e in run.spent[0]) > sum(e[2] for e in avg.spent[0])
    assert any(e[1] == 1.0 for e in run.spent[0])


@pytest.mark.parametrize(
    "opts, words",
    [({"sample_percent": 120.0}, "sample_percent must be in [0, 100], got 120.0"),
     ({"ala_layers": 0}, "ala_layers (p) must be >= 1, got 0"),
     ({"eta": -1.0}, "eta must be >= 0, got -1.0"),
     ({"loss_window": 0}, "loss_window must be >= 1"),
     ({"max_start_epochs": 0}, "max_start_epochs must be >= 1")],
)  # fmt: skip
def test_bad_options_are_refused(opts, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[").replace("]", r"\]")):
        FedALA.Config(**opts)
