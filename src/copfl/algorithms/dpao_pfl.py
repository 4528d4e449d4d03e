"""DPAO-PFL: additive parameter decomposition with importance-weighted regularization.

The DPAO-PFL paper (``papers/dpao-pfl.txt``): its Algorithms 1-2 are images missing from the
text and its equation numbers were lost; ``PAPER-NOTES-pfedsv-dpao.md`` rebuilds the procedure
from the prose (equations (1)-(10) in the order they appear) and lists the ambiguities D1-D19.
No public implementation exists. ``docs/algorithms/dpao-pfl.md`` maps every equation and
choice to the functions below.

A round, as copfl runs it:

* ``broadcast``: the global shared model w_s, whether this is an importance-refresh round, and
  the global importance Omega when the client does not hold its latest version (D3).
* ``client_update``: before the decomposition round (``decompose_from``, 2) the client trains
  the whole model from w_s as FedAvg does. At its first participation from that round on it
  decomposes every layer function-preservingly (:func:`decompose_init`, D7):
  theta = theta_g (.) phi + theta_l (eq. 1/9, :func:`compose`), phi = sigmoid(phi_raw) per
  output unit (D8, :func:`unit_index`). Each round theta_g <- w_s and the three tensors are
  trained together (:meth:`DPAOPFL.train_decomposed`) on the data loss plus the penalty
  lambda/2 sum_k Omega_k (w_g,k - w_s,k)^2 on the shared part (eq. 8, :func:`penalty_grad`,
  D1). Every step updates the EWC++ Fisher (eq. 3, :func:`ewc_fisher_update`) and the
  path-integral score (eq. 4, :class:`PathScore`); the round's score joins the previous one
  (eq. 5, :func:`combine_scores`). On refresh rounds the client computes its importance
  Omega_i = F / max F + relu(S) / max relu(S) (:func:`importance`, D2) and uploads it with
  w_g (D3 default; ``importance="own"`` keeps it instead). phi and theta_l never leave the
  client: the upload is w_g (d floats, as FedAvg's), its sample count and its training loss.
* ``aggregate``: w_s = the sample-weighted average of the w_g; Omega = the sample-weighted
  average of the uploaded Omega_i on refresh rounds; the round's training loss joins the
  trigger's window and the peak-stable test (:func:`peak_stable`, D5) decides whether the
  next round refreshes the importance.
* Evaluation (D15): w_s (.) phi_i + theta_l,i for a decomposed client, w_s otherwise.

Refresh rounds (when the clients recompute Omega): the forced rounds around the
decomposition start (:func:`forced_refresh`, D6: rounds 1-4 for a start at round 2), plus the
rounds after the trigger fired (``refresh="trigger"``) or every ``interval`` rounds
(``refresh="interval"``: the paper's interval(1), (5), (20) ablations).

Ablations are options: ``decompose=False`` (w/o APD: one shared model, penalty kept),
``lam=0`` (w/o DPAO), ``refresh="interval"`` with ``interval`` K. With ``decompose=False`` and
``lam=0`` a round is FedAvg's bit for bit (the importance statistics are side computations).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import torch
from torch import nn

from copfl.algorithms.base import (
    Algorithm, ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, Setup, UploadPart, UploadParts, get_weighting,
    register, require,
)
from copfl.params import FlatParams
from copfl.workspace import TrainStats, make_optimizer
from copfl.search import log_float, sgd_space, uniform

REFRESH = ("trigger", "interval")
IMPORTANCE = ("global", "own")
NORMALIZE = ("max", "minmax-tensor")
PENALTY = ("eq8", "eq10")
PHI = ("unit", "element")
GATES = ("refresh", "uploads")

# Elementwise operations per shared coordinate per step that DPAO-PFL adds to a training step
# (recompose theta; g_g = phi g; Fisher EMA; path numerator; penalty; theta_l and phi
# gradients; the three parameter updates instead of one): about 20 floating-point operations.
EXTRA_FLOPS_PER_COORDINATE = 20


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


# ---------------------------------------------------------------------------- strategy
@dataclass(frozen=True)
class DPAOPFLConfig:
    lam: float = 0.01  # lambda of eq. (8) (D14: Fig. 6c's best 0.01; the text says "initialized to 1")
    fisher_alpha: float = 0.85  # EWC++ Fisher decay alpha of eq. (3) (the paper's best; --alpha is the Dirichlet concentration)
    decompose: bool = True  # the additive parameter decomposition (False: the w/o APD ablation)
    decompose_from: int = 2  # the round the decomposition (and the penalty) starts (the paper: 2)
    phi: str = "unit"  # phi per output unit (eq. 1) | element (D8's option)
    phi0: float = 0.5  # phi at the decomposition's start (D7: theta_l = (1 - phi0) w_s)
    refresh: str = "trigger"  # when importance is refreshed: trigger (peak-stable, D5) | interval
    interval: int = 5  # refresh="interval": every K rounds (the paper's interval(1), (5), (20))
    window: int = 5  # trigger window W (rounds)
    rise: float = 0.05  # trigger: a round-to-round rise above this arms it (a peak)
    flat: float = 0.05  # trigger: every change inside the window below this (stable)
    importance: str = "global"  # D3: global (clients upload Omega_i on refresh rounds, the server averages) | own
    normalize: str = "max"  # D2: max (RWalk) | minmax-tensor
    penalty: str = "eq8"  # D1: eq8 (lambda/2) | eq10 (lambda)
    path_window: int = 10  # D9: steps per path-score window
    gate: str = "refresh"  # D4: what the trigger gates: refresh | uploads (upload only significant changes)
    upload_threshold: float = 0.05  # gate="uploads": upload when ||w_g - w_s|| / ||w_s|| exceeds this
    critical_fraction: float = 0.0  # D10's option: train only the top fraction of w_g by Omega (0 = off)
    weighting: str = "samples"  # aggregation weights: samples (the paper) | uniform

    def __post_init__(self) -> None:
        checks = [
            (self.lam >= 0, f"lam must be >= 0, got {self.lam}"),
            (0.0 <= self.fisher_alpha < 1.0, f"fisher_alpha must be in [0, 1), got {self.fisher_alpha}"),
            (self.decompose_from >= 1, f"decompose_from must be a round >= 1, got {self.decompose_from}"),
            (self.phi in PHI, f"phi must be one of {', '.join(PHI)}, got {self.phi!r}"),
            (0.0 < self.phi0 < 1.0, f"phi0 must be in (0, 1), got {self.phi0}"),
            (self.refresh in REFRESH, f"refresh must be one of {', '.join(REFRESH)}, got {self.refresh!r}"),
            (self.interval >= 1, f"interval must be >= 1 round, got {self.interval}"),
            (self.window >= 2, f"window must be >= 2 rounds, got {self.window}"),
            (self.rise >= 0 and self.flat > 0, f"rise must be >= 0 and flat > 0, got {self.rise}, {self.flat}"),
            (self.importance in IMPORTANCE, f"importance must be one of {', '.join(IMPORTANCE)}, got {self.importance!r}"),
            (self.normalize in NORMALIZE, f"normalize must be one of {', '.join(NORMALIZE)}, got {self.normalize!r}"),
            (self.penalty in PENALTY, f"penalty must be one of {', '.join(PENALTY)}, got {self.penalty!r}"),
            (self.path_window >= 1, f"path_window must be >= 1 step, got {self.path_window}"),
            (self.gate in GATES, f"gate must be one of {', '.join(GATES)}, got {self.gate!r}"),
            (self.upload_threshold >= 0, f"upload_threshold must be >= 0, got {self.upload_threshold}"),
            (0.0 <= self.critical_fraction <= 1.0, f"critical_fraction must be in [0, 1], got {self.critical_fraction}"),
        ]
        require([(ok, f"DPAO-PFL {msg}") for ok, msg in checks])
        get_weighting(self.weighting)


@register
class DPAOPFL(Algorithm):
    name = "dpao-pfl"
    description = "DPAO-PFL: additive decomposition theta_g*phi + theta_l, EWC++/path-integral importance penalty, peak-stable refresh trigger"
    Config = DPAOPFLConfig
    search_space = {**sgd_space(paper_lr=0.01, momentum=False), "lam": log_float(1e-4, 1.0, paper=0.01), "fisher_alpha": uniform(0.5, 0.99, paper=0.85), "upload_threshold": uniform(0.0, 0.2, paper=0.05)}  # copfl tune (docs/tuning.md)
    # no warmup: though its figure at rounds 1-6 ranks the final one less well than FedAvg's (Spearman
    # 0.67-0.79 against 0.81-0.95; FEMNIST, 20 writers, 10 rounds), the pruner kept its best of ten
    # settings in 50 of 50 bracket draws at round 1 (benchmarks/pruning_check.py, docs/results/pruning-check-femnist.json)
    search_warmup = 0.0
    # The paper: plain SGD at lr 0.01 for every method (D14), batch 64 (set with --batch-size).
    run_defaults = {"optimizer": "sgd", "lr": 0.01, "momentum": 0.0}

    def __init__(self, config: DPAOPFLConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        ws = setup.workspace
        self.units = unit_index(ws.flat, ws.model, per_element=config.phi == "element")
        self.all_decomposed = bool(self.units.decomposed.all())
        self.dec_float = self.units.decomposed.to(ws.params.dtype)
        # the runs of coordinates that are not decomposed (normalization parameters)
        edges = torch.diff(torch.cat([torch.tensor([0]), (~self.units.decomposed).long().cpu(), torch.tensor([0])]))
        self.plain = [slice(a, b) for a, b in zip((edges == 1).nonzero().flatten().tolist(), (edges == -1).nonzero().flatten().tolist())]
        self.slices = [(s.offset, s.end) for s in ws.flat.slices]
        self.weigh = get_weighting(config.weighting)
        self.dim = ws.flat.numel

    # -------------------------------------------------------------- server
    def init_server(self, init: torch.Tensor) -> ServerState:
        return {
            "params": init.clone(),
            "omega": torch.zeros(0, device=self.device),  # no global importance yet
            "omega_version": 0,
            "losses": torch.zeros(0, dtype=torch.float64, device=self.device),  # the trigger's signal
            "armed": True,
            "refresh_next": False,
        }

    def is_refresh(self, round: int, server: ServerState) -> bool:
        c = self.config
        if forced_refresh(round, c.decompose_from):
            return True
        if c.refresh == "interval":
            return round % c.interval == 0
        return bool(server["refresh_next"])

    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        msg: Message = {"params": server["params"]}
        if ctx.phase != "train":
            return msg
        msg["refresh"] = int(self.is_refresh(ctx.round, server))
        version = int(server["omega_version"])
        if self.config.importance == "global" and version:
            known = (ctx.store.get(client) or {}).get("omega_version", 0)
            msg["omega_version"] = version
            if known != version:  # the client's copy is stale: send the new Omega (d floats)
                msg["omega"] = server["omega"]
        return msg

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, float]]:
        c = self.config
        new = dict(server)
        refreshed = self.is_refresh(ctx.round, server)
        models = [(i, u) for i, u in uploads if "params" in u]
        if models:
            new["params"] = self.combine([u["params"] for _, u in models], self.weigh(models), [i for i, _ in models])
        logs: dict[str, float] = {"importance_refresh": int(refreshed)}
        # every participant holds the Omega version it was sent this round
        if c.importance == "global" and int(server["omega_version"]):
            for i in ctx.participants:
                ctx.store.put(i, {"omega_version": int(server["omega_version"])})
        omegas = [(i, u) for i, u in uploads if "omega" in u]
        if omegas:
            new["omega"] = self.combine([u["omega"] for _, u in omegas], self.weigh(omegas), [i for i, _ in omegas])
            new["omega_version"] = int(server["omega_version"]) + 1
            logs["importance_std"] = float(new["omega"].std(unbiased=False))
        # the trigger's signal: the participants' sample-weighted mean training loss
        w = self.weigh(uploads)
        loss = float(sum(float(u["loss"]) * float(a) for (_, u), a in zip(uploads, w)))
        losses = torch.cat([server["losses"], torch.tensor([loss], dtype=torch.float64, device=self.device)])
        fired, armed = peak_stable(losses.tolist(), bool(server["armed"]), c.window, c.rise, c.flat)
        new.update(losses=losses, armed=armed, refresh_next=fired)
        logs["trigger_fired"] = int(fired)
        return new, logs

    # -------------------------------------------------------------- client
    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """The upload pipeline (--dp-mode upload, attacks): w_g against the w_s it started from;
        Omega_i is sent as it is (a statistic, not a model)."""
        return UploadParts({"params": UploadPart(message["params"]), "omega": UploadPart(None)})

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        c = self.config
        w_s = message["params"]
        state = dict(state)
        if "omega" in message:
            state["omega"], state["omega_version"] = message["omega"].clone(), int(message["omega_version"])
        omega = state.get("omega") if c.lam > 0 else None
        critical = critical_mask(omega, c.critical_fraction) if omega is not None and c.critical_fraction > 0 else None
        if c.decompose and ctx.round >= c.decompose_from and "theta_l" not in state:
            state["phi_raw"], state["theta_l"] = decompose_init(w_s, self.units, c.phi0)
        if "theta_l" in state:
            stats, w_g, path = self.train_decomposed(ctx, w_s, state, omega, critical)
        else:
            stats, w_g, path = self.train_whole(ctx, w_s, state, omega, critical)
        state["path"] = combine_scores(state.get("path"), path)
        upload: Message = {"loss": stats.mean_loss, "num_samples": ctx.data.num_train}
        if int(message.get("refresh", 0)):
            own = importance(state["fisher"], state["path"], c.normalize, self.slices)
            ctx.logs["importance_std"] = float(own.std(unbiased=False))
            if c.importance == "global":
                upload["omega"] = own
            else:
                state["omega"] = own
        if c.gate == "uploads":
            change = float((w_g - w_s).norm()) / max(float(w_s.norm()), 1e-12)
            ctx.logs["relative_change"] = change
            if change > c.upload_threshold:
                upload["params"] = w_g
        else:
            upload["params"] = w_g
        ctx.logs["extra_flops"] = EXTRA_FLOPS_PER_COORDINATE * self.dim * stats.steps
        return ClientResult(upload, state, stats)

    def _penalty(self, omega: torch.Tensor | None, w_s: torch.Tensor):
        c = self.config
        if omega is None:
            return None
        scale = c.lam if c.penalty == "eq8" else 2.0 * c.lam
        weight = omega * scale  # lambda Omega (eq. 8), once per round
        anchor = weight * w_s  # so that a step adds weight (.) w - anchor: no d-sized temporary

        def add(w: torch.Tensor, grad: torch.Tensor, out: torch.Tensor | None = None) -> None:
            """grad + lambda Omega (w - w_s), in place or into ``out``."""
            torch.addcmul(grad, weight, w, out=grad if out is None else out).sub_(anchor)

        return add

    def train_whole(
        self, ctx: ClientContext, w_s: torch.Tensor, state: ClientState, omega: torch.Tensor | None, critical: torch.Tensor | None
    ) -> tuple[TrainStats, torch.Tensor, torch.Tensor]:
        """Training without decomposition (rounds before ``decompose_from``, and the w/o APD
        ablation): the whole model from w_s, FedAvg's loop, with the penalty (when Omega exists
        and lambda > 0) and the Fisher and path statistics on the whole model."""
        c = self.config
        ws = ctx.workspace
        ws.load(w_s)
        fisher = state.get("fisher")
        fisher = torch.zeros_like(w_s) if fisher is None else fisher.clone()
        path = PathScore(w_s, c.path_window)
        penalty = self._penalty(omega, w_s)
        opt = make_optimizer(ctx.training.optimizer, ws.flat.param)
        grad, before = torch.empty_like(w_s), torch.empty_like(w_s)

        def hook(w: torch.Tensor, g: torch.Tensor) -> None:
            if penalty is not None:
                penalty(w, g)
            if critical is not None:
                g.mul_(critical)

        use_hook = penalty is not None or critical is not None

        def step(xb: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
            loss = ws.loss_and_grad(xb, yb)
            grad.copy_(ws.flat.grad)  # the data-loss gradient
            ewc_fisher_update(fisher, grad, c.fisher_alpha)
            before.copy_(ws.params)
            ws.step(opt, hook if use_hook else None)
            path.step(grad, ws.params - before, fisher, ws.params)
            return loss

        stats = ws.train_steps(ctx.data, epochs=ctx.training.epochs, batch_size=ctx.training.batch_size, generator=ctx.generator("local"), step=step)
        state["fisher"] = fisher
        w_g = ws.params.clone()
        return stats, w_g, path.finish(fisher, w_g)

    def train_decomposed(
        self, ctx: ClientContext, w_s: torch.Tensor, state: ClientState, omega: torch.Tensor | None, critical: torch.Tensor | None
    ) -> tuple[TrainStats, torch.Tensor, torch.Tensor]:
        """One round of the decomposed model: theta_g <- w_s; theta = theta_g (.) phi + theta_l
        is written into the workspace before each batch; the flat gradient g = dL/dtheta is
        carried to the three tensors element-wise (theta_g: phi (.) g + the penalty; theta_l:
        g; phi_raw: :func:`phi_raw_grad`) and the run's optimizer steps them together."""
        c = self.config
        ws = ctx.workspace
        theta_g = nn.Parameter(w_s.clone(), requires_grad=False)
        theta_l = nn.Parameter(state["theta_l"].clone(), requires_grad=False)
        phi_raw = nn.Parameter(state["phi_raw"].clone(), requires_grad=False)
        for p in (theta_g, theta_l, phi_raw):
            p.grad = torch.zeros_like(p)
        if self.all_decomposed:
            theta_l.grad = ws.flat.grad  # dL/dtheta_l = g: the workspace's gradient itself, no copy
        opt = make_optimizer(ctx.training.optimizer, [theta_g, theta_l, phi_raw])
        fisher = state.get("fisher")
        fisher = torch.zeros_like(w_s) if fisher is None else fisher.clone()
        path = PathScore(w_s, c.path_window)
        penalty = self._penalty(omega, w_s)
        g_shared = torch.empty_like(w_s)
        opt_cfg = ctx.training.optimizer
        # plain SGD: a step's change is -lr x the gradient it used, known without a copy
        plain_sgd = opt_cfg.name == "sgd" and opt_cfg.momentum == 0 and opt_cfg.weight_decay == 0
        before = None if plain_sgd else torch.empty_like(w_s)

        def step(xb: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
            sig = torch.sigmoid(phi_raw.data)
            # eq. (1) into the model, phi broadcast per block of units (never materialized)
            for sl, shape, col in self._block_views(sig):
                torch.addcmul(theta_l.data[sl].view(shape), theta_g.data[sl].view(shape), col, out=ws.params[sl].view(shape))
            for sl in self.plain:  # not decomposed: theta = theta_g
                ws.params[sl].copy_(theta_g.data[sl])
            loss = ws.loss_and_grad(xb, yb)
            g = ws.flat.grad
            for sl, shape, col in self._block_views(sig):  # dL/dtheta_g of the data loss: phi (.) g
                torch.mul(g[sl].view(shape), col, out=g_shared[sl].view(shape))
            for sl in self.plain:
                g_shared[sl].copy_(g[sl])
            ewc_fisher_update(fisher, g_shared, c.fisher_alpha)
            phi_raw.grad.copy_(phi_raw_grad(g, theta_g.data, phi_raw.data, self.units))
            if not self.all_decomposed:
                torch.mul(g, self.dec_float, out=theta_l.grad)
            if penalty is not None:  # theta_g's gradient: g_shared + the penalty's, in one pass
                penalty(theta_g.data, g_shared, out=theta_g.grad)
            else:
                theta_g.grad.copy_(g_shared)
            if critical is not None:
                theta_g.grad.mul_(critical)
            if plain_sgd:
                opt.step()
                path.step(g_shared, theta_g.grad, fisher, theta_g.data, scale=opt_cfg.lr)
            else:
                before.copy_(theta_g.data)
                opt.step()
                path.step(g_shared, theta_g.data - before, fisher, theta_g.data)
            return loss

        stats = ws.train_steps(ctx.data, epochs=ctx.training.epochs, batch_size=ctx.training.batch_size, generator=ctx.generator("local"), step=step)
        state["fisher"] = fisher
        state["theta_l"], state["phi_raw"] = theta_l.data.clone(), phi_raw.data.clone()
        w_g = theta_g.data.clone()
        ws.params.copy_(compose(w_g, phi_full(state["phi_raw"], self.units), state["theta_l"]))
        return stats, w_g, path.finish(fisher, w_g)

    def _block_views(self, sig: torch.Tensor):
        """(slice, (runs, length), phi column) of each block of units (:class:`Units`)."""
        for offset, runs, length, u in self.units.blocks:
            yield slice(offset, offset + runs * length), (runs, length), sig[u : u + runs, None]

    # -------------------------------------------------------------- evaluation
    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        """D15: w_s (.) phi_i + theta_l,i for a decomposed client; w_s for one that has not
        decomposed (never trained, or trained only before the decomposition round)."""
        w_s = message["params"]
        if "theta_l" not in state:
            return w_s
        return compose(w_s, phi_full(state["phi_raw"], self.units), state["theta_l"])
