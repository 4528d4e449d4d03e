"""Parallel clients on Ray (``--workers N``, optional extra ``copfl[ray]``).

The driver keeps the run: the server, the client store (every client's state), aggregation in
the fixed client order, checkpoints. Each round it splits the selected clients over N Ray actors
(client c to worker c mod N; with ``--eval-batched`` an evaluation goes in whole blocks of
:data:`copfl.engine.loop.EVAL_BLOCK` clients, block b to worker b mod N) and sends each worker ONE call:
the call's work (kind, round, broadcast buffers, its clients' messages: one object put in Ray's
store), its clients' data (object references) and states. A worker runs the engine's own steps
(:meth:`Engine.client_step`, :meth:`Engine.personalize_step`, :meth:`Evaluation.evaluate_client`) on
a replica of the run's engine, built from the same resolved config, and returns each client's
result.

Client states stay where they were trained (with a memory store). A worker keeps each new state
under a version number and returns only the result (uploads, logs); the next call carries the
version in place of the state. The driver keeps, for each client, the last state it holds (its
store's, the *synced* one) and the log of the calls made since (their work objects, kept in
Ray's store). It pulls the newest states (:meth:`RayExecutor.sync`) when it needs them: before a
checkpoint, at the end of the run, for a personalized-model export, for a batched evaluation on
another worker, and when the log grows past :attr:`RayExecutor.log_bytes`. So a state crosses the
network about once a run, not twice a round (CO-PFL: 3.5 MB back per client and round instead of
3.5 + 12.2). A worker that lost states it was asked for (restarted after a crash, or new) says
so; the driver replays the logged calls from the synced states on it, then repeats the call.
With a disk store the states come back every call and are stored at once. An evaluation reads
the kept state and is never logged: an algorithm's evaluation must not change a client's state
in place (none does; :meth:`Algorithm.personalized` works on copies). So:

* results are identical to ``--workers 1`` (every random stream is named by seed, purpose,
  round and client, so a replayed call computes what the first did; a combination's exposure
  record is merged back in client order; checkpoints hold the synced states);
* a worker that dies mid-call is restarted by Ray and the call retried with the same inputs
  (``max_restarts`` / ``max_task_retries``); the restarted worker asks for the states it lost
  and is brought back to them by replay: the same results;
* ``--ray-address`` joins a Ray cluster (``ray start --head`` ...) unchanged.

``--workers 1`` (the default) never imports Ray.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from copfl.runtime import peak_rss_mib

RETRIES = 3  # a dead worker is restarted and its call retried this many times


class RayUnavailableError(ValueError):
    """Ray is not installed, or the cluster named by ``--ray-address`` cannot be reached."""


def import_ray() -> Any:
    try:
        import ray
    except ImportError as e:
        raise RayUnavailableError(
            "--workers N > 1 runs clients on Ray, which is not installed: pip install 'copfl[ray]' (or use --workers 1)"
        ) from e
    return ray


def ensure_ray(address: str | None, workers: int) -> Any:
    """Ray, connected: an existing connection, the cluster at ``address``, or a local one
    (with CPUs for at least ``workers`` workers)."""
    ray = import_ray()
    if ray.is_initialized():
        register_tensor_wire(ray)
        return ray
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    os.environ.setdefault("RAY_ACCEL_ENV_VAR_OVERRIDE_ON_ZERO", "0")  # no GPU-variable warning
    kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address:
        check_reachable(address)
    try:
        if address:
            ray.init(address=address, **kwargs)
        else:
            ray.init(num_cpus=max(os.cpu_count() or 1, workers), **kwargs)
    except Exception as e:  # ConnectionError, TimeoutError, RuntimeError: Ray's own words
        where = f"the Ray cluster at --ray-address {address}" if address else "a local Ray instance"
        raise RayUnavailableError(f"could not start or reach {where}: {type(e).__name__}: {e}") from e
    register_tensor_wire(ray)
    return ray


def register_tensor_wire(ray: Any) -> None:
    """In this process, tensors cross to and from Ray's other processes as numpy arrays (Ray's
    zero-copy, out-of-band path) where that is exact, instead of torch's pickling (a
    ``torch.save`` per storage): about 10x cheaper for a round's client states (120 MB of
    CO-PFL states pickle and load in 0.03 s instead of 0.2-0.4 s). Each end copies the bytes
    once, so the tensors are the same bit for bit and writable. The driver and every worker
    register it (:func:`ensure_ray`, :class:`ClientWorker`)."""
    import torch

    ray.util.register_serializer(torch.Tensor, serializer=tensor_to_wire, deserializer=tensor_from_wire)


def tensor_to_wire(t: Any) -> tuple[str, Any]:
    """A tensor for Ray: ``("numpy", array)`` for a dense CPU tensor without autograd whose
    dtype numpy has and that is the whole of its storage (not a view into another tensor's:
    pickling copies keep no storage sharing), else ``("pickle", bytes)`` of torch's own
    pickling."""
    import pickle

    import torch

    if (
        t.device.type == "cpu" and t.layout == torch.strided and not t.requires_grad and t.dtype in _numpy_dtypes()
        and t.is_contiguous() and t.storage_offset() == 0 and t.untyped_storage().nbytes() == t.numel() * t.element_size()
        and type(t) is torch.Tensor
    ):
        return "numpy", t.numpy()
    return "pickle", pickle.dumps(t, protocol=pickle.HIGHEST_PROTOCOL)


def tensor_from_wire(wire: tuple[str, Any]) -> Any:
    """The tensor of :func:`tensor_to_wire` (a writable copy of Ray's read-only array)."""
    import pickle

    import numpy as np
    import torch

    kind, value = wire
    if kind == "numpy":
        return torch.from_numpy(np.array(value, copy=True))
    return pickle.loads(value)


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """A ``host:port`` (or ``ray://host:port``) cluster address answers a TCP connection within
    ``timeout`` seconds (Ray itself would retry for minutes); ``auto`` and other forms pass."""
    import socket

    hostport = address.split("://", 1)[-1]
    host, sep, port = hostport.rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout):
            pass
    except OSError as e:
        raise RayUnavailableError(
            f"could not start or reach the Ray cluster at --ray-address {address}: nothing answers there ({e}); "
            "start a Ray head node first (docs/performance.md, 'A cluster, step by step') or leave --ray-address out for a local one"
        ) from None


