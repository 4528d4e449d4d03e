"""pFedSV: Shapley-value coalitions for personalized client collaboration.

Wu et al., "Rethinking Personalized Client Collaboration in Federated Learning" (IEEE
preprint). Reading notes with every ambiguity (A1-A20):
docs/papers/reading-notes.md. No public implementation exists.

A round (Algorithm 1), as copfl runs it:

* ``client_update``: client i trains E epochs from its personalized model theta_i* of its
  previous participation (all clients start from one initial model, A10) on its training
  data minus a fixed held-out validation part (A7) -> theta_i^t, uploaded with its download
  request (the other clients by relevance, random ties: :func:`~copfl.algorithms.peers.rank_peers`)
  and its k_i.
* ``aggregate``: the server puts every upload into its model pool (no aggregation in pFedSV
  (D); pFedSV (D+C) also averages the feature extractors into one).
* ``personalize`` (the second client phase): client i downloads the top-k_i available models,
  forms the coalition S_i = {i} + downloaded (its own model clean, even under DP), computes
  the Shapley values (:mod:`copfl.algorithms.shapley`: exact when it costs no more than Algorithm 2's
  R = 3|S| Monte-Carlo permutations, else Monte-Carlo) with the utility of eq. (4)
  (:func:`coalition_accuracy`), updates its relevance vector (eq. 5, :func:`update_relevance`),
  weighs the members (eq. 6, :func:`shapley_weights`), builds theta_i* (eq. 7,
  :func:`personalized_model`) and its next k (:func:`next_k`, A6).
* Evaluation: theta_i* (A9), on the client's test data.

Defaults where the paper is silent (each an option): A1 ``own_distance="mean"``, A2 all
Shapley values <= 0 keep theta_i^t, A4 ``empty_utility=0``, A5 ``decay=0.5``, A6
``topk="explore"``, A7 ``validation="holdout"`` 20%, A8 ``pool="latest"``, A9
``evaluate_model="personalized"``, A13 SGD without momentum, A15 ``classifier="head"`` and the
feature extractors averaged by samples.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from copfl.algorithms.base import Algorithm, ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, Setup, UploadPart, UploadParts, get_weighting, register, require
from copfl.core.aggregation import weighted_sum
from copfl.algorithms.peers import download_request, model_distances, pool_aggregate, pool_checks, rank_peers, validation_accuracy, validation_split
from copfl.data.clients import ClientData
from copfl.algorithms.shapley import ESTIMATORS, shapley_values
from copfl.core.workspace import Workspace
from copfl.algorithms.search_space import integer, sgd_space, uniform

TOPK_RULES = ("explore", "positive", "capped", "fixed")
OWN_DISTANCES = ("mean", "none", "epsilon")


# ---------------------------------------------------------------------------- equations
def coalition_accuracy(ws: Workspace, base: torch.Tensor, select: torch.Tensor | None, members: torch.Tensor, val: ClientData) -> float:
    """Eq. (4): v(X) = accuracy on the client's validation data of the UNIFORM average of the
    members' models (rows of ``members``; with ``select``, only those coordinates are averaged
    and the rest of ``base`` is kept: pFedSV (D+C)'s shared feature extractor).

    The average is written straight into the workspace's parameter vector (``mean(out=)``:
    the same values as ``members.mean(0)``): a utility is evaluated hundreds of times a round,
    and fresh model-sized tensors cost more than the averaging itself."""
    theta = ws.flat.vector
    if select is None:
        if len(members) == 1:
            return validation_accuracy(ws, members[0], val)
        torch.mean(members, 0, out=theta)
    else:
        theta.copy_(base)
        theta[select] = members.mean(0) if len(members) > 1 else members[0]
    return validation_accuracy(ws, theta, val)  # loading the vector onto itself copies nothing


def update_relevance(rel: torch.Tensor, members: list[int], sv: dict[int, float], decay: float) -> torch.Tensor:
    """Eq. (5): rel[j] <- a * rel[j] + (1 - a) * SV_j for the coalition's members j only."""
    out = rel.clone()
    for j in members:
        out[j] = decay * out[j] + (1.0 - decay) * sv[j]
    return out


