"""FedSelect: Tamirisa et al., "FedSelect: Personalized Federated Learning with Customized
Selection of Parameters for Fine-Tuning", CVPR 2024 - as its reference code does it.

* Each local epoch is two passes over the client's data with plain SGD: first the
  personalized (masked) coordinates, then the shared (unmasked) ones, continuing from each
  other (unlike CO-PFL's Algorithm 2, whose two passes both start from the round model).
  Each pass type keeps one optimizer for the whole round.
* Every ``grow_every`` rounds (3) the mask grows from the round change |w_start - w_end|:
  per weight tensor, while the tensor's personalized fraction is <= ``bound`` (0.8), the
  top ``p`` (0.25) of its still-shared entries ("GradSelect"; :func:`copfl.core.masks.grow_per_tensor`).
* The server averages each coordinate over the clients that share it, with uniform weights
  (:func:`copfl.core.masks.aggregate_per_coordinate`); each client takes the server's values on
  its own shared coordinates.
Defaults (the CO-PFL protocol's reading notes, docs/papers/reading-notes.md; the FedSelect code): SGD, lr 0.05, no momentum, batch 32.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import torch

from copfl.algorithms.base import ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, Setup, get_weighting, register
from copfl.algorithms.masked import MaskedAlgorithm
from copfl.core.masks import grow_per_tensor
from copfl.core.train_hooks import Trainable, TrainStats, make_optimizer
from copfl.algorithms.search_space import sgd_space, uniform


@dataclass(frozen=True)
class FedSelectConfig:
    p: float = 0.25  # fraction of a tensor's still-shared entries personalized per growth step
    bound: float = 0.8  # a tensor grows while its personalized fraction is <= bound
    grow_every: int = 3  # rounds between mask growth steps
    weighting: str = "uniform"  # FedSelect averages uniformly

    def __post_init__(self) -> None:
        if not 0.0 <= self.p <= 1.0:
            raise ValueError(f"p must be in [0, 1], got {self.p}")
        if not 0.0 <= self.bound <= 1.0:
            raise ValueError(f"bound must be in [0, 1], got {self.bound}")
        if self.grow_every < 1:
            raise ValueError(f"grow_every must be >= 1, got {self.grow_every}")
        get_weighting(self.weighting)


@register
class FedSelect(MaskedAlgorithm):
    name = "fedselect"
    description = "FedSelect (Tamirisa et al., CVPR 2024): growing per-client parameter masks, alternating masked/unmasked SGD"
    Config = FedSelectConfig
    search_space = {**sgd_space(paper_lr=0.05, paper_momentum=0.0), "p": uniform(0.05, 0.5, paper=0.25), "bound": uniform(0.5, 0.95, paper=0.8)}  # copfl tune (docs/tuning.md)
    run_defaults = {"optimizer": "sgd", "lr": 0.05, "momentum": 0.0}

    def __init__(self, config: FedSelectConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        self.weigh = get_weighting(config.weighting)

    def init_server(self, init: torch.Tensor) -> ServerState:
        return {"params": init.clone()}

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {"params": init.clone(), "mask": self.empty_mask()}

    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        return {"params": server["params"]}

    def client_update(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> ClientResult:
        mask = state["mask"]
        start = self.start(state, broadcast)
        ws, opt_cfg = ctx.workspace, ctx.training.optimizer
        h_p, h_g = mask.to(torch.float32), (~mask).to(torch.float32)
        has_personal = bool(mask.any())
        decay = opt_cfg.weight_decay
        # one optimizer per pass type for the whole round; L2 applied before the masks
        opt_p = make_optimizer(replace(opt_cfg, weight_decay=0.0), ws.flat.param)
        opt_g = make_optimizer(replace(opt_cfg, weight_decay=0.0), ws.flat.param)
        gen_p, gen_g = ctx.generator("fedselect-personal"), ctx.generator("local")
        ws.load(start)
        total = TrainStats()
        for _ in range(ctx.training.epochs):
            passes = ((opt_p, gen_p, h_p), (opt_g, gen_g, h_g)) if has_personal else ((opt_g, gen_g, h_g),)
            for opt, gen, h in passes:
                s = ctx.train(None, epochs=1, optimizer=opt, generator=gen, hooks=[Trainable(h, decay)])
                total = total + s
        new = ws.params.clone()
        new_mask = mask
        if ctx.round % self.config.grow_every == 0 and self.config.p > 0:
            new_mask = grow_per_tensor(mask, (start - new).abs(), ws.flat.slices, self.config.p, self.config.bound)
        upload = self.masked_upload(new, new_mask, num_samples=ctx.data.num_train)
        return ClientResult(upload, {"params": new, "mask": new_mask}, total)

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict]:
        alphas = self.weigh(uploads)
        masks, models = self.unpack_uploads(uploads)
        clients = [c for c, _ in uploads]
        if not any(bool(m.any()) for m in masks):
            new = self.combine(models, alphas, clients)
        else:
            new = self.combine.masked(server["params"], models, masks, alphas, clients)
        logs = {"mask_fraction_mean": self.mask_fraction_mean(masks)}
        return {"params": new}, logs
