"""IFCA: Ghosh, Chung, Yin, Ramchandran, "An Efficient Framework for Clustered Federated
Learning", NeurIPS 2020 (reference code: github.com/jichan3751/ifca).

The server keeps k cluster models theta_1..theta_k and broadcasts all of them (one stacked
[k, d] tensor, the same for every client). Each participating client

1. estimates its cluster, Algorithm 1 line 6: j_hat = argmin_j F_i(theta_j), F_i the mean
   loss on its own training data (:func:`estimate_cluster`; ties go to the lowest index),
2. trains theta_{j_hat} with the run's local optimizer, batch size and epochs (the paper's
   "IFCA with model averaging", Algorithm 1 option II),
3. uploads the trained model with its cluster id.

The server averages, per cluster, the models uploaded for it (Algorithm 1 line 12, weighted
by training-set size or uniformly, :func:`cluster_average`); a cluster nobody chose keeps
its model. The round logs ``cluster_size_j``, the number of participants that chose cluster
j, and each client's choice (``cluster`` in the per-client log).

Evaluation: client i is evaluated with the cluster model chosen by the same rule on its
training data, with the current models (never on test data; the reference code assigns test
machines by their test loss, which copfl does not do).

Choices where the paper and its code are silent or differ:

* k defaults to 2: the paper's rotated CIFAR-10 experiment and the reference code's
  ``cifar/config.json`` (p = 2); it uses k = 4 on rotated MNIST and 2 or 3 on FEMNIST.
* The cluster models start different (the paper initializes each at random): cluster 0 is
  the run's initial model, the others (``cluster_init``) are seeded re-initializations of the
  same architecture with its own initializers (``"reinit"``, default: the paper's random
  initialization) or the initial model plus Gaussian noise of std ``init_std``
  (``"perturb"``). Their seed is derived from the run's initial model, which the run's seed
  determines (an algorithm is not told the seed when the server state is made).
* The per-cluster average weights clients by training-set size (``weighting="samples"``, as
  FedAvg in copfl; the reference code averages uniformly, ``"uniform"``, with equal-sized
  clients).
* The cluster is estimated with the models in evaluation mode (batch-norm running
  statistics as the engine loaded them), as the reference code's ``get_inference_stats``.
* Batch-norm running statistics are the engine's (one shared or per-client vector for all
  clusters), as for every copfl algorithm.

With k = 1 IFCA is FedAvg, bit for bit (tested).
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass

import torch

from copfl.algorithms.base import Algorithm, ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, Setup, UploadPart, UploadParts, get_weighting, register
from copfl.core.aggregation import weighted_sum
from copfl.seeding import derive_seed, torch_global_seed, torch_generator
from copfl.core.train_hooks import EvalStats
from copfl.core.workspace import Workspace
from copfl.algorithms.search_space import integer, sgd_space

INITS = ("reinit", "perturb")


# ----------------------------------------------------------------------- distinct starting models
def init_seed(init: torch.Tensor) -> int:
    """A seed determined by the run's initial parameters (hence by the run's seed)."""
    digest = hashlib.blake2b(init.detach().cpu().numpy().tobytes(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def reinitialized(ws: Workspace, seed: int) -> torch.Tensor:
    """The flat parameters of a fresh initialization of ``ws``'s architecture: every module's
    own ``reset_parameters`` on a CPU copy of the model, under torch's global generator seeded
    with ``seed``. The workspace itself is left untouched."""
    model = copy.deepcopy(ws.model).cpu()
    with torch_global_seed(seed, "reinit"):
        for m in model.modules():
            if hasattr(m, "reset_parameters"):
                m.reset_parameters()
    vec = torch.empty(ws.flat.numel, dtype=ws.params.dtype)
    views = ws.flat.unflatten(vec)
    named = dict(model.named_parameters())
    if set(named) != set(views):
        raise RuntimeError(f"re-initialized model's parameters {sorted(named)} differ from the workspace's {sorted(views)}")
    with torch.no_grad():
        for name, view in views.items():
            view.copy_(named[name])
    return vec.to(ws.device)


def distinct_models(ws: Workspace, init: torch.Tensor, k: int, how: str, std: float, purpose: str) -> torch.Tensor:
    """k starting models, stacked [k, d]: model 0 is ``init``; model j > 0 is a seeded
    re-initialization (``how="reinit"``) or ``init`` + N(0, std^2) noise (``"perturb"``)."""
    base = init_seed(init)
    out = [init.clone()]
    for j in range(1, k):
        seed = derive_seed(base, purpose, j)
        if how == "reinit":
            out.append(reinitialized(ws, seed))
        else:
            noise = torch.randn(init.shape, generator=torch_generator(seed, "perturb"), dtype=init.dtype)
            out.append(init + std * noise.to(init.device))
    return torch.stack(out)


# ----------------------------------------------------------------------- the paper's steps
def estimate_cluster(losses: list[float]) -> int:
    """Algorithm 1 line 6: j_hat = argmin_j F_i(theta_j); ties go to the lowest index (a NaN
    loss never wins)."""
    best = 0
    for j in range(1, len(losses)):
        if losses[j] < losses[best] or (losses[best] != losses[best] and losses[j] == losses[j]):
            best = j
    return best


def cluster_average(server_models: torch.Tensor, uploads: list[tuple[int, Message]], weigh, combine=None) -> tuple[torch.Tensor, list[int]]:
    """Algorithm 1 line 12 (model averaging): theta_j = weighted average of the models
    uploaded for cluster j; a cluster without uploads keeps its model. Returns the new
    stacked models and the number of uploads per cluster. ``combine(vectors, weights,
    sources)``: how a cluster's models are combined (default the weighted sum)."""
    models = server_models.clone()
    sizes = []
    for j in range(len(models)):
        group = [(c, u) for c, u in uploads if int(u["cluster"]) == j]
        sizes.append(len(group))
        if group:
            vectors, weights = [u["params"] for _, u in group], weigh(group)
            models[j] = weighted_sum(vectors, weights) if combine is None else combine(vectors, weights, [c for c, _ in group])
    return models, sizes


