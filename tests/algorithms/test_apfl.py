"""APFL (copfl.algorithms.apfl): its equations by hand, a local round against plain torch
autograd, and the oracle: alpha fixed at 0 is FedAvg bit for bit."""

import pytest
import torch
import torch.nn.functional as F
from torch.func import functional_call

from copfl.algorithms.apfl import APFL, EXTRA_FLOPS_PER_COORDINATE, alpha_gradient, alpha_step, mix, personal_gradient
from copfl.algorithms.fedavg import FedAvg
from copfl.extensions.privacy import DPConfig
from copfl.seeding import torch_generator

from helpers import XS, YS, engine, flat_of, fresh_model, mlp_ws, run_cfg, small, tiny_clients, tiny_engine


# ------------------------------------------------------------------------- the equations by hand
def test_mix_is_alpha_v_plus_one_minus_alpha_w():
    v, w = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 6.0])
    assert mix(v, w, 0.25).tolist() == [2.5, 5.0]  # 0.25 * 1 + 0.75 * 3, 0.25 * 2 + 0.75 * 6
    assert torch.equal(mix(v, w, 0.0), w) and torch.equal(mix(v, w, 1.0), v)  # exactly, for the oracle
    out = torch.empty(2)
    assert mix(v, w, 0.25, out=out) is out and out.tolist() == [2.5, 5.0]


def test_personal_and_alpha_gradients_by_hand():
    v, w, g = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 6.0]), torch.tensor([0.5, -1.0])
    assert personal_gradient(torch.tensor([2.0, -4.0]), 0.25).tolist() == [0.5, -1.0]  # alpha grad f(v_bar)
    assert alpha_gradient(v, w, g) == pytest.approx((1 - 3) * 0.5 + (2 - 6) * -1.0)  # <v - w, g> = 3
    assert alpha_gradient(v, w, g, scratch=torch.empty(2)) == pytest.approx(3.0)


def test_alpha_step_by_hand_and_projected_on_the_unit_interval():
    assert alpha_step(0.5, 3.0, 0.1) == pytest.approx(0.2)
    assert alpha_step(0.5, 3.0, 0.1, decay=0.02) == pytest.approx(0.5 - 0.1 * (3.0 + 0.02 * 0.5))  # the official code's decay
    assert alpha_step(0.5, -10.0, 0.1) == 1.0 and alpha_step(0.5, 10.0, 0.1) == 0.0


# ------------------------------------------------------------------------- a round against plain torch
def reference_round(x, y, gen, epochs, lr, alpha, batch_size):
    """Plain torch: per batch, the personal pass on f(alpha v + (1 - alpha) w) with autograd
    taking d/dv and d/dalpha, then w's SGD step on f(w); alpha projected on [0, 1]."""
    model = fresh_model()
    names = [n for n, _ in model.named_parameters()]
    shapes = [p.shape for _, p in model.named_parameters()]
    w = flat_of(model).clone()
    v = w.clone()

    def loss_at(flat, xb, yb):
        parts = torch.split(flat, [s.numel() for s in shapes])
        params = {n: p.view(s) for n, p, s in zip(names, parts, shapes)}
        return F.cross_entropy(functional_call(model, params, (xb,)), yb)

    x, y = torch.tensor(x, dtype=torch.float32), torch.tensor(y)
    for _ in range(epochs):
        order = torch.randperm(len(y), generator=gen)
        for s in range(0, len(y), batch_size):
            idx = order[s : s + batch_size]
            a = torch.tensor(alpha, requires_grad=True)
            vv = v.clone().requires_grad_(True)
            dv, da = torch.autograd.grad(loss_at(a * vv + (1 - a) * w, x[idx], y[idx]), [vv, a])
            ww = w.clone().requires_grad_(True)
            (dw,) = torch.autograd.grad(loss_at(ww, x[idx], y[idx]), [ww])
            v = v - lr * dv
            alpha = min(1.0, max(0.0, alpha - lr * float(da)))
            w = w - lr * dw
    return w, v, alpha


def test_one_client_round_matches_plain_torch_autograd():
    """6 samples in batches of 2 for 2 epochs (6 steps): v, alpha and w against autograd on
    the mixed model (d/dv = alpha grad, d/dalpha = <v - w, grad>)."""
    eng = tiny_engine(APFL, {"alpha_init": 0.3}, mlp_ws(), tiny_clients(XS[:1], YS[:1]), lr=0.3, batch_size=2, epochs=2)
    run = eng.run()
    w, v, alpha = reference_round(XS[0], YS[0], torch_generator(0, "local", 1, 0), 2, 0.3, 0.3, 2)
    state = eng.store.get(0)
    assert state["alpha"] != 0.3 and state["alpha"] == pytest.approx(alpha, abs=1e-6)
    torch.testing.assert_close(state["v"], v)
    torch.testing.assert_close(run.server["params"], w)  # one client: its w is the global model
    # evaluated with alpha v + (1 - alpha) w
    torch.testing.assert_close(eng.algorithm.personalized(None, {"params": run.server["params"]}, state), alpha * v + (1 - alpha) * w)


