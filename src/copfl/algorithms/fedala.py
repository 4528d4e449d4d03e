"""FedALA: Zhang, Hua, Wang, Song, Xue, Ma, Guan, "FedALA: Adaptive Local Aggregation for
Personalized Federated Learning", AAAI 2023 (arXiv:2212.01197).

The server is FedAvg. Before local training, client i does not overwrite its model with the
global model Theta it receives: it *aggregates* the two locally, element-wise, with weights it
learns (the paper's ALA module, Algorithm 1 lines 6-16):

    theta_i = Theta_i + (Theta - Theta_i) * [1^(|Theta| - p); W_i^p]                  (ALA)

Theta_i is the client's local model after its last training. The lower layers take the global
model (weight 1); on the top p layers each coordinate gets its own weight W in [0, 1], learned
by gradient descent on a random s% of the client's training data, theta_i recomputed after
every batch:

    W <- clip(W - eta * grad_theta L(theta_i) * (Theta - Theta_i), 0, 1)               (W step)

(grad_W L = grad_theta L * (Theta - Theta_i), the chain rule through the ALA line). In the
client's first ALA, W (initialized to ones) trains until converged: epochs over the sample
until the population standard deviation of the last ``loss_window`` epochs' losses is below
``threshold``; afterwards one epoch per round, from the W it kept. Then the client trains
theta_i with the run's local epochs and optimizer and uploads it (FedAvg). W and the top p
layers of the trained model are the client's state; the rest of its model is never needed
again (the next ALA overwrites it with the global model).

Functions: :func:`local_aggregation` (ALA), :func:`ala_weight_step` (W step),
:func:`converged` (the start phase's stopping rule), :func:`top_offset` (which coordinates
are the top p layers).

Defaults (paper and its code, github.com/TsingZ0/FedALA and PFLlib's ``utils/ALA.py``):
s = 80 (% of the local training data), p = 1 layer (the head; the code's ``layer_idx = 2``
counts parameter tensors, the head's weight and bias), eta = 1.0, threshold 0.1 on the std of
the last 10 epoch losses (``num_pre_loss``), SGD at lr 0.005 without momentum. Choices where
the sources are silent or disagree:

* **Layers.** p counts modules that own parameters, from the end of the flat parameter vector
  (registration order, as the code's ``list(model.parameters())[-layer_idx:]``); p at or above
  the model's layer count mixes every layer.
* **The first round.** A client with no local model yet (it never trained) starts from the
  global model and learns no W (the code skips ALA while local == global); its first ALA with
  a local model of its own is the start phase.
* **The sample.** A fresh random ``int(s/100 * n)`` of the client's samples each round
  (seeded: purpose ``fedala-sample``), in shuffled batches of the run's batch size through the
  run's data pipeline (purpose ``fedala``); the code takes a random contiguous window in its
  data order, in order, dropping the last short batch. A loss per epoch is the epoch's last
  batch's (the code's).
* **The bound.** The reference's start phase loops until converged; copfl stops after
  ``max_start_epochs`` (50) epochs at most.
* **The composition.** The ALA line is computed as Theta + (Theta - Theta_i) * (W - 1), the
  same number up to rounding, so that W = 1 is the global model exactly (``eta = 0``, with W
  never leaving 1, is FedAvg bit for bit: a test).
* **Evaluation** (the code evaluates right after ALA, before training): the ALA composition
  of the latest global model and the client's latest local top layers with the W it kept,
  without learning W again; a client that never trained is evaluated with the global model.
* **Work.** The reference freezes the lower layers of its temporary model, so a W step costs
  a forward pass and the top layers' backward. When the top layers are the head (and no
  DP-SGD), copfl does the same: the body's features without autograd, then the head alone,
  forward and backward; computed once for the whole sample when they do not depend on the
  batch (no batch norm, dropout or augmentation: :meth:`Workspace.head_only`), else per
  batch. Otherwise (more layers, DP-SGD) each W step is a full forward and backward pass
  (privatized and accounted under DP-SGD). Every W step is in the client's training
  statistics (and so in its training loss) at its own FLOP cost; the element-wise work is
  ``extra_flops``. Batch-norm running statistics are restored after ALA (the reference
  learns W on a copy of the model).
* Under ``--dp-mode upload`` and attacks the update is the upload minus the global model the
  client received (FedAvg's reference), so the personalization ALA adds is privatized with
  it.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass

import torch

from copfl.algorithms.base import ClientContext, ClientResult, ClientState, Message, Setup, register, require
from copfl.algorithms.fedavg import FedAvgBase, FedAvgBaseConfig
from copfl.data.clients import ClientData
from copfl.core.params import FlatParams
from copfl.algorithms.search_space import integer, log_float, sgd_space, uniform
from copfl.core.train_hooks import Trainable, TrainStats

# element-wise FLOPs per top coordinate per W step: gradient x difference, scale and subtract,
# the two-sided clip, (W - 1), multiply and add into theta
ALA_FLOPS_PER_COORDINATE = 7


# ---------------------------------------------------------------------------- the equations
def local_aggregation(glob: torch.Tensor, diff: torch.Tensor, weights: torch.Tensor, out: torch.Tensor | None = None) -> torch.Tensor:
    """ALA: theta = Theta_i + (Theta - Theta_i) * W, as Theta + (Theta - Theta_i) * (W - 1)
    (``glob`` Theta, ``diff`` Theta - Theta_i): W = 1 gives Theta exactly."""
    return torch.addcmul(glob, diff, weights - 1.0, out=out)


def ala_weight_step(weights: torch.Tensor, grad: torch.Tensor, diff: torch.Tensor, eta: float) -> torch.Tensor:
    """The W step, in place: W <- clip(W - eta * grad * (Theta - Theta_i), 0, 1), ``grad`` the
    loss's gradient at theta on the top coordinates, ``diff`` Theta - Theta_i."""
    return weights.addcmul_(grad, diff, value=-eta).clamp_(0.0, 1.0)


