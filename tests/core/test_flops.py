"""copfl.core.flops: forward MACs by hand, the LSTM formula against an unrolled LSTM, every copfl model
against torch's FlopCounterMode, unknown modules, mode restore, the cache."""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.flop_counter import FlopCounterMode

from copfl.core import flops
from copfl.core.flops import UnknownModuleError, eval_flops_per_sample, forward_macs, layer_macs, training_flops_per_sample
from copfl.core.models import MODELS, ModelSpec, build_model


@pytest.fixture(autouse=True)
def _fresh_cache():
    flops.clear_cache()
    yield
    flops.clear_cache()


def torch_flops(model: nn.Module, x: torch.Tensor) -> int:
    """FLOPs that torch's own counter sees (2 x MACs of mm/addmm/bmm/convolution; no bias)."""
    model.eval()
    with torch.no_grad(), FlopCounterMode(display=False) as fc:
        model(x)
    return fc.get_total_flops()


def test_linear_4_3():
    model = nn.Sequential(nn.Linear(4, 3))
    assert forward_macs(model, torch.zeros(7, 4)) == 4 * 3 == 12  # a batch: one sample counted
    assert eval_flops_per_sample(model, torch.zeros(7, 4)) == 24
    assert training_flops_per_sample(model, torch.zeros(7, 4)) == 72
    # rows: a (1, L, in) input multiplies L rows
    assert forward_macs(model, torch.zeros(1, 5, 4)) == 5 * 12


def test_conv_padding_stride_on_1x5x5():
    # out = floor((5 + 2*1 - 3) / 2) + 1 = 3 -> 2 channels x 3 x 3 = 18 outputs, each 1 x 3 x 3 = 9 MACs
    conv = nn.Conv2d(1, 2, 3, stride=2, padding=1)
    assert forward_macs(conv, (1, 5, 5)) == 18 * 9 == 162
    # no padding, stride 1: 3 x 3 outputs x 2 channels x 9
    assert forward_macs(nn.Conv2d(1, 2, 3), (1, 5, 5)) == 2 * 9 * 9
    # groups and dilation: Conv2d(4, 4, 3, groups=2, dilation=2) on 4x5x5 -> 1x1 output, 4 x (2 x 9)
    assert forward_macs(nn.Conv2d(4, 4, 3, groups=2, dilation=2), (4, 5, 5)) == 4 * 2 * 9
    assert torch_flops(conv, torch.zeros(1, 1, 5, 5)) == 2 * 162


def test_cnn_on_28x28_by_hand():
    model = build_model("cnn", ModelSpec((1, 28, 28), 10))
    # conv1 1->32, 5x5, no padding: 24x24 outputs -> 32 * 24*24 * (1 * 5*5) = 460,800
    # max-pool 2 -> 12x12 (0 MACs)
    # conv2 32->64, 5x5: 8x8 outputs -> 64 * 8*8 * (32 * 5*5) = 3,276,800
    # max-pool 2 -> 4x4, flatten: 64 * 16 = 1024 features
    # fc1 1024 -> 512: 524,288; fc 512 -> 10: 5,120
    assert layer_macs(model, (1, 28, 28)) == {"conv1": 460_800, "conv2": 3_276_800, "fc1": 524_288, "fc": 5_120}
    assert forward_macs(model, (1, 28, 28)) == 4_267_008
    assert training_flops_per_sample(model, (1, 28, 28)) == 6 * 4_267_008
    assert eval_flops_per_sample(model, (1, 28, 28)) == 2 * 4_267_008


class SeqFirst(nn.Module):
    def __init__(self, lstm: nn.LSTM) -> None:
        super().__init__()
        self.lstm = lstm

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.lstm(x.transpose(0, 1))[0]