def cluster_losses(ws: Workspace, models: torch.Tensor, x: torch.Tensor, y: torch.Tensor) -> list[float]:
    """F_i(theta_j) for every j: the mean loss of each cluster model on (x, y)."""
    out = []
    for m in models:
        ws.load(m)
        out.append(ws.evaluate(x, y).loss)
    return out


# ----------------------------------------------------------------------- strategy
@dataclass(frozen=True)
class IFCAConfig:
    clusters: int = 2  # k (the paper's rotated CIFAR-10 setting; reference code cifar/config.json p = 2)
    cluster_init: str = "reinit"  # how clusters 1..k-1 start: reinit (seeded fresh initialization) | perturb (init + noise)
    init_std: float = 0.01  # std of the noise for cluster_init="perturb" (FedEM's component_init too)
    weighting: str = "samples"  # per-cluster average: samples | uniform (the reference code)

    def __post_init__(self) -> None:
        if isinstance(self.clusters, bool) or not isinstance(self.clusters, int) or self.clusters < 1:
            raise ValueError(f"IFCA clusters must be an integer >= 1, got {self.clusters!r}")
        if self.cluster_init not in INITS:
            raise ValueError(f"unknown cluster_init {self.cluster_init!r}; expected one of {', '.join(INITS)}")
        if not self.init_std > 0:
            raise ValueError(f"init_std must be > 0, got {self.init_std}")
        get_weighting(self.weighting)


@register
class IFCA(Algorithm):
    name = "ifca"
    description = "IFCA (Ghosh et al., NeurIPS 2020): k cluster models, each client trains the one with the lowest training loss"
    Config = IFCAConfig
    search_space = {**sgd_space(paper_lr=0.05, paper_momentum=0.0), "clusters": integer(2, 4, paper=2)}  # copfl tune (docs/tuning.md)
    run_defaults = {"optimizer": "sgd", "lr": 0.05, "momentum": 0.0}

    def __init__(self, config: IFCAConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        self.weigh = get_weighting(config.weighting)

    def init_server(self, init: torch.Tensor) -> ServerState:
        c = self.config
        return {"models": distinct_models(self.setup.workspace, init, c.clusters, c.cluster_init, c.init_std, "ifca-cluster")}

    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        return {"models": server["models"]}  # all k models, the same tensor for everyone

    def choose(self, ctx: ClientContext, models: torch.Tensor) -> int:
        """The client's cluster: lowest mean loss on its training data."""
        if len(models) == 1:
            return 0
        return estimate_cluster(cluster_losses(ctx.workspace, models, ctx.data.x_train, ctx.data.y_train))

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        models = message["models"]
        j = self.choose(ctx, models)
        stats = ctx.train(models[j])
        ctx.logs["cluster"] = j
        upload = {"params": ctx.workspace.params.clone(), "cluster": j, "num_samples": ctx.data.num_train}
        return ClientResult(upload, {}, stats)

    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """The cluster model the client chose and trained."""
        return UploadParts({"params": UploadPart(message["models"][int(upload["cluster"])])})

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, int]]:
        models, sizes = cluster_average(server["models"], uploads, self.weigh, self.combine)
        return {"models": models}, {f"cluster_size_{j}": n for j, n in enumerate(sizes)}

    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        models = message["models"]
        return models[self.choose(ctx, models)]

    def evaluate(self, ctx: ClientContext, message: Message, state: ClientState) -> EvalStats:
        ws = ctx.workspace
        ws.load(self.personalized(ctx, message, state))  # chosen on training data only
        return ws.evaluate(ctx.data.x_test, ctx.data.y_test)