def converged(losses: list[float], window: int, threshold: float) -> bool:
    """The start phase's stopping rule (the reference ALA module): more than ``window`` epochs,
    and the population standard deviation of the last ``window`` losses below ``threshold``."""
    return len(losses) > window and statistics.pstdev(losses[-window:]) < threshold


def top_offset(flat: FlatParams, layers: int) -> int:
    """Where the top ``layers`` layers (modules owning parameters, in the flat vector's order)
    start: they are ``flat.vector[offset:]``. All layers when there are fewer."""
    starts: list[int] = []
    module = None
    for s in flat.slices:
        if s.module != module or not starts:
            module = s.module
            starts.append(s.offset)
    return starts[-min(layers, len(starts))]


# ---------------------------------------------------------------------------- the strategy
@dataclass(frozen=True)
class FedALAConfig(FedAvgBaseConfig):
    sample_percent: float = 80.0  # s: percent of the local training data W is learned on (paper, code: 80)
    ala_layers: int = 1  # p: top layers mixed by ALA (paper: 1, the head; the code's layer_idx=2 counts its weight and bias)
    eta: float = 1.0  # learning rate of the ALA weights W (paper, code: 1.0)
    threshold: float = 0.1  # first ALA: W trains until the std of the last loss_window epoch losses is below this (code: 0.1)
    loss_window: int = 10  # first ALA: epoch losses the convergence check looks at (code: num_pre_loss=10)
    max_start_epochs: int = 50  # first ALA: at most this many epochs (copfl's bound; the code has none)

    def __post_init__(self) -> None:
        super().__post_init__()
        require([
            (0.0 <= self.sample_percent <= 100.0, f"sample_percent must be in [0, 100], got {self.sample_percent}"),
            (self.ala_layers >= 1, f"ala_layers (p) must be >= 1, got {self.ala_layers}"),
            (self.eta >= 0.0, f"eta must be >= 0, got {self.eta}"),
            (self.threshold >= 0.0, f"threshold must be >= 0, got {self.threshold}"),
            (self.loss_window >= 1, f"loss_window must be >= 1, got {self.loss_window}"),
            (self.max_start_epochs >= 1, f"max_start_epochs must be >= 1, got {self.max_start_epochs}"),
        ])  # fmt: skip


