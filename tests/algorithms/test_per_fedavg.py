"""Per-FedAvg (copfl.algorithms.per_fedavg): one FO and one HF meta-step against plain torch
autograd, the finite-difference Hessian-vector product against double backward, alpha = 0 is
plain SGD with lr beta, and the evaluation's adaptation never reads test data."""

import pytest
import torch
import torch.nn.functional as F

from copfl.algorithms.per_fedavg import PerFedAvg, PerFedAvgConfig, hessian_vector_product
from copfl.data.clients import ClientData
from copfl.core.models import MLP
from copfl.seeding import torch_generator
from copfl.core.workspace import Workspace

from helpers import linear_workspace, tiny_clients, tiny_engine

W0, B0 = [[0.3, -0.2], [0.1, 0.4]], [0.05, -0.1]
X = [[1.0, 0.5], [-0.5, 1.0], [0.2, -1.0], [1.5, 0.3], [0.7, 0.7], [-1.2, 0.1]]
Y = [0, 1, 1, 0, 0, 1]


def loss_at(t, x, y):
    """Plain torch: mean cross-entropy of the linear model theta = [W (2x2, row-major), b]."""
    return F.cross_entropy(x @ t[:4].view(2, 2).T + t[4:], y)


def grad_at(t, x, y, create_graph=False):
    t = t if t.requires_grad else t.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(loss_at(t, x, y), t, create_graph=create_graph)
    return g


def stream(n, batch_size, epochs, seed=0, purpose="local", round=1, client=0):
    """The batches' index sets, in the order the client draws them (the run's epochs)."""
    gen = torch_generator(seed, purpose, round, client)
    out = []
    for _ in range(epochs):
        order = torch.randperm(n, generator=gen)
        out += [order[s : s + batch_size] for s in range(0, n, batch_size)]
    return out


def test_one_fo_meta_step_against_autograd():
    """6 samples, batch 3, one epoch: batches D, D' and one meta-step
    w' = w - beta grad f(w - alpha grad f(w; D); D')."""
    alpha, beta = 0.4, 0.3
    eng = tiny_engine(PerFedAvg, {"inner_lr": alpha}, linear_workspace(W0, B0), tiny_clients([X], [Y]), lr=beta, batch_size=3)
    w = eng.init_params.clone()
    run = eng.run()
    x, y = torch.tensor(X), torch.tensor(Y)
    d1, d2 = stream(6, 3, 1)
    temp = w - alpha * grad_at(w, x[d1], y[d1])
    expected = w - beta * grad_at(temp, x[d2], y[d2])
    torch.testing.assert_close(run.server["params"], expected)
    assert run.history[0]["train_loss"] == pytest.approx(float(loss_at(temp, x[d2], y[d2])))


def test_one_hf_meta_step_against_double_backward():
    """6 samples, batch 2: D, D', D'' and one meta-step
    w' = w - beta (I - alpha H(w; D'')) g, g = grad f(temp; D'), H g by exact double backward.
    copfl's H g is a central difference in float32 with d = 1e-3 along g/|g|: its error is
    ~ eps |grad| / d ~ 1e-7 / 1e-3 = 1e-4 relative to |g| (truncation d^2 f''' is ~1e-6),
    then multiplied by alpha beta = 0.12: atol 1e-5 on w'. The Hessian term itself moves w'
    by ~1e-2 (checked: HF differs from FO far beyond the tolerance)."""
    alpha, beta = 0.4, 0.3
    runs = {}
    for variant in ("fo", "hf"):
        eng = tiny_engine(PerFedAvg, {"inner_lr": alpha, "variant": variant}, linear_workspace(W0, B0), tiny_clients([X], [Y]), lr=beta, batch_size=2)
        runs[variant] = eng.run().server["params"]
    w = eng.init_params.clone()
    x, y = torch.tensor(X), torch.tensor(Y)
    d1, d2, d3 = stream(6, 2, 1)
    temp = w - alpha * grad_at(w, x[d1], y[d1])
    g = grad_at(temp, x[d2], y[d2])
    wr = w.clone().requires_grad_(True)
    (hg,) = torch.autograd.grad(grad_at(wr, x[d3], y[d3], create_graph=True), wr, grad_outputs=g)
    expected = w - beta * (g - alpha * hg)
    torch.testing.assert_close(runs["hf"], expected, atol=1e-5, rtol=0)
    assert float((runs["hf"] - runs["fo"]).abs().max()) > 1e-3
    torch.testing.assert_close(runs["fo"], w - beta * g)


