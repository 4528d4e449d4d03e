"""FedCAC: Wu, Liu, Niu, Zhu, Tang, "Bold but Cautious: Unlocking the Potential of
Personalized Federated Learning through Cautiously Aggressive Collaboration", ICCV 2023
(arXiv 2309.11103). The authors' implementation is in their Fling framework
(``fling/component/client/fedcac_client.py``, ``fling/component/group/fedcac_group.py``);
PFLlib has a port (``clientcac.py``, ``servercac.py``).

A round, as copfl runs it (docs/algorithms/fedcac.md maps every step to its function):

* Client i starts from the model the server composed for it (below), trains it with the
  run's local settings (FedAvg's step, nothing added), and measures each parameter's
  sensitivity to its non-IID data from the round's change (:func:`sensitivity`):

      s_i = | (theta_i^after - theta_i^before) (.) theta_i^after |

  (a first-order estimate of the loss change when the parameter is removed, the local
  update standing for the gradient). In every parameter tensor ("layer") the top ``tau``
  fraction by s_i are its critical parameters, mask M_i (:func:`critical_mask`). It uploads
  its trained model and M_i (bits); it keeps nothing (the server composes its next start).
* The server:

  - averages every uploaded model into the global model theta_g (the non-critical
    parameters' collaboration: all clients), through the run's aggregation rule;
  - measures how much the critical sets overlap (:func:`overlap_matrix`),
        o_ij = 1 - ||M_i - M_j||_1 / (2 ||M_i||_1)   (= |M_i and M_j| / |M_i| at equal sizes);
  - sets the round's threshold (:func:`collaboration_threshold`), growing with the round t
    (1-based) from the mean overlap toward the largest one in ``beta`` rounds,
        th_t = mean_{i != j} o_ij + (t / beta) (max_{i != j} o_ij - mean_{i != j} o_ij);
  - gives client i the collaborators C_i = {i} + {j : o_ij >= th_t} (:func:`collaborators`)
    and its customized model, the plain mean of their models (:func:`customized_weights`),
    each through ``self.combine`` with client i as the recipient;
  - keeps, per participant, M_i and its customized model (the server store).
* Client i's next start, and the model it is evaluated with (:func:`compose`):

      theta_i = M_i (.) customized_i + (1 - M_i) (.) theta_g

  (a client that never took part: theta_g). Per-client messages: one d-vector each.

Choices where the sources are silent (docs/algorithms/fedcac.md):

* "Layer" = one parameter tensor (weights and biases apart), as both implementations loop
  over ``named_parameters``; k = floor(tau n) per tensor, so a tensor of fewer than 1/tau
  entries has no critical parameter. Ties at the k-th value are all critical. When the k-th
  largest sensitivity is <= 1e-10 the threshold becomes the smallest sensitivity above 1e-20
  (the implementations' rule); a tensor with no sensitivity above 1e-20 (it did not move)
  has no critical parameter (the implementations then mark the whole tensor critical).
* o_ij = 0 when M_i is empty. One participant: it collaborates with itself only.
* The customized model is the mean over C_i of the uploaded models, computed among the
  round's participants (the implementations run every client every round). theta_g is the
  ``weighting`` average: ``uniform`` (Fling, the authors' code) or ``samples`` (PFLlib).
* The round number in th_t counts from 1 at the first aggregation (Fling's counter).
* Batch-norm statistics follow ``--bn-stats`` (Fling composes parameters only: ``local``).
* Under ``--dp-mode upload`` and attacks the model's update is the upload minus the composed
  start; the critical mask is recomputed from the sent (noised, poisoned) model, so it is
  post-processing of what is sent (:meth:`FedCAC.upload_parts`).

Defaults: tau 0.5, beta 100 (Fling's CIFAR-10 configuration, ``cifar10_fedcac_resnet_config.py``;
its CIFAR-100 one uses tau 0.4, beta 170); the run's optimizer, batch size and local epochs
(Fling's CIFAR-10 runs use SGD lr 0.1, momentum 0.9, batch 100, 5 local epochs).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch

from copfl.algorithms.base import (
    ClientContext, ClientResult, ClientState, GlobalModel, Message, ServerContext, ServerState, Setup, UploadPart, UploadParts, check_sample_count,
    get_weighting, register, require,
)
from copfl.algorithms.search_space import log_float, sgd_space, uniform

# Fling / PFLlib: a k-th largest sensitivity at or below this is treated as zero ...
ZERO_THRESHOLD = 1e-10
# ... and the threshold becomes the smallest sensitivity above this one
POSITIVE = 1e-20
# Element-wise work per coordinate of a client's mask: the change, its product with the
# parameter, the absolute value, the selection and the comparison.
MASK_FLOPS_PER_COORDINATE = 5
# float32 counts up to 2^24 exactly: the overlap products are summed over blocks this long
_EXACT_BLOCK = 1 << 24


# ---------------------------------------------------------------------------- the client's mask
def sensitivity(before: torch.Tensor, after: torch.Tensor) -> torch.Tensor:
    """s = |(theta_after - theta_before) (.) theta_after| per coordinate."""
    return ((after - before) * after).abs_()


def kth_largest(x: torch.Tensor, k: int) -> float:
    """The k-th largest entry of ``x`` (1 <= k <= n): numpy's introselect on the CPU (O(n); 7x
    faster than torch.topk for half of a 0.8 M tensor, measured), torch.kthvalue elsewhere."""
    n = x.numel()
    if x.device.type == "cpu":
        return float(np.partition(x.detach().numpy(), n - k)[n - k])
    return float(torch.kthvalue(x, n - k + 1).values)


def critical_mask(s: torch.Tensor, bounds: list[tuple[int, int]], tau: float) -> torch.Tensor:
    """The critical parameters: in each tensor ``bounds[t] = (start, stop)`` of the flat
    vector, those whose sensitivity is at least its k-th largest, k = floor(tau n); a k-th
    value <= 1e-10 gives way to the smallest sensitivity above 1e-20; none in a tensor with
    k = 0 or no sensitivity above 1e-20."""
    mask = torch.zeros(s.shape, dtype=torch.bool, device=s.device)
    for a, b in bounds:
        seg = s[a:b]
        k = int(tau * (b - a))
        if k == 0:
            continue
        t = kth_largest(seg, k)
        if t <= ZERO_THRESHOLD:
            positive = seg[seg > POSITIVE]
            if not len(positive):
                continue
            t = float(positive.min())
        torch.ge(seg, t, out=mask[a:b])
    return mask


# ---------------------------------------------------------------------------- the server's choice
def overlap_matrix(masks: torch.Tensor) -> torch.Tensor:
    """o_ij = 1 - ||M_i - M_j||_1 / (2 ||M_i||_1) for the (m, d) bool masks (float64, m x m;
    row i is 0 where M_i is empty). ||M_i - M_j||_1 = |M_i| + |M_j| - 2 |M_i and M_j|,
    the intersections by exact float32 products over blocks."""
    m = masks.shape[0]
    inter = torch.zeros(m, m, dtype=torch.float64, device=masks.device)
    for start in range(0, masks.shape[1], _EXACT_BLOCK):
        block = masks[:, start : start + _EXACT_BLOCK].view(torch.uint8).float()  # faster than bool -> float
        inter += (block @ block.t()).double()
    size = inter.diagonal().clone()
    diff = size[:, None] + size[None, :] - 2 * inter
    return torch.where(size[:, None] > 0, 1 - diff / (2 * size[:, None]).clamp_min(1.0), torch.zeros((), dtype=torch.float64, device=masks.device))


def collaboration_threshold(overlap: torch.Tensor, round: int, beta: float) -> float:
    """th_t = mean + (t / beta)(max - mean) over the off-diagonal overlaps (nan when there are
    none: one participant)."""
    m = overlap.shape[0]
    if m < 2:
        return float("nan")
    off = overlap[~torch.eye(m, dtype=torch.bool, device=overlap.device)]
    mean, top = float(off.mean()), float(off.max())
    return mean + (round / beta) * (top - mean)


def collaborators(overlap: torch.Tensor, threshold: float) -> torch.Tensor:
    """C (m x m bool): C[i, j] when j = i or o_ij >= threshold."""
    eye = torch.eye(overlap.shape[0], dtype=torch.bool, device=overlap.device)
    return eye | (overlap >= threshold)


def customized_weights(collab: torch.Tensor) -> torch.Tensor:
    """Row i: 1 / |C_i| on client i's collaborators, 0 elsewhere (float64): the customized
    model of client i is the plain mean of its collaborators' models."""
    c = collab.double()
    return c / c.sum(1, keepdim=True)


