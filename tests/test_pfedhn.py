"""pFedHN (copfl.algorithms.pfedhn): the server update against the reference's procedure in plain
torch (an nn.Module hypernetwork with one head per target tensor, autograd.grad, clip_grad_norm_,
torch.optim.SGD with two parameter groups), the inner loop against plain torch SGD, per-client
weights, and a checkpointed run that resumes bit for bit."""

from collections import OrderedDict

import pytest
import torch
from torch import nn

from copfl.algorithms import ALGORITHMS
from copfl.algorithms.pfedhn import PFedHN, PFedHNConfig, clip_grad, generate
from copfl.seeding import torch_generator

from helpers import XS, YS, fresh_model, mlp_ws, tiny_clients, tiny_engine

SMALL = {"embed_dim": 3, "hidden": 5, "n_hidden": 2, "inner_steps": 3, "inner_lr": 0.1}


class ReferenceHyper(nn.Module):
    """The reference's CNNHyper, for any target: embeddings, an MLP, one linear head per target tensor."""

    def __init__(self, n_nodes, embed_dim, hidden, n_hidden, target_shapes):
        super().__init__()
        self.embeddings = nn.Embedding(n_nodes, embed_dim)
        layers = [nn.Linear(embed_dim, hidden)]
        for _ in range(n_hidden):
            layers += [nn.ReLU(), nn.Linear(hidden, hidden)]
        self.mlp = nn.Sequential(*layers)
        self.shapes = target_shapes
        self.heads = nn.ModuleList(nn.Linear(hidden, int(torch.Size(s).numel())) for s in target_shapes.values())

    def forward(self, idx):
        f = self.mlp(self.embeddings(idx))
        return OrderedDict((n, h(f).view(s)) for (n, s), h in zip(self.shapes.items(), self.heads))

    def load_flat(self, alg, flat):
        """Copy copfl's flat hypernetwork in (the output layer's rows split into heads)."""
        p = alg.layout.unflatten(flat)
        with torch.no_grad():
            self.embeddings.weight.copy_(p["embeddings"])
            lin = [m for m in self.mlp if isinstance(m, nn.Linear)]
            for k, m in enumerate(lin):
                m.weight.copy_(p[f"linear{k}.weight"])
                m.bias.copy_(p[f"linear{k}.bias"])
            last = len(lin)
            offset = 0
            for h in self.heads:
                n = h.out_features
                h.weight.copy_(p[f"linear{last}.weight"][offset : offset + n])
                h.bias.copy_(p[f"linear{last}.bias"][offset : offset + n])
                offset += n

    def flat(self):
        lin = [m for m in self.mlp if isinstance(m, nn.Linear)]
        parts = [self.embeddings.weight.reshape(-1)]
        for m in lin:
            parts += [m.weight.reshape(-1), m.bias.reshape(-1)]
        parts += [torch.cat([h.weight for h in self.heads]).reshape(-1), torch.cat([h.bias for h in self.heads])]
        return torch.cat(parts).detach()


def make(options=None, rounds=1, **kw):
    return tiny_engine(PFedHN, {**SMALL, **(options or {})}, mlp_ws(), tiny_clients(XS, YS), rounds=rounds, batch_size=4, **kw)


def reference(eng, flat):
    shapes = OrderedDict((s.name, s.shape) for s in eng.ws.flat.slices)
    ref = ReferenceHyper(2, SMALL["embed_dim"], SMALL["hidden"], SMALL["n_hidden"], shapes)
    ref.load_flat(eng.algorithm, flat)
    assert torch.equal(ref.flat(), flat)
    return ref