def test_hessian_vector_product_matches_double_backward():
    """The finite difference alone, on a 2-3-2 MLP (float32), against double backward through
    the same module (torch.func.functional_call on the flat vector). Errors, relative to |v|:
    rounding ~ eps |grad| / d ~ 1e-7 / 1e-3 = 1e-4, truncation O(d^2) ~ 1e-6 (ReLU's third
    derivative is zero off its kinks), so atol 1e-3 |v|_inf; a wrong sign or scale (e.g.
    H v / |v|) misses that by orders of magnitude."""
    torch.manual_seed(0)
    ws = Workspace(MLP(2, 2, hidden=(3,)))
    x, y = torch.tensor(X), torch.tensor(Y)
    w = ws.params.clone()
    v = torch.randn(w.shape, generator=torch.Generator().manual_seed(1))
    got = hessian_vector_product(ws, w, v, x, y, 1e-3)

    def f(t):
        params = {s.name: t[s.offset : s.end].view(s.shape) for s in ws.flat.slices}
        return F.cross_entropy(torch.func.functional_call(ws.model, params, (x,)), y)

    wr = w.clone().requires_grad_(True)
    (g,) = torch.autograd.grad(f(wr), wr, create_graph=True)
    (hv,) = torch.autograd.grad(g, wr, grad_outputs=v)
    assert float(hv.abs().max()) > 0.1  # a non-trivial product
    torch.testing.assert_close(got, hv, rtol=0, atol=1e-3 * float(v.abs().max()))
    assert torch.equal(hessian_vector_product(ws, w, torch.zeros_like(w), x, y, 1e-3), torch.zeros_like(w))


def test_alpha_zero_is_plain_sgd_with_lr_beta_on_every_second_batch():
    """alpha = 0: temp = w exactly, so each meta-step is an SGD step with lr beta on D'.
    FO consumes the batch stream two at a time (across epoch boundaries), so this is NOT
    FedAvg (which steps on every batch) but a plain torch SGD loop over batches 2, 4, 6, ...:
    bit for bit. 6 samples, batch 2, 3 epochs: 9 batches, 4 meta-steps (the 9th is dropped)."""
    beta = 0.3
    eng = tiny_engine(PerFedAvg, {"inner_lr": 0.0}, linear_workspace(W0, B0), tiny_clients([X], [Y]), lr=beta, batch_size=2, epochs=3)
    run = eng.run()
    m = MLP(2, 2, hidden=())
    m.load_state_dict(linear_workspace(W0, B0).model.state_dict())
    opt = torch.optim.SGD(m.parameters(), lr=beta)
    x, y = torch.tensor(X), torch.tensor(Y)
    batches = stream(6, 2, 3)
    assert len(batches) == 9
    for idx in batches[1::2][:4]:
        opt.zero_grad()
        F.cross_entropy(m(x[idx]), y[idx]).backward()
        opt.step()
    expected = torch.cat([p.detach().reshape(-1) for p in m.parameters()])
    assert torch.equal(run.server["params"], expected)
    # and alpha = 0 evaluates the global model itself, as FedAvg does
    msg = {"params": run.server["params"]}
    assert eng.algorithm.personalized(eng.context(0, 1), msg, {}) is msg["params"]


@pytest.mark.parametrize("adapt", ["batch", "full"])
def test_adaptation_reads_training_data_only(adapt):
    """The personalized model is w - alpha grad f(w; training data): one seeded training batch
    ("batch") or the whole training set ("full"). The client's test features are NaN here:
    any use of them in the adaptation would make the model NaN and this test fail."""
    alpha = 0.5
    clients = tiny_clients([X], [Y])
    poisoned = [ClientData(c.x_train, c.y_train, torch.full_like(c.x_test, float("nan")), c.y_test) for c in clients]
    eng = tiny_engine(PerFedAvg, {"inner_lr": alpha, "adapt": adapt}, linear_workspace(W0, B0), poisoned, batch_size=4)
    w = eng.init_params.clone()
    got = eng.algorithm.personalized(eng.context(0, 3), {"params": w}, {})
    x, y = torch.tensor(X), torch.tensor(Y)
    idx = stream(6, 4, 1, purpose="per-fedavg-adapt", round=3)[0] if adapt == "batch" else torch.arange(6)
    assert torch.isfinite(got).all()
    torch.testing.assert_close(got, w - alpha * grad_at(w, x[idx], y[idx]))


def test_evaluate_is_the_adapted_model_on_test_data():
    eng = tiny_engine(PerFedAvg, {"inner_lr": 0.5}, linear_workspace(W0, B0), tiny_clients([X], [Y]), lr=0.1, batch_size=2)
    run = eng.run()
    ctx = eng.context(0, 1)
    msg = {"params": run.server["params"]}
    theta = eng.algorithm.personalized(ctx, msg, {})
    ev = eng.algorithm.evaluate(eng.context(0, 1), msg, {})
    ws = linear_workspace(W0, B0)
    ws.load(theta)
    ref = ws.evaluate(torch.tensor(X), torch.tensor(Y))
    assert (ev.correct, ev.loss_sum) == (ref.correct, ref.loss_sum)
    assert run.history[-1]["acc_mean"] == ref.accuracy


@pytest.mark.parametrize(
    "opts, words",
    [({"inner_lr": -0.1}, "inner_lr (alpha) must be >= 0, got -0.1"), ({"variant": "so"}, "variant must be one of fo, hf, got 'so'"),
     ({"hvp_delta": 0.0}, "hvp_delta must be > 0, got 0.0"), ({"adapt": "test"}, "adapt must be one of batch, full, got 'test'"),
     ({"weighting": "size"}, "unknown weighting 'size'")],
)
def test_bad_options_fail_naming_the_value(opts, words):
    with pytest.raises(ValueError) as e:
        PerFedAvgConfig(**opts)
    assert words in str(e.value)
