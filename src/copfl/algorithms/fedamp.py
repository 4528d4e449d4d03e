"""FedAMP: Huang, Chu, Zhou, Wang, Liu, Pei, Zhang, "Personalized Cross-Silo Federated Learning
on Non-IID Data", AAAI 2021 (arXiv:2007.03797).

Every client keeps its own model w_i. The server keeps each client's latest uploaded model
(in the server-side store) and, for each client, builds a personalized cloud model by
attentive message passing (the paper's Sec. "FedAMP", message-passing step):

    u_i = sum_j xi_ij w_j,    xi_ij = alpha_k A'(||w_i - w_j||^2)   (j != i),
                              xi_ii = 1 - sum_{j != i} xi_ij,
    A(x) = 1 - exp(-x / sigma),  so  A'(x) = exp(-x / sigma) / sigma.

Client i receives ITS OWN u_i and solves the proximal problem of the paper's client step

    w_i = argmin_w  F_i(w) + lambda / (2 alpha_k) ||w - u_i||^2

with the run's local optimizer, epochs and batch size (the gradient (lambda / alpha_k)(w - u_i)
is added to every step's gradient), then uploads w_i. A client is evaluated with its own
model w_i.

HeurFedAMP, the paper's heuristic for deep models, is ``attention="cosine"``: xi_ii is a
self-attention hyper-parameter and the others share 1 - xi_ii by a softmax of sigma times the
cosine similarity, xi_ij = (1 - xi_ii) exp(sigma cos(w_i, w_j)) / sum_{h != i} exp(sigma
cos(w_i, w_h)). With sigma = 0 the attention is uniform; with xi_ii = 1/m it is the plain
average of the m models, so FedAMP is then FedProx with uniform weights and mu = lambda /
alpha_k (tested bit for bit).

Defaults: sigma = 1 (PFLlib's FedAMP, the common reference implementation; the paper tunes it
per data set); alpha_k = sigma / (N - 1) for N clients, the largest step for which every
xi_ii >= 0 (A' <= 1 / sigma), so that u_i is a convex combination of the models. PFLlib's
alphaK = 1 (``alpha_k=1``) makes xi_ii about 1 - 9 e^{-d} with 10 clients whose models are
still close (d < 1 after a round on digits): u_i extrapolates far from every model and the
run's accuracy falls to 0 by round 2. lambda = alpha_k, so that the proximal coefficient
lambda / alpha_k is 1, PFLlib's lamda / alphaK = 1 / 1, whatever N: PFLlib's lamda = 1 with
the smaller alpha_k gives N - 1 (9 with 10 clients), which pins every client to its cloud model
(pathological MNIST: training loss 0.6-1.4 on two classes, 88% against FedAvg's 92%; with the
coefficient 1, 97%). Choices where the sources are silent or disagree:

* The models attended over are those the server holds: every client that has uploaded at
  least once (its latest upload). A client that never uploaded attends with the initial model
  as its own w_i; in round 1 every u_i is the initial model (all w^0 are equal).
* Where local training starts: ``start="cloud"`` (default) warm-starts the proximal problem at
  u_i, the model the client received; ``start="own"`` starts from the client's own w_i, as
  PFLlib does. (PFLlib's proximal term is computed on detached tensors and so has no
  gradient; copfl applies the paper's term.)
* alpha_k is constant over rounds (the paper allows a schedule; PFLlib keeps it fixed). With a
  larger alpha_k than the default, xi_ii may become negative (alpha_k * sum A' > 1); the
  formula is then applied as written.
* HeurFedAMP's xi_ii (``self_attention``) defaults to 1/m, m the number of models attended
  over, the paper leaving it a hyper-parameter.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch

from copfl.algorithms.base import Algorithm, ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, Setup, UploadPart, UploadParts, register
from copfl.core.aggregation import weighted_sum
from copfl.core.train_hooks import proximal
from copfl.algorithms.search_space import log_float, sgd_space

ATTENTIONS = ("distance", "cosine")
STARTS = ("cloud", "own")


@dataclass(frozen=True)
class FedAMPConfig:
    alpha_k: float | None = None  # alpha_k, the message-passing step (PFLlib's alphaK = 1); None: sigma / (N - 1)
    lam: float | None = None  # lambda (the proximal coefficient is lambda / alpha_k); None: alpha_k (coefficient 1)
    sigma: float = 1.0  # A(x) = 1 - exp(-x / sigma) (distance); the softmax temperature's inverse (cosine)
    attention: str = "distance"  # distance: FedAMP's A'(||w_i - w_j||^2) | cosine: HeurFedAMP
    self_attention: float | None = None  # cosine only: xi_ii (None: 1/m, m the models attended over)
    start: str = "cloud"  # local training starts from u_i (cloud) or from the client's own model (own)

    def __post_init__(self) -> None:
        if self.alpha_k is not None and not self.alpha_k > 0:
            raise ValueError(f"FedAMP alpha_k must be > 0, got {self.alpha_k}")
        if self.lam is not None and self.lam < 0:
            raise ValueError(f"FedAMP lam must be >= 0, got {self.lam}")
        if self.attention not in ATTENTIONS:
            raise ValueError(f"FedAMP attention must be one of {', '.join(ATTENTIONS)}, got {self.attention!r}")
        if self.attention == "distance" and not self.sigma > 0:
            raise ValueError(f"FedAMP sigma must be > 0 with attention='distance', got {self.sigma}")
        if self.attention == "cosine" and self.sigma < 0:
            raise ValueError(f"FedAMP sigma must be >= 0 with attention='cosine', got {self.sigma}")
        if self.self_attention is not None:
            if self.attention != "cosine":
                raise ValueError("FedAMP self_attention applies only to attention='cosine' (HeurFedAMP)")
            if not 0 <= self.self_attention <= 1:
                raise ValueError(f"FedAMP self_attention must be in [0, 1], got {self.self_attention}")
        if self.start not in STARTS:
            raise ValueError(f"FedAMP start must be one of {', '.join(STARTS)}, got {self.start!r}")


def attention_derivative(sq_dist: float, sigma: float) -> float:
    """A'(x) for A(x) = 1 - exp(-x / sigma): exp(-x / sigma) / sigma (the paper's attention-
    inducing function and its derivative)."""
    return math.exp(-sq_dist / sigma) / sigma


def distance_weights(own: torch.Tensor, others: list[torch.Tensor], alpha_k: float, sigma: float) -> tuple[float, list[float]]:
    """FedAMP's message-passing weights: xi_ij = alpha_k A'(||w_i - w_j||^2) for each other
    model j, xi_ii = 1 - sum_j xi_ij. Returns (xi_ii, [xi_ij])."""
    xi = []
    for w in others:
        diff = own - w
        xi.append(alpha_k * attention_derivative(float(diff.dot(diff)), sigma))
    return 1.0 - sum(xi), xi


def cosine_weights(own: torch.Tensor, others: list[torch.Tensor], sigma: float, self_attention: float | None) -> tuple[float, list[float]]:
    """HeurFedAMP's weights: xi_ii the self-attention (default 1/m), xi_ij = (1 - xi_ii)
    softmax_j(sigma cos(w_i, w_j)) over the other models. Returns (xi_ii, [xi_ij])."""
    if not others:
        return 1.0, []
    xi_ii = 1.0 / (len(others) + 1) if self_attention is None else self_attention
    cos = [float(torch.nn.functional.cosine_similarity(own, w, dim=0)) for w in others]
    top = max(sigma * c for c in cos)
    e = [math.exp(sigma * c - top) for c in cos]
    total = sum(e)
    return xi_ii, [(1.0 - xi_ii) * v / total for v in e]


def message_passing_step(config: FedAMPConfig, num_clients: int) -> float:
    """alpha_k: the configured one, else sigma / (N - 1) under distance attention (the largest step
    with every xi_ii >= 0), else 1 (HeurFedAMP does not use it)."""
    if config.alpha_k is not None:
        return config.alpha_k
    return config.sigma / (num_clients - 1) if config.attention == "distance" and num_clients > 1 else 1.0


def attention_weights(config: FedAMPConfig, alpha_k: float, own: torch.Tensor, others: list[torch.Tensor]) -> tuple[float, list[float]]:
    """(xi_ii, [xi_ij]) of a client under ``config``'s attention: FedAMP's distance weights or
    HeurFedAMP's cosine weights."""
    if config.attention == "distance":
        return distance_weights(own, others, alpha_k, config.sigma)
    return cosine_weights(own, others, config.sigma, config.self_attention)


