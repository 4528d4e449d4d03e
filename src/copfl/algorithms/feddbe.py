"""FedDBE: Zhang, Hua, Cao, Wang, Song, Xue, Ma, Guan, "Eliminating Domain Bias for Federated
Learning in Representation Space", NeurIPS 2023 (arXiv:2311.14975): FedAvg with the paper's
Domain Bias Eliminator (DBE), the method its code calls FedDBE.

The model is a feature extractor (the body: everything before the head, the last linear layer)
and the head. DBE splits client i's representation into a global part z = f(x), the body's
output, and a personal part: a vector b_i the client keeps (the Personalized Representation
Bias Memory, PRBM), added to the features before the head:

    prediction = head(z + b_i)                                                       (PRBM)

so that the body and head, shared by FedAvg, can stay free of the client's domain bias. Its
Mean Regularization (MR) pulls the client's mean representation toward a consensus:

    zbar_i <- (1 - mu) zbar_i + mu mean_batch(z)          (running mean, reset every round)
    loss   =  CE(head(z + b_i), y) + kappa * mean_k 1/2 (zbar_i,k - zbar_k)^2          (MR)

zbar the global mean representation: sum_i n_i zbar_i / sum_i n_i over the clients' running
means, computed once and then fixed. b_i trains with the model by SGD at the run's learning
rate, on the gradient of the same loss: head(z + b) = W (z + b) + c gives dL/db = W^T dL/dc,
the transpose of the head's weight times its bias's gradient (:func:`prbm_gradient`), so b's
step reads the (under DP-SGD, privatized) flat gradient after backward. A client is evaluated
with head(z + b_i), computed as a head bias c + W b_i (:func:`fold_bias`: the same function).

Functions: :func:`running_mean`, :func:`mean_regularization` (MR), :func:`prbm_gradient`,
:func:`fold_bias` (PRBM); the global mean is the run's combination of the uploaded means
(``self.combine``: robust rules apply), in :meth:`FedDBE.aggregate` and its fold.

Defaults: kappa = 50 and mu = 1 (the authors' script for FedDBE with the 4-layer CNN,
github.com/TsingZ0/DBE ``run_me.sh``: ``-klw 50 -mo 1``; mu = 1 makes zbar_i the current
batch's mean), plain SGD at lr 0.005 (the code's default; the PRBM's optimizer is SGD at the
model's rate). Choices where the sources are silent or disagree:

* **The initialization period.** The code computes the global mean once, before federated
  training, from one local epoch of every client without DBE, then discards those models.
  copfl's round 1 is that period and an ordinary round: the round's participants train
  without MR, track zbar_i and upload it with their model (the model is averaged as in any
  round); the server's weighted average of the means is the global mean from round 2 on,
  never recomputed (with partial participation: round 1's participants' means).
* **The PRBM in round 1.** b_i is added and trained from round 1 on (the code's
  initialization period does not use it; b_i = 0 then gives the same forward pass).
* **MR's scale.** The code's term is kappa times the *mean* over the feature dimensions of
  1/2 (zbar_i - zbar)^2, which kappa = 50 was tuned with (the paper writes a squared
  distance); copfl keeps the mean. zbar_i carries the gradient of the current batch only
  (earlier batches' contributions are constants), as in the code.
* **Transport.** The running mean is uploaded only in round 1, the global mean sent only from
  round 2 on, neither when kappa = 0 (MR off): messages are the model otherwise.
* **Privacy.** MR is a function of a batch's mean, which DP-SGD's per-sample clipping does not
  bound: ``--dp-mode sgd`` with kappa > 0 is refused (kappa = 0 runs: the PRBM's step is
  post-processing of the privatized gradient). Under ``--dp-mode upload`` the model update is
  privatized and the round-1 mean is sent as it is (a statistic, like FedPAC's centroids).
* ``personal`` (FedAvg's option) still applies: ``personal="head"`` is FedPer + DBE.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch

from copfl.algorithms.base import ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, Setup, UploadPart, UploadParts, WeightedFold, register, require
from copfl.algorithms.fedavg import FedAvg, FedAvgConfig
from copfl.algorithms.search_space import log_float, sgd_space, uniform
from copfl.core.train_hooks import FeatureTerm, GradientHook


# ---------------------------------------------------------------------------- the equations
def running_mean(previous: torch.Tensor, batch_mean: torch.Tensor, momentum: float) -> torch.Tensor:
    """zbar_i <- (1 - mu) zbar_i + mu mean_batch(z)."""
    return (1.0 - momentum) * previous + momentum * batch_mean


def mean_regularization(running: torch.Tensor, global_mean: torch.Tensor, kappa: float) -> torch.Tensor:
    """MR: kappa * mean_k 1/2 (zbar_i,k - zbar_k)^2 (the code's mean over feature dimensions)."""
    return kappa * (0.5 * (running - global_mean) ** 2).mean()


def prbm_gradient(head_weight: torch.Tensor, head_bias_grad: torch.Tensor) -> torch.Tensor:
    """dL/db for prediction = head(z + b) = W (z + b) + c: W^T dL/dc (sum over the batch of
    W^T dL/dout, which is dL/dc), ``head_weight`` W (classes, features)."""
    return head_bias_grad @ head_weight


def fold_bias(head_weight: torch.Tensor, head_bias: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    """The head bias c + W b: W z + (c + W b) = head(z + b)."""
    return head_bias + head_weight @ bias


# ---------------------------------------------------------------------------- the strategy
@dataclass(frozen=True)
class FedDBEConfig(FedAvgConfig):
    kappa: float = 50.0  # weight of the mean regularization MR (the authors' FedDBE script: -klw 50)
    mean_momentum: float = 1.0  # mu of the features' running mean (the authors' script: -mo 1, each batch's own mean)
    bias_lr: float | None = None  # SGD rate of the personal bias b_i (None: the run's lr, as the code; 0 keeps b_i at 0)

    def __post_init__(self) -> None:
        super().__post_init__()
        require([
            (self.kappa >= 0.0, f"kappa must be >= 0, got {self.kappa}"),
            (0.0 < self.mean_momentum <= 1.0, f"mean_momentum (mu) must be in (0, 1], got {self.mean_momentum}"),
            (self.bias_lr is None or self.bias_lr >= 0.0, f"bias_lr must be >= 0 or None (the run's lr), got {self.bias_lr}"),
        ])  # fmt: skip


@register
class FedDBE(FedAvg):
    name = "feddbe"
    description = "FedDBE (Zhang et al., NeurIPS 2023): FedAvg + a personal bias on the features (PRBM) + mean regularization (MR)"
    Config = FedDBEConfig
    run_defaults = {"optimizer": "sgd", "lr": 0.005, "momentum": 0.0}  # the code's defaults (plain SGD, lr 0.005)
    search_space = {
        **sgd_space(paper_lr=0.005, paper_momentum=0.0),  # plain SGD, as the authors' code
        "kappa": log_float(0.01, 100.0, paper=50.0),
        "mean_momentum": uniform(0.05, 1.0, paper=1.0),
    }  # copfl tune (docs/tuning.md)

    def __init__(self, config: FedDBEConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        flat = setup.workspace.flat
        head = dict(setup.workspace.model.named_modules())[flat.head_module]
        if head.bias is None:
            raise ValueError(f"FedDBE learns its personal bias from the head's bias gradient; the head {flat.head_module!r} has no bias")
        prefix = f"{flat.head_module}." if flat.head_module else ""
        slices = {s.name: s for s in flat.slices}
        w, b = slices[prefix + "weight"], slices[prefix + "bias"]
        self.w_range, self.w_shape, self.b_range = (w.offset, w.end), w.shape, (b.offset, b.end)
        self.feature_dim = head.in_features

    def _head(self, params: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Views of the head's weight (classes, features) and bias in a flat vector."""
        (w0, w1), (b0, b1) = self.w_range, self.b_range
        return params[w0:w1].view(self.w_shape), params[b0:b1]

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {**super().init_client(client, init), "bias": torch.zeros(self.feature_dim, device=self.device)}

    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        message = {"params": server["params"]}
        if "global_mean" in server:
            message["global_mean"] = server["global_mean"]
        return message

    def client_update(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> ClientResult:
        ws, cfg = ctx.workspace, self.config
        if ws.gradient_stage is not None and cfg.kappa > 0:
            raise ValueError(
                "FedDBE's mean regularization (kappa > 0) is a function of a batch's mean feature, which DP-SGD's per-sample "
                "clipping does not bound: use --dp-mode upload, or --kappa 0 (the personal bias alone runs under DP-SGD)"
            )
        bias = state["bias"].clone()  # b_i, stepped in place below
        target = broadcast.get("global_mean")  # None in round 1: MR off, the running mean tracked for the server
        track = cfg.kappa > 0
        zbar = [torch.zeros_like(bias)]  # zbar_i, reset every round

        def mr(f: torch.Tensor, y: torch.Tensor) -> torch.Tensor:  # f: the head's input z + b_i
            z_mean = (f if target is not None else f.detach()).mean(0) - bias
            zbar[0] = running_mean(zbar[0].detach(), z_mean, cfg.mean_momentum)
            return f.new_zeros(()) if target is None else mean_regularization(zbar[0], target, cfg.kappa)

        lr = ctx.training.optimizer.lr if cfg.bias_lr is None else cfg.bias_lr

        def step_bias(params: torch.Tensor, grad: torch.Tensor) -> None:  # before the model's step, at the same point
            bias.add_(prbm_gradient(self._head(params)[0], self._head(grad)[1]), alpha=-lr)

        head = dict(ws.model.named_modules())[ws.flat.head_module]
        handle = head.register_forward_pre_hook(lambda m, args: (args[0] + bias, *args[1:]))  # head(z + b_i)
        try:
            stats = ctx.train(self._compose(broadcast["params"], state), hooks=[FeatureTerm(mr) if track else None, GradientHook(step_bias) if lr else None])
        finally:
            handle.remove()
        trained = ws.params
        upload: Message = {"shared": self._shared_part(trained), "num_samples": ctx.data.num_train}
        if track and target is None:
            upload["feature_mean"] = zbar[0].detach()
        new_state = {"bias": bias} if self.all_shared else {"params": trained.clone(), "bias": bias}
        d, c = self.feature_dim, self.w_shape[0]
        # b_i added per sample; with MR the batch mean and its gradient; per step W^T dL/dc, b's step, MR's vectors
        ctx.logs["extra_flops"] = stats.samples * d * (3 if track else 1) + stats.steps * (2 * c * d + 10 * d)
        return ClientResult(upload, new_state, stats)

    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """The model update against where it started (FedAvg's); the round-1 running mean is a
        statistic, sent as it is."""
        parts = super().upload_parts(message, state, upload)
        if "feature_mean" in upload:
            parts.parts["feature_mean"] = UploadPart(None)
        return parts

    # ------------------------------------------------------------------ the server
    def _needs_mean(self, server: ServerState) -> bool:
        return self.config.kappa > 0 and "global_mean" not in server

    def _with_mean(self, server: ServerState, new: ServerState, mean: torch.Tensor | None) -> ServerState:
        if mean is not None:
            new["global_mean"] = mean
        elif "global_mean" in server:
            new["global_mean"] = server["global_mean"]
        return new

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, Any]]:
        new, logs = super().aggregate(ctx, server, uploads)  # the model: FedAvg's weighted average
        means = [(c, u) for c, u in uploads if "feature_mean" in u]
        mean = None
        if means and self._needs_mean(server):  # zbar = sum_i n_i zbar_i / sum_i n_i, once
            mean = self.combine([u["feature_mean"] for _, u in means], self.weigh(means), [c for c, _ in means])
        return self._with_mean(server, new, mean), logs

    # the same as a fold (bit for bit): the model's and, in round 1, the means' weighted sums
    def fold_start(self, ctx: ServerContext, server: ServerState) -> tuple[WeightedFold, WeightedFold | None]:
        return WeightedFold(ctx, self.weigh, "shared"), WeightedFold(ctx, self.weigh, "feature_mean") if self._needs_mean(server) else None

    def fold_add(self, ctx: ServerContext, acc: tuple[WeightedFold, WeightedFold | None], client: int, upload: Message) -> tuple[WeightedFold, WeightedFold | None]:
        acc[0].add(client, upload)
        if acc[1] is not None:
            acc[1].add(client, upload)
        return acc

    def fold_end(self, ctx: ServerContext, server: ServerState, acc: tuple[WeightedFold, WeightedFold | None]) -> tuple[ServerState, dict[str, Any]]:
        new, logs = self._average_into(server, acc[0])
        return self._with_mean(server, new, None if acc[1] is None else acc[1].result()), logs

    def personalized(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> torch.Tensor:
        """The shared model with b_i folded into the head's bias (head(z + b_i) = W z + c + W b_i)."""
        params = self._compose(broadcast["params"], state)
        bias = state["bias"]
        if not bool(bias.any()):
            return params  # b_i = 0: the shared model itself
        out = params.clone()
        w, c = self._head(out)
        c.copy_(fold_bias(w, c, bias))
        return out
