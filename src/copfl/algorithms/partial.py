"""Static-partition personalization: FedPer, LG-FedAvg, FedBN, FedRep.

Each is FedAvg (:class:`copfl.algorithms.fedavg.FedAvg`) with a parameter mask naming the
coordinates that stay on the client; only the defaults (and FedRep's local schedule) differ.

* FedPer: Arivazhagan et al., "Federated Learning with Personalization Layers", arXiv
  1912.00818, 2019. Shared body, personalized head (``personal="head"``: the last linear
  layer).
* LG-FedAvg: Liang et al., "Think Locally, Act Globally: Federated Learning with Local and
  Global Representations", 2020, as the CO-PFL paper describes it: each client keeps its own
  feature extractor, the classifier head is shared (``personal="body"``).
* FedBN: Li et al., "FedBN: Federated Learning on Non-IID Features via Local Batch
  Normalization", ICLR 2021. Batch-norm layers stay local: their affine parameters
  (``personal="norm"``) and their running statistics (the run's ``--bn-stats local``, which
  FedBN makes its default and requires).
* FedRep: Collins et al., "Exploiting Shared Representations for Personalized Federated
  Learning", ICML 2021. Each round the client first trains its head for ``head_epochs`` with
  the body frozen, then the body for the run's ``--local-epochs`` with the head frozen; only
  the body is shared. Each phase gets a fresh optimizer.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from copfl.algorithms.base import ClientContext, Message, Setup, register
from copfl.algorithms.fedavg import FedAvg, FedAvgConfig
from copfl.core.train_hooks import Trainable, TrainStats
from copfl.algorithms.search_space import integer, sgd_space


@dataclass(frozen=True)
class FedPerConfig(FedAvgConfig):
    personal: str = "head"


@register
class FedPer(FedAvg):
    name = "fedper"
    description = "FedPer (Arivazhagan et al., 2019): shared body, personalized head"
    Config = FedPerConfig
    search_space = sgd_space(paper_momentum=0.5)  # copfl tune (docs/tuning.md)


@dataclass(frozen=True)
class LGFedAvgConfig(FedAvgConfig):
    personal: str = "body"


@register
class LGFedAvg(FedAvg):
    name = "lg-fedavg"
    description = "LG-FedAvg (Liang et al., 2020): personalized feature extractor, shared head"
    Config = LGFedAvgConfig
    search_space = sgd_space(paper_momentum=0.5)  # copfl tune (docs/tuning.md)


@dataclass(frozen=True)
class FedBNConfig(FedAvgConfig):
    personal: str = "norm"


@register
class FedBN(FedAvg):
    name = "fedbn"
    description = "FedBN (Li et al., ICLR 2021): batch-norm parameters and statistics stay local"
    Config = FedBNConfig
    search_space = sgd_space(paper_momentum=0.5)  # copfl tune (docs/tuning.md)
    run_defaults = {"bn_stats": "local"}

    def __init__(self, config: FedBNConfig, setup: Setup) -> None:
        if setup.bn_stats != "local":
            raise ValueError(f"FedBN keeps batch-norm statistics on the clients: use --bn-stats local (got {setup.bn_stats!r})")
        super().__init__(config, setup)


@dataclass(frozen=True)
class FedRepConfig(FedAvgConfig):
    personal: str = "head"
    head_epochs: int = 10  # FedRep trains the head for many local epochs (10 in its experiments), the body for few

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.head_epochs < 0:
            raise ValueError(f"head_epochs must be >= 0, got {self.head_epochs}")


@register
class FedRep(FedAvg):
    name = "fedrep"
    description = "FedRep (Collins et al., ICML 2021): head first (body frozen), then body; only the body is shared"
    Config = FedRepConfig
    search_space = {**sgd_space(paper_momentum=0.5), "head_epochs": integer(1, 10, paper=10)}  # copfl tune (docs/tuning.md)

    def __init__(self, config: FedRepConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        self.h_personal = self.personal.to(torch.float32)
        self.h_shared = self.shared.to(torch.float32)

    def local_train(self, ctx: ClientContext, start: torch.Tensor, broadcast: Message) -> TrainStats:
        head = ctx.train(start, epochs=self.config.head_epochs, purpose="fedrep-head", hooks=[Trainable(self.h_personal)])
        body = ctx.train(None, purpose="local", hooks=[Trainable(self.h_shared)])
        return head + body
