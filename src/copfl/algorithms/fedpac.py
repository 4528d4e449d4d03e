"""FedPAC: Xu, Tong, Huang, "Personalized Federated Learning with Feature Alignment and
Classifier Collaboration", ICLR 2023.

The model is a feature extractor f (the body: everything before the last linear layer)
and a classifier head g (the last linear layer, kept by each client).

Client, each round (from the global body and the client's collaborative head):
  1. Statistics with the received body, before training (all clients share that feature
     map): label prior p_i(k), class feature means mu_{i,k}, and
        V_i = [sum_k p_i(k) E||f(x)||^2_k - sum_k p_i(k)^2 ||mu_{i,k}||^2] / n_i   (variance)
        H_i[k] = p_i(k) mu_{i,k}                                                    (C x d)
  2. Head: ``head_epochs`` (1) of SGD at ``head_lr`` (0.1), body frozen.
  3. Body: the run's local epochs, head frozen, on
        CE + lam * mean_{batch, dims} (f(x) - c_y)^2
     (feature alignment toward the global class centroids c_y; the mean over feature
     dimensions follows the reference code's MSELoss; lam = 1). Round 1 has no centroids and
     no alignment; a class without a global centroid uses the client's own mean.
     ``phases="joint"`` (an option, not the paper's schedule) replaces steps 2-3 by one phase
     of the run's local epochs training head and body together on the same loss, at the
     run's rate (``head_epochs`` and ``head_lr`` then unused).
  4. Uploads the body, the head, its class centroids after training and class counts, V_i, H_i.
Server:
  * body: average weighted by training-set size; global centroids c_k = sum_i n_{i,k} c_{i,k}
    / sum_i n_{i,k};
  * for each client i the combination weights alpha_i solve the quadratic program
        min_alpha  alpha^T (diag(V) + D_i) alpha   s.t. alpha >= 0, sum_j alpha_j = 1,
        D_i[j, l] = sum_k <H_i[k] - H_j[k], H_i[k] - H_l[k]>
    (variance sum_j alpha_j^2 V_j plus bias ||sum_j alpha_j (H_i - H_j)||^2), solved EXACTLY
    by a finite active-set method (:func:`solve_simplex_qp`); weights <= 1e-3 are dropped and
    the rest renormalized (reference code);
  * client i's head becomes sum_j alpha_ij g_j: the starting head of its next round and the
    head it is evaluated with. The server keeps every participant's head and the weight
    matrix, and sends each client only ITS combined head (per-client messages), with the
    global body and centroids.
Evaluation (copfl's choice; the reference code reports accuracy after local training,
before aggregation): global body + the client's collaborative head, after aggregation.
Clients that did not take part in a round keep their own head.
Defaults: SGD, lr 0.02 (CIFAR in FedPAC), momentum 0.5, weight decay 5e-4.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
import torch
import torch.nn.functional as F

from copfl.algorithms.base import ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, Setup, UploadPart, UploadParts, register
from copfl.algorithms.fedavg import FedAvg, FedAvgConfig
from copfl.core.train_hooks import FeatureTerm, Trainable, TrainStats
from copfl.algorithms.search_space import log_float, sgd_space


# ---------------------------------------------------------------------------- the quadratic program
def qp_objective(P: np.ndarray, x: np.ndarray) -> float:
    return float(x @ P @ x)


def solve_simplex_qp(P: np.ndarray, start: int = 0, tol: float = 1e-12, max_iter: int | None = None) -> np.ndarray:
    """Exact minimizer of x^T P x over the probability simplex (P symmetric PSD), by a primal
    active-set method: finitely many steps, each solving the KKT system of the current face
        [P_FF 1; 1^T 0] [x_F; nu] = [0; 1],
    releasing the bound with the most negative multiplier mu_j = (P x)_j + nu or stepping to
    the first blocking bound. Starts from the vertex e_start (the client itself)."""
    P = 0.5 * (np.asarray(P, dtype=np.float64) + np.asarray(P, dtype=np.float64).T)
    m = len(P)
    scale = max(1.0, float(np.abs(P).max()))
    x = np.zeros(m)
    x[start] = 1.0
    free = [start]
    for _ in range(max_iter or 50 * m + 50):
        F_ = np.array(free)
        K = np.zeros((len(F_) + 1, len(F_) + 1))
        K[:-1, :-1] = P[np.ix_(F_, F_)]
        K[:-1, -1] = K[-1, :-1] = 1.0
        rhs = np.zeros(len(F_) + 1)
        rhs[-1] = 1.0
        sol = np.linalg.lstsq(K, rhs, rcond=None)[0]
        target, nu = sol[:-1], sol[-1]
        if (target >= -tol).all():
            x = np.zeros(m)
            x[F_] = np.maximum(target, 0.0)
            x /= x.sum()
            bound = [j for j in range(m) if j not in free]
            if not bound:
                return x
            mu = P[bound] @ x + nu
            j = int(np.argmin(mu))
            if mu[j] >= -tol * scale:
                return x
            free.append(bound[j])
        else:
            cur = x[F_]
            step, block = 1.0, None
            for k, (c, t) in enumerate(zip(cur, target)):
                if t < c and t < 0:
                    s = c / (c - t)
                    if s < step:
                        step, block = s, k
            x = np.zeros(m)
            x[F_] = cur + step * (target - cur)
            if block is not None:
                x[F_[block]] = 0.0
                free.remove(int(F_[block]))
    raise RuntimeError("the FedPAC quadratic program did not converge (degenerate matrix?)")


def collaboration_matrix(i: int, V: np.ndarray, H: np.ndarray) -> np.ndarray:
    """diag(V) + D_i, D_i[j, l] = <H_i - H_j, H_i - H_l> (Frobenius), H of shape (m, C, d)."""
    delta = (H[i][None] - H).reshape(len(H), -1)
    return np.diag(V) + delta @ delta.T


def combination_weights(V: np.ndarray, H: np.ndarray, threshold: float = 1e-3) -> np.ndarray:
    """Row i: client i's weights over the m participants, small ones dropped, renormalized."""
    m = len(V)
    A = np.zeros((m, m))
    for i in range(m):
        a = solve_simplex_qp(collaboration_matrix(i, V, H), start=i)
        a[a <= threshold] = 0.0
        A[i] = a / a.sum() if a.sum() > 0 else np.eye(m)[i]
    return A