def shapley_weights(sv: torch.Tensor, dist: torch.Tensor, own: int, own_distance: str = "mean", eps: float = 1e-12) -> torch.Tensor | None:
    """Eq. (6) normalized: w_j = max(SV_j, 0) / ||theta_i - theta_j||, w* = w / sum w.

    The own model's distance is 0 (A1): ``mean`` gives it the mean distance of the
    positively-valued others (1 when there are none), ``none`` drops the distance factor for
    everyone, ``epsilon`` keeps the literal division guarded by ``eps`` (the own model then
    takes almost all the weight). Another member at distance 0 is guarded by ``eps`` too.
    None when no member has a positive value (A2: the caller keeps its own model)."""
    pos = sv.double().clamp(min=0.0)
    if not bool((pos > 0).any()):
        return None
    if own_distance == "none":
        d = torch.ones_like(pos)
    else:
        d = dist.double().clone().clamp(min=eps)
        others = torch.ones_like(pos, dtype=torch.bool)
        others[own] = False
        if own_distance == "mean":
            ref = others & (pos > 0)
            d[own] = dist.double()[ref].mean() if bool(ref.any()) else 1.0
        else:
            d[own] = eps
    w = pos / d
    return w / w.sum()


def personalized_model(weights: torch.Tensor, models: torch.Tensor) -> torch.Tensor:
    """Eq. (7): theta_i* = sum_j w*_j theta_j over the coalition (rows of ``models``), in the
    coalition's order."""
    return weighted_sum(list(models), weights)


def next_k(rel: torch.Tensor, scored: torch.Tensor, available: torch.Tensor, client: int, k0: int, rule: str = "explore") -> int:
    """The dynamic top-k download (Sec. 3.3.2; the rule is not given, A6).

    ``explore`` (default): k = k0 while some available other client has never been in the
    coalition; afterwards the number of others with a positive relevance score, at least 1, no
    upper cap. ``positive``: that number from the first coalition on. ``capped``: ``explore``
    capped at k0. ``fixed``: k0 (pFedSV without D). k0 = 0 never downloads."""
    if rule == "fixed" or k0 == 0:
        return k0
    others = torch.ones_like(available, dtype=torch.bool)
    others[client] = False
    positive = int(((rel > 0) & others).sum())
    if rule != "positive" and bool((available & ~scored & others).any()):
        return k0
    k = max(1, positive)
    return min(k, k0) if rule == "capped" else k


# ---------------------------------------------------------------------------- strategy
@dataclass(frozen=True)
class PFedSVConfig:
    # Each comment is the option's help; the reading notes behind them: topk A6, decay A5, empty_utility A4,
    # own_distance A1, validation A7, pool A8, evaluate_model A9, classifier A15.
    k0: int = 5  # models downloaded at first (the paper's k = 5)
    topk: str = "explore"  # dynamic top-k rule: explore | positive | capped | fixed (pFedSV without D)
    decay: float = 0.5  # relevance decay a of eq. (5) (the paper gives none)
    estimator: str = "auto"  # Shapley values: auto (exact when no dearer than Monte-Carlo) | exact | monte-carlo
    permutations_per_member: int = 3  # Monte-Carlo permutations R = this x |S| (the paper: 3)
    empty_utility: str = "zero"  # v(empty): zero (the paper) | chance (1 / number of classes)
    own_distance: str = "mean"  # the own model's distance in eq. (6): mean | none | epsilon
    validation: str = "holdout"  # the utility's data: holdout (never trained on) | train
    holdout_fraction: float = 0.2  # the share of training data held out for the Shapley utility (with validation=holdout)
    pool: str = "latest"  # downloadable models: latest (every client's latest upload) | round (this round's)
    evaluate_model: str = "personalized"  # evaluated model: personalized (theta*) | local (theta^t)
    common: bool = False  # pFedSV (D+C): a common feature extractor averaged by the server
    classifier: str = "head"  # with common: the coordinates downloaded and valued (a selection)
    fe_weighting: str = "samples"  # with common: the feature extractors' average: samples | uniform

    def __post_init__(self) -> None:
        checks = [
            (self.k0 >= 0, f"k0 must be >= 0, got {self.k0}"),
            (self.topk in TOPK_RULES, f"topk must be one of {', '.join(TOPK_RULES)}, got {self.topk!r}"),
            (0.0 <= self.decay <= 1.0, f"decay must be in [0, 1], got {self.decay}"),
            (self.estimator in ESTIMATORS, f"estimator must be one of {', '.join(ESTIMATORS)}, got {self.estimator!r}"),
            (self.permutations_per_member >= 1, f"permutations_per_member must be >= 1, got {self.permutations_per_member}"),
            (self.empty_utility in ("zero", "chance"), f"empty_utility must be 'zero' or 'chance', got {self.empty_utility!r}"),
            (self.own_distance in OWN_DISTANCES, f"own_distance must be one of {', '.join(OWN_DISTANCES)}, got {self.own_distance!r}"),
            *pool_checks(self),
        ]
        require(checks)
        get_weighting(self.fe_weighting)


