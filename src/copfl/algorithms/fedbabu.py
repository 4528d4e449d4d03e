"""FedBABU: Oh, Kim, Yun, "FedBABU: Toward Enhanced Representation for Federated Image
Classification", ICLR 2022 (arXiv 2106.06042; official code: github.com/jhoon-oh/FedBABU).

The model is a body (everything before the last linear layer) and a head (the last linear
layer). During federated training the head is fixed at its random initialization and never
trained: each client trains only the body from the global model (the head's learning rate is
0: ``local_upt_part body`` in the official code), uploads the body, and the server averages the
bodies (FedAvg's aggregation, weights by training-set size; ``aggr_part body``). The head
never changes, so it is never uploaded.

Personalization happens at evaluation only: each client fine-tunes the global model on its
own training data for ``finetune_epochs`` (the official code's ``--ft_ep 5``) with the run's
optimizer, and is evaluated with the fine-tuned model, which is neither uploaded nor kept
(:meth:`FedBABU.personalized`). ``finetune="full"`` fine-tunes body and head (the paper's
default, as the Flower baseline does); ``"head"`` the head alone, body frozen; ``"none"`` (or
``finetune_epochs=0``) evaluates the global model as it is.

With fine-tuning off, FedBABU is FedAvg with a frozen head bit for bit (tested against FedRep
with no head epochs, whose heads never move, and against plain torch).

Choices (docs/algorithms/fedbabu.md):

* The head is the model's own initial head (``head_init="model"``: the official code builds
  the network with PyTorch's default initialization and never re-initializes it).
  ``head_init="orthogonal"`` replaces its weight by the orthogonal matrix of a QR
  decomposition of the initial weight (rows orthonormal when classes <= features; the bias is
  kept), an option some reimplementations offer (FLGo's ``head_init='orth'``).
* Local training masks the head's gradient (:class:`copfl.core.workspace.Trainable`: the optimizer's
  weight decay moves into the mask, so the head stays exactly where it is).
* Fine-tuning uses the run's optimizer, batch size and learning rate (the official code and
  the Flower baseline fine-tune with the training lr), a fresh optimizer, batches from the
  client's ``"finetune"`` seed stream; its work is evaluation work (FedAvg+FT's convention).
* Messages: the whole global model down (the head included, unchanged: a client needs no
  state of its own), the body up.

Defaults (the official scripts, ``scripts/run_abla.sh``): SGD, lr 0.1, momentum 0.9, weight decay
0; ``finetune_epochs=5``. The CO-PFL protocol's batch size and local epochs apply (the paper's
runs: batch 50, 1, 4 or 10 local epochs).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from copfl.algorithms.base import ClientContext, ClientResult, ClientState, Message, ServerState, Setup, register, require
from copfl.algorithms.fedavg import FedAvgBase, FedAvgBaseConfig
from copfl.core.params import FlatParams
from copfl.algorithms.search_space import integer, sgd_space
from copfl.core.train_hooks import Trainable

FINETUNE = ("full", "head", "none")
HEAD_INIT = ("model", "orthogonal")


# ---------------------------------------------------------------------------- the equations
def orthogonal_rows(weight: torch.Tensor) -> torch.Tensor:
    """The orthogonal factor of ``weight`` (C x d): Q of the QR decomposition of its transpose
    (C <= d: orthonormal rows) or of itself (C > d: orthonormal columns), the signs fixed so that
    R's diagonal is positive (as ``torch.nn.init.orthogonal_`` does)."""
    c, d = weight.shape
    q, r = torch.linalg.qr(weight.double().t() if c <= d else weight.double())
    sign = torch.sign(torch.diagonal(r))
    sign[sign == 0] = 1.0
    q = q * sign
    return (q.t() if c <= d else q).to(weight.dtype)


def head_weight(flat: FlatParams, params: torch.Tensor) -> torch.Tensor:
    """The head's weight matrix as a view of ``params`` (the model's layout)."""
    return flat.unflatten(params)[f"{flat.head_module}.weight"]


# ---------------------------------------------------------------------------- the strategy
@dataclass(frozen=True)
class FedBABUConfig(FedAvgBaseConfig):
    finetune_epochs: int = 5  # local epochs of fine-tuning before each evaluation (official code: --ft_ep 5)
    finetune: str = "full"  # what evaluation fine-tunes: full (body and head, the paper) | head | none
    head_init: str = "model"  # the fixed head: model (its initial head, the official code) | orthogonal

    def __post_init__(self) -> None:
        super().__post_init__()
        require([
            (self.finetune_epochs >= 0, f"FedBABU finetune_epochs must be >= 0, got {self.finetune_epochs}"),
            (self.finetune in FINETUNE, f"FedBABU finetune must be one of {', '.join(FINETUNE)}, got {self.finetune!r}"),
            (self.head_init in HEAD_INIT, f"FedBABU head_init must be one of {', '.join(HEAD_INIT)}, got {self.head_init!r}"),
        ])  # fmt: skip


@register
class FedBABU(FedAvgBase):
    name = "fedbabu"
    description = "FedBABU (Oh et al., ICLR 2022): head frozen at its initialization, body averaged; fine-tuned before evaluation"
    Config = FedBABUConfig
    search_space = {**sgd_space(paper_lr=0.1, paper_momentum=0.9), "finetune_epochs": integer(1, 10, paper=5)}  # copfl tune (docs/tuning.md)
    run_defaults = {"optimizer": "sgd", "lr": 0.1, "momentum": 0.9, "weight_decay": 0.0}

    def __init__(self, config: FedBABUConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        self.flat = setup.workspace.flat
        self.head = self.flat.select("head")
        # FedAvg's split: the head is on the client side of it (never uploaded, never averaged)
        # but it is frozen rather than personal: every client's model is the server's
        self.shared, self.all_shared = ~self.head, False
        self.h_body = self.shared.to(torch.float32)
        self.h_head = self.head.to(torch.float32)

    def _compose(self, global_params: torch.Tensor, state: ClientState) -> torch.Tensor:
        return global_params  # the head is the server's (fixed), not the client's

    def init_server(self, init: torch.Tensor) -> ServerState:
        params = init.clone()
        if self.config.head_init == "orthogonal":
            w = head_weight(self.flat, params)
            w.copy_(orthogonal_rows(w))
        return {"params": params}

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {}

    def local_train(self, ctx: ClientContext, start: torch.Tensor, broadcast: Message):
        return ctx.train(start, hooks=[Trainable(self.h_body)])  # the body alone: the head's gradient is masked

    def client_update(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> ClientResult:
        stats = self.local_train(ctx, broadcast["params"], broadcast)
        upload = {"shared": ctx.workspace.params[self.shared], "num_samples": ctx.data.num_train}
        return ClientResult(upload, {}, stats)

    def personalized(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> torch.Tensor:
        cfg = self.config
        if cfg.finetune == "none" or cfg.finetune_epochs == 0:
            return broadcast["params"]
        hooks = [Trainable(self.h_head)] if cfg.finetune == "head" else []
        ctx.train(broadcast["params"], epochs=cfg.finetune_epochs, purpose="finetune", hooks=hooks)
        return ctx.workspace.params
