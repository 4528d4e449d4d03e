"""Centralized SGD: the pooled-data reference of DPAO-PFL's Fig. 4 (its "centralized SGD" line).

Not a federated method: one global model is trained on the union of every client's training
data, with the run's model, optimizer, batch size and a per-round budget equal to FedAvg's, and
every client is evaluated with that model on its own test data. It is the upper line a
federated method is read against (what the same compute buys when the data is not split).

The engine gives an algorithm one client's data at a time, so the pooled data comes with the
:class:`~copfl.algorithms.base.Setup`: this class sets ``pooled_data = True`` and the engine's
builder (:func:`copfl.execution.experiment.make_engine`) puts every client's training data, concatenated
in client order, in ``setup.pooled``. In each round the round's FIRST participant (lowest id)
receives the model and the round's budget, trains on pooled batches and uploads the model; the
other participants receive and upload nothing. Through Flower the same happens: each node's
engine is built from the whole federation, so the first participant's node holds the pool.

Choices (DPAO-PFL gives no detail of its centralized SGD):

* Budget (:func:`round_budget`): the sample-gradients the round's participants compute under
  FedAvg, B_r = sum over participants p of E * n_p (E local epochs, n_p training samples):
  the same number of per-sample gradients, hence the same compute, as FedAvg's round. Option
  ``budget="all"``: E passes over the whole pool every round, whoever participates (equal to
  the default when every client participates).
* Batches (:func:`pooled_schedule`, :func:`train_pooled`): B_r = P * |pool| + R samples are
  P full passes over the pool, each in a fresh seeded random order cut into batches of the
  run's batch size (exactly :meth:`Workspace.train`'s epochs), then R < |pool| samples drawn
  without replacement from the pool and trained on as one more (shuffled) pass. One optimizer
  for the whole round, fresh each round, as FedAvg's local optimizer. Randomness: the first
  participant's ``ctx.generator("local")`` (FedAvg's own), so with one client holding
  everything, centralized equals FedAvg bit for bit (tested).
* Counted in steps, the budget gives FedAvg sum_p E * ceil(n_p / B) steps and centralized
  about B_r / B: fewer, larger-sample steps (each client's last batch is partial in FedAvg).
* Batch-norm statistics travel with the model (``buffers`` in the upload and the messages)
  and are loaded with it: the engine's own shared/local statistics (averaged over the
  participants, most of which do not train here) are not used.
* Differential privacy does not apply (the data is pooled): ``--dp-noise > 0`` is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch

from copfl.algorithms.base import Algorithm, ClientContext, ClientResult, ClientState, Message, ServerContext, ServerState, register
from copfl.data.clients import ClientData
from copfl.core.train_hooks import EvalStats, OptimizerConfig, TrainStats, make_optimizer
from copfl.core.workspace import Workspace
from copfl.algorithms.search_space import sgd_space

BUDGETS = ("participants", "all")


@dataclass(frozen=True)
class CentralizedConfig:
    # participants: sum over the round's participants of local_epochs * their training samples
    # (FedAvg's sample-gradients); all: local_epochs passes over the whole pool every round
    budget: str = "participants"  # sample-gradients per round: participants (FedAvg's) | all (the whole pool)

    def __post_init__(self) -> None:
        if self.budget not in BUDGETS:
            raise ValueError(f"centralized budget must be one of {', '.join(BUDGETS)}, got {self.budget!r}")


def round_budget(num_samples: tuple[int, ...], participants: tuple[int, ...], epochs: int, mode: str = "participants") -> int:
    """B_r: the sample-gradients of round r. ``participants``: sum_{p in S_r} E * n_p, FedAvg's
    per-sample gradients in the round (each participant makes E passes over its n_p samples);
    ``all``: E * sum_n n_n, E passes over the whole pool."""
    who = participants if mode == "participants" else range(len(num_samples))
    return int(sum(epochs * int(num_samples[p]) for p in who))


def pooled_schedule(budget: int, pool_size: int) -> tuple[int, int]:
    """(P, R): ``budget`` samples as P full passes over the pool plus R < pool_size more."""
    if pool_size < 1:
        raise ValueError("the pooled training data is empty")
    return divmod(int(budget), pool_size)


def pool_training_data(clients: list[ClientData]) -> ClientData:
    """Every client's training data concatenated in client order (empty test parts)."""
    if not clients:
        raise ValueError("no client data to pool")
    x = torch.cat([c.x_train for c in clients])
    y = torch.cat([c.y_train for c in clients])
    return ClientData(x, y, x[:0], y[:0])


