"""CO-PFL: Contribution-Oriented Personalized Federated Learning.

Journal text ``co-pfl-journal.txt`` (Algorithms 1-2, eqs. 3-11); the conference version's
Appendix B has Algorithm 2 as well. Three modules:

MAMO, mask-aware momentum (eqs. 3-5, Algorithm 2 lines 1-13)
    Two Adam moment buffers per client, one for the personalized submodel (h = m) and one for
    the shared submodel (h = 1 - m), persisting across rounds in the client store.
    * Eq. (4b) decays v with beta1 in the text; the bias correction (5a) uses beta2:
      copfl uses beta2 (reading note 1, docs/papers/reading-notes.md).
    * (5a) counts steps as kT + t: copfl counts the steps each buffer has actually taken,
      from 1 (torch's convention; the paper's count starts at 0, which would divide by
      zero) (reading note 2, docs/papers/reading-notes.md). A pass over an empty mask takes no step.
    * Both passes start from the round's model w_n^k (Algorithm 2, lines 2 and 8); the
      result is p from the first and g from the second (line 13) (reading note 3, docs/papers/reading-notes.md).
    * T "local iterations" = local epochs: each pass goes T times over the client's data in
      batches (FedSelect's code alternates one masked and one unmasked pass per epoch).
    Implementation: eq. (4) multiplies the gradient by h, and (5b) the step. Because masks
    only grow, a buffer's moments are zero outside its pass's mask (the shared buffer is
    zeroed where the mask grows), so a fused ``torch.optim.Adam`` step on the gradient with
    its non-h entries zeroed (multiplied by h) is exactly (4)-(5): those coordinates receive a
    zero step.
    ``mamo=False`` (ablation) trains all parameters in one pass with a fresh plain Adam.

PWPM, parameter-wise personalization (eqs. 6-8)
    delta = |w_n^k - w_n^{k+1}| over the round; the mask grows by ``pwpm="tensor"`` (the
    FedSelect code's per-weight-tensor reading, default) or ``"global"`` (eq. 7 over the
    whole vector under ||m|| <= gamma d); see :mod:`copfl.core.masks` (reading note 4, docs/papers/reading-notes.md).

COWA, contribution-oriented weights (eqs. 9-11)
    * Gradient score (9): 1 - cos(delta_n, dbar_{-n}), delta_n = w_n^k - w_n^{k+1} (this
      round's change), dbar_{-n} = (delta^k - alpha_n^k delta_n)/(1 - alpha_n^k),
      delta^k = w^{k-1} - w^k the previous global change and alpha_n^k the previous weights,
      both broadcast by the server. Round 1 has no previous change: the score is the neutral
      1 (and alpha^0 = 1/N for the prediction score). cos with a zero vector is defined as 0.
      1 - alpha = 0 (one client, or one client holding all the weight): neutral score 1.
    * Prediction score (10): the loss of the leave-one-out model
      w_{-n} = (w^k - alpha_n^k w_n^k)/(1 - alpha_n^k) on the client's data, w_n^k the
      client's model at the end of its previous round (w^0 before it ever trained). When
      1 - alpha = 0 the global model w^k itself is used. ``pred_data="train"`` (eq. 10:
      the client's training data, default) or ``"holdout"`` (the "held-out validation set"
      of the text: a fixed fraction of the client's training data, then not trained on).
      ``pred_sign="loss"`` (eq. 10 as written: higher loss, more weight) or ``"inverse"``
      (the other reading of the text: lower loss, more weight, as exp(-loss)) (reading note 7, docs/papers/reading-notes.md).
    * Gamma = Gamma_grad + Gamma_pred; alpha = Gamma / sum Gamma (11), applied to the shared
      coordinates only (reading note 8, docs/papers/reading-notes.md). ``score`` = both | grad | pred | uniform | samples
      (ablations, Table III). Both scores are logged per client every round.
    All leave-one-out quantities are closed forms in the client's own vectors: O(d) per
    client, O(N d) per round.

Server aggregation (Algorithm 1, lines 4-6; reading note 5, docs/papers/reading-notes.md): ``aggregation="per-coordinate"``
(the FedSelect code's reading, default: it kept learning where the literal reading froze the
shared model, see docs/co-pfl.md) or ``"literal"``.
A client starts each round from the server's values on its shared coordinates and its own
on its personalized ones (both readings).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import torch

from copfl.algorithms.base import ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, Setup, UploadParts, register, weights_by_samples, require
from copfl.algorithms.masked import MaskedAlgorithm
from copfl.data.clients import ClientData, holdout_split
from copfl.core.masks import aggregate_literal, expand, grow_global, grow_per_tensor, pack_mask, select, unpack_mask
from copfl.core.train_hooks import GradientHook, OptimizerConfig, TrainStats, make_optimizer
from copfl.core.workspace import Workspace
from copfl.algorithms.search_space import adam_space, uniform

SCORES = ("both", "grad", "pred", "uniform", "samples")
DEFENSES = ("none", "clip", "reject")


# ---------------------------------------------------------------------------- equations
def cosine(a: torch.Tensor, b: torch.Tensor) -> float:
    """cos(a, b), defined as 0 when either vector is zero."""
    na, nb = float(torch.linalg.vector_norm(a)), float(torch.linalg.vector_norm(b))
    if na == 0.0 or nb == 0.0:
        return 0.0
    return float(torch.dot(a.double(), b.double())) / (na * nb)


def leave_one_out(total: torch.Tensor, own: torch.Tensor, alpha: float) -> torch.Tensor | None:
    """(total - alpha * own) / (1 - alpha): the others' weighted average (eqs. 9, 10).
    None when 1 - alpha is (numerically) zero."""
    if 1.0 - alpha <= 1e-12:
        return None
    return (total - alpha * own) / (1.0 - alpha)


def gradient_score(delta_n: torch.Tensor, prev_change: torch.Tensor | None, alpha_n: float) -> float:
    """Eq. (9): 1 - cos(delta_n, dbar_{-n}). Neutral 1 when there is no previous global change
    (round 1: ``prev_change=None``) or dbar_{-n} is undefined (1 - alpha = 0) or zero."""
    if prev_change is None:
        return 1.0
    dbar = leave_one_out(prev_change, delta_n, alpha_n)
    return 1.0 if dbar is None else 1.0 - cosine(delta_n, dbar)


def prediction_score(loss: float, sign: str) -> float:
    """Eq. (10) as written ("loss": the leave-one-out model's loss) or its other reading
    ("inverse": exp(-loss), larger when the leave-one-out model fits the client well)."""
    return loss if sign == "loss" else math.exp(-loss)


def contribution_weights(scores: torch.Tensor) -> torch.Tensor:
    """Eq. (11): alpha_n = Gamma_n / sum_i Gamma_i (uniform if all scores are zero)."""
    scores = scores.to(torch.float64)
    total = float(scores.sum())
    if total <= 0.0 or not math.isfinite(total):
        return torch.full_like(scores, 1.0 / len(scores))
    return scores / total


def defend_scores(scores: torch.Tensor, defense: str, k: float = 3.0) -> torch.Tensor:
    """The defended CO-PFL (not in the paper; docs/robustness.md): COWA gives the most weight
    to the client that deviates most, which is what a poisoned update looks like, so before
    eq. (11) the contribution scores are
    ``clip``: capped at their median (no client weighs more than the median client);
    ``reject``: set to 0 where they are upper outliers across the round's clients, above
    median + k x 1.4826 x MAD (the median absolute deviation, scaled to a normal's std);
    ``none``: left as they are (the paper)."""
    scores = scores.to(torch.float64)
    if defense == "none" or len(scores) == 0:
        return scores
    med = float(torch.quantile(scores, 0.5))  # the median (the mean of the two middle values for an even count)
    if defense == "clip":
        return scores.clamp(max=med)
    # a floor, so that identical honest scores (MAD 0) do not make every higher score an outlier
    mad = max(float(torch.quantile((scores - med).abs(), 0.5)), 1e-6 * max(abs(med), 1.0))
    return torch.where(scores > med + k * 1.4826 * mad, torch.zeros_like(scores), scores)


# ---------------------------------------------------------------------------- MAMO
def new_moments(d: int, device: torch.device | str = "cpu") -> dict[str, torch.Tensor]:
    return {
        "step": torch.zeros((), dtype=torch.float32, device=device),
        "exp_avg": torch.zeros(d, device=device),
        "exp_avg_sq": torch.zeros(d, device=device),
    }


def mamo_pass(
    ws: Workspace,
    data: ClientData,
    start: torch.Tensor,
    h: torch.Tensor,
    moments: dict[str, torch.Tensor],
    opt: OptimizerConfig,
    epochs: int,
    batch_size: int,
    generator: torch.Generator,
) -> TrainStats:
    """One MAMO pass (eqs. 3-5): Adam on the coordinates where the 0/1 float vector ``h`` is 1,
    continuing the given moment buffer (updated in place). Coordinates where h = 0 keep their
    values exactly: their gradient is multiplied by 0 (h o q, eq. 4) and their moments are 0.
    (A float multiply is ~6x faster than ``masked_fill_`` with a bool mask on CPU.)"""
    ws.load(start)
    # MAMO is Adam whatever the run's optimizer; weight decay is applied below, before the mask
    adam = make_optimizer(replace(opt, name="adam", weight_decay=0.0), ws.flat.param)
    adam.state[ws.flat.param] = moments  # the client's persistent buffer, updated in place
    wd = opt.weight_decay

    def mask_gradient(params: torch.Tensor, grad: torch.Tensor) -> None:
        if wd:
            grad.add_(params, alpha=wd)  # L2 before masking, so frozen coordinates stay put
        grad.mul_(h)  # h o q in eq. (4)

    return ws.train(data, epochs=epochs, batch_size=batch_size, generator=generator, optimizer=adam, hooks=[GradientHook(mask_gradient)])


# ---------------------------------------------------------------------------- strategy
@dataclass(frozen=True)
class CoPFLConfig:
    p: float = 0.25  # PWPM personalized rate (best on CIFAR-10 in the paper)
    gamma: float = 0.5  # personalization budget: at most gamma of the entries personalized
    pwpm: str = "tensor"  # mask growth: tensor (FedSelect code) | global (eq. 7 over all of w)
    grow_every: int = 1  # grow the mask every k rounds (Algorithm 2: every round)
    mamo: bool = True  # False: one plain Adam over all parameters (ablation)
    score: str = "both"  # aggregation weights: both | grad | pred | uniform | samples
    pred_data: str = "train"  # data for the prediction score: train | holdout
    holdout_fraction: float = 0.2  # the share of training data held out to score predictions (with pred_data=holdout)
    pred_sign: str = "loss"  # loss (eq. 10 as written) | inverse (lower loss, more weight)
    aggregation: str = "per-coordinate"  # per-coordinate (FedSelect code) | literal (Algorithm 1)
    defense: str = "none"  # scores before eq. (11): none (the paper) | clip (at the median) | reject (upper outliers -> 0)
    defense_k: float = 3.0  # reject: how many scaled MADs above the median is an outlier

    def __post_init__(self) -> None:
        checks = [
            (0.0 <= self.p <= 1.0, f"p must be in [0, 1], got {self.p}"),
            (0.0 <= self.gamma <= 1.0, f"gamma must be in [0, 1], got {self.gamma}"),
            (self.pwpm in ("tensor", "global"), f"pwpm must be 'tensor' or 'global', got {self.pwpm!r}"),
            (self.grow_every >= 1, f"grow_every must be >= 1, got {self.grow_every}"),
            (self.score in SCORES, f"score must be one of {', '.join(SCORES)}, got {self.score!r}"),
            (self.pred_data in ("train", "holdout"), f"pred_data must be 'train' or 'holdout', got {self.pred_data!r}"),
            (0.0 < self.holdout_fraction < 1.0, f"holdout_fraction must be in (0, 1), got {self.holdout_fraction}"),
            (self.pred_sign in ("loss", "inverse"), f"pred_sign must be 'loss' or 'inverse', got {self.pred_sign!r}"),
            (self.aggregation in ("per-coordinate", "literal"), f"aggregation must be 'per-coordinate' or 'literal', got {self.aggregation!r}"),
            (self.defense in DEFENSES, f"defense must be one of {', '.join(DEFENSES)}, got {self.defense!r}"),
            (self.defense_k > 0, f"defense_k must be positive, got {self.defense_k}"),
        ]
        require(checks)


@register
class CoPFL(MaskedAlgorithm):
    name = "co-pfl"
    description = "CO-PFL: MAMO (mask-aware Adam) + PWPM (growing parameter masks) + COWA (contribution weights)"
    Config = CoPFLConfig
    search_space = {**adam_space(paper_lr=1e-3), "p": uniform(0.05, 0.5, paper=0.25), "gamma": uniform(0.1, 0.9, paper=0.5)}  # copfl tune (docs/tuning.md)
    # The paper trains CO-PFL with Adam-style MAMO at eta in {1e-4, 1e-5} for 200 rounds; the
    # default is Adam at 1e-3 on evidence (docs/co-pfl.md "What the study shows"): as
    # good as 1e-4 on the paper's protocol, far better when rounds are few. `--lr 1e-4` is the
    # paper's rate, and every `copfl reproduce` cell names its rate. Batch-norm running
    # statistics stay on the clients (the paper is silent): a CO-PFL client's model mixes
    # personal and global values inside every tensor, so statistics averaged over clients fit
    # none of them (the ResNet study, docs/results/reproduce-cpu/copfl-resnet.md). Models
    # without batch norm are unaffected; `--bn-stats shared` averages them.
    run_defaults = {"optimizer": "adam", "lr": 1e-3, "bn_stats": "local"}

    def __init__(self, config: CoPFLConfig, setup: Setup) -> None:
        super().__init__(config, setup)
        opt = setup.training.optimizer.name
        if config.mamo and opt != "adam":
            raise ValueError(f"CO-PFL's MAMO is an Adam-style optimizer: use --optimizer adam (got {opt!r}) or --no-mamo")
        self.slices = setup.workspace.flat.slices
        self.robust = setup.combiner.kind != "mean"
        if self.robust and config.aggregation == "literal":
            raise ValueError(
                f"--robust {setup.combiner.kind}: CO-PFL's literal aggregation (Algorithm 1) has no robust form; "
                "use aggregation per-coordinate (the default)"
            )

    # ------------------------------------------------------------------ state
    def init_server(self, init: torch.Tensor) -> ServerState:
        n = self.setup.num_clients
        return {
            "params": init.clone(),
            "mask": self.empty_mask(),
            "change": torch.zeros(self.d, device=self.device),
            "has_change": 0,  # no previous global change before the first aggregation
            "alpha": torch.full((n,), 1.0 / n, dtype=torch.float64, device=self.device),  # alpha^0 := 1/N
        }

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        st: ClientState = {"params": init.clone(), "mask": self.empty_mask()}
        if self.config.mamo:
            st["moments_p"] = new_moments(self.d, self.device)
            st["moments_g"] = new_moments(self.d, self.device)
        return st

    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        return {
            "params": server["params"],
            "mask": pack_mask(server["mask"]),
            "change": server["change"],
            "has_change": server["has_change"],
            "alpha": server["alpha"],
        }

    # ------------------------------------------------------------------ client
    def _data_split(self, ctx: ClientContext) -> tuple[ClientData, ClientData]:
        """(training data, data for the prediction score)."""
        if self.config.pred_data == "train":
            return ctx.data, ctx.data
        return holdout_split(ctx.data, self.config.holdout_fraction, ctx.seed, ctx.client)

    def client_update(self, ctx: ClientContext, broadcast: Message, state: ClientState) -> ClientResult:
        cfg, ws = self.config, ctx.workspace
        train_data, score_data = self._data_split(ctx)
        mask = state["mask"]
        start = self.start(state, broadcast)  # w_n^k
        opt = ctx.training.optimizer
        epochs, bs = ctx.training.epochs, ctx.training.batch_size

        # MAMO (Algorithm 2, lines 1-13) or the plain-Adam ablation
        if cfg.mamo:
            stats = TrainStats()
            personal = None
            if bool(mask.any()):
                h_p = mask.to(torch.float32)
                s = mamo_pass(ws, train_data, start, h_p, state["moments_p"], opt, epochs, bs, ctx.generator("mamo-personal"))
                personal = ws.params.clone()
                stats = s
            h_g = (~mask).to(torch.float32)
            s = mamo_pass(ws, train_data, start, h_g, state["moments_g"], opt, epochs, bs, ctx.generator("local"))
            new = ws.params.clone() if personal is None else select(mask, personal, ws.params)
            stats = stats + s
        else:
            ws.load(start)
            stats = ws.train(train_data, epochs=epochs, batch_size=bs, generator=ctx.generator("local"), optimizer=opt)
            new = ws.params.clone()

        # PWPM (eqs. 6-8)
        delta = start - new  # delta_n^k = w_n^k - w_n^{k+1}
        new_mask = mask
        if ctx.round % cfg.grow_every == 0 and cfg.p > 0:
            if cfg.pwpm == "tensor":
                new_mask = grow_per_tensor(mask, delta.abs(), self.slices, cfg.p, cfg.gamma)
            else:
                new_mask = grow_global(mask, delta.abs(), cfg.p, cfg.gamma)
            if cfg.mamo:
                # newly personalized coordinates leave the shared buffer (masks only grow)
                keep = (new_mask == mask).to(torch.float32)  # 0 where the mask grew
                state["moments_g"]["exp_avg"].mul_(keep)
                state["moments_g"]["exp_avg_sq"].mul_(keep)

        # COWA scores (eqs. 9-10), computed by the client (Algorithm 2, lines 18-21)
        alpha_n = float(broadcast["alpha"][ctx.client])
        prev_change = broadcast["change"] if broadcast["has_change"] else None
        g_grad = gradient_score(delta, prev_change, alpha_n) if cfg.score in ("both", "grad") else 0.0
        g_pred, loo_loss = 0.0, float("nan")
        if cfg.score in ("both", "pred"):
            loo = leave_one_out(broadcast["params"], state["params"], alpha_n)
            ws.load(broadcast["params"] if loo is None else loo)
            loo_loss = ws.evaluate(score_data.x_train, score_data.y_train).loss
            g_pred = prediction_score(loo_loss, cfg.pred_sign)

        new_state = dict(state)
        new_state["params"], new_state["mask"] = new, new_mask
        upload = self.masked_upload(  # g_n^{k+1}: only the shared entries travel
            new, new_mask, score=g_grad + g_pred, grad_score=g_grad, pred_score=g_pred, loo_loss=loo_loss, num_samples=train_data.num_train
        )  # score: Gamma_n^{k+1}
        return ClientResult(upload, new_state, stats)

    # ------------------------------------------------------------------ server
    def weights(self, uploads: list[tuple[int, Message]]) -> torch.Tensor:
        score = self.config.score
        if score == "uniform":
            return torch.full((len(uploads),), 1.0 / len(uploads), dtype=torch.float64)
        if score == "samples":
            return weights_by_samples(uploads)
        key = {"both": "score", "grad": "grad_score", "pred": "pred_score"}[score]
        scores = torch.tensor([float(u[key]) for _, u in uploads], dtype=torch.float64)
        return contribution_weights(defend_scores(scores, self.config.defense, self.config.defense_k))

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict]:
        d = self.d
        alphas = self.weights(uploads)
        masks, models = self.unpack_uploads(uploads)
        prev = server["params"]
        clients = [c for c, _ in uploads]
        if not any(bool(m.any()) for m in masks):  # nothing personalized: a plain weighted average
            new, server_mask = self.combine(models, alphas, clients), torch.zeros(d, dtype=torch.bool, device=self.device)
        elif self.config.aggregation == "literal":
            new, server_mask = aggregate_literal(prev, models, masks, alphas)
            self.combine.record(clients, alphas)
        else:
            new = self.combine.masked(prev, models, masks, alphas, clients)
            server_mask = torch.zeros(d, dtype=torch.bool, device=self.device)
            for m in masks:
                server_mask |= m
        alpha_all = torch.zeros(self.setup.num_clients, dtype=torch.float64, device=self.device)
        for (c, _), a in zip(uploads, alphas.tolist()):
            alpha_all[c] = a
        clients = [c for c, _ in uploads]
        logs = {
            "server_mask_fraction": float(server_mask.float().mean()),
            "mask_fraction_mean": self.mask_fraction_mean(masks),
            "per_client": {
                "client": clients,
                "alpha": alphas.tolist(),
                "grad_score": [float(u["grad_score"]) for _, u in uploads],
                "pred_score": [float(u["pred_score"]) for _, u in uploads],
                "mask_fraction": [float(m.float().mean()) for m in masks],
            },
        }
        new_server = {"params": new, "mask": server_mask, "change": prev - new, "has_change": 1, "alpha": alpha_all}
        return new_server, logs

    # ------------------------------------------------------------------ the upload pipeline
    def upload_parts(self, message: Message, state: ClientState, upload: Message) -> UploadParts:
        """MaskedAlgorithm's parts, and the gradient score (eq. 9) recomputed from the model a
        changed upload sends (noised, attacked), as CO-PFL's client would compute it from that
        model; the prediction score does not depend on it."""
        parts = super().upload_parts(message, state, upload)
        if self.config.score not in ("both", "grad"):
            return parts

        def rederive(client: int, sent_upload: Message, new_state: ClientState) -> Message:
            sent_mask = unpack_mask(sent_upload["mask"], self.d)
            sent = select(sent_mask, new_state["params"], expand(sent_upload["shared"], ~sent_mask))
            prev_change = message["change"] if message["has_change"] else None
            g = gradient_score(self.start(state, message) - sent, prev_change, float(message["alpha"][client]))
            return {**sent_upload, "grad_score": g, "score": g + float(sent_upload["pred_score"])}

        parts.rederive = rederive
        return parts