def cloud_terms(
    own: torch.Tensor, own_index: int, others: list[tuple[int, torch.Tensor]], xi_ii: float, xi: list[float]
) -> tuple[list[int], list[torch.Tensor], torch.Tensor]:
    """The terms of u_i in ascending client order: (clients, their models, their weights xi)."""
    terms = sorted([(own_index, own, xi_ii)] + [(j, w, x) for (j, w), x in zip(others, xi)], key=lambda t: t[0])
    return [j for j, _, _ in terms], [w for _, w, _ in terms], torch.tensor([x for _, _, x in terms], dtype=torch.float64)


def cloud_model(own: torch.Tensor, own_index: int, others: list[tuple[int, torch.Tensor]], xi_ii: float, xi: list[float]) -> torch.Tensor:
    """u_i = xi_ii w_i + sum_{j != i} xi_ij w_j, accumulated in ascending client order."""
    _, models, weights = cloud_terms(own, own_index, others, xi_ii, xi)
    return weighted_sum(models, weights)


# element-wise FLOPs per coordinate of one attention weight: a difference and a
# multiply-add (||w_i - w_j||^2), or the three dot products of a cosine (w_i.w_j, |w_i|, |w_j|)
ATTENTION_FLOPS_PER_COORDINATE = {"distance": 3, "cosine": 6}


