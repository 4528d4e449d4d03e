"""GPFL: Zhang, Hua, Wang, Song, Xue, Ma, Cao, Guan, "GPFL: Simultaneously Learning Global and
Personalized Feature Information for Personalized Federated Learning", ICCV 2023 (arXiv
2308.10279); the authors' code: github.com/TsingZ0/GPFL (``clientgp.py``, ``servergp.py``).

The model is a feature extractor phi (the body: everything before the last linear layer) and
a head (the last linear layer). GPFL puts two modules between them, both shared:

* the Conditional Valve (CoV): from a condition vector c (K entries, K the head's input
  size) two small networks give gamma(c) = LN(ReLU(W_g c + b_g)) and beta(c) = LN(ReLU(W_b c
  + b_b)) (:func:`conditional_modulation`), and the valve turns the extractor's feature f into
  ReLU(f (.) (gamma + 1) + beta) (:func:`valve`). With the client's global conditional input
  g_i it makes the global feature f_G; with its personalized one p_i the personalized
  feature f_P, the head's input;
* the Global Category Embedding layer (GCE): one embedding e_c in R^K per class.

A client's loss per batch (the run's criterion on the personalized route, then the GCE's
guidance of the global route):

    CE(head(f_P), y) + L_alg + lam L_mlg,
    L_alg = CE(cos(f_G, e_1..C), y)                      angle-level guidance (:func:`angle_loss`)
    L_mlg = E ||f_G - ebar_y||_2                          magnitude-level guidance (:func:`magnitude_loss`),
                                                          ebar: the GCE received this round, frozen

plus mu on the CoV's and the GCE's parameters as weight decay (the reference code's form of
the paper's regularizer, gradient mu w). The conditional inputs, personal:

    g_i = (1/C) sum_c e_c,   p_i = sum_c (n_i,c / n_i) e_c                 (:func:`conditional_inputs`)

Shared (averaged by training-set size, the reference): the extractor, the CoV, the GCE.
Personal: the head and (g_i, p_i). A client is evaluated with the global extractor and CoV,
its own head and its p_i.

How it sits on copfl's one-model workspace (the model itself is the run's): the CoV and the
GCE are one extra flat vector (:class:`GPFLLayout`), travelling with the shared body in one
message/upload vector ``shared`` = [body, extra], so the aggregation is FedAvg's weighted sum
(folds, ``--robust``, upload DP and attacks as for FedAvg). While a client trains or is
evaluated, a forward pre-hook on the head module (:meth:`GPFL.valve_on`) applies the CoV
functionally to the head's input: the head sees f_P, and f_G is kept for the loss. The step
is the workspace's own (``ws.loss_and_grad`` with GPFL's loss as the criterion, then
``ws.step``), plus one step of the run's optimizer, with weight decay mu, on the extra vector.

Choices where the sources are silent or disagree (docs/algorithms/gpfl.md):

* L_mlg is the mean over the batch of the per-sample norms (the paper's expectation,
  ``magnitude="mean"``); the reference code takes the norm of the whole batch's difference
  matrix (``magnitude="batch"``).
* The conditional inputs are computed at the end of a client's round from its locally trained
  GCE (the reference's order: before the next global GCE replaces it), used in its next
  round and in its evaluations; zero before its first round (the reference's start). A client
  that skips rounds keeps its own (the reference recomputes every client's every round).
* The CoV and GCE are initialized as torch initializes nn.Linear, nn.LayerNorm and
  nn.Embedding, seeded from the run's seed through the model's initial parameters.
* The CoV and GCE step with the run's optimizer (lr, momentum...) with weight decay mu in
  place of the run's; the reference uses plain SGD at the model's learning rate for all three.
* DP-SGD (``--dp-mode sgd``) is refused: its per-sample gradients cover the model's
  parameters, not the CoV and GCE that GPFL shares; ``--dp-mode upload`` privatizes the
  whole shared vector.
* The reported training loss is GPFL's whole loss (the reference's train loss too).

Defaults: lam 0.01, mu 0.1 (the reference's ``run_me.sh`` for the 4-layer CNN; 1e-4 and 0 for
ResNet-18); the run's optimizer, batch size and local epochs (the reference: SGD lr 0.005,
batch 10, one local epoch).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

from copfl.algorithms.base import Algorithm, ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, Setup, WeightedFold, check_sample_count, register, require, weights_by_samples
from copfl.algorithms.pfedhn import init_seed
from copfl.algorithms.search_space import log_float, sgd_space
from copfl.seeding import torch_generator
from copfl.core.train_hooks import EvalStats, make_optimizer
from copfl.core.workspace import Workspace

MAGNITUDE = ("mean", "batch")
LN_EPS = 1e-5  # nn.LayerNorm's default (the reference's CoV)


# ---------------------------------------------------------------------------- the extra modules
@dataclass(frozen=True)
class GPFLParts:
    """Views of the extra vector: the CoV's two networks stacked (row block 0: gamma's, 1:
    beta's) and the GCE's embeddings."""

    weight: torch.Tensor  # (2K, K): [W_gamma; W_beta]
    bias: torch.Tensor  # (2K,)
    ln_weight: torch.Tensor  # (2, K): the LayerNorms' scales (gamma's, beta's)
    ln_bias: torch.Tensor  # (2, K)
    embedding: torch.Tensor  # (C, K): the GCE


@dataclass(frozen=True)
class GPFLLayout:
    """Where the CoV and the GCE live in the extra flat vector (K = feature size, C = classes)."""

    feat_dim: int
    num_classes: int

    def shapes(self) -> list[tuple[str, tuple[int, ...]]]:
        k, c = self.feat_dim, self.num_classes
        return [("weight", (2 * k, k)), ("bias", (2 * k,)), ("ln_weight", (2, k)), ("ln_bias", (2, k)), ("embedding", (c, k))]

    @property
    def numel(self) -> int:
        return sum(math.prod(s) for _, s in self.shapes())

    def views(self, vec: torch.Tensor) -> GPFLParts:
        out, offset = {}, 0
        for name, shape in self.shapes():
            n = math.prod(shape)
            out[name] = vec[offset : offset + n].view(shape)
            offset += n
        return GPFLParts(**out)

    def init(self, generator: torch.Generator, device: torch.device | str) -> torch.Tensor:
        """As torch initializes the reference's modules: nn.Linear(K, K) weights and biases
        U(-1/sqrt(K), 1/sqrt(K)), LayerNorm scales 1 and shifts 0, nn.Embedding N(0, 1)."""
        k, c = self.feat_dim, self.num_classes
        bound = 1.0 / math.sqrt(k)
        linear = (torch.rand(2 * k * k + 2 * k, generator=generator) * 2 - 1) * bound
        ln = torch.cat([torch.ones(2 * k), torch.zeros(2 * k)])
        emb = torch.randn(c * k, generator=generator)
        return torch.cat([linear, ln, emb]).to(device)


def conditional_modulation(parts: GPFLParts, cond: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """The CoV's (gamma, beta) for each condition row of ``cond`` (R, K):
    gamma = LN_gamma(ReLU(W_gamma c + b_gamma)), beta = LN_beta(ReLU(W_beta c + b_beta)),
    each (R, K). One product for both networks and every condition."""
    k = cond.shape[-1]
    z = torch.relu(F.linear(cond, parts.weight, parts.bias)).view(-1, 2, k)
    z = F.layer_norm(z, (k,), eps=LN_EPS) * parts.ln_weight + parts.ln_bias
    return z[:, 0], z[:, 1]


def valve(f: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor) -> torch.Tensor:
    """The CoV's output ReLU(f (.) (gamma + 1) + beta), gamma and beta broadcast over the batch."""
    return torch.relu(torch.addcmul(beta, f, gamma + 1))


