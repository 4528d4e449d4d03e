"""A run from one configuration: model, algorithm, engine and results folder.

The pieces live in their own modules: :mod:`copfl.execution.config` (:class:`RunConfig`, its defaults
and TOML form), :mod:`copfl.execution.federation` (the data side) and :mod:`copfl.engine.checkpoint`; their
names are re-exported here.
"""

from __future__ import annotations

import contextlib
import os
import platform
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import torch

import copfl
from copfl.algorithms.base import get_algorithm, make_config
from copfl.algorithms.base import LocalTraining, Setup
from copfl.execution import runfolder
from copfl.results.callbacks import Checkpointer, Progress, ResultsWriter
from copfl.engine.checkpoint import Checkpoint
from copfl.execution.config import (
    ResolvedConfig,
    RunConfig,
    require_resolved,
    to_toml,
)
from copfl.data.clients import ClientData, CropFlip
from copfl.engine.loop import Callback, Engine
from copfl.engine.rounds import EngineConfig, NonFiniteLossError, RunState
from copfl.io import defer_while_writing
from copfl.execution.federation import Federation, build_federation
from copfl.core.models import ModelSpec, build_model, forward_macs
from copfl.extensions.privacy import DPConfig, check_model
from copfl.extensions.assembly import run_extensions
from copfl.extensions.robust import combiner
from copfl.runtime import make_deterministic, resolve_device, set_threads
from copfl.seeding import torch_global_seed
from copfl.core.store import ClientStore, DiskStore, MemoryStore
from copfl.core.train_hooks import OptimizerConfig
from copfl.core.workspace import Workspace


def build_engine(cfg: RunConfig, fed: Federation, out: str | Path | None = None) -> Engine:
    """The engine of a run; with ``--store disk`` client state goes to ``<out>/client-state``
    (a temporary folder when there is no results folder)."""
    cfg = cfg.resolved()
    if cfg.augment and fed.dataset.kind != "image":
        raise ValueError(f"--augment (crop and flip) needs images; {cfg.dataset} holds {fed.dataset.kind}")
    augment = CropFlip(fed.mean, fed.std) if cfg.augment else None
    spec = ModelSpec(fed.dataset.input_shape, fed.dataset.num_classes)
    engine = make_engine(cfg, spec, fed.clients, tuple(c.num_train for c in fed.clients), augment, out)
    if cfg.workers > 1:  # clients' work on Ray actors (copfl.execution.ray_clients); 1: no Ray import
        from copfl.execution.ray_clients import RayExecutor

        # workers get each call's clients' data by reference; an algorithm pooling every
        # client's data (centralized) has its workers load the federation themselves
        pooled = getattr(get_algorithm(cfg.algorithm), "pooled_data", False)
        engine.executor = RayExecutor(cfg, cfg.workers, (build_engine, build_federation, make_engine), cfg.threads,
                                      None if pooled else (spec, engine.num_samples, augment))
    return engine


