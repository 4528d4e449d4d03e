"""Differential privacy (:mod:`copfl.extensions.privacy`, :mod:`copfl.extensions.dp_sgd`): DP-SGD's clipped, noised gradient by hand, the
noised upload by hand, the accountant against the library and a published value, sigma = 0
bit-identical to no DP, resumed runs, the results files and the errors."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
import torch

from copfl.algorithms.base import UploadParts
from copfl.algorithms.fedavg import FedAvg
from copfl.engine.checkpoint import Checkpoint
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.extensions.dp_sgd import DPSGDSession
from copfl.extensions.privacy import DPConfig, add_history, check_model, epsilon
from copfl.seeding import torch_generator

from helpers import linear_workspace, mlp_ws, softmax_ce_grad, tiny_clients, tiny_engine, XS, YS

W, B = [[0.5, -0.3], [0.2, 0.8]], [0.1, -0.1]
X = [[1.0, 2.0], [-1.5, 0.5], [0.3, -2.2], [2.5, 1.0]]
Y = [0, 1, 1, 0]


def by_hand(clip: float, noise: float, gen: torch.Generator, x=X, y=Y) -> np.ndarray:
    """Abadi et al. (2016), Alg. 1 on the linear softmax model, per-sample gradients from the
    hand-derived formula: sum_i g_i min(1, C / (||g_i|| + 1e-6)) + N(0, sigma^2 C^2), over B."""
    total = np.zeros(6)
    for xi, yi in zip(x, y):
        gw, gb = softmax_ce_grad(W, B, [xi], [yi])
        g = np.concatenate([gw.reshape(-1), gb])  # the flat vector: fc.weight (row-major), fc.bias
        total += g * min(1.0, clip / (np.linalg.norm(g) + 1e-6))
    z = torch.randn(6, generator=gen).double().numpy() * noise * clip
    return (total + z) / len(y)


def per_sample_norms() -> list[float]:
    out = []
    for xi, yi in zip(X, Y):
        gw, gb = softmax_ce_grad(W, B, [xi], [yi])
        out.append(float(np.linalg.norm(np.concatenate([gw.reshape(-1), gb]))))
    return out


# --------------------------------------------------------------------------- DP-SGD
def test_dp_sgd_gradient_is_clipped_summed_noised_and_averaged_by_hand():
    clip, noise = 1.5, 1.3
    norms = per_sample_norms()
    assert min(norms) < clip < max(norms)  # some samples are clipped, some are not
    ws = linear_workspace(W, B)
    ws.gradient_stage = DPSGDSession(clip, noise, torch_generator(0, "dp", 1, 0), num_train=10)
    loss = ws.loss_and_grad(torch.tensor(X), torch.tensor(Y))
    expected = by_hand(clip, noise, torch_generator(0, "dp", 1, 0))
    assert np.allclose(ws.flat.grad.double().numpy(), expected, atol=1e-6)
    assert ws.gradient_stage.steps == {4 / 10: 1}  # outside a pass: q = len(batch) / n
    plain = torch.nn.functional.cross_entropy(linear_workspace(W, B).model(torch.tensor(X)), torch.tensor(Y)).detach()
    assert float(loss) == pytest.approx(float(plain), rel=1e-6)  # the mean of the per-sample losses


def test_dp_sgd_without_noise_and_clipping_is_the_plain_gradient():
    ws = linear_workspace(W, B)
    ws.gradient_stage = DPSGDSession(1e6, 0.0, torch_generator(0, "dp", 1, 0), num_train=4)
    ws.loss_and_grad(torch.tensor(X), torch.tensor(Y))
    gw, gb = softmax_ce_grad(W, B, X, Y)
    assert np.allclose(ws.flat.grad.double().numpy(), np.concatenate([gw.reshape(-1), gb]), atol=1e-6)


def test_dp_sgd_feature_loss_and_loss_fn_are_per_sample():
    """A feature loss (FedPAC's form) and a custom criterion go through the per-sample path:
    without clipping or noise, the gradient equals plain autograd's of the batch loss."""
    target = torch.tensor([[0.3, -0.2], [1.0, 0.5]])

    def feature_loss(f, y):
        return 0.7 * torch.nn.functional.mse_loss(f, target[y])

    def loss_fn(out, y):
        return torch.nn.functional.cross_entropy(out, y, label_smoothing=0.1)

    xb, yb = torch.tensor(X), torch.tensor(Y)
    ref = linear_workspace(W, B)
    with ref.feature_tap(True) as tap:
        ref.loss_and_grad(xb, yb, loss_fn=loss_fn, feature_loss=feature_loss, tap=tap)
    ws = linear_workspace(W, B)
    ws.gradient_stage = DPSGDSession(1e6, 0.0, torch_generator(0, "dp", 1, 0), num_train=4)
    with ws.feature_tap(True) as tap:
        ws.loss_and_grad(xb, yb, loss_fn=loss_fn, feature_loss=feature_loss, tap=tap)
    assert torch.allclose(ws.flat.grad, ref.flat.grad, atol=1e-6)


def test_engine_seeds_dp_sgd_per_round_and_client_and_counts_steps():
    """One full-batch SGD step of FedAvg: the server model is w - lr * the DP gradient whose
    noise comes from (seed, "dp", round, client); the step is accounted with q = B / n."""
    clip, noise, lr = 1.5, 1.3, 0.1
    eng = tiny_engine(FedAvg, {}, linear_workspace(W, B), tiny_clients([X], [Y]), lr=lr, batch_size=8, seed=5,
                      dp=DPConfig(noise, clip))  # fmt: skip
    run = eng.run()
    # the batch is the whole client (in the pass's random order: the sum does not depend on it)
    g = by_hand(clip, noise, torch_generator(5, "dp", 1, 0))
    w0 = np.concatenate([np.asarray(W).reshape(-1), B])
    assert np.allclose(run.server["params"].double().numpy(), w0 - lr * g, atol=1e-6)
    assert run.spent == {0: [[noise, 1.0, 1]]}  # q = min(1, 8 / 4)
    assert run.history[-1]["epsilon"] == pytest.approx(epsilon([[noise, 1.0, 1]], 1e-5))


# --------------------------------------------------------------------------- upload mode
class NoReference(FedAvg):
    """FedAvg that names no starting point for its upload."""

    name = ""

    def upload_parts(self, message, state, upload):
        return UploadParts({})


def test_upload_mode_clips_and_noises_the_update_and_the_client_keeps_its_clean_model():
    clip, noise = 0.01, 0.7
    clients = tiny_clients(XS, YS)
    plain = tiny_engine(FedAvg, {"personal": "head"}, mlp_ws(), clients, lr=0.5)
    dp = tiny_engine(FedAvg, {"personal": "head"}, mlp_ws(), clients, lr=0.5, dp=DPConfig(noise, clip, mode="upload"))
    run = plain.new_state()
    msg = plain.message(run, 0, plain.server_context(1, "train", [0, 1]))
    clean = plain.client_step(0, 1, msg, run.server_buffers)
    noisy = dp.client_step(0, 1, msg, run.server_buffers)
    ref = msg["params"][plain.algorithm.shared]
    delta = (clean.upload["shared"] - ref).double()
    assert float(delta.norm()) > clip  # the update is clipped
    z = torch.randn(delta.numel(), generator=torch_generator(0, "dp-upload", 1, 0)).double() * noise * clip
    expected = ref.double() + delta * min(1.0, clip / (float(delta.norm()) + 1e-6)) + z
    assert torch.allclose(noisy.upload["shared"].double(), expected, atol=1e-6)
    assert noisy.upload["num_samples"] == clean.upload["num_samples"]  # numbers are sent as they are
    assert torch.equal(dp.store.get(0)["params"], plain.store.get(0)["params"])  # the clean model stays
    assert noisy.spent == [[noise, 1.0, 1]] and clean.spent == []


def test_upload_mode_refuses_an_upload_tensor_without_a_starting_point():
    eng = tiny_engine(NoReference, {}, mlp_ws(), tiny_clients(XS, YS), dp=DPConfig(1.0, mode="upload"))
    with pytest.raises(ValueError, match=r"--dp-mode upload: .*uploads 'shared' but its upload_parts names no starting point"):
        eng.run()


# --------------------------------------------------------------------------- accounting
def test_accountant_equals_the_library_and_abadis_published_bound():
    from opacus.accountants import RDPAccountant
    from opacus.accountants.analysis.rdp import compute_rdp, get_privacy_spent

    for sigma, q, steps, delta in [(1.0, 0.008, 12500, 1e-5), (2.0, 32 / 5000, 15700, 1e-5), (1.0, 1.0, 20, 1e-5)]:
        orders = RDPAccountant.DEFAULT_ALPHAS
        ref, _ = get_privacy_spent(orders=orders, rdp=compute_rdp(q=q, noise_multiplier=sigma, steps=steps, orders=orders), delta=delta)
        assert epsilon([[sigma, q, steps]], delta) == pytest.approx(float(ref), rel=1e-12)
    # Abadi et al. (2016), Sec. 5.1: q = 0.01, sigma = 4, delta = 1e-5, E = 100 epochs (10,000
    # steps): the moments accountant gives epsilon = 1.26; RDP with a tighter conversion is below
    eps = epsilon([[4.0, 0.01, 10000]], 1e-5)
    assert 1.0 < eps < 1.26
    # upload mode at sampling rate 1: the Gaussian mechanism's RDP alpha k / (2 sigma^2) (zCDP
    # rho = k / (2 sigma^2)); epsilon at least rho and at most rho + 2 sqrt(rho log(1/delta))
    rho = 20 / 2
    assert rho < epsilon([[1.0, 1.0, 20]], 1e-5) <= rho + 2 * math.sqrt(rho * math.log(1e5))


def test_history_composes_steps_of_the_same_mechanism():
    h = add_history([], [[1.0, 0.1, 3]])
    h = add_history(h, [[1.0, 0.1, 2], [1.0, 0.2, 1]])
    assert h == [[1.0, 0.1, 5], [1.0, 0.2, 1]]
    assert epsilon(h, 1e-5) == pytest.approx(epsilon([[1.0, 0.1, 5], [1.0, 0.2, 1]], 1e-5))
    assert epsilon([], 1e-5) == 0.0


# --------------------------------------------------------------------------- runs
def digits_cfg(**kw):
    return RunConfig(**{"algorithm": "fedavg", "dataset": "digits", "clients": 4, "rounds": 3, "threads": 1, **kw}).resolved()


def test_sigma_zero_is_bit_identical_to_no_dp():
    cfg = digits_cfg()
    fed = build_federation(cfg)
    a = build_engine(cfg, fed).run()
    b = build_engine(digits_cfg(dp_noise=0.0, dp_clip=0.01, dp_mode="upload", dp_delta=0.5), fed).run()
    assert a.history == b.history and torch.equal(a.server["params"], b.server["params"])
    assert all("epsilon" not in r for r in b.history) and b.spent == {}


@pytest.mark.parametrize("mode", ["sgd", "upload"])
def test_resumed_dp_run_equals_an_uninterrupted_one(tmp_path, mode):
    alg = "fedavg"
    # upload-mode noise at sigma 1 on 4 digits clients blows the loss up ~1500x by round 3: the
    # divergence rule (off here) would end the run; this test is about resuming bit for bit
    kw = {"algorithm": alg, "dp_noise": 1.0, "dp_mode": mode, "rounds": 4, "client_fraction": 0.5, "diverge_factor": 0.0}
    cfg = digits_cfg(**kw)
    fed = build_federation(cfg)
    full = build_engine(cfg, fed).run()
    half_eng = build_engine(digits_cfg(**{**kw, "rounds": 2}), fed)
    half = half_eng.run()
    Checkpoint(half, half_eng.store.state_dict(), half_eng.server_store.state_dict()).save(tmp_path / "ck.pt")
    ck = Checkpoint.load(tmp_path / "ck.pt")
    eng = build_engine(cfg, fed)
    ck.restore(eng)
    resumed = eng.run(state=ck.state)
    assert resumed.history == full.history and resumed.spent == full.spent
    if mode == "sgd":
        assert torch.equal(resumed.server["params"], full.server["params"])
        assert len(full.spent) == 4 and all(r["epsilon"] > 0 for r in full.history)


def test_cli_run_reports_epsilon_in_metrics_and_summary(tmp_path, capsys):
    from copfl.cli import main

    out = tmp_path / "dp"
    assert main(["run", "--algorithm", "fedavg", "--dataset", "digits", "--rounds", "2", "--clients", "4", "--dp-noise", "1",
                 "--out", str(out), "--threads", "1"]) == 0  # fmt: skip
    hist = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    assert 0 < hist[0]["epsilon"] < hist[1]["epsilon"]  # composition over rounds
    priv = json.loads((out / "summary.json").read_text())["privacy"]
    assert priv["epsilon"] == hist[-1]["epsilon"] and priv["mode"] == "sgd" and priv["noise"] == 1.0
    assert priv["clip"] == 1.0 and priv["delta"] == 1e-5 and max(priv["epsilon_per_client"].values()) == priv["epsilon"]
    assert "dp-noise = 1.0" in (out / "config.toml").read_text()  # the run repeats from its config
    printed = capsys.readouterr().out  # and the terminal summary says what was spent
    assert f"differential privacy: sgd mode, noise 1, clip 1, 2 rounds\n  (epsilon, delta) = ({priv['epsilon']:.3g}, 1e-05)\n" in printed
    assert main(["run", "--algorithm", "fedavg", "--rounds", "1", "--out", str(tmp_path / "plain")]) == 0
    assert "differential privacy" not in capsys.readouterr().out  # no noise: no privacy line


def test_no_dp_summary_has_no_privacy_entry(tmp_path):
    from copfl.cli import main

    out = tmp_path / "plain"
    assert main(["run", "--algorithm", "fedavg", "--dataset", "digits", "--rounds", "1", "--clients", "4", "--out", str(out)]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert "privacy" not in summary and "attack" not in summary and summary["status"] == "completed"


# --------------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    "kw, message",
    [
        ({"dp_noise": -1.0}, r"--dp-noise \(the noise multiplier sigma\) must be a finite number >= 0 \(0: no DP\), got -1.0"),
        ({"dp_clip": 0.0}, r"--dp-clip \(the clipping norm C\) must be a finite number > 0, got 0.0"),
        ({"dp_delta": 1.0}, r"--dp-delta must be in \(0, 1\), got 1.0"),
        ({"dp_delta": 0.0}, r"--dp-delta must be in \(0, 1\), got 0.0"),
        ({"dp_mode": "output"}, r"unknown --dp-mode 'output'; expected one of sgd, upload"),
    ],
)
def test_bad_dp_values_fail_in_the_config(kw, message):
    with pytest.raises(ValueError, match=message):
        RunConfig(**kw)


def test_cli_bad_dp_value_is_a_clear_error(tmp_path, capsys):
    from copfl.cli import main

    assert main(["run", "--dp-clip", "-2", "--out", str(tmp_path / "x")]) == 2
    assert "--dp-clip (the clipping norm C) must be a finite number > 0, got -2.0" in capsys.readouterr().err


def test_dp_sgd_refuses_a_batch_norm_model_naming_it():
    cfg = RunConfig(algorithm="fedavg", dataset="digits", clients=2, model="resnet18", resnet_stem="cifar", width=0.0625, dp_noise=1.0)
    with pytest.raises(ValueError, match=r"--dp-mode sgd \(DP-SGD\) cannot train model 'resnet18': it has batch norm \(layer 'bn1'\)"):
        build_engine(cfg.resolved(), build_federation(cfg.resolved()))
    # upload mode: only when the statistics would be uploaded
    from copfl.core.models import ModelSpec, build_model

    model = build_model("resnet18", ModelSpec((3, 8, 8), 4), stem="cifar", width=0.0625)
    with pytest.raises(ValueError, match="--bn-stats local"):
        check_model(DPConfig(1.0, mode="upload"), model, "resnet18", "shared")
    check_model(DPConfig(1.0, mode="upload"), model, "resnet18", "local")
    check_model(DPConfig(0.0), model, "resnet18", "shared")  # DP off: nothing to refuse


def test_dp_settings_become_the_mechanism_of_their_mode_and_the_accountant():
    from copfl.extensions.assembly import run_extensions
    from copfl.extensions.privacy_hooks import DPSGD, PrivacyAccountant, UploadDP

    assert run_extensions(DPConfig(), None) == [] and run_extensions(None, None) == []  # DP off: nothing runs
    assert [type(e) for e in run_extensions(DPConfig(1.0), None)] == [DPSGD, PrivacyAccountant]
    assert [type(e) for e in run_extensions(DPConfig(1.0, mode="upload"), None)] == [UploadDP, PrivacyAccountant]


# --------------------------------------------------------------------------- DP-SGD fast path
def _clipped_sum_both_ways(model, xb, yb, clip, criterion=torch.nn.functional.cross_entropy):
    from copfl.extensions.dp_sgd import clip_and_sum, clipped_gradient_sum, per_sample_gradients

    for p in model.parameters():
        p.grad = torch.zeros_like(p)
    grads, slow_losses = per_sample_gradients(model, criterion, xb, yb)
    clip_and_sum(model, grads, clip)
    slow = [p.grad.clone() for p in model.parameters()]
    for p in model.parameters():
        p.grad.fill_(7.0)  # stale values must be overwritten
    fast_losses = clipped_gradient_sum(model, criterion, xb, yb, clip)
    return slow, [p.grad.clone() for p in model.parameters()], slow_losses, fast_losses


class _InplaceNet(torch.nn.Module):
    """Convolutions with padding, stride and dilation, in-place ReLUs and a layer the loss never
    reaches: what the fast path must still get right."""

    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 4, 3, padding=1)
        self.c2 = torch.nn.Conv2d(4, 5, 3, stride=2, dilation=2, padding=2, bias=False)
        self.fc = torch.nn.Linear(5 * 4 * 4, 6)
        self.side = torch.nn.Linear(6, 2)  # called, its output unused

    def forward(self, x):
        h = torch.relu_(self.c1(x))
        h = torch.nn.functional.relu(self.c2(h), inplace=True)
        out = self.fc(h.flatten(1))
        self.side(out)
        return out