def test_lstm_by_hand():
    # per step: layer 0: 4*4*(3+4) = 112 gate MACs + 3*4 cell products; layer 1: 4*4*(4+4) = 128 + 12
    lstm = nn.LSTM(3, 4, num_layers=2, batch_first=True)
    assert forward_macs(lstm, torch.zeros(1, 5, 3)) == 5 * (112 + 12 + 128 + 12) == 1320
    # a sequence-first LSTM inside a batch-first model (the example's first dimension is the batch)
    assert forward_macs(SeqFirst(nn.LSTM(3, 4)), torch.zeros(2, 5, 3)) == 5 * 124
    # bidirectional: layer 1 takes 2h inputs; both directions
    bi = nn.LSTM(3, 4, num_layers=2, bidirectional=True, batch_first=True)
    assert forward_macs(bi, torch.zeros(1, 5, 3)) == 5 * 2 * ((112 + 12) + (4 * 4 * (8 + 4) + 12))
    # the copfl character LSTM on Shakespeare's 80 characters: embedding 0, layer 0
    # 4*256*(8+256) + 3*256 = 271,104, layer 1 4*256*(256+256) + 3*256 = 525,056 per step; fc 256*80
    char = build_model("lstm", ModelSpec((80,), 80))
    assert layer_macs(char, (80,)) == {"lstm": 80 * (271_104 + 525_056), "fc": 256 * 80}
    assert forward_macs(char, (80,)) == 63_713_280


def unrolled_lstm(lstm: nn.LSTM, x: torch.Tensor) -> tuple[torch.Tensor, int]:
    """nn.LSTM (batch_first, one direction) written step by step with F.linear: its output, and
    the element-wise products it does (f*c, i*g, o*tanh(c))."""
    products = 0
    out = x
    for layer in range(lstm.num_layers):
        w_ih, w_hh = getattr(lstm, f"weight_ih_l{layer}"), getattr(lstm, f"weight_hh_l{layer}")
        b = getattr(lstm, f"bias_ih_l{layer}") + getattr(lstm, f"bias_hh_l{layer}")
        w_hr = getattr(lstm, f"weight_hr_l{layer}", None)
        r = w_hr.shape[0] if w_hr is not None else lstm.hidden_size
        h = x.new_zeros(x.shape[0], r)
        c = x.new_zeros(x.shape[0], lstm.hidden_size)
        steps = []
        for t in range(out.shape[1]):
            gates = F.linear(out[:, t], w_ih) + F.linear(h, w_hh) + b
            i, f, g, o = gates.chunk(4, dim=1)
            c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
            h = torch.sigmoid(o) * torch.tanh(c)
            products += 3 * c.numel()
            if w_hr is not None:
                h = F.linear(h, w_hr)
            steps.append(h)
        out = torch.stack(steps, 1)
    return out, products


@pytest.mark.parametrize("proj", [0, 3])
@pytest.mark.filterwarnings("ignore:LSTM with projections")
def test_lstm_formula_against_an_unrolled_lstm(proj):
    torch.manual_seed(0)
    lstm = nn.LSTM(5, 6, num_layers=2, batch_first=True, proj_size=proj)
    x = torch.randn(1, 7, 5)
    with torch.no_grad(), FlopCounterMode(display=False) as fc:
        mine, products = unrolled_lstm(lstm, x)
    with torch.no_grad():
        ref, _ = lstm(x)
    torch.testing.assert_close(mine, ref)  # the unrolled loop is the same computation
    # FlopCounterMode sees the unrolled matmuls (not the fused nn.LSTM kernel): 2 x gate + projection MACs
    assert forward_macs(lstm, x) == fc.get_total_flops() // 2 + products


IMAGE_CASES = [
    ("cnn", (1, 28, 28), {}),
    ("cnn", (3, 32, 32), {}),
    ("lenet5", (1, 28, 28), {}),
    ("lenet5", (3, 32, 32), {}),
    ("mlp", (1, 8, 8), {}),
    ("logreg", (1, 28, 28), {}),
    ("svm", (1, 1, 100), {}),
    ("tiny", (3, 84, 84), {}),
    ("resnet18", (3, 32, 32), {}),
    ("resnet18", (3, 32, 32), {"stem": "cifar", "width": 0.25}),
]


@pytest.mark.parametrize("name,shape,options", IMAGE_CASES)
def test_every_image_model_agrees_with_flop_counter_mode(name, shape, options):
    torch.manual_seed(0)
    model = build_model(name, ModelSpec(shape, 10), **options)
    assert 2 * forward_macs(model, shape) == torch_flops(model, torch.zeros(1, *shape))