@pytest.mark.parametrize("server_update", ["sequential", "mean"])
def test_server_update_equals_the_reference_procedure_in_plain_torch(server_update):
    opts = {"server_update": server_update, "hn_lr": 0.3, "embed_lr": 0.7, "hn_wd": 0.01, "hn_momentum": 0.9}
    eng = make(opts, rounds=2)
    run = eng.new_state()
    h0 = run.server["hnet"].clone()
    ref = reference(eng, h0)
    with torch.no_grad():  # the one-head-per-tensor module generates the same weights
        for c in (0, 1):
            torch.testing.assert_close(torch.cat([w.reshape(-1) for w in ref(torch.tensor(c)).values()]), generate(eng.algorithm.layout, h0, c))
    opt = torch.optim.SGD([{"params": [p for n, p in ref.named_parameters() if "embed" not in n]},
                           {"params": [ref.embeddings.weight], "lr": 0.7}], lr=0.3, momentum=0.9, weight_decay=0.01)  # fmt: skip
    for r in (1, 2):
        sctx = eng.server_context(r, "train", [0, 1])
        msgs = {c: eng.message(run, c, sctx) for c in (0, 1)}
        steps = {c: eng.client_step(c, r, msgs[c], run.server_buffers) for c in (0, 1)}
        # the reference: autograd.grad(generated weights, hnet parameters, grad_outputs=delta), at the generating hnet
        grads = []
        for c in (0, 1):
            weights = ref(torch.tensor(c))
            deltas = list(steps[c].upload["delta"].split([w.numel() for w in weights.values()]))
            grads.append(torch.autograd.grad(list(weights.values()), list(ref.parameters()), grad_outputs=[d.view(w.shape) for d, w in zip(deltas, weights.values())]))
        if server_update == "mean":
            grads = [[(a + b) / 2 for a, b in zip(*grads)]]
        for g in grads:
            for p, gi in zip(ref.parameters(), g):
                p.grad = gi.clone()
            torch.nn.utils.clip_grad_norm_(ref.parameters(), 50)
            opt.step()
        eng.server_step(run, steps)
        torch.testing.assert_close(run.server["hnet"], ref.flat(), rtol=1e-5, atol=1e-7)
    assert not torch.equal(run.server["hnet"], h0)
    # the embedding rows moved by their own learning rate: every row decays (weight decay), so all changed
    emb = eng.algorithm.layout.unflatten(run.server["hnet"])["embeddings"]
    assert not torch.equal(emb, eng.algorithm.layout.unflatten(h0)["embeddings"])


def test_inner_loop_against_plain_torch_sgd_with_clipping():
    """inner_steps = 3 over 6 samples in batches of 4: two batches of epoch 1, one of epoch 2;
    SGD (lr, momentum 0.9, weight decay) with every gradient clipped to norm 0.05 first."""
    eng = make({"clip": 0.05, "inner_wd": 0.01})
    run = eng.new_state()
    theta = eng.message(run, 0, eng.server_context(1, "train", [0, 1]))["theta"]
    step = eng.client_step(0, 1, {"theta": theta}, run.server_buffers)
    assert step.samples == 4 + 2 + 4

    m = fresh_model()
    with torch.no_grad():
        for p, v in zip(m.parameters(), theta.split([p.numel() for p in m.parameters()])):
            p.copy_(v.view(p.shape))
    opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9, weight_decay=0.01)
    x, y = torch.tensor(XS[0]), torch.tensor(YS[0])
    gen = torch_generator(0, "pfedhn-inner", 1, 0)
    batches = []
    for _ in range(2):
        order = torch.randperm(6, generator=gen)
        batches += [order[:4], order[4:]]
    clipped = 0
    for idx in batches[:3]:
        opt.zero_grad()
        torch.nn.functional.cross_entropy(m(x[idx]), y[idx]).backward()
        clipped += float(torch.nn.utils.clip_grad_norm_(m.parameters(), 0.05)) > 0.05
        opt.step()
    assert clipped == 3  # the clip is exercised
    trained = torch.cat([p.detach().reshape(-1) for p in m.parameters()])
    torch.testing.assert_close(step.upload["delta"], theta - trained)


