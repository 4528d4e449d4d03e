"""APFL: Deng, Kamani, Mahdavi, "Adaptive Personalized Federated Learning", arXiv 2003.13461,
2020 (official code: github.com/MLOPTPSU/FedTorch, ``comms/trainings/federated/apfl.py``).

Each client i keeps a local model v_i and a mixing weight alpha_i in [0, 1]; with the global
model w they make its personalized model (Section 3, the mixed model of Algorithm 1)

    v_bar_i = alpha_i v_i + (1 - alpha_i) w                                  (:func:`mix`)

At every local step, on one batch xi, from the values before the step (Algorithm 1):

    w       <- w - eta grad f_i(w; xi)                     FedAvg's local step (the run's optimizer)
    v_i     <- v_i - eta grad_v f_i(v_bar_i; xi),  grad_v = alpha_i grad f_i(v_bar_i; xi)
                                                                             (:func:`personal_gradient`)
    alpha_i <- alpha_i - eta grad_alpha f_i(v_bar_i; xi),  grad_alpha = <v_i - w, grad f_i(v_bar_i; xi)>
                                                                (:func:`alpha_gradient`, :func:`alpha_step`)

The server averages the w's (FedAvg's aggregation, weights by training-set size); only w
travels. v_i and alpha_i never leave the client (its state in the client store). A client is
evaluated with alpha_i v_i + (1 - alpha_i) w, w the server's current model.

Choices (where the paper is silent or its code differs; docs/algorithms/apfl.md):

* alpha is projected on [0, 1] after each step (the paper restricts alpha to [0, 1]; the
  official code clips). Its step size is the run's learning rate (Algorithm 1 uses one eta
  for all three updates) unless ``alpha_lr`` is set; it takes a plain gradient step, whatever
  the run's optimizer. ``alpha_decay`` adds decay x alpha to its gradient (the official code's
  ``alpha_update`` adds 0.02 alpha; the paper has no such term: default 0).
* ``learn_alpha=False`` keeps alpha fixed at its initial value (the paper's fixed-alpha runs).
  With alpha fixed at 0 the global model is FedAvg's bit for bit (tested): w's steps are
  FedAvg's steps (the same batches, the same optimizer over the same vector), and the personal
  pass changes nothing they read.
* The official code differs from the paper in three places; copfl follows the paper: it mixes
  the two models' *outputs* (alpha v(x) + (1 - alpha) w(x)) instead of their parameters, it
  updates alpha once per round (on the first batch), and its alpha gradient pairs v - w with
  alpha grad_v + (1 - alpha) grad_w of that output mix.
* v_i is stepped by its own instance of the run's optimizer (momentum, weight decay, Adam as
  the run has them), fresh each round as w's is; it starts as the initial model (the official
  code's deep copy of the model).
* Batch norm: the personal pass runs in training mode on the same batch; its update of the
  running statistics is undone, so they follow the global model's passes as in FedAvg (the
  engine's business).
* DP-SGD privatizes both gradients (every gradient the workspace computes) and its accountant
  counts both passes: conservative (the personal pass never reaches the upload).
* The reported training loss is the global model's (FedAvg's); each client's mean personal loss
  and its alpha go to the per-client log (``personal_loss``, ``alpha``).
* Cost: two forward + backward passes per batch (the second declared as
  ``extra_train_samples``) and :data:`EXTRA_FLOPS_PER_COORDINATE` element-wise operations per
  coordinate per step (``extra_flops``).

Defaults: alpha starts at 0.5 (``alpha_init``; the official code's ``--fed_personal_alpha``), learned
(``--fed_adaptive_alpha``, the paper's adaptive alpha); the CO-PFL protocol's optimizer.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn

from copfl.algorithms.base import ClientContext, ClientResult, ClientState, Message, register, require
from copfl.algorithms.fedavg import FedAvgBase, FedAvgBaseConfig
from copfl.algorithms.search_space import sgd_space, uniform
from copfl.core.train_hooks import make_optimizer

# Element-wise operations per coordinate per step that APFL adds to FedAvg's step: the mix
# (lerp: 3), alpha's gradient (difference, product, sum: 3), v's gradient (1) and v's optimizer
# step (about 3); copying w back into the model is not counted.
EXTRA_FLOPS_PER_COORDINATE = 10


# ---------------------------------------------------------------------------- the equations
def mix(v: torch.Tensor, w: torch.Tensor, alpha: float, out: torch.Tensor | None = None) -> torch.Tensor:
    """The personalized model v_bar = alpha v + (1 - alpha) w, computed as w + alpha (v - w)
    (``torch.lerp``: exactly w for alpha = 0, exactly v for alpha = 1)."""
    return torch.lerp(w, v, alpha, out=out) if out is not None else torch.lerp(w, v, alpha)


def personal_gradient(grad: torch.Tensor, alpha: float, out: torch.Tensor | None = None) -> torch.Tensor:
    """grad_v f(v_bar) = alpha grad f(v_bar) (v_bar = alpha v + (1 - alpha) w)."""
    return torch.mul(grad, alpha, out=out) if out is not None else grad * alpha


def alpha_gradient(v: torch.Tensor, w: torch.Tensor, grad: torch.Tensor, scratch: torch.Tensor | None = None) -> float:
    """d f(v_bar) / d alpha = <v - w, grad f(v_bar)> (``scratch``: a buffer for v - w)."""
    diff = torch.sub(v, w, out=scratch) if scratch is not None else v - w
    return float(torch.dot(diff, grad))


def alpha_step(alpha: float, grad: float, lr: float, decay: float = 0.0) -> float:
    """alpha - lr (grad + decay alpha), projected on [0, 1]."""
    return min(1.0, max(0.0, alpha - lr * (grad + decay * alpha)))


# ---------------------------------------------------------------------------- the strategy
@dataclass(frozen=True)
class APFLConfig(FedAvgBaseConfig):
    alpha_init: float = 0.5  # the mixing weight alpha's start, every client (official code: --fed_personal_alpha 0.5; --alpha is the run's Dirichlet concentration)
    learn_alpha: bool = True  # adapt alpha by its gradient each step (the paper's adaptive alpha); False: fixed
    alpha_lr: float | None = None  # alpha's step size (None: the run's lr, Algorithm 1's single eta)
    alpha_decay: float = 0.0  # decay x alpha added to alpha's gradient (official code: 0.02; the paper: none)

    def __post_init__(self) -> None:
        super().__post_init__()
        require([
            (0.0 <= self.alpha_init <= 1.0, f"APFL alpha_init must be in [0, 1], got {self.alpha_init}"),
            (self.alpha_lr is None or self.alpha_lr > 0, f"APFL alpha_lr must be > 0 or None (the run's lr), got {self.alpha_lr}"),
            (self.alpha_decay >= 0, f"APFL alpha_decay must be >= 0, got {self.alpha_decay}"),
        ])  # fmt: skip


@register
class APFL(FedAvgBase):
    name = "apfl"
    description = "APFL (Deng et al., 2020): personalized model alpha_i v_i + (1 - alpha_i) w, alpha_i learned per client"
    Config = APFLConfig
    search_space = {**sgd_space(), "alpha_init": uniform(0.0, 1.0, paper=0.5)}  # copfl tune (docs/tuning.md)

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {"v": init.clone(), "alpha": float(self.config.alpha_init)}

    def client_update(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> ClientResult:
        cfg, ws = self.config, ctx.workspace
        opt_cfg = ctx.training.optimizer
        # w and v live in tensors of their own, both stepped with the workspace's gradient (no
        # copy); the model holds v_bar for the personal pass, then w for the global one. w's
        # optimizer does FedAvg's arithmetic on the same values: the same bits.
        g = ws.flat.grad
        w = nn.Parameter(broadcast["params"].clone(), requires_grad=False)
        v = nn.Parameter(state["v"].clone(), requires_grad=False)
        w.grad = v.grad = g
        opt, v_opt = make_optimizer(opt_cfg, w), make_optimizer(opt_cfg, v)
        alpha = float(state["alpha"])
        lr = opt_cfg.lr if cfg.alpha_lr is None else cfg.alpha_lr
        diff = torch.empty_like(v) if cfg.learn_alpha else None
        bn = torch.empty_like(ws.buffers) if ws.has_bn and ws.buffers.numel() else None
        personal_loss = torch.zeros((), dtype=torch.float64, device=v.device)

        def step(xb: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
            nonlocal alpha, personal_loss
            if bn is not None:
                bn.copy_(ws.buffers)
            mix(v.data, w.data, alpha, out=ws.params)  # v_bar into the model
            personal_loss += ws.loss_and_grad(xb, yb) * len(yb)  # g = grad f(v_bar; xi)
            grad_alpha = alpha_gradient(v.data, w.data, g, diff) if diff is not None else 0.0
            personal_gradient(g, alpha, out=g)  # v's gradient, in place
            v_opt.step()
            if diff is not None:
                alpha = alpha_step(alpha, grad_alpha, lr, cfg.alpha_decay)
            ws.params.copy_(w.data)  # w into the model: FedAvg's step on the same batch
            if bn is not None:
                ws.buffers.copy_(bn)
            loss = ws.loss_and_grad(xb, yb)  # g = grad f(w; xi)
            opt.step()
            return loss

        stats = ws.train_steps(ctx.data, epochs=ctx.training.epochs, batch_size=ctx.training.batch_size, generator=ctx.generator("local"), step=step)
        ws.load(w.data)
        ctx.logs["extra_train_samples"] = stats.samples  # the personal pass: one more forward + backward per sample
        ctx.logs["extra_flops"] = EXTRA_FLOPS_PER_COORDINATE * v.numel() * stats.steps
        ctx.logs["alpha"] = alpha
        ctx.logs["personal_loss"] = float(personal_loss) / max(stats.samples, 1)
        upload = {"shared": w.data, "num_samples": ctx.data.num_train}
        return ClientResult(upload, {"v": v.data, "alpha": alpha}, stats)

    def personalized(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> torch.Tensor:
        return mix(state["v"], broadcast["params"], float(state["alpha"]))
