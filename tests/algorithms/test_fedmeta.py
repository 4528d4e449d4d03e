"""FedMeta (copfl.algorithms.fedmeta): the inner step and the exact second-order meta-gradient
against plain torch autograd unrolled through the inner step, first order = second order plus
exactly alpha H^T g, alpha = 0 gives the query gradient, FedMeta with a zero inner step and
query=support is FedAvg bit for bit (and with the 80/20 split plain SGD on query batches),
one meta-step per round is Algorithm 1's server step, the 80/20 split, the adaptation reads
support data only, determinism, DP-SGD's accounting and the option checks."""

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from copfl.algorithms.fedavg import FedAvg
from copfl.algorithms.fedmeta import FedMeta, FedMetaConfig, jacobian_transpose_product, meta_gradient, support_gradient_graph
from copfl.algorithms.per_fedavg import gradient
from copfl.data.clients import ClientData, holdout_split
from copfl.core.models import MLP
from copfl.extensions.privacy import DPConfig
from copfl.seeding import torch_generator

from helpers import linear_workspace, mlp_ws, tiny_clients, tiny_engine

W0, B0 = [[0.3, -0.2], [0.1, 0.4]], [0.05, -0.1]
_RNG = np.random.default_rng(3)
X10 = _RNG.normal(size=(10, 2)).round(3).tolist()
Y10 = [0, 1, 1, 0, 1, 0, 0, 1, 1, 0]
X8 = _RNG.normal(size=(8, 2)).round(3).tolist()
Y8 = [1, 0, 0, 1, 1, 1, 0, 0]
X20 = _RNG.normal(size=(20, 2)).round(3).tolist()
Y20 = (_RNG.random(20) < 0.5).astype(int).tolist()


def linear_loss(t, x, y):
    """Plain torch: mean cross-entropy of the linear model theta = [W (2x2, row-major), b]."""
    return F.cross_entropy(x @ t[:4].view(2, 2).T + t[4:], y)


def mlp_loss(t, x, y):
    """Plain torch: the 2-3-2 ReLU MLP theta = [W1 (3x2), b1, W2 (2x3), b2] (MLP's layout)."""
    h = torch.relu(x @ t[:6].view(3, 2).T + t[6:9])
    return F.cross_entropy(h @ t[9:15].view(2, 3).T + t[15:17], y)


def unrolled_maml(loss, w, xs, ys, xq, yq, alpha):
    """Plain torch, MAML written out: theta' = w - alpha grad L_S(w) with its graph, then the
    gradient of L_Q(theta') with respect to w through the inner step; and L_Q(theta')."""
    t = w.detach().clone().requires_grad_(True)
    (gs,) = torch.autograd.grad(loss(t, xs, ys), t, create_graph=True)
    lq = loss(t - alpha * gs, xq, yq)
    (g,) = torch.autograd.grad(lq, t)
    return g, float(lq.detach())


def batches_of(n, batch_size, gen):
    """Index sets of one seeded pass over n samples (Workspace.batches' order)."""
    order = torch.randperm(n, generator=gen)
    return [order[s : s + batch_size] for s in range(0, n, batch_size)]


def split10(seed=0, client=0, n=10):
    """A client's support / query sample indices (80/20 of n) as holdout_split cuts them."""
    x = torch.zeros(n, 1)
    s, q = holdout_split(ClientData(x, torch.arange(n), x, torch.arange(n)), 0.2, seed, client)
    return s.y_train, q.y_train


def ctx_of(eng, client=0, round=1):
    return eng.context(client, round)


# ------------------------------------------------------------------------- the split
def test_support_and_query_are_a_disjoint_80_20_cut_fixed_for_the_run():
    eng = tiny_engine(FedMeta, {}, linear_workspace(W0, B0), tiny_clients([X10, X8], [Y10, Y8]))
    x = torch.tensor(X10)
    for client, n in ((0, 10), (1, 8)):
        s1, q1 = eng.algorithm.split(ctx_of(eng, client, 1))
        s3, q3 = eng.algorithm.split(ctx_of(eng, client, 3))
        assert (s1.num_train, q1.num_train) == (n - round(0.2 * n), round(0.2 * n))
        assert torch.equal(s1.x_train, s3.x_train) and torch.equal(q1.x_train, q3.x_train)  # fixed across rounds
    s, q = eng.algorithm.split(ctx_of(eng, 0))
    si, qi = split10()
    assert set(si.tolist()).isdisjoint(qi.tolist()) and sorted(si.tolist() + qi.tolist()) == list(range(10))
    assert torch.equal(s.x_train, x[si]) and torch.equal(q.x_train, x[qi])
    # query=support: no split, both are the whole training set
    eng2 = tiny_engine(FedMeta, {"query": "support"}, linear_workspace(W0, B0), tiny_clients([X10], [Y10]))
    s, q = eng2.algorithm.split(ctx_of(eng2))
    assert s.num_train == q.num_train == 10


