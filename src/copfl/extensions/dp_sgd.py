"""DP-SGD: Abadi et al., "Deep Learning with Differential Privacy", CCS 2016, Algorithm 1, as
the workspace's gradient stage (:class:`copfl.core.workspace.GradientStage`). The run extension
:class:`copfl.extensions.privacy_hooks.DPSGD` installs a :class:`DPSGDSession` on the workspace
around each client's work; every gradient the client computes on its data
(:meth:`Workspace.loss_and_grad`, hence every algorithm that trains through it) is then
replaced by ``(sum_i clip(g_i, C) + N(0, sigma^2 C^2 I)) / B`` with ``g_i`` the per-sample
gradients (:func:`per_sample_gradients`), ``clip(g, C) = g min(1, C / ||g||)``
(:func:`copfl.extensions.privacy.clip_factors`) and ``B`` the batch's size
(:func:`clip_and_sum`, :func:`noise_and_average`). When every parameter sits in a ``Linear`` or
``Conv2d`` layer and the loss is the run's criterion, the clipped sum is computed without the
per-sample gradients of the large layers (:func:`clipped_gradient_sum`: per-sample norms from
each layer's inputs and output gradients, then the clip-weighted sum; the same value as the
per-sample path to float rounding, several times faster on a CPU). The settings, the
accountant and upload-mode DP: :mod:`copfl.extensions.privacy`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

from copfl.core.train_hooks import FeatureLoss, LossFn
from copfl.core.workspace import GradientStage, Workspace
from copfl.extensions.privacy import Entry, clip_factors, gaussian_noise


@dataclass
class DPSGDSession(GradientStage):
    """DP-SGD for one client's phase of a round: the DP-SGD run extension installs it on the
    workspace (:attr:`Workspace.gradient_stage`) before the client's step, and reads the noisy
    steps it took.

    ``rate`` is the sampling rate of the current pass, set through :meth:`sampling` by
    :meth:`Workspace.batches` (``batch_size / len(data)``); a step outside such a pass uses
    ``len(batch) / num_train``."""

    clip: float
    noise: float
    generator: torch.Generator
    num_train: int
    rate: float | None = None
    steps: dict[float, int] = field(default_factory=dict)  # sampling rate -> noisy steps

    def sampling(self, batch_size: int, n: int) -> None:
        """DP-SGD's sampling rate q = B / n for the steps that follow."""
        self.rate = min(1.0, batch_size / max(n, 1))

    def count(self, batch: int) -> None:
        """One noisy step on a batch of ``batch`` samples, at the current sampling rate."""
        q = self.rate if self.rate is not None else min(1.0, batch / max(self.num_train, 1))
        self.steps[q] = self.steps.get(q, 0) + 1

    def history(self) -> list[Entry]:
        """The session's steps as privacy-history entries [sigma, q, steps]."""
        return [[self.noise, q, k] for q, k in sorted(self.steps.items())]

    def loss_and_grad(
        self, ws: Workspace, xb: torch.Tensor, yb: torch.Tensor,
        loss_fn: LossFn | None, feature_loss: FeatureLoss | None, tap: list[torch.Tensor] | None,
    ) -> torch.Tensor:
        """The privatized gradient of the batch in ``ws.flat.grad`` (per-sample gradients
        clipped, summed, noised, divided by the batch's size), the step counted; returns the
        mean of the per-sample losses. The run's criterion takes the fast path
        (:func:`clipped_gradient_sum`) when the model allows it, the rest the per-sample one."""
        losses = None
        if loss_fn is None and feature_loss is None:  # the run's criterion: the fast path when the model allows it
            losses = clipped_gradient_sum(ws.model, ws.criterion, xb, yb, self.clip)
        if losses is None:
            grads, losses = per_sample_gradients(ws.model, loss_fn or ws.criterion, xb, yb, feature_loss, tap)
            clip_and_sum(ws.model, grads, self.clip)
        noise_and_average(ws.flat.grad, len(yb), self.clip, self.noise, self.generator)
        self.count(len(yb))
        return losses.mean()


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


# --------------------------------------------------------------------------- the fast path (ghost clipping)
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
