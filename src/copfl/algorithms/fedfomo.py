"""FedFomo: personalized federated learning with first-order model optimization.

Zhang, Sapra, Fidler, Yeung, Alvarez, "Personalized Federated Learning with First Order Model
Optimization", ICLR 2021 (arXiv:2012.08565). Reference code: github.com/NVlabs/FedFomo (read
for its defaults, not copied).

Each client i keeps an affinity vector P_i over the other clients. In each federated round it
downloads M other clients' latest models (chosen epsilon-greedily by P_i), weighs each by how
much it lowers the client's validation loss per unit of parameter distance,

    w_n = max((L_i(theta_i) - L_i(theta_n)) / ||theta_n - theta_i||, 0),  normalized,

moves its own model along those directions, theta_i <- theta_i + sum_n w_n (theta_n - theta_i),
adds the weights to its affinities and then trains locally from the new model.

How copfl runs it (the shared download protocol of :mod:`copfl.algorithms.peers`):

* ``client_update`` (round t): client i trains from its current model theta_i (the initial
  model in its first round) on its training data minus a fixed 20% validation part, uploads
  the trained model with its *request*: every other client in epsilon-greedy order of its
  affinities (:func:`epsilon_greedy_request`, exploration rate :func:`exploration_rate` of
  round t), and M.
* ``aggregate``: the server puts the uploads into the model pool (no global model).
* ``personalize`` (the second client phase, after aggregation): the server sends client i the
  first M available models of its request; the client computes the FedFomo update from them
  (:func:`loss_deltas`, :func:`fomo_weights`, :func:`fomo_update`) and its affinities
  (:func:`update_affinity`); the updated model is where round t+1's training starts.
* Evaluation: the updated model (``evaluate_model="personalized"``).

The mapping. The reference does, in its round e >= 1: download round e-1's uploads, FedFomo
update, local training, upload (round 0: local training and upload only), and after its last
round one more FedFomo update before the final evaluation. copfl's round t does training,
upload, then the download and update with round t's uploads: per client the same sequence
(... upload, update from the uploads just made, train, upload, ...), cut at another place,
and the run ends, as the reference's, with an update. The alternative, the download as the
train-phase message of round t+1 with the update inside ``client_update``, would leave
``--dp-mode upload`` without its reference point: the model training starts from is then
computed inside ``client_update`` from validation data, after :meth:`FedFomo.upload_parts` is
called; here it is the state's ``params``. The one difference: with partial participation,
the update of round t is made by round t's participants with round t's uploads (the
reference: by round t+1's participants with round t's uploads); the reference's experiments
use full participation (``-fr 1.0``), where both are identical.

Defaults (reference README command for CIFAR-10, ``federated/args.py``, ``federated/configs.py``):
``m = 4`` (``--num_update_clients 4``, its "5 models" run: own + 4; ``--m 9`` is its "10
models" run), ``epsilon = 0.3``, ``epsilon_decay = 0.05`` (``explore < epsilon - epoch *
decay``, epoch = the reference round of the update: our round t), 80/20 train/validation split
(``--train_split 0.8``), L1 parameter distance (``--model_delta_norm`` default ``l1``), only
positive weights used and normalized by their sum (``UPDATE_POSITIVE_ONLY = True``), the
affinities updated with every candidate's delta divided by |sum of deltas| (negative ones
lower it), pool = the previous round's uploaders, SGD lr 0.1, momentum 0, weight decay 1e-4.

Choices where the paper and the reference differ (each an option):

* ``baseline="current"`` (default): theta_i in the equations is the client's current model
  (after its local training), as the paper writes theta_i^{t-1}; the client's own model is not
  a candidate; with no positive weight the client keeps it. ``baseline="start"`` is the
  reference's ``--baseline_model first_model``: the base is the model the round's training
  started from, and the client's own trained model is one more candidate (with no positive
  weight it reverts to the start model, as the reference does).
* ``distance="l1"`` (the reference) or ``"l2"`` (the paper's ||.|| read as Euclidean).
* ``affinity="deltas"`` (the reference) or ``"weights"`` (add the normalized, clipped w_n).
* ``pool="round"`` (the reference) or ``"latest"`` (every client that ever uploaded).
* The request orders all other clients (the client does not know who will be available); the
  server takes the first M available. With every other client available (full participation)
  this is the reference's epsilon-greedy draw over the available clients.
* Not in copfl: the reference's learning-rate decay (0.99 per round, ``-lr_decay``) and its
  hierarchical extension (sub-federation and global average models as extra candidates).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from copfl.algorithms.base import (
    Algorithm, ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, Setup, UploadPart, UploadParts, register, require,
)
from copfl.algorithms.peers import download_request, model_distances, pool_aggregate, pool_checks, rank_peers, validation_loss, validation_split
from copfl.algorithms.search_space import integer, sgd_space, uniform

NORMALIZATION_FLOOR = 1e-9  # the reference's guard for |sum of deltas| in the affinity update


# ---------------------------------------------------------------------------- equations
def exploration_rate(round: int, epsilon: float, decay: float) -> float:
    """The epsilon-greedy exploration rate of the update made with round ``round``'s uploads
    (1-based): max(epsilon - decay * round, 0), the reference's ``epsilon - epoch * decay``
    (its first update, in its round 1, explores with 0.3 - 0.05 = 0.25)."""
    return max(epsilon - decay * round, 0.0)


def epsilon_greedy_request(affinity: torch.Tensor, client: int, epsilon: float, generator: torch.Generator) -> tuple[torch.Tensor, torch.Tensor]:
    """Every other client in the order the client asks for them (Sec. 3.3, epsilon-greedy).

    Draws, in this order from ``generator``: the tie-breaking noise of the ranking by affinity
    (:func:`~copfl.algorithms.peers.rank_peers`), a random permutation of the others, then one
    uniform u per slot: u < epsilon takes the next client of the permutation not yet chosen
    (exploration), otherwise the next of the ranking not yet chosen. Returns the order (int32)
    and, per slot, whether it explored (bool)."""
    top = rank_peers(affinity, client, generator).tolist()
    others = [j for j in range(len(affinity)) if j != client]
    rand = [others[int(i)] for i in torch.randperm(len(others), generator=generator)]
    u = torch.rand(len(others), generator=generator, dtype=torch.float64)
    chosen: list[int] = []
    explored: list[bool] = []
    taken: set[int] = set()
    for s in range(len(others)):
        explore = float(u[s]) < epsilon
        source = rand if explore else top
        j = source.pop(0)
        while j in taken:
            j = source.pop(0)
        chosen.append(j)
        taken.add(j)
        explored.append(explore)
    return torch.tensor(chosen, dtype=torch.int32), torch.tensor(explored, dtype=torch.bool)


def loss_deltas(base_loss: float, losses: torch.Tensor, distances: torch.Tensor) -> torch.Tensor:
    """Eq. (6) before clipping: (L_i(theta_i) - L_i(theta_n)) / ||theta_n - theta_i|| for each
    candidate n (float64). A candidate at distance 0 is the base itself: 0."""
    d = distances.double()
    num = base_loss - losses.double()
    return torch.where(d > 0, num / torch.where(d > 0, d, torch.ones_like(d)), torch.zeros_like(d))


def fomo_weights(deltas: torch.Tensor) -> torch.Tensor | None:
    """Eq. (6): w_n = max(delta_n, 0) / sum_m max(delta_m, 0); None when no delta is positive
    (no candidate helps: the client keeps its base model)."""
    pos = deltas.double().clamp(min=0.0)
    total = pos.sum()
    if not bool(total > 0):
        return None
    return pos / total


def fomo_update(base: torch.Tensor, models: torch.Tensor, weights: torch.Tensor) -> torch.Tensor:
    """Eq. (7): theta_i + sum_n w_n (theta_n - theta_i), accumulated over the candidates (rows
    of ``models``) in order, in the models' dtype."""
    out = base.clone()
    for theta, w in zip(models, weights.tolist()):
        if w != 0.0:
            out.add_(theta - base, alpha=w)
    return out


