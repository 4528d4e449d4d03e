"""Exact analytic FLOP counts of a model's forward pass, training step and evaluation, per sample.

Used for the training-FLOPs-per-round figures (DPAO-PFL, Fig. 5; see
docs/papers/reading-notes.md, "Communication and FLOPs"):

    round FLOPs = training_flops_per_sample x training samples processed
                + the algorithm's own per-step element-wise work (a count the algorithm gives)
                + eval_flops_per_sample x evaluated samples.

Conventions (one multiply-accumulate, MAC, = 2 FLOPs):

* **What is counted: the multiply-accumulates of the layers' products**, as fvcore's default
  handles and ``torch.utils.flop_counter.FlopCounterMode`` count them (both count only
  matrix products and convolutions; FlopCounterMode reports 2 x MACs, which is what the tests
  check this counter against):

  - ``nn.Conv1d/2d/3d``: ``out_elements x (in_channels / groups) x prod(kernel_size)``,
    where ``out_elements = out_channels x out_h x out_w`` (the output shape seen in the forward
    pass, so padding, stride and dilation are accounted for exactly);
  - ``nn.Linear``: ``rows x in_features x out_features`` (rows = 1 for a flat sample, the
    sequence length for a (1, L, in) input);
  - ``nn.LSTM``, per time step, per layer and direction: ``4 h (i + r)`` for the gate products
    ``W_ih x + W_hh h`` (i = the layer's input size, h = hidden size, r = ``proj_size`` or h),
    ``+ h r`` for the projection when ``proj_size > 0``, **plus 3 h for the cell's element-wise
    products** ``f * c``, ``i * g`` and ``o * tanh(c)`` (each product counts as one MAC; the
    sum ``f*c + i*g`` is the accumulate). These 3 h are the only element-wise work counted:
    an LSTM's recurrence is built on them, and for the copfl LSTM they are 0.1 % of its MACs.

* **What is not counted (0 MACs)**: bias additions (of conv, linear and LSTM layers), residual
  additions, activations (ReLU, sigmoid, tanh), pooling (max, average, adaptive), batch /
  group / layer / instance norm (an affine per element in evaluation), embedding look-ups
  (``nn.Embedding`` is a gather) and the loss. For copfl's models these come to 0.1-2.3 % of the
  counted FLOPs at one operation per element touched (LeNet-5 the most: small convolutions,
  each output biased, rectified and pooled), except ``tiny``, a functional-check model whose
  average pooling of the whole image is a few times its counted FLOPs (docs/performance.md).

* **Training = 3 x forward**: the backward pass computes, for every layer, the gradient with
  respect to the layer's input and with respect to its weights, each a product of the same size
  as the forward one, so a training step costs 3 x the forward MACs per sample (Kaplan et al.,
  2020, "Scaling Laws for Neural Language Models", sec. 2.1: C ~ 6 N FLOPs per token = 2 N
  forward + 4 N backward; Amodei & Hernandez, 2018, OpenAI "AI and Compute", appendix: "the
  backward pass ... is approximately twice the forward pass"). The first layer's input
  gradient is not actually needed; the convention counts it anyway (as both references do).

Coverage: every module of the model that has parameters of its own must be of a type listed in
``COUNTED`` or ``ZERO_COST``; any other (``nn.GRU``, ``nn.Bilinear``, ``nn.ConvTranspose2d``, a
custom module with its own ``nn.Parameter``) raises :class:`UnknownModuleError` naming it,
rather than silently counting 0. Not detected: products computed functionally in a module's
``forward`` (``torch.matmul``, ``F.linear`` on another module's weight); none of copfl's models
does that (checked in tests/test_flops.py against FlopCounterMode).

Results are cached by the model's architecture (module types, their hyper-parameters and
parameter shapes) and the input's per-sample shape and dtype, so asking every round costs a
walk over the module tree (0.15 ms for ResNet-18 on the reference machine), not a forward pass;
a model changed in place (a head replaced, a stride edited) is counted afresh.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import torch
from torch import nn
from torch.nn.utils.rnn import PackedSequence

__all__ = [
    "COUNTED",
    "ZERO_COST",
    "UnknownModuleError",
    "forward_macs",
    "layer_macs",
    "training_flops_per_sample",
    "eval_flops_per_sample",
    "head_split_flops",
    "clear_cache",
]

# Module types whose products are counted (the formulas in the module docstring).
COUNTED: tuple[type[nn.Module], ...] = (nn.Conv1d, nn.Conv2d, nn.Conv3d, nn.Linear, nn.LSTM)
# Module types with parameters that cost 0 MACs by convention (see the module docstring).
ZERO_COST: tuple[type[nn.Module], ...] = (
    nn.Embedding,
    nn.modules.batchnorm._BatchNorm,
    nn.GroupNorm,
    nn.LayerNorm,
    nn.modules.instancenorm._InstanceNorm,
    nn.PReLU,
) + ((nn.RMSNorm,) if hasattr(nn, "RMSNorm") else ())

# (architecture fingerprint, per-sample shape, dtype) -> per-layer MACs
_CACHE: dict[tuple[object, ...], dict[str, int]] = {}


class UnknownModuleError(TypeError):
    """A module with parameters of a type whose forward cost this counter does not know."""


def clear_cache() -> None:
    """Forget every cached count."""
    _CACHE.clear()


def _sample(model: nn.Module, example_input: torch.Tensor | Sequence[int]) -> torch.Tensor:
    """One sample with its batch dimension: a tensor is a batch whose FIRST dimension is the batch
    (as for every copfl model; its first sample is used); a
    shape is one sample's shape (``ModelSpec.input_shape``: (C, H, W) images, float zeros, or
    (L,) token sequences, long zeros)."""
    if isinstance(example_input, torch.Tensor):
        if example_input.dim() == 0 or example_input.shape[0] < 1:
            raise ValueError(
                f"example_input must be a batch with at least one sample (first dimension = batch), got shape {tuple(example_input.shape)}"
            )
        return example_input[:1]
    shape = tuple(int(s) for s in example_input)
    dtype = torch.long if len(shape) == 1 else torch.float32
    p = next(model.parameters(), None)
    device = p.device if p is not None else torch.device("cpu")
    return torch.zeros((1, *shape), dtype=dtype, device=device)


_PLAIN = (bool, int, float, str, type(None))


def _fingerprint(model: nn.Module) -> tuple[object, ...]:
    """What the count depends on: each module's path, type, plain attributes (kernel sizes,
    strides, padding, ``batch_first``, a model's own switches such as LeNet-5's ``pad``) and the
    shapes of its own parameters. About 0.15 ms for ResNet-18 (58 modules)."""
    out: list[object] = []
    for name, m in model.named_modules():
        d = m.__dict__
        attrs = tuple(
            (k, v)
            for k, v in d.items()
            if k[0] != "_" and k != "training" and (type(v) in _PLAIN or (type(v) is tuple and all(type(e) in _PLAIN for e in v)))
        )
        shapes = tuple((k, tuple(p.shape)) for k, p in d["_parameters"].items() if p is not None)
        out.append((name, type(m), attrs, shapes))
    return tuple(out)


def _check_known(model: nn.Module) -> None:
    for name, m in model.named_modules():
        if isinstance(m, COUNTED + ZERO_COST):
            continue
        own = [k for k, p in m._parameters.items() if p is not None]
        if own:
            where = name or "<the model itself>"
            raise UnknownModuleError(
                f"copfl.core.flops cannot count module {where!r} of type {type(m).__module__}.{type(m).__qualname__} "
                f"(it has parameters {', '.join(own)}); known: "
                f"{', '.join(t.__name__ for t in COUNTED)} (counted), {', '.join(t.__name__ for t in ZERO_COST)} (0 MACs). "
                "Add its formula to copfl/core/flops.py rather than counting it as 0."
            )


def _conv_macs(m: nn.modules.conv._ConvNd, out: torch.Tensor) -> int:
    return out.numel() * (m.in_channels // m.groups) * math.prod(m.kernel_size)


def _linear_macs(m: nn.Linear, inp: torch.Tensor) -> int:
    return (inp.numel() // m.in_features) * m.in_features * m.out_features


def _lstm_macs(m: nn.LSTM, inp: torch.Tensor | PackedSequence) -> int:
    """Per time step, layer and direction: 4 h (i + r) gate products, h r projection, 3 h cell
    products (module docstring)."""
    if isinstance(inp, PackedSequence):
        steps, batch = inp.data.shape[0], 1  # data holds every (sample, step) row once
    elif inp.dim() == 2:  # unbatched (L, input)
        steps, batch = inp.shape[0], 1
    else:
        steps, batch = (inp.shape[1], inp.shape[0]) if m.batch_first else (inp.shape[0], inp.shape[1])
    h = m.hidden_size
    r = m.proj_size if m.proj_size > 0 else h
    dirs = 2 if m.bidirectional else 1
    per_step = 0
    for layer in range(m.num_layers):
        i = m.input_size if layer == 0 else r * dirs
        per_step += dirs * (4 * h * (i + r) + (h * r if m.proj_size > 0 else 0) + 3 * h)
    return steps * batch * per_step


def layer_macs(model: nn.Module, example_input: torch.Tensor | Sequence[int]) -> dict[str, int]:
    """Forward multiply-accumulates of ONE sample per counted module (module path -> MACs, in
    call order; a module called twice appears once with the sum). ``example_input``: a batch
    tensor, first dimension = batch (its first sample is used), or one sample's shape
    (``ModelSpec.input_shape``: float zeros for (C, H, W), long zeros for token sequences (L,)).

    Runs one forward pass on one sample with hooks, the model in eval mode under
    ``torch.inference_mode`` (no batch-norm statistics change), and restores every module's
    train/eval flag afterwards. Cached by architecture and input shape (module docstring).
    Raises :class:`UnknownModuleError` for a parametrized module of an unknown type."""
    x = _sample(model, example_input)
    key = (_fingerprint(model), tuple(x.shape[1:]), x.dtype)
    hit = _CACHE.get(key)
    if hit is not None:
        return dict(hit)
    _check_known(model)
    counts: dict[str, int] = {}

    def hook(name: str):
        def fn(m: nn.Module, inp: tuple[object, ...], out: object) -> None:
            if isinstance(m, nn.modules.conv._ConvNd):
                n = _conv_macs(m, out)  # type: ignore[arg-type]
            elif isinstance(m, nn.Linear):
                n = _linear_macs(m, inp[0])  # type: ignore[arg-type]
            else:
                n = _lstm_macs(m, inp[0])  # type: ignore[arg-type,arg-type]
            counts[name] = counts.get(name, 0) + int(n)

        return fn

    modes = [(m, m.training) for m in model.modules()]
    handles = [m.register_forward_hook(hook(name)) for name, m in model.named_modules() if isinstance(m, COUNTED)]
    try:
        model.eval()
        with torch.inference_mode():
            model(x)
    finally:
        for h in handles:
            h.remove()
        for m, flag in modes:
            m.training = flag
    _CACHE[key] = dict(counts)
    return counts


def forward_macs(model: nn.Module, example_input: torch.Tensor | Sequence[int]) -> int:
    """Multiply-accumulates of ONE sample's forward pass (the sum of :func:`layer_macs`):
    conv / linear / LSTM products and the LSTM cell's element-wise products; biases,
    activations, pooling, normalisation and embeddings cost 0 (module docstring)."""
    return sum(layer_macs(model, example_input).values())


def training_flops_per_sample(model: nn.Module, example_input: torch.Tensor | Sequence[int]) -> int:
    """FLOPs of one training sample: 2 FLOPs per MAC x 3 (forward + backward, the backward
    about twice the forward: Kaplan et al. 2020 sec. 2.1; OpenAI "AI and Compute", 2018)
    x :func:`forward_macs`. The optimizer's update and an algorithm's own element-wise work
    are per step, not per sample: not included."""
    return 6 * forward_macs(model, example_input)


def eval_flops_per_sample(model: nn.Module, example_input: torch.Tensor | Sequence[int]) -> int:
    """FLOPs of one evaluated sample: 2 x :func:`forward_macs` (a forward pass only)."""
    return 2 * forward_macs(model, example_input)


def head_split_flops(model: nn.Module, example_input: torch.Tensor | Sequence[int], head: str) -> tuple[int, int]:
    """For training the head module ``head`` alone on cached features (FedRep's head epochs):
    (FLOPs of one sample's head training step = 6 x the head's MACs, FLOPs of one sample's
    forward pass through everything else = 2 x the other modules' MACs)."""
    macs = layer_macs(model, example_input)
    h = macs.get(head, 0)
    return 6 * h, 2 * (sum(macs.values()) - h)
