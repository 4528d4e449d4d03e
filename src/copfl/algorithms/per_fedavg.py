"""Per-FedAvg: A. Fallah, A. Mokhtari, A. Ozdaglar, "Personalized Federated Learning with
Theoretical Guarantees: A Model-Agnostic Meta-Learning Approach", NeurIPS 2020 (a common
reference implementation: github CharlieDinh/pFedMe, ``UserPerAvg``, first-order only).

The global model w is trained so that ONE gradient step of size alpha on a client's own data
gives a good personal model (MAML's objective F_i(w) = f_i(w - alpha grad f_i(w))). A local
meta-step draws independent batches D, D' (and D'' for HF):

* inner step ``temp = w - alpha grad f(w; D)`` (:func:`inner_step`);
* FO: ``w <- w - beta grad f(temp; D')`` (:func:`meta_gradient_fo`);
* HF: ``w <- w - beta (I - alpha H(w; D'')) grad f(temp; D')`` (:func:`meta_gradient_hf`),
  with the Hessian-vector product by a central finite difference of two gradients
  (:func:`hessian_vector_product`): H v ~= |v| (grad f(w + d u) - grad f(w - d u)) / (2 d),
  u = v / |v|. Fallah et al. analyse this approximation for Per-FedAvg (HF) with a small d; it
  needs only gradients (the Workspace's training API), no double backward.

The outer step is a step of the run's optimizer with that meta-gradient (plain SGD: exactly
the update above, beta = the run's ``--lr``). The server averages the local models
(FedAvg's aggregation, weights by training-set size). A client's personalized model, for
evaluation, is one step of size alpha from the received global model on its TRAINING data
(:func:`inner_step`), never its test data.

Choices (where the paper or the reference is silent or they differ):

* ``variant="fo"`` by default: the reference implementation that pFedMe-era baselines use
  (CharlieDinh/pFedMe) is FO only; Fallah et al. report both. ``"hf"`` is available.
* Batches: the run's local epochs over the client's training data in seeded order (the
  batches FedAvg draws), consumed two at a time (D, D') by FO and three at a time (D, D', D'')
  by HF; a trailing incomplete group is dropped. (The reference draws consecutive batches
  from a non-shuffled loader, one meta-step per "local epoch".) So with ``alpha = 0`` FO is
  plain SGD with lr beta on every second batch, not FedAvg's every batch (tested against a
  plain torch loop).
* Evaluation (``adapt``): one step of size alpha from the global model on one seeded batch of
  the run's batch size from the training data (``"batch"``, default: the paper's stochastic
  one-step adaptation) or on the gradient of the whole training set (``"full"``). The
  reference adapts on TEST batches (two steps, alpha then beta), which is test-data leakage
  and is not reproduced.
* ``alpha = 0`` personalizes nothing: the global model is evaluated, as FedAvg's.
* The reported training loss is f(temp; D') of each meta-step.

Defaults: alpha = 0.005 (option ``inner_lr``; ``--alpha`` is the run's Dirichlet
concentration) and beta = 0.001 (the reference README's Per-FedAvg commands for
MNIST: --learning_rate 0.005 is its inner step, --beta 0.001 its outer step); plain SGD,
momentum 0, batch 32 (the pFedSV protocol; the reference uses 20). ``hvp_delta`` = 0.001.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn

from copfl.algorithms.base import ClientContext, ClientResult, ClientState, GlobalModel, Message, ServerContext, ServerState, get_weighting, register
from copfl.data.clients import ClientData
from copfl.core.train_hooks import TrainStats, make_optimizer
from copfl.core.workspace import Workspace
from copfl.algorithms.search_space import log_float, sgd_space

VARIANTS = ("fo", "hf")
ADAPT = ("batch", "full")


@dataclass(frozen=True)
class PerFedAvgConfig:
    inner_lr: float = 0.005  # alpha, the inner (personalization) step size (reference README, MNIST: 0.005)
    variant: str = "fo"  # fo (first-order) | hf (Hessian-vector product by finite differences)
    hvp_delta: float = 0.001  # HF: the finite-difference step d
    adapt: str = "batch"  # evaluation's one-step adaptation: batch (one training batch) | full (whole training set)
    weighting: str = "samples"  # aggregation weights: samples | uniform

    def __post_init__(self) -> None:
        if self.inner_lr < 0:
            raise ValueError(f"Per-FedAvg inner_lr (alpha) must be >= 0, got {self.inner_lr}")
        if self.variant not in VARIANTS:
            raise ValueError(f"Per-FedAvg variant must be one of {', '.join(VARIANTS)}, got {self.variant!r}")
        if not self.hvp_delta > 0:
            raise ValueError(f"Per-FedAvg hvp_delta must be > 0, got {self.hvp_delta}")
        if self.adapt not in ADAPT:
            raise ValueError(f"Per-FedAvg adapt must be one of {', '.join(ADAPT)}, got {self.adapt!r}")
        get_weighting(self.weighting)


# ------------------------------------------------------------------------- the equations
def gradient(ws: Workspace, point: torch.Tensor, xb: torch.Tensor, yb: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """grad f(point; batch) and the batch loss (a copy of the flat gradient)."""
    ws.load(point)
    loss = ws.loss_and_grad(xb, yb)
    return ws.flat.grad.clone(), loss


def inner_step(w: torch.Tensor, grad: torch.Tensor, alpha: float) -> torch.Tensor:
    """Per-FedAvg's inner (MAML) step, the personalized model: w - alpha grad f(w; D)."""
    return w - alpha * grad


