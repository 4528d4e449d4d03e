"""Differential privacy as a run option: DP-SGD on the client, or a noised upload.

Two mechanisms, chosen with ``--dp-mode`` (docs/privacy.md):

* ``sgd`` (the default; PAPER-NOTES A16): DP-SGD, Abadi et al., "Deep Learning with
  Differential Privacy", CCS 2016, Algorithm 1. Every gradient a client computes on its data
  (:meth:`Workspace.loss_and_grad`, hence every algorithm that trains through it) is replaced
  by ``(sum_i clip(g_i, C) + N(0, sigma^2 C^2 I)) / B`` with ``g_i`` the per-sample gradients
  (:func:`per_sample_gradients`), ``clip(g, C) = g min(1, C / ||g||)`` (:func:`clip_factors`)
  and ``B`` the batch's size (:func:`clip_and_sum`, :func:`noise_and_average`). When every parameter sits in a
  ``Linear`` or ``Conv2d`` layer and the loss is the run's criterion, the clipped sum is
  computed without the per-sample gradients of the large layers (:func:`clipped_gradient_sum`:
  per-sample norms from each layer's inputs and output gradients, then the clip-weighted
  sum; the same value as the per-sample path to float rounding, several times faster on a
  CPU). Accounting: per client, the
  sampled Gaussian mechanism with rate ``q = B / n_i`` composed over its noisy steps, with
  Opacus' RDP accountant (Mironov 2017; Mironov, Talwar, Zhang 2019).
* ``upload``: the client's update (its upload minus what it started from, every privatized
  tensor of the upload jointly) is clipped to norm C and N(0, sigma^2 C^2) is added to each
  uploaded coordinate (:func:`privatize_upload`); the client keeps its clean model in its own
  state. Accounting: each participation is a Gaussian mechanism of L2 sensitivity C (user
  level), composed over the client's participations (RDP at sampling rate 1, i.e. zCDP
  rho = k / (2 sigma^2)).

Where the sources are silent (docs/privacy.md lists every choice): the clip factor is
Opacus' ``min(1, C / (||g|| + 1e-6))``; the noise of a step is drawn in the flat parameter
vector's order from a generator seeded by (run seed, "dp", round, client) (``"dp-personalize"``
in a second client phase, ``"dp-upload"`` for the upload); the divisor is the batch's actual
size; the sampling rate is the nominal ``batch_size / len(training data)`` of the pass (shuffled
batches are accounted as Poisson sampling, as Opacus and TF Privacy do); epsilon is the
largest over clients (the guarantee every client's data gets); ``None`` (JSON ``null``) means
infinity: no noise, no guarantee.
"""

from __future__ import annotations

import functools

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

DP_MODES = ("sgd", "upload")
ACCOUNTANT = "opacus.accountants.RDPAccountant"

# One entry of a client's privacy history: (noise multiplier sigma, sampling rate q, steps).
Entry = list  # [sigma: float, q: float, steps: int]


@dataclass(frozen=True)
class DPConfig:
    """``noise`` is the noise multiplier sigma (0: DP off), ``clip`` the norm bound C,
    ``delta`` the delta of the reported (epsilon, delta), ``mode`` sgd | upload."""

    noise: float = 0.0
    clip: float = 1.0
    delta: float = 1e-5
    mode: str = "sgd"

    def __post_init__(self) -> None:
        validate(self.noise, self.clip, self.delta, self.mode)

    @property
    def enabled(self) -> bool:
        return self.noise > 0


def validate(noise: float, clip: float, delta: float, mode: str) -> None:
    """Clear errors for values no mechanism can use."""
    if not (isinstance(noise, (int, float)) and math.isfinite(noise) and noise >= 0):
        raise ValueError(f"--dp-noise (the noise multiplier sigma) must be a finite number >= 0 (0: no DP), got {noise!r}")
    if not (isinstance(clip, (int, float)) and math.isfinite(clip) and clip > 0):
        raise ValueError(f"--dp-clip (the clipping norm C) must be a finite number > 0, got {clip!r}")
    if not (isinstance(delta, (int, float)) and 0 < delta < 1):
        raise ValueError(f"--dp-delta must be in (0, 1), got {delta!r}")
    if mode not in DP_MODES:
        raise ValueError(f"unknown --dp-mode {mode!r}; expected one of {', '.join(DP_MODES)}")