# ------------------------------------------------------------------------- the equations
@pytest.mark.parametrize("model", ["linear", "mlp"])
def test_second_order_meta_gradient_against_unrolled_autograd(model):
    """meta_gradient(order=2) = grad_w L_Q(w - alpha grad L_S(w)) computed by plain torch
    autograd through the inner step (create_graph). Both are float32 autograd of the same
    function by different routes (double backward through functional_call vs unrolled):
    agreement to 1e-6 relative."""
    alpha = 0.7
    ws, loss = (linear_workspace(W0, B0), linear_loss) if model == "linear" else (mlp_ws(1), mlp_loss)
    w = ws.params.clone()
    x, y = torch.tensor(X10), torch.tensor(Y10)
    (xs, ys), (xq, yq) = (x[:6], y[:6]), (x[6:], y[6:])
    got, lq = meta_gradient(ws, w, (xs, ys), (xq, yq), alpha, order=2)
    ref, ref_lq = unrolled_maml(loss, w, xs, ys, xq, yq, alpha)
    torch.testing.assert_close(got, ref, rtol=1e-6, atol=1e-7)
    assert float(lq) == pytest.approx(ref_lq, rel=1e-6)
    # the inner step itself: theta' = w - alpha grad L_S(w)
    t = w.clone().requires_grad_(True)
    (gs,) = torch.autograd.grad(loss(t, xs, ys), t)
    leaf, g_graph, _ = support_gradient_graph(ws, w, xs, ys)
    torch.testing.assert_close(g_graph.detach(), gs, rtol=1e-6, atol=1e-8)
    assert float(lq) == pytest.approx(float(loss(w - alpha * gs, xq, yq)), rel=1e-6)
    # and the second-order term is not negligible here (so the test could fail)
    fo, _ = meta_gradient(ws, w, (xs, ys), (xq, yq), alpha, order=1)
    assert float((got - fo).abs().max()) > 1e-3