def update_affinity(affinity: torch.Tensor, ids: list[int], deltas: torch.Tensor, weights: torch.Tensor | None, rule: str = "deltas") -> torch.Tensor:
    """P_i(n) <- P_i(n) + the candidate's share: ``deltas`` (the reference): delta_n /
    |sum_m delta_m| (|sum| below 1e-9 is raised by 1e-9), negative deltas lowering the
    affinity; ``weights``: the normalized positive weights w_n of eq. (6)."""
    out = affinity.clone()
    if not ids:
        return out
    if rule == "weights":
        share = weights if weights is not None else torch.zeros_like(deltas, dtype=torch.float64)
    else:
        norm = float(deltas.double().sum().abs())
        if norm < NORMALIZATION_FLOOR:
            norm += NORMALIZATION_FLOOR
        share = deltas.double() / norm
    for j, s in zip(ids, share.tolist()):
        out[j] += s
    return out


# ---------------------------------------------------------------------------- strategy
@dataclass(frozen=True)
class FedFomoConfig:
    m: int = 4  # models downloaded per round (reference: --num_update_clients 4, "5 models"; 9 for "10 models")
    epsilon: float = 0.3  # epsilon-greedy exploration (reference --client_weight_epsilon)
    epsilon_decay: float = 0.05  # subtracted per round (reference --client_weight_epsilon_decay)
    baseline: str = "current"  # theta_i of eqs. 6-7: current (the paper) | start (reference first_model: + own model as a candidate)
    distance: str = "l1"  # parameter distance of eq. 6: l1 (reference --model_delta_norm) | l2
    affinity: str = "deltas"  # affinity update: deltas (reference: delta / |sum delta|) | weights (normalized positive w)
    validation: str = "holdout"  # the losses' data: holdout (never trained on) | train
    holdout_fraction: float = 0.2  # with validation=holdout (reference --train_split 0.8)
    pool: str = "round"  # downloadable models: round (the round's uploads, reference) | latest (every client's latest upload)
    evaluate_model: str = "personalized"  # evaluated model: personalized (after the update, reference) | local (after training)

    def __post_init__(self) -> None:
        checks = [
            (self.m >= 0, f"m must be >= 0, got {self.m}"),
            (0.0 <= self.epsilon <= 1.0, f"epsilon must be in [0, 1], got {self.epsilon}"),
            (self.epsilon_decay >= 0.0, f"epsilon_decay must be >= 0, got {self.epsilon_decay}"),
            (self.baseline in ("current", "start"), f"baseline must be 'current' or 'start', got {self.baseline!r}"),
            (self.distance in ("l1", "l2"), f"distance must be 'l1' or 'l2', got {self.distance!r}"),
            (self.affinity in ("deltas", "weights"), f"affinity must be 'deltas' or 'weights', got {self.affinity!r}"),
            *pool_checks(self),
        ]
        require(checks)


