"""Per-round overhead of running a copfl algorithm on Flower's simulation engine, against
copfl's own engine, for the same run (same config, same results: the parity tests check it).

Three runs of the same config, one after the other in this process:

* ``copfl``: copfl's engine (``run_experiment``), torch limited to ``--threads`` threads;
* ``flower_1``: Flower's ``run_simulation`` with one Ray actor (clients one at a time, as
  copfl trains them), each actor with ``--threads`` torch threads;
* ``flower_2``: the same with two actors (two clients trained at once, one per core).

A timing callback in the ServerApp's process stamps every round's end. A round's time is the
time between two stamps, so it covers the broadcast, the clients' training, the uploads, the
aggregation and the evaluation of every client. The first round is left out of the medians
(Flower's actors load the data and build their engines then) and reported on its own, with
the start-up time (from the call to the first round's start: Ray, the SuperLink in memory,
node discovery). Prints one JSON object.

    python benchmarks/flower_overhead.py [--algorithm fedavg] [--dataset digits]
        [--data-dir DIR] [--clients 10] [--rounds 10] [--threads 1]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import torch

from copfl.engine.loop import Callback, Engine
from copfl.engine.rounds import RunState
from copfl.execution.config import RunConfig
from copfl.execution.experiment import run_experiment


class RoundClock(Callback):
    """Wall-clock stamps: the run's start and every round's end."""

    def __init__(self) -> None:
        self.start = 0.0
        self.ends: list[float] = []

    def on_run_start(self, engine: Engine, state: RunState) -> None:
        self.start = time.perf_counter()

    def on_round_end(self, engine: Engine, state: RunState, record: dict[str, Any]) -> None:
        self.ends.append(time.perf_counter())

    def rounds(self) -> list[float]:
        stamps = [self.start, *self.ends]
        return [b - a for a, b in zip(stamps, stamps[1:])]


def figures(clock: RoundClock, called: float, finished: float) -> dict[str, float]:
    per = clock.rounds()
    steady = per[1:] if len(per) > 1 else per
    return {
        "round_s": round(statistics.median(steady), 4),
        "first_round_s": round(per[0], 4),
        "startup_s": round(clock.start - called, 3),
        "total_s": round(finished - called, 3),
    }


def run_copfl(cfg: RunConfig) -> dict[str, float]:
    clock = RoundClock()
    t0 = time.perf_counter()
    _, state = run_experiment(cfg, [clock])
    t1 = time.perf_counter()
    return {**figures(clock, t0, t1), "acc_mean": state.history[-1]["acc_mean"]}


def run_flower(cfg: RunConfig, actors: int) -> dict[str, float]:
    from flwr.simulation import run_simulation

    from copfl.flower.apps import make_apps

    clock = RoundClock()
    server, client = make_apps(cfg, [clock])
    backend = {"client_resources": {"num_cpus": 1}, "init_args": {"num_cpus": actors, "include_dashboard": False}}
    t0 = time.perf_counter()
    run_simulation(server, client, num_supernodes=cfg.clients, backend_config=backend)  # type: ignore[arg-type]
    t1 = time.perf_counter()
    if len(clock.ends) != cfg.rounds:
        raise RuntimeError(f"Flower's run finished {len(clock.ends)} of {cfg.rounds} rounds; see its log above")
    last = json.loads((Path(cfg.out) / "metrics.jsonl").read_text().splitlines()[-1])  # type: ignore[arg-type]
    return {**figures(clock, t0, t1), "acc_mean": last["acc_mean"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--algorithm", default="fedavg")
    ap.add_argument("--dataset", default="digits")
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--clients", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--threads", type=int, default=1, help="torch threads per trainer (copfl's engine, each Flower actor)")
    args = ap.parse_args()
    if args.rounds < 2:
        ap.error(f"--rounds must be >= 2 (the first round is reported apart), got {args.rounds}")
    for k, v in {"FLWR_TELEMETRY_ENABLED": "0", "FLWR_DISABLE_UPDATE_CHECK": "1", "RAY_USAGE_STATS_ENABLED": "0"}.items():
        os.environ.setdefault(k, v)
    torch.set_num_threads(args.threads)
    with tempfile.TemporaryDirectory(prefix="copfl-flower-bench-") as tmp:

        def config(name: str) -> RunConfig:
            return RunConfig(
                algorithm=args.algorithm, dataset=args.dataset, data_dir=args.data_dir, clients=args.clients,
                rounds=args.rounds, threads=args.threads, eval_every=1, seed=0, out=str(Path(tmp) / name),
            ).resolved()  # fmt: skip

        cfg = config("copfl")
        res = {"copfl": run_copfl(cfg), "flower_1": run_flower(config("flower-1"), 1), "flower_2": run_flower(config("flower-2"), 2)}
    base = res["copfl"]["round_s"]
    out: dict[str, Any] = {
        "benchmark": "flower_overhead",
        "algorithm": cfg.algorithm,
        "dataset": cfg.dataset,
        "model": cfg.model,
        "clients": cfg.clients,
        "rounds": cfg.rounds,
        "threads": args.threads,
        "cores": os.cpu_count(),
        **res,
        "overhead_s_per_round_1_actor": round(res["flower_1"]["round_s"] - base, 4),
        "ratio_flower_1_actor": round(res["flower_1"]["round_s"] / base, 3),
        "ratio_flower_2_actors": round(res["flower_2"]["round_s"] / base, 3),
        "same_final_accuracy": res["copfl"]["acc_mean"] == res["flower_1"]["acc_mean"] == res["flower_2"]["acc_mean"],
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
