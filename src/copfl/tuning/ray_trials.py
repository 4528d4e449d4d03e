"""Tuning trials at once on Ray (``copfl tune --workers N``, also ``compare --tune`` and
``reproduce --tune`` with ``--workers N``).

Each of N Ray actors runs one trial at a time: its own engine on the run's federation (put in
Ray's object store once: workers on other machines need no copy of the data), one thread
share of the machine each (``--threads``, else cores / N). The driver keeps the study (its
storage, sampler and pruner) and runs the trials in **batches of N in lockstep**:

1. it asks the study for N trials, in trial order, each with the sampler seeded by its trial
   number (:meth:`copfl.tuning.tuner.Tuner.sampler`), so the batch's suggestions depend only on the
   trials finished before it;
2. every running trial of the batch trains one round; the driver then reports the rounds' validation
   accuracies to the study in trial order, asking the pruner after each, so a pruning decision
   sees exactly the earlier batches and the batch's lower-numbered trials up to this round;
3. a trial that finishes, diverges or is pruned is told to the study at once; the batch ends
   when all of its trials have, and the next is asked.

What stays deterministic: with the same seed and the same N, the same trials, values, pruning
decisions and ``best.json`` (byte-identical), whatever the machines' speeds (with ``--threads 1``
on every worker; a trial's own arithmetic depends on its thread count as any run's does). What
differs from ``--workers 1``: the trials of a batch are suggested without seeing each other, and
are pruned against their batch-mates' rounds so far, so a tune with N workers explores other
values than one with 1 (each is reproducible on its own). A batch waits for its slowest trial:
pruned trials leave their worker idle until the batch ends.

A worker that dies mid-trial is restarted by Ray; its trial is built again and its finished
rounds re-run silently (a run is deterministic, so they give the same records) before it goes on.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from copfl.execution.ray_clients import RETRIES, ensure_ray


class TrialWorker:
    """A Ray actor running one tuning trial at a time, round by round, on the federation it
    was given."""

    def __init__(self, threads: int) -> None:
        import torch

        torch.set_num_threads(threads)
        self.fed: Any = None
        self.fed_id: str | None = None
        self.engine: Any = None
        self.state: Any = None
        self.t0 = 0.0

    def pid(self) -> int:
        """This worker's process id (to watch or stop it)."""
        return os.getpid()

    def start(self, config: dict[str, Any], fed: list[Any], replay: int = 0) -> None:
        """Build the trial's engine (test data sealed) on the federation ``fed[0]`` (an object
        reference, fetched once per worker) and run its first ``replay`` rounds silently (a
        restarted worker catching up)."""
        import ray

        from copfl.execution.config import RunConfig
        from copfl.execution.experiment import build_engine
        from copfl.engine.sealing import seal_test_data

        self.close()
        if fed[0].hex() != self.fed_id:
            self.fed, self.fed_id = ray.get(fed[0]), fed[0].hex()
        cfg = RunConfig(**config).resolved()
        self.engine = build_engine(cfg, self.fed)
        seal_test_data(self.engine)
        self.state = self.engine.new_state()
        self.t0 = time.perf_counter()
        for _ in range(replay):
            self.step()

    def step(self) -> dict[str, Any]:
        """One round: its record's round and validation figures, and ``diverged`` (why) when
        its loss broke the divergence rule."""
        from copfl.engine.rounds import NonFiniteLossError

        try:
            record = self.engine.run_round(self.state)
        except NonFiniteLossError as e:  # no record: nothing to report
            return {"diverged": str(e)}
        out = {k: record[k] for k in ("round", "val_acc_mean", "val_loss_mean") if k in record}
        try:
            self.engine.config.divergence.check(self.state.history, record)
        except NonFiniteLossError as e:  # the round is reported first, as in a trial run in process
            out["diverged"] = str(e)
        return out

    def close(self) -> float:
        """Ends the trial; its seconds."""
        if self.engine is not None:
            self.engine.close()
            self.engine = None
        return round(time.perf_counter() - self.t0, 3)


