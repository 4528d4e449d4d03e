"""FedMeta (MAML): F. Chen, M. Luo, Z. Dong, Z. Li, X. He, "Federated Meta-Learning with Fast
Convergence and Efficient Communication", arXiv 1802.07876, 2018 (Algorithm 1, the MAML
meta-learner); a baseline of DPAO-PFL (which states the 80/20 support/query split and lr 0.01).

Each client's TRAINING data is cut once into a support set D_S (80%) and a query set D_Q (20%,
:func:`copfl.data.clients.holdout_split`, fixed for the run). A local meta-step on a support
batch and a query batch:

* inner step (Alg. 1, ModelTrainingMAML): ``theta' = theta - alpha grad L(theta; D_S)``
  (:func:`copfl.algorithms.per_fedavg.inner_step`);
* meta-gradient ``g = grad_theta L(theta'; D_Q)``. Second order (``order=2``, exact MAML):
  ``g = (I - alpha H_S(theta))^T grad L(theta'; D_Q)``, the Jacobian-vector term by double
  backward through the support gradient (:func:`support_gradient_graph`,
  :func:`jacobian_transpose_product`, then
  :func:`copfl.algorithms.per_fedavg.meta_gradient_hf`); first order (``order=1``):
  ``g = grad L(theta'; D_Q)`` (:func:`copfl.algorithms.per_fedavg.meta_gradient_fo`), i.e. the
  second-order value plus exactly ``alpha H g``;
* outer step: a step of the run's optimizer with g (plain SGD: ``theta <- theta - beta g``,
  beta = the run's ``--lr``).

The server averages the uploaded meta-models, weights by training-set size (FedAvg's). A
client's personalized model, for evaluation, is the received meta-model after ``adapt_steps``
inner steps of size alpha on its SUPPORT set (:meth:`FedMeta.personalized`); test data are
read only by the final evaluation.

Choices (the paper and DPAO-PFL are silent; DPAO-PFL's notes D18):

* A "local epoch" is one pass over the support set in seeded support batches of the run's
  batch size (the generator FedAvg's local pass uses); each support batch is paired with the
  next query batch of a seeded cyclic stream of passes over the query set (same batch size).
  So a round has ``local_epochs * ceil(|D_S| / B)`` meta-steps. ``meta_steps = k > 0`` runs
  exactly k meta-steps per round instead (support batches drawn cyclically); Algorithm 1 of
  the paper is ``meta_steps=1`` (one meta-gradient per round, applied by the server with step
  beta: with plain SGD, averaging the models theta - beta g_u IS the server step on the
  averaged g_u).
* ``inner_lr`` (alpha) ``None``: the run's lr (D18: one inner SGD step at the run's lr). The
  inner step is plain gradient descent whatever the run's optimizer.
* ``order=2`` by default: DPAO-PFL's text says FedMeta computes second derivatives.
* ``query="holdout"`` (default) is the 80/20 split. ``query="support"`` uses no split: the
  support set is the whole training set and each query batch IS its support batch; with
  ``inner_lr=0`` FedMeta is then FedAvg bit for bit (same batches, same gradients, same
  optimizer steps; models without batch norm, where the extra support forward would also move
  the running statistics). With the 80/20 split and ``inner_lr=0`` each meta-step is a plain
  step on a QUERY batch, which no FedAvg reproduces.
* Evaluation (``adapt``): each of the ``adapt_steps`` (default 1) inner steps uses the next
  batch of a seeded pass over the support set, of the run's batch size (``"batch"``, default:
  the inner step the meta-model was trained for), or the gradient of the mean loss over the
  whole support set (``"full"``). ``adapt_steps=0`` or alpha = 0 evaluates the meta-model.
* Reported training loss: L(theta'; D_Q) of each meta-step, weighted by the query batch size.
* Under DP-SGD (``--dp-mode sgd``) only ``order=1`` runs (the privatized per-sample gradients
  are first-order); each support and query gradient is one noisy step, accounted at its own
  sampling rate (batch / support size, batch / query size).
* With batch norm, the support and query forward passes both update the running statistics
  (in the engine's usual way); the evaluation's adaptation runs in training mode, as
  Per-FedAvg's does.
"""