def meta_gradient_fo(grad_at_temp: torch.Tensor) -> torch.Tensor:
    """Per-FedAvg (FO): the meta-gradient grad F(w) ~= grad f(temp; D'), the Hessian term dropped."""
    return grad_at_temp


def hessian_vector_product(ws: Workspace, w: torch.Tensor, v: torch.Tensor, xb: torch.Tensor, yb: torch.Tensor, delta: float) -> torch.Tensor:
    """H(w; D'') v by a central difference of gradients along u = v / |v|:
    |v| (grad f(w + delta u) - grad f(w - delta u)) / (2 delta) (Per-FedAvg (HF)'s approximation;
    zero for v = 0)."""
    norm = float(v.norm())
    if norm == 0.0:
        return torch.zeros_like(v)
    u = v / norm
    gp, _ = gradient(ws, w + delta * u, xb, yb)
    gm, _ = gradient(ws, w - delta * u, xb, yb)
    return (gp - gm) * (norm / (2 * delta))


def meta_gradient_hf(grad_at_temp: torch.Tensor, hvp: torch.Tensor, alpha: float) -> torch.Tensor:
    """Per-FedAvg (HF): (I - alpha H(w; D'')) grad f(temp; D') = g - alpha H g."""
    return grad_at_temp - alpha * hvp


def full_gradient(ws: Workspace, w: torch.Tensor, data: ClientData, chunk: int, generator: torch.Generator) -> torch.Tensor:
    """The gradient at w of the mean loss over the client's whole training set (summed over
    chunks of ``chunk`` samples drawn as training batches are: seeded order, augmented if the
    run augments)."""
    ws.load(w)
    total = torch.zeros_like(w)
    n = data.num_train
    for xb, yb in ws.batches(data, epochs=1, batch_size=chunk, generator=generator):
        ws.loss_and_grad(xb, yb)
        total.add_(ws.flat.grad, alpha=len(yb) / n)
    return total


@register
class PerFedAvg(GlobalModel):
    name = "per-fedavg"
    description = "Per-FedAvg (Fallah et al., NeurIPS 2020): MAML-style local meta-steps; personalized by one step (alpha) on training data"
    Config = PerFedAvgConfig
    search_space = {**sgd_space((1e-3, 1.0), paper_lr=0.001, paper_momentum=0.0), "inner_lr": log_float(1e-4, 0.1, paper=0.005)}  # copfl tune (docs/tuning.md)
    run_defaults = {"optimizer": "sgd", "lr": 0.001, "momentum": 0.0}

    def meta_gradient(self, ws: Workspace, w: torch.Tensor, group: list[tuple[torch.Tensor, torch.Tensor]]) -> tuple[torch.Tensor, torch.Tensor]:
        """The meta-gradient at w from a group of batches (D, D'[, D'']) and f(temp; D')."""
        c = self.config
        (x1, y1), (x2, y2) = group[0], group[1]
        g1, _ = gradient(ws, w, x1, y1)
        temp = inner_step(w, g1, c.inner_lr)
        g2, loss = gradient(ws, temp, x2, y2)
        if c.variant == "fo":
            return meta_gradient_fo(g2), loss
        x3, y3 = group[2]
        return meta_gradient_hf(g2, hessian_vector_product(ws, w, g2, x3, y3, c.hvp_delta), c.inner_lr), loss

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        ws = ctx.workspace
        per_step = 2 if self.config.variant == "fo" else 3
        w = nn.Parameter(message["params"].clone())
        opt = make_optimizer(ctx.training.optimizer, w)
        stats = TrainStats()
        loss_sum = torch.zeros((), dtype=torch.float64, device=ws.device)
        group: list[tuple[torch.Tensor, torch.Tensor]] = []
        ws.model.train()
        for xb, yb in ws.batches(ctx.data, epochs=ctx.training.epochs, batch_size=ctx.training.batch_size, generator=ctx.generator("local")):
            group.append((xb, yb))
            if len(group) < per_step:
                continue
            w.grad, loss = self.meta_gradient(ws, w.detach(), group)
            opt.step()
            loss_sum += loss * len(group[1][1])
            stats.samples += len(group[1][1])
            stats.steps += 1
            group.clear()
        stats.loss_sum = float(loss_sum)
        local = w.detach().clone()
        ws.load(local)
        return ClientResult({"params": local, "num_samples": ctx.data.num_train}, {}, stats)

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, float]]:
        return {"params": self.average(uploads)}, {}

    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        """One step of size alpha from the global model on the client's TRAINING data."""
        ws, w = ctx.workspace, message["params"]
        if self.config.inner_lr == 0:
            return w
        ws.model.train()
        if self.config.adapt == "full":
            g = full_gradient(ws, w, ctx.data, ws.eval_batch_size, ctx.generator("per-fedavg-adapt"))
        else:
            xb, yb = next(iter(ws.batches(ctx.data, epochs=1, batch_size=ctx.training.batch_size, generator=ctx.generator("per-fedavg-adapt"))))
            g, _ = gradient(ws, w, xb, yb)
        return inner_step(w, g, self.config.inner_lr)
