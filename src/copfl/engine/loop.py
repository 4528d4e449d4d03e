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

The loop is this class; its collaborators each own one concern and are tested on their own:
:class:`copfl.engine.participation.Participation` (``engine.participation``: who is held out, sampled,
drops out, straggles, misses the deadline, is evaluated), :class:`copfl.engine.accounting.Accounting`
(``engine.accounting``: FLOPs) and :class:`copfl.engine.evaluation.Evaluation` (``engine.evaluation``:
the personalized models on the clients' test or validation data, newcomers). The round's types
(config, client step, run state, errors) are in :mod:`copfl.engine.rounds`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import torch

from copfl.engine.accounting import Accounting
from copfl.algorithms.base import Algorithm, ClientContext, LocalTraining, Message, ServerContext, ServerState
from copfl.core.aggregation import weighted_sum
from copfl.data.clients import ClientData
from copfl.engine.evaluation import Evaluation
from copfl.extensions.run_extension import RunExtension, UploadStep, clone_tree, finite_upload
from copfl.engine.participation import Participation
from copfl.engine.figures import ClientMetrics, evaluation_figures
from copfl.engine.rounds import ClientStep, EngineConfig, NonFiniteLossError, RunState, add_client_logs, message_bytes, to_device
from copfl.core.store import ClientStore, MemoryStore
from copfl.core.workspace import Workspace

__all__ = ["Callback", "Engine", "UploadFold", "extended_training", "fold_in", "observe_spent"]


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

    @classmethod
    def start(cls, algorithm: Algorithm, config: EngineConfig, run: RunState, sctx: ServerContext) -> UploadFold | None:
        """The round's upload fold when ``algorithm`` aggregates by folding (else None)."""
        if algorithm.setup.combiner.active:  # a robust estimator or an exposure record needs every upload
            return None
        if config.availability.deadline is not None:  # a fold's weights are fixed before a late upload is known
            return None
        acc = algorithm.fold_start(sctx, run.server)
        return None if acc is None else cls(algorithm, sctx, acc)


def fold_in(fold: UploadFold | None, client: int, step: ClientStep, device: torch.device) -> ClientStep:
    """Fold ``step``'s upload into ``fold`` and drop it (nothing to do without a fold)."""
    if fold is not None:
        fold.offer(client, to_device(step.upload, device) if step.upload else {})
        step.folded, step.upload = bool(step.upload), {}
    return step


@contextmanager
def extended_training(extensions: list[RunExtension], ctx: ClientContext, phase: str) -> Iterator[list[list[float]]]:
    """While open, every extension's training hook runs around ``ctx``'s local work in
    ``phase`` ("train" or "personalize"; DP-SGD); yields the list they append what the
    work spent to."""
    spent: list[list[float]] = []
    with ExitStack() as stack:
        for ext in extensions:
            stack.enter_context(ext.training(ctx, phase, spent))
        yield spent


def observe_spent(extensions: list[RunExtension], run: RunState, client: int, entries: list[list[float]]) -> None:
    """Tell the extensions what ``client``'s step spent (the accountant composes it)."""
    for ext in extensions:
        ext.spent(run, client, entries)


class Callback:
    """Hooks for progress, metrics files, checkpoints. Algorithms never print."""

    def on_run_start(self, engine: Engine, state: RunState) -> None: ...

    def on_round_end(self, engine: Engine, state: RunState, record: dict[str, Any]) -> None: ...

    def on_run_end(self, engine: Engine, state: RunState) -> None: ...


class Engine:
    """The round loop (module docstring) over ``clients`` for ``algorithm`` on ``workspace``.
    ``store``: the clients' states; ``server_store``: the per-client state the server keeps;
    ``num_clients``/``num_samples``: for an engine that holds no data (Flower's server);
    ``extensions``: DP, attacks (copfl.extensions)."""

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
        # a server-side engine (e.g. Flower's) holds no data: it is told the number of clients
        self.num_clients = len(clients) if num_clients is None else num_clients
        if num_samples is None:
            num_samples = tuple(c.num_train for c in clients) if clients else algorithm.setup.num_samples
        self.num_samples = tuple(num_samples)
        self.init_params = workspace.params.clone()
        self.init_buffers = workspace.buffers.clone()
        self.participation = Participation(config, self.num_clients)
        self.accounting = Accounting(workspace)
        self.evaluation = Evaluation(self)
        self.timings: dict[str, float] = {"train": 0.0, "aggregate": 0.0, "evaluate": 0.0}
        self.round_timings: dict[str, Any] | None = None  # the last round's seconds by phase
        # evaluate the clients' validation data only (copfl tune: test data is never read;
        # a round's acc_mean is then the validation accuracy)
        self.validation_only = False
        self.extensions = list(extensions)
        for ext in self.extensions:
            ext.attach(self)
        # where clients' work runs: None, here one after another; a copfl.execution.ray_clients.RayExecutor
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
    def attackers(self) -> list[int]:
        """The clients the run's extensions name adversaries (``--attack``'s attackers),
        ascending: the results report them apart. Empty without any."""
        return sorted({c for ext in self.extensions for c in ext.adversaries})

    def processing_order(self, selected: list[int]) -> list[int]:
        """The order clients are trained in; results are independent of it (tests reverse it)."""
        return selected

    def context(self, client: int, round: int) -> ClientContext:
        return ClientContext(client, round, self.clients[client], self.ws, self.training, self.config.seed)

    @property
    def device(self) -> torch.device:
        return self.ws.device

    def client_state(self, client: int, fresh: bool = False) -> dict[str, Any]:
        """``client``'s stored state on this engine's device (a disk store or checkpoint loads
        to the CPU); a new client's initial state when it has none, or with ``fresh``."""
        state = None if fresh else to_device(self.store.get(client), self.device)
        if state is None:
            state = self.algorithm.init_client(client, self.init_params)
            if self.config.bn_stats == "local" and self.init_buffers.numel():
                state["bn"] = self.init_buffers.clone()
        return state

    def enter(self, client: int, message: Message, server_buffers: torch.Tensor, state: dict[str, Any] | None = None) -> tuple[dict[str, Any], Message]:
        """Before a client's step: its state (``state``, else its stored state) and the
        server's message on this engine's device, and the batch-norm statistics it runs with
        loaded (its own with ``bn_stats`` "local", else ``server_buffers``)."""
        if state is None:
            state = self.client_state(client)
        if self.init_buffers.numel():
            self.ws.buffers.copy_(state["bn"] if self.config.bn_stats == "local" else to_device(server_buffers, self.device))
        return state, to_device(message, self.device)

    def new_state(self) -> RunState:
        return RunState(0, self.algorithm.init_server(self.init_params), self.init_buffers.clone())

    def server_context(self, round: int, phase: str, participants: list[int] | tuple[int, ...], store: ClientStore | None = None) -> ServerContext:
        """The server's view in ``phase`` of ``round`` (``store``: the per-client server store
        to use instead of the run's own, e.g. a scratch view)."""
        return ServerContext(round, phase, tuple(participants), self.num_samples, self.config.seed, self.server_store if store is None else store)

    def message(self, run: RunState, client: int, sctx: ServerContext) -> Message:
        """What the server sends ``client`` in ``sctx``'s phase (built on demand)."""
        return self.algorithm.broadcast(sctx, run.server, client)

    # ------------------------------------------------------------------ a round
    def client_step(self, client: int, round: int, message: Message, server_buffers: torch.Tensor) -> ClientStep:
        """Client ``client``'s local work in ``round``: its stored state in, its new state
        stored, its upload (through the extensions' upload pipeline; with shared batch-norm
        statistics) out."""
        state, message = self.enter(client, message, server_buffers)
        ctx = self.context(client, round)
        exts = self.extensions
        # the state its update starts from, for an extension that reads it (a copy: updates may work in place)
        before = clone_tree(state) if any(ext.needs_before(client) for ext in exts) else None
        # a straggler (--stragglers) takes only --straggler-steps local mini-batch steps in all
        self.ws.step_budget = self.config.availability.straggler_steps if self.participation.straggles(round, client) else None
        try:
            with extended_training(exts, ctx, "train") as spent:
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
        flops = self.accounting.step_flops(ctx.data, res.stats, ctx.logs)
        return ClientStep(
            step.upload, bn, res.stats.loss_sum, res.stats.samples, self.clients[client].num_train, message_bytes(message), up, ctx.logs, step.spent, flops
        )

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
            observe_spent(self.extensions, run, c, steps[c].spent)
        run.round, run.server, run.server_buffers = r, server, server_buffers
        return record

    def personalize_step(
        self, client: int, round: int, message: Message, server_buffers: torch.Tensor
    ) -> tuple[int, dict[str, Any], list[list[float]]]:
        """The second client phase (after aggregation): the client's new state is stored;
        returns the bytes of the message it received, the client's logs and the privacy its
        work spent under the extensions' training hooks (DP-SGD: ``[[sigma, q, steps], ...]``)."""
        state, message = self.enter(client, message, server_buffers)
        ctx = self.context(client, round)
        with extended_training(self.extensions, ctx, "personalize") as spent:
            new = self.algorithm.personalize(ctx, message, state)  # type: ignore[misc]
        if self.init_buffers.numel() and self.config.bn_stats == "local":
            new["bn"] = self.ws.buffers.clone()
        self.store.put(client, new)
        return message_bytes(message), ctx.logs, spent

    def run_round(self, run: RunState) -> dict[str, Any]:
        r = run.round + 1
        t0 = time.perf_counter()
        inferred = self.ws.inference_samples
        for ext in self.extensions:
            ext.round_start(self, run)
        part = self.participation
        selected = part.round_clients(r)  # the round's selected clients that did not drop out
        sctx = self.server_context(r, "train", selected)
        fold = UploadFold.start(self.algorithm, self.config, run, sctx)  # uploads folded in as they arrive, never all held
        if self.executor is None:
            steps = {c: fold_in(fold, c, part.arrive(c, self.client_step(c, r, self.message(run, c, sctx), run.server_buffers)), self.device)
                     for c in self.processing_order(selected)}
        else:
            done = self.on_workers("train", run, r, sctx, selected)
            steps = {c: fold_in(fold, c, part.arrive(c, done[c]), self.device) for c in sorted(done)}
        t1 = time.perf_counter()
        record = self.server_step(run, steps, fold)
        if self.config.availability.active:
            part.count_availability(record, r, steps)
        t2 = time.perf_counter()
        returned = [c for c in selected if not steps[c].late]
        if self.algorithm.personalize is not None and returned:
            pctx = self.server_context(r, "personalize", returned)
            if self.executor is None:
                done = {c: self.personalize_step(c, r, self.message(run, c, pctx), run.server_buffers) for c in self.processing_order(returned)}
            else:
                done = self.on_workers("personalize", run, r, pctx, returned)
            record["bytes_down"] += sum(b for b, _, _ in done.values())
            add_client_logs(record, {c: done[c][1] for c in sorted(done)})
            for c in sorted(done):
                observe_spent(self.extensions, run, c, done[c][2])
        for ext in self.extensions:
            ext.round_trained(self, run, record)
        t3 = time.perf_counter()
        tuned = self.ws.grad_samples  # forward passes with autograd in the evaluation: fine-tuning, adaptation
        clients = unseen = None
        if part.is_eval_round(r):
            clients = self.evaluation.evaluate(run)
            t5 = time.perf_counter()
            unseen = self.evaluation.unseen(run)
            self.timings["newcomers"] = self.timings.get("newcomers", 0.0) + time.perf_counter() - t5
        t4 = time.perf_counter()
        # the round's other counted work (the server's own: end_round): every forward pass
        # without autograd (evaluations, validations of candidate models...) and the training
        # an evaluation does (fine-tuning, adaptation steps). Not on Flower, whose clients'
        # passes happen in other processes (docs/performance.md)
        record["eval_flops"] = self.accounting.flops_since(inferred, tuned, self.clients[0]) if self.clients else 0
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
        record.update(evaluation_figures(clients, unseen, self.attackers, len(self.participation.participating_clients)))
        for ext in self.extensions:
            ext.close_round(self, run, record)
        run.history.append(record)

    def on_workers(self, kind: str, run: RunState, round: int, sctx: ServerContext, clients: list[int]) -> dict[int, Any]:
        """``kind`` work ("train", "personalize", "evaluate") of ``clients`` on the executor's
        workers: each client's message and stored state sent, its result back."""
        return self.executor.map(self, kind, round, run.server_buffers, {c: (self.message(run, c, sctx), self.store.get(c)) for c in clients})

    # ------------------------------------------------------------------ the loop
    def run(self, callbacks: list[Callback] | None = None, state: RunState | None = None) -> RunState:
        """Run (or continue, from ``state``) up to ``config.rounds`` rounds; a round whose
        training loss breaks the config's :class:`DivergenceRule` ends the run
        (:class:`ExplodingLossError`) after its callbacks ran."""
        callbacks = callbacks or []
        run = state if state is not None else self.new_state()
        for cb in callbacks:
            cb.on_run_start(self, run)
        while run.round < self.config.rounds:
            record = self.run_round(run)
            for cb in callbacks:
                cb.on_round_end(self, run, record)
            self.config.divergence.check(run.history, record)
        self.sync_states()
        for cb in callbacks:
            cb.on_run_end(self, run)
        return run