def make_engine(
    cfg: ResolvedConfig,
    spec: ModelSpec,
    clients: list[ClientData],
    num_samples: tuple[int, ...],
    augment: Any = None,
    out: str | Path | None = None,
) -> Engine:
    """An engine from the model's shape and the clients' sizes. ``clients`` may be empty (a
    server that holds no data, e.g. Flower's ServerApp): it then only aggregates."""
    require_resolved(cfg, "make_engine")
    if cfg.store not in ("memory", "disk"):
        raise ValueError(f"unknown store {cfg.store!r}; expected memory or disk")
    cls = get_algorithm(cfg.algorithm)
    with torch_global_seed(cfg.seed, "model-init"):
        model = build_model(cfg.model, spec, stem=cfg.resnet_stem, width=cfg.width)
    device = resolve_device(cfg.device)
    make_deterministic(device)
    ws = Workspace(model, augment=augment, device=device)
    clients = [c.to(device) for c in clients]
    training = LocalTraining(
        cfg.local_epochs,
        cfg.batch_size,
        OptimizerConfig(cfg.optimizer, cfg.lr, cfg.momentum, cfg.weight_decay),
    )
    pooled = None
    if getattr(cls, "pooled_data", False):  # an algorithm that trains on every client's data (centralized)
        if cfg.dp_noise > 0:
            raise ValueError(f"--dp-noise {cfg.dp_noise}: {cfg.algorithm} trains on every client's pooled data; per-client differential privacy does not apply")
        if cfg.attack is not None:
            raise ValueError(f"--attack {cfg.attack}: {cfg.algorithm} trains on every client's pooled data (a reference); it has no clients to attack")
        if clients:  # a data-free server (Flower's ServerApp) only aggregates
            from copfl.algorithms.centralized import pool_training_data

            pooled = pool_training_data(clients)
    setup = Setup(len(num_samples), ws, num_samples, training, cfg.bn_stats, pooled=pooled, combiner=combiner(cfg.robust_config()))
    algorithm = cls(make_config(cls, cfg.options or {}), setup)
    dp = DPConfig(cfg.dp_noise, cfg.dp_clip, cfg.dp_delta, cfg.dp_mode)
    check_model(dp, model, cfg.model, cfg.bn_stats)  # before the engine: the message names the --model
    engine_cfg = EngineConfig(cfg.rounds, cfg.client_fraction, cfg.eval_every, cfg.seed, cfg.bn_stats, cfg.eval_clients, cfg.holdout_clients, cfg.divergence_rule(), cfg.availability(), cfg.eval_batched)
    store: ClientStore = MemoryStore()
    server_store: ClientStore = MemoryStore()
    if cfg.store == "disk":
        root = Path(out) if out is not None else Path(tempfile.mkdtemp(prefix="copfl-clients-"))
        store, server_store = DiskStore(root / "client-state", device), DiskStore(root / "server-state", device)
    return Engine(
        algorithm, ws, clients, engine_cfg, training, store, num_clients=len(num_samples), server_store=server_store, num_samples=num_samples,
        extensions=run_extensions(dp, cfg.attack_config()),
    )


def apply_threads(cfg: ResolvedConfig, engine: Engine, fed: Federation) -> int:
    """Set torch's threads for this run (``cfg.threads``, or chosen from the model's work per
    batch); returns the number."""
    macs = forward_macs(engine.ws.model, fed.dataset.input_shape)
    return set_threads(cfg.threads, macs, cfg.batch_size)


def environment(threads: int | None = None) -> dict[str, str]:
    import matplotlib
    import sklearn

    return {
        "copfl": copfl.__version__,
        "python": sys.version.split()[0],
        "torch": torch.__version__,
        "numpy": np.__version__,
        "scikit-learn": sklearn.__version__,
        "matplotlib": matplotlib.__version__,
        "platform": platform.platform(),
        **({"threads": str(threads), "omp_wait_policy": os.environ.get("OMP_WAIT_POLICY", "(default)")} if threads else {}),
    }


def default_out(cfg: RunConfig) -> Path:
    return Path("runs") / f"{cfg.algorithm}-{cfg.dataset}-{time.strftime('%Y%m%d-%H%M%S')}"


# A folder holding one of these holds results (a run's or a comparison's).
RESULT_FILES = ("metrics.jsonl", "summary.json", "compare.json")


def has_results(folder: str | Path) -> bool:
    return any((Path(folder) / f).exists() for f in RESULT_FILES)


def fresh_out(folder: str | Path) -> Path:
    """``folder`` when it holds no results, else the first of ``folder-2``, ``folder-3``...
    that does not exist: results already there are never overwritten."""
    folder = Path(folder)
    if not has_results(folder):
        return folder
    k = 2
    while folder.with_name(f"{folder.name}-{k}").exists():
        k += 1
    return folder.with_name(f"{folder.name}-{k}")


def run_experiment(
    cfg: RunConfig,
    callbacks: list[Callback] | None = None,
    fed: Federation | None = None,
    resume: Checkpoint | None = None,
) -> tuple[Engine, RunState]:
    """Build and run (or continue from a checkpoint) one experiment; returns the engine and the
    run's state. With ``cfg.out`` set, its results folder is written as ``copfl run --out``
    writes it (config, metrics, summary, plots: :class:`~copfl.results.callbacks.ResultsWriter`, first
    of the callbacks); without it, results go only where ``callbacks`` put them."""
    cfg = cfg.resolved()
    fed = fed if fed is not None else build_federation(cfg)
    out = Path(cfg.out) if cfg.out else None
    with runfolder.hold(out) if out is not None else contextlib.nullcontext():
        engine = build_engine(cfg, fed, out)
        threads = apply_threads(cfg, engine, fed)
        cbs = list(callbacks or [])
        if out is not None:
            if resume is None:
                runfolder.prepare(out, cfg)
            ident = runfolder.run_id(cfg)
            cbs.insert(0, ResultsWriter(out, {**cfg.__dict__, "out": str(out)}, to_toml(cfg), environment(threads), run_id=ident))
        state = None
        if resume is not None:
            resume.restore(engine)
            state = resume.state
        try:
            return engine, engine.run(cbs, state)
        finally:
            engine.close()