def class_statistics(feats: torch.Tensor, y: torch.Tensor, num_classes: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(counts (C,), class feature means (C, d), class means of ||f||^2 (C,)); zero for absent classes."""
    feats = feats.double()
    counts = torch.bincount(y, minlength=num_classes).double()
    sums = torch.zeros(num_classes, feats.shape[1], dtype=torch.float64, device=feats.device).index_add_(0, y, feats)
    sq = torch.zeros(num_classes, dtype=torch.float64, device=feats.device).index_add_(0, y, (feats * feats).sum(1))
    denom = counts.clamp_min(1.0)
    return counts, sums / denom[:, None], sq / denom


def variance_and_h(counts: torch.Tensor, mu: torch.Tensor, sq: torch.Tensor) -> tuple[float, torch.Tensor]:
    """FedPAC's V_i and H_i from a client's class statistics."""
    n = float(counts.sum())
    p = counts / n
    v = (float((p * sq).sum()) - float((p * p * (mu * mu).sum(1)).sum())) / n
    return v, p[:, None] * mu


# ---------------------------------------------------------------------------- the strategy
@dataclass(frozen=True)
class FedPACConfig(FedAvgConfig):
    personal: str = "head"
    lam: float = 1.0  # weight of the feature-alignment term
    head_epochs: int = 1  # local epochs of head training (body frozen) before the body
    head_lr: float = 0.1  # learning rate of the head phase
    weight_threshold: float = 1e-3  # combination weights at or below this are dropped
    phases: str = "split"  # "split": head, then body (the paper); "joint": head and body in one phase

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.personal != "head":
            raise ValueError("FedPAC personalizes the classifier head: personal must be 'head'")
        if self.phases not in ("split", "joint"):
            raise ValueError(f"FedPAC phases must be 'split' (head, then body) or 'joint' (one phase for both), got {self.phases!r}")
        if self.lam < 0 or self.head_epochs < 0 or self.head_lr <= 0:
            raise ValueError(f"invalid FedPAC options lam={self.lam}, head_epochs={self.head_epochs}, head_lr={self.head_lr}")


@register
class FedPAC(FedAvg):
    name = "fedpac"
    description = "FedPAC (Xu et al., ICLR 2023): feature alignment to global centroids + classifier combination by a QP"
    Config = FedPACConfig
    search_space = {**sgd_space(paper_lr=0.02, paper_momentum=0.5), "lam": log_float(0.1, 10.0, paper=1.0), "head_lr": log_float(1e-2, 0.5, paper=0.1)}  # copfl tune (docs/tuning.md)
    run_defaults = {"optimizer": "sgd", "lr": 0.02, "momentum": 0.5, "weight_decay": 5e-4}

    def __init__(self, config: FedPACConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        self.h_head = self.personal.to(torch.float32)
        self.h_body = self.shared.to(torch.float32)
        fc = dict(setup.workspace.model.named_modules())[setup.workspace.flat.head_module]
        self.num_classes, self.feat_dim = fc.out_features, fc.in_features

    def init_server(self, init: torch.Tensor) -> ServerState:
        server = super().init_server(init)
        dev = self.device
        server["centroids"] = torch.zeros(self.num_classes, self.feat_dim, device=dev)
        server["has_centroid"] = torch.zeros(self.num_classes, dtype=torch.bool, device=dev)
        server["heads"] = torch.zeros(0, int(self.personal.sum()), device=dev)
        server["head_clients"] = torch.zeros(0, dtype=torch.int64, device=dev)
        server["alpha"] = torch.zeros(0, 0, dtype=torch.float64, device=dev)
        return server

    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        """The global body and centroids, and ``client``'s collaborative head if it took part
        in the last aggregation (else it keeps its own)."""
        message = {k: server[k] for k in ("params", "centroids", "has_centroid")}
        rows = (server["head_clients"] == client).nonzero()
        if len(rows):
            r = int(rows[0, 0])
            message["head"] = self._combined_head(server, r, client)
        return message

    def _combined_head(self, server: ServerState, r: int, client: int) -> torch.Tensor:
        """The QP-weighted combination of the last round's heads for ``client`` (row ``r``): as
        written under the default combiner (bit for bit), through ``--robust`` otherwise."""
        alpha, heads = server["alpha"][r], server["heads"]
        sources = server["head_clients"].tolist()
        return self.combine.as_written(lambda: (alpha.to(torch.float32)[:, None] * heads).sum(0), list(heads), alpha.double().cpu(), sources, client)

    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """The body and head the client started from; its class statistics (centroids, counts,
        H) are sent as computed."""
        start = self._start(message, state, 0)
        none = UploadPart(None)
        return UploadParts({"shared": UploadPart(start[self.shared]), "head": UploadPart(start[self.personal]), "centroids": none, "class_counts": none, "H": none})

    def _start(self, broadcast: Message, state: ClientState, client: int) -> torch.Tensor:
        """Global body + the client's collaborative head (its own if it was not combined)."""
        params = self._compose(broadcast["params"], state)
        if "head" in broadcast:
            params = params.clone()
            params[self.personal] = broadcast["head"]
        return params

    def client_update(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> ClientResult:
        ws, cfg, data = ctx.workspace, self.config, ctx.data
        ws.load(self._start(broadcast, state, ctx.client))
        feats, _ = ws.features_and_logits(data.x_train)
        counts, mu, sq = class_statistics(feats, data.y_train, self.num_classes)
        v, h = variance_and_h(counts, mu, sq)

        align = self._alignment(broadcast, mu)
        if cfg.phases == "joint":
            head = TrainStats(0.0, 0, 0)
            body = ctx.train(None, purpose="local", hooks=[FeatureTerm(align)])
        else:
            opt = ctx.training.optimizer
            head = ctx.train(None, epochs=cfg.head_epochs, optimizer=replace(opt, lr=cfg.head_lr), purpose="fedpac-head", hooks=[Trainable(self.h_head)])
            body = ctx.train(None, purpose="local", hooks=[Trainable(self.h_body), FeatureTerm(align)])
        new = ws.params.clone()
        feats_after, _ = ws.features_and_logits(data.x_train)
        _, centroids, _ = class_statistics(feats_after, data.y_train, self.num_classes)
        upload = {
            "shared": new[self.shared],
            "head": new[self.personal],
            "centroids": centroids.float(),
            "class_counts": counts.float(),
            "V": v,
            "H": h.float(),
            "num_samples": data.num_train,
        }
        stats = head + body
        return ClientResult(upload, {"params": new}, stats)

    def _alignment(self, broadcast: Message, own_means: torch.Tensor) -> Callable[[torch.Tensor, torch.Tensor], torch.Tensor] | None:
        """lam * mean (f(x) - c_y)^2 toward the global centroids (the client's own class means
        where no global centroid exists yet); None in round 1 (no centroids) or when lam = 0."""
        if not bool(broadcast["has_centroid"].any()) or self.config.lam == 0:
            return None
        target = torch.where(broadcast["has_centroid"][:, None], broadcast["centroids"], own_means.float())
        lam = self.config.lam
        return lambda f, y: lam * F.mse_loss(f, target[y])

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict]:
        new, logs = super().aggregate(ctx, server, uploads)  # the body, weighted by data size
        counts = torch.stack([u["class_counts"] for _, u in uploads]).double()  # (m, C)
        cents = torch.stack([u["centroids"] for _, u in uploads]).double()  # (m, C, d)
        total = counts.sum(0)
        has = total > 0
        glob = (counts[:, :, None] * cents).sum(0) / total.clamp_min(1.0)[:, None]
        V = np.array([float(u["V"]) for _, u in uploads])
        H = torch.stack([u["H"] for _, u in uploads]).double().cpu().numpy()
        A = combination_weights(V, H, self.config.weight_threshold)
        new.update(
            centroids=torch.where(has[:, None], glob, server["centroids"].double()).float(),
            has_centroid=server["has_centroid"] | has,
            heads=torch.stack([u["head"] for _, u in uploads]),
            head_clients=torch.tensor([c for c, _ in uploads], dtype=torch.int64, device=self.device),
            alpha=torch.from_numpy(A).to(self.device),
        )
        m = len(uploads)
        logs["per_client"] = {
            "client": [c for c, _ in uploads],
            "self_weight": [float(A[i, i]) for i in range(m)],
            "collaborators": [int((A[i] > 0).sum()) for i in range(m)],
            "V": V.tolist(),
        }
        return new, logs

    def personalized(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> torch.Tensor:
        return self._start(broadcast, state, ctx.client)