def train_pooled(
    ws: Workspace, pool: ClientData, budget: int, batch_size: int, optimizer: OptimizerConfig, generator: torch.Generator
) -> TrainStats:
    """Train the loaded parameters on ``budget`` pooled samples (:func:`pooled_schedule`): P
    full passes over ``pool`` in seeded random order, then a random R-sample subset of it
    (drawn without replacement) as one more shuffled pass; one optimizer throughout. Each
    full pass is exactly an epoch of :meth:`Workspace.train`."""
    passes, rest = pooled_schedule(budget, pool.num_train)
    opt = make_optimizer(optimizer, ws.flat.param)

    def step(xb: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
        loss = ws.loss_and_grad(xb, yb)
        ws.step(opt)
        return loss

    stats = TrainStats()
    if passes:
        stats = ws.train_steps(pool, epochs=passes, batch_size=batch_size, generator=generator, step=step)
    if rest:
        idx = torch.randperm(pool.num_train, generator=generator)[:rest].to(pool.y_train.device)
        part = ClientData(pool.x_train[idx], pool.y_train[idx], pool.x_test, pool.y_test)
        more = ws.train_steps(part, epochs=1, batch_size=batch_size, generator=generator, step=step)
        stats = stats + more
    return stats


@register
class Centralized(Algorithm):
    """One global model trained on every client's pooled training data (a reference line)."""

    name = "centralized"
    description = "Centralized SGD (DPAO-PFL's Fig. 4 reference): one model on all clients' pooled training data, FedAvg's budget"
    Config = CentralizedConfig
    search_space = sgd_space(paper_momentum=0.5)  # copfl tune (docs/tuning.md)
    pooled_data = True  # make_engine fills setup.pooled

    def _model(self, server: ServerState) -> Message:
        msg: Message = {"params": server["params"]}
        if "buffers" in server:
            msg["buffers"] = server["buffers"]
        return msg

    def init_server(self, init: torch.Tensor) -> ServerState:
        server: ServerState = {"params": init.clone()}
        if self.setup.workspace.buffers.numel():
            server["buffers"] = self.setup.workspace.buffers.clone()
        return server

    def broadcast(self, ctx: ServerContext, server: ServerState, client: int) -> Message:
        """Evaluation: the model to everyone. Training: the model and the round's budget to the
        round's first participant, nothing to the others."""
        if ctx.phase != "train":
            return self._model(server)
        if client != ctx.participants[0]:
            return {}
        budget = round_budget(ctx.num_samples, ctx.participants, self.setup.training.epochs, self.config.budget)
        return {**self._model(server), "budget": budget}

    def client_update(self, ctx: ClientContext, message: Message, state: ClientState) -> ClientResult:
        if not message.get("budget"):
            return ClientResult({}, state, TrainStats())
        pool = self.setup.pooled
        if pool is None:
            raise RuntimeError("centralized needs the pooled training data (setup.pooled): build the engine with make_engine from the clients' data")
        ws = ctx.workspace
        ws.load(message["params"], message.get("buffers"))
        tr = ctx.training
        stats = train_pooled(ws, pool, int(message["budget"]), tr.batch_size, tr.optimizer, ctx.generator("local"))
        upload: Message = {"params": ws.params.clone()}
        if "buffers" in message:
            upload["buffers"] = ws.buffers.clone()
        ctx.logs["pooled_samples"] = stats.samples
        return ClientResult(upload, state, stats)

    def aggregate(self, ctx: ServerContext, server: ServerState, uploads: list[tuple[int, Message]]) -> tuple[ServerState, dict[str, Any]]:
        if len(uploads) != 1:
            raise RuntimeError(f"centralized expects one upload per round (the first participant's), got {len(uploads)}")
        up = uploads[0][1]
        new: ServerState = {"params": up["params"]}
        if "buffers" in server:
            new["buffers"] = up["buffers"]
        return new, {}

    def personalized(self, ctx: ClientContext, message: Message, state: ClientState) -> torch.Tensor:
        return message["params"]

    def evaluate(self, ctx: ClientContext, message: Message, state: ClientState) -> EvalStats:
        """Every client: the one model (with its batch-norm statistics) on its own test data."""
        ws = ctx.workspace
        ws.load(message["params"], message.get("buffers"))
        return ws.evaluate(ctx.data.x_test, ctx.data.y_test)
