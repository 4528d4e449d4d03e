"""GPFL (copfl.algorithms.gpfl): the CoV, the valve, both guidance losses and the conditional
inputs by hand; two rounds against plain torch modules written as the reference code writes
them (CoV and GCE as nn.Modules, three SGD optimizers); the evaluation's route; the fold; the
traffic and declared work; DP, attacks and robust rules."""

import math
import re

import pytest
import torch
import torch.nn.functional as F
from torch import nn

from copfl.algorithms.gpfl import (
    GPFL,
    GPFLLayout,
    angle_loss,
    conditional_inputs,
    conditional_modulation,
    guidance_flops,
    magnitude_loss,
    valve,
)
from copfl.algorithms.partial import FedPer
from copfl.core.models import MLP
from copfl.extensions.privacy import DPConfig
from copfl.seeding import torch_generator
from copfl.core.workspace import Workspace

from helpers import run_cfg, small, tiny_clients, tiny_engine

B = torch.tensor
XS = [[[1.0, 0.0], [0.9, 0.1], [0.0, 1.0], [0.1, 0.8], [0.8, -0.2]], [[0.0, 1.0], [0.2, 0.9], [-1.0, -1.0], [-0.8, -1.1]]]
YS = [[0, 0, 1, 1, 0], [1, 1, 2, 2]]
K, C = 4, 3


def mlp_ws(seed=0):
    torch.manual_seed(seed)
    return Workspace(MLP(2, C, hidden=(K,)))


def gpfl_engine(options=None, rounds=1, **kw):
    kw = {"lr": 0.3, "batch_size": 2, **kw}
    return tiny_engine(GPFL, options or {}, mlp_ws(), tiny_clients(XS, YS), rounds=rounds, **kw)


# ------------------------------------------------------------------------- the equations by hand
def test_layout_and_initialization():
    lay = GPFLLayout(feat_dim=K, num_classes=C)
    assert lay.numel == 2 * K * K + 6 * K + C * K
    vec = lay.init(torch.Generator().manual_seed(0), "cpu")
    p = lay.views(vec)
    assert p.weight.shape == (2 * K, K) and p.bias.shape == (2 * K,) and p.ln_weight.shape == (2, K) and p.embedding.shape == (C, K)
    assert (p.weight.abs() <= 1 / math.sqrt(K)).all() and (p.bias.abs() <= 1 / math.sqrt(K)).all()
    assert p.ln_weight.eq(1).all() and p.ln_bias.eq(0).all()
    assert torch.equal(vec, lay.init(torch.Generator().manual_seed(0), "cpu"))
    # the server's start: the model's body, then the CoV and GCE, seeded by the model's initialization
    a, b = gpfl_engine(), gpfl_engine()
    sa, sb = a.algorithm.init_server(a.init_params), b.algorithm.init_server(b.init_params)
    body = ~a.ws.flat.select("head")
    assert torch.equal(sa["shared"], sb["shared"]) and torch.equal(sa["shared"][: int(body.sum())], a.init_params[body])


def test_conditional_modulation_by_hand():
    k = 2
    lay = GPFLLayout(k, 1)
    vec = torch.zeros(lay.numel)
    p = lay.views(vec)
    p.weight.copy_(B([[1.0, 0.0], [0.0, 1.0], [2.0, 0.0], [0.0, -1.0]]))  # W_gamma rows 0-1, W_beta rows 2-3
    p.bias.copy_(B([0.0, 0.0, 0.0, 3.0]))
    p.ln_weight.copy_(B([[2.0, 2.0], [1.0, 1.0]]))
    p.ln_bias.copy_(B([[0.0, 0.0], [0.5, 0.5]]))
    gamma, beta = conditional_modulation(p, B([[1.0, 0.0], [0.0, 2.0]]))
    # c = (1, 0): W_g c = (1, 0) -> LN -> (1, -1) x 2; W_b c + b = (2, 3) -> LN -> (-1, 1) + 0.5
    # c = (0, 2): W_g c = (0, 2) -> (-1, 1) x 2; W_b c + b = (0, 1) -> relu (0, 1) -> (-1, 1) + 0.5
    s1 = 1 / math.sqrt(0.25 + 1e-5)  # LN of (a, b): +-(a - b)/2 / sqrt(((a - b)/2)^2 + eps)
    s2 = 1 / math.sqrt(1 + 1e-5)
    s3 = 0.5 / math.sqrt(0.25 + 1e-5)
    torch.testing.assert_close(gamma, B([[2 * 0.5 * s1, -2 * 0.5 * s1], [-2 * s2, 2 * s2]]))
    torch.testing.assert_close(beta, B([[-s3 + 0.5, s3 + 0.5], [-s3 + 0.5, s3 + 0.5]]))