class RunInterrupted(KeyboardInterrupt):
    """SIGTERM or SIGINT during a run: the run stops the way Ctrl-C stops it, writing its
    summary (status ``interrupted``) on the way out."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class StopRequest:
    """A stop asked for by a signal, to be carried out at the end of the current round (when
    the run writes checkpoints, so that the stop leaves one of that round)."""

    def __init__(self) -> None:
        self.signum: int | None = None


class StopAtRoundEnd(Callback):
    """Carries out a :class:`StopRequest` once the round's files are written: the round's
    checkpoint (unless the checkpointer just wrote it), then :class:`RunInterrupted`. A request
    that lands in the last round lets the run complete."""

    def __init__(self, request: StopRequest, checkpointer: Checkpointer) -> None:
        self.request = request
        self.checkpointer = checkpointer

    def on_round_end(self, engine: Engine, state: RunState, record: dict[str, Any]) -> None:
        signum = self.request.signum
        if signum is None or state.round >= engine.config.rounds:
            return
        if self.checkpointer.saved_round != state.round:
            self.checkpointer.save(engine, state)
        raise RunInterrupted(signum)


@contextmanager
def signal_interrupts(request: StopRequest | None = None) -> Iterator[None]:
    """While open (in the main thread), SIGTERM, and SIGINT where it still has Python's default
    handler, raise :class:`RunInterrupted`; a signal that lands while a file is being written
    raises once that file is complete (a raise inside torch.save's zip writer would leave a
    RuntimeError instead of an orderly interruption). With a ``request``, the first signal only
    records it (the run stops at the end of the round, :class:`StopAtRoundEnd`) and a second
    one raises at once."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: Any) -> None:
        if request is not None and request.signum is None:
            request.signum = signum
            print(
                f"copfl: {signal.Signals(signum).name}: stopping at the end of this round, after writing its checkpoint "
                "(send it again to stop at once)",
                file=sys.stderr,
                flush=True,
            )
            return

        def interrupt() -> None:
            raise RunInterrupted(signum)

        if not defer_while_writing(interrupt):  # a file being written is finished first
            interrupt()

    mine = [signal.SIGTERM]
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # leave a caller's own handler alone
        mine.append(signal.SIGINT)
    old = {sig: signal.signal(sig, handler) for sig in mine}
    try:
        yield
    finally:
        for sig, h in old.items():
            signal.signal(sig, h)


# Commands that continue their unfinished runs (copfl reproduce, compare/run --seeds) checkpoint a
# run at the end of a round once this many seconds have passed since its last checkpoint.
RUN_CHECKPOINT_SECONDS = 60.0