from __future__ import annotations

import itertools

import sys
from collections.abc import Iterator
from dataclasses import dataclass

import torch
from torch import nn

from copfl.algorithms.base import ClientContext, ClientResult, ClientState, GlobalModel, Message, ServerContext, ServerState, get_weighting, register
from copfl.algorithms.per_fedavg import full_gradient, gradient, inner_step, meta_gradient_fo, meta_gradient_hf
from copfl.data.clients import ClientData, holdout_split
from copfl.core.train_hooks import TrainStats, make_optimizer
from copfl.core.workspace import Workspace
from copfl.algorithms.search_space import log_float, sgd_space

ORDERS = (1, 2)
# Training passes (forward + backward, the FLOP count's unit) a support sample costs in a
# second-order meta-step: its gradient with a graph (1), and the double backward through it for
# the Hessian-vector product (2: the backward's own ops differentiated, plus the forward
# activations they read). torch's FlopCounterMode measures 1.96x a first-order meta-step's
# matrix work on the CIFAR-10 CNN, i.e. 2.9 passes a support sample (tests/test_flops.py).
SUPPORT_PASSES_ORDER_2 = 3
ADAPT = ("batch", "full")
QUERY = ("holdout", "support")
Batch = tuple[torch.Tensor, torch.Tensor]


@dataclass(frozen=True)
class FedMetaConfig:
    # inner_lr's default: the DPAO-PFL reading note D18
    inner_lr: float | None = None  # alpha, the inner step size (None: the run's lr)
    order: int = 2  # 2: exact MAML meta-gradient (DPAO-PFL's text) | 1: first-order MAML
    query_fraction: float = 0.2  # the query share of each client's training data (DPAO-PFL: support/query 80/20)
    query: str = "holdout"  # holdout: query batches from the held-out query set | support: the support batch itself, no split
    meta_steps: int = 0  # meta-steps per round; 0: the run's local epochs over the support set (FedMeta's Alg. 1: 1)
    adapt_steps: int = 1  # evaluation: inner steps on the support set before testing
    adapt: str = "batch"  # evaluation's inner steps: batch (one seeded support batch each) | full (whole support set)
    weighting: str = "samples"  # aggregation weights: samples | uniform

    def __post_init__(self) -> None:
        if self.inner_lr is not None and not self.inner_lr >= 0:
            raise ValueError(f"FedMeta inner_lr (alpha) must be >= 0 or None (the run's lr), got {self.inner_lr}")
        if self.order not in ORDERS or isinstance(self.order, bool):
            raise ValueError(f"FedMeta order must be 1 (first-order) or 2 (second-order), got {self.order!r}")
        if not 0.0 < self.query_fraction < 1.0:
            raise ValueError(f"FedMeta query_fraction must be in (0, 1), got {self.query_fraction}")
        if self.query not in QUERY:
            raise ValueError(f"FedMeta query must be one of {', '.join(QUERY)}, got {self.query!r}")
        if self.meta_steps < 0:
            raise ValueError(f"FedMeta meta_steps must be >= 0 (0: the run's local epochs), got {self.meta_steps}")
        if self.adapt_steps < 0:
            raise ValueError(f"FedMeta adapt_steps must be >= 0, got {self.adapt_steps}")
        if self.adapt not in ADAPT:
            raise ValueError(f"FedMeta adapt must be one of {', '.join(ADAPT)}, got {self.adapt!r}")
        get_weighting(self.weighting)