def compose(global_params: torch.Tensor, mask: torch.Tensor, custom: torch.Tensor) -> torch.Tensor:
    """theta_i = M_i (.) customized_i + (1 - M_i) (.) theta_g."""
    return torch.where(mask, custom, global_params)


# ---------------------------------------------------------------------------- the strategy
@dataclass(frozen=True)
class FedCACConfig:
    tau: float = 0.5  # fraction of each parameter tensor marked critical (Fling's CIFAR-10 config)
    beta: float = 100.0  # rounds for the overlap threshold to rise from the mean to the largest overlap (Fling's CIFAR-10 config)
    weighting: str = "uniform"  # the global model's average: uniform (Fling, the authors' code) | samples (PFLlib)

    def __post_init__(self) -> None:
        require([
            (0.0 <= self.tau <= 1.0, f"FedCAC tau must be in [0, 1], got {self.tau}"),
            (self.beta > 0, f"FedCAC beta must be > 0, got {self.beta}"),
        ])  # fmt: skip
        get_weighting(self.weighting)  # fail early on an unknown name


@register
class FedCAC(GlobalModel):
    name = "fedcac"
    description = "FedCAC (Wu et al., ICCV 2023): critical parameters by sensitivity, shared only with clients whose critical sets overlap"
    Config = FedCACConfig
    search_space = {
        **sgd_space(paper_lr=0.1, paper_momentum=0.9),
        "tau": uniform(0.1, 0.9, paper=0.5),
        "beta": log_float(5.0, 500.0, paper=100.0),
    }  # copfl tune (docs/tuning.md)

    def __init__(self, config: FedCACConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        flat = setup.workspace.flat
        self.bounds = [(s.offset, s.end) for s in flat.slices]  # one "layer" per parameter tensor

    def mask_of(self, before: torch.Tensor, after: torch.Tensor) -> torch.Tensor:
        return critical_mask(sensitivity(before, after), self.bounds, self.config.tau)

    # -------------------------------------------------------------- the client
    def broadcast(self, sctx: ServerContext, server: ServerState, client: int) -> Message:
        """theta_g, with the client's customized values on its critical parameters once it has
        taken part (the same tensor for every newcomer: no copy)."""
        entry = sctx.store.get(client)
        if entry is None:
            return {"params": server["params"]}
        g = server["params"]
        return {"params": compose(g, entry["mask"].to(g.device), entry["custom"].to(g.device))}

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        start = message["params"]
        stats = ctx.train(start)  # FedAvg's local step
        trained = ctx.workspace.params.clone()
        ctx.logs["extra_flops"] = MASK_FLOPS_PER_COORDINATE * trained.numel()
        upload = {"params": trained, "mask": self.mask_of(start, trained), "num_samples": ctx.data.num_train}
        return ClientResult(upload, {}, stats)

    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """The model's update starts from the composed model received; the critical mask is
        recomputed from the model actually sent (noised by upload DP, or poisoned)."""
        start = message["params"]

        def rederive(client: int, sent: Message, new_state: ClientState) -> Message:
            return {**sent, "mask": self.mask_of(start, sent["params"])}

        def unchanged() -> Message:  # no update: no change, so no critical parameter
            return {**upload, "params": start.clone(), "mask": torch.zeros_like(upload["mask"])}

        return UploadParts({"params": UploadPart(start)}, rederive=rederive, unchanged=unchanged)

    # -------------------------------------------------------------- the server
    def aggregate(self, sctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict]:
        for c, u in uploads:
            check_sample_count(sctx, c, u)
        clients = [c for c, _ in uploads]
        models = [u["params"] for _, u in uploads]
        glob = self.combine(models, self.weigh(uploads), clients)  # the non-critical parameters' collaboration
        masks = torch.stack([u["mask"] for _, u in uploads])
        overlap = overlap_matrix(masks)
        th = collaboration_threshold(overlap, sctx.round, self.config.beta)
        collab = collaborators(overlap, th)
        weights = customized_weights(collab)
        for i, (c, u) in enumerate(uploads):
            js = collab[i].nonzero().flatten().tolist()
            custom = self.combine([models[j] for j in js], weights[i, js], [clients[j] for j in js], recipient=c)
            sctx.store.put(c, {"mask": u["mask"], "custom": custom})
        m, d = masks.shape
        # the overlaps (m^2 d), the global average (m d), the customized models (sum |C_i| d): products and sums
        self.server_flops.add(2 * m * m * d + 2 * m * d + 2 * int(collab.sum()) * d)
        logs: dict = {
            "per_client": {
                "client": clients,
                "collaborators": [int(collab[i].sum()) for i in range(m)],
                "critical_fraction": [int(masks[i].count_nonzero()) / d for i in range(m)],
            },
        }
        if m > 1:  # one participant: no pair, no threshold
            logs["overlap_threshold"] = th
        return {"params": glob}, logs

    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        return message["params"]