def test_every_registered_model_is_covered():
    seen = {name for name, _, _ in IMAGE_CASES} | {"lstm"}
    assert seen == set(MODELS), f"add {set(MODELS) - seen} to IMAGE_CASES"


def test_models_forward_macs_is_this_counter():
    """copfl.core.models.forward_macs (used to choose threads) is this counter, LSTM cells included."""
    from copfl.core.models import forward_macs as via_models

    char = build_model("lstm", ModelSpec((80,), 80))
    assert via_models(char, (80,)) == forward_macs(char, (80,)) == 63_713_280


def test_resnet18_imagenet_stem_by_hand():
    # torchvision-style ResNet-18 on 3x32x32: 7x7/2 stem -> 16x16, max-pool -> 8x8; stages at 8, 4, 2, 1
    model = build_model("resnet18", ModelSpec((3, 32, 32), 10))
    stem = 64 * 16 * 16 * 3 * 49
    layer1 = 4 * (64 * 8 * 8 * 64 * 9)
    layer2 = 128 * 4 * 4 * 64 * 9 + 3 * (128 * 4 * 4 * 128 * 9) + 128 * 4 * 4 * 64  # + 1x1 downsample
    layer3 = 256 * 2 * 2 * 128 * 9 + 3 * (256 * 2 * 2 * 256 * 9) + 256 * 2 * 2 * 128
    layer4 = 512 * 1 * 1 * 256 * 9 + 3 * (512 * 512 * 9) + 512 * 256
    assert forward_macs(model, (3, 32, 32)) == stem + layer1 + layer2 + layer3 + layer4 + 512 * 10