@register
class FedFomo(Algorithm):
    name = "fedfomo"
    description = "FedFomo (Zhang et al., ICLR 2021): first-order weighting of downloaded models, epsilon-greedy affinities"
    Config = FedFomoConfig
    search_space = {**sgd_space(paper_lr=0.1, paper_momentum=0.0), "m": integer(1, 9, paper=4), "epsilon": uniform(0.0, 0.5, paper=0.3)}  # copfl tune (docs/tuning.md)
    # the reference's CIFAR-10 command: plain SGD, lr 0.1, momentum 0; weight decay 1e-4 (args default)
    run_defaults = {"optimizer": "sgd", "lr": 0.1, "momentum": 0.0, "weight_decay": 1e-4}

    def __init__(self, config: FedFomoConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        self.n = setup.num_clients
        self.dim = setup.workspace.flat.numel
        self.p = 1 if config.distance == "l1" else 2

    # ------------------------------------------------------------------ state
    def init_server(self, init: torch.Tensor) -> ServerState:
        return {
            "seen": torch.zeros(self.n, dtype=torch.bool, device=self.device),
            "fresh": torch.zeros(self.n, dtype=torch.bool, device=self.device),
        }

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        return {
            "params": init.clone(),  # theta_i: where the next local training starts
            "affinity": torch.zeros(self.n, dtype=torch.float64, device=self.device),  # P_i
        }

    # ------------------------------------------------------------------ phase 1
    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        if ctx.phase != "personalize":
            return {}  # clients train from their own models
        msg = download_request(ctx.store, server["seen"], server["fresh"], client, self.dim, self.config.pool == "latest")
        return {"ids": msg["ids"], "models": msg["models"]}

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        cfg = self.config
        train, _ = validation_split(ctx, self.config)
        ws = ctx.workspace
        ws.load(state["params"])
        stats = ws.train(
            train, epochs=ctx.training.epochs, batch_size=ctx.training.batch_size, generator=ctx.generator("local"), optimizer=ctx.training.optimizer
        )
        local = ws.params.clone()
        eps = exploration_rate(ctx.round, cfg.epsilon, cfg.epsilon_decay)
        request, explored = epsilon_greedy_request(state["affinity"], ctx.client, eps, ctx.generator("fedfomo-explore"))
        ctx.logs.update({"epsilon": eps, "explored": int(explored[: cfg.m].sum())})
        upload = {"params": local, "num_samples": train.num_train, "request": request, "k": cfg.m}
        new = {**state, "local": local}
        if cfg.baseline == "start":
            new["start"] = state["params"]
        return ClientResult(upload, new, stats)

    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """For the upload pipeline (upload-level DP, attacks), the update is the trained model
        minus the model training started from (the client's FedFomo-updated model; ``state`` is
        its state before the step). The client keeps its clean model."""
        return UploadParts({"params": UploadPart(state["params"])})

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict]:
        seen, fresh = pool_aggregate(ctx.store, server["seen"], uploads, ctx.round)
        return {"seen": seen, "fresh": fresh}, {"pool_size": int(seen.sum())}

    def _fomo_update(self, me: int, base: torch.Tensor, ids: list[int], models: torch.Tensor, w: torch.Tensor | None) -> torch.Tensor:
        """Eq. (7) (:func:`fomo_update`), i.e. the combination (1 - sum w) theta_base +
        sum_n w_n theta_n: as written under the default combiner (bit for bit the reference's
        order of operations), through the run's robust estimator under ``--robust``."""
        combiner = self.setup.combiner
        if w is None:
            combiner.record([me], torch.ones(1, dtype=torch.float64), me)
            return base.clone()
        weights = torch.cat([torch.tensor([max(0.0, 1.0 - float(w.sum()))], dtype=torch.float64), w.double().cpu()])
        return self.combine.as_written(lambda: fomo_update(base, models, w), [base, *models], weights, [me, *ids], recipient=me)

    # ------------------------------------------------------------------ phase 2
    def personalize(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientState:
        cfg, ws, me = self.config, ctx.workspace, ctx.client
        ids = [int(j) for j in message["ids"].tolist()]
        local = state["local"]
        models = message["models"].to(local.dtype)
        if cfg.baseline == "start":  # the reference's first_model: the own trained model is a candidate too
            base = state["start"]
            cand_ids = [me, *ids]
            models = torch.cat([local.unsqueeze(0), models])
        else:
            base = local
            cand_ids = ids
        if cand_ids:
            _, val = validation_split(ctx, self.config)
            base_loss = validation_loss(ws, base, val)
            # on the models' device, with their distances (a GPU run: both on it)
            losses = torch.tensor([validation_loss(ws, theta, val) for theta in models], dtype=torch.float64, device=models.device)
            deltas = loss_deltas(base_loss, losses, model_distances(base, models, self.p))
            w = fomo_weights(deltas)
        else:
            deltas, w = torch.zeros(0, dtype=torch.float64), None
        theta = self._fomo_update(me, base, cand_ids, models, w)
        affinity = update_affinity(state["affinity"], cand_ids, deltas, w, cfg.affinity)
        ctx.logs.update(
            {
                "downloaded": len(ids),
                "candidates": cand_ids,
                "deltas": deltas.tolist(),
                "weights": w.tolist() if w is not None else [0.0] * len(cand_ids),
                "affinity": affinity.tolist(),
            }
        )
        new = {k: v for k, v in state.items() if k != "start"}
        return {**new, "params": theta, "affinity": affinity}

    # ------------------------------------------------------------------ evaluation
    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        if self.config.evaluate_model == "local" and "local" in state:
            return state["local"]
        return state["params"]