# ------------------------------------------------------------------------- the oracle
@pytest.mark.parametrize("momentum", [0.0, 0.5])
def test_alpha_fixed_at_zero_is_fedavg_bit_for_bit(momentum):
    a = engine(APFL, {"alpha_init": 0.0, "learn_alpha": False}, rounds=3, momentum=momentum).run()
    b = engine(FedAvg, {}, rounds=3, momentum=momentum).run()
    assert torch.equal(a.server["params"], b.server["params"])
    for x, y in zip(a.history, b.history):
        for k in ("train_loss", "acc_mean", "test_loss_mean", "bytes_up", "bytes_down"):
            assert x[k] == y[k], k
    # the personal pass ran (it is logged and costs a second pass), alpha stayed at 0
    pc = a.history[-1]["per_client"]
    assert pc["client"] == [0, 1] and pc["alpha"] == [0.0, 0.0] and all(l > 0 for l in pc["personal_loss"])
    assert a.history[-1]["train_flops"] > 2 * b.history[-1]["train_flops"]


def test_alpha_fixed_at_zero_is_fedavg_with_batch_norm():
    """The personal pass's batch-norm statistics are undone: the global model and its
    statistics stay FedAvg's (a ResNet with batch norm, weight decay, momentum)."""
    kw = dict(model="resnet18", resnet_stem="cifar", width=0.0625, rounds=2, augment=False, momentum=0.5, weight_decay=1e-3)
    eng, a = run_cfg(small("apfl", options={"alpha_init": 0.0, "learn_alpha": False}, **kw))
    _, b = run_cfg(small("fedavg", **kw))
    assert eng.ws.has_bn
    assert torch.equal(a.server["params"], b.server["params"]) and torch.equal(a.server_buffers, b.server_buffers)
    assert [r["acc_mean"] for r in a.history] == [r["acc_mean"] for r in b.history]


def test_a_learned_alpha_moves_the_fixed_one_does_not_and_only_w_travels():
    learned = engine(APFL, {}, rounds=2)
    run = learned.run()
    fixed = engine(APFL, {"learn_alpha": False}, rounds=2)
    fixed.run()
    fedavg = engine(FedAvg, {}, rounds=2).run()
    alphas = [learned.store.get(c)["alpha"] for c in range(2)]
    assert all(0.0 <= a <= 1.0 and a != 0.5 for a in alphas) and alphas[0] != alphas[1]
    assert [fixed.store.get(c)["alpha"] for c in range(2)] == [0.5, 0.5]
    assert [r["bytes_up"] for r in run.history] == [r["bytes_up"] for r in fedavg.history]  # v and alpha stay home
    # the work: two passes per sample and the element-wise mixing per coordinate per step
    d, steps = learned.ws.params.numel(), 2 + 1  # ceil(6 / 4) + ceil(4 / 4) steps per round
    per_sample = learned.accounting.train_flops_per_sample(learned.clients[0])
    assert run.history[0]["train_flops"] == 2 * 10 * per_sample + EXTRA_FLOPS_PER_COORDINATE * d * steps
    assert run.history[-1]["per_client"]["alpha"] == alphas


# ------------------------------------------------------------------------- DP
def test_dp_sgd_privatizes_and_accounts_both_passes():
    dp = DPConfig(noise=1.0, clip=1.0)
    a = engine(APFL, {}, rounds=1, dp=dp).run()
    b = engine(FedAvg, {}, rounds=1, dp=dp).run()
    assert all(a.spent[c] == [[s[0], s[1], 2 * s[2]] for s in b.spent[c]] for c in b.spent)
    up = engine(APFL, {}, rounds=2, dp=DPConfig(noise=0.5, clip=0.1, mode="upload")).run()
    assert torch.isfinite(up.server["params"]).all()


@pytest.mark.parametrize(
    "opts, words",
    [({"alpha_init": 1.5}, "APFL alpha_init must be in [0, 1], got 1.5"),
     ({"alpha_lr": 0.0}, "APFL alpha_lr must be > 0 or None (the run's lr), got 0.0"),
     ({"alpha_decay": -0.1}, "APFL alpha_decay must be >= 0, got -0.1")],
)  # fmt: skip
def test_bad_options_are_refused_naming_the_value(opts, words):
    with pytest.raises(ValueError, match=__import__("re").escape(words)):
        APFL.Config(**opts)