def test_clip_grad_is_torchs_rule():
    g = torch.tensor([3.0, 4.0])
    assert torch.equal(clip_grad(g.clone(), 10.0), g)
    torch.testing.assert_close(clip_grad(g.clone(), 1.0), g * (1.0 / (5.0 + 1e-6)))
    p = nn.Parameter(torch.zeros(2))
    p.grad = g.clone()
    torch.nn.utils.clip_grad_norm_([p], 1.0)
    torch.testing.assert_close(clip_grad(g.clone(), 1.0), p.grad)


def test_generated_weights_differ_per_client_and_are_evaluated():
    eng = make(rounds=1)
    run = eng.run()
    sctx = eng.server_context(1, "evaluate", [0, 1])
    t0, t1 = (eng.message(run, c, sctx)["theta"] for c in (0, 1))
    assert t0.shape == eng.init_params.shape and not torch.equal(t0, t1)
    # the run's recorded accuracy is that of the generated weights
    ev = [eng.algorithm.evaluate(eng.context(c, 1), eng.message(run, c, sctx), {}) for c in (0, 1)]
    eng.ws.load(t0)
    assert ev[0].correct == eng.ws.evaluate(torch.tensor(XS[0]), torch.tensor(YS[0])).correct
    assert run.history[-1]["acc_mean"] == pytest.approx((ev[0].accuracy + ev[1].accuracy) / 2)
    # the hypernetwork's default size: embedding int(1 + N/4), hidden 100, 3 hidden layers
    layout = tiny_engine(PFedHN, {}, mlp_ws(), tiny_clients(XS, YS)).algorithm.layout
    d = eng.init_params.numel()
    assert layout.size == 2 * 1 + (1 * 100 + 100) + 3 * (100 * 100 + 100) + (100 * d + d)


def test_checkpointed_run_resumes_bit_exactly(tmp_path):
    from copfl.experiment import Checkpoint, RunConfig, build_engine, build_federation

    assert ALGORITHMS["pfedhn"] is PFedHN
    cfg = RunConfig(algorithm="pfedhn", dataset="digits", clients=4, rounds=3, seed=0, threads=1,
                    options={"hidden": 8, "inner_steps": 4}).resolved()  # fmt: skip
    fed = build_federation(cfg)
    full = build_engine(cfg, fed).run()
    eng = build_engine(cfg, fed)
    half = eng.new_state()
    eng.run_round(half)
    Checkpoint(half, eng.store.state_dict(), eng.server_store.state_dict()).save(tmp_path / "c.pt")
    ck = Checkpoint.load(tmp_path / "c.pt")
    resumed = build_engine(cfg, fed)
    ck.restore(resumed)
    state = resumed.run(state=ck.state)
    assert state.history == full.history
    assert torch.equal(state.server["hnet"], full.server["hnet"]) and torch.equal(state.server["momentum"], full.server["momentum"])
    # the same seed initialises the same hypernetwork; another seed another one
    assert torch.equal(build_engine(cfg, fed).new_state().server["hnet"], eng.new_state().server["hnet"])
    other = RunConfig(algorithm="pfedhn", dataset="digits", clients=4, rounds=3, seed=1, threads=1, options={"hidden": 8}).resolved()
    assert not torch.equal(build_engine(other, build_federation(other)).new_state().server["hnet"], eng.new_state().server["hnet"])


def test_bad_options_fail_naming_the_value():
    with pytest.raises(ValueError, match="embed_dim must be >= 1 or -1 \\(auto\\), got 0"):
        PFedHNConfig(embed_dim=0)
    with pytest.raises(ValueError, match="inner_lr must be > 0, got 0"):
        PFedHNConfig(inner_lr=0)
    with pytest.raises(ValueError, match="server_update must be one of sequential, mean, got 'sum'"):
        PFedHNConfig(server_update="sum")
    with pytest.raises(ValueError, match="clip must be >= 0, got -1"):
        PFedHNConfig(clip=-1)


def test_upload_reference_is_zero_because_delta_is_the_update():
    eng = make()
    ref = eng.algorithm.upload_parts({"theta": torch.ones(4)}, {}, {"delta": torch.ones(4)}).references()
    assert torch.equal(ref["delta"], torch.zeros(4))