def check_workers(cfg: Any) -> None:
    """Before any data is loaded: with ``--workers N > 1``, Ray is importable and the cluster
    (``--ray-address``, else a local instance) answers; a clear error otherwise."""
    if cfg.workers > 1:
        ensure_ray(cfg.ray_address, cfg.workers)


def worker_config(cfg: Any) -> Any:
    """The config a worker's engine replica is built from: the run's, computing the same, with
    nothing of its own to write (no folder, trackers or workers of its own)."""
    return replace(cfg, workers=1, ray_address=None, out=None, store="memory", tensorboard=False, mlflow=None, checkpoint_every=0)


def _tensor_bytes(obj: Any) -> int:
    """The bytes of the distinct tensors in ``obj`` (nested dicts, lists, tuples)."""
    import torch

    seen: dict[int, int] = {}
    todo = [obj]
    while todo:
        x = todo.pop()
        if isinstance(x, torch.Tensor):
            seen[id(x)] = x.numel() * x.element_size()
        elif isinstance(x, dict):
            todo.extend(x.values())
        elif isinstance(x, (list, tuple)):
            todo.extend(x)
    return sum(seen.values())


@functools.cache
def _numpy_dtypes() -> frozenset[Any]:
    import torch

    return frozenset({torch.float64, torch.float32, torch.float16, torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool})