@register
class PFedSV(Algorithm):
    name = "pfedsv"
    description = "pFedSV (Wu et al.): Shapley-value coalitions of downloaded models, dynamic top-k"
    Config = PFedSVConfig
    search_space = {**sgd_space(paper_lr=0.01, paper_momentum=0.0), "k0": integer(1, 10, paper=5), "decay": uniform(0.1, 0.9, paper=0.5)}  # copfl tune (docs/tuning.md)
    # its settings' early rounds rank their final figure poorly (FEMNIST, 20 writers, 10 rounds:
    # Spearman 0.52 at round 1, 0.70 at round 3, >= 0.88 from round 4): pruning from round 1 stopped the
    # best of ten settings in 26 of 50 bracket draws (mean regret 7.8 points), from round 4 in none
    # (studies/pruning_check.py, docs/results/pruning-check-femnist.json)
    search_warmup = 0.4
    # A13: plain SGD; the paper's lr 0.01 (MNIST, FMNIST; 0.1 for CIFAR-10: --lr 0.1)
    run_defaults = {"optimizer": "sgd", "lr": 0.01, "momentum": 0.0}

    def __init__(self, config: PFedSVConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        self.n = setup.num_clients
        flat = setup.workspace.flat
        self.dim = flat.numel
        self.cls = flat.select(config.classifier) if config.common else None
        if self.cls is not None and (not bool(self.cls.any()) or bool(self.cls.all())):
            raise ValueError(f"classifier={config.classifier!r} must select some but not all parameters for pFedSV (D+C)")
        head = dict(setup.workspace.model.named_modules())[flat.head_module]
        self.num_classes = int(getattr(head, "out_features", 0)) or 1  # for v(empty) = 1/C

    # ------------------------------------------------------------------ state
    def init_server(self, init: torch.Tensor) -> ServerState:
        n = self.n
        server: ServerState = {
            "seen": torch.zeros(n, dtype=torch.bool, device=self.device),
            "fresh": torch.zeros(n, dtype=torch.bool, device=self.device),
        }
        if self.config.common:
            server["fe"] = init.clone()  # the common feature extractor (its body coordinates)
        return server

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        n = self.n
        return {
            "params": init.clone(),  # theta_i*: where the next participation starts
            "rel": torch.zeros(n, dtype=torch.float64, device=self.device),
            "scored": torch.zeros(n, dtype=torch.bool, device=self.device),
            "available": torch.zeros(n, dtype=torch.bool, device=self.device),
            "k": self.config.k0,
        }

    # ------------------------------------------------------------------ phase 1
    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        if ctx.phase != "personalize":
            return {}  # clients train from their own personalized models
        msg: Message = download_request(ctx.store, server["seen"], server["fresh"], client, self.dim, self.config.pool == "latest", self.cls)
        if self.cls is not None:
            msg["fe"] = server["fe"][~self.cls]
        return msg

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        train, _ = validation_split(ctx, self.config)
        ws = ctx.workspace
        ws.load(state["params"])
        stats = ws.train(
            train, epochs=ctx.training.epochs, batch_size=ctx.training.batch_size, generator=ctx.generator("local"), optimizer=ctx.training.optimizer
        )
        local = ws.params.clone()
        request = rank_peers(state["rel"], ctx.client, ctx.generator("pfedsv-ties"))
        upload = {"params": local, "num_samples": train.num_train, "request": request, "k": int(state["k"])}
        return ClientResult(upload, {**state, "local": local}, stats)

    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """For the upload pipeline (upload-level DP, attacks), the update is the trained model
        minus the model the round started from (theta_i* of the previous participation;
        ``state`` is the client's state before its step). The client keeps its clean model."""
        return UploadParts({"params": UploadPart(state["params"])})

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict]:
        seen, fresh = pool_aggregate(ctx.store, server["seen"], uploads, ctx.round)
        new: ServerState = {"seen": seen, "fresh": fresh}
        if self.cls is not None:
            alphas = get_weighting(self.config.fe_weighting)(uploads)
            fe = self.combine([u["params"] for _, u in uploads], alphas, [c for c, _ in uploads])
            new["fe"] = torch.where(self.cls, server["fe"], fe)  # only the body coordinates are used
        return new, {"pool_size": int(seen.sum())}

    # ------------------------------------------------------------------ phase 2
    def personalize(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientState:
        cfg, ws, me = self.config, ctx.workspace, ctx.client
        _, val = validation_split(ctx, self.config)
        ids = [int(j) for j in message["ids"].tolist()]
        members = [me, *ids]
        own = state["local"]
        sel = self.cls
        if sel is None:
            base = own
            rows = torch.cat([own.unsqueeze(0), message["models"].to(own.dtype)]) if ids else own.unsqueeze(0)
        else:
            base = own.clone()
            base[~sel] = message["fe"]  # the common feature extractor, the own classifier
            rows = torch.cat([own[sel].unsqueeze(0), message["models"].to(own.dtype)]) if ids else own[sel].unsqueeze(0)
        index = {p: i for i, p in enumerate(members)}
        chosen = torch.empty_like(rows)  # one buffer for every coalition's rows

        def utility(coalition: frozenset[int]) -> float:
            pick = sorted(index[p] for p in coalition)
            if pick[-1] - pick[0] == len(pick) - 1:  # consecutive rows (a third of all coalitions): a view, no copy
                picked = rows[pick[0] : pick[-1] + 1]
            else:
                picked = torch.index_select(rows, 0, torch.tensor(pick, device=rows.device), out=chosen[: len(pick)])
            return coalition_accuracy(ws, base, sel, picked, val)

        empty = 0.0 if cfg.empty_utility == "zero" else 1.0 / self.num_classes
        res = shapley_values(
            members, utility, estimator=cfg.estimator, permutations=cfg.permutations_per_member * len(members),
            generator=ctx.generator("pfedsv-permutations"), empty=empty,
        )
        sv = torch.tensor([res.values[p] for p in members], dtype=torch.float64, device=own.device)
        rel = update_relevance(state["rel"], members, res.values, cfg.decay)
        scored = state["scored"].clone()
        scored[ids] = True
        dist = model_distances(rows[0], rows)
        w = shapley_weights(sv, dist, 0, cfg.own_distance)
        if w is None:  # A2: no member helps: keep the own model
            mixed = rows[0]
            self.combine.record([me], torch.ones(1, dtype=torch.float64), me)
        else:
            mixed = self.combine(list(rows), w, members, recipient=me)  # personalized_model (eq. 7), through --robust
        if sel is None:
            theta = mixed.clone()
        else:
            theta = base.clone()
            theta[sel] = mixed
        available = message["available"].to(torch.bool)
        k = next_k(rel, scored, available, me, cfg.k0, cfg.topk)
        ctx.logs.update(
            {
                "downloaded": len(ids),
                "coalition": members,
                "shapley": sv.tolist(),
                "weights": w.tolist() if w is not None else [0.0] * len(members),
                "own_weight": float(w[0]) if w is not None else 1.0,
                "relevance": rel.tolist(),
                "next_k": k,
                "estimator": res.estimator,
                "utility_evaluations": res.evaluations,
            }
        )
        return {**state, "params": theta, "rel": rel, "scored": scored, "available": available, "k": k}

    # ------------------------------------------------------------------ evaluation
    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        if self.config.evaluate_model == "local" and "local" in state:
            return state["local"]
        return state["params"]