def angle_loss(f_g: torch.Tensor, embedding: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """L_alg: the cross-entropy of the cosine similarities between each global feature and
    every class embedding, mean over the batch."""
    return F.cross_entropy(F.linear(F.normalize(f_g, dim=-1), F.normalize(embedding, dim=-1)), y)


def magnitude_loss(f_g: torch.Tensor, frozen: torch.Tensor, y: torch.Tensor, form: str = "mean") -> torch.Tensor:
    """L_mlg: ||f_G - ebar_y||_2, ebar the frozen (received) embeddings: the mean over the batch
    of the per-sample norms (``mean``, the paper's expectation), or the norm of the batch's
    whole difference matrix (``batch``, the reference code)."""
    diff = f_g - frozen[y]
    if form == "batch":
        return torch.linalg.vector_norm(diff)
    return torch.linalg.vector_norm(diff, dim=-1).mean()


def conditional_inputs(embedding: torch.Tensor, counts: torch.Tensor) -> torch.Tensor:
    """(2, K): row 0 g = (1/C) sum_c e_c, row 1 p = sum_c (n_c / n) e_c."""
    share = counts.to(embedding.dtype) / counts.sum().clamp_min(1).to(embedding.dtype)
    return torch.stack([embedding.mean(0), share @ embedding])


def guidance_flops(feat_dim: int, num_classes: int, samples: int, steps: int) -> int:
    """GPFL's training work beyond the model's, copfl.core.flops' conventions (training = 3 x the
    forward's 2 FLOPs per multiply-add): per step the CoV's product for both networks and both
    conditions (2 x K x 2K multiply-adds); per sample the cosine products (C K) and, at one
    operation per element, the two valves (2 x 2 K), the normalization (3 K) and the magnitude
    term (3 K), each x 3 for the backward pass."""
    k, c = feat_dim, num_classes
    return steps * 6 * 4 * k * k + samples * (6 * c * k + 3 * 10 * k)


# ---------------------------------------------------------------------------- the strategy
@dataclass(frozen=True)
class GPFLConfig:
    lam: float = 0.01  # lambda, the magnitude-level guidance's weight (the reference's 4-layer CNN setting)
    mu: float = 0.1  # weight decay of the CoV and the GCE (the reference's 4-layer CNN setting)
    magnitude: str = "mean"  # L_mlg: mean of per-sample norms (the paper) | batch (the norm of the batch's difference, the reference code)

    def __post_init__(self) -> None:
        require([
            (self.lam >= 0, f"GPFL lam must be >= 0, got {self.lam}"),
            (self.mu >= 0, f"GPFL mu must be >= 0, got {self.mu}"),
            (self.magnitude in MAGNITUDE, f"GPFL magnitude must be one of {', '.join(MAGNITUDE)}, got {self.magnitude!r}"),
        ])  # fmt: skip


@register
class GPFL(Algorithm):
    name = "gpfl"
    description = "GPFL (Zhang et al., ICCV 2023): a conditional valve splits global and personalized features, global class embeddings guide the global ones"
    Config = GPFLConfig
    search_space = {
        **sgd_space(paper_lr=0.005, paper_momentum=0.0),
        "lam": log_float(1e-5, 1.0, paper=0.01),
        "mu": log_float(1e-3, 1.0, paper=0.1),
    }  # copfl tune (docs/tuning.md)

    def __init__(self, config: GPFLConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        flat = setup.workspace.flat
        parts = [s for s in flat.slices if s.module == flat.head_module]
        if not parts or len(parts[0].shape) != 2:
            raise ValueError(f"GPFL needs a linear head (its input is the feature the CoV modulates); {flat.head_module!r} has {[s.shape for s in parts]}")
        num_classes, feat_dim = parts[0].shape
        self.layout = GPFLLayout(feat_dim, num_classes)
        self.head = flat.select("head")
        self.body = ~self.head
        self.d_body = int(self.body.sum())
        idx = self.head.nonzero().flatten()
        # the head's coordinates as one range (copfl's models: the last layer), for slices, not masks
        self.head_range = (int(idx[0]), int(idx[-1]) + 1) if int(idx[-1]) + 1 - int(idx[0]) == len(idx) else None

    # -------------------------------------------------------------- vectors
    def compose(self, shared: torch.Tensor, head: torch.Tensor) -> torch.Tensor:
        """The model's flat parameters: the shared body, the client's own head."""
        if self.head_range is not None:
            a, _ = self.head_range
            return torch.cat([shared[:a], head, shared[a : self.d_body]])
        params = torch.empty(self.head.numel(), dtype=shared.dtype, device=shared.device)
        params[self.body] = shared[: self.d_body]
        params[self.head] = head
        return params

    def split(self, params: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """(body entries, head entries) of flat parameters, as new tensors."""
        if self.head_range is not None:
            a, b = self.head_range
            return torch.cat([params[:a], params[b:]]), params[a:b].clone()
        return params[self.body], params[self.head]

    @contextmanager
    def valve_on(self, ws: Workspace, extra: torch.Tensor, cond: torch.Tensor, stash: list[torch.Tensor] | None) -> Iterator[None]:
        """While open, the head's input f is replaced by f_P = CoV(f, p); with ``stash``, each
        forward also appends f_G = CoV(f, g) to it (for the guidance losses)."""
        head = dict(ws.model.named_modules())[ws.flat.head_module]

        def pre(module: nn.Module, args: tuple[Any, ...]) -> tuple[Any, ...]:
            gamma, beta = conditional_modulation(self.layout.views(extra), cond)
            f = args[0]
            if stash is not None:
                stash.append(valve(f, gamma[0], beta[0]))
            return (valve(f, gamma[1], beta[1]), *args[1:])

        handle = head.register_forward_pre_hook(pre)
        try:
            yield
        finally:
            handle.remove()

    # -------------------------------------------------------------- strategy
    def init_server(self, init: torch.Tensor) -> ServerState:
        extra = self.layout.init(torch_generator(init_seed(init), "gpfl-init"), self.device)
        return {"shared": torch.cat([self.split(init)[0], extra])}

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {"head": self.split(init)[1], "cond": torch.zeros(2, self.layout.feat_dim, device=init.device)}

    def broadcast(self, sctx: ServerContext, server: ServerState, client: int) -> Message:
        return {"shared": server["shared"]}  # the same tensor for everyone: no copy

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        ws, cfg, opt_cfg = ctx.workspace, self.config, ctx.training.optimizer
        if ws.gradient_stage is not None:
            raise ValueError(
                "GPFL shares its CoV and GCE, trained beside the model, and DP-SGD (--dp-mode sgd) privatizes only the "
                "model's gradients: use --dp-mode upload (the whole shared vector is clipped and noised)"
            )
        shared = message["shared"]
        ws.load(self.compose(shared, state["head"]))
        extra = nn.Parameter(shared[self.d_body :].clone())
        extra.grad = torch.zeros_like(extra)
        frozen = self.layout.views(shared[self.d_body :]).embedding  # the GCE received: L_mlg's target
        opt = make_optimizer(opt_cfg, ws.flat.param)
        extra_opt = make_optimizer(replace(opt_cfg, weight_decay=cfg.mu), extra)
        stash: list[torch.Tensor] = []

        def loss_fn(out: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
            f_g = stash.pop()
            loss = ws.criterion(out, y) + angle_loss(f_g, self.layout.views(extra).embedding, y)
            return loss + cfg.lam * magnitude_loss(f_g, frozen, y, cfg.magnitude) if cfg.lam else loss

        def step(xb: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
            extra.grad.zero_()  # type: ignore[union-attr]
            stash.clear()
            loss = ws.loss_and_grad(xb, yb, loss_fn=loss_fn)
            ws.step(opt)
            extra_opt.step()
            return loss

        with self.valve_on(ws, extra, state["cond"], stash):
            stats = ws.train_steps(ctx.data, epochs=ctx.training.epochs, batch_size=ctx.training.batch_size, generator=ctx.generator("local"), step=step)
        body, head = self.split(ws.params)
        new_extra = extra.detach()
        counts = torch.bincount(ctx.data.y_train.reshape(-1), minlength=self.layout.num_classes)
        new_state = {"head": head, "cond": conditional_inputs(self.layout.views(new_extra).embedding, counts)}
        ctx.logs["extra_flops"] = guidance_flops(self.layout.feat_dim, self.layout.num_classes, stats.samples, stats.steps)
        upload = {"shared": torch.cat([body, new_extra]), "num_samples": ctx.data.num_train}
        return ClientResult(upload, new_state, stats)

    def aggregate(self, sctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, Any]]:
        for c, u in uploads:
            check_sample_count(sctx, c, u)
        return {"shared": self.combine([u["shared"] for _, u in uploads], weights_by_samples(uploads), [c for c, _ in uploads])}, {}

    # the same weighted average as a fold (bit for bit): the engine streams uploads into it
    def fold_start(self, sctx: ServerContext, server: ServerState) -> WeightedFold:
        return WeightedFold(sctx, weights_by_samples, "shared")

    def fold_add(self, sctx: ServerContext, acc: WeightedFold, client: int, upload: Message) -> WeightedFold:
        return acc.add(client, upload)

    def fold_end(self, sctx: ServerContext, server: ServerState, acc: WeightedFold) -> tuple[ServerState, dict[str, Any]]:
        return {"shared": acc.result()}, {}

    # -------------------------------------------------------------- evaluation
    def evaluate(self, ctx: ClientContext, message: Message, state: ClientState) -> EvalStats:
        """The global extractor and CoV, the client's head and personalized input p_i."""
        ws = ctx.workspace
        shared = message["shared"]
        ws.load(self.compose(shared, state["head"]))
        with torch.no_grad(), self.valve_on(ws, shared[self.d_body :], state["cond"], None):
            return ws.evaluate(ctx.data.x_test, ctx.data.y_test)