def test_valve_by_hand():
    # f (.) (gamma + 1) + beta = (1 x 2 + 0.5, -2 x 1 + 1) = (2.5, -1) -> ReLU
    assert valve(B([[1.0, -2.0]]), B([1.0, 0.0]), B([0.5, 1.0])).tolist() == [[2.5, 0.0]]


def test_angle_loss_by_hand():
    f, emb = B([[1.0, 0.0], [0.0, 5.0]]), B([[2.0, 0.0], [0.0, 3.0], [-1.0, 0.0]])
    # cosines: sample 1 (1, 0, -1), sample 2 (0, 1, 0); classes 0 and 1
    expect = (-math.log(math.e / (math.e + 1 + math.exp(-1))) - math.log(math.e / (1 + math.e + 1))) / 2
    assert float(angle_loss(f, emb, B([0, 1]))) == pytest.approx(expect)
    assert float(angle_loss(3 * f, 7 * emb, B([0, 1]))) == pytest.approx(expect)  # angles only


def test_magnitude_loss_by_hand():
    f, frozen, y = B([[3.0, 4.0], [0.0, 0.0]]), B([[0.0, 0.0], [0.0, 1.0]]), B([0, 1])
    # ||(3, 4)|| = 5, ||(0, -1)|| = 1
    assert float(magnitude_loss(f, frozen, y)) == pytest.approx(3.0)
    assert float(magnitude_loss(f, frozen, y, "batch")) == pytest.approx(math.sqrt(26))


def test_conditional_inputs_by_hand():
    emb = B([[1.0, 0.0], [0.0, 2.0], [3.0, 3.0]])
    g, p = conditional_inputs(emb, B([2, 0, 1]))
    torch.testing.assert_close(g, B([4 / 3, 5 / 3]))
    torch.testing.assert_close(p, B([2 / 3 + 1.0, 1.0]))  # 2/3 (1, 0) + 1/3 (3, 3)


# ------------------------------------------------------------------------- the reference, in plain torch
class RefCoV(nn.Module):
    """The reference code's CoV: two Linear - ReLU - LayerNorm networks on a condition vector."""

    def __init__(self, k):
        super().__init__()
        self.gamma = nn.Sequential(nn.Linear(k, k), nn.ReLU(), nn.LayerNorm([k]))
        self.beta = nn.Sequential(nn.Linear(k, k), nn.ReLU(), nn.LayerNorm([k]))

    def forward(self, x, context):
        return torch.relu(x * (self.gamma(context) + 1) + self.beta(context))


def load_extra(cov, gce, vec):
    p = GPFLLayout(K, C).views(vec)
    with torch.no_grad():
        for i, net in enumerate((cov.gamma, cov.beta)):
            net[0].weight.copy_(p.weight[i * K : (i + 1) * K])
            net[0].bias.copy_(p.bias[i * K : (i + 1) * K])
            net[2].weight.copy_(p.ln_weight[i])
            net[2].bias.copy_(p.ln_bias[i])
        gce.weight.copy_(p.embedding)


def flat_extra(cov, gce):
    g, b = cov.gamma, cov.beta
    parts = [g[0].weight, b[0].weight, g[0].bias, b[0].bias, g[2].weight, b[2].weight, g[2].bias, b[2].bias, gce.weight]
    return torch.cat([t.detach().reshape(-1) for t in parts])


