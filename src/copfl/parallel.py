"""Parallel clients on Ray (``--workers N``, optional extra ``copfl[ray]``).

The driver keeps the run: the server, the client store (every client's state), aggregation in
the fixed client order, checkpoints. Each round it splits the selected clients over N Ray actors
(client c to worker c mod N; with ``--eval-batched`` an evaluation goes in whole blocks of
:data:`copfl.engine.EVAL_BLOCK` clients, block b to worker b mod N) and sends each worker ONE call with its clients' messages, data (object
references) and states (a broadcast shared by every client is pickled once per worker); a worker
runs the engine's own steps (:meth:`Engine.client_step`, :meth:`Engine.personalize_step`,
:meth:`Engine.evaluate_client`) on a replica of the run's engine, built from the same resolved
config, and returns each client's result and new state, which the driver stores. The worker
also keeps the new states it returned (with a memory store): the next call then carries a
version number in place of a state the worker already holds, so a state crosses the network once
a round, not twice. A worker without the version asked (restarted, or new) says so and the
driver sends the states. So:

* results are identical to ``--workers 1`` (every random stream is named by seed, purpose,
  round and client; a combination's exposure record is merged back in client order; the driver
  still holds every state, for checkpoints);
* a worker that dies mid-call is restarted by Ray and the call retried with the same inputs
  (``max_restarts`` / ``max_task_retries``; the restarted worker asks for the states it lost):
  the same results;
* ``--ray-address`` joins a Ray cluster (``ray start --head`` ...) unchanged.

``--workers 1`` (the default) never imports Ray.
"""

from __future__ import annotations

import functools
import os
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


@functools.cache
def _numpy_dtypes() -> frozenset[Any]:
    import torch

    return frozenset({torch.float64, torch.float32, torch.float16, torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool})


class ClientWorker:
    """A Ray actor holding an engine replica, built from the config each call names (rebuilt
    when it changes: a pooled worker serves run after run, a restarted one rebuilds)."""

    def __init__(self, threads: int) -> None:
        import torch

        torch.set_num_threads(threads)
        import ray

        register_tensor_wire(ray)
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
            from copfl.config import RunConfig
            from copfl.experiment import build_engine, build_federation, make_engine

            cfg = RunConfig(**config).resolved()  # plugins named by the config load here too
            self.engine = None  # the previous run's replica goes before the next is built
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
        self, key: str, config: dict[str, Any], kind: str, round: int, server_buffers: Any, items: list[tuple[int, Any, Any, Any]],
        validation_only: bool = False, skeleton: Any = None, data: list[Any] | None = None,
    ) -> tuple[list[tuple[int, Any, Any, list[float], tuple[int, int]]], float, list[int]]:
        """``items``: (client, message, stored state or None, versions) -> ((client, result,
        new state, the combiner's exposure shares recorded during the client's work, the
        samples its model ran forward without and with autograd), ...), this worker process's
        peak resident memory so far in MiB, and the clients whose state it was asked to have
        but has not (then it did no work: the driver calls again with their states).
        ``versions``: None, or (the version of the client's state this worker holds and the
        driver sent instead of the state, or None when the state is sent; the version to keep
        the new state under). ``validation_only``: the driver's engine evaluates
        validation data only (copfl tune): so does this one, with its test data sealed the
        same way. ``skeleton`` and ``data`` (a list holding the list of the items' clients'
        data as object references, in item order): the replica holds only this call's
        clients' data, fetched here and let go at the end of the call."""
        from copfl.tune import seal_test_data, sealed

        eng = self._engine(key, config, skeleton)
        missing = [c for c, _, _, v in items if v is not None and v[0] is not None and self.states.get(c, (None,))[0] != v[0]]
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
            return self._steps(eng, kind, round, server_buffers, items), peak_rss_mib(), []
        finally:
            for client, *_ in items[: len(fetched)]:
                eng.clients[client] = None

    def _state(self, client: int, state: Any, versions: Any) -> Any:
        """The client's stored state: the one sent, or the one this worker holds when the
        driver sent its version instead."""
        return self.states[client][1] if versions is not None and versions[0] is not None else state

    def _steps(self, eng: Any, kind: str, round: int, server_buffers: Any, items: list[tuple[int, Any, Any, Any]]) -> list[tuple[int, Any, Any, list[float], tuple[int, int]]]:
        from copfl.store import MemoryStore

        combiner = eng.algorithm.setup.combiner
        if kind == "evaluate" and eng.config.eval_batched:  # the call's clients in joint batches (Engine.evaluate_clients)
            eng.store = MemoryStore()
            for client, _, state, versions in items:
                state = self._state(client, state, versions)
                if state is not None:
                    eng.store.put(client, state)
            combiner.take_shares()
            inferred, tuned = eng.ws.inference_samples, eng.ws.grad_samples
            results = eng.evaluate_clients(round, [(c, m) for c, m, *_ in items], server_buffers)
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
                result = eng.evaluate_client(client, round, message, server_buffers)
            else:
                raise ValueError(f"unknown work {kind!r}")
            new_state = eng.store.get(client) if kind != "evaluate" else None
            if versions is not None and kind != "evaluate":
                self.states[client] = (versions[1], new_state)
            counts = (eng.ws.inference_samples - inferred, eng.ws.grad_samples - tuned)
            out.append((client, result, new_state, combiner.take_shares(), counts))
        return out