def _workers(tuner: Any, n: int) -> tuple[list[Any], list[Any]]:
    """N trial workers, and the federation's object reference (in a list: Ray passes it as it
    is, and each worker fetches it once); the driver holds the reference while they run."""
    ray = ensure_ray(tuner.base.ray_address, n)
    threads = tuner.base.threads or max(1, (os.cpu_count() or 1) // n)
    cpus = threads if tuner.base.ray_address else 0  # on the local instance none: any N starts
    remote = ray.remote(TrialWorker).options(num_cpus=cpus, max_restarts=RETRIES, max_task_retries=0)
    return [remote.remote(threads) for _ in range(n)], [ray.put(tuner.fed)]


def run_concurrent_trials(tuner: Any, study: Any, algorithm: str, label: str, fixed: dict[str, Any], left: int,
                          done: Callable[[], list[Any]]) -> None:
    """Run ``left`` more trials of ``study`` on ``tuner.base.workers`` Ray actors (see the
    module's docstring)."""
    import ray

    from copfl.tuning.trial_order import trial_rank

    n = tuner.base.workers
    rounds = tuner.base.rounds
    workers, fed = _workers(tuner, n) if left > 0 else ([], [])
    try:
        while left > 0:
            if tuner.over_budget(study):
                tuner.log(f"{label}: its share of --budget ({tuner.budget:.0f} s of trials) is spent")
                break
            tuner.queue_back_off(study, algorithm, label)
            batch = []
            for w in workers[: min(n, left)]:
                study.sampler = tuner.sampler(label, trial_rank(study))
                trial = study.ask()
                cfg, _ = tuner.trial_config(algorithm, trial, fixed)
                config = {k: v for k, v in asdict(cfg).items() if k in type(cfg).__dataclass_fields__}
                batch.append({"trial": trial, "worker": w, "config": config, "rounds_done": 0, "history": [],
                              "reporter": tuner.reporter(trial, cfg, label)})
            ray.get([b["worker"].start.remote(b["config"], fed) for b in batch])
            running = list(batch)
            while running:
                replies = _step_all(running, fed)
                for b, reply in zip(list(running), replies):
                    state = _advance(b, reply, rounds)
                    if state is None:
                        continue
                    running.remove(b)
                    seconds = ray.get(b["worker"].close.remote())
                    _tell(study, b, state, reply, seconds)
                    if tuner.mlflow is not None:
                        _log_trial(tuner, b, state)
                    left -= 1
                    tuner.log_trial(label, len(done()), study.trials[b["trial"].number])
    finally:
        for w in workers:
            ray.kill(w)


def _step_all(running: list[dict[str, Any]], fed: list[Any]) -> list[dict[str, Any]]:
    """One round of every running trial, in trial order; a worker that died is restarted by
    Ray, its trial built again and its rounds so far re-run before this one."""
    import ray

    gone = (ray.exceptions.RayActorError, ray.exceptions.ActorUnavailableError)
    refs = [b["worker"].step.remote() for b in running]
    out = []
    for b, ref in zip(running, refs):
        for attempt in range(RETRIES + 1):
            try:
                out.append(ray.get(ref))
                break
            except gone:
                if attempt == RETRIES:
                    raise
                time.sleep(1.0)  # Ray restarts the actor meanwhile
                try:
                    ray.get(b["worker"].start.remote(b["config"], fed, b["rounds_done"]))
                except gone:
                    continue  # not back yet: the next attempt starts it again
                ref = b["worker"].step.remote()
    for b in running:
        b["rounds_done"] += 1
    return out


def _advance(b: dict[str, Any], reply: dict[str, Any], rounds: int) -> str | None:
    """Report one round of trial ``b``: None while it goes on, else how it ended
    ("diverged", "pruned" or "complete")."""
    import optuna

    if "round" in reply:
        if "val_acc_mean" in reply:
            b["history"].append((reply["round"], reply["val_acc_mean"], reply["val_loss_mean"]))
        try:
            b["reporter"].report(reply, rounds)
        except optuna.TrialPruned:
            return "pruned"
    if "diverged" in reply:
        return "diverged"
    return "complete" if reply["round"] >= rounds else None


def _tell(study: Any, b: dict[str, Any], how: str, reply: dict[str, Any], seconds: float) -> None:
    """The trial's end, as :meth:`copfl.tuning.tuner.Tuner.objective` records it for one in process."""
    import optuna

    trial, reporter = b["trial"], b["reporter"]
    trial.set_user_attr("seconds", seconds)
    if how == "diverged":
        trial.set_user_attr("diverged", reply["diverged"])
    if how != "complete":
        study.tell(trial, state=optuna.trial.TrialState.PRUNED)
        return
    study.tell(trial, reporter.finish(f"trial {trial.number}", b["rounds_done"]))


def _log_trial(tuner: Any, b: dict[str, Any], how: str) -> None:
    """With ``--mlflow``: the finished trial as a nested run of the tune's (its values, its
    rounds' validation figures), logged when it ends."""
    from copfl.results.tracking import start

    ml = tuner.mlflow
    start(ml, tuner.uri, f"trial {b['trial'].number}", nested=True)
    ml.log_params(b["trial"].params)
    for rnd, acc, loss in b["history"]:
        ml.log_metrics({"val_acc_mean": acc, "val_loss_mean": loss}, step=int(rnd))
    ml.set_tag("trial_state", "complete" if how == "complete" else "pruned")
    ml.end_run(status="FINISHED" if how == "complete" else "KILLED")
