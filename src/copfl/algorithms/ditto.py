"""Ditto: Li, Hu, Beirami, Smith, "Ditto: Fair and Robust Federated Learning Through
Personalization", ICML 2021.

Each client trains two models per round: the global model, FedAvg-style from the model it
received (uploaded and averaged), and its personal model v_n, from where it left it, on
f_n(v) + lambda/2 ||v - w^t||^2 with w^t the global model received this round (the
proximal gradient lambda (v - w^t) is added to each step's gradient). The personal model is
the one evaluated. Both use the run's local optimizer, batch size and local epochs
(``personal_epochs`` overrides the latter for the personal model).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from copfl.algorithms.base import ClientContext, ClientResult, ClientState, Message, register
from copfl.algorithms.fedavg import FedAvgBase, FedAvgBaseConfig
from copfl.core.train_hooks import proximal
from copfl.algorithms.search_space import log_float, sgd_space


@dataclass(frozen=True)
class DittoConfig(FedAvgBaseConfig):
    lam: float = 1.0  # lambda, the pull toward the global model (the Ditto scripts use 1; its dynamic grid is {0.1, 1, 2})
    personal_epochs: int | None = None  # local epochs of the personal model (None: the run's)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.lam < 0:
            raise ValueError(f"lam must be >= 0, got {self.lam}")


@register
class Ditto(FedAvgBase):
    name = "ditto"
    description = "Ditto (Li et al., ICML 2021): FedAvg global model + personal models pulled toward it (lambda)"
    Config = DittoConfig
    search_space = {**sgd_space(paper_momentum=0.5), "lam": log_float(1e-3, 10.0, paper=1.0)}  # copfl tune (docs/tuning.md)

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {"personal": init.clone()}

    def client_update(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> ClientResult:
        w_t = broadcast["params"]
        glob = ctx.train(w_t)  # the global model's local update (FedAvg)
        upload = {"shared": ctx.workspace.params.clone(), "num_samples": ctx.data.num_train}
        # the personal model v: lambda/2 ||v - w^t||^2 pulls it towards the global model
        pers = ctx.train(state["personal"], epochs=self.config.personal_epochs, purpose="ditto-personal", hooks=[proximal(w_t, self.config.lam)])
        stats = glob + pers
        return ClientResult(upload, {"personal": ctx.workspace.params.clone()}, stats)

    def personalized(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> torch.Tensor:
        return state["personal"]
