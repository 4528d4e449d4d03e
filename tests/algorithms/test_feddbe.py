"""FedDBE: the DBE equations by hand and against autograd, three rounds against a plain-torch
transcription of the reference client (head(body(x) + b), running mean, MR), what is sent when,
the fold, DP-SGD, and FedAvg bit for bit with kappa = 0 and the bias frozen at 0."""

import pytest
import torch
import torch.nn.functional as F
from torch.nn.utils import parameters_to_vector, vector_to_parameters

from copfl.algorithms.fedavg import FedAvg
from copfl.algorithms.feddbe import FedDBE, fold_bias, mean_regularization, prbm_gradient, running_mean
from copfl.extensions.privacy import DPConfig
from copfl.seeding import torch_generator

from helpers import XS, YS, engine, fresh_model, mlp_ws, tiny_clients, tiny_engine


# ---------------------------------------------------------------------------- the equations
def test_running_mean_by_hand():
    prev, batch = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 6.0])
    assert running_mean(prev, batch, 0.25).tolist() == [1.5, 3.0]  # 0.75 * (1, 2) + 0.25 * (3, 6)
    assert torch.equal(running_mean(prev, batch, 1.0), batch)  # mu = 1: the batch's own mean


def test_mean_regularization_by_hand():
    """kappa * mean_k 1/2 (zbar_k - g_k)^2: 4 * mean(0.5 * (1, 4)) = 4 * 1.25."""
    assert float(mean_regularization(torch.tensor([1.0, 3.0]), torch.tensor([0.0, 1.0]), 4.0)) == 5.0
    assert float(mean_regularization(torch.tensor([1.0, 3.0]), torch.tensor([1.0, 3.0]), 4.0)) == 0.0


def test_prbm_gradient_is_autograds_and_fold_bias_is_the_same_function():
    """For out = W (z + b) + c: dL/db = W^T dL/dc; and W z + (c + W b) = head(z + b)."""
    g = torch.Generator().manual_seed(0)
    w, c = torch.randn(3, 4, generator=g, requires_grad=True), torch.randn(3, generator=g, requires_grad=True)
    z, b = torch.randn(5, 4, generator=g), torch.randn(4, generator=g, requires_grad=True)
    y = torch.tensor([0, 2, 1, 1, 0])
    F.cross_entropy(F.linear(z + b, w, c), y).backward()
    torch.testing.assert_close(prbm_gradient(w.detach(), c.grad), b.grad)
    with torch.no_grad():
        torch.testing.assert_close(F.linear(z, w, fold_bias(w, c, b)), F.linear(z + b, w, c))
    # by hand: W = [[1, 2], [3, 4]], dL/dc = (1, -1): W^T (1, -1) = (1 - 3, 2 - 4)
    assert prbm_gradient(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([1.0, -1.0])).tolist() == [-2.0, -2.0]


# ---------------------------------------------------------------------------- against plain torch
def reference(rounds, kappa, mu, lr=0.3, bs=4):
    """FedDBE in plain torch as the reference client writes it: rep = body(x), the running mean
    of rep reset every round, head(rep + b) with b an SGD parameter at the model's rate, loss CE
    + kappa * mean(0.5 (running - global)^2) once the global mean exists; the global mean the
    sample-weighted average of round 1's final running means."""
    glob = parameters_to_vector(fresh_model().parameters()).detach()
    bias, gmean = {c: torch.zeros(3) for c in (0, 1)}, None
    for r in range(1, rounds + 1):
        ups, means = [], []
        for c in (0, 1):
            m = fresh_model()
            vector_to_parameters(glob.clone(), m.parameters())
            b = bias[c].clone().requires_grad_(True)
            opt, opt_b = torch.optim.SGD(m.parameters(), lr=lr), torch.optim.SGD([b], lr=lr)
            x, y = torch.tensor(XS[c], dtype=torch.float32), torch.tensor(YS[c])
            run = torch.zeros(3)
            order = torch.randperm(len(y), generator=torch_generator(0, "local", r, c))
            for s in range(0, len(y), bs):
                i = order[s : s + bs]
                rep = m.body(x[i])
                run = (1 - mu) * run.detach() + mu * rep.mean(0)
                loss = F.cross_entropy(m.fc(rep + b), y[i])
                if gmean is not None:
                    loss = loss + kappa * torch.mean(0.5 * (run - gmean) ** 2)
                opt.zero_grad()
                opt_b.zero_grad()
                loss.backward()
                opt.step()
                opt_b.step()
            bias[c] = b.detach()
            ups.append(parameters_to_vector(m.parameters()).detach())
            means.append(run.detach())
        glob = (6 * ups[0] + 4 * ups[1]) / 10
        if gmean is None:
            gmean = (6 * means[0] + 4 * means[1]) / 10
    return glob, bias, gmean


def test_three_rounds_against_plain_torch():
    eng = engine(FedDBE, {"kappa": 2.0, "mean_momentum": 0.5}, rounds=3)
    run = eng.run()
    glob, bias, gmean = reference(3, kappa=2.0, mu=0.5)
    torch.testing.assert_close(run.server["params"], glob)
    torch.testing.assert_close(run.server["global_mean"], gmean)
    for c in (0, 1):
        torch.testing.assert_close(eng.store.get(c)["bias"], bias[c])
    assert bool(bias[0].any()) and not torch.allclose(bias[0], bias[1])


