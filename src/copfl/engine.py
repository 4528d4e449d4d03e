"""The round engine: the one training loop of copfl.

Read top to bottom, a round is::

    selected = sample_clients(round)
    for each selected client:               # any order; results do not depend on it
        message = algorithm.broadcast(server context, server, client)   # lazily, per client
        load batch-norm statistics (shared or the client's own)
        result = algorithm.client_update(...)
        check the loss is finite
        store the client's new state, keep its upload (unless empty)
    server = algorithm.aggregate(server context, server, uploads in ascending client order)
        (or, for an algorithm that folds, each upload folded in as it arrives: Algorithm.fold_start)
    if the algorithm has a second client phase: each selected client personalizes
    if it is an evaluation round: evaluate every client's personalized model on its test data
    tell the callbacks

Traffic is measured here, from the messages themselves: ``bytes_down`` is every tensor the
participants receive (training and second-phase messages), ``bytes_up`` every tensor they
upload; boolean masks count one bit per entry, Python numbers 8 bytes. Evaluation messages
are a measurement, not part of the protocol, and are not counted.

Extensions (``extensions``: differential privacy, attacks; :mod:`copfl.extensions`) are
built from the run's config and called at fixed points: around each client's local work,
on each upload in order (the upload pipeline), on a client whose training failed, around a
round's training phases and when its record closes. What a client's step spent (privacy)
travels in its :class:`ClientStep` to the server's extensions, which keep their ledger in
:attr:`RunState.spent` (checkpointed). The engine never knows what an extension is.

Batch norm (``bn_stats``): ``"shared"`` uploads each client's running statistics after
training and averages them with training-set-size weights; ``"local"`` keeps them in each
client's state and never uploads them. The choice is the engine's, so every algorithm
treats batch-norm statistics the same way.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import torch

from copfl.algorithms.base import Algorithm, ClientContext, LocalTraining, Message, ServerContext, ServerState, weighted_sum
from copfl.availability import Availability, client_speed, drops_out, simulated_seconds, stragglers
from copfl.data.clients import ClientData
from copfl.extensions.base import RunExtension, UploadStep, clone_tree, finite_upload
from copfl.flops import UnknownModuleError, head_split_flops, training_flops_per_sample
from copfl.results import ClientMetrics, evaluation_figures
from copfl.seeding import numpy_rng
from copfl.store import ClientStore, MemoryStore, ScratchStore
from copfl.workspace import EvalStats, Workspace

log = logging.getLogger("copfl")

BN_MODES = ("shared", "local")
# --eval-batched: clients are joined for evaluation only within blocks of this many consecutive
# evaluated clients, so the joint batches, and their last bits, do not depend on how many
# workers share the evaluation (each worker gets whole blocks)
EVAL_BLOCK = 32


class NonFiniteLossError(RuntimeError):
    def __init__(self, round: int, client: int, what: str = "training loss") -> None:
        super().__init__(
            f"non-finite {what} at round {round}, client {client}: training diverged "
            "(lower the learning rate); everything up to the previous round was kept"
        )
        self.round = round
        self.client = client


class ExplodingLossError(NonFiniteLossError):
    """A round's training loss grew past the divergence rule (:class:`DivergenceRule`): the
    run ends as diverged, like a non-finite loss, after that round's records are written."""

    def __init__(self, round: int, loss: float, why: str) -> None:
        RuntimeError.__init__(
            self, f"training loss {loss:.4g} at round {round} {why}: training diverged (lower the learning rate; "
            "--diverge-factor / --diverge-loss set the rule, 0 turns a part off); everything up to that round was kept"
        )
        self.round = round
        self.client = None
        self.loss = loss


@dataclass(frozen=True)
class DivergenceRule:
    """When a finite training loss still means the run diverged: a round's mean training loss
    above ``factor`` x the first round's, or above ``limit`` (0 turns either part off)."""

    factor: float = 1e3
    limit: float = 1e6

    def __post_init__(self) -> None:
        for name in ("factor", "limit"):
            v = getattr(self, name)
            if not (isinstance(v, (int, float)) and math.isfinite(v) and v >= 0):
                raise ValueError(f"diverge-{name if name == 'factor' else 'loss'} = {v!r}: expected a finite number >= 0 (0: off)")

    def violation(self, loss: float, first: float | None) -> str | None:
        """Why ``loss`` breaks the rule (``first``: the first round's loss), or None."""
        if self.limit and loss > self.limit:
            return f"is above the limit {self.limit:g}"
        if self.factor and first is not None and first > 0 and loss > self.factor * first:
            return f"is {loss / first:.3g} x the first round's {first:.4g} (limit {self.factor:g} x)"
        return None


@dataclass(frozen=True)
class EngineConfig:
    rounds: int = 20
    client_fraction: float = 1.0  # fraction of clients sampled per round (full participation: 1.0)
    eval_every: int = 1  # evaluate every k rounds (and always after the last round)
    seed: int = 0
    bn_stats: str = "shared"
    eval_clients: float = 1.0  # clients evaluated on an evaluation round: a fraction, or a count > 1 (every client after the last)
    holdout_clients: float = 0.0  # fraction of clients kept out of training, evaluated as newcomers (unseen clients)
    divergence: DivergenceRule = DivergenceRule()  # an exploding (finite) loss ends the run as diverged
    availability: Availability = Availability()  # unreliable clients: dropout, stragglers, a deadline (copfl.availability)
    eval_batched: bool = False  # clients evaluated with one shared model run forward in joint batches (Engine.evaluate_clients)

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise ValueError(f"rounds must be >= 1, got {self.rounds}")
        if not 0 < self.client_fraction <= 1:
            raise ValueError(f"client fraction must be in (0, 1], got {self.client_fraction}")
        if self.eval_every < 1:
            raise ValueError(f"eval-every must be >= 1, got {self.eval_every}")
        if not (0 < self.eval_clients <= 1 or (self.eval_clients > 1 and float(self.eval_clients).is_integer())):
            raise ValueError(f"eval-clients must be a fraction in (0, 1] or a whole count >= 2, got {self.eval_clients}")
        if not 0 <= self.holdout_clients < 1:
            raise ValueError(f"holdout-clients must be in [0, 1), got {self.holdout_clients}")
        if self.bn_stats not in BN_MODES:
            raise ValueError(f"unknown bn-stats mode {self.bn_stats!r}; expected one of {', '.join(BN_MODES)}")


