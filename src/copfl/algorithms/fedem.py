"""FedEM: Marfoq, Neglia, Bellet, Kameni, Vidal, "Federated Multi-Task Learning under a
Mixture of Distributions", NeurIPS 2021 (reference code: github.com/omarfoq/FedEM).

Every client's data distribution is a mixture of M shared components: the server keeps M
component models theta_1..theta_M (broadcast as one stacked [M, d] tensor), each client i its
own mixture weights pi_i (uniform 1/M at first, kept in the client's state). A participating
client, in the reference code's order (``MixtureClient.step``):

1. E-step (Algorithm 1 line 6, Eq. (9)): with the received components, per training sample
   q(z = m | x, y) proportional to pi_m exp(-loss_m(x, y)) (:func:`responsibilities`);
2. M-step for pi (Algorithm 1 line 7, Eq. (10)): pi_m = mean over its samples of q
   (:func:`mixture_weights`);
3. trains each component m, from the received theta_m, on the loss weighted per sample by
   q(z = m | x, y) (Algorithm 1 line 9 / Eq. (11); :func:`weighted_loss`), with the run's
   local optimizer, batch size and epochs;
4. uploads the M trained components.

The server averages each component over the uploads, weighted by training-set size
(Algorithm 1 line 12, :func:`component_average`). A client predicts with the mixture of its
components' predicted probabilities, p(y | x) = sum_m pi_m softmax(h_{theta_m}(x))_y
(Eq. (4)); :meth:`FedEM.evaluate` reports the mixture's accuracy and its negative
log-likelihood (:func:`mixture_log_probs`).

Choices, following the reference code where the paper is silent:

* The E-step's losses are computed with the models in evaluation mode on the client's
  training data (``gather_losses`` over ``val_iterator``, which iterates the training set).
* The weighted loss of a batch B is sum_{i in B} q_im loss_im / |B| (``Learner.fit_epochs``:
  ``loss_vec.T @ weights[indices] / loss_vec.size(0)``), not divided by the sum of the
  weights.
* Components are trained one after the other; component 0 takes its batches in the order of
  the run's usual ``"local"`` stream, component m > 0 from its own seeded stream (the
  reference code re-iterates a shuffling DataLoader per component). A fresh optimizer per
  component and round (copfl's protocol; the reference keeps one per component across
  rounds, which matters only with momentum).
* Components 1..M-1 start as seeded re-initializations of the architecture (the reference
  seeds learner m with seed + m), or the run's initial model plus noise
  (``component_init="perturb"``, std ``init_std``); component 0 is the run's initial model.
* The server averages over the round's uploads (with partial participation the reference
  code averages over all clients, the absent ones contributing the previous global
  components; with full participation the two agree).
* The mixture's log-likelihood is computed as logsumexp_m(log pi_m + log_softmax_m) (the
  reference clamps the mixed probabilities and takes their log; same value, no log(0)).
* Training loss logged: sum over components of each one's weighted loss, per sample, i.e.
  the responsibility-weighted loss of the client (one pass's sample count).
* Defaults: M = 3 (the paper and ``--n_learners``); SGD lr 0.03 (the reference CIFAR-10
  script), momentum 0 and batch 32 from the pFedSV protocol (the reference code uses SGD
  momentum 0.9, weight decay 5e-4, batch 128: ``--momentum 0.9 --weight-decay 5e-4``).

With M = 1, FedEM is FedAvg bit for bit (tested): q = 1 for every sample, and that path trains
with the run's plain mean loss (the weighted form sum_i 1 * loss_i / |B| is the same number
but summed by a dot product instead of the loss's own mean reduction, which can differ in
the last bit) and evaluates the single component with the plain loss (the mixture's
log(softmax) differs from cross-entropy's fused log-softmax in the last bits).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch

from copfl.algorithms.base import Algorithm, ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, register, weights_by_samples
from copfl.core.aggregation import weighted_sum
from copfl.algorithms.ifca import INITS, distinct_models
from copfl.data.clients import ClientData
from copfl.core.train_hooks import Criterion, EvalStats, TrainStats
from copfl.core.workspace import Workspace
from copfl.algorithms.search_space import integer, sgd_space


# ----------------------------------------------------------------------- the paper's equations
def responsibilities(log_pi: torch.Tensor, losses: torch.Tensor) -> torch.Tensor:
    """E-step, Eq. (9): q[m, i] = pi_m exp(-losses[m, i]) / sum_m' pi_m' exp(-losses[m', i]),
    i.e. a softmax over components of log pi_m - loss_m(x_i, y_i). ``losses``: [M, n]."""
    return torch.softmax(log_pi[:, None] - losses, dim=0)


def mixture_weights(q: torch.Tensor) -> torch.Tensor:
    """M-step for the mixture weights, Eq. (10): pi_m = (1/n) sum_i q[m, i]."""
    return q.mean(dim=1)


def weighted_loss(loss_vec: torch.Tensor, weights: torch.Tensor) -> torch.Tensor:
    """Component m's objective on a batch, Eq. (11) as the reference code computes it:
    sum_i q_im loss_im / |B|."""
    return (loss_vec @ weights) / loss_vec.numel()


def mixture_log_probs(log_pi: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:
    """log p(y | x) of the mixture, Eq. (4): log sum_m pi_m softmax(logits[m])_y, for every
    class; ``logits``: [M, n, C] -> [n, C]."""
    return torch.logsumexp(log_pi[:, None, None] + torch.log_softmax(logits, dim=2), dim=0)


def component_average(uploads: list[tuple[int, Message]], num_components: int, combine: Callable[..., torch.Tensor] | None = None) -> torch.Tensor:
    """Algorithm 1 line 12: theta_m = sum_i (n_i / n) theta_{i,m} over the uploads (each
    component through ``combine(vectors, weights, sources)``, default the weighted sum)."""
    alpha = weights_by_samples(uploads)
    clients = [c for c, _ in uploads]
    comb = combine or (lambda v, w, _: weighted_sum(v, w))
    return torch.stack([comb([u["components"][m] for _, u in uploads], alpha, clients) for m in range(num_components)])


def per_sample_losses(ws: Workspace, components: torch.Tensor, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """loss_m(x_i, y_i) for every component and sample, models in evaluation mode: [M, n]."""
    out = []
    for theta in components:
        ws.load(theta)
        _, logits = ws.features_and_logits(x)
        out.append(ws.criterion(logits, y, reduction="none"))
    return torch.stack(out)


# ----------------------------------------------------------------------- strategy
@dataclass(frozen=True)
class FedEMConfig:
    components: int = 3  # the number of mixture components M (the paper; reference --n_learners default 3)
    component_init: str = "reinit"  # how components 1..M-1 start: reinit (seeded fresh initialization) | perturb (init + noise)
    init_std: float = 0.01  # std of the noise for component_init="perturb"

    def __post_init__(self) -> None:
        if isinstance(self.components, bool) or not isinstance(self.components, int) or self.components < 1:
            raise ValueError(f"FedEM components must be an integer >= 1, got {self.components!r}")
        if self.component_init not in INITS:
            raise ValueError(f"unknown component_init {self.component_init!r}; expected one of {', '.join(INITS)}")
        if not self.init_std > 0:
            raise ValueError(f"init_std must be > 0, got {self.init_std}")


@register
class FedEM(Algorithm):
    name = "fedem"
    description = "FedEM (Marfoq et al., NeurIPS 2021): M shared components, per-client mixture weights fitted by EM"
    Config = FedEMConfig
    search_space = {**sgd_space(paper_lr=0.03, paper_momentum=0.0), "components": integer(2, 4, paper=3)}  # copfl tune (docs/tuning.md)
    run_defaults = {"optimizer": "sgd", "lr": 0.03, "momentum": 0.0}

    def init_server(self, init: torch.Tensor) -> ServerState:
        c = self.config
        return {"components": distinct_models(self.setup.workspace, init, c.components, c.component_init, c.init_std, "fedem-component")}

    def init_client(self, client: int, init: torch.Tensor) -> ClientState:
        m = self.config.components
        return {"pi": torch.full((m,), 1.0 / m, device=self.device)}

    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        return {"components": server["components"]}  # the same tensor for everyone

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        comps = message["components"]
        ws, data = ctx.workspace, ctx.data
        if len(comps) == 1:  # q = 1 everywhere: the plain loss (bit-identical to FedAvg)
            stats = ctx.train(comps[0])
            pi = state["pi"]
            trained = ws.params.clone()[None]
        else:
            losses = per_sample_losses(ws, comps, data.x_train, data.y_train)
            q = responsibilities(torch.log(state["pi"]), losses)  # E-step with last round's pi
            pi = mixture_weights(q)  # M-step
            # batches carry sample indices in place of labels, so that each batch finds its weights
            indexed = ClientData(data.x_train, torch.arange(data.num_train, device=data.y_train.device), data.x_train[:0], data.y_train[:0])
            y = data.y_train
            parts, all_stats = [], []
            for m in range(len(comps)):
                qm = q[m]

                def loss_fn(out: torch.Tensor, idx: torch.Tensor, qm: torch.Tensor = qm) -> torch.Tensor:
                    return weighted_loss(ws.criterion(out, y[idx], reduction="none"), qm[idx])

                ws.load(comps[m])
                gen = ctx.generator("local" if m == 0 else f"fedem-component-{m}")
                all_stats.append(
                    ws.train(indexed, epochs=ctx.training.epochs, batch_size=ctx.training.batch_size, generator=gen,
                             optimizer=ctx.training.optimizer, hooks=[Criterion(loss_fn)])
                )
                parts.append(ws.params.clone())
            trained = torch.stack(parts)
            stats = TrainStats(sum(s.loss_sum for s in all_stats), all_stats[0].samples, sum(s.steps for s in all_stats))
            # every component trained a full pass: the FLOP count charges all M (stats.samples counts one)
            ctx.logs["extra_train_samples"] = sum(s.samples for s in all_stats[1:])
        ctx.logs.update({f"pi_{m}": float(v) for m, v in enumerate(pi)})  # the per-client log: one column per component
        upload = {"components": trained, "num_samples": data.num_train}
        return ClientResult(upload, {"pi": pi}, stats)

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict]:
        return {"components": component_average(uploads, self.config.components, self.combine)}, {}

    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        """The most weighted component (for callers that need one flat vector; evaluation
        uses the whole mixture)."""
        return message["components"][int(torch.argmax(state["pi"]))]

    def evaluate(self, ctx: ClientContext, message: Message, state: ClientState) -> EvalStats:
        comps, ws = message["components"], ctx.workspace
        x, y = ctx.data.x_test, ctx.data.y_test
        if len(comps) == 1:
            ws.load(comps[0])
            return ws.evaluate(x, y)
        logits = []
        for theta in comps:
            ws.load(theta)
            logits.append(ws.features_and_logits(x)[1])
        logp = mixture_log_probs(torch.log(state["pi"]), torch.stack(logits))
        nll = -logp.gather(1, y[:, None]).sum()
        correct = int((logp.argmax(1) == y).sum())
        return EvalStats(float(nll), correct, len(y))