class _GramNet(torch.nn.Module):
    """Layers whose per-sample norms take the Gram route (few positions, large weights): a
    convolution on a 4x4 map, a dense layer over a sequence of 2 positions."""

    def __init__(self):
        super().__init__()
        self.widen = torch.nn.Conv2d(3, 8, 1)
        self.conv = torch.nn.Conv2d(8, 32, 3, padding=1, bias=False)
        self.seq = torch.nn.Linear(64, 30)
        self.fc = torch.nn.Linear(60, 6)

    def forward(self, x):
        h = torch.relu(self.conv(torch.relu(self.widen(x))))  # (B, 32, 4, 4)
        h = self.seq(h.reshape(len(x), 2, 256)[:, :, :64])  # (B, 2, 30): positions
        return self.fc(torch.tanh(h).flatten(1))


@pytest.mark.filterwarnings("ignore:There is a performance drop")  # vmap of multi_margin_loss (the per-sample side)
@pytest.mark.parametrize("name", ["cnn", "lenet5", "mlp", "logreg", "svm", "tiny", "inplace", "gram"])
def test_fast_clipped_sum_equals_the_per_sample_path(name):
    """Gold: the clipped sum without per-sample gradients equals the vmap path's, for every
    model the fast path takes, with some samples clipped and some not."""
    from copfl.core.models import ModelSpec, build_model

    torch.manual_seed(3)
    if name in ("inplace", "gram"):
        model, xb = (_InplaceNet(), torch.randn(6, 3, 8, 8)) if name == "inplace" else (_GramNet(), torch.randn(6, 3, 4, 4))
        yb = torch.randint(0, 6, (6,))
    else:
        shape = (1, 28, 28) if name != "lenet5" else (3, 32, 32)
        model = build_model(name, ModelSpec(shape, 10))
        xb, yb = torch.randn(6, *shape), torch.randint(0, 10, (6,))
    criterion = torch.nn.functional.multi_margin_loss if name == "svm" else torch.nn.functional.cross_entropy
    from copfl.extensions.dp_sgd import per_sample_gradients

    grads, _ = per_sample_gradients(model, criterion, xb, yb)
    norms = torch.stack([g.reshape(6, -1).pow(2).sum(1) for g in grads.values()]).sum(0).sqrt()
    clip = float(norms.median())  # half the samples clipped
    slow, fast, slow_losses, fast_losses = _clipped_sum_both_ways(model, xb, yb, clip, criterion)
    assert fast_losses is not None, "the fast path refused a model it should take"
    assert torch.allclose(fast_losses, slow_losses, atol=1e-6)
    for s, f in zip(slow, fast):
        assert torch.allclose(f, s, rtol=1e-4, atol=1e-6), float((f - s).abs().max())
    if name == "inplace":
        assert all(float(p.grad.abs().sum()) == 0 for p in model.side.parameters())