def reference_rounds(eng, rounds, lam, mu, lr, magnitude):
    """GPFL as its reference code runs it (full participation), in plain torch."""
    shared = eng.algorithm.init_server(eng.init_params)["shared"]
    d_body = eng.algorithm.d_body
    heads = [eng.init_params[eng.ws.flat.select("head")].clone() for _ in XS]
    conds = [torch.zeros(2, K) for _ in XS]
    for r in range(1, rounds + 1):
        outs = []
        for c, (x, y) in enumerate(zip(XS, YS)):
            model = MLP(2, C, hidden=(K,))
            params = torch.empty_like(eng.init_params)
            head = eng.ws.flat.select("head")
            params[~head], params[head] = shared[:d_body], heads[c]
            torch.nn.utils.vector_to_parameters(params, model.parameters())
            cov, gce = RefCoV(K), nn.Embedding(C, K)
            load_extra(cov, gce, shared[d_body:])
            frozen = gce.weight.detach().clone()
            opt = torch.optim.SGD(model.parameters(), lr=lr)
            opt_x = torch.optim.SGD([*cov.parameters(), *gce.parameters()], lr=lr, weight_decay=mu)
            x, y = torch.tensor(x), torch.tensor(y)
            gen = torch_generator(0, "local", r, c)
            order = torch.randperm(len(y), generator=gen)
            for s in range(0, len(y), 2):
                idx = order[s : s + 2]
                xb, yb = x[idx], y[idx]
                feat = model.body(xb)
                f_p, f_g = cov(feat, conds[c][1]), cov(feat, conds[c][0])
                loss = F.cross_entropy(model.fc(f_p), yb)
                loss = loss - torch.log_softmax(F.linear(F.normalize(f_g), F.normalize(gce.weight)), 1)[torch.arange(len(yb)), yb].mean()
                diff = f_g - frozen[yb]
                loss = loss + lam * (torch.norm(diff, 2) if magnitude == "batch" else diff.norm(dim=1).mean())
                opt.zero_grad(), opt_x.zero_grad()
                loss.backward()
                opt.step(), opt_x.step()
            flat = torch.nn.utils.parameters_to_vector(model.parameters()).detach()
            heads[c] = flat[head]
            emb = gce.weight.detach()
            counts = torch.bincount(y, minlength=C).float()
            conds[c] = torch.stack([emb.mean(0), (counts / counts.sum()) @ emb])  # from the client's trained GCE
            outs.append(torch.cat([flat[~head], flat_extra(cov, gce)]))
        n = torch.tensor([float(len(y)) for y in YS])
        shared = sum(w * o for w, o in zip((n / n.sum()).tolist(), outs))
    return shared, heads, conds


@pytest.mark.parametrize("magnitude", ["mean", "batch"])
def test_two_rounds_match_the_reference_in_plain_torch(magnitude):
    lam, mu, lr = 0.5, 0.2, 0.3
    eng = gpfl_engine({"lam": lam, "mu": mu, "magnitude": magnitude}, rounds=2, lr=lr)
    run = eng.run()
    shared, heads, conds = reference_rounds(eng, 2, lam, mu, lr, magnitude)
    torch.testing.assert_close(run.server["shared"], shared)
    for c in range(2):
        torch.testing.assert_close(eng.store.get(c)["head"], heads[c])
        torch.testing.assert_close(eng.store.get(c)["cond"], conds[c])


def test_evaluation_routes_through_the_global_cov_with_the_clients_p():
    eng = gpfl_engine({}, rounds=2)
    run = eng.run()
    alg, shared = eng.algorithm, run.server["shared"]
    head = eng.ws.flat.select("head")
    for c in range(2):
        state = eng.store.get(c)
        model = MLP(2, C, hidden=(K,))
        params = torch.empty_like(eng.init_params)
        params[~head], params[head] = shared[: alg.d_body], state["head"]
        torch.nn.utils.vector_to_parameters(params, model.parameters())
        cov, gce = RefCoV(K), nn.Embedding(C, K)
        load_extra(cov, gce, shared[alg.d_body :])
        x, y = torch.tensor(XS[c]), torch.tensor(YS[c])
        with torch.no_grad():
            z = model.fc(cov(model.body(x), state["cond"][1]))
        got = alg.evaluate(eng.context(c, 2), {"shared": shared}, state)
        assert got.correct == int((z.argmax(1) == y).sum()) and got.samples == len(y)
        assert got.loss_sum == pytest.approx(float(F.cross_entropy(z, y, reduction="sum")), rel=1e-5)
    # the hook is gone: the workspace's model is the plain one again
    assert not dict(eng.ws.model.named_modules())["fc"]._forward_pre_hooks


