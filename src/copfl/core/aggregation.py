"""The run's aggregation rule: every combination of clients' vectors goes through one place.

An algorithm combines other clients' vectors (uploads, models, heads) only through
``self.combine``, the run's :class:`Combiner`, built once from the config: by default the
algorithm's own weighted sum, bit for bit :func:`weighted_sum`; under ``--robust`` a robust
estimator with the same weights (:mod:`copfl.extensions.robust` supplies the :data:`Rule`). The
combiner also keeps an **exposure** record: the share of each combination that comes from a
*watched* set of clients (the attackers, set by :mod:`copfl.extensions.attacks`), which the run logs.

Three ways to call it:

* ``combine(vectors, weights, sources, recipient=None, fill=None)``: the weighted sum (or the
  rule's estimate) of ``vectors``, ``vectors[i]`` from client ``sources[i]``;
* ``combine.as_written(formula, vectors, weights, sources, recipient)``: a combination the
  algorithm computes with its own formula (its reference's order of operations, bit for bit)
  under the mean, through the rule otherwise;
* ``combine.masked(previous, models, masks, alphas, sources)``: the per-coordinate average
  of models that share only their unmasked coordinates (CO-PFL, FedSelect).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch

from copfl.core.masks import aggregate_per_coordinate


@dataclass
class Combined:
    value: torch.Tensor  # the combination, shaped like the inputs
    effective: torch.Tensor  # (n,) float64: each input's share of the result (sums to 1)


# (vectors, weights (n,) or (n, d), fill) -> the combination and each vector's share
Rule = Callable[[list[torch.Tensor], torch.Tensor, "torch.Tensor | None"], Combined]


def weighted_sum(vectors: list[torch.Tensor], weights: torch.Tensor) -> torch.Tensor:
    """sum_n weights[n] * vectors[n], accumulated in the given (fixed) order."""
    out = torch.zeros_like(vectors[0])
    for v, a in zip(vectors, weights.tolist()):
        out.add_(v, alpha=a)
    return out


def share_by_column(part: torch.Tensor) -> torch.Tensor:
    """(n,) float64: each row's share of ``part`` (n, d), averaged over the columns that hold any."""
    tot = part.sum(0)
    live = tot > 0
    if not bool(live.any()):
        return torch.zeros(part.shape[0], dtype=torch.float64)
    return (part[:, live] / tot[live]).double().mean(1).cpu()