def test_kappa_zero_and_frozen_bias_is_fedavg_bit_for_bit():
    kw = dict(rounds=3, momentum=0.5)
    dbe = engine(FedDBE, {"kappa": 0.0, "bias_lr": 0.0}, **kw).run()
    avg = engine(FedAvg, {}, **kw).run()
    assert torch.equal(dbe.server["params"], avg.server["params"]) and sorted(dbe.server) == ["params"]
    for key in ("train_loss", "acc_mean", "test_loss_mean", "bytes_up", "bytes_down"):
        assert [r[key] for r in dbe.history] == [r[key] for r in avg.history]
    moving = engine(FedDBE, {"kappa": 0.0}, **kw).run()  # the bias alone changes the run
    assert not torch.equal(moving.server["params"], avg.server["params"])


def test_the_means_travel_once():
    """Round 1: no global mean down, each client's running mean up; from round 2 the global mean
    down, nothing but the model up; it never changes. With kappa = 0 neither travels."""
    seen = []
    eng = engine(FedDBE, {"kappa": 2.0}, rounds=3)
    orig = eng.algorithm.client_update

    def spy(ctx, message, state):
        res = orig(ctx, message, state)
        seen.append((ctx.round, sorted(message), sorted(res.upload)))
        return res

    eng.algorithm.client_update = spy
    state = eng.new_state()
    eng.run_round(state)
    first = state.server["global_mean"].clone()
    eng.run_round(state)
    eng.run_round(state)
    assert torch.equal(state.server["global_mean"], first)
    assert seen[0] == (1, ["params"], ["feature_mean", "num_samples", "shared"])
    assert all(s[1:] == (["global_mean", "params"], ["num_samples", "shared"]) for s in seen[2:])
    off = engine(FedDBE, {"kappa": 0.0}, rounds=2).run()
    assert "global_mean" not in off.server


def test_the_fold_is_the_aggregation_bit_for_bit(monkeypatch):
    folded = engine(FedDBE, {"kappa": 2.0}, rounds=2).run()
    monkeypatch.setattr(FedDBE, "fold_start", lambda self, ctx, server: None)
    whole = engine(FedDBE, {"kappa": 2.0}, rounds=2).run()
    assert torch.equal(folded.server["params"], whole.server["params"])
    assert torch.equal(folded.server["global_mean"], whole.server["global_mean"])


def test_evaluated_with_the_bias_folded_into_the_head():
    eng = engine(FedDBE, {"kappa": 2.0}, rounds=2)
    run = eng.run()
    ws, g = eng.ws, run.server["params"]
    x = torch.tensor(XS[0], dtype=torch.float32)
    bias = eng.store.get(0)["bias"]
    ws.load(eng.algorithm.personalized(eng.context(0, 2), {"params": g}, eng.store.get(0)))
    folded = ws.model(x)
    ws.load(g)
    handle = ws.model.fc.register_forward_pre_hook(lambda m, args: (args[0] + bias,))
    try:
        torch.testing.assert_close(folded, ws.model(x))
    finally:
        handle.remove()
    assert not torch.allclose(folded, ws.model(x))


def test_dp_sgd_refuses_the_mean_regularization_and_privatizes_the_bias():
    dp = DPConfig(noise=1.0, clip=1.0)
    with pytest.raises(ValueError, match="use --dp-mode upload, or --kappa 0"):
        tiny_engine(FedDBE, {}, mlp_ws(), tiny_clients(XS, YS), dp=dp).run()
    run = tiny_engine(FedDBE, {"kappa": 0.0}, mlp_ws(), tiny_clients(XS, YS), rounds=2, lr=0.3, batch_size=4, dp=dp).run()
    noiseless = engine(FedDBE, {"kappa": 0.0}, rounds=2).run()
    assert run.history[-1]["epsilon"] > 0 and not torch.equal(run.server["params"], noiseless.server["params"])


def test_upload_dp_sends_the_round_one_mean_as_it_is():
    dp = DPConfig(noise=1.0, clip=1.0, mode="upload")
    run = tiny_engine(FedDBE, {"kappa": 2.0}, mlp_ws(), tiny_clients(XS, YS), rounds=2, lr=0.3, batch_size=4, dp=dp).run()
    plain = engine(FedDBE, {"kappa": 2.0}, rounds=1).run()
    assert torch.equal(run.server["global_mean"], plain.server["global_mean"])  # round 1: the same local steps
    assert not torch.equal(run.server["params"], engine(FedDBE, {"kappa": 2.0}, rounds=2).run().server["params"])


def test_fedper_with_dbe_keeps_the_head_local():
    eng = engine(FedDBE, {"personal": "head", "kappa": 2.0}, rounds=2)
    run = eng.run()
    head = eng.ws.flat.select("head")
    assert torch.equal(run.server["params"][head], eng.init_params[head])
    assert sorted(eng.store.get(0)) == ["bias", "params"]


@pytest.mark.parametrize(
    "opts, words",
    [({"kappa": -1.0}, "kappa must be >= 0, got -1.0"),
     ({"mean_momentum": 0.0}, r"mean_momentum \(mu\) must be in \(0, 1\], got 0.0"),
     ({"bias_lr": -0.1}, r"bias_lr must be >= 0 or None \(the run's lr\), got -0.1")],
)  # fmt: skip
def test_bad_options_are_refused(opts, words):
    with pytest.raises(ValueError, match=words):
        FedDBE.Config(**opts)