def test_the_head_as_a_mask_gives_the_same_run_as_the_head_as_a_range():
    """copfl's heads are one range of the flat vector (sliced); a head scattered in it would go
    through boolean masks: the same numbers."""
    a = gpfl_engine({}, rounds=2)
    b = gpfl_engine({}, rounds=2)
    assert a.algorithm.head_range == (K * 2 + K, K * 2 + K + C * K + C)  # after body.0's weight and bias
    b.algorithm.head_range = None
    ra, rb = a.run(), b.run()
    assert torch.equal(ra.server["shared"], rb.server["shared"]) and ra.history == rb.history
    assert all(torch.equal(a.store.get(c)["head"], b.store.get(c)["head"]) for c in range(2))


# ------------------------------------------------------------------------- aggregation, traffic, work
def test_the_fold_is_the_aggregation_bit_for_bit():
    eng = gpfl_engine()
    alg = eng.algorithm
    server = alg.init_server(eng.init_params)
    n = server["shared"].numel()
    uploads = [(0, {"shared": torch.randn(n), "num_samples": 5}), (1, {"shared": torch.randn(n), "num_samples": 4})]
    sctx = eng.server_context(1, "train", [0, 1])
    whole, _ = alg.aggregate(sctx, server, uploads)
    acc = alg.fold_start(sctx, server)
    for c, u in uploads:
        acc = alg.fold_add(sctx, acc, c, u)
    folded, _ = alg.fold_end(sctx, server, acc)
    assert torch.equal(whole["shared"], folded["shared"])
    torch.testing.assert_close(whole["shared"], (5 * uploads[0][1]["shared"] + 4 * uploads[1][1]["shared"]) / 9)


def test_traffic_and_declared_work():
    eng = gpfl_engine()
    run = eng.run()
    per = tiny_engine(FedPer, {}, mlp_ws(), tiny_clients(XS, YS), rounds=1, lr=0.3, batch_size=2).run()
    extra, d_head = GPFLLayout(K, C).numel, int(eng.ws.flat.select("head").sum())
    # up: the body (as FedPer) and the CoV + GCE; down: the body and the CoV + GCE (FedPer: the whole model)
    assert run.history[0]["bytes_up"] - per.history[0]["bytes_up"] == 2 * 4 * extra
    assert run.history[0]["bytes_down"] - per.history[0]["bytes_down"] == 2 * 4 * (extra - d_head)
    steps, samples = 3 + 2, 9  # batches of 2 over 5 and 4 samples
    assert run.history[0]["train_flops"] == samples * eng.accounting.train_flops_per_sample(eng.clients[0]) + guidance_flops(K, C, 0, steps) + guidance_flops(K, C, samples, 0)
    assert guidance_flops(K, C, 2, 3) == 3 * 24 * K * K + 2 * (6 * C * K + 30 * K)


# ------------------------------------------------------------------------- the run's options
def test_dp_sgd_is_refused_naming_the_option_and_upload_dp_runs():
    with pytest.raises(ValueError, match=re.escape("DP-SGD (--dp-mode sgd) privatizes only the model's gradients: use --dp-mode upload")):
        gpfl_engine(dp=DPConfig(noise=1.0, clip=1.0)).run()
    run = gpfl_engine(rounds=2, dp=DPConfig(noise=0.5, clip=0.1, mode="upload")).run()
    assert torch.isfinite(run.server["shared"]).all() and all(r["epsilon"] > 0 for r in run.history)


@pytest.mark.parametrize(
    "kw",
    [{"attack": "sign-flip", "attackers": 0.25}, {"attack": "scale", "attackers": 0.25, "robust": "median"}, {"robust": "krum"}, {"client_fraction": 0.5}],
    ids=["attack", "attack-median", "krum", "partial"],
)
def test_runs_under_the_runs_options(kw):
    eng, run = run_cfg(small("gpfl", rounds=3, **kw))
    assert torch.isfinite(run.server["shared"]).all()
    assert all(math.isfinite(r["acc_mean"]) for r in run.history)


@pytest.mark.parametrize(
    "opts, words",
    [({"lam": -1.0}, "GPFL lam must be >= 0, got -1.0"),
     ({"mu": -0.1}, "GPFL mu must be >= 0, got -0.1"),
     ({"magnitude": "sum"}, "GPFL magnitude must be one of mean, batch, got 'sum'")],
)  # fmt: skip
def test_bad_options_are_refused_naming_the_value(opts, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        GPFL.Config(**opts)
