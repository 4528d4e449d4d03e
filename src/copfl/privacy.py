"""Differential privacy as a run option: DP-SGD on the client, or a noised upload.

Two mechanisms, chosen with ``--dp-mode`` (docs/privacy.md):

* ``sgd`` (the default; PAPER-NOTES A16): DP-SGD, Abadi et al., "Deep Learning with
  Differential Privacy", CCS 2016, Algorithm 1. Every gradient a client computes on its data
  (:meth:`Workspace.loss_and_grad`, hence every algorithm that trains through it) is replaced
  by ``(sum_i clip(g_i, C) + N(0, sigma^2 C^2 I)) / B`` with ``g_i`` the per-sample gradients
  (:func:`per_sample_gradients`), ``clip(g, C) = g min(1, C / ||g||)`` (:func:`clip_factors`)
  and ``B`` the batch's size (:func:`privatize_gradient`). Accounting: per client, the
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

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch
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


def privatize_gradient(
    model: nn.Module, grads: dict[str, torch.Tensor], flat_grad: torch.Tensor, clip: float, noise: float, generator: torch.Generator
) -> None:
    """Abadi et al. (2016), Alg. 1: clip each sample's gradient to norm C (over all parameters
    jointly), sum, add N(0, sigma^2 C^2 I), divide by the batch size B. The result is left in
    ``flat_grad`` (the model's parameters' ``.grad`` are views of it)."""
    first = next(iter(grads.values()))
    b = first.shape[0]
    sq = torch.zeros(b, dtype=first.dtype, device=first.device)
    for g in grads.values():
        sq += g.reshape(b, -1).pow(2).sum(1)
    factor = clip_factors(sq.sqrt(), clip)
    for n, p in model.named_parameters():
        g = grads[n]
        p.grad.copy_(torch.tensordot(factor, g, dims=1))  # type: ignore[union-attr]
    if noise > 0:
        flat_grad.add_(gaussian_noise(flat_grad.numel(), noise * clip, generator, flat_grad.dtype).to(flat_grad.device))
    flat_grad.div_(b)


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
                f"--dp-mode upload: {who} uploads {k!r} but its dp_reference names no starting point for it; "
                "override Algorithm.dp_reference (docs/writing-an-algorithm.md) to return the tensor it started "
                "from, or None to send it as it is"
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
    from opacus.accountants import RDPAccountant  # ~2 s to import: only when DP is on

    acc = RDPAccountant()
    acc.history = [(float(s), float(q), int(k)) for s, q, k in history]
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