@dataclass
class ClientStep:
    """What one client's local work sends to the server."""

    upload: Message  # empty: the client skipped its update
    bn: torch.Tensor | None  # batch-norm statistics to average (bn_stats "shared")
    loss_sum: float
    samples: int
    num_train: int
    bytes_down: int = 0  # the message it received
    bytes_up: int = 0  # its upload (and batch-norm statistics)
    logs: dict[str, Any] = field(default_factory=dict)  # the client's ctx.logs
    spent: list[list[float]] = field(default_factory=list)  # what its extensions' mechanisms spent (privacy: [[sigma, q, steps], ...])
    flops: int = 0  # training FLOPs of the step (copfl.flops; 0 when the model cannot be counted)
    folded: bool = False  # its upload went into the round's fold (Algorithm.fold_start) and was dropped
    late: bool = False  # past the round's deadline (copfl.availability): its upload was dropped

    @property
    def uploaded(self) -> bool:
        return self.folded or bool(self.upload)


class UploadFold:
    """A round's uploads folded into the algorithm's accumulator in ascending client order
    as they arrive: an upload that arrives before its turn waits (the only ones held), so the
    result does not depend on the order clients finish in."""

    def __init__(self, algorithm: Algorithm, ctx: ServerContext, acc: Any) -> None:
        self.algorithm, self.ctx, self.acc = algorithm, ctx, acc
        self.order = list(ctx.participants)
        self.next = 0
        self.early: dict[int, Message] = {}

    def offer(self, client: int, upload: Message) -> None:
        """``client``'s upload (empty: it uploads nothing this round)."""
        self.early[client] = upload
        while self.next < len(self.order) and self.order[self.next] in self.early:
            c = self.order[self.next]
            u = self.early.pop(c)
            if u:
                self.acc = self.algorithm.fold_add(self.ctx, self.acc, c, u)
            self.next += 1

    def end(self, server: ServerState) -> tuple[ServerState, dict[str, Any]]:
        if self.next != len(self.order):
            raise RuntimeError(f"round {self.ctx.round}: uploads of clients {self.order[self.next:]} never arrived")
        return self.algorithm.fold_end(self.ctx, server, self.acc)


def add_client_logs(record: dict[str, Any], logs: dict[int, dict[str, Any]]) -> None:
    """Merge clients' logs (client -> {key: value}) into ``record["per_client"]``, whose
    columns are lists aligned with its ``client`` list (absent values are None)."""
    logs = {c: v for c, v in logs.items() if v}
    if not logs:
        return
    old = record.get("per_client", {})
    rows: dict[int, dict[str, Any]] = {}
    for i, c in enumerate(old.get("client", [])):
        rows[c] = {k: col[i] for k, col in old.items() if k != "client"}
    for c, v in logs.items():
        rows.setdefault(c, {}).update(v)
    clients = sorted(rows)
    keys = list(dict.fromkeys(k for c in clients for k in rows[c]))
    record["per_client"] = {"client": clients, **{k: [rows[c].get(k) for c in clients] for k in keys}}


def to_device(obj: Any, device: torch.device) -> Any:
    """Tensors of a message or state (dicts and lists of them) on ``device``; the same object
    when everything is already there (no copy on CPU runs)."""
    if isinstance(obj, torch.Tensor):
        return obj if obj.device == device else obj.to(device)
    if isinstance(obj, dict):
        moved = {k: to_device(v, device) for k, v in obj.items()}
        return obj if all(moved[k] is obj[k] for k in obj) else moved
    if isinstance(obj, list):
        moved_list = [to_device(v, device) for v in obj]
        return obj if all(a is b for a, b in zip(moved_list, obj)) else moved_list
    return obj


def message_bytes(message: Message | None) -> int:
    """Bytes a message takes on the wire: tensors at their element size (boolean masks one
    bit per entry), Python numbers 8 bytes."""
    if not message:
        return 0
    total = 0
    for v in message.values():
        if isinstance(v, torch.Tensor):
            total += (v.numel() + 7) // 8 if v.dtype == torch.bool else v.numel() * v.element_size()
        elif isinstance(v, (int, float)):
            total += 8
    return total


@dataclass
class RunState:
    """Everything needed to continue a run after round ``round`` (checkpointed)."""

    round: int
    server: ServerState
    server_buffers: torch.Tensor
    history: list[dict[str, Any]] = field(default_factory=list)
    last_clients: list[ClientMetrics] = field(default_factory=list)
    # the extensions' ledger: client -> what its steps spent, composed (privacy: [[sigma, q, steps], ...])
    spent: dict[int, list[list[float]]] = field(default_factory=dict)
    last_unseen: list[ClientMetrics] = field(default_factory=list)  # the held-out clients' last evaluation

    @property
    def completed_round(self) -> int:
        """The last round whose record is in the history (``round`` runs ahead of it while a
        round is being closed)."""
        return self.history[-1]["round"] if self.history else 0


