"""FedRoD: Chen, Chao, "On Bridging Generic and Personalized Federated Learning for Image
Classification", ICLR 2022 (arXiv 2107.00778), its linear personalized head (a public
implementation: PFLlib, ``clientrod.py``).

The model is a body f (everything before the last linear layer) and a generic head h_G (the
model's last linear layer); each client i also has a personal head h_P,i of the same shape,
kept in its client state. Per batch (x, y), with the values before the step:

* body and generic head: one step of the run's optimizer on the balanced softmax loss
  (:func:`balanced_softmax_loss`), the class counts n_i,c of the client's training data
  adjusting the logits:

      L_BSM = -log( n_y^gamma exp(z_y) / sum_c n_c^gamma exp(z_c) )
            = CE(z + gamma log n, y),   z = h_G(f(x))           (:func:`bsm_adjustment`)

* personal head: one step of its own instance of the run's optimizer on the plain
  cross-entropy of the summed logits, the generic part detached (no gradient into the body or
  the generic head):

      L_P = CE(z_G + h_P(f(x)), y),  z_G and f(x) detached       (:func:`personal_head_grad`)

Only body and generic head are sent and averaged (FedAvg's aggregation, weights by training-set
size). A client predicts with z_G + h_P,i(f(x)) (:func:`personalized_logits`), its own head on
top of the global model's logits.

Choices (docs/algorithms/fedrod.md):

* The personal head starts as a copy of the model's initial head (PFLlib: a deep copy of the
  model's predictor), or at zero (``phead_init="zero"``: the personalized model starts as the
  generic one).
* gamma = ``balance`` (1: Ren et al.'s balanced softmax, which FedRoD uses; 0: the plain
  cross-entropy, and the shared model is then FedAvg's bit for bit: tested). A class absent
  from the client's data gets log 0 = -inf: zero probability, never a gradient.
* The personal head's gradient is computed in closed form from the batch's features and
  generic logits (captured by a hook on the head during the step's own forward pass, before
  the step), ((softmax(z) - onehot(y)) / B) x [f(x), 1]; no second pass through the body. Under
  DP-SGD the per-sample gradients run inside ``torch.func.vmap``, so the features come from a
  forward pass without autograd at the same (pre-step) parameters (counted as inference,
  ``eval_flops``); the personal head's own gradient is not privatized: it never leaves the
  client and never reaches the upload.
* The reported training loss is the balanced softmax loss (the shared model's); each client's
  mean personal loss goes to the per-client log (``personal_loss``).
* Cost: the personal head's step, 6 x its multiply-adds per sample (copfl.core.flops' head-only
  convention) plus the logits' sum and softmax, declared as ``extra_flops``.
* The model's criterion must be the cross-entropy (a hinge-loss model is refused).

Defaults: ``balance=1`` (the paper's BSM), ``phead_init="head"`` (PFLlib); the CO-PFL
protocol's optimizer, batch size and local epochs (FedRoD's own protocol differs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

from copfl.algorithms.base import Algorithm, ClientContext, ClientResult, ClientState, Message, Setup, register, require
from copfl.algorithms.fedavg import FedAvgBase, FedAvgBaseConfig
from copfl.algorithms.search_space import sgd_space, uniform
from copfl.core.train_hooks import EvalStats, make_optimizer
from copfl.core.workspace import Workspace

PHEAD_INIT = ("head", "zero")


# ---------------------------------------------------------------------------- the equations
def bsm_adjustment(counts: torch.Tensor, gamma: float) -> torch.Tensor:
    """gamma log n_c per class (the balanced softmax's logit adjustment): -inf for a class the
    client does not hold (gamma > 0), 0 for every class when gamma = 0."""
    if gamma == 0:
        return torch.zeros(counts.shape, dtype=torch.float32, device=counts.device)
    return gamma * torch.log(counts.to(torch.float32))


def balanced_softmax_loss(logits: torch.Tensor, y: torch.Tensor, adjustment: torch.Tensor) -> torch.Tensor:
    """L_BSM = mean over the batch of -log(n_y^gamma e^{z_y} / sum_c n_c^gamma e^{z_c})
    = CE(z + gamma log n, y) (``adjustment``: :func:`bsm_adjustment`)."""
    return F.cross_entropy(logits + adjustment, y)


def personalized_logits(z_g: torch.Tensor, feats: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None) -> torch.Tensor:
    """z = z_G + h_P(f(x)) = z_G + f(x) W_P^T + b_P."""
    z = torch.addmm(bias, feats, weight.t()) if bias is not None else feats @ weight.t()
    return z.add_(z_g)


def personal_head_grad(
    feats: torch.Tensor, z_g: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None, y: torch.Tensor,
    grad_weight: torch.Tensor | None = None, grad_bias: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]:
    """The mean cross-entropy of z = z_G + f W_P^T + b_P over the batch and its gradient with
    respect to the personal head (z_G and f constants): G = (softmax(z) - onehot(y)) / B,
    dL/dW_P = G^T f, dL/db_P = sum of G's rows. Written into ``grad_weight`` / ``grad_bias``
    when given. Returns (loss, dW_P, db_P)."""
    z = personalized_logits(z_g, feats, weight, bias)
    logp = torch.log_softmax(z, dim=1)
    loss = F.nll_loss(logp, y)
    g = logp.exp_()
    g[torch.arange(len(y), device=y.device), y] -= 1.0
    g.div_(len(y))
    gw = torch.mm(g.t(), feats, out=grad_weight) if grad_weight is not None else g.t() @ feats
    gb = None
    if bias is not None:
        gb = torch.sum(g, 0, out=grad_bias) if grad_bias is not None else g.sum(0)
    return loss, gw, gb


# ---------------------------------------------------------------------------- the strategy
@dataclass(frozen=True)
class FedRoDConfig(FedAvgBaseConfig):
    balance: float = 1.0  # gamma, the class counts' exponent in the balanced softmax (1: BSM, the paper; 0: plain cross-entropy)
    phead_init: str = "head"  # the personal head's start: head (a copy of the model's initial head, PFLlib) | zero

    def __post_init__(self) -> None:
        super().__post_init__()
        require([
            (self.balance >= 0, f"FedRoD balance (gamma) must be >= 0, got {self.balance}"),
            (self.phead_init in PHEAD_INIT, f"FedRoD phead_init must be one of {', '.join(PHEAD_INIT)}, got {self.phead_init!r}"),
        ])  # fmt: skip


@register
class FedRoD(FedAvgBase):
    name = "fedrod"
    description = "FedRoD (Chen & Chao, ICLR 2022): shared body + generic head on the balanced softmax, a personal head added to its logits"
    Config = FedRoDConfig
    search_space = {**sgd_space(), "balance": uniform(0.0, 1.0, paper=1.0)}  # copfl tune (docs/tuning.md)

    # a client's prediction is not one flat model (the personal head sits beside it): evaluate
    # is FedRoD's own, and it has no single personalized vector
    personalized = Algorithm.personalized

    def __init__(self, config: FedRoDConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        ws = setup.workspace
        if getattr(ws.model, "criterion", "ce") != "ce":
            raise ValueError("FedRoD's balanced softmax and personal head need a cross-entropy model; this model trains with the hinge loss")
        self.head_mask = ws.flat.select("head")
        # the personal head is a flat vector laid out as the model's head: W (C x d, row-major), then b
        parts = [s for s in ws.flat.slices if s.module == ws.flat.head_module]
        w = parts[0]
        if not (len(parts) in (1, 2) and len(w.shape) == 2 and (len(parts) == 1 or (parts[1].shape == w.shape[:1] and parts[1].offset == w.end))):
            raise ValueError(f"FedRoD needs a linear head (weight, optional bias); {ws.flat.head_module!r} has {[s.shape for s in parts]}")
        self.num_classes, self.feat_dim = w.shape
        self.has_bias = len(parts) == 2

    # -------------------------------------------------------------- the personal head
    def head_views(self, head: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor | None]:
        """(W_P, b_P) views of a flat head vector laid out as the model's head (weight, bias)."""
        k = self.num_classes * self.feat_dim
        return head[:k].view(self.num_classes, self.feat_dim), (head[k:] if self.has_bias else None)

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        head = init[self.head_mask].clone()
        return {"phead": head.zero_() if self.config.phead_init == "zero" else head}

    @contextmanager
    def _head_io(self, ws: Workspace) -> Iterator[list[tuple[torch.Tensor, torch.Tensor]]]:
        """While open, each forward pass appends the head's (input, output), detached."""
        seen: list[tuple[torch.Tensor, torch.Tensor]] = []
        head = dict(ws.model.named_modules())[ws.flat.head_module]
        handle = head.register_forward_hook(lambda m, inp, out: seen.append((inp[0].detach(), out.detach())))
        try:
            yield seen
        finally:
            handle.remove()

    def _features(self, ws: Workspace, xb: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """(f(x), z_G) of a batch by a forward pass without autograd (under DP-SGD)."""
        with torch.no_grad(), self._head_io(ws) as seen:
            ws.model(xb)
        return seen[-1]

    # -------------------------------------------------------------- the client
    def client_update(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> ClientResult:
        ws, opt_cfg = ctx.workspace, ctx.training.optimizer
        ws.load(broadcast["params"])
        opt = make_optimizer(opt_cfg, ws.flat.param)
        loss_fn: Callable[[torch.Tensor, torch.Tensor], torch.Tensor] | None = None
        if self.config.balance:  # gamma = 0: the run's own criterion (FedAvg's step)
            counts = torch.bincount(ctx.data.y_train, minlength=self.num_classes)
            adjustment = bsm_adjustment(counts, self.config.balance).to(ws.params.dtype)
            loss_fn = lambda z, y: balanced_softmax_loss(z, y, adjustment)  # noqa: E731
        ph = nn.Parameter(state["phead"].clone(), requires_grad=False)
        ph.grad = torch.zeros_like(ph)
        ph_opt = make_optimizer(opt_cfg, ph)
        weight, bias = self.head_views(ph.data)
        grad_weight, grad_bias = self.head_views(ph.grad)
        private = ws.gradient_stage is not None
        personal_loss = torch.zeros((), dtype=torch.float64, device=ph.device)

        with nullcontext() if private else self._head_io(ws) as seen:

            def step(xb: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
                nonlocal personal_loss
                loss = ws.loss_and_grad(xb, yb, loss_fn=loss_fn)  # body + generic head on L_BSM
                feats, z_g = self._features(ws, xb) if private else seen.pop()  # before the step
                ws.step(opt)
                p_loss, _, _ = personal_head_grad(feats, z_g, weight, bias, yb, grad_weight, grad_bias)
                ph_opt.step()
                personal_loss += p_loss.detach() * len(yb)
                return loss

            stats = ws.train_steps(ctx.data, epochs=ctx.training.epochs, batch_size=ctx.training.batch_size, generator=ctx.generator("local"), step=step)
        c, d = self.num_classes, self.feat_dim
        # the personal head's step (6 x its multiply-adds, copfl.core.flops' head-only convention) and the
        # logits' sum, softmax and error per sample; the balanced softmax's adjustment per sample
        ctx.logs["extra_flops"] = stats.samples * (6 * c * d + 6 * c + (c if loss_fn is not None else 0))
        ctx.logs["personal_loss"] = float(personal_loss) / max(stats.samples, 1)
        upload = {"shared": ws.params.clone(), "num_samples": ctx.data.num_train}
        return ClientResult(upload, {"phead": ph.data}, stats)

    # -------------------------------------------------------------- evaluation
    def evaluate(self, ctx: ClientContext, message: Message, state: ClientState) -> EvalStats:
        """The client's prediction z_G + h_P(f(x)) on its test data (loss: cross-entropy)."""
        ws = ctx.workspace
        ws.load(message["params"])
        x, y = ctx.data.x_test, ctx.data.y_test
        if not len(y):
            return EvalStats(0.0, 0, 0)
        feats, z_g = ws.features_and_logits(x)
        with torch.no_grad():
            z = personalized_logits(z_g, feats, *self.head_views(state["phead"]))
            return EvalStats(float(F.cross_entropy(z, y, reduction="sum")), int((z.argmax(1) == y).sum()), len(y))

