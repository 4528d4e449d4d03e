"""Robust aggregation: the one place where an algorithm combines other clients' vectors.

Every algorithm that averages uploads (FedAvg and its family, CO-PFL, FedAMP's per-client
cloud models, pFedSV's and FedFomo's client-side combinations, IFCA's clusters, FedEM's
components, ...) calls ``self.combine`` (the run's :class:`copfl.core.aggregation.Combiner`) with the
vectors, its own weights and whose vectors they are. The combiner then computes

* ``mean`` (default): the algorithm's weighted sum, bit for bit :func:`weighted_sum`;
* ``median``: the coordinate-wise weighted median (Yin et al., ICML 2018; weighted: the
  smallest value whose cumulative weight reaches half the total, the average of the two
  middle values when it lands exactly on half, so uniform weights give the usual median);
* ``trimmed-mean``: the coordinate-wise trimmed mean (Yin et al. 2018), trimming a
  ``fraction`` of the weight mass at each end (uniform weights: the ``fraction x n``
  smallest and largest values, as usual; an entry on the boundary counts in part);
* ``krum`` / ``multi-krum`` (Blanchard et al., NeurIPS 2017; El Mhamdi et al., ICML 2018):
  each vector scored by the sum of squared distances to its n - f - 2 nearest others
  (f = floor(fraction x n), at least 1 neighbour), the best-scored one (krum) or the ``m``
  best (multi-krum, default m = n - f) averaged with the algorithm's weights;
* ``clip``: centred clipping (Karimireddy et al., ICML 2021, one step): each vector's
  distance to the coordinate-wise weighted median is clipped to ``bound`` (default: the
  median of those distances, so half the vectors are never clipped), then the weighted mean.

The algorithm's weights are kept and robustified: a robust estimate of the weighted
location, scaled by the weights' sum (a weighted *sum* whose weights do not add to 1 stays
one). Weights may be per coordinate (an ``(n, d)`` matrix, CO-PFL's shared masks): each
coordinate is then combined over the vectors with positive weight there, and a coordinate
nobody weighs takes ``fill``.

The combiner also measures **exposure**: each combination's *effective* weights (how much of
the result each vector makes: the weights for the mean, the selected set for Krum, the share
of coordinates where a vector is the median or survives trimming, the clipped weights) are
summed over the run's attackers (copfl.extensions.attacks); the engine logs their mean over a round's
combinations as ``attacker_weight``. A combination made for an attacker (its own
personalized model) is not counted: the figure is the weight honest clients' models give to
attackers.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from copfl.core.aggregation import Combined, Combiner, Rule, columns, combine_by, weighted_mean

ROBUST_KINDS = ("mean", "median", "trimmed-mean", "krum", "multi-krum", "clip")


@dataclass(frozen=True)
class RobustConfig:
    kind: str = "mean"
    fraction: float = 0.2  # share of the combined vectors assumed Byzantine (trimmed-mean, krum's f)
    select: int | None = None  # multi-krum: vectors averaged (default n - f)
    bound: float | None = None  # clip: the distance bound (default: the median distance to the median)

    def __post_init__(self) -> None:
        if self.kind not in ROBUST_KINDS:
            raise ValueError(f"unknown robust aggregation {self.kind!r}; expected one of {', '.join(ROBUST_KINDS)}")
        if not 0.0 <= self.fraction < 0.5:
            raise ValueError(f"robust fraction must be in [0, 0.5), got {self.fraction}")
        if self.select is not None and self.select < 1:
            raise ValueError(f"multi-krum select must be >= 1, got {self.select}")
        if self.bound is not None and not self.bound > 0:
            raise ValueError(f"clip bound must be positive, got {self.bound}")


# ------------------------------------------------------------------------ the estimators
def weighted_median(values: torch.Tensor, weights: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """The coordinate-wise weighted median of the rows of ``values`` (n, d) and each row's
    share (n, d) of it (1 where it is the median, 1/2 each when two middle values average)."""
    n, d = values.shape
    w = columns(weights, n, d, values.dtype)
    v, order = values.sort(dim=0, stable=True)
    ws = w.gather(0, order)
    cum = ws.cumsum(0)
    half = cum[-1] / 2
    tol = 1e-6 * cum[-1]
    lo = (cum < half - tol).sum(0).clamp_max(n - 1)  # first position reaching half the weight
    at_half = (cum.gather(0, lo[None])[0] - half).abs() <= tol
    # on exactly half: average with the next position after lo that carries weight (n where
    # none does); one pass a position, from the last, keeps memory at O(d)
    nxt = torch.full_like(lo, n)
    for j in range(n - 1, 0, -1):
        nxt = torch.where((ws[j] > 0) & (lo < j), j, nxt)
    two = at_half & (nxt < n)
    hi = torch.where(two, nxt, lo).clamp_max(n - 1)
    a, b = v.gather(0, lo[None])[0], v.gather(0, hi[None])[0]
    out = torch.where(two, (a + b) / 2, a)
    share_sorted = torch.zeros_like(v)
    share_sorted.scatter_(0, lo[None], torch.where(two, 0.5, 1.0).to(v.dtype)[None])
    share_sorted.scatter_add_(0, hi[None], torch.where(two, 0.5, 0.0).to(v.dtype)[None])
    share = torch.zeros_like(v).scatter_(0, order, share_sorted)
    dead = cum[-1] <= 0
    share[:, dead] = 0
    return out, share


def trimmed_mean(values: torch.Tensor, weights: torch.Tensor, fraction: float) -> tuple[torch.Tensor, torch.Tensor]:
    """The coordinate-wise mean of the rows of ``values`` (n, d) after trimming ``fraction`` of
    the weight mass from each end, and each row's kept weight (n, d)."""
    n, d = values.shape
    w = columns(weights, n, d, values.dtype)
    order = values.argsort(dim=0, stable=True)
    v, ws = values.gather(0, order), w.gather(0, order)
    after = ws.cumsum(0)
    before = after - ws
    total = after[-1]
    lo, hi = fraction * total, (1 - fraction) * total
    kept = (torch.minimum(after, hi) - torch.maximum(before, lo)).clamp_min(0)
    out = (kept * v).sum(0) / kept.sum(0).clamp_min(1e-30)
    return out, torch.zeros_like(v).scatter_(0, order, kept)