def cloud_flops(dim: int, others: int, attention: str) -> int:
    """The server's FLOPs for one cloud model u_i over ``others`` other models of ``dim``
    coordinates: the attention weights, then the weighted sum of the others + the own model
    (a multiply-add per coordinate each)."""
    return others * ATTENTION_FLOPS_PER_COORDINATE[attention] * dim + 2 * (others + 1) * dim


@register
class FedAMP(Algorithm):
    name = "fedamp"
    description = "FedAMP (Huang et al., AAAI 2021): per-client cloud models by attentive message passing + proximal local training"
    Config = FedAMPConfig
    search_space = {**sgd_space(paper_lr=0.05, paper_momentum=0.0), "sigma": log_float(0.1, 10.0, paper=1.0)}  # copfl tune (docs/tuning.md)
    run_defaults = {"optimizer": "sgd", "lr": 0.05, "momentum": 0.0}  # the pFedSV protocol: plain SGD

    def __init__(self, config: FedAMPConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        self.alpha_k = message_passing_step(config, setup.num_clients)
        # lambda / alpha_k of the client step; lambda's default is alpha_k itself: 1 exactly
        self.proximal_coefficient = 1.0 if config.lam is None else config.lam / self.alpha_k

    def init_server(self, init: torch.Tensor) -> ServerState:
        return {"init": init.clone()}  # the own model of a client that has not uploaded yet

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {"params": init.clone()}

    def attention(self, own: torch.Tensor, others: list[torch.Tensor]) -> tuple[float, list[float]]:
        return attention_weights(self.config, self.alpha_k, own, others)

    def cloud_for(self, sctx: ServerContext, server: ServerState, client: int) -> torch.Tensor:
        """u_i from the models the server holds (every client's latest upload)."""
        entry = sctx.store.get(client)
        own = entry["w"] if entry is not None else server["init"]
        others = [(j, sctx.store.get(j)["w"]) for j in sctx.store.clients() if j != client]
        xi_ii, xi = self.attention(own, [w for _, w in others])
        sources, models, weights = cloud_terms(own, client, others, xi_ii, xi)
        self.server_flops.add(cloud_flops(own.numel(), len(others), self.config.attention))
        return self.combine(models, weights, sources, recipient=client)  # cloud_model, through --robust

    def broadcast(self, sctx: ServerContext, server: ServerState, client: int) -> Message:
        if sctx.phase != "train":
            return {}  # a client is evaluated with its own model
        return {"u": self.cloud_for(sctx, server, client)}

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        u = message["u"]
        start = u if self.config.start == "cloud" else state["params"]
        stats = ctx.train(start, hooks=[proximal(u, self.proximal_coefficient)])  # lambda/(2 alpha_k) ||w - u_i||^2
        w = ctx.workspace.params.clone()
        return ClientResult({"w": w}, {"params": w}, stats)

    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """For the upload pipeline (``--dp-mode upload``, attacks) the update is w_i minus where
        training started (u_i, or the client's own model with ``start="own"``)."""
        return UploadParts({"w": UploadPart(message["u"] if self.config.start == "cloud" else state["params"])})

    def aggregate(self, sctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, float]]:
        for c, u in uploads:
            sctx.store.put(c, {"w": u["w"].clone()})
        return server, {}

    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        return state["params"]