class ClientWorker:
    """A Ray actor holding an engine replica, built from the config each call names (rebuilt
    when it changes: a pooled worker serves run after run, a restarted one rebuilds)."""

    def __init__(self, threads: int, builders: tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]) -> None:
        """``builders``: (build_engine, build_federation, make_engine), the functions of
        :mod:`copfl.execution.experiment` the replica is built with (given by the driver, so that this
        module does not import the one that imports it)."""
        import torch

        torch.set_num_threads(threads)
        import ray

        register_tensor_wire(ray)
        self.builders = builders
        self.key: str | None = None
        self.engine: Any = None
        # client -> (version, state): the states this worker's calls produced, kept for the
        # next call (the driver then sends a version number instead of the state)
        self.states: dict[int, tuple[int, Any]] = {}

    def pid(self) -> int:
        """This worker's process id (to watch or stop it)."""
        return os.getpid()

    def held_clients(self) -> int:
        """How many clients' data this worker's replica holds now (between calls: none, unless
        it loaded the federation itself)."""
        return 0 if self.engine is None else sum(c is not None for c in self.engine.clients)

    def kept_states(self) -> int:
        """How many clients' states this worker keeps for its next call."""
        return len(self.states)

    def _engine(self, key: str, config: dict[str, Any], skeleton: Any = None) -> Any:
        """The run's engine replica. With ``skeleton`` (the model's shape, every client's
        training size, the augmentation) it holds no data: each call brings its clients' data
        by reference (:meth:`RayExecutor.map`); without (an algorithm that pools every
        client's data) the worker builds the federation itself from the config."""
        if key != self.key:
            from copfl.execution.config import RunConfig

            build_engine, build_federation, make_engine = self.builders
            cfg = RunConfig(**config).resolved()  # plugins named by the config load here too
            self.engine = None  # the previous run's replica goes before the next is built
            if self.key is not None:  # another run's states (a restarted worker keeps what the driver just gave it: hold)
                self.states = {}
            if skeleton is None:
                self.engine = build_engine(cfg, build_federation(cfg))
            else:
                spec, num_samples, augment = skeleton
                self.engine = make_engine(cfg, spec, [], num_samples, augment)
                self.engine.clients = [None] * len(num_samples)  # filled per call with the call's clients
            self.key = key
        return self.engine

    def run(
        self, key: str, config: dict[str, Any], work: tuple[str, int, Any, bool, dict[int, Any]], items: list[tuple[int, Any, Any]],
        skeleton: Any = None, data: list[Any] | None = None, defer: bool = False,
    ) -> tuple[list[tuple[int, Any, Any, list[float], tuple[int, int]]], float, list[int]]:
        """``work``: (kind, round, the broadcast buffers, ``validation_only``, client -> message),
        the call's work as the driver put it in Ray's store (and logs it); ``items``: (client,
        stored state or None, versions), the clients to run, in order -> ((client, result, new
        state, the combiner's exposure shares recorded during the client's work, the samples
        its model ran forward without and with autograd), ...), this worker process's peak
        resident memory so far in MiB, and the clients whose state it was asked to have but has
        not (then it did no work: the driver brings it the states and calls again).
        ``versions``: None, or (the version of the client's state this worker holds and the
        driver sent instead of the state, or None when the state is sent; the version to keep
        the new state under). ``defer``: a new state kept under its version is not returned
        (the driver pulls it when it needs it: :meth:`pull`). ``validation_only``: the driver's
        engine evaluates validation data only (copfl tune): so does this one, with its test data
        sealed the same way. ``skeleton`` and ``data`` (a list holding the list of the items'
        clients' data as object references, in item order): the replica holds only this call's
        clients' data, fetched here and let go at the end of the call."""
        from copfl.engine.sealing import seal_test_data, sealed

        kind, round, server_buffers, validation_only, messages = work
        eng = self._engine(key, config, skeleton)
        missing = [c for c, _, v in items if v is not None and v[0] is not None and self.states.get(c, (None,))[0] != v[0]]
        if missing:  # a restarted worker, or one that never held them
            return [], peak_rss_mib(), missing
        fetched = []
        if data is not None:
            import ray

            fetched = ray.get(data[0])
            if validation_only:
                fetched = [replace(d, x_test=sealed(), y_test=sealed()) for d in fetched]
                eng.validation_only = True
            for (client, *_), d in zip(items, fetched):
                eng.clients[client] = d.to(eng.device)
        elif validation_only and not eng.validation_only:
            seal_test_data(eng)
        try:
            steps = [(c, messages[c], state, versions) for c, state, versions in items]
            return self._steps(eng, kind, round, server_buffers, steps, defer), peak_rss_mib(), []
        finally:
            for client, *_ in items[: len(fetched)]:
                eng.clients[client] = None

    def pull(self, wanted: list[tuple[int, int]]) -> tuple[list[tuple[int, Any]], list[int]]:
        """``wanted``: (client, version) -> the states this worker keeps under those versions, and
        the clients whose asked version it does not have (restarted: the driver replays)."""
        have = [(c, self.states[c][1]) for c, v in wanted if self.states.get(c, (None,))[0] == v]
        return have, [c for c, v in wanted if self.states.get(c, (None,))[0] != v]

    def clear(self) -> None:
        """Let go of the states kept (the run is over; the worker goes back to the pool)."""
        self.states = {}

    def hold(self, entries: list[tuple[int, int, Any]]) -> None:
        """``entries``: (client, version, state): keep these states (the driver's synced ones, to
        replay a lost worker's calls from)."""
        for client, version, state in entries:
            self.states[client] = (version, state)

    def _state(self, client: int, state: Any, versions: Any) -> Any:
        """The client's stored state: the one sent, or the one this worker holds when the
        driver sent its version instead."""
        return self.states[client][1] if versions is not None and versions[0] is not None else state

    def _steps(
        self, eng: Any, kind: str, round: int, server_buffers: Any, items: list[tuple[int, Any, Any, Any]], defer: bool = False,
    ) -> list[tuple[int, Any, Any, list[float], tuple[int, int]]]:
        from copfl.core.store import MemoryStore

        combiner = eng.algorithm.setup.combiner
        if kind == "evaluate" and eng.config.eval_batched:  # the call's clients in joint batches (Evaluation.evaluate_clients)
            eng.store = MemoryStore()
            for client, _, state, versions in items:
                state = self._state(client, state, versions)
                if state is not None:
                    eng.store.put(client, state)
            combiner.take_shares()
            inferred, tuned = eng.ws.inference_samples, eng.ws.grad_samples
            results = eng.evaluation.evaluate_clients(round, [(c, m) for c, m, *_ in items], server_buffers)
            counts = (eng.ws.inference_samples - inferred, eng.ws.grad_samples - tuned)  # the driver adds them up: all on the first client
            shares = combiner.take_shares()
            return [(c, r, None, shares if i == 0 else [], counts if i == 0 else (0, 0)) for i, ((c, *_), r) in enumerate(zip(items, results))]
        out = []
        for client, message, state, versions in items:
            state = self._state(client, state, versions)
            eng.store = MemoryStore()
            if state is not None:
                eng.store.put(client, state)
            combiner.take_shares()  # what an earlier call left is not this client's
            inferred, tuned = eng.ws.inference_samples, eng.ws.grad_samples
            if kind == "train":
                result = eng.client_step(client, round, message, server_buffers)
            elif kind == "personalize":
                result = eng.personalize_step(client, round, message, server_buffers)
            elif kind == "evaluate":
                result = eng.evaluation.evaluate_client(client, round, message, server_buffers)
            else:
                raise ValueError(f"unknown work {kind!r}")
            new_state = eng.store.get(client) if kind != "evaluate" else None
            if versions is not None and kind != "evaluate":
                self.states[client] = (versions[1], new_state)
                if defer:  # the driver pulls it when it needs it
                    new_state = None
            counts = (eng.ws.inference_samples - inferred, eng.ws.grad_samples - tuned)
            out.append((client, result, new_state, combiner.take_shares(), counts))
        return out


