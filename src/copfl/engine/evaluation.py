"""Evaluating the clients' personalized models (``engine.evaluation``).

After an evaluation round every evaluated client's personalized model
(:meth:`Algorithm.personalized`, or the algorithm's own :meth:`Algorithm.evaluate`) runs on the
client's test data, and on its validation data when it has some (with ``engine.validation_only``,
copfl tune's mode, on the validation data only: the test data is never read). Held-out clients
are evaluated as newcomers (:meth:`Evaluation.newcomer`). With ``--eval-batched``, clients that
share one model are run forward in joint batches (:meth:`Evaluation.evaluate_clients`).

An :class:`Evaluation` works through its engine (the clients' states, messages and contexts);
the engine's round loop calls :meth:`Evaluation.evaluate` and :meth:`Evaluation.unseen`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import torch

from copfl.algorithms.base import Algorithm, ClientContext, Message, ServerContext
from copfl.engine.figures import ClientMetrics
from copfl.engine.rounds import RunState, to_device
from copfl.core.store import ScratchStore
from copfl.core.train_hooks import EvalStats

# --eval-batched: clients are joined for evaluation only within blocks of this many consecutive
# evaluated clients, so the joint batches, and their last bits, do not depend on how many
# workers share the evaluation (each worker gets whole blocks)
EVAL_BLOCK = 32


class Evaluation:
    """The evaluation of ``engine``'s clients (a :class:`copfl.engine.loop.Engine`: its clients'
    states, messages and contexts; typed loosely, since the engine module imports this one)."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine

    def evaluate(self, run: RunState) -> list[ClientMetrics]:
        """The evaluated clients' (:meth:`Participation.evaluated_clients`) personalized models,
        each on its own test data (on the engine's workers when it has them)."""
        eng = self.engine
        sctx = self.context(run)
        clients = eng.participation.evaluated_clients(run.round)
        if eng.executor is None:
            return self.evaluate_clients(run.round, ((c, eng.message(run, c, sctx)) for c in clients), run.server_buffers)
        done = eng.on_workers("evaluate", run, run.round, sctx, clients)
        return [done[c] for c in clients]

    def context(self, run: RunState) -> ServerContext:
        """The server's view when the clients are evaluated after round ``run.round``."""
        return self.engine.server_context(run.round, "evaluate", self.engine.participation.round_clients(run.round) if run.round else [])

    def evaluate_client(self, client: int, round: int, message: Message, server_buffers: torch.Tensor) -> ClientMetrics:
        """Client ``client``'s personalized model on its own test data (and on its validation
        data when it has some)."""
        state, message = self.engine.enter(client, message, server_buffers)
        return self._metrics(self.client_context(client, round), message, state)

    def client_context(self, client: int, round: int) -> ClientContext:
        """Client ``client``'s context for its evaluation: with ``validation_only`` its
        validation data in place of its test data."""
        ctx = self.engine.context(client, round)
        if self.engine.validation_only:
            data = ctx.data
            if data.x_val is None or data.y_val is None:
                raise ValueError(f"client {client} has no validation data to evaluate (--val-fraction 0)")
            ctx.data = data.with_test(data.x_val, data.y_val)
        return ctx

    @property
    def batched(self) -> bool:
        """Whether :meth:`evaluate_clients` joins clients (``--eval-batched``, an algorithm
        evaluated through :meth:`Algorithm.evaluate`'s default, no per-client batch-norm
        statistics); else it evaluates each client alone."""
        eng = self.engine
        return bool(eng.config.eval_batched and type(eng.algorithm).evaluate is Algorithm.evaluate
                    and not (eng.init_buffers.numel() and eng.config.bn_stats == "local"))

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
        eng = self.engine
        ws = eng.ws
        if not self.batched:
            return [self.evaluate_client(c, round, m, server_buffers) for c, m in items]
        out: list[ClientMetrics] = []
        shared: Any = None  # the group's model as sent (kept referenced: its id cannot be reused)
        group: list[ClientContext] = []
        group_params: torch.Tensor | None = None

        def flush() -> None:
            if group:
                if group_params is not ws.params:
                    ws.load(group_params)
                sets = [_sets(ctx) for ctx in group]
                figures = iter(ws.evaluate_many([s for ss in sets for s in ss]))
                out.extend(self._client_metrics(ctx, [next(figures) for _ in ss]) for ctx, ss in zip(group, sets))
                group.clear()

        for i, (client, sent) in enumerate(items):
            if i % EVAL_BLOCK == 0:
                flush()
                shared = None
            state, message = eng.enter(client, sent, server_buffers)
            ctx = self.client_context(client, round)
            params = eng.algorithm.personalized(ctx, message, state)
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

    def _client_metrics(self, ctx: ClientContext, ev: list[EvalStats]) -> ClientMetrics:
        """A client's metrics from the figures of its :func:`_sets`."""
        n = ctx.data.num_train
        if self.engine.validation_only:
            return ClientMetrics(ctx.client, ev[0].accuracy, ev[0].loss, ev[0].samples, n, ev[0].accuracy, ev[0].loss, ev[0].samples)
        m = ClientMetrics(ctx.client, ev[0].accuracy, ev[0].loss, ev[0].samples, n)
        if len(ev) > 1:
            m.val_accuracy, m.val_loss, m.num_val = ev[1].accuracy, ev[1].loss, ev[1].samples
        return m

    def _metrics(self, ctx: ClientContext, message: Message, state: dict[str, Any], params: torch.Tensor | None = None) -> ClientMetrics:
        """``ctx``: from :meth:`client_context`; ``params``: the client's personalized model
        when already computed."""
        return self._client_metrics(ctx, evaluate_sets(self.engine.algorithm, ctx, message, state, _sets(ctx), params))

    def newcomer(self, run: RunState, client: int) -> ClientMetrics:
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
        eng = self.engine
        r, scratch = run.round + 1, ScratchStore(eng.server_store)  # it joins the coming round
        sctx = eng.server_context(r, "train", (client,), scratch)
        message = to_device(eng.algorithm.broadcast(sctx, run.server, client), eng.device)
        state, _ = eng.enter(client, {}, run.server_buffers, state=eng.client_state(client, fresh=True))
        ctx = eng.context(client, r)
        ctx.data = ctx.data.with_test(ctx.data.x_test[:0], ctx.data.y_test[:0])  # its local work cannot see test data
        res = eng.algorithm.client_update(ctx, message, state)
        new = res.state
        if eng.init_buffers.numel() and eng.config.bn_stats == "local":
            new["bn"] = eng.ws.buffers.clone()
        esctx = eng.server_context(run.round, "evaluate", eng.participation.round_clients(run.round) if run.round else [], scratch)
        emessage = to_device(eng.algorithm.broadcast(esctx, run.server, client), eng.device)
        eng.enter(client, {}, run.server_buffers, state=new)  # its batch-norm statistics (its own, or the server's) loaded
        return self._metrics(self.client_context(client, run.round), emessage, new)

    def unseen(self, run: RunState) -> list[ClientMetrics] | None:
        """Every held-out client as a newcomer (:meth:`newcomer`); None without any."""
        eng = self.engine
        if not eng.participation.unseen_clients or not eng.clients:
            return None
        return [self.newcomer(run, c) for c in eng.participation.unseen_clients]

    def personalized_models(self, run: RunState) -> dict[int, torch.Tensor] | None:
        """Each participating client's personalized model after round ``run.round``, as flat
        parameters on the CPU (client -> tensor): what its evaluation uses. None for an
        algorithm that evaluates without one model per client (its own ``evaluate``: a choice
        or a mixture of models)."""
        eng = self.engine
        if type(eng.algorithm).personalized is Algorithm.personalized:
            return None
        eng.sync_states()
        sctx = self.context(run)
        out = {}
        for c in eng.participation.participating_clients:
            state, message = eng.enter(c, eng.message(run, c, sctx), run.server_buffers)
            params = eng.algorithm.personalized(eng.context(c, run.round), message, state)
            out[c] = params.detach().to("cpu").clone()
        return out


def _sets(ctx: ClientContext) -> list[tuple[torch.Tensor, torch.Tensor]]:
    """What a client's evaluation (``ctx``: :meth:`Evaluation.client_context`) runs on: its
    test data, then its validation data when it has some (``validation_only``: the validation
    data, in the test data's place)."""
    data = ctx.data
    if data.x_val is not None and data.y_val is not None:
        return [(data.x_test, data.y_test), (data.x_val, data.y_val)]
    return [(data.x_test, data.y_test)]


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
