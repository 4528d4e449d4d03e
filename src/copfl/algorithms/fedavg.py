"""Local-only training and the FedAvg family: FedAvg, FedAvg+FT, FedProx.

* FedAvg: McMahan et al., "Communication-Efficient Learning of Deep Networks from
  Decentralized Data", AISTATS 2017. Server model = weighted average of the clients' models,
  weights by training-set size (``weighting="samples"``) or equal (``"uniform"``).
* FedAvg+FT: FedAvg whose global model each client fine-tunes on its own training data for
  ``finetune_epochs`` before evaluation (as in the CO-PFL paper's Table II baseline). The
  fine-tuned model is evaluated, never uploaded or kept.
* FedProx: Li et al., "Federated Optimization in Heterogeneous Networks", MLSys 2020. Local
  objective f_n(w) + mu/2 ||w - w^k||^2, implemented as the gradient term mu (w - w^k).

Personalization is a parameter mask: ``personal`` names the coordinates each client keeps
to itself (``"none"`` for FedAvg). The server averages and broadcasts only the others.
FedPer (``personal="head"``) and LG-FedAvg (``personal="body"``) are this same class.

:class:`FedAvgBase` is FedAvg without that option (its config, :class:`FedAvgBaseConfig`, has
``weighting`` alone): the base of the methods that keep their personalization beside a whole
shared model (APFL, Ditto, FedALA, FedBABU, FedRoD), for which ``--personal`` is no option.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from copfl.algorithms.base import Algorithm, ClientContext, ClientResult, ClientState, GlobalModel, Message, ServerContext, ServerState, Setup, UploadPart, UploadParts, WeightedFold, check_sample_count, get_weighting, register
from copfl.core.train_hooks import proximal
from copfl.algorithms.search_space import integer, log_float, sgd_space


@register
class LocalOnly(Algorithm):
    """Each client trains its own model; nothing is communicated."""

    name = "local"
    description = "Local-only: every client trains alone (no communication)"
    search_space = sgd_space(paper_momentum=0.5)  # copfl tune (docs/tuning.md)

    @dataclass(frozen=True)
    class Config:
        pass

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {"params": init.clone()}

    def client_update(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> ClientResult:
        stats = ctx.train(state["params"])
        return ClientResult({}, {"params": ctx.workspace.params.clone()}, stats)  # nothing is uploaded

    def personalized(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> torch.Tensor:
        return state["params"]


@dataclass(frozen=True)
class FedAvgBaseConfig:
    weighting: str = "samples"  # how clients are weighted in the average: samples | uniform

    def __post_init__(self) -> None:
        get_weighting(self.weighting)  # fail early on an unknown name


@dataclass(frozen=True)
class FedAvgConfig(FedAvgBaseConfig):
    personal: str = "none"  # parameters each client keeps local (a selection, see copfl.core.params)


class FedAvgBase(GlobalModel):
    """FedAvg's server and local step (its global model, broadcast and weighting:
    :class:`GlobalModel`), every coordinate shared unless a subclass names the ones its clients
    keep (``personal``, a selection of copfl.core.params: :class:`FedAvg`'s option). Not
    registered: the base of the FedAvg family, whose config has no ``personal``."""

    Config = FedAvgBaseConfig

    def __init__(self, config: FedAvgBaseConfig, setup: Setup, personal: str = "none") -> None:
        """The split of the flat vector into the coordinates the clients keep (``personal``) and
        the shared ones the server averages with ``config.weighting``."""
        super().__init__(config, setup)
        self.personal = setup.workspace.flat.select(personal)
        self.shared = ~self.personal
        self.all_shared = bool(self.shared.all())

    # -------------------------------------------------------------- parameter split
    def _shared_part(self, params: torch.Tensor) -> torch.Tensor:
        return params.clone() if self.all_shared else params[self.shared]

    def _compose(self, global_params: torch.Tensor, state: ClientState) -> torch.Tensor:
        """The client's model: its own values on personal coordinates, the server's elsewhere."""
        if self.all_shared:
            return global_params
        return torch.where(self.personal, state["params"], global_params)

    # -------------------------------------------------------------- strategy
    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {} if self.all_shared else {"params": init.clone()}

    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """The upload pipeline (--dp-mode upload, attacks): the shared part the client's update started from."""
        return UploadParts({"shared": UploadPart(self._shared_part(self._compose(message["params"], state)))})

    def local_train(self, ctx: ClientContext, start: torch.Tensor, broadcast: Message):
        """The local step (FedProx overrides only this)."""
        return ctx.train(start)

    def client_update(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> ClientResult:
        stats = self.local_train(ctx, self._compose(broadcast["params"], state), broadcast)
        trained = ctx.workspace.params
        new_state = {} if self.all_shared else {"params": trained.clone()}
        upload = {"shared": self._shared_part(trained), "num_samples": ctx.data.num_train}
        return ClientResult(upload, new_state, stats)

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, float]]:
        # bit for bit the fold below (the same weights, summed in the same order), through
        # the run's combiner (--robust, exposure to attackers)
        for c, u in uploads:
            check_sample_count(ctx, c, u)
        return self._put_shared(server, self.average(uploads, "shared"))

    # the same weighted average as a fold (the engine streams uploads into it); a subclass
    # with an aggregation of its own does not fold
    def fold_start(self, ctx: ServerContext, server: ServerState) -> WeightedFold | None:
        return WeightedFold(ctx, self.weigh, "shared") if type(self).aggregate is FedAvgBase.aggregate else None

    def fold_add(self, ctx: ServerContext, acc: WeightedFold, client: int, upload: Message) -> WeightedFold:
        return acc.add(client, upload)

    def fold_end(self, ctx: ServerContext, server: ServerState, acc: WeightedFold) -> tuple[ServerState, dict[str, float]]:
        return self._average_into(server, acc)

    def _average_into(self, server: ServerState, acc: WeightedFold) -> tuple[ServerState, dict[str, float]]:
        return self._put_shared(server, acc.result())

    def _put_shared(self, server: ServerState, avg: torch.Tensor) -> tuple[ServerState, dict[str, float]]:
        params = server["params"].clone()
        if self.all_shared:
            params = avg
        else:
            params[self.shared] = avg
        return {"params": params}, {}

    def personalized(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> torch.Tensor:
        return self._compose(broadcast["params"], state)


@register
class FedAvg(FedAvgBase):
    """FedAvg, with an optional mask of client-local coordinates (``personal``)."""

    name = "fedavg"
    description = "FedAvg (McMahan et al., 2017): weighted average of the local models"
    Config = FedAvgConfig
    search_space = sgd_space(paper_momentum=0.5)  # copfl tune (docs/tuning.md)

    def __init__(self, config: FedAvgConfig, setup: Setup) -> None:
        """FedAvg whose clients keep the coordinates ``config.personal`` selects."""
        super().__init__(config, setup, config.personal)


@dataclass(frozen=True)
class FedProxConfig(FedAvgConfig):
    mu: float = 0.01  # proximal coefficient (Li et al. 2020 tune mu in {0.001, 0.01, 0.1, 1})

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.mu < 0:
            raise ValueError(f"FedProx mu must be >= 0, got {self.mu}")


@register
class FedProx(FedAvg):
    name = "fedprox"
    description = "FedProx (Li et al., 2020): FedAvg with a proximal term mu/2 ||w - w_global||^2"
    Config = FedProxConfig
    search_space = {**sgd_space(paper_momentum=0.5), "mu": log_float(1e-4, 1.0, paper=0.01)}  # copfl tune (docs/tuning.md)

    def local_train(self, ctx: ClientContext, start: torch.Tensor, broadcast: Message):
        if self.config.mu == 0:
            return ctx.train(start)
        return ctx.train(start, hooks=[proximal(start.clone(), self.config.mu)])  # mu/2 ||w - w^k||^2, w^k as received


@dataclass(frozen=True)
class FedAvgFTConfig(FedAvgConfig):
    finetune_epochs: int = 1  # local epochs of fine-tuning before each evaluation

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.finetune_epochs < 0:
            raise ValueError(f"finetune_epochs must be >= 0, got {self.finetune_epochs}")


@register
class FedAvgFT(FedAvg):
    name = "fedavg-ft"
    description = "FedAvg+FT: FedAvg, each client fine-tunes the global model before evaluation"
    Config = FedAvgFTConfig
    search_space = {**sgd_space(paper_momentum=0.5), "finetune_epochs": integer(1, 5, paper=1)}  # copfl tune (docs/tuning.md)

    def personalized(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> torch.Tensor:
        start = self._compose(broadcast["params"], state)
        if self.config.finetune_epochs == 0:
            return start
        ctx.train(start, epochs=self.config.finetune_epochs, purpose="finetune")
        return ctx.workspace.params