@pytest.mark.parametrize("model", ["linear", "mlp"])
def test_first_order_drops_exactly_the_hessian_term(model):
    """order 1 returns g = grad L_Q(theta') (bit for bit the workspace's gradient there); order 2
    returns g - alpha H_S(w)^T g, with H_S the full Hessian of L_S at w from
    torch.autograd.functional.hessian (a matrix, independent of copfl's double backward)."""
    alpha = 0.7
    ws, loss = (linear_workspace(W0, B0), linear_loss) if model == "linear" else (mlp_ws(1), mlp_loss)
    w = ws.params.clone()
    x, y = torch.tensor(X10), torch.tensor(Y10)
    (xs, ys), (xq, yq) = (x[:6], y[:6]), (x[6:], y[6:])
    fo, _ = meta_gradient(ws, w, (xs, ys), (xq, yq), alpha, order=1)
    so, _ = meta_gradient(ws, w, (xs, ys), (xq, yq), alpha, order=2)
    gs, _ = gradient(ws, w, xs, ys)
    g, _ = gradient(ws, w - alpha * gs, xq, yq)
    assert torch.equal(fo, g)
    H = torch.autograd.functional.hessian(lambda t: loss(t, xs, ys), w.clone())
    torch.testing.assert_close(so, fo - alpha * (H.T @ fo), rtol=1e-5, atol=1e-7)
    # the product alone, through the support gradient's graph
    leaf, g_graph, _ = support_gradient_graph(ws, w, xs, ys)
    torch.testing.assert_close(jacobian_transpose_product(leaf, g_graph, fo), H.T @ fo, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("order", [1, 2])
def test_zero_inner_step_meta_gradient_is_the_query_gradient(order):
    """alpha = 0: theta' = w and the Hessian term is multiplied by 0, so the meta-gradient is
    the query batch's gradient at w, bit for bit."""
    ws = mlp_ws(1)
    w = ws.params.clone()
    x, y = torch.tensor(X10), torch.tensor(Y10)
    got, lq = meta_gradient(ws, w, (x[:6], y[:6]), (x[6:], y[6:]), 0.0, order=order)
    ref, ref_loss = gradient(ws, w, x[6:], y[6:])
    assert torch.equal(got, ref) and torch.equal(lq, ref_loss)


# ------------------------------------------------------------------------- a round
@pytest.mark.parametrize("order", [1, 2])
def test_one_round_against_plain_torch(order):
    """20 samples -> support 16 / query 4, batch 3, one local epoch: 6 meta-steps (support
    batches 3,3,3,3,3,1 of the seeded pass), each paired with the next query batch of the
    seeded cyclic query stream (3,1 per pass: 3 passes); SGD with lr beta; the reported loss
    is the query loss at theta', weighted by query batch size."""
    alpha, beta = 0.5, 0.3
    eng = tiny_engine(FedMeta, {"inner_lr": alpha, "order": order}, mlp_ws(1), tiny_clients([X20], [Y20]), lr=beta, batch_size=3)
    w = eng.init_params.clone()
    run = eng.run()
    x, y = torch.tensor(X20), torch.tensor(Y20)
    si, qi = split10(n=20)
    sb = batches_of(16, 3, torch_generator(0, "local", 1, 0))
    qgen = torch_generator(0, "fedmeta-query", 1, 0)
    qb = batches_of(4, 3, qgen) + batches_of(4, 3, qgen) + batches_of(4, 3, qgen)
    assert len(sb) == len(qb) == 6
    losses = []
    for s, q in zip(sb, qb):
        if order == 2:
            g, lq = unrolled_maml(mlp_loss, w, x[si[s]], y[si[s]], x[qi[q]], y[qi[q]], alpha)
        else:
            t = w.clone().requires_grad_(True)
            (gs,) = torch.autograd.grad(mlp_loss(t, x[si[s]], y[si[s]]), t)
            t2 = (w - alpha * gs).requires_grad_(True)
            lq_t = mlp_loss(t2, x[qi[q]], y[qi[q]])
            (g,) = torch.autograd.grad(lq_t, t2)
            lq = float(lq_t.detach())
        losses.append(lq * len(q))
        w = w - beta * g
    torch.testing.assert_close(run.server["params"], w, rtol=1e-5, atol=1e-6)
    assert run.history[0]["train_loss"] == pytest.approx(sum(losses) / 12, rel=1e-5)  # 3+1+3+1+3+1 query samples


@pytest.mark.parametrize("order", [1, 2])
def test_zero_inner_step_with_query_support_is_fedavg_bit_for_bit(order):
    """The equivalence that holds exactly: inner_lr = 0 and query = support (no split; each
    query batch is its support batch) make every meta-step FedAvg's SGD step on the same batch
    (same generator, same gradient code, same optimizer), so three rounds of two clients with
    two local epochs and momentum equal FedAvg's, bit for bit (server model and losses)."""
    kw = dict(rounds=3, lr=0.3, batch_size=4, epochs=2, momentum=0.5)
    data = tiny_clients([X10, X8], [Y10, Y8])
    fm = tiny_engine(FedMeta, {"inner_lr": 0.0, "order": order, "query": "support"}, mlp_ws(1), data, **kw).run()
    fa = tiny_engine(FedAvg, {}, mlp_ws(1), data, **kw).run()
    assert torch.equal(fm.server["params"], fa.server["params"])
    assert [h["train_loss"] for h in fm.history] == [h["train_loss"] for h in fa.history]


def test_zero_inner_step_with_the_split_is_sgd_on_query_batches():
    """With the 80/20 split and inner_lr = 0 no FedAvg matches: each meta-step is a plain SGD
    step on the next QUERY batch of the cyclic stream, as many steps as support batches
    (16 samples, batch 3: 6 per epoch, 2 epochs; query 4: batches of 3 and 1): a plain torch
    loop over those batches, bit for bit."""
    beta = 0.3
    eng = tiny_engine(FedMeta, {"inner_lr": 0.0}, mlp_ws(1), tiny_clients([X20], [Y20]), lr=beta, batch_size=3, epochs=2)
    run = eng.run()
    m = MLP(2, 2, hidden=(3,))
    m.load_state_dict(mlp_ws(1).model.state_dict())
    opt = torch.optim.SGD(m.parameters(), lr=beta)
    x, y = torch.tensor(X20), torch.tensor(Y20)
    _, qi = split10(n=20)
    qgen = torch_generator(0, "fedmeta-query", 1, 0)
    for q in sum((batches_of(4, 3, qgen) for _ in range(6)), []):
        opt.zero_grad()
        F.cross_entropy(m(x[qi[q]]), y[qi[q]]).backward()
        opt.step()
    assert torch.equal(run.server["params"], torch.cat([p.detach().reshape(-1) for p in m.parameters()]))


def test_one_meta_step_per_round_is_algorithm_1s_server_step():
    """meta_steps = 1 (FedMeta's Algorithm 1): the new server model is
    theta - beta sum_u (n_u / N) g_u, g_u each client's meta-gradient at theta (10 and 8
    samples)."""
    alpha, beta = 0.5, 0.3
    data = tiny_clients([X10, X8], [Y10, Y8])
    eng = tiny_engine(FedMeta, {"inner_lr": alpha, "meta_steps": 1}, mlp_ws(1), data, lr=beta, batch_size=4)
    w = eng.init_params.clone()
    run = eng.run()
    gs = []
    for c, (xc, yc) in enumerate(((X10, Y10), (X8, Y8))):
        x, y = torch.tensor(xc), torch.tensor(yc)
        n = len(yc)
        idx = ClientData(torch.arange(n).float()[:, None], torch.arange(n), x, y)
        s, q = holdout_split(idx, 0.2, 0, c)
        si, qi = s.y_train, q.y_train
        sb = batches_of(len(si), 4, torch_generator(0, "local", 1, c))[0]
        qb = batches_of(len(qi), 4, torch_generator(0, "fedmeta-query", 1, c))[0]
        gs.append(unrolled_maml(mlp_loss, w, x[si[sb]], y[si[sb]], x[qi[qb]], y[qi[qb]], alpha)[0])
    expected = w - beta * (10 / 18 * gs[0] + 8 / 18 * gs[1])
    torch.testing.assert_close(run.server["params"], expected, rtol=1e-5, atol=1e-6)
    assert run.history[0]["train_loss"] > 0


def test_inner_lr_none_is_the_runs_lr():
    a = tiny_engine(FedMeta, {}, mlp_ws(1), tiny_clients([X10], [Y10]), lr=0.3, batch_size=4).run()
    b = tiny_engine(FedMeta, {"inner_lr": 0.3}, mlp_ws(1), tiny_clients([X10], [Y10]), lr=0.3, batch_size=4).run()
    assert torch.equal(a.server["params"], b.server["params"]) and a.history == b.history
    assert FedMeta.run_defaults == {"optimizer": "sgd", "lr": 0.01, "momentum": 0.0}
    assert FedMetaConfig().order == 2 and FedMetaConfig().query_fraction == 0.2


# ------------------------------------------------------------------------- evaluation
def poisoned(xs, ys):
    """Clients whose test features are NaN: any use of them before the final forward makes
    the adapted model NaN."""
    return [ClientData(c.x_train, c.y_train, torch.full_like(c.x_test, float("nan")), c.y_test) for c in tiny_clients(xs, ys)]


@pytest.mark.parametrize("adapt, steps", [("batch", 1), ("batch", 3), ("full", 1), ("full", 2)])
def test_adaptation_reads_the_support_set_only(adapt, steps):
    """The personalized model: ``steps`` inner steps of size alpha from the received model, on
    the next support batches of a seeded cyclic stream ("batch", batch 4: the 3rd step starts
    a new pass over the 8 support samples) or on the whole support set ("full"), never on query
    or test data (test features are NaN here)."""
    alpha = 0.5
    eng = tiny_engine(FedMeta, {"inner_lr": alpha, "adapt": adapt, "adapt_steps": steps}, mlp_ws(1), poisoned([X10], [Y10]), batch_size=4)
    w = eng.init_params.clone()
    got = eng.algorithm.personalized(ctx_of(eng, 0, 3), {"params": w}, {})
    assert torch.isfinite(got).all()
    x, y = torch.tensor(X10), torch.tensor(Y10)
    si, _ = split10()
    gen = torch_generator(0, "fedmeta-adapt", 3, 0)
    stream = batches_of(8, 4, gen) + batches_of(8, 4, gen)
    ref = w.clone()
    for k in range(steps):
        idx = si[stream[k]] if adapt == "batch" else si
        t = ref.clone().requires_grad_(True)
        (g,) = torch.autograd.grad(mlp_loss(t, x[idx], y[idx]), t)
        ref = ref - alpha * g
    torch.testing.assert_close(got, ref, rtol=1e-5, atol=1e-7)


def test_evaluate_is_the_adapted_model_on_test_data_only_at_the_end():
    """evaluate = the model adapted from poisoned-test clients (so adaptation never used test
    features), then tested on the real test data; adapt_steps = 0 evaluates the meta-model."""
    eng = tiny_engine(FedMeta, {"inner_lr": 0.5}, mlp_ws(1), tiny_clients([X10], [Y10]), batch_size=4)
    bad = tiny_engine(FedMeta, {"inner_lr": 0.5}, mlp_ws(1), poisoned([X10], [Y10]), batch_size=4)
    msg = {"params": eng.init_params.clone()}
    theta = bad.algorithm.personalized(ctx_of(bad, 0, 2), msg, {})
    ev = eng.algorithm.evaluate(ctx_of(eng, 0, 2), msg, {})
    ws = mlp_ws(1)
    ws.load(theta)
    ref = ws.evaluate(torch.tensor(X10), torch.tensor(Y10))
    assert (ev.correct, ev.loss_sum) == (ref.correct, ref.loss_sum)
    zero = tiny_engine(FedMeta, {"adapt_steps": 0}, mlp_ws(1), tiny_clients([X10], [Y10]))
    assert zero.algorithm.personalized(ctx_of(zero), msg, {}) is msg["params"]


# ------------------------------------------------------------------------- runs
def test_deterministic_from_the_seed():
    def run(seed):
        return tiny_engine(FedMeta, {"inner_lr": 0.2}, mlp_ws(1), tiny_clients([X10, X8], [Y10, Y8]), rounds=2, lr=0.3, batch_size=4, seed=seed).run()

    a, b, c = run(0), run(0), run(1)
    assert torch.equal(a.server["params"], b.server["params"]) and a.history == b.history
    assert not torch.equal(a.server["params"], c.server["params"])


def test_dp_sgd_accounts_support_and_query_steps_at_their_own_rates():
    """order 1 under DP-SGD: per meta-step one noisy support step (rate 4/8) and one noisy
    query step (rate 2/2 = 1, batch 4 > 2 query samples): 2 of each per epoch. order 2 is refused."""
    dp = DPConfig(noise=1.0, clip=1.0)
    run = tiny_engine(FedMeta, {"order": 1}, mlp_ws(1), tiny_clients([X10], [Y10]), batch_size=4, dp=dp).run()
    assert run.spent[0] == [[1.0, 0.5, 2], [1.0, 1.0, 2]]
    with pytest.raises(ValueError, match="order=2 cannot run under DP-SGD"):
        tiny_engine(FedMeta, {}, mlp_ws(1), tiny_clients([X10], [Y10]), batch_size=4, dp=dp).run()


@pytest.mark.parametrize(
    "opts, words",
    [({"inner_lr": -0.1}, "inner_lr (alpha) must be >= 0 or None (the run's lr), got -0.1"),
     ({"order": 3}, "order must be 1 (first-order) or 2 (second-order), got 3"),
     ({"query_fraction": 1.0}, "query_fraction must be in (0, 1), got 1.0"),
     ({"query": "test"}, "query must be one of holdout, support, got 'test'"),
     ({"meta_steps": -1}, "meta_steps must be >= 0"),
     ({"adapt_steps": -2}, "adapt_steps must be >= 0, got -2"),
     ({"adapt": "test"}, "adapt must be one of batch, full, got 'test'"),
     ({"weighting": "size"}, "unknown weighting 'size'")],
)  # fmt: skip
def test_bad_options_fail_naming_the_value(opts, words):
    with pytest.raises(ValueError) as e:
        FedMetaConfig(**opts)
    assert words in str(e.value)


def test_a_batch_norm_model_refuses_a_one_sample_query_set():
    """Batch norm skips batches of one sample, so a 1-sample query set could never give a
    batch: a clear error instead of an endless stream (5 samples -> query of 1)."""
    from copfl.core.workspace import Workspace

    torch.manual_seed(0)
    ws = Workspace(torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.BatchNorm1d(3), torch.nn.Linear(3, 2)))
    eng = tiny_engine(FedMeta, {}, ws, tiny_clients([X10[:5]], [Y10[:5]]), batch_size=4)
    with pytest.raises(ValueError, match="client 0 has a query set of 1 sample"):
        eng.run()


def test_training_flops_count_the_support_passes_and_the_second_order_backward():
    from copfl.algorithms.fedavg import FedAvg
    from copfl.algorithms.fedmeta import FedMeta

    from helpers import engine

    per_sample = 72  # the 2-3-2 MLP: 12 MACs, x 2 FLOPs x 3 (forward + backward)
    base = engine(FedAvg).run().history[0]["train_flops"]
    assert base == 10 * per_sample
    flops = {order: engine(FedMeta, {"order": order}).run().history[0]["train_flops"] for order in (1, 2)}
    # clients of 6 and 4 samples: support 5 and 3, query 1 and 1; batches of 4: meta-steps on
    # support batches of 4, 1 and 3, each with a query batch of 1 sample (3 query samples)
    assert flops[1] == (3 + 8) * per_sample  # + one forward + backward per support sample
    # + the Hessian-vector product: about two more passes (its double backward; test_flops.py
    # checks the 3 against torch's FlopCounterMode)
    assert flops[2] == (3 + 3 * 8) * per_sample