class Callback:
    """Hooks for progress, metrics files, checkpoints. Algorithms never print."""

    def on_run_start(self, engine: Engine, state: RunState) -> None: ...

    def on_round_end(self, engine: Engine, state: RunState, record: dict[str, Any]) -> None: ...

    def on_run_end(self, engine: Engine, state: RunState) -> None: ...


class Engine:
    def __init__(
        self,
        algorithm: Algorithm,
        workspace: Workspace,
        clients: list[ClientData],
        config: EngineConfig,
        training: LocalTraining,
        store: ClientStore | None = None,
        num_clients: int | None = None,
        server_store: ClientStore | None = None,
        num_samples: tuple[int, ...] | None = None,
        extensions: list[RunExtension] | tuple[RunExtension, ...] = (),
    ) -> None:
        self.algorithm = algorithm
        self.ws = workspace
        self.clients = clients
        self.config = config
        self.training = training
        self.store = store if store is not None else MemoryStore()
        # per-client state the SERVER keeps (latest models, embeddings...), checkpointed too
        self.server_store = server_store if server_store is not None else MemoryStore()
        self._flops_per_sample: int | None = None
        self._head_split: tuple[int, int] | None = None
        self._stragglers: tuple[int, set[int]] | None = None  # (round, its straggling clients)
        # a server-side engine (e.g. Flower's) holds no data: it is told the number of clients
        self.num_clients = len(clients) if num_clients is None else num_clients
        if num_samples is None:
            num_samples = tuple(c.num_train for c in clients) if clients else algorithm.setup.num_samples
        self.num_samples = tuple(num_samples)
        self.init_params = workspace.params.clone()
        self.init_buffers = workspace.buffers.clone()
        self.timings: dict[str, float] = {"train": 0.0, "aggregate": 0.0, "evaluate": 0.0}
        self.round_timings: dict[str, Any] | None = None  # the last round's seconds by phase
        self._unseen: list[int] | None = None
        # evaluate the clients' validation data only (copfl tune: test data is never read;
        # a round's acc_mean is then the validation accuracy)
        self.validation_only = False
        self.extensions = list(extensions)
        for ext in self.extensions:
            ext.attach(self)
        # where clients' work runs: None, here one after another; a copfl.parallel.RayExecutor
        # runs it on Ray actors (--workers N), with the same results
        self.executor: Any = None

    def sync_states(self) -> None:
        """Bring every client's newest state into :attr:`store`: with ``--workers N`` the workers
        keep the states they trained and the driver's store catches up here (before a
        checkpoint, at the end of a run, before a personalized-model export)."""
        if self.executor is not None:
            self.executor.sync(self)

    def close(self) -> None:
        """Release what the run holds outside this process (its Ray workers; call
        :meth:`sync_states` first to keep the clients' newest states: :meth:`run` does)."""
        if self.executor is not None:
            self.executor.close()
            self.executor = None

    # ------------------------------------------------------------------ pieces
    @property
    def unseen_clients(self) -> list[int]:
        """The clients kept out of training (``holdout_clients``): a seeded set of
        round(fraction x n) of them (at least one when the fraction is above 0), ascending.
        They never train nor upload; on evaluation rounds each joins as a newcomer
        (:meth:`evaluate_newcomer`)."""
        if self._unseen is None:
            n, f = self.num_clients, self.config.holdout_clients
            k = max(1, int(round_half_up(f * n))) if f > 0 else 0
            if k >= n:
                raise ValueError(f"--holdout-clients {f:g} of {n} clients keeps {k} out: at least one client must train")
            self._unseen = sorted(numpy_rng(self.config.seed, "holdout-clients").choice(n, size=k, replace=False).tolist()) if k else []
        return self._unseen

    @property
    def attackers(self) -> list[int]:
        """The clients the run's extensions name adversaries (``--attack``'s attackers),
        ascending: the results report them apart. Empty without any."""
        return sorted({c for ext in self.extensions for c in ext.adversaries})

    def num_classes(self) -> int:
        """The model's number of outputs (classes; for next-token models, the vocabulary)."""
        with torch.no_grad():
            self.ws.model.eval()
            return int(self.ws.model(self.clients[0].x_train[:1].to(self.device)).shape[-1])

    @property
    def participating_clients(self) -> list[int]:
        """Every client that takes part in training (all of them unless some are held out)."""
        if not self.unseen_clients:
            return list(range(self.num_clients))
        out = set(self.unseen_clients)
        return [c for c in range(self.num_clients) if c not in out]

    def sample_clients(self, round: int) -> list[int]:
        """The clients selected for ``round`` (ascending)."""
        pool = self.participating_clients
        n = len(pool)
        if self.config.client_fraction >= 1.0:
            return pool
        m = max(1, int(round_half_up(self.config.client_fraction * n)))
        rng = numpy_rng(self.config.seed, "sample", round)
        return sorted(pool[i] for i in rng.choice(n, size=m, replace=False).tolist())

    def round_clients(self, round: int) -> list[int]:
        """The selected clients of ``round`` that did not drop out (``--client-dropout``: a
        seeded draw per (seed, round, client)); all of them without dropout."""
        selected = self.sample_clients(round)
        p = self.config.availability.dropout
        return [c for c in selected if not drops_out(self.config.seed, round, c, p)] if p else selected

    def straggles(self, round: int, client: int) -> bool:
        """Whether ``client`` does only ``--straggler-steps`` local steps in ``round``."""
        av = self.config.availability
        if not av.stragglers:
            return False
        if self._stragglers is None or self._stragglers[0] != round:
            chosen = stragglers(self.config.seed, round, self.sample_clients(round), self.num_clients, av.stragglers, av.straggler_schedule)
            self._stragglers = (round, chosen)
        return client in self._stragglers[1]

    def arrive(self, client: int, step: ClientStep) -> ClientStep:
        """``step`` as the server gets it: past the deadline (``--deadline``: the client's
        simulated download + training + upload time, copfl.availability) its upload and
        statistics are dropped and it is marked late; the client keeps its own work."""
        av = self.config.availability
        if av.deadline is None:
            return step
        speed = client_speed(self.config.seed, client, av.client_speed, av.speed_sigma)
        if simulated_seconds(step.samples, speed, step.bytes_down, step.bytes_up, av.bandwidth) > av.deadline:
            step.upload, step.bn, step.late = {}, None, True
        return step

    def processing_order(self, selected: list[int]) -> list[int]:
        """The order clients are trained in; results are independent of it (tests reverse it)."""
        return selected

    def context(self, client: int, round: int) -> ClientContext:
        return ClientContext(client, round, self.clients[client], self.ws, self.training, self.config.seed)

    @property
    def device(self) -> torch.device:
        return self.ws.device

    def client_state(self, client: int) -> dict[str, Any]:
        state = to_device(self.store.get(client), self.device)  # a disk store or checkpoint loads to the CPU
        if state is None:
            state = self.algorithm.init_client(client, self.init_params)
            if self.config.bn_stats == "local" and self.init_buffers.numel():
                state["bn"] = self.init_buffers.clone()
        return state

    def _load_buffers(self, state: dict[str, Any], server_buffers: torch.Tensor) -> None:
        if self.init_buffers.numel():
            self.ws.buffers.copy_(state["bn"] if self.config.bn_stats == "local" else server_buffers)

    def new_state(self) -> RunState:
        return RunState(0, self.algorithm.init_server(self.init_params), self.init_buffers.clone())

    def _enter(self, client: int, message: Message, server_buffers: torch.Tensor) -> tuple[dict[str, Any], Message]:
        """Before a client's step: its stored state and the server's message on this engine's
        device, and the batch-norm statistics it runs with loaded."""
        state = self.client_state(client)
        self._load_buffers(state, to_device(server_buffers, self.device))
        return state, to_device(message, self.device)

    def server_context(self, round: int, phase: str, participants: list[int] | tuple[int, ...], store: ClientStore | None = None) -> ServerContext:
        """The server's view in ``phase`` of ``round`` (``store``: the per-client server store
        to use instead of the run's own, e.g. a scratch view)."""
        return ServerContext(round, phase, tuple(participants), self.num_samples, self.config.seed, self.server_store if store is None else store)

    def message(self, run: RunState, client: int, sctx: ServerContext) -> Message:
        """What the server sends ``client`` in ``sctx``'s phase (built on demand)."""
        return self.algorithm.broadcast(sctx, run.server, client)

    # ------------------------------------------------------------------ extensions
    @contextmanager
    def extended_training(self, ctx: ClientContext, phase: str) -> Iterator[list[list[float]]]:
        """While open, every extension's training hook runs around ``ctx``'s local work in
        ``phase`` ("train" or "personalize"; DP-SGD); yields the list they append what the
        work spent to."""
        spent: list[list[float]] = []
        with ExitStack() as stack:
            for ext in self.extensions:
                stack.enter_context(ext.training(ctx, phase, spent))
            yield spent

    def observe_spent(self, run: RunState, client: int, entries: list[list[float]]) -> None:
        """Tell the extensions what ``client``'s step spent (the accountant composes it)."""
        for ext in self.extensions:
            ext.spent(run, client, entries)

    # ------------------------------------------------------------------ a round
    def client_step(self, client: int, round: int, message: Message, server_buffers: torch.Tensor) -> ClientStep:
        """Client ``client``'s local work in ``round``: its stored state in, its new state
        stored, its upload (through the extensions' upload pipeline; with shared batch-norm
        statistics) out."""
        state, message = self._enter(client, message, server_buffers)
        ctx = self.context(client, round)
        exts = self.extensions
        # the state its update starts from, for an extension that reads it (a copy: updates may work in place)
        before = clone_tree(state) if any(ext.needs_before(client) for ext in exts) else None
        # a straggler (--stragglers) takes only --straggler-steps local mini-batch steps in all
        self.ws.step_budget = self.config.availability.straggler_steps if self.straggles(round, client) else None
        try:
            with self.extended_training(ctx, "train") as spent:
                res = self.algorithm.client_update(ctx, message, state)
        finally:
            self.ws.step_budget = None
        step = UploadStep(client, round, self.algorithm, message, before, res.upload, res.state, ctx.logs, spent)  # type: ignore[arg-type]
        dropped = not math.isfinite(res.stats.loss_sum) or not finite_upload(res.upload)
        if dropped:
            if before is None or not any(ext.rescue(step) for ext in exts):
                raise NonFiniteLossError(round, client)
            res.stats.loss_sum, res.stats.samples = 0.0, 0  # a rescued step trained nothing that counts
        if step.upload:
            for ext in exts:
                ext.upload(step)
        bn = None
        if self.init_buffers.numel() and not dropped:  # a dropped update's statistics are dropped too (its state keeps its own)
            if self.config.bn_stats == "local":
                step.state["bn"] = self.ws.buffers.clone()
            else:
                bn = self.ws.buffers.clone()
        self.store.put(client, step.state)
        up = message_bytes(step.upload) + (message_bytes({"bn": bn}) if bn is not None else 0)
        # training FLOPs: the samples its step reports plus any further forward + backward
        # passes it declares (ctx.logs["extra_train_samples"]: MAML's support passes...), at the
        # model's per-sample cost, plus its own element-wise work (ctx.logs["extra_flops"])
        passes = res.stats.samples + int(ctx.logs.pop("extra_train_samples", 0))
        flops = passes * self.train_flops_per_sample(ctx.data) + int(ctx.logs.pop("extra_flops", 0))
        if res.stats.head_only:  # head-only steps on cached features (Workspace.train): their own cost
            head, body = self.head_split_flops(ctx.data)
            flops += res.stats.head_only * (head - self.train_flops_per_sample(ctx.data)) + res.stats.featurized * body
        return ClientStep(
            step.upload, bn, res.stats.loss_sum, res.stats.samples, self.clients[client].num_train, message_bytes(message), up, ctx.logs, step.spent, flops
        )

    def train_flops_per_sample(self, data: ClientData) -> int:
        """FLOPs of one training sample of the run's model (forward + backward, analytic:
        :func:`copfl.flops.training_flops_per_sample`); 0 for a model the counter cannot count."""
        if self._flops_per_sample is None:
            try:
                with self.ws.uncounted():
                    self._flops_per_sample = training_flops_per_sample(self.ws.model, data.x_train[:1])
            except UnknownModuleError:
                self._flops_per_sample = 0
        return self._flops_per_sample

    def eval_flops_per_sample(self, data: ClientData) -> int:
        """FLOPs of one sample's forward pass (a third of :meth:`train_flops_per_sample`)."""
        return self.train_flops_per_sample(data) // 3

    def head_split_flops(self, data: ClientData) -> tuple[int, int]:
        """(head training FLOPs per sample, body forward FLOPs per sample): :func:`copfl.flops.head_split_flops`."""
        if self._head_split is None:
            try:
                with self.ws.uncounted():
                    self._head_split = head_split_flops(self.ws.model, data.x_train[:1], self.ws.flat.head_module)
            except UnknownModuleError:
                self._head_split = (0, 0)
        return self._head_split

    def start_fold(self, run: RunState, sctx: ServerContext) -> UploadFold | None:
        """The round's upload fold when the algorithm aggregates by folding (else None)."""
        if self.algorithm.setup.combiner.active:  # a robust estimator or an exposure record needs every upload
            return None
        if self.config.availability.deadline is not None:  # a fold's weights are fixed before a late upload is known
            return None
        acc = self.algorithm.fold_start(sctx, run.server)
        return None if acc is None else UploadFold(self.algorithm, sctx, acc)

    def fold_in(self, fold: UploadFold | None, client: int, step: ClientStep) -> ClientStep:
        """Fold ``step``'s upload into ``fold`` and drop it (nothing to do without a fold)."""
        if fold is not None:
            fold.offer(client, to_device(step.upload, self.device) if step.upload else {})
            step.folded, step.upload = bool(step.upload), {}
        return step

    def server_step(self, run: RunState, steps: dict[int, ClientStep], fold: UploadFold | None = None) -> dict[str, Any]:
        """Aggregate a round's client steps (their uploads, or ``fold`` when they were folded
        in as they arrived) into ``run`` (server state, batch-norm statistics, round number);
        returns the round's record (without evaluation)."""
        r = run.round + 1
        order = sorted(steps)  # fixed order: float sums do not depend on processing order
        loss_sum = sum(steps[c].loss_sum for c in order)
        samples = sum(steps[c].samples for c in order)
        uploaded = [c for c in order if steps[c].uploaded]
        server, logs = run.server, {}
        if fold is not None:
            if uploaded:
                server, logs = fold.end(run.server)
        elif uploaded:
            uploads = [(c, to_device(steps[c].upload, self.device)) for c in uploaded]
            server, logs = self.algorithm.aggregate(self.server_context(r, "train", order), run.server, uploads)
        server_buffers = run.server_buffers
        bn = [c for c in order if steps[c].bn is not None]
        if bn:
            n = torch.tensor([float(steps[c].num_train) for c in bn], dtype=torch.float64)
            server_buffers = weighted_sum([to_device(steps[c].bn, self.device) for c in bn], n / n.sum())  # type: ignore[misc]
        record: dict[str, Any] = {"round": r, "clients_trained": len(steps), "train_loss": loss_sum / max(samples, 1)}
        if len(uploaded) != len(order):
            record["clients_uploaded"] = len(uploaded)
        record["bytes_up"] = sum(steps[c].bytes_up for c in order)
        record["bytes_down"] = sum(steps[c].bytes_down for c in order)
        # training FLOPs: samples trained x the model's per-sample cost + the algorithms' own
        # per-step work (ctx.logs["extra_flops"]); evaluation and server work not included
        record["train_flops"] = sum(steps[c].flops for c in order)
        record.update(logs)
        add_client_logs(record, {c: steps[c].logs for c in order})
        for c in order:
            self.observe_spent(run, c, steps[c].spent)
        run.round, run.server, run.server_buffers = r, server, server_buffers
        return record

    @property
    def has_personalize(self) -> bool:
        return self.algorithm.personalize is not None

    def personalize_step(
        self, client: int, round: int, message: Message, server_buffers: torch.Tensor
    ) -> tuple[int, dict[str, Any], list[list[float]]]:
        """The second client phase (after aggregation): the client's new state is stored;
        returns the bytes of the message it received, the client's logs and the privacy its
        work spent under the extensions' training hooks (DP-SGD: ``[[sigma, q, steps], ...]``)."""
        state, message = self._enter(client, message, server_buffers)
        ctx = self.context(client, round)
        with self.extended_training(ctx, "personalize") as spent:
            new = self.algorithm.personalize(ctx, message, state)  # type: ignore[misc]
        if self.init_buffers.numel() and self.config.bn_stats == "local":
            new["bn"] = self.ws.buffers.clone()
        self.store.put(client, new)
        return message_bytes(message), ctx.logs, spent

    def is_eval_round(self, round: int) -> bool:
        return round % self.config.eval_every == 0 or round == self.config.rounds

    def run_round(self, run: RunState) -> dict[str, Any]:
        r = run.round + 1
        t0 = time.perf_counter()
        inferred = self.ws.inference_samples
        for ext in self.extensions:
            ext.round_start(self, run)
        selected = self.round_clients(r)  # the round's selected clients that did not drop out
        sctx = self.server_context(r, "train", selected)
        fold = self.start_fold(run, sctx)  # uploads folded in as they arrive, never all held
        if self.executor is None:
            steps = {c: self.fold_in(fold, c, self.arrive(c, self.client_step(c, r, self.message(run, c, sctx), run.server_buffers)))
                     for c in self.processing_order(selected)}
        else:
            done = self.on_workers("train", run, r, sctx, selected)
            steps = {c: self.fold_in(fold, c, self.arrive(c, done[c])) for c in sorted(done)}
        t1 = time.perf_counter()
        record = self.server_step(run, steps, fold)
        if self.config.availability.active:
            self.count_availability(record, r, steps)
        t2 = time.perf_counter()
        returned = [c for c in selected if not steps[c].late]
        if self.has_personalize and returned:
            pctx = self.server_context(r, "personalize", returned)
            if self.executor is None:
                done = {c: self.personalize_step(c, r, self.message(run, c, pctx), run.server_buffers) for c in self.processing_order(returned)}
            else:
                done = self.on_workers("personalize", run, r, pctx, returned)
            record["bytes_down"] += sum(b for b, _, _ in done.values())
            add_client_logs(record, {c: done[c][1] for c in sorted(done)})
            for c in sorted(done):
                self.observe_spent(run, c, done[c][2])
        for ext in self.extensions:
            ext.round_trained(self, run, record)
        t3 = time.perf_counter()
        tuned = self.ws.grad_samples  # forward passes with autograd in the evaluation: fine-tuning, adaptation
        clients = unseen = None
        if self.is_eval_round(r):
            clients = self.evaluate(run)
            t5 = time.perf_counter()
            unseen = self.evaluate_unseen(run)
            self.timings["newcomers"] = self.timings.get("newcomers", 0.0) + time.perf_counter() - t5
        t4 = time.perf_counter()
        # the round's other counted work (the server's own: end_round): every forward pass
        # without autograd (evaluations, validations of candidate models...) and the training
        # an evaluation does (fine-tuning, adaptation steps). Not on Flower, whose clients'
        # passes happen in other processes (docs/performance.md)
        record["eval_flops"] = 0
        if self.clients:
            per_sample = self.eval_flops_per_sample(self.clients[0])
            record["eval_flops"] = (self.ws.inference_samples - inferred) * per_sample + (self.ws.grad_samples - tuned) * 3 * per_sample
        self.timings["train"] += (t1 - t0) + (t3 - t2)
        self.timings["aggregate"] += t2 - t1
        self.timings["evaluate"] += t4 - t3
        # this round's seconds (OUT/timings.jsonl; never in the record, which must compare byte for byte)
        self.round_timings = {"round": r, "seconds": round(t4 - t0, 6), "train": round((t1 - t0) + (t3 - t2), 6),
                              "aggregate": round(t2 - t1, 6), "evaluate": round(t4 - t3, 6), "workers": 1 if self.executor is None else self.executor.n}
        if self.executor is not None:  # each worker process's peak resident memory so far (MiB)
            self.round_timings["worker_peak_rss_mib"] = list(self.executor.peak_mib)
        self.end_round(run, record, clients, unseen)
        return record

    def count_availability(self, record: dict[str, Any], round: int, steps: dict[int, ClientStep]) -> None:
        """The round's unreliable-client columns: ``selected``, ``returned`` (uploads that
        arrived), ``dropped`` (failed before training), ``late`` (past the deadline); when every
        selected client dropped out or was late the server kept its model (``kept_model``), said
        on stderr. (A method that uploads nothing, Local, is not such a round while some client
        trained.)"""
        selected = len(self.sample_clients(round))
        late = sum(1 for s in steps.values() if s.late)
        returned = len(steps) - late
        record.update(selected=selected, returned=returned, dropped=selected - len(steps), late=late)
        if selected and not returned:
            record["kept_model"] = True
            log.warning("round %d: none of the %d selected clients returned an upload (%d dropped out, %d late); the server keeps its model",
                        round, selected, selected - len(steps), late)

    def end_round(
        self, run: RunState, record: dict[str, Any], clients: list[ClientMetrics] | None, unseen: list[ClientMetrics] | None = None
    ) -> None:
        """Close a round: the evaluation's summaries into its record, the record into the
        history (copfl's loop and Flower's strategy both end rounds here)."""
        if clients is not None:
            run.last_clients = clients
        if unseen:
            run.last_unseen = unseen
        record["server_flops"] = self.algorithm.setup.server_flops.take()  # what the server's own work declared
        record.update(evaluation_figures(clients, unseen, self.attackers, len(self.participating_clients)))
        for ext in self.extensions:
            ext.close_round(self, run, record)
        run.history.append(record)

    def evaluate_client(self, client: int, round: int, message: Message, server_buffers: torch.Tensor) -> ClientMetrics:
        """Client ``client``'s personalized model on its own test data (and on its validation
        data when it has some)."""
        state, message = self._enter(client, message, server_buffers)
        return self._metrics(self.evaluation_client_context(client, round), message, state)

    def evaluation_client_context(self, client: int, round: int) -> ClientContext:
        """Client ``client``'s context for its evaluation: with ``validation_only`` its
        validation data in place of its test data."""
        ctx = self.context(client, round)
        if self.validation_only:
            data = ctx.data
            if data.x_val is None or data.y_val is None:
                raise ValueError(f"client {client} has no validation data to evaluate (--val-fraction 0)")
            ctx.data = data.with_test(data.x_val, data.y_val)
        return ctx

    @property
    def batches_evaluation(self) -> bool:
        """Whether :meth:`evaluate_clients` joins clients (``--eval-batched``, an algorithm
        evaluated through :meth:`Algorithm.evaluate`'s default, no per-client batch-norm
        statistics); else it evaluates each client alone."""
        return bool(self.config.eval_batched and type(self.algorithm).evaluate is Algorithm.evaluate
                    and not (self.init_buffers.numel() and self.config.bn_stats == "local"))

    def evaluate_clients(self, round: int, items: Iterable[tuple[int, Message]], server_buffers: torch.Tensor) -> list[ClientMetrics]:
        """:meth:`evaluate_client` of each ``(client, message)`` of ``items``, in their order.
        With ``config.eval_batched``, consecutive clients whose personalized model is their
        message's model unchanged, and the same object for all of them (FedAvg-style global
        models), are evaluated in joint batches (:meth:`Workspace.evaluate_many`), never
        across a block of :data:`EVAL_BLOCK` items: the same accuracies, and losses that may
        differ in the last bits, since a batch's size can change a matrix product's kernel.
        A client with a model of its own is evaluated alone, bit for bit as without the
        option. Not with per-client batch-norm statistics, nor for an algorithm with its own
        ``evaluate``."""
        ws = self.ws
        if not self.batches_evaluation:
            return [self.evaluate_client(c, round, m, server_buffers) for c, m in items]
        out: list[ClientMetrics] = []
        shared: Any = None  # the group's model as sent (kept referenced: its id cannot be reused)
        group: list[ClientContext] = []
        group_params: torch.Tensor | None = None

        def flush() -> None:
            if group:
                if group_params is not ws.params:
                    ws.load(group_params)
                sets = [self._sets(ctx) for ctx in group]
                figures = iter(ws.evaluate_many([s for ss in sets for s in ss]))
                out.extend(self._client_metrics(ctx, [next(figures) for _ in ss]) for ctx, ss in zip(group, sets))
                group.clear()

        for i, (client, sent) in enumerate(items):
            if i % EVAL_BLOCK == 0:
                flush()
                shared = None
            state, message = self._enter(client, sent, server_buffers)
            ctx = self.evaluation_client_context(client, round)
            params = self.algorithm.personalized(ctx, message, state)
            if params is message.get("params") and sent.get("params") is not None:
                if sent["params"] is not shared:
                    flush()
                    shared, group_params = sent["params"], params
                group.append(ctx)
                continue
            flush()
            shared = None
            out.append(self._metrics(ctx, message, state, params))
        flush()
        return out

    def _sets(self, ctx: ClientContext) -> list[tuple[torch.Tensor, torch.Tensor]]:
        """What a client's evaluation (``ctx``: :meth:`evaluation_client_context`) runs on: its
        test data, then its validation data when it has some (``validation_only``: the
        validation data, in the test data's place)."""
        data = ctx.data
        if data.x_val is not None and data.y_val is not None:
            return [(data.x_test, data.y_test), (data.x_val, data.y_val)]
        return [(data.x_test, data.y_test)]

    def _client_metrics(self, ctx: ClientContext, ev: list[EvalStats]) -> ClientMetrics:
        """A client's metrics from the figures of its :meth:`_sets`."""
        n = ctx.data.num_train
        if self.validation_only:
            return ClientMetrics(ctx.client, ev[0].accuracy, ev[0].loss, ev[0].samples, n, ev[0].accuracy, ev[0].loss, ev[0].samples)
        m = ClientMetrics(ctx.client, ev[0].accuracy, ev[0].loss, ev[0].samples, n)
        if len(ev) > 1:
            m.val_accuracy, m.val_loss, m.num_val = ev[1].accuracy, ev[1].loss, ev[1].samples
        return m

    def _metrics(self, ctx: ClientContext, message: Message, state: dict[str, Any], params: torch.Tensor | None = None) -> ClientMetrics:
        """``ctx``: from :meth:`evaluation_client_context`; ``params``: the client's
        personalized model when already computed."""
        return self._client_metrics(ctx, evaluate_sets(self.algorithm, ctx, message, state, self._sets(ctx), params))

    def evaluated_clients(self, round: int) -> list[int]:
        """The clients evaluated after ``round``: every participating client after the last
        round (and with ``eval_clients`` 1), else a seeded sample of ``eval_clients`` of them
        (a fraction of them, or a count K > 1), ascending."""
        pool = self.participating_clients
        n = len(pool)
        k = self.config.eval_clients
        if k == 1.0 or round >= self.config.rounds:
            return pool
        m = min(n, int(k)) if k > 1 else max(1, int(round_half_up(k * n)))
        if m >= n:
            return pool
        return sorted(pool[i] for i in numpy_rng(self.config.seed, "evaluate-sample", round).choice(n, size=m, replace=False).tolist())

    def evaluate_newcomer(self, run: RunState, client: int) -> ClientMetrics:
        """Held-out ``client`` joining after round ``run.round``, as the method would take a
        client joining now: a fresh client state, the round's training broadcast, ONE
        participation's local work (the algorithm's own ``client_update``: fine-tuning, mask
        growth, an adaptation step...), then its personalized model evaluated. Nothing is
        uploaded or kept: the client's store entry stays untouched, the server's state too
        (the broadcast is built against a scratch copy of the server store), so every
        evaluation round sees a new newcomer. The local work runs without DP noise (nothing
        leaves the client). A second client phase (pFedSV's coalition) needs the server to
        take the newcomer's upload and is not run: such a newcomer is evaluated after its
        first phase (docs/evaluation.md)."""
        r, scratch = run.round + 1, ScratchStore(self.server_store)  # it joins the coming round
        sctx = self.server_context(r, "train", (client,), scratch)
        message = to_device(self.algorithm.broadcast(sctx, run.server, client), self.device)
        state = self.algorithm.init_client(client, self.init_params)
        if self.config.bn_stats == "local" and self.init_buffers.numel():
            state["bn"] = self.init_buffers.clone()
        self._load_buffers(state, to_device(run.server_buffers, self.device))
        ctx = self.context(client, r)
        ctx.data = ctx.data.with_test(ctx.data.x_test[:0], ctx.data.y_test[:0])  # its local work cannot see test data
        res = self.algorithm.client_update(ctx, message, state)
        new = res.state
        if self.init_buffers.numel() and self.config.bn_stats == "local":
            new["bn"] = self.ws.buffers.clone()
        esctx = self.server_context(run.round, "evaluate", self.round_clients(run.round) if run.round else [], scratch)
        emessage = to_device(self.algorithm.broadcast(esctx, run.server, client), self.device)
        self._load_buffers(new, to_device(run.server_buffers, self.device))
        return self._metrics(self.evaluation_client_context(client, run.round), emessage, new)

    def evaluate_unseen(self, run: RunState) -> list[ClientMetrics] | None:
        """Every held-out client as a newcomer (:meth:`evaluate_newcomer`); None without any."""
        if not self.unseen_clients or not self.clients:
            return None
        return [self.evaluate_newcomer(run, c) for c in self.unseen_clients]

    def evaluate(self, run: RunState) -> list[ClientMetrics]:
        """The evaluated clients' (:meth:`evaluated_clients`) personalized models, each on its
        own test data."""
        sctx = self.evaluation_context(run)
        clients = self.evaluated_clients(run.round)
        if self.executor is None:
            return self.evaluate_clients(run.round, ((c, self.message(run, c, sctx)) for c in clients), run.server_buffers)
        done = self.on_workers("evaluate", run, run.round, sctx, clients)
        return [done[c] for c in clients]

    def evaluation_context(self, run: RunState) -> ServerContext:
        """The server's view when the clients are evaluated after round ``run.round``."""
        return self.server_context(run.round, "evaluate", self.round_clients(run.round) if run.round else [])

    def on_workers(self, kind: str, run: RunState, round: int, sctx: ServerContext, clients: list[int]) -> dict[int, Any]:
        """``kind`` work ("train", "personalize", "evaluate") of ``clients`` on the executor's
        workers: each client's message and stored state sent, its result back."""
        return self.executor.map(self, kind, round, run.server_buffers, {c: (self.message(run, c, sctx), self.store.get(c)) for c in clients})

    def personalized_models(self, run: RunState) -> dict[int, torch.Tensor] | None:
        """Each participating client's personalized model after round ``run.round``, as flat
        parameters on the CPU (client -> tensor): what its evaluation uses. None for an
        algorithm that evaluates without one model per client (its own ``evaluate``: a choice
        or a mixture of models)."""
        if type(self.algorithm).personalized is Algorithm.personalized:
            return None
        self.sync_states()
        sctx = self.evaluation_context(run)
        out = {}
        for c in self.participating_clients:
            state, message = self._enter(c, self.message(run, c, sctx), run.server_buffers)
            params = self.algorithm.personalized(self.context(c, run.round), message, state)
            out[c] = params.detach().to("cpu").clone()
        return out

    # ------------------------------------------------------------------ the loop
    def check_divergence(self, run: RunState, record: dict[str, Any]) -> None:
        """:class:`ExplodingLossError` when the round's training loss breaks the config's
        :class:`DivergenceRule` (a round where no client trained has nothing to check)."""
        if not record.get("clients_trained"):
            return
        first = next((r["train_loss"] for r in run.history if r.get("clients_trained")), None)
        why = self.config.divergence.violation(record["train_loss"], first)
        if why is not None:
            raise ExplodingLossError(record["round"], record["train_loss"], why)

    def run(self, callbacks: list[Callback] | None = None, state: RunState | None = None) -> RunState:
        """Run (or continue, from ``state``) up to ``config.rounds`` rounds."""
        callbacks = callbacks or []
        run = state if state is not None else self.new_state()
        for cb in callbacks:
            cb.on_run_start(self, run)
        while run.round < self.config.rounds:
            record = self.run_round(run)
            for cb in callbacks:
                cb.on_round_end(self, run, record)
            self.check_divergence(run, record)
        self.sync_states()
        for cb in callbacks:
            cb.on_run_end(self, run)
        return run


def evaluate_sets(
    algorithm: Algorithm, ctx: ClientContext, message: Message, state: dict[str, Any], sets: list[tuple[torch.Tensor, torch.Tensor]],
    params: torch.Tensor | None = None,
) -> list[EvalStats]:
    """The personalized model on each ``(x, y)`` of ``sets`` (the client's test data, then its
    validation data when it has some). :meth:`Algorithm.personalized` is computed once (one
    fine-tuning or adaptation, not one per set; ``params`` when the caller has it already) and
    evaluated on each; an algorithm that overrides :meth:`Algorithm.evaluate` is asked once per
    set, with that set as its test data."""
    if type(algorithm).evaluate is not Algorithm.evaluate:
        return [algorithm.evaluate(ctx if i == 0 else replace(ctx, data=ctx.data.with_test(x, y)), message, state) for i, (x, y) in enumerate(sets)]
    if params is None:
        params = algorithm.personalized(ctx, message, state)
    ws = ctx.workspace
    if params is not ws.params:
        ws.load(params)
    return [ws.evaluate(x, y) for x, y in sets]


def round_half_up(x: float) -> int:
    return int(math.floor(x + 0.5))