def run_in_folder(
    cfg: ResolvedConfig,
    fed: Federation,
    out: Path,
    label: str = "",
    resume: Checkpoint | None = None,
    progress: bool = True,
    plots: bool = True,
    overwrite: bool = False,
    callbacks: list[Callback] | None = None,
    checkpoint_seconds: float | None = None,
    documents: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One run with its results folder (config, metrics, summary, plots, checkpoints);
    returns the summary (``documents``, when given, gets what the folder's main files hold, in
    memory: :attr:`copfl.results.callbacks.ResultsWriter.documents`). The folder is held for the whole run (:func:`copfl.execution.runfolder.hold`:
    another process's run into it is refused). A new run replaces a run of the same identity
    that the folder holds, and refuses one of another identity unless ``overwrite``; every
    file of the old run is removed before the new one writes (:func:`copfl.execution.runfolder.prepare`).
    A ``resume`` must be a checkpoint of this very run (its identity). ``callbacks`` run after the results writer
    (a caller's progress or captures). A diverged run writes
    its summary (status "diverged") and re-raises; an interrupted one (SIGINT, SIGTERM) writes
    it with status "interrupted", naming the round a resume starts from, and re-raises. With
    ``checkpoint_every`` set, the first signal lets the round finish and checkpoints it.
    ``checkpoint_seconds`` (not None): a checkpoint also at the end of a round once that many seconds have
    passed since the last one (the first signal then lets the round finish too), for a command
    that continues its unfinished runs (:func:`copfl.execution.runfolder.unfinished_checkpoint`); without
    ``checkpoint_every``, a run that ends (completed or diverged) removes it."""
    require_resolved(cfg, "run_in_folder")
    ident = runfolder.run_id(cfg)
    with runfolder.hold(out):
        if resume is None:
            runfolder.prepare(out, cfg, overwrite)
        else:
            runfolder.prepare_resume(out, resume.run_id, ident)
        return _run(cfg, fed, out, ident, label, resume, progress, plots, callbacks or [], checkpoint_seconds, documents)


def _run(
    cfg: ResolvedConfig, fed: Federation, out: Path, ident: str, label: str, resume: Checkpoint | None, progress: bool, plots: bool,
    extra: list[Callback], checkpoint_seconds: float | None = None, documents: dict[str, Any] | None = None,
) -> dict[str, Any]:
    engine = build_engine(cfg, fed, out)
    writer = None
    try:
        threads = apply_threads(cfg, engine, fed)
        writer = ResultsWriter(out, {**cfg.__dict__, "out": str(out)}, to_toml(replace(cfg, out=str(out))), environment(threads), plot=plots, run_id=ident)
        prog = Progress(label)
        checkpointer = Checkpointer(out / "checkpoint.pt", cfg.checkpoint_every, run_id=ident, seconds=checkpoint_seconds)
        request = StopRequest() if cfg.checkpoint_every or checkpoint_seconds is not None else None
        transient = checkpoint_seconds is not None and not cfg.checkpoint_every  # its checkpoints serve only to continue it
        callbacks: list[Callback] = [writer, checkpointer]
        if progress:
            callbacks.insert(1, prog)
        if cfg.tensorboard:
            from copfl.results.tensorboard import make_logger

            tb = make_logger(out / "tensorboard", {**cfg.__dict__, "out": str(out)})
            if tb is not None:
                callbacks.append(tb)
        tracker = None
        if cfg.mlflow:
            from copfl.results.tracking import make_logger as make_tracker

            tracker = make_tracker(cfg.mlflow, out, {**cfg.__dict__, "out": str(out)}, label or cfg.algorithm)
            if tracker is not None:
                callbacks.append(tracker)
        callbacks.extend(extra)
        if request is not None:
            callbacks.append(StopAtRoundEnd(request, checkpointer))  # last: after every file of the round is written
        state = None
        if resume is not None:
            resume.restore(engine)
            state = resume.state
        if state is None:
            state = engine.new_state()
        resumable = resume.state.round if resume is not None else None
        try:
            with signal_interrupts(request):
                engine.run(callbacks, state)
        except NonFiniteLossError as e:
            if progress:
                prog.on_run_end(engine, state)
            writer.write_summary(engine, state, "diverged", str(e), diverged_client=e.client)
            if tracker is not None:
                tracker.close("FAILED")
            if transient:
                (out / "checkpoint.pt").unlink(missing_ok=True)
            raise
        except KeyboardInterrupt as e:
            if progress:
                prog.on_run_end(engine, state)
            saved = checkpointer.saved_round if checkpointer.saved_round is not None else resumable
            if saved is not None and checkpoint_seconds is not None:  # a command that continues its runs
                how = f"running the same command again continues it from round {saved} (its checkpoint)"
            elif saved is not None:
                how = f"`copfl run --resume {out}` continues from round {saved} (its checkpoint)"
            elif cfg.checkpoint_every:
                how = (f"no checkpoint was written yet (the first was due at round {cfg.checkpoint_every}; a single Ctrl-C or SIGTERM "
                       "finishes the round and writes one, a second one stops at once)")
            elif checkpoint_seconds is not None:
                how = (f"no checkpoint was written yet (the first is due at the end of a round {checkpoint_seconds:g} s into the run; "
                       "a single Ctrl-C or SIGTERM finishes the round and writes one, a second one stops at once)")
            else:
                how = "no checkpoint was written (--checkpoint-every K makes one)"
            why = e.args[0] if isinstance(e, RunInterrupted) else "SIGINT"
            writer.write_summary(engine, state, "interrupted", f"interrupted by {why} after round {state.completed_round}; {how}", checkpoint_round=saved)
            if tracker is not None:
                tracker.close("KILLED")
            raise
        if transient:
            (out / "checkpoint.pt").unlink(missing_ok=True)
        return writer.documents["summary"]
    finally:
        if documents is not None and writer is not None:  # a diverged or interrupted run's too
            documents.update(writer.documents)
        engine.close()  # its Ray workers, if any