class Scaled(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = nn.Linear(4, 3)
        self.scale = nn.Parameter(torch.ones(3))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(x) * self.scale


def test_unknown_parametrized_module_is_an_error():
    model = nn.Sequential(nn.Linear(4, 4), nn.Sequential(nn.ReLU(), Scaled()))
    with pytest.raises(UnknownModuleError, match=r"module '1\.1' of type .*Scaled \(it has parameters scale\)"):
        forward_macs(model, torch.zeros(1, 4))
    with pytest.raises(UnknownModuleError, match=r"'0' of type torch\.nn\.modules\.rnn\.GRU"):
        forward_macs(nn.Sequential(nn.GRU(3, 4)), torch.zeros(5, 1, 3))
    with pytest.raises(UnknownModuleError, match="<the model itself>"):
        forward_macs(Scaled(), torch.zeros(1, 4))
    # parameter-free modules and zero-cost ones are fine
    ok = nn.Sequential(nn.Embedding(10, 4), nn.LayerNorm(4), nn.PReLU(), nn.Tanh(), nn.Linear(4, 2))
    assert forward_macs(ok, torch.zeros(1, 3, dtype=torch.long)) == 3 * 4 * 2


def test_modes_and_batchnorm_statistics_restored():
    model = build_model("resnet18", ModelSpec((3, 32, 32), 10), stem="cifar", width=0.125)
    model.train()
    model.layer2.eval()  # a mixed state must come back as it was, module by module
    before = {n: m.training for n, m in model.named_modules()}
    stats = {k: v.clone() for k, v in model.state_dict().items()}
    seen = []
    model.fc.register_forward_hook(lambda m, i, o: seen.append((model.training, torch.is_inference_mode_enabled())))
    forward_macs(model, (3, 32, 32))
    assert seen == [(False, True)]  # counted in eval mode under inference_mode
    assert {n: m.training for n, m in model.named_modules()} == before
    assert all(torch.equal(v, model.state_dict()[k]) for k, v in stats.items())  # running stats untouched
    # restored and hooks removed when the forward pass fails too
    bad = build_model("cnn", ModelSpec((1, 28, 28), 10)).train()
    with pytest.raises(RuntimeError):
        forward_macs(bad, (1, 20, 20))  # 20x20 gives the wrong number of features for fc1
    assert bad.training and all(m.training for m in bad.modules())
    assert not any(m._forward_hooks for m in bad.modules())


def test_cache_hits_and_invalidation():
    calls = []
    model = build_model("mlp", ModelSpec((1, 8, 8), 10))
    model.register_forward_pre_hook(lambda m, i: calls.append(1))
    a = forward_macs(model, (1, 8, 8))
    assert forward_macs(model, torch.randn(32, 1, 8, 8)) == a  # same shape, dtype: cached
    assert training_flops_per_sample(model, (1, 8, 8)) == 6 * a
    assert len(calls) == 1
    # a second instance of the same architecture shares the entry
    twin = build_model("mlp", ModelSpec((1, 8, 8), 10))
    assert forward_macs(twin, (1, 8, 8)) == a and len(calls) == 1
    # another architecture (a replaced head) or input shape is counted afresh
    model.fc = nn.Linear(200, 5)
    assert forward_macs(model, (1, 8, 8)) == a - 200 * 10 + 200 * 5 and len(calls) == 2
    conv = nn.Conv2d(1, 1, 3)
    assert forward_macs(conv, (1, 5, 5)) == 9 * 9
    assert forward_macs(conv, (1, 6, 6)) == 16 * 9
    conv.stride = (2, 2)  # a hyper-parameter changed in place
    assert forward_macs(conv, (1, 5, 5)) == 4 * 9


def test_the_table_in_docs_performance_md():
    """The forward-MACs table of docs/performance.md ("Counting FLOPs") is what the code counts."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "performance.md").read_text()
    table = text.split("## Counting FLOPs", 1)[1].split("\n## ", 1)[0].split("| --- |", 1)[1]
    rows = [line.split("|")[1:-1] for line in table.splitlines()[1:] if line.startswith("| ")]
    assert len(rows) == 14
    for _, model, shape, classes, macs, train in rows:
        name = model.strip().split("`")[1].split()[0]
        options = {"stem": "cifar"} if "--stem cifar" in model else {}
        dims = [int(s) for s in shape.replace("characters", "").replace("features", "").split("x")]
        shape_ = (dims[0],) if name == "lstm" else (1, 1, dims[0]) if "features" in shape else tuple(dims)
        m = build_model(name, ModelSpec(shape_, int(classes)), **options)
        assert forward_macs(m, shape_) == int(macs.replace(",", "")), model
        assert training_flops_per_sample(m, shape_) == int(train.replace(",", "")), model


# ----------------------------------------------------------------- server and evaluation work
def test_eval_flops_count_every_forward_pass_without_autograd():
    """A round's ``eval_flops``: every sample the model ran forward without autograd, at the
    forward cost; FedAvg evaluates each client's test and validation data once."""
    from helpers import run_cfg, small

    eng, run = run_cfg(small("fedavg", rounds=2))
    evaluated = sum(c.num_test + len(c.y_val) for c in eng.clients)
    per_sample = eng.accounting.eval_flops_per_sample(eng.clients[0])
    assert per_sample == eng.accounting.train_flops_per_sample(eng.clients[0]) // 3 > 0
    assert [r["eval_flops"] for r in run.history] == [evaluated * per_sample] * 2
    assert [r["server_flops"] for r in run.history] == [0, 0]
    # IFCA also scores its cluster models on each client's training data (no autograd): more
    ieng, irun = run_cfg(small("ifca", rounds=2))
    assert irun.history[-1]["eval_flops"] > run.history[-1]["eval_flops"]
    assert run_cfg(small("fedavg", rounds=2))[1].history == run.history  # deterministic


def test_fedamp_declares_its_attention_as_server_flops():
    from copfl.algorithms.fedamp import cloud_flops
    from helpers import run_cfg, small

    # 3 other models of 10 coordinates: 3 distances (3 FLOPs a coordinate) + 4 multiply-adds
    assert cloud_flops(10, 3, "distance") == 3 * 3 * 10 + 2 * 4 * 10 == 170
    assert cloud_flops(10, 3, "cosine") == 3 * 6 * 10 + 2 * 4 * 10
    eng, run = run_cfg(small("fedamp", rounds=2))
    d = eng.init_params.numel()
    # round 1: the store is empty (each cloud model from the client's own model); round 2 sees
    # every client's upload: 4 cloud models over 3 others each
    assert run.history[0]["server_flops"] == 4 * cloud_flops(d, 0, "distance")
    assert run.history[1]["server_flops"] == 4 * cloud_flops(d, 3, "distance")


def test_training_inside_an_evaluation_counts_at_the_training_cost():
    """FedAvg+FT fine-tunes each client's copy for one epoch before evaluating it: that
    epoch's forward + backward passes are part of the round's eval_flops (3 x a forward)."""
    from helpers import run_cfg, small

    eng, run = run_cfg(small("fedavg-ft", rounds=1))
    fwd = eng.accounting.eval_flops_per_sample(eng.clients[0])
    evaluated = sum(c.num_test + len(c.y_val) for c in eng.clients)
    tuned = sum(c.num_train for c in eng.clients)  # one epoch each
    assert run.history[0]["eval_flops"] == evaluated * fwd + tuned * 3 * fwd


def test_pfedme_counts_its_k_inner_steps_per_batch():
    from copfl.algorithms.pfedme import MOREAU_STEP_FLOPS, PERSONAL_STEP_FLOPS
    from helpers import run_cfg, small

    eng, run = run_cfg(small("pfedme", rounds=1, options={"inner_steps": 3}))
    per_sample = eng.accounting.train_flops_per_sample(eng.clients[0])
    n = sum(c.num_train for c in eng.clients)
    steps = sum(-(-c.num_train // 4) for c in eng.clients)  # batch 4
    d = eng.init_params.numel()
    assert run.history[0]["train_flops"] == 3 * n * per_sample + steps * (3 * PERSONAL_STEP_FLOPS + MOREAU_STEP_FLOPS) * d


def test_fedem_counts_every_components_pass():
    """FedEM trains each of its M components on the client's data every round: M passes of
    training (and M forward passes of the E-step's per-sample losses, no autograd)."""
    from helpers import run_cfg, small

    eng, run = run_cfg(small("fedem", rounds=1, options={"components": 3}))
    per_sample = eng.accounting.train_flops_per_sample(eng.clients[0])
    n = sum(c.num_train for c in eng.clients)
    assert run.history[0]["train_flops"] == 3 * n * per_sample
    fwd = eng.accounting.eval_flops_per_sample(eng.clients[0])
    # evaluation: the 3 components on test and validation data; E-step: the 3 on training data
    evaluated = sum(c.num_test + len(c.y_val) for c in eng.clients)
    assert run.history[0]["eval_flops"] == 3 * (evaluated + n) * fwd


def test_fedmeta_second_order_count_matches_torchs_flop_counter():
    """A second-order MAML meta-step: the count charges each support sample
    SUPPORT_PASSES_ORDER_2 training passes (gradient with graph + Hessian-vector product),
    a first-order one 1; torch's own FlopCounterMode, which counts the double backward's matrix
    work, agrees on the ratio of the two within 10% for the CNN. (The ratio depends on the
    model: 1.64 for an MLP on 16x16x3 inputs, whose first layer dominates and whose input
    gradient is never computed.)"""
    from torch.utils.flop_counter import FlopCounterMode

    from copfl.algorithms.fedmeta import SUPPORT_PASSES_ORDER_2, meta_gradient
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation
    from helpers import small, synthetic

    cfg = small("fedmeta", model="cnn")
    eng = build_engine(cfg, build_federation(cfg, synthetic(size=16)))  # 16x16 colour images
    d, w = eng.clients[0], eng.init_params.clone()
    batch = (d.x_train[:8], d.y_train[:8])
    eng.ws.model.train()
    measured = {}
    for order in (1, 2):
        with FlopCounterMode(display=False) as fc:
            meta_gradient(eng.ws, w, batch, batch, 0.01, order)
        measured[order] = fc.get_total_flops()
    counted = (1 + SUPPORT_PASSES_ORDER_2) / (1 + 1)  # query pass + support passes, per sample
    assert measured[2] / measured[1] == pytest.approx(counted, rel=0.1), measured
