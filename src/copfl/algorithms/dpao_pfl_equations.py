"""DPAO-PFL's equations (docs/papers/reading-notes.md, D1-D19), each a function checked against
values computed by hand in tests/test_dpao_pfl.py: the adaptive parameter decomposition
(phi units, theta = theta_g * phi + theta_l), the EWC Fisher information and the path score,
the normalized importance Omega, the penalty of eqs. (8)/(10), the critical mask and the
refresh triggers. The strategy that uses them is :mod:`copfl.algorithms.dpao_pfl`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import torch
from torch import nn

from copfl.core.params import FlatParams


# ---------------------------------------------------------------------------- decomposition
@dataclass(frozen=True)
class Units:
    """Which phi unit each coordinate of the flat vector belongs to (:func:`unit_index`).

    ``index`` (int64, d): the unit, -1 where not decomposed; ``decomposed`` (bool, d);
    ``count``: the number of units. A unit's coordinates come in runs (a weight row is
    contiguous in the flat vector, channels-last kernels included: dim 0 is outermost), and
    runs of one length with consecutive units form ``blocks`` (offset, runs, run length, first
    unit): one block per weight or bias tensor, one per row of an embedding. Expanding phi to
    coordinates is then one broadcast copy per block into a (runs, length) view of the flat
    vector, and summing over units one row sum per block: a handful of vector operations,
    ~10x faster than a gather and a scatter over d."""

    index: torch.Tensor
    decomposed: torch.Tensor
    count: int
    blocks: tuple[tuple[int, int, int, int], ...]

    @classmethod
    def from_index(cls, index: torch.Tensor, count: int) -> Units:
        d = index.numel()
        start = torch.ones(d, dtype=torch.bool, device=index.device)
        start[1:] = index[1:] != index[:-1]
        starts = start.nonzero().squeeze(1)
        lens = torch.diff(torch.cat([starts, torch.tensor([d], device=index.device)]))
        unit = index[starts]
        # a run continues its predecessor's block: same length, the next unit, both decomposed
        cont = torch.zeros(len(starts), dtype=torch.bool, device=index.device)
        cont[1:] = (lens[1:] == lens[:-1]) & (unit[1:] == unit[:-1] + 1) & (unit[1:] >= 0) & (unit[:-1] >= 0)
        first = (~cont).nonzero().squeeze(1).tolist()
        ends = first[1:] + [len(starts)]
        starts_l, lens_l, unit_l = starts.tolist(), lens.tolist(), unit.tolist()
        blocks = tuple((starts_l[i], j - i, lens_l[i], unit_l[i]) for i, j in zip(first, ends) if unit_l[i] >= 0)
        return cls(index, index >= 0, count, blocks)


def unit_index(flat: FlatParams, model: nn.Module, per_element: bool = False) -> Units:
    """The phi units of a model's flat vector (D8).

    One unit per output unit of a layer: dim 0 of convolution, linear and LSTM weights and of
    their biases (a weight's row u and bias u share unit u; an LSTM's layer l and its reverse
    direction have their own units), dim 1 of an embedding. Normalization affine parameters
    are not decomposed (unit -1: theta = theta_g there). ``per_element``: one unit per
    decomposed coordinate (D8's option)."""
    d = flat.numel
    index = torch.full((d,), -1, dtype=torch.int64, device=flat.device)
    modules = dict(model.named_modules())
    units: dict[tuple[str, str], int] = {}
    count = 0
    for s, stride in zip(flat.slices, flat.strides):
        if s.kind == "norm":
            continue
        pname = s.name[len(s.module) + 1 :] if s.module else s.name
        dim = 1 if isinstance(modules.get(s.module), nn.Embedding) else 0
        tag = re.search(r"_l\d+(_reverse)?$", pname)
        key = (s.module, tag.group(0) if tag else "")
        size = s.shape[dim] if s.shape else 1
        if key not in units:
            units[key] = count
            count += size
        base = units[key]
        if s.shape:
            shape = [1] * len(s.shape)
            shape[dim] = size
            ids = torch.arange(base, base + size, device=flat.device).view(shape).expand(s.shape)
        else:
            ids = torch.tensor(base, device=flat.device)
        torch.as_strided(index, s.shape, stride, s.offset).copy_(ids)
    if per_element:
        dec = index >= 0
        index = torch.where(dec, torch.cumsum(dec.long(), 0) - 1, index)
        count = int(dec.sum())
    return Units.from_index(index, count)


def phi_full(phi_raw: torch.Tensor, units: Units, out: torch.Tensor | None = None) -> torch.Tensor:
    """phi = sigmoid(phi_raw) broadcast from units to coordinates (1 where not decomposed),
    written into ``out`` when given (its non-decomposed coordinates must hold 1)."""
    sig = torch.sigmoid(phi_raw)
    if out is None:
        out = torch.ones(units.index.numel(), dtype=phi_raw.dtype, device=phi_raw.device)
    for offset, runs, length, u in units.blocks:
        out[offset : offset + runs * length].view(runs, length).copy_(sig[u : u + runs, None])
    return out


def compose(theta_g: torch.Tensor, phi: torch.Tensor, theta_l: torch.Tensor) -> torch.Tensor:
    """Eq. (1) / (9): theta = theta_g (.) phi + theta_l (phi already broadcast to coordinates)."""
    return torch.addcmul(theta_l, theta_g, phi)


def decompose_init(w_s: torch.Tensor, units: Units, phi0: float = 0.5) -> tuple[torch.Tensor, torch.Tensor]:
    """The decomposition's start (D7, function-preserving): theta_g = w_s, phi = phi0 on every
    unit (phi_raw = logit(phi0)), theta_l = (1 - phi) (.) w_s, so theta = w_s exactly in exact
    arithmetic (to float rounding in float32). Returns (phi_raw, theta_l); theta_l is 0 where
    not decomposed."""
    phi_raw = torch.full((units.count,), math.log(phi0 / (1.0 - phi0)), dtype=w_s.dtype, device=w_s.device)
    theta_l = torch.where(units.decomposed, (1.0 - phi_full(phi_raw, units)) * w_s, torch.zeros((), dtype=w_s.dtype, device=w_s.device))
    return phi_raw, theta_l


def phi_raw_grad(g: torch.Tensor, theta_g: torch.Tensor, phi_raw: torch.Tensor, units: Units) -> torch.Tensor:
    """dL/dphi_raw[u] = sigmoid'(phi_raw[u]) * sum over the coordinates k of unit u of
    g_k theta_g,k (g = dL/dtheta): one row sum per block of :class:`Units`."""
    acc = torch.zeros(units.count, dtype=g.dtype, device=g.device)
    for offset, runs, length, u in units.blocks:
        end = offset + runs * length
        # row-wise dot products, without a d-sized temporary
        acc[u : u + runs] += torch.bmm(g[offset:end].view(runs, 1, length), theta_g[offset:end].view(runs, length, 1)).view(runs)
    sig = torch.sigmoid(phi_raw)
    return acc * sig * (1.0 - sig)


# ---------------------------------------------------------------------------- importance
def ewc_fisher_update(fisher: torch.Tensor, grad: torch.Tensor, alpha: float) -> torch.Tensor:
    """Eq. (3), EWC++: F <- alpha F + (1 - alpha) g^2 (alpha on the OLD value; the paper's best
    alpha is 0.85), from the batch-mean data-loss gradient g w.r.t. the shared part (D9). In
    place; returns ``fisher``."""
    return fisher.mul_(alpha).addcmul_(grad, grad, value=1.0 - alpha)


class PathScore:
    """Eq. (4), the path-integral sensitivity over windows of steps (RWalk's score):
    s += sum_t (-g_t (.) dtheta_t) / (1/2 F (.) (theta_t2 - theta_t1)^2 + eps) per window of
    ``window`` steps (D9: dt = 10 steps, eps = 1e-8), from the data-loss gradient g_t before
    step t and the step's change dtheta_t. A trailing partial window counts at the end."""

    def __init__(self, start: torch.Tensor, window: int = 10, eps: float = 1e-8) -> None:
        self.window, self.eps = window, eps
        self.score = torch.zeros_like(start)
        self.numerator = torch.zeros_like(start)
        self.anchor = start.clone()
        self._buffer = torch.empty_like(start)
        self.steps = 0

    def step(self, grad: torch.Tensor, change: torch.Tensor, fisher: torch.Tensor, theta: torch.Tensor, scale: float = -1.0) -> None:
        """One training step: the numerator gains ``scale`` (.) ``grad`` (.) ``change``, with
        ``grad`` taken before the step. By default (scale -1) ``change`` is the step's change
        delta; a plain SGD step theta <- theta - lr u passes ``change = u, scale = lr``
        (delta = -lr u, never materialized)."""
        self.numerator.addcmul_(grad, change, value=scale)  # += -grad (.) delta
        self.steps += 1
        if self.steps % self.window == 0:
            self.close(fisher, theta)

    def close(self, fisher: torch.Tensor, theta: torch.Tensor) -> None:
        """End the current window at ``theta``: add its score, start the next one there."""
        den = torch.sub(theta, self.anchor, out=self._buffer)
        den.mul_(den).mul_(fisher).mul_(0.5).add_(self.eps)  # 1/2 F (theta_t2 - theta_t1)^2 + eps
        self.score.addcdiv_(self.numerator, den)
        self.numerator.zero_()
        self.anchor.copy_(theta)

    def finish(self, fisher: torch.Tensor, theta: torch.Tensor) -> torch.Tensor:
        """The round's score s (closing a partial last window)."""
        if self.steps % self.window:
            self.close(fisher, theta)
        return self.score


def combine_scores(previous: torch.Tensor | None, score: torch.Tensor) -> torch.Tensor:
    """Eq. (5): S = 1/2 (s^(tau1) + s^(tau2)), the previous round's S and this round's score;
    at a client's first scored round S = s."""
    return score.clone() if previous is None else 0.5 * (previous + score)


def importance(fisher: torch.Tensor, path: torch.Tensor, normalize: str = "max", slices: list[tuple[int, int]] | None = None) -> torch.Tensor:
    """Omega = F normalized to [0, 1] + relu(S) normalized to [0, 1] (the inline formula after
    eq. (5); D2). ``max`` (default, RWalk's): each divided by its maximum over all shared
    coordinates; ``minmax-tensor``: (x - min) / (max - min) within each parameter tensor
    (``slices``: (offset, end) pairs). An all-zero term stays zero."""
    s = path.clamp(min=0.0)
    if normalize == "max":
        return _safe_div(fisher, fisher.max()) + _safe_div(s, s.max())
    assert slices is not None, "minmax-tensor needs the parameter slices"
    out = torch.zeros_like(fisher)
    for a, b in slices:
        for term in (fisher[a:b], s[a:b]):
            lo, hi = term.min(), term.max()
            out[a:b] += _safe_div(term - lo, hi - lo)
    return out


def _safe_div(x: torch.Tensor, m: torch.Tensor) -> torch.Tensor:
    return x / m if float(m) > 0 else torch.zeros_like(x)


def penalty_grad(w_g: torch.Tensor, w_s: torch.Tensor, omega: torch.Tensor, lam: float, form: str = "eq8") -> torch.Tensor:
    """The gradient of the importance penalty on the shared part: eq. (8)'s
    lambda/2 sum Omega (w_g - w_s)^2 gives lambda Omega (w_g - w_s) (D1 default); eq. (10)'s
    lambda sum Omega (w_g - w_s)^2 gives 2 lambda Omega (w_g - w_s)."""
    scale = lam if form == "eq8" else 2.0 * lam
    return omega * (w_g - w_s) * scale


def penalty_value(w_g: torch.Tensor, w_s: torch.Tensor, omega: torch.Tensor, lam: float, form: str = "eq8") -> float:
    """Eq. (8) (lambda/2 sum Omega (w_g - w_s)^2) or eq. (10) (lambda sum ...)."""
    scale = lam / 2.0 if form == "eq8" else lam
    diff = w_g - w_s
    return float(scale * (omega * diff * diff).sum())


def critical_mask(omega: torch.Tensor, fraction: float) -> torch.Tensor:
    """D10's option: 1 on the top ``fraction`` of coordinates by Omega (ties broken by index),
    0 elsewhere (the "30% critical parameters" that take part in back-propagation)."""
    k = max(1, int(round(fraction * omega.numel())))
    mask = torch.zeros_like(omega)
    mask[torch.topk(omega, k, sorted=False).indices] = 1.0
    return mask


# ---------------------------------------------------------------------------- the trigger
def forced_refresh(round: int, start: int, span: int = 2) -> bool:
    """D6: the importance is refreshed in the ``span`` rounds before and after the
    decomposition start round ``start`` (rounds count from 1: rounds 1-4 for start 2)."""
    return max(1, start - span) <= round <= start + span


def peak_stable(losses: list[float], armed: bool, window: int = 5, rise: float = 0.05, flat: float = 0.05) -> tuple[bool, bool]:
    """The server's peak-stable event trigger (Sec. 4.3; the rule is not given: D5), decided at
    the end of a round from the history of the round losses (latest last).

    The trigger is armed at the start and whenever a round's loss rises more than ``rise``
    (5%) over the previous round's (a peak). It fires when armed and the current window of the
    last ``window`` rounds has settled below the window before it: mu_cur + sigma_cur < mu_prev
    (population standard deviation) with every round-to-round change inside the current
    window below ``flat`` (5%) relative; firing disarms it. Returns (fired, armed)."""
    if len(losses) >= 2 and losses[-1] > losses[-2] * (1.0 + rise):
        armed = True
    if not armed or len(losses) < 2 * window:
        return False, armed
    cur = torch.tensor(losses[-window:], dtype=torch.float64)
    prev = torch.tensor(losses[-2 * window : -window], dtype=torch.float64)
    mu, sigma = float(cur.mean()), float(cur.std(unbiased=False))
    steady = all(abs(b - a) < flat * abs(a) for a, b in zip(losses[-window:-1], losses[-window + 1 :]))
    if mu + sigma < float(prev.mean()) and steady:
        return True, False
    return False, armed