# idle workers by (count, threads, cluster address), reused by the process's next run when they
# still answer (Ray shut down and started again in one process leaves the pool's workers dead)
_POOL: dict[tuple[int, int, str | None], list[Any]] = {}


class RayExecutor:
    """Runs a round's client work on ``n`` Ray actors (see the module's docstring)."""

    def __init__(self, cfg: Any, n: int, threads: int | None = None, skeleton: Any = None) -> None:
        import hashlib
        import json

        if n < 2:
            raise ValueError(f"a RayExecutor needs at least 2 workers, got {n}")
        self.n = n
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
        # with a memory store: client -> (version, the state object stored) of the state its
        # worker produced and keeps; sent again only when the store no longer holds that object
        self.held: dict[int, tuple[int, Any]] = {}
        self.resent = 0  # states sent again because their worker had lost them (restarted)

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
        return remote.remote(self.threads)

    def map(self, engine: Any, kind: str, round: int, server_buffers: Any, items: dict[int, tuple[Any, Any]]) -> dict[int, Any]:
        """``items``: client -> (message, stored state); returns client -> result, in ascending
        client order, after storing each trained client's new state in the driver's store and
        adding the exposure shares to the driver's combiner in that order."""
        from copfl.engine import EVAL_BLOCK
        from copfl.store import MemoryStore

        keep = isinstance(engine.store, MemoryStore)  # a disk store's states are read back as new objects: no caching
        batches: list[list[tuple[int, Any, Any, Any]]] = [[] for _ in range(self.n)]
        blocks = kind == "evaluate" and engine.config.eval_batched  # whole blocks of clients evaluated together (Engine.evaluate_clients)
        for i, c in enumerate(sorted(items)):
            message, state = items[c]
            version, obj = self.held.get(c, (0, None))
            w = (i // EVAL_BLOCK) % self.n if blocks else c % self.n
            have = version if keep and w == c % self.n and state is not None and state is obj else None  # worker c mod n holds it
            batches[w].append((c, message, None if have is not None else state, (have, version + 1) if keep else None))
        calls = {i: self._call(w, b, engine, kind, round, server_buffers) for i, (w, b) in enumerate(zip(self.workers, batches)) if b}
        replies = dict(zip(calls, self.ray.get(list(calls.values()))))
        for i, (_, _, missing) in list(replies.items()):
            if missing:  # the worker lost them (restarted): the same call with every state sent
                self.resent += len(missing)
                b = [(c, m, items[c][1], None if v is None else (None, v[1])) for c, m, _, v in batches[i]]
                replies[i] = self.ray.get(self._call(self.workers[i], b, engine, kind, round, server_buffers))
        for i, (_, peak, _) in replies.items():
            self.peak_mib[i] = max(self.peak_mib[i], peak)
        versions = {c: v for b in batches for c, _, _, v in b}
        done = {c: (result, state, shares, n) for batch, _, _ in replies.values() for c, result, state, shares, n in batch}
        combiner = engine.algorithm.setup.combiner
        out = {}
        for c in sorted(done):
            result, state, shares, n = done[c]
            engine.ws.inference_samples += n[0]  # the worker's forward passes without / with autograd (eval_flops)
            engine.ws.grad_samples += n[1]
            if kind != "evaluate":
                engine.store.put(c, state)
                if versions[c] is not None:
                    self.held[c] = (versions[c][1], state)
            combiner.add_shares(shares)
            out[c] = result
        return out

    def _call(self, worker: Any, batch: list[tuple[int, Any, Any, Any]], engine: Any, kind: str, round: int, server_buffers: Any) -> Any:
        data = None if self.skeleton is None else [[self._ref(engine, c) for c, *_ in batch]]
        return worker.run.remote(self.key, self.config, kind, round, server_buffers, batch, engine.validation_only, self.skeleton, data)

    def _ref(self, engine: Any, client: int) -> Any:
        """Client ``client``'s data in Ray's object store (put at its first call, on the CPU)."""
        if client not in self.refs:
            self.refs[client] = self.ray.put(engine.clients[client].to("cpu"))
        return self.refs[client]

    def close(self) -> None:
        """Give the workers back to the process's pool (the next run with as many reuses them)."""
        if self.workers:
            old = _POOL.pop(self.pool_key, None)
            for w in old or []:
                self.ray.kill(w)
            _POOL[self.pool_key] = self.workers
        self.workers = []
        self.refs = {}
        self.held = {}