def check_model(dp: DPConfig, model: nn.Module, name: str, bn_stats: str = "shared") -> None:
    """Refuse what the mechanism cannot protect: DP-SGD on a batch-norm model (per-sample
    gradients are undefined under batch statistics; Opacus refuses it too), and in upload
    mode a batch-norm model whose running statistics are uploaded unprotected."""
    if not dp.enabled:
        return
    bn = next((n for n, m in model.named_modules() if isinstance(m, nn.modules.batchnorm._BatchNorm)), None)
    if bn is None:
        return
    if dp.mode == "sgd":
        raise ValueError(
            f"--dp-mode sgd (DP-SGD) cannot train model {name!r}: it has batch norm (layer {bn!r}), under which "
            "per-sample gradients are undefined (a sample's gradient depends on the rest of its batch); "
            "use a model without batch norm (e.g. cnn, mlp, lenet5) or --dp-mode upload"
        )
    if bn_stats == "shared":
        raise ValueError(
            f"--dp-mode upload with model {name!r}: its batch-norm statistics (layer {bn!r}) would be uploaded "
            "without noise; use --bn-stats local (each client keeps its own) or a model without batch norm"
        )


# --------------------------------------------------------------------------- DP-SGD
def clip_factors(norms: torch.Tensor, clip: float) -> torch.Tensor:
    """Abadi et al. (2016), Alg. 1, "clip gradient": g / max(1, ||g|| / C) = g * min(1, C / ||g||);
    Opacus' form ``min(1, C / (||g|| + 1e-6))`` (no division by zero)."""
    return (clip / (norms + 1e-6)).clamp(max=1.0)