def test_fast_path_declines_what_it_cannot_compute():
    from copfl.core.models import ModelSpec, build_model
    from copfl.extensions.dp_sgd import clipped_gradient_sum

    torch.manual_seed(0)
    mlp = build_model("mlp", ModelSpec((1, 28, 28), 10))
    xb, yb = torch.randn(4, 1, 28, 28), torch.randint(0, 10, (4,))
    for p in mlp.parameters():
        p.grad = torch.full_like(p, 5.0)
    # a criterion of the algorithm's own: only the per-sample path knows it is per-sample
    assert clipped_gradient_sum(mlp, lambda out, y: torch.nn.functional.cross_entropy(out, y), xb, yb, 1.0) is None

    class Shared(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = torch.nn.Linear(4, 4)

        def forward(self, x):
            return self.fc(torch.relu(self.fc(x)))

    class Normed(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.fc, self.norm = torch.nn.Linear(4, 3), torch.nn.LayerNorm(3)

        def forward(self, x):
            return self.norm(self.fc(x))

    class Tied(torch.nn.Module):  # one weight in two layers
        def __init__(self):
            super().__init__()
            self.a, self.b = torch.nn.Linear(4, 4), torch.nn.Linear(4, 4)
            self.b.weight = self.a.weight

        def forward(self, x):
            return self.b(torch.relu(self.a(x)))

    class Bypass(torch.nn.Module):  # a layer's weight used without calling the layer
        def __init__(self):
            super().__init__()
            self.fc, self.extra = torch.nn.Linear(4, 4), torch.nn.Linear(4, 4)

        def forward(self, x):
            return self.fc(x) + torch.nn.functional.linear(x, self.extra.weight)

    class TimeFirst(torch.nn.Module):  # a layer applied to (T, B, in): rows are not samples
        def __init__(self):
            super().__init__()
            self.fc = torch.nn.Linear(4, 4)

        def forward(self, x):
            return self.fc(torch.stack([x, 2 * x])).sum(0)

    class Sequence(torch.nn.Module):  # logits (B, C, T): T losses per sample
        def __init__(self):
            super().__init__()
            self.fc = torch.nn.Linear(4, 8)

        def forward(self, x):
            return self.fc(x).view(len(x), 4, 2)

    class Frozen(torch.nn.Module):  # a first layer whose output is off the graph
        def __init__(self):
            super().__init__()
            self.first, self.fc = torch.nn.Linear(4, 4), torch.nn.Linear(4, 4)
            self.first.requires_grad_(False)

        def forward(self, x):
            return self.fc(self.first(x))

    xs, ys = torch.randn(3, 4), torch.tensor([0, 1, 2])
    for model in (Shared(), Normed(), Tied(), Bypass(), TimeFirst(), Sequence(), Frozen()):
        for p in model.parameters():
            p.grad = torch.full_like(p, 5.0)
        y = torch.tensor([[0, 1], [1, 2], [2, 3]]) if isinstance(model, Sequence) else ys
        assert clipped_gradient_sum(model, torch.nn.functional.cross_entropy, xs, y, 1.0) is None, type(model).__name__
        assert all(bool((p.grad == 5.0).all()) for p in model.parameters())  # untouched

    class InputChanged(torch.nn.Module):  # a layer's input changed in place after the layer read it
        def __init__(self):
            super().__init__()
            self.fc = torch.nn.Linear(4, 3)

        def forward(self, x):
            h = x * 1.0
            out = self.fc(h)
            h.mul_(2.0)
            return out + h[:, :3]

    model = InputChanged()
    for p in model.parameters():
        p.grad = torch.zeros_like(p)
    assert clipped_gradient_sum(model, torch.nn.functional.cross_entropy, xs, ys, 1.0) is None
    with torch.no_grad():  # the caller's no_grad does not stop the fast path (nor the per-sample one)
        assert clipped_gradient_sum(mlp, torch.nn.functional.cross_entropy, xb, yb, 1.0) is not None
    lstm = build_model("lstm", ModelSpec((20,), 30))
    from copfl.extensions.dp_sgd import ghost_layers

    assert ghost_layers(lstm) is None and ghost_layers(mlp) is not None


def test_dp_sgd_run_is_the_same_through_either_path(monkeypatch):
    """A whole DP-SGD FedAvg run on the MLP: the fast path's model equals the per-sample path's
    (same noise draws) to float rounding, and differs from the run without noise."""
    from copfl.extensions import dp_sgd

    cfg = digits_cfg(model="mlp", clients=2, rounds=2, dp_noise=1.0, dp_clip=0.5)
    real, taken = dp_sgd.clipped_gradient_sum, []

    def spy(*a, **k):
        out = real(*a, **k)
        taken.append(out is not None)
        return out

    monkeypatch.setattr(dp_sgd, "clipped_gradient_sum", spy)
    fast = build_engine(cfg, build_federation(cfg)).run()
    assert taken and all(taken)  # every batch took the fast path
    monkeypatch.setattr(dp_sgd, "clipped_gradient_sum", lambda *a, **k: None)  # every batch through vmap
    slow = build_engine(cfg, build_federation(cfg)).run()
    assert torch.allclose(fast.server["params"], slow.server["params"], atol=1e-5)
    plain = digits_cfg(model="mlp", clients=2, rounds=2)
    assert not torch.allclose(fast.server["params"], build_engine(plain, build_federation(plain)).run().server["params"], atol=1e-3)