class Combiner:
    """The run's way of combining vectors and its exposure record. ``rule`` None is the
    weighted mean; ``kind`` names the rule (``"mean"``, or a robust estimator's name)."""

    def __init__(self, rule: Rule | None = None, kind: str = "mean") -> None:
        if (rule is None) != (kind == "mean"):
            raise ValueError(f"aggregation rule {kind!r}: {'a rule' if rule is None else 'no rule'} given")
        self.rule = rule
        self.kind = kind
        self.watched: frozenset[int] = frozenset()  # clients whose share of combinations is recorded
        self._shares: list[float] = []

    @property
    def active(self) -> bool:
        """True when a combination needs every vector at once (a rule) or is measured (watched
        clients): the engine then does not stream uploads into a fold."""
        return self.rule is not None or bool(self.watched)

    def __call__(
        self,
        vectors: list[torch.Tensor],
        weights: torch.Tensor,
        sources: list[int] | tuple[int, ...],
        recipient: int | None = None,
        fill: torch.Tensor | None = None,
    ) -> torch.Tensor:
        """Combine ``vectors`` (client ``sources[i]``'s is ``vectors[i]``) with the algorithm's
        ``weights`` ((n,), or (n, d) per coordinate, then normalized per coordinate and
        ``fill`` where no one has weight), for ``recipient`` (None: everyone)."""
        if len(vectors) != len(sources):
            raise ValueError(f"{len(vectors)} vectors from {len(sources)} sources")
        if self.rule is None and weights.dim() == 1 and fill is None:
            out = weighted_sum(vectors, weights)
            if self.watched:
                total = float(weights.double().sum())
                self.record(sources, weights.double().cpu() / total if total else torch.zeros(len(sources), dtype=torch.float64), recipient)
            return out
        res = (self.rule or _mean_rule)(vectors, weights, fill)
        self.record(sources, res.effective, recipient)
        return res.value

    def as_written(
        self,
        written: Callable[[], torch.Tensor],
        vectors: list[torch.Tensor],
        weights: torch.Tensor,
        sources: list[int] | tuple[int, ...],
        recipient: int | None = None,
    ) -> torch.Tensor:
        """A weighted combination the algorithm computes with its own formula (``written``: bit
        for bit its reference's order of operations) under the mean, the weights (shares summing
        to 1) recorded for the exposure; through the rule otherwise."""
        if self.rule is not None:
            return self(vectors, weights, sources, recipient)
        self.record(sources, weights, recipient)
        return written()

    def masked(
        self, previous: torch.Tensor, models: list[torch.Tensor], masks: list[torch.Tensor], alphas: torch.Tensor, sources: list[int]
    ) -> torch.Tensor:
        """The per-coordinate average of models that share only their unmasked coordinates
        (:func:`copfl.core.masks.aggregate_per_coordinate`: each coordinate over the clients sharing
        it, weights renormalized there, ``previous`` where nobody shares it); under a rule each
        coordinate is combined by it over the clients sharing it (a client's masked coordinates
        hold ``previous`` for Krum's distances)."""
        def weights() -> torch.Tensor:  # (n, d): alpha_n where client n shares the coordinate
            shared = torch.stack([(~m).to(previous.dtype) for m in masks])
            return alphas.to(device=previous.device, dtype=previous.dtype)[:, None] * shared

        if self.rule is None:
            new, _ = aggregate_per_coordinate(previous, models, masks, alphas)
            if self.watched:  # each client's share over the coordinates, as the rule's path records it
                self.record(sources, share_by_column(weights()))
            return new
        filled = [torch.where(m, previous, w) for w, m in zip(models, masks)]
        return self(filled, weights(), sources, fill=previous)

    def record(self, sources: list[int] | tuple[int, ...], effective: torch.Tensor, recipient: int | None = None) -> None:
        """Note the watched clients' share of one combination (``effective``: each source's
        share); a combination made for a watched client itself is not counted."""
        if not self.watched or (recipient is not None and recipient in self.watched):
            return
        self._shares.append(sum(float(e) for s, e in zip(sources, effective.tolist()) if s in self.watched))

    def take_shares(self) -> list[float]:
        """The exposure shares recorded since the last take, and a fresh record (a Ray worker
        sends them back to the driver's combiner, :meth:`add_shares`, in client order)."""
        shares, self._shares = self._shares, []
        return shares

    def add_shares(self, shares: list[float]) -> None:
        """Shares recorded elsewhere (a worker's combinations), appended in order."""
        self._shares.extend(shares)

    def take_exposure(self) -> float | None:
        """The watched clients' mean share over the combinations since the last call (None:
        none were made, or nobody is watched), and a fresh record."""
        shares = self.take_shares()
        return sum(shares) / len(shares) if shares else None


def columns(weights: torch.Tensor, n: int, d: int, dtype: torch.dtype) -> torch.Tensor:
    """(n, d) non-negative weights from (n,) or (n, d) ones."""
    w = weights.to(dtype)
    if w.dim() == 1:
        w = w[:, None].expand(n, d)
    if w.shape != (n, d):
        raise ValueError(f"weights of shape {tuple(weights.shape)} for {n} vectors of {d} entries")
    if bool((w < 0).any()):
        raise ValueError("robust aggregation needs non-negative weights")
    return w


def weighted_mean(values: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    """The per-column weighted mean of the rows of ``values`` (n, d) with weights ``w`` (n, d)."""
    return (w * values).sum(0) / w.sum(0).clamp_min(1e-30)


Estimate = Callable[[torch.Tensor, torch.Tensor], "tuple[torch.Tensor, torch.Tensor]"]


def combine_by(estimate: Estimate, vectors: list[torch.Tensor], weights: torch.Tensor, fill: torch.Tensor | None = None) -> Combined:
    """``estimate(x, w) -> (location, each row's share (n, d))`` of the stacked ``vectors`` x
    (n, d) with their (n, d) weights w, as a :class:`Combined`: with 1-D ``weights`` the
    location is scaled by the weights' sum (a weighted *sum* whose weights do not add to 1
    stays one); coordinates with no weight take ``fill`` (default 0)."""
    n = len(vectors)
    shape = vectors[0].shape
    x = torch.stack([v.reshape(-1) for v in vectors])
    d = x.shape[1]
    scale = 1.0 if weights.dim() == 2 else float(weights.double().sum())
    w = columns(weights.to(x.device), n, d, x.dtype)
    out, part = estimate(x, w)
    covered = w.sum(0) > 0
    if not bool(covered.all()):
        out = torch.where(covered, out, fill.reshape(-1).to(out.dtype) if fill is not None else torch.zeros_like(out))
    if scale != 1.0:
        out = out * scale
    return Combined(out.reshape(shape), share_by_column(part))


def _mean_rule(vectors: list[torch.Tensor], weights: torch.Tensor, fill: torch.Tensor | None) -> Combined:
    """The weighted mean with per-coordinate weights or a fill."""
    return combine_by(lambda x, w: (weighted_mean(x, w), w), vectors, weights, fill)