# idle workers by (count, threads, cluster address), reused by the process's next run when they
# still answer (Ray shut down and started again in one process leaves the pool's workers dead)
_POOL: dict[tuple[int, int, str | None], list[Any]] = {}


class RayExecutor:
    """Runs a round's client work on ``n`` Ray actors (see the module's docstring)."""

    def __init__(self, cfg: Any, n: int, builders: tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]],
                 threads: int | None = None, skeleton: Any = None) -> None:
        """``builders``: the workers' engine builders (:class:`ClientWorker`)."""
        import hashlib
        import json

        if n < 2:
            raise ValueError(f"a RayExecutor needs at least 2 workers, got {n}")
        self.n = n
        self.builders = builders
        self.threads = threads or max(1, (os.cpu_count() or 1) // n)
        self.address = cfg.ray_address
        self.ray = ensure_ray(cfg.ray_address, n)
        self.pool_key = (n, self.threads, cfg.ray_address)
        self.config = dict(worker_config(cfg).__dict__)
        self.key = hashlib.sha256(json.dumps(self.config, sort_keys=True, default=str).encode()).hexdigest()
        pooled = _POOL.pop(self.pool_key, None)
        self.workers = pooled if pooled and self._answer(pooled) else [self._new_worker() for _ in range(n)]
        self.peak_mib = [0.0] * n  # each worker process's peak resident memory, as its replies report it
        # (model shape, clients' sizes, augmentation): workers then hold no data but each
        # call's clients', sent as object references put in Ray's store once per client
        self.skeleton = skeleton
        self.refs: dict[int, Any] = {}
        # with a memory store, per client: the version of the newest state, which its worker
        # (c mod n) keeps; (version, object) of the synced state, the one the driver's store
        # holds; and the log of the calls since: (sequence number, the call's work object)
        self.remote: dict[int, int] = {}
        self.synced: dict[int, tuple[int, Any]] = {}
        self.log: dict[int, list[tuple[int, Any]]] = {}
        # logged work objects still needed: sequence number -> (bytes, clients that log it)
        self.logged: dict[int, tuple[int, set[int]]] = {}
        self.calls = 0  # work objects put so far (their sequence numbers)
        self.resent = 0  # clients whose states a restarted worker was brought back to
        self.replayed = 0  # logged calls run again for that
        self.pulled = 0  # states pulled back to the driver

    def _answer(self, workers: list[Any], timeout: float = 30.0) -> bool:
        """Whether pooled workers are alive in this Ray session (an earlier session's are not)."""
        try:
            self.ray.get([w.pid.remote() for w in workers], timeout=timeout)
            return True
        except Exception:  # Ray's: the actor is unknown to this cluster, dead, or does not answer
            return False

    def _new_worker(self) -> Any:
        # on a cluster each worker asks for its threads' CPUs (Ray places it); on the local
        # instance none, so that any number of workers starts whatever the instance was begun with
        cpus = self.threads if self.address else 0
        remote = self.ray.remote(ClientWorker).options(num_cpus=cpus, max_restarts=RETRIES, max_task_retries=RETRIES)
        return remote.remote(self.threads, self.builders)

    # the logged calls' work objects are kept up to this many bytes (in Ray's store, which
    # spills to disk past its size); past it, the clients of the oldest are synced
    log_bytes = 512 * 2**20

    def map(self, engine: Any, kind: str, round: int, server_buffers: Any, items: dict[int, tuple[Any, Any]]) -> dict[int, Any]:
        """``items``: client -> (message, stored state); returns client -> result, in ascending
        client order, after storing each trained client's new state (with a memory store: noting
        the version its worker keeps) and adding the exposure shares to the driver's combiner in
        that order."""
        from copfl.engine.evaluation import EVAL_BLOCK
        from copfl.core.store import MemoryStore

        keep = isinstance(engine.store, MemoryStore)  # a disk store's states are read back as new objects: no keeping
        blocks = kind == "evaluate" and engine.evaluation.batched  # whole blocks of clients evaluated together (Evaluation.evaluate_clients)
        order = sorted(items)
        where = {c: (i // EVAL_BLOCK) % self.n if blocks else c % self.n for i, c in enumerate(order)}
        if keep:
            self._forget_replaced(engine, order)
            away = [c for c in order if where[c] != c % self.n]
            if away:  # evaluated on a worker that does not keep their state: it is sent
                self.sync(engine, away)
                items = {c: (items[c][0], engine.store.get(c)) for c in order}
        batches: list[list[tuple[int, Any, Any]]] = [[] for _ in range(self.n)]
        for c in order:
            state = items[c][1]
            have = self.remote.get(c) if keep and where[c] == c % self.n else None
            batches[where[c]].append((c, None if have is not None else state, (have, self.remote.get(c, 0) + 1) if keep else None))
        works = {i: self._work(kind, round, server_buffers, engine.validation_only, {c: items[c][0] for c, *_ in b}) for i, b in enumerate(batches) if b}
        calls = {i: self._call(self.workers[i], works[i][0], b, engine, keep) for i, b in enumerate(batches) if b}
        replies = dict(zip(calls, self.ray.get(list(calls.values()))))
        for i in list(replies):
            for _ in range(RETRIES):
                if not replies[i][2]:
                    break
                self._restore(engine, i, replies[i][2])  # the worker lost them (restarted)
                replies[i] = self.ray.get(self._call(self.workers[i], works[i][0], batches[i], engine, keep))
            if replies[i][2]:
                raise RuntimeError(f"worker {i} lost the states of clients {replies[i][2]} again and again ({RETRIES} restores)")
        for i, (_, peak, _) in replies.items():
            self.peak_mib[i] = max(self.peak_mib[i], peak)
        done = {c: (i, result, state, shares, n) for i, (batch, _, _) in replies.items() for c, result, state, shares, n in batch}
        combiner = engine.algorithm.setup.combiner
        out = {}
        for c in sorted(done):
            i, result, state, shares, n = done[c]
            engine.ws.inference_samples += n[0]  # the worker's forward passes without / with autograd (eval_flops)
            engine.ws.grad_samples += n[1]
            if kind != "evaluate":
                if keep:  # the worker keeps the new state; the driver logs the call that made it
                    if c not in self.remote:
                        self.synced[c] = (0, items[c][1])
                    self.remote[c] = self.remote.get(c, 0) + 1
                    seq, size = works[i][1:]
                    self.log.setdefault(c, []).append((seq, works[i][0]))
                    self.logged.setdefault(seq, (size, set()))[1].add(c)
                else:
                    engine.store.put(c, state)
            combiner.add_shares(shares)
            out[c] = result
        if keep and kind != "evaluate":
            self._trim(engine)
        return out

    def sync(self, engine: Any, clients: Any = None) -> None:
        """Pull the newest states of ``clients`` (default: all) that the driver's store does not
        hold yet from the workers that keep them into the store."""
        asked = list(self.remote if clients is None else clients)
        self._forget_replaced(engine, asked)
        want = [c for c in asked if c in self.remote and self.remote[c] != self.synced[c][0]]
        if not want:
            return
        by_worker: dict[int, list[int]] = {}
        for c in sorted(want):
            by_worker.setdefault(c % self.n, []).append(c)
        for _ in range(RETRIES + 1):
            pulls = {i: self.workers[i].pull.remote([(c, self.remote[c]) for c in cs]) for i, cs in by_worker.items()}
            replies = dict(zip(pulls, self.ray.get(list(pulls.values()))))
            for i, (have, missing) in replies.items():
                for c, state in have:
                    engine.store.put(c, state)
                    self._drop_log(c)
                    self.synced[c] = (self.remote[c], state)
                    self.pulled += 1
                if missing:
                    self._restore(engine, i, missing)
            by_worker = {i: missing for i, (_, missing) in replies.items() if missing}
            if not by_worker:
                return
        raise RuntimeError(f"workers lost the states of clients {sorted(c for cs in by_worker.values() for c in cs)} again and again")

    def _restore(self, engine: Any, i: int, clients: list[int]) -> None:
        """Bring worker ``i`` (restarted: it lost what it kept) back to ``clients``' newest states:
        their synced states, then their logged calls run again in order."""
        self.resent += len(clients)
        worker = self.workers[i]
        pending = [worker.hold.remote([(c, *self.synced[c]) for c in clients if c in self.synced])]
        for c in clients:
            v0 = self.synced[c][0] if c in self.synced else 0
            for j, (_, work) in enumerate(self.log.get(c, [])):
                pending.append(self._call(worker, work, [(c, None, (v0 + j, v0 + j + 1))], engine, True))
                self.replayed += 1
        self.ray.get(pending)  # a replayed call that finds its states lost again (a second crash) reports them: the caller asks again

    def _work(self, kind: str, round: int, server_buffers: Any, validation_only: bool, messages: dict[int, Any]) -> tuple[Any, int, int]:
        """A call's work in Ray's store: (its reference, its sequence number, its tensors' bytes)."""
        self.calls += 1
        return self.ray.put((kind, round, server_buffers, validation_only, messages)), self.calls, _tensor_bytes((server_buffers, messages))

    def _call(self, worker: Any, work: Any, batch: list[tuple[int, Any, Any]], engine: Any, defer: bool) -> Any:
        data = None if self.skeleton is None else [[self._ref(engine, c) for c, *_ in batch]]
        return worker.run.remote(self.key, self.config, work, batch, self.skeleton, data, defer)

    def _trim(self, engine: Any) -> None:
        """Sync the clients of the oldest logged calls while the log holds more than
        :attr:`log_bytes`."""
        while self.logged and sum(size for size, _ in self.logged.values()) > self.log_bytes:
            self.sync(engine, set(self.logged[min(self.logged)][1]))

    def _drop_log(self, client: int) -> None:
        for seq, _ in self.log.pop(client, []):
            clients = self.logged[seq][1]
            clients.discard(client)
            if not clients:
                del self.logged[seq]

    def _forget_replaced(self, engine: Any, clients: Any) -> None:
        """Forget what is kept of each of ``clients`` whose state in the driver's store is no
        longer the synced one (the store was given another, e.g. a checkpoint restored): the
        store is the truth."""
        for c in clients:
            if c in self.synced and engine.store.get(c) is not self.synced[c][1]:
                self._forget(c)

    def _forget(self, client: int) -> None:
        """Nothing kept of ``client`` any more: its next call sends the store's state."""
        self._drop_log(client)
        self.remote.pop(client, None)
        self.synced.pop(client, None)

    def _ref(self, engine: Any, client: int) -> Any:
        """Client ``client``'s data in Ray's object store (put at its first call, on the CPU)."""
        if client not in self.refs:
            self.refs[client] = self.ray.put(engine.clients[client].to("cpu"))
        return self.refs[client]

    def close(self) -> None:
        """Give the workers back to the process's pool (the next run with as many reuses them)."""
        if self.workers:
            for w in self.workers:
                w.clear.remote()
            old = _POOL.pop(self.pool_key, None)
            for w in old or []:
                self.ray.kill(w)
            _POOL[self.pool_key] = self.workers
        self.workers = []
        self.refs = {}
        self.remote, self.synced, self.log, self.logged = {}, {}, {}, {}
