"""pFedMe: T. Dinh, N. H. Tran, T. D. Nguyen, "Personalized Federated Learning with Moreau
Envelopes", NeurIPS 2020 (reference code: github CharlieDinh/pFedMe, ``pFedMeOptimizer`` and
``UserpFedMe``).

Client n keeps a personalized model theta_n, the (approximate) minimiser of its loss plus a
pull lambda/2 ||theta - w||^2 toward its local copy w of the global model (the Moreau
envelope of f_n at w). pFedMe's Algorithm 1, per local step on a batch D:

* personal problem ``theta ~= argmin f(theta; D) + lambda/2 ||theta - w||^2``, solved with K
  gradient steps of size ``personal_lr`` (:func:`personal_step`, :func:`solve_personal`);
* local update ``w <- w - eta lambda (w - theta)``: a step of the run's optimizer with the
  Moreau envelope's gradient lambda (w - theta) (:func:`moreau_gradient`; with plain SGD,
  exactly the paper's update, eta = the run's ``--lr``);
* server: ``w <- (1 - beta) w + beta * average of the uploaded local models``
  (:func:`server_mix`; ``beta = 1``: the plain average, FedAvg's aggregation).

Choices (the paper is silent; the reference's behaviour noted):

* A local step is one batch of the run's batch size; the run's local epochs over the
  client's training data (seeded order, the same batches FedAvg draws) give the steps (the
  reference's "local_epochs" R = 20 are 20 single batches from a non-shuffled loader).
* The K inner steps all use the step's batch (as the reference). theta starts the round at
  the received w and is warm-started from the previous step's theta (``theta_init="warm"``,
  the reference: its personal optimizer updates the model's own parameters, reset to the
  global model only when one is received); ``"local"`` restarts it from w at every step.
* ``mu``: the reference's pFedMeOptimizer adds ``mu * theta`` (mu = 0.001 by default) to the
  inner gradient, an L2 term the paper does not have; 0 here (the paper), 0.001 reproduces
  the reference.
* Evaluation (``evaluate_with``): ``"personal"`` (default) evaluates the theta of the client's
  last local step, as the reference does (``persionalized_model_bar``, not re-computed; its
  clients all train every round). A client that has not trained yet solves its personal
  problem from the received global model on one batch of its TRAINING data (K steps from
  theta = w). ``"recompute"`` does that for every client at every evaluation;
  ``"global"`` evaluates the global model (the reference's non-personal "pFedMe" curve).
* Aggregation weights: training-set sizes of the uploading clients (the reference), or
  ``weighting="uniform"``.
* The reported training loss is f(theta; D) at each step's first inner iteration.

Defaults: lambda = 15, K = 5, personal_lr = 0.1, beta = 1 (the reference README's MNIST
commands, the paper's Table/Figure settings for MNIST; the reference's main.py default for
personal_lr is 0.09); run: plain SGD, momentum 0, eta = 0.005 (the same commands), batch 32
(the pFedSV protocol; the reference uses 20).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn

from copfl.algorithms.base import ClientContext, ClientResult, ClientState, GlobalModel, Message, ServerContext, ServerState, get_weighting, register
from copfl.core.workspace import Workspace
from copfl.core.train_hooks import make_optimizer
from copfl.algorithms.search_space import log_float, sgd_space

THETA_INITS = ("warm", "local")
EVALUATE_WITH = ("personal", "recompute", "global")


@dataclass(frozen=True)
class PFedMeConfig:
    lam: float = 15.0  # lambda: the pull of the personal model toward the local model (reference: 15)
    personal_lr: float = 0.1  # step size of the K inner steps (reference README for MNIST: 0.1; main.py default 0.09)
    inner_steps: int = 5  # K: gradient steps per personal problem (reference: 5)
    beta: float = 1.0  # server mixing: new = (1 - beta) old + beta * average (reference: 1; tuned 2)
    mu: float = 0.0  # L2 on theta inside the inner steps (the reference's pFedMeOptimizer: 0.001; not in the paper)
    theta_init: str = "warm"  # where each step's inner solve starts: warm (previous theta) | local (w)
    evaluate_with: str = "personal"  # personal (last local step's theta) | recompute | global
    weighting: str = "samples"  # aggregation weights: samples | uniform

    def __post_init__(self) -> None:
        if not self.lam > 0:
            raise ValueError(f"pFedMe lam must be > 0, got {self.lam}")
        if not self.personal_lr > 0:
            raise ValueError(f"pFedMe personal_lr must be > 0, got {self.personal_lr}")
        if self.inner_steps < 1:
            raise ValueError(f"pFedMe inner_steps (K) must be >= 1, got {self.inner_steps}")
        if not self.beta > 0:
            raise ValueError(f"pFedMe beta must be > 0, got {self.beta}")
        if self.mu < 0:
            raise ValueError(f"pFedMe mu must be >= 0, got {self.mu}")
        if self.theta_init not in THETA_INITS:
            raise ValueError(f"pFedMe theta_init must be one of {', '.join(THETA_INITS)}, got {self.theta_init!r}")
        if self.evaluate_with not in EVALUATE_WITH:
            raise ValueError(f"pFedMe evaluate_with must be one of {', '.join(EVALUATE_WITH)}, got {self.evaluate_with!r}")
        get_weighting(self.weighting)


# ------------------------------------------------------------------------- the equations
def personal_step(theta: torch.Tensor, grad: torch.Tensor, w: torch.Tensor, lam: float, lr: float, mu: float = 0.0) -> torch.Tensor:
    """One inner step on the personal problem min_theta f(theta; D) + lambda/2 ||theta - w||^2
    (pFedMe Algorithm 1, the K steps that solve for theta_i(w)):
    theta - lr (grad f(theta; D) + lambda (theta - w) [+ mu theta, the reference's L2])."""
    g = grad + lam * (theta - w)
    if mu:
        g = g + mu * theta
    return theta - lr * g


# element-wise FLOPs per coordinate: a personal step, theta - lr (g + lambda (theta - w)), is
# 5 (a difference, two multiplies, two additions; mu adds 2 more, not counted); the Moreau
# gradient lambda (w - theta) and the optimizer's step on w, 4
PERSONAL_STEP_FLOPS = 5
MOREAU_STEP_FLOPS = 4


def solve_personal(
    ws: Workspace, xb: torch.Tensor, yb: torch.Tensor, theta: torch.Tensor, w: torch.Tensor, *, lam: float, lr: float, steps: int, mu: float = 0.0
) -> tuple[torch.Tensor, torch.Tensor]:
    """theta_i(w) approximately: ``steps`` (K) :func:`personal_step` iterations from ``theta``
    on the batch (xb, yb). Returns (theta, the batch loss at the first iteration)."""
    first = None
    for _ in range(steps):
        ws.load(theta)
        loss = ws.loss_and_grad(xb, yb)
        first = loss if first is None else first
        theta = personal_step(theta, ws.flat.grad, w, lam, lr, mu)
    return theta, first


def moreau_gradient(w: torch.Tensor, theta: torch.Tensor, lam: float) -> torch.Tensor:
    """The gradient of the Moreau envelope at w, lambda (w - theta(w)) (pFedMe Algorithm 1's
    local update w <- w - eta lambda (w - theta) is a gradient step with it)."""
    return lam * (w - theta)


def server_mix(old: torch.Tensor, average: torch.Tensor, beta: float) -> torch.Tensor:
    """pFedMe Algorithm 1's global update: (1 - beta) w_old + beta * average of the local
    models (beta = 1: the average itself, bit for bit)."""
    if beta == 1.0:
        return average
    return (1.0 - beta) * old + beta * average


@register
class PFedMe(GlobalModel):
    name = "pfedme"
    description = "pFedMe (Dinh et al., NeurIPS 2020): personal models via Moreau envelopes (lambda), bi-level local steps"
    Config = PFedMeConfig
    search_space = {**sgd_space(paper_lr=0.005, paper_momentum=0.0), "lam": log_float(1.0, 30.0, paper=15.0), "personal_lr": log_float(0.01, 0.5, paper=0.1)}  # copfl tune (docs/tuning.md)
    run_defaults = {"optimizer": "sgd", "lr": 0.005, "momentum": 0.0}

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {}  # "theta" after the client's first local update

    def _solve(self, ctx: ClientContext, xb: torch.Tensor, yb: torch.Tensor, theta: torch.Tensor, w: torch.Tensor):
        c = self.config
        return solve_personal(ctx.workspace, xb, yb, theta, w, lam=c.lam, lr=c.personal_lr, steps=c.inner_steps, mu=c.mu)

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        ws, c = ctx.workspace, self.config
        w = nn.Parameter(message["params"].clone())  # the local model, stepped by the run's optimizer
        opt = make_optimizer(ctx.training.optimizer, w)
        theta = w.detach().clone()

        def step(xb: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
            nonlocal theta
            start = w.detach().clone() if c.theta_init == "local" else theta
            theta, loss = self._solve(ctx, xb, yb, start, w.detach())
            w.grad = moreau_gradient(w.detach(), theta, c.lam)
            opt.step()
            return loss

        stats = ws.train_steps(ctx.data, epochs=ctx.training.epochs, batch_size=ctx.training.batch_size, generator=ctx.generator("local"), step=step)
        # FLOPs: each batch is trained K times (the personal problem's steps), and each step
        # updates theta element-wise; the local model's Moreau step once a batch
        ctx.logs["extra_train_samples"] = stats.samples * (c.inner_steps - 1)
        ctx.logs["extra_flops"] = stats.steps * (PERSONAL_STEP_FLOPS * c.inner_steps + MOREAU_STEP_FLOPS) * w.numel()
        local = w.detach().clone()
        ws.load(local)
        upload = {"params": local, "num_samples": ctx.data.num_train}
        return ClientResult(upload, {"theta": theta.clone()}, stats)

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, float]]:
        avg = self.average(uploads)
        return {"params": server_mix(server["params"], avg, self.config.beta)}, {}

    def recompute_personal(self, ctx: ClientContext, w: torch.Tensor) -> torch.Tensor:
        """theta_i(w) for the received global model w: K inner steps from theta = w on one
        batch of the client's TRAINING data (seeded; never the test data)."""
        ws = ctx.workspace
        ws.model.train()
        xb, yb = next(iter(ws.batches(ctx.data, epochs=1, batch_size=ctx.training.batch_size, generator=ctx.generator("pfedme-eval"))))
        theta, _ = self._solve(ctx, xb, yb, w.clone(), w)
        return theta

    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        how = self.config.evaluate_with
        if how == "global":
            return message["params"]
        if how == "personal" and "theta" in state:
            return state["theta"]
        return self.recompute_personal(ctx, message["params"])