@register
class FedALA(FedAvgBase):
    name = "fedala"
    description = "FedALA (Zhang et al., AAAI 2023): FedAvg; each client starts from an element-wise learned mix of its top layers and the global ones"
    Config = FedALAConfig
    run_defaults = {"optimizer": "sgd", "lr": 0.005, "momentum": 0.0}  # the code's defaults (plain SGD, lr 0.005)
    search_space = {
        **sgd_space(paper_lr=0.005, paper_momentum=0.0),  # plain SGD, as the authors' code
        "eta": log_float(0.01, 10.0, paper=1.0),
        "sample_percent": uniform(5.0, 100.0, paper=80.0),
        "ala_layers": integer(1, 3, paper=1),
    }  # copfl tune (docs/tuning.md)

    def __init__(self, config: FedALAConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        flat = setup.workspace.flat
        self.top = top_offset(flat, config.ala_layers)  # the top p layers are params[self.top:]
        self.top_mask = torch.zeros(flat.numel, device=self.device)
        self.top_mask[self.top :] = 1.0
        self.top_is_head = bool(torch.equal(flat.select("head"), self.top_mask.bool()))

    def client_update(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> ClientResult:
        ala, weights = self.adaptive_local_aggregation(ctx, broadcast["params"], state)  # theta_i, loaded
        stats = ctx.train(None)
        trained = ctx.workspace.params
        new_state = {"local": trained[self.top :].clone()}
        if weights is not None:
            new_state["weights"] = weights
        upload = {"shared": trained.clone(), "num_samples": ctx.data.num_train}
        return ClientResult(upload, new_state, ala + stats)

    def adaptive_local_aggregation(self, ctx: ClientContext, glob: torch.Tensor, state: ClientState) -> tuple[TrainStats, torch.Tensor | None]:
        """Load theta_i (ALA) into the workspace, learning W on a sample of the client's data:
        (the W steps' training statistics, the learned W; None when no ALA ran)."""
        ws, cfg, a = ctx.workspace, self.config, self.top
        ws.load(glob)
        if "local" not in state:  # never trained: its model is the global model
            return TrainStats(), None
        diff = glob[a:] - state["local"]
        start = "weights" not in state  # the first ALA: train W until converged
        weights = torch.ones_like(diff) if start else state["weights"].clone()
        top, grad = ws.params[a:], ws.flat.grad[a:]
        local_aggregation(glob[a:], diff, weights, out=top)
        m = int(cfg.sample_percent / 100.0 * ctx.data.num_train)
        if m == 0:
            return TrainStats(), None if start else weights

        def w_step() -> None:  # after each batch's gradient: the W step, then theta again
            ala_weight_step(weights, grad, diff, cfg.eta)
            local_aggregation(glob[a:], diff, weights, out=top)

        epoch = self._epochs(ctx, m, w_step)
        stats, losses = TrainStats(), []
        for _ in range(cfg.max_start_epochs if start else 1):
            s, last = epoch()
            stats = stats + s
            losses.append(last)
            if not start or converged(losses, cfg.loss_window, cfg.threshold):
                break
        ctx.logs["ala_epochs"] = len(losses)
        ctx.logs["extra_flops"] = ALA_FLOPS_PER_COORDINATE * len(diff) * stats.steps + len(diff)
        return stats, weights

    def _epochs(self, ctx: ClientContext, m: int, w_step: Callable[[], None]) -> Callable[[], tuple[TrainStats, float]]:
        """One epoch of W steps over a random sample of ``m`` of the client's samples, as a
        function returning (its statistics, its last batch's loss). When the top layers are the
        head (and no DP-SGD), each step trains the head alone on features the body computed
        without autograd (the reference freezes the lower layers): once for the whole sample
        when the body does not depend on the batch, else per batch; otherwise full steps."""
        ws, data, bs = ctx.workspace, ctx.data, ctx.training.batch_size
        idx = torch.randperm(data.num_train, generator=ctx.generator("fedala-sample"))[:m].to(data.y_train.device)
        x, y = data.x_train[idx], data.y_train[idx]
        gen = ctx.generator("fedala")
        last = [torch.zeros(())]
        head, criterion, grad = dict(ws.model.named_modules())[ws.flat.head_module], ws.criterion, ws.flat.grad[self.top :]

        def head_loss(feats: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:  # the gradient on the head's coordinates
            grad.zero_()
            loss = criterion(head(feats), yb)
            loss.backward()
            return loss.detach()

        by_head = [self.top_is_head and ws.gradient_stage is None and ws.cache_features]
        feats = ws.train_features(x, bs) if by_head[0] and ws.head_only([Trainable(self.top_mask)]) else None
        if feats is not None:  # the sample's features once: the body is the global model's, fixed
            first = [True]

            def cached_step(i: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
                last[0] = head_loss(feats[i], yb)
                w_step()
                return last[0]

            def cached_epoch() -> tuple[TrainStats, float]:
                batches = ((i, y[i]) for i in ws.batch_indices(m, epochs=1, batch_size=bs, generator=gen))
                s = ws.train_steps(data, epochs=1, batch_size=bs, generator=gen, step=cached_step, batches=batches)
                s.head_only, s.featurized = s.samples, m if first[0] else 0
                first[0] = False
                return s, float(last[0])

            return cached_epoch

        sample = ClientData(x, y, x[:0], y[:0])
        saved = ws.buffers.clone()  # batch-norm statistics: the W steps' forward passes do not keep theirs
        by_batch = [0]  # this epoch's samples stepped by the head alone

        def step(xb: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
            f = ws.train_features(xb, len(xb)) if by_head[0] else None  # None: the model's output is not the head's
            if f is None:
                by_head[0] = False
                last[0] = ws.loss_and_grad(xb, yb)  # a full step, privatized under DP-SGD
            else:
                last[0] = head_loss(f, yb)
                by_batch[0] += len(yb)
            w_step()
            return last[0]

        def epoch() -> tuple[TrainStats, float]:
            by_batch[0] = 0
            s = ws.train_steps(sample, epochs=1, batch_size=bs, generator=gen, step=step)
            s.head_only = s.featurized = by_batch[0]
            ws.buffers.copy_(saved)
            return s, float(last[0])

        return epoch

    def personalized(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> torch.Tensor:
        """The ALA composition of the global model and the client's local top layers with its W
        (no W learning); the global model for a client without a local model or W."""
        glob = broadcast["params"]
        if "weights" not in state:
            return glob
        out = glob.clone()
        a = self.top
        local_aggregation(glob[a:], glob[a:] - state["local"], state["weights"], out=out[a:])
        return out
