"""Differential privacy as a run option: its settings, upload-mode DP and the accountant.

Two mechanisms, chosen with ``--dp-mode`` (docs/privacy.md):

* ``sgd`` (the default; pFedSV/DPAO-PFL reading note A16, docs/papers/reading-notes.md): DP-SGD, Abadi et al., "Deep Learning with
  Differential Privacy", CCS 2016, Algorithm 1: every gradient a client computes on its data
  is privatized (per-sample gradients clipped, summed, noised, divided by the batch's size),
  in :mod:`copfl.extensions.dp_sgd`. Accounting: per client, the sampled Gaussian mechanism
  with rate ``q = B / n_i`` composed over its noisy steps, with Opacus' RDP accountant
  (Mironov 2017; Mironov, Talwar, Zhang 2019).
* ``upload``: the client's update (its upload minus what it started from, every privatized
  tensor of the upload jointly) is clipped to norm C and N(0, sigma^2 C^2) is added to each
  uploaded coordinate (:func:`privatize_upload`); the client keeps its clean model in its own
  state. Accounting: each participation is a Gaussian mechanism of L2 sensitivity C (user
  level), composed over the client's participations (RDP at sampling rate 1, i.e. zCDP
  rho = k / (2 sigma^2)).

This module holds what both share: the settings and their checks (:class:`DPConfig`,
:func:`check_model`), the clip factor and the noise (:func:`clip_factors`,
:func:`gaussian_noise`), and the accountant (:func:`epsilon`, :class:`EpsilonCache`).

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
from dataclasses import dataclass
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


# --------------------------------------------------------------------------- clip and noise (both modes)
def clip_factors(norms: torch.Tensor, clip: float) -> torch.Tensor:
    """Abadi et al. (2016), Alg. 1, "clip gradient": g / max(1, ||g|| / C) = g * min(1, C / ||g||);
    Opacus' form ``min(1, C / (||g|| + 1e-6))`` (no division by zero)."""
    return (clip / (norms + 1e-6)).clamp(max=1.0)


def gaussian_noise(numel: int, std: float, generator: torch.Generator, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    """N(0, std^2) for ``numel`` coordinates, drawn on the CPU from ``generator`` (the same
    numbers on every device), in the flat vector's order."""
    return torch.randn(numel, generator=generator, dtype=dtype) * std



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