def krum_scores(values: torch.Tensor, f: int) -> torch.Tensor:
    """Krum's score of each row of ``values`` (n, d): the sum of squared distances to its
    n - f - 2 nearest other rows (at least 1), in float64."""
    n = values.shape[0]
    if n == 1:
        return torch.zeros(1, dtype=torch.float64)
    x = values.double()
    dist = torch.stack([((x - x[i]) ** 2).sum(1) for i in range(n)])
    k = min(max(1, n - f - 2), n - 1)
    others = dist + torch.diag(torch.full((n,), float("inf"), dtype=torch.float64, device=x.device))
    return others.sort(dim=1).values[:, :k].sum(1).cpu()


def krum_select(values: torch.Tensor, f: int, m: int) -> list[int]:
    """The ``m`` rows with the lowest Krum scores (ties: the lower index), ascending."""
    scores = krum_scores(values, f)
    return sorted(torch.argsort(scores, stable=True)[:m].tolist())


def robust_combine(
    vectors: list[torch.Tensor], weights: torch.Tensor, config: RobustConfig, fill: torch.Tensor | None = None
) -> Combined:
    """The combination of ``vectors`` (same shape) under ``config`` with the algorithm's
    ``weights`` ((n,), or (n, d) per coordinate). With 1-D weights the robust location is
    scaled by the weights' sum (see the module docstring); coordinates with no weight take
    ``fill`` (default 0)."""
    kind = config.kind

    def estimate(x: torch.Tensor, w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        n, d = x.shape
        f = int(config.fraction * n)
        if kind == "mean":
            return weighted_mean(x, w), w
        if kind == "median":
            return weighted_median(x, w)
        if kind == "trimmed-mean":
            return trimmed_mean(x, w, config.fraction)
        if kind in ("krum", "multi-krum"):
            m = 1 if kind == "krum" else min(n, config.select or max(1, n - f))
            chosen = krum_select(x, f, m)
            keep = torch.zeros(n, 1, dtype=x.dtype, device=x.device)
            keep[chosen] = 1
            part = w * keep
            if kind == "krum" or not bool((part.sum(0) > 0).all()):  # chosen vectors without weight: uniform among them
                part = torch.where(part.sum(0, keepdim=True) > 0, part, keep.expand(n, d))
            return weighted_mean(x, part), part
        # clip
        center, _ = weighted_median(x, w)
        dist = torch.linalg.vector_norm((x - center) * (w > 0), dim=1).double()  # over the coordinates each vector counts in
        bound = config.bound if config.bound is not None else float(dist.median()) if n > 0 else 0.0
        s = torch.where(dist > bound, bound / dist.clamp_min(1e-30), torch.ones_like(dist)).to(x.dtype)
        part = w * s[:, None]
        return center + (part * (x - center)).sum(0) / w.sum(0).clamp_min(1e-30), part

    return combine_by(estimate, vectors, weights, fill)


# ------------------------------------------------------------------------ the run's rule
def robust_rule(config: RobustConfig) -> Rule:
    """The aggregation rule of ``config`` for :class:`copfl.core.aggregation.Combiner`."""
    def rule(vectors: list[torch.Tensor], weights: torch.Tensor, fill: torch.Tensor | None) -> Combined:
        return robust_combine(vectors, weights, config, fill)

    return rule


def combiner(config: RobustConfig | None = None) -> Combiner:
    """The run's combiner: the weighted mean, or ``config``'s robust estimator."""
    config = config or RobustConfig()
    rule = None if config.kind == "mean" else robust_rule(config)
    return Combiner(rule, config.kind)