# ------------------------------------------------------------------------- the equations
def support_gradient_graph(ws: Workspace, w: torch.Tensor, xb: torch.Tensor, yb: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """grad L(w; D_S) with its autograd graph kept (create_graph), for the second-order term:
    (the leaf w it was taken at, the gradient, the batch loss). The model is called
    functionally on views of the flat leaf (torch.func.functional_call), in its current mode."""
    leaf = w.detach().requires_grad_(True)
    out = torch.func.functional_call(ws.model, ws.flat.unflatten(leaf), (xb,))
    loss = ws.criterion(out, yb)
    (g,) = torch.autograd.grad(loss, leaf, create_graph=True)
    return leaf, g, loss.detach()


def jacobian_transpose_product(leaf: torch.Tensor, g: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    """(d g / d w)^T v = H_S(w)^T v by a backward pass through the support gradient's graph
    (exact; H_S the Hessian of L(.; D_S) at w). MAML's second-order term is alpha times this."""
    (hv,) = torch.autograd.grad(g, leaf, grad_outputs=v)
    return hv


def meta_gradient(
    ws: Workspace, w: torch.Tensor, support: Batch, query: Batch, alpha: float, order: int
) -> tuple[torch.Tensor, torch.Tensor]:
    """FedMeta's (MAML's) meta-gradient at w and the query loss L(theta'; D_Q):
    theta' = w - alpha grad L(w; D_S); order 2: grad_w L(theta'; D_Q) = g - alpha H_S(w)^T g,
    g = grad L(theta'; D_Q) (exact); order 1: g."""
    (xs, ys), (xq, yq) = support, query
    if order == 1:
        gs, _ = gradient(ws, w, xs, ys)
        g, loss = gradient(ws, inner_step(w, gs, alpha), xq, yq)
        return meta_gradient_fo(g), loss
    leaf, gs, _ = support_gradient_graph(ws, w, xs, ys)
    g, loss = gradient(ws, inner_step(w, gs.detach(), alpha), xq, yq)
    return meta_gradient_hf(g, jacobian_transpose_product(leaf, gs, g), alpha), loss


def _cycle(ws: Workspace, data: ClientData, batch_size: int, generator: torch.Generator) -> Iterator[Batch]:
    """Seeded passes over ``data`` without end (the run's batch layout and augmentation)."""
    return ws.batches(data, epochs=sys.maxsize, batch_size=batch_size, generator=generator)


def _set_dp_rate(ws: Workspace, batch_size: int, n: int) -> None:
    """DP-SGD: the next noisy step samples a batch from ``n`` samples (its accounting rate),
    told to the workspace's gradient stage."""
    if ws.gradient_stage is not None:
        ws.gradient_stage.sampling(batch_size, n)


@register
class FedMeta(GlobalModel):
    name = "fedmeta"
    description = "FedMeta (Chen et al., 2018): MAML meta-model (support/query 80/20); personalized by inner steps on the support set"
    Config = FedMetaConfig
    search_space = {**sgd_space(paper_lr=0.01, paper_momentum=0.0), "inner_lr": log_float(1e-3, 0.3)}  # copfl tune (docs/tuning.md)
    search_defaults = {"inner_lr": "lr"}  # inner_lr None: the run's lr
    run_defaults = {"optimizer": "sgd", "lr": 0.01, "momentum": 0.0}  # DPAO-PFL: lr 0.01 for every method

    def alpha(self, ctx: ClientContext) -> float:
        """The inner step size: the option, or the run's lr."""
        return ctx.training.optimizer.lr if self.config.inner_lr is None else self.config.inner_lr

    def split(self, ctx: ClientContext) -> tuple[ClientData, ClientData]:
        """(support, query): the client's fixed 80/20 cut of its training data (the same in
        every round and phase); with ``query="support"`` both are the whole training set."""
        if self.config.query == "support":
            support = query = ctx.data
        else:
            support, query = holdout_split(ctx.data, self.config.query_fraction, ctx.seed, ctx.client)
        for part, d in (("support", support), ("query", query)):
            # a batch-norm model skips batches of one sample: the cyclic streams would never yield
            if ctx.workspace.has_bn and d.num_train < 2:
                raise ValueError(
                    f"FedMeta: client {ctx.client} has a {part} set of {d.num_train} sample(s), too few for a batch-norm model "
                    f"(batches of one are skipped); it needs at least 2 (query_fraction {self.config.query_fraction}, query={self.config.query})"
                )
        return support, query

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        c, ws = self.config, ctx.workspace
        if ws.gradient_stage is not None and c.order == 2:
            raise ValueError("FedMeta order=2 cannot run under DP-SGD (--dp-mode sgd privatizes first-order per-sample gradients); use --order 1 or --dp-mode upload")
        alpha, bs = self.alpha(ctx), ctx.training.batch_size
        support, query = self.split(ctx)
        gen = ctx.generator("local")
        if c.meta_steps:
            pairs: Iterator[Batch] = itertools.islice(_cycle(ws, support, bs, gen), c.meta_steps)
        else:
            pairs = ws.batches(support, epochs=ctx.training.epochs, batch_size=bs, generator=gen)
        queries = None if c.query == "support" else _cycle(ws, query, bs, ctx.generator("fedmeta-query"))
        w = nn.Parameter(message["params"].clone())
        opt = make_optimizer(ctx.training.optimizer, w)
        stats = TrainStats()
        loss_sum = torch.zeros((), dtype=torch.float64, device=ws.device)
        ws.model.train()
        support_passes = 0
        for sb in pairs:
            qb = sb if queries is None else next(queries, None)
            if qb is None:  # a straggler's batches are spent (copfl.extensions.unreliable)
                break
            _set_dp_rate(ws, bs, support.num_train)  # support, then query: one noisy step each
            w.grad, loss = self._meta_gradient_dp(ws, w.detach(), sb, qb, alpha, query.num_train, bs)
            opt.step()
            loss_sum += loss * len(qb[1])
            stats.samples += len(qb[1])
            stats.steps += 1
            support_passes += len(sb[1])
        stats.loss_sum = float(loss_sum)
        # FLOPs: the query passes are the step's samples; each support sample costs one forward +
        # backward, and a second-order meta-gradient two more (SUPPORT_PASSES_ORDER_2: the
        # Hessian-vector product differentiates the backward pass, about twice its cost)
        ctx.logs["extra_train_samples"] = support_passes * (SUPPORT_PASSES_ORDER_2 if c.order == 2 else 1)
        meta = w.detach().clone()
        ws.load(meta)
        return ClientResult({"params": meta, "num_samples": ctx.data.num_train}, {}, stats)

    def _meta_gradient_dp(self, ws: Workspace, w: torch.Tensor, sb: Batch, qb: Batch, alpha: float, n_query: int, bs: int) -> tuple[torch.Tensor, torch.Tensor]:
        """:func:`meta_gradient`, with DP-SGD's sampling rate switched to the query set's
        between the two (first-order) gradients."""
        if ws.gradient_stage is None:
            return meta_gradient(ws, w, sb, qb, alpha, self.config.order)
        gs, _ = gradient(ws, w, *sb)
        _set_dp_rate(ws, bs, n_query)
        g, loss = gradient(ws, inner_step(w, gs, alpha), *qb)
        return meta_gradient_fo(g), loss

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, float]]:
        return {"params": self.average(uploads)}, {}

    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        """The meta-model after ``adapt_steps`` inner steps of size alpha on the SUPPORT set
        (one seeded support batch each, or the whole support set's gradient)."""
        c, ws, w = self.config, ctx.workspace, message["params"]
        alpha = self.alpha(ctx)
        if c.adapt_steps == 0 or alpha == 0:
            return w
        support, _ = self.split(ctx)
        gen = ctx.generator("fedmeta-adapt")
        ws.model.train()
        if c.adapt == "full":
            for _ in range(c.adapt_steps):
                w = inner_step(w, full_gradient(ws, w, support, ws.eval_batch_size, gen), alpha)
            return w
        stream = _cycle(ws, support, ctx.training.batch_size, gen)
        for _ in range(c.adapt_steps):
            g, _ = gradient(ws, w, *next(stream))
            w = inner_step(w, g, alpha)
        return w