def gaussian_noise(numel: int, std: float, generator: torch.Generator, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    """N(0, std^2) for ``numel`` coordinates, drawn on the CPU from ``generator`` (the same
    numbers on every device), in the flat vector's order."""
    return torch.randn(numel, generator=generator, dtype=dtype) * std


@dataclass
class DPSGDSession:
    """DP-SGD for one client's phase of a round: the engine sets it on the workspace
    (:attr:`Workspace.dp`) before the client's step, and reads the noisy steps it took.

    ``rate`` is the sampling rate of the current pass, set by :meth:`Workspace.batches`
    (``batch_size / len(data)``); a step outside such a pass uses ``len(batch) / num_train``."""

    clip: float
    noise: float
    generator: torch.Generator
    num_train: int
    rate: float | None = None
    steps: dict[float, int] = field(default_factory=dict)  # sampling rate -> noisy steps

    def count(self, batch: int) -> None:
        q = self.rate if self.rate is not None else min(1.0, batch / max(self.num_train, 1))
        self.steps[q] = self.steps.get(q, 0) + 1

    def history(self) -> list[Entry]:
        """The session's steps as privacy-history entries [sigma, q, steps]."""
        return [[self.noise, q, k] for q, k in sorted(self.steps.items())]


def per_sample_gradients(
    model: nn.Module,
    criterion: Callable[[torch.Tensor, torch.Tensor], torch.Tensor],
    xb: torch.Tensor,
    yb: torch.Tensor,
    feature_loss: Callable[[torch.Tensor, torch.Tensor], torch.Tensor] | None = None,
    tap: list[torch.Tensor] | None = None,
) -> tuple[dict[str, torch.Tensor], torch.Tensor]:
    """The gradient of each sample's loss (``criterion`` on a batch of that one sample, plus
    ``feature_loss`` on its features) w.r.t. every parameter of ``model``: a dict name ->
    (B, *shape), and the per-sample losses (B,). torch.func: functional_call + vmap + grad at
    the parameters currently loaded (views of the flat vector)."""
    from torch.func import functional_call, grad, vmap

    params = {n: p.detach() for n, p in model.named_parameters()}
    buffers = dict(model.named_buffers())

    def sample_loss(p: dict[str, torch.Tensor], x: torch.Tensor, y: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        out = functional_call(model, (p, buffers), (x.unsqueeze(0),))
        loss = criterion(out, y.unsqueeze(0))
        if feature_loss is not None:
            assert tap is not None, "feature_loss needs the features: pass tap= from feature_tap(True)"
            loss = loss + feature_loss(tap.pop(), y.unsqueeze(0))
        return loss, loss.detach()

    try:
        grads, losses = vmap(grad(sample_loss, has_aux=True), in_dims=(None, 0, 0), randomness="different")(params, xb, yb)
    except (RuntimeError, NotImplementedError) as e:
        raise RuntimeError(
            f"DP-SGD could not compute per-sample gradients of model {type(model).__name__} with this loss "
            f"(torch.func.vmap: {e}); the model or the algorithm's loss_fn / feature_loss must be per-sample "
            "(no batch statistics, no data-dependent Python control flow), or use --dp-mode upload"
        ) from e
    return grads, losses


def clip_and_sum(model: nn.Module, grads: dict[str, torch.Tensor], clip: float) -> None:
    """sum_i clip(g_i, C) into the parameters' ``.grad``, from the per-sample gradients."""
    first = next(iter(grads.values()))
    b = first.shape[0]
    sq = torch.zeros(b, dtype=first.dtype, device=first.device)
    for g in grads.values():
        sq += g.reshape(b, -1).pow(2).sum(1)
    factor = clip_factors(sq.sqrt(), clip)
    for n, p in model.named_parameters():
        g = grads[n]
        p.grad.copy_(torch.tensordot(factor, g, dims=1))  # type: ignore[union-attr]


def noise_and_average(flat_grad: torch.Tensor, batch: int, clip: float, noise: float, generator: torch.Generator) -> None:
    """The clipped sum in ``flat_grad`` + N(0, sigma^2 C^2 I), divided by the batch size."""
    if noise > 0:
        flat_grad.add_(gaussian_noise(flat_grad.numel(), noise * clip, generator, flat_grad.dtype).to(flat_grad.device))
    flat_grad.div_(batch)


# --------------------------------------------------------------------------- DP-SGD, fast path
PER_SAMPLE_CRITERIA = (F.cross_entropy, F.multi_margin_loss)  # criteria with reduction="none"


def ghost_layers(model: nn.Module) -> list[nn.Module] | None:
    """The ``Linear`` and ``Conv2d`` (zero padding given as numbers, one group) layers that hold
    every parameter of ``model``, or None when some parameter sits in another kind of module
    (an embedding, a recurrent layer, a norm layer): the per-sample path then serves."""
    layers, owned = [], set()
    for m in model.modules():
        own = list(m.parameters(recurse=False))
        if not own:
            continue
        if any(id(q) in owned or q.grad is None for q in own):  # a parameter in two layers; no gradient buffer
            return None
        owned.update(id(q) for q in own)
        if type(m) is nn.Linear:
            layers.append(m)
        elif type(m) is nn.Conv2d and m.groups == 1 and m.padding_mode == "zeros" and not isinstance(m.padding, str):
            layers.append(m)
        else:
            return None
    return layers


class _CalledTwice(Exception):
    """A layer ran twice in one forward pass (shared weights): the per-sample path serves."""


def clipped_gradient_sum(
    model: nn.Module, criterion: Callable[..., torch.Tensor], xb: torch.Tensor, yb: torch.Tensor, clip: float
) -> torch.Tensor | None:
    """sum_i clip(g_i, C) into the parameters' ``.grad`` without the per-sample gradients of
    the large layers; returns the per-sample losses (B,), or None when ``model`` or
    ``criterion`` does not allow it (:func:`ghost_layers`, :data:`PER_SAMPLE_CRITERIA`, a layer
    called twice or not at all, a layer input that is not batch-first, logits with more than
    one loss per sample), leaving the gradients untouched. Operations that mix samples without
    parameters (``h - h.mean(0)``) are not detected: like batch norm (refused by
    :func:`check_model`), they have no per-sample gradient.

    One forward pass records each layer's input a and output; autograd gives the gradient of
    sum_i loss_i w.r.t. each output, G (sample i's rows only depend on sample i: no batch
    statistics). A layer's weight gradient for sample i is G_i^T A_i (A: the input, or a
    convolution's unfolded patches; rows: positions), its bias gradient the column sums of
    G_i. The squared norm of G_i^T A_i is ||A_i||^2 ||G_i||^2 for one position, and otherwise
    the smaller of the materialized per-sample products or sum((A_i A_i^T) * (G_i G_i^T))
    (Li et al., "Large Language Models Can Be Strong Differentially Private Learners", 2022,
    ghost clipping). The clipped sum is then sum_i f_i G_i^T A_i, one matrix product per layer
    (Bu et al., 2023, book-keeping), with f_i = min(1, C / (||g_i|| + 1e-6)) over all layers."""
    if criterion not in PER_SAMPLE_CRITERIA:
        return None
    layers = ghost_layers(model)
    if layers is None:
        return None
    seen: dict[nn.Module, tuple[torch.Tensor, torch.Tensor, int]] = {}  # layer -> input, output, input's version

    def record(m: nn.Module, args: tuple[torch.Tensor, ...], out: torch.Tensor) -> torch.Tensor:
        if m in seen:
            raise _CalledTwice()
        seen[m] = (args[0].detach(), out, args[0]._version)
        return out.clone()  # what follows may act in place (ReLU(inplace=True)); ``out`` stays the layer's

    handles = [m.register_forward_hook(record) for m in layers]
    b = xb.shape[0]
    with torch.enable_grad():
        try:
            logits = model(xb)
        except _CalledTwice:
            return None
        finally:
            for h in handles:
                h.remove()
        # the per-sample reading needs every layer called once on batch-first rows (a layer the
        # hooks did not see may still have been used through its weights), its input unchanged
        # afterwards, its output on the autograd graph, and one loss per sample
        if len(seen) != len(layers) or any(
            x.shape[0] != b or out.shape[0] != b or x._version != version or not out.requires_grad for x, out, version in seen.values()
        ):
            return None
        losses = criterion(logits, yb, reduction="none")
        if losses.shape != (b,):
            return None
        outs = torch.autograd.grad(losses.sum(), [seen[m][1] for m in layers], allow_unused=True)
    parts, sq = _layer_parts(layers, seen, outs, torch.zeros(b, dtype=losses.dtype, device=losses.device))
    _write_clipped_sum(parts, clip_factors(sq.sqrt(), clip))
    return losses.detach()


def _layer_parts(
    layers: list[nn.Module], seen: dict[nn.Module, tuple[torch.Tensor, torch.Tensor, int]], outs: tuple[torch.Tensor | None, ...], sq: torch.Tensor
) -> tuple[list[tuple[Any, ...]], torch.Tensor]:
    """For :func:`clipped_gradient_sum`: each layer's pieces of its per-sample gradients (its
    input, the patches or rows A, the output gradients G, the per-sample products when made,
    the bias gradients), and ``sq`` (B,) plus every layer's per-sample squared gradient norm."""
    parts = []
    b = sq.shape[0]
    for m, g in zip(layers, outs):
        x = seen[m][0]
        if g is None:  # the layer's output does not reach the loss
            g = torch.zeros_like(seen[m][1])
        if isinstance(m, nn.Conv2d):
            a = F.unfold(x, m.kernel_size, m.dilation, m.padding, m.stride)  # (B, C_in k k, L)
            g = g.reshape(b, g.shape[1], -1)  # (B, C_out, L)
        else:  # (B, in) or (B, ..., in): positions last
            a, g = x.reshape(b, -1, x.shape[-1]).transpose(1, 2), g.reshape(b, -1, g.shape[-1]).transpose(1, 2)
        norms, per_sample = _weight_sq_norms(a, g)
        sq += norms
        if per_sample is not None or isinstance(m, nn.Conv2d):
            a = None  # not needed for the sum: the products, or the convolution's own kernel
        bias = g.sum(2) if m.bias is not None else None  # (B, C_out)
        if bias is not None:
            sq += bias.pow(2).sum(1)
        parts.append((m, x, a, g, per_sample, bias, seen[m][1].shape))
    return parts, sq


def _write_clipped_sum(parts: list[tuple[Any, ...]], factor: torch.Tensor) -> None:
    """sum_i f_i g_i (``factor``: f, (B,)) into each layer's ``.grad`` (:func:`_layer_parts`'s pieces)."""
    for m, x, a, g, per_sample, bias, out_shape in parts:
        w = m.weight.grad
        if per_sample is not None:  # sum_i f_i (G_i A_i^T), from the products already made
            w.copy_(torch.tensordot(factor, per_sample, dims=1).view_as(w))
        elif isinstance(m, nn.Conv2d):  # the convolution's own weight-gradient kernel on f_i G_i
            gf = (g * factor.view(factor.shape[0], 1, 1)).view(out_shape)
            w.copy_(torch.nn.grad.conv2d_weight(x, m.weight.shape, gf, m.stride, m.padding, m.dilation, m.groups))
        else:
            w.copy_(torch.einsum("b,bot,bkt->ok", factor, g, a))  # a dense layer over positions
        if bias is not None:
            m.bias.grad.copy_(factor @ bias)


def _weight_sq_norms(a: torch.Tensor, g: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor | None]:
    """||G_i A_i^T||_F^2 for every sample i, with A (B, K, T) and G (B, O, T) (T positions), the
    cheaper way; and the per-sample products G_i A_i^T (B, O, K) when they were made."""
    k, t, o = a.shape[1], a.shape[2], g.shape[1]
    if t == 1:  # one position: ||g_i a_i^T|| = ||g_i|| ||a_i||
        return a.pow(2).sum((1, 2)) * g.pow(2).sum((1, 2)), None
    if o * k <= t * (k + o):  # the per-sample products are the smaller work
        per_sample = torch.bmm(g, a.transpose(1, 2))
        return per_sample.pow(2).sum((1, 2)), per_sample
    gram = torch.bmm(a.transpose(1, 2), a) * torch.bmm(g.transpose(1, 2), g)  # (B, T, T)
    return gram.sum((1, 2)), None


# --------------------------------------------------------------------------- upload mode
def privatize_upload(
    upload: dict[str, Any], reference: dict[str, torch.Tensor | None], clip: float, noise: float, generator: torch.Generator, who: str = "the algorithm"
) -> tuple[dict[str, Any], bool]:
    """The upload with its update clipped and noised: for the keys with a reference tensor,
    Delta = upload - reference over all of them jointly, Delta * min(1, C / (||Delta|| + 1e-6))
    + N(0, sigma^2 C^2) per coordinate, sent as reference + that. Keys whose reference is
    None, and non-floating values (sample counts, masks), are sent as they are; a floating
    tensor with no reference is an error (it would leave unprotected). Returns the new upload
    (new tensors: the client's own state is never touched) and whether anything was noised."""
    keys = []
    for k, v in upload.items():
        if not (isinstance(v, torch.Tensor) and v.is_floating_point()):
            continue
        if k not in reference:
            raise ValueError(
                f"--dp-mode upload: {who} uploads {k!r} but names no starting point for it; "
                "override Algorithm.upload_parts (docs/writing-an-algorithm.md) to give the tensor it started "
                "from, or UploadPart(None) to send it as it is"
            )
        ref = reference[k]
        if ref is None:
            continue
        if ref.shape != v.shape:
            raise ValueError(f"--dp-mode upload: {who}'s reference for {k!r} has shape {tuple(ref.shape)}, the upload {tuple(v.shape)}")
        keys.append(k)
    if not keys:
        return upload, False
    deltas = {k: upload[k] - reference[k].to(upload[k].dtype) for k in keys}  # type: ignore[union-attr]
    norm = torch.sqrt(sum(d.double().pow(2).sum() for d in deltas.values()))  # type: ignore[arg-type]
    factor = float(clip_factors(norm, clip))
    out = dict(upload)
    for k in keys:
        d = deltas[k]
        z = gaussian_noise(d.numel(), noise * clip, generator, d.dtype).to(d.device).view(d.shape)
        out[k] = reference[k].to(d.dtype) + d * factor + z  # type: ignore[union-attr]
    return out, True


# --------------------------------------------------------------------------- accounting
def add_history(history: list[Entry], entries: list[Entry]) -> list[Entry]:
    """A client's history with ``entries`` composed in: steps of the same (sigma, q) add up."""
    out = [list(e) for e in history]
    for sigma, q, k in entries:
        for e in out:
            if e[0] == sigma and e[1] == q:
                e[2] += int(k)
                break
        else:
            out.append([float(sigma), float(q), int(k)])
    return out


def epsilon(history: list[Entry], delta: float) -> float:
    """The (epsilon, delta)-DP epsilon of a composition of sampled Gaussian mechanisms
    [sigma, q, steps], by Opacus' RDP accountant (its default orders and its RDP -> DP
    conversion); 0 for an empty history."""
    if not history:
        return 0.0
    return _epsilon(tuple((float(s), float(q), int(k)) for s, q, k in history), float(delta))


@functools.lru_cache(maxsize=4096)
def _epsilon(history: tuple[tuple[float, float, int], ...], delta: float) -> float:
    """:func:`epsilon` of a history as a tuple: a pure function of it, computed once per
    process (a run's clients, a resumed run and a second run of the same setting share it)."""
    from opacus.accountants import RDPAccountant  # ~2 s to import: only when DP is on

    acc = RDPAccountant()
    acc.history = list(history)
    return float(acc.get_epsilon(delta))


class EpsilonCache:
    """Epsilons by history: clients with the same history (same sizes, same participations)
    share one computation, and a client's is recomputed only when its history changed."""

    def __init__(self) -> None:
        self._cache: dict[tuple, float] = {}

    @staticmethod
    def _key(history: list[Entry], delta: float) -> tuple:
        return (delta, tuple(tuple(e) for e in history))

    def get(self, history: list[Entry], delta: float) -> float:
        key = self._key(history, delta)
        if key not in self._cache:
            self._cache[key] = epsilon(history, delta)
        return self._cache[key]

    def max(self, histories: dict[int, list[Entry]], delta: float) -> float:
        """The largest epsilon over the clients: the guarantee every client's data gets.
        Histories no client has any more are forgotten."""
        out = max((self.get(h, delta) for _, h in sorted(histories.items())), default=0.0)
        live = {self._key(h, delta) for h in histories.values()}
        self._cache = {k: v for k, v in self._cache.items() if k in live}
        return out
